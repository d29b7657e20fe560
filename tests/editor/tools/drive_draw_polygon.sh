#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Drives the real editor with X input (run inside xvfb-run): click the village, pick its class
# (Ctrl+Shift+K), draw a square with the polygon tool (Ctrl+Shift+P, four clicks, Enter), save, undo,
# save, redo, save, quit; checks every saved file and keeps screenshots.
# usage: drive_draw_polygon.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: tests/data/editor/small_terrain...)
set -euo pipefail
editor=$1 checker=$2 scenario=$3 work=$4

fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in xdotool import python3; do
  command -v "$tool" > /dev/null || fail "$tool not found"
done

rm -rf "$work"
mkdir -p "$work"
file="$work/draw.sandtable.json"
cp "$scenario" "$file"
export XDG_CONFIG_HOME="$work/config" NO_AT_BRIDGE=1
"$editor" "$file" > "$work/editor.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2> /dev/null || true; cat "$work/editor.log" >&2' EXIT

xdotool search --sync --onlyvisible --name 'draw.sandtable.json' > /dev/null
sleep 1.5

shot() { import -window root "$work/$1.png"; }
# Fills over the canvas background (tests/editor/CMakeLists.txt): North Wood (144, 188, 139), Millville
# (187, 134, 116).
shot start
read -r warea wx wy <<< "$("$checker" --find "$work/start.png" 144,188,139,6)"
read -r varea vx vy <<< "$("$checker" --find "$work/start.png" 187,134,116,6)"
echo "wood: $warea px around ($wx, $wy); village: $varea px around ($vx, $vy)"
[ "$warea" -gt 2000 ] && [ "$varea" -gt 1000 ] || fail "the wood or the village is not on the screen"
# The wood's centre is (300250, 4400575), the village's (300700, 4400575): 450 m apart on one row.
[ $(( wy - vy )) -ge -2 ] && [ $(( wy - vy )) -le 2 ] || fail "wood and village centres not on one row"

# Screen position of a world point, from the two centres (pixels per metre k = (vx - wx) / 450).
to_screen() { # x y -> "sx sy"
  python3 -c "import sys; k=($vx-$wx)/450.0; print(round($wx+($1-300250)*k), round($wy-($2-4400575)*k))"
}

xdotool mousemove "$vx" "$vy" click 1
sleep 0.3
xdotool key ctrl+shift+k # the village's class becomes the current class
sleep 0.3
xdotool key ctrl+shift+p # the polygon tool
sleep 0.3
# A 100 x 200 m rectangle east of the village, 50 m or more from any feature (no snapping).
for corner in "300850 4400450" "300950 4400450" "300950 4400650" "300850 4400650"; do
  read -r sx sy <<< "$(to_screen $corner)"
  xdotool mousemove "$sx" "$sy"
  sleep 0.15
  xdotool click 1
  sleep 0.15
done
shot drawing
xdotool key Return
sleep 0.4
shot drawn
read -r varea2 _ _ <<< "$("$checker" --find "$work/drawn.png" 187,134,116,6)"
echo "village fill after drawing: $varea2 px (before $varea)"
# The new village is 100 x 200 m against Millville's 200 x 150 m: two thirds more village fill.
[ $(( varea2 * 100 )) -ge $(( varea * 150 )) ] || fail "the drawn polygon is not filled as a village"

wait_for_file_change() { # file, previous checksum
  for _ in $(seq 50); do
    [ "$(md5sum < "$1")" != "$2" ] && return 0
    sleep 0.1
  done
  fail "$1 was not saved"
}
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

before=$(md5sum < "$file")
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
check_polygon "$file" || fail "the drawn polygon was not saved"
cp "$file" "$work/saved-drawn.json"

before=$(md5sum < "$file")
xdotool key Escape # leave the tool, then undo
sleep 0.2
xdotool key ctrl+z
sleep 0.4
shot undone
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
grep -q '"village-2"' "$file" && fail "undo left village-2 in the saved file"
cmp -s <(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['terrain'])" "$file") \
  <(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['terrain'])" "$scenario") \
  || fail "after undo the terrain differs from the original"

before=$(md5sum < "$file")
xdotool key ctrl+y
sleep 0.4
shot redone
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
check_polygon "$file" || fail "redo did not bring the polygon back"

xdotool key ctrl+q
for _ in $(seq 50); do
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.1
done
kill -0 "$pid" 2> /dev/null && fail "the editor did not quit on Ctrl+Q with a saved document"
wait "$pid" || fail "the editor exited with $?"
trap - EXIT
echo "drew a village polygon, saved, undid, saved, redid, saved, quit"
