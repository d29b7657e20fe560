#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Drives the real editor with X input (run inside xvfb-run): click the village, pick its class
# (Ctrl+Shift+K), draw a rectangle with the polygon tool (Ctrl+Shift+P, four clicks, Enter), save, undo,
# save, redo, save, quit; checks every saved file and keeps screenshots.
# usage: drive_draw_polygon.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: tests/data/editor/small_terrain...)
editor=$1 checker=$2 scenario=$3 work=$4
# shellcheck source-path=SCRIPTDIR source=../drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/../drive_common.sh"

drive_setup "$work" python3
file="$work/draw.sandtable.json"
cp "$scenario" "$file"
start_editor "$work/editor.log" "$file"
main=$(wait_for_window '^draw\.sandtable\.json - sandtable editor$')
focus_window "$main"

# Millville's fill over the canvas background (tests/editor/CMakeLists.txt): (151, 102, 89); North Wood's
# is drive_common.sh's $wood.
village=151,102,89,6
wait_for_colour start "$wood" stable
read -r varea vx vy <<< "$("$checker" --find "$work/start.png" "$village")"
warea=$colour_area wx=$colour_x wy=$colour_y
echo "wood: $warea px around ($wx, $wy); village: $varea px around ($vx, $vy)"
[ "$warea" -gt 2000 ] && [ "$varea" -gt 1000 ] || fail "the wood or the village is not on the screen"
# The wood's centre is (300250, 4400575), the village's (300700, 4400575): 450 m apart on one row.
[ $((wy - vy)) -ge -2 ] && [ $((wy - vy)) -le 2 ] || fail "wood and village centres not on one row"

# Screen position of a world point, from the two centres (pixels per metre k = (vx - wx) / 450).
to_screen() { # x y -> "sx sy"
  python3 -c "import sys; k=($vx-$wx)/450.0; print(round($wx+($1-300250)*k), round($wy-($2-4400575)*k))"
}

xdotool mousemove "$vx" "$vy" click 1
xdotool key ctrl+shift+k # the village's class becomes the current class
xdotool key ctrl+shift+p # the polygon tool
# A 100 x 200 m rectangle east of the village, 50 m or more from any feature (no snapping). The clicks are
# far apart, so no two of them make a double click.
for corner in "300850 4400450" "300950 4400450" "300950 4400650" "300850 4400650"; do
  read -r sx sy <<< "$(to_screen $corner)"
  xdotool mousemove "$sx" "$sy" click 1
done
xdotool key Return
# The new village is 100 x 200 m against Millville's 200 x 150 m: two thirds more village fill.
drawn() { [ $(($1 * 100)) -ge $((varea * 150)) ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour drawn "$village" drawn
echo "village fill after drawing: $colour_area px (before $varea)"
varea2=$colour_area

# The saved polygon: class, vertex count and corners within 2 screen pixels of where they were clicked.
check_polygon() { # file -> exit 0 when village-2 is the drawn rectangle
  python3 - "$1" "$vx" "$wx" << 'PY'
import json, sys
d = json.load(open(sys.argv[1]))
k = (int(sys.argv[2]) - int(sys.argv[3])) / 450.0
f = [t for t in d["terrain"] if t["id"] == "village-2"]
if not f:
    sys.exit("no village-2 in the saved file")
f = f[0]
if f["class"] != "village":
    sys.exit("village-2 has class %s" % f["class"])
g = f["geometry"]
ring = g["coordinates"][0]
want = [(300850, 4400450), (300950, 4400450), (300950, 4400650), (300850, 4400650), (300850, 4400450)]
if g["type"] != "Polygon" or len(ring) != 5:
    sys.exit("village-2 is a %s of %d points: %s" % (g["type"], len(ring), ring))
for (x, y), (wxx, wyy) in zip(ring, want):
    if abs(x - wxx) > 2.0 / k or abs(y - wyy) > 2.0 / k:
        sys.exit("vertex (%.1f, %.1f) is not at (%d, %d)" % (x, y, wxx, wyy))
print("village-2: %s" % ring)
PY
}
terrain() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['terrain'])" "$1"; }

before=$(checksum "$file")
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
check_polygon "$file" || fail "the drawn polygon was not saved"
cp "$file" "$work/saved-drawn.json"

before=$(checksum "$file")
xdotool key Escape # leave the tool, then undo
xdotool key ctrl+z
undone() { [ $(($1 * 100)) -le $((varea * 105)) ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour undone "$village" undone
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
grep -q '"village-2"' "$file" && fail "undo left village-2 in the saved file"
[ "$(terrain "$file")" = "$(terrain "$scenario")" ] || fail "after undo the terrain differs from the original"

before=$(checksum "$file")
xdotool key ctrl+y
redone() { [ $(($1 * 100)) -ge $((varea * 150)) ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour redone "$village" redone
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
check_polygon "$file" || fail "redo did not bring the polygon back"

xdotool key ctrl+q
wait_for_exit
echo "drew a village polygon ($varea2 px of village fill), saved, undid, saved, redid, saved, quit"
