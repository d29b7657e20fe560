#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Drives the real editor with X input (run inside xvfb-run): click a wood to select it, zoom about it with
# the wheel, delete it, Ctrl+S, Ctrl+Z, Ctrl+S, Ctrl+Q; checks the screen and the saved files.
# usage: drive_editor.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: tests/data/editor/small_terrain...)
editor=$1 checker=$2 scenario=$3 work=$4
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work"
file="$work/drive.sandtable.json"
cp "$scenario" "$file"
start_editor "$work/editor.log" "$file"
main=$(wait_for_window '^drive\.sandtable\.json - sandtable editor$')
focus_window "$main"

# The window is laid out and painted when two screenshots in a row find North Wood at the same place.
find_wood
area=$colour_area x=$colour_x y=$colour_y
echo "wood on screen: $area px around ($x, $y)"

xdotool mousemove "$x" "$y" click 1
xdotool click 4 # wheel up: zoom in by 1.25 about the cursor
# Zoom about the cursor: the wood stays where it was and its area grows by 1.25^2 = 1.5625.
zoomed() { [ $(($1 * 1000 / area)) -ge 1450 ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour zoomed "$wood" zoomed
area2=$colour_area x2=$colour_x y2=$colour_y
echo "after one wheel notch: $area2 px around ($x2, $y2)"
ratio=$((area2 * 1000 / area))
[ "$ratio" -le 1650 ] || fail "area ratio $ratio/1000, expected about 1562"
[ $(((x2 - x) * (x2 - x) + (y2 - y) * (y2 - y))) -le 16 ] || fail "the wood moved from ($x, $y) to ($x2, $y2)"

before=$(checksum "$file")
xdotool key Delete
gone() { [ "$1" -lt 100 ]; }
wait_for_colour deleted "$wood" gone
save_without_wood "$file" "$before" "the saved file still holds woods-1"

before=$(checksum "$file")
xdotool key ctrl+z
back() { [ "$1" -ge "$area2" ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour undone "$wood" back
area4=$colour_area
# The same wood again, a little more of its fill showing: Delete dropped the selection and its highlight
# (a 3 px outline round a wood of about 140 x 140 px covers 3 x 560 px, some 9 % of its fill: at most 10 %).
[ $((area4 * 100)) -le $((area2 * 110)) ] \
  || fail "undo drew $area4 px of wood, expected $area2 plus the selection highlight's share"
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
grep -q '"woods-1"' "$file" || fail "undo + save did not bring woods-1 back"
# Undo puts the wood back in its place: the same 8 features in the same order as the original.
order() { grep -o '"id": "[a-z]*-[0-9]*"' "$1" | grep -E 'hill|woods|village|marsh|stream|road|bridge' | tr '\n' ' '; }
[ "$(order "$file")" = "$(order "$scenario")" ] || fail "feature order differs: $(order "$file")"

xdotool key ctrl+q
wait_for_exit
echo "drove the editor: select, zoom about the cursor, delete, save, undo, save, quit"
