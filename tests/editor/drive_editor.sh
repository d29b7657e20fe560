#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Drives the real editor with X input (run inside xvfb-run): click a wood to select it, zoom about it with
# the wheel, delete it, Ctrl+S, Ctrl+Z, Ctrl+S, Ctrl+Q; checks the screen and the saved files.
# usage: drive_editor.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: tests/data/editor/small_terrain...)
set -euo pipefail
editor=$1 checker=$2 scenario=$3 work=$4

fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in xdotool import; do
  command -v "$tool" > /dev/null || fail "$tool not found (packaging/install-deps.sh installs xdotool and imagemagick)"
done

rm -rf "$work"
mkdir -p "$work"
file="$work/drive.sandtable.json"
cp "$scenario" "$file"
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" NO_AT_BRIDGE=1
"$editor" "$file" > "$work/editor.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2> /dev/null || true' EXIT

xdotool search --sync --onlyvisible --name 'drive.sandtable.json' > /dev/null
sleep 1

# North Wood's fill over the canvas background (see CMakeLists.txt): (144, 188, 139).
woods() {
  import -window root "$work/$1.png"
  "$checker" --find "$work/$1.png" 144,188,139,6
}
wait_for_file_change() { # file, previous checksum
  for _ in $(seq 50); do
    [ "$(md5sum < "$1")" != "$2" ] && return 0
    sleep 0.1
  done
  fail "$1 was not saved"
}

read -r area x y <<< "$(woods start)"
echo "wood on screen: $area px around ($x, $y)"
[ "$area" -gt 5000 ] || fail "the wood is not on the screen ($area px)"

xdotool mousemove "$x" "$y" click 1
sleep 0.3
xdotool click 4 # wheel up: zoom in by 1.25 about the cursor
sleep 0.5
read -r area2 x2 y2 <<< "$(woods zoomed)"
echo "after one wheel notch: $area2 px around ($x2, $y2)"
# Zoom about the cursor: the wood stays where it was and its area grows by 1.25^2 = 1.5625.
ratio=$(( area2 * 1000 / area ))
[ "$ratio" -ge 1450 ] && [ "$ratio" -le 1650 ] || fail "area ratio $ratio/1000, expected about 1562"
[ $(( (x2 - x) * (x2 - x) + (y2 - y) * (y2 - y) )) -le 16 ] || fail "the wood moved from ($x, $y) to ($x2, $y2)"

before=$(md5sum < "$file")
xdotool key Delete
sleep 0.3
read -r area3 _ _ <<< "$(woods deleted)"
[ "$area3" -lt 100 ] || fail "the wood is still drawn after Delete ($area3 px)"
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
grep -q '"woods-1"' "$file" && fail "the saved file still holds woods-1"
grep -q '"village-1"' "$file" || fail "the saved file lost village-1"

before=$(md5sum < "$file")
xdotool key ctrl+z
sleep 0.3
read -r area4 _ _ <<< "$(woods undone)"
# The same wood again, a little more of its fill showing: Delete dropped the selection and its highlight.
[ "$area4" -ge "$area2" ] && [ $(( area4 * 100 )) -le $(( area2 * 105 )) ] \
  || fail "undo drew $area4 px of wood, expected $area2 plus the selection highlight's share"
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
grep -q '"woods-1"' "$file" || fail "undo + save did not bring woods-1 back"
# Undo puts the wood back in its place: the same 8 features in the same order as the original.
order() { grep -o '"id": "[a-z]*-[0-9]*"' "$1" | grep -E 'hill|woods|village|marsh|stream|road|bridge' | tr '\n' ' '; }
[ "$(order "$file")" = "$(order "$scenario")" ] || fail "feature order differs: $(order "$file")"

xdotool key ctrl+q
for _ in $(seq 50); do
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.1
done
kill -0 "$pid" 2> /dev/null && fail "the editor did not quit on Ctrl+Q with a saved document"
wait "$pid" || fail "the editor exited with $?"
trap - EXIT
echo "drove the editor: select, zoom about the cursor, delete, save, undo, save, quit"
