#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Never lose work, with the real editor under X (run inside xvfb-run): delete a wood, wait for the autosave
# (every second here), kill -9 the editor, start it again: it offers to restore (a dialog); Restore brings
# the unsaved deletion back as a modified document of the same file, Ctrl+S saves it, Ctrl+Q quits without
# asking, and no recovery copy is left behind. Then a second crash answered with --restore no: the copy
# is deleted and the file on disk is as saved.
# usage: drive_autosave_restore.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: small_terrain...)
editor=$1 checker=$2 scenario=$3 work=$4
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work"
file="$work/crash.sandtable.json"
cp "$scenario" "$file"
recovery="$work/state/sandtable/recovery"

start_editor "$work/editor1.log" --autosave-seconds 1 "$file"
main=$(wait_for_window '^crash\.sandtable\.json - sandtable editor$')
focus_window "$main"
find_wood
xdotool mousemove "$colour_x" "$colour_y" click 1
xdotool key Delete
wait_for_window '^\*crash\.sandtable\.json' > /dev/null

copy="$recovery/recovery-$editor_pid.sandtable.json"
copy_written() { [ -s "$copy" ] && [ -s "$copy.origin" ]; }
wait_until "the recovery copy $copy" copy_written
grep -q '"woods-1"' "$copy" && fail "the recovery copy still holds the deleted woods-1"
grep -qF "$file" "$copy.origin" || fail "the recovery copy does not name $file"
grep -q '"woods-1"' "$file" || fail "the file itself changed without a save"
echo "autosaved to $copy"

kill -9 "$editor_pid"
wait "$editor_pid" 2> /dev/null || true
editor_pid=""
[ -s "$copy" ] || fail "the recovery copy went with the process"

# Second start: the restore dialog ("sandtable"), answered with Return (Restore is the default).
start_editor "$work/editor2.log" --autosave-seconds 1 "$file"
dialog=$(wait_for_window '^sandtable$')
shot restore-dialog
focus_window "$dialog"
xdotool key Return
main=$(wait_for_window '^\*crash\.sandtable\.json - sandtable editor$')
refocus_after_dialog "$main"
[ -e "$copy" ] && fail "the restored copy was not removed"
gone() { [ "$1" -lt 100 ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour restored "$wood" gone
save_without_wood "$file" "$(checksum "$file")" "Ctrl+S after restoring did not save the deletion"
xdotool key ctrl+q
wait_for_exit
[ -z "$(ls -A "$recovery")" ] || fail "recovery copies left after a clean quit: $(ls "$recovery")"

# A copy refused with --restore no is deleted and the file is not touched.
saved=$(checksum "$file")
cp "$file" "$recovery/recovery-999999.sandtable.json"
echo "$file" > "$recovery/recovery-999999.sandtable.json.origin"
"$editor" --restore no --screenshot "$work/refused.png" --size 400x300 "$file" > "$work/editor3.log" 2>&1 \
  || fail "the editor failed with --restore no: $(cat "$work/editor3.log")"
[ -e "$recovery/recovery-999999.sandtable.json" ] && fail "--restore no left the copy"
[ "$(checksum "$file")" = "$saved" ] || fail "--restore no changed the file"
echo "autosave, kill -9, restore dialog, save, clean quit, refused copy deleted"
