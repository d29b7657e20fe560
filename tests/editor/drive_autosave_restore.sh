#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Never lose work, with the real editor under X (run inside xvfb-run): delete a wood, wait for the autosave
# (every second here), kill -9 the editor, start it again: it offers to restore (a dialog); Restore brings
# the unsaved deletion back as a modified document of the same file, Ctrl+S saves it, Ctrl+Q quits without
# asking, and no recovery copy is left behind. Then a second crash answered with --restore no: the copy
# is deleted and the file on disk is as saved.
# usage: drive_autosave_restore.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: small_terrain...)
set -euo pipefail
editor=$1 checker=$2 scenario=$3 work=$4

fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in xdotool import; do
  command -v "$tool" > /dev/null || fail "$tool not found (packaging/install-deps.sh installs xdotool and imagemagick)"
done

rm -rf "$work"
mkdir -p "$work"
file="$work/crash.sandtable.json"
cp "$scenario" "$file"
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" NO_AT_BRIDGE=1 SANDTABLE_AUTOSAVE_SECONDS=1
recovery="$work/state/sandtable/recovery"
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2> /dev/null || true; done' EXIT

woods() {
  import -window root "$work/$1.png"
  "$checker" --find "$work/$1.png" 144,188,139,6
}

"$editor" "$file" > "$work/editor1.log" 2>&1 &
pid=$!
pids+=("$pid")
xdotool search --sync --onlyvisible --name 'crash.sandtable.json' > /dev/null
sleep 1
read -r area x y <<< "$(woods start)"
[ "$area" -gt 5000 ] || fail "the wood is not on the screen ($area px)"
xdotool mousemove "$x" "$y" click 1
sleep 0.3
xdotool key Delete
sleep 0.3
xdotool search --onlyvisible --name '^\*crash.sandtable.json' > /dev/null || fail "the title does not show the document as modified"

copy="$recovery/recovery-$pid.sandtable.json"
for _ in $(seq 80); do
  [ -s "$copy" ] && break
  sleep 0.1
done
[ -s "$copy" ] || fail "no recovery copy at $copy after the edit"
grep -q '"woods-1"' "$copy" && fail "the recovery copy still holds the deleted woods-1"
grep -q "$file" "$copy.origin" || fail "the recovery copy does not name $file"
grep -q '"woods-1"' "$file" || fail "the file itself changed without a save"
echo "autosaved to $copy"

kill -9 "$pid"
wait "$pid" 2> /dev/null || true
[ -s "$copy" ] || fail "the recovery copy went with the process"

# Second start: the restore dialog ("sandtable"), answered with Return (Restore is the default).
"$editor" "$file" > "$work/editor2.log" 2>&1 &
pid=$!
pids+=("$pid")
dialog=$(timeout 20 xdotool search --sync --onlyvisible --name '^sandtable$' | head -1) || fail "no restore dialog"
sleep 0.5
import -window root "$work/restore-dialog.png"
xdotool windowactivate --sync "$dialog" 2> /dev/null || xdotool windowfocus "$dialog" || true
xdotool key Return
for _ in $(seq 50); do
  xdotool search --onlyvisible --name '^\*crash.sandtable.json' > /dev/null 2>&1 && break
  sleep 0.1
done
xdotool search --onlyvisible --name '^\*crash.sandtable.json' > /dev/null || fail "the restored document is not shown as modified"
[ -e "$copy" ] && fail "the restored copy was not removed"
sleep 0.5
read -r area2 _ _ <<< "$(woods restored)"
[ "$area2" -lt 100 ] || fail "the restored document still draws the deleted wood ($area2 px)"
main=$(xdotool search --onlyvisible --name 'crash.sandtable.json' | head -1)
xdotool windowactivate --sync "$main" 2> /dev/null || true
before=$(md5sum < "$file")
xdotool key ctrl+s
for _ in $(seq 50); do
  [ "$(md5sum < "$file")" != "$before" ] && break
  sleep 0.1
done
grep -q '"woods-1"' "$file" && fail "Ctrl+S after restoring did not save the deletion"
grep -q '"village-1"' "$file" || fail "the saved file lost village-1"
xdotool key ctrl+q
for _ in $(seq 50); do
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.1
done
kill -0 "$pid" 2> /dev/null && fail "the editor did not quit after saving the restored document"
[ -z "$(ls -A "$recovery")" ] || fail "recovery copies left after a clean quit: $(ls "$recovery")"

# A copy refused with --restore no is deleted and the file is not touched.
saved=$(md5sum < "$file")
mkdir -p "$recovery"
cp "$file" "$recovery/recovery-999999.sandtable.json"
echo "$file" > "$recovery/recovery-999999.sandtable.json.origin"
"$editor" --restore no --screenshot "$work/refused.png" --size 400x300 "$file" > "$work/editor3.log" 2>&1 \
  || fail "the editor failed with --restore no: $(cat "$work/editor3.log")"
[ -e "$recovery/recovery-999999.sandtable.json" ] && fail "--restore no left the copy"
[ "$(md5sum < "$file")" = "$saved" ] || fail "--restore no changed the file"
trap - EXIT
echo "autosave, kill -9, restore dialog, save, clean quit, refused copy deleted"
