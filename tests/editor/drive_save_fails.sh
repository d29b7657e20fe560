#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A save that cannot be written, in the real editor (run inside xvfb-run): delete a wood, then Ctrl+S while
# the scenario's folder has been replaced by a plain file (so not even root can create the temporary file
# beside the target). The editor shows an error dialog, keeps running, keeps the edit in memory (the wood
# stays deleted, the title still marks the document modified) and leaves the old file untouched; once the
# folder is back, Ctrl+S saves the edit.
# usage: drive_save_fails.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: tests/data/editor/small_terrain...)
editor=$1 checker=$2 scenario=$3 work=$4
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work"
folder="$work/scenarios"
mkdir -p "$folder"
file="$folder/save.sandtable.json"
cp "$scenario" "$file"
start_editor "$work/editor.log" "$file"
main=$(wait_for_window '^save\.sandtable\.json - sandtable editor$')
focus_window "$main"

find_wood
xdotool mousemove "$colour_x" "$colour_y" click 1
xdotool key Delete
gone() { [ "$1" -lt 100 ]; }
wait_for_colour deleted "$wood" gone

# The folder becomes a plain file: the save cannot create its temporary file there.
original=$(checksum "$file")
mv "$folder" "$work/scenarios.away"
echo "not a folder" > "$folder"
xdotool key ctrl+s
# The error dialog is titled "sandtable" (the main window is "sandtable editor"); it names the file.
dialog=$(wait_for_window '^sandtable$')
shot save-failed
focus_window "$dialog"
xdotool key Return
wait_for_no_window '^sandtable$'
check_editor
# Nothing lost: the old file as it was, the edit still in memory (wood still gone, title still modified).
rm "$folder"
mv "$work/scenarios.away" "$folder"
[ "$(checksum "$file")" = "$original" ] || fail "the failed save changed the file"
visible_window '^\*save\.sandtable\.json - sandtable editor$' > /dev/null \
  || fail "the title does not mark the document modified after the failed save"
wait_for_colour still-deleted "$wood" gone
refocus_after_dialog "$main"

# The folder is back: the same Ctrl+S now saves the edit.
save_without_wood "$file" "$original" "the saved file still holds woods-1"
xdotool key ctrl+q
wait_for_exit
echo "a failed save showed a dialog, kept the edit and the old file; the next save wrote the edit"
