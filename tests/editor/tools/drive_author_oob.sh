#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 46 item 2: an order of battle authored by hand in the real editor under Xvfb, without the CLI. From a
# scenario with terrain and no order of battle: Order of Battle > Add side twice (Union, Confederacy: each in the
# first default colour no side has, blue #2b4c9b then red #b22222), Add formation (Heth's Division: a division, as
# its name says, of the Confederacy), Add unit twice (Archer's Brigade 1200 men, Davis's Brigade 2300 men, typed in the dialog),
# the last unit placed on the map with Place Blocks (its block drawn in the Confederacy's red), saved with Ctrl+S;
# the saved file read back with python and every value checked; `sandtable scenario validate` reads it.
# usage: drive_author_oob.sh EDITOR CHECKER SANDTABLE SCENARIO WORKDIR
editor=$1 checker=$2 sandtable=$3 scenario=$4 work=$5
# shellcheck source-path=SCRIPTDIR/.. source=../drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/../drive_common.sh"

drive_setup "$work" python3
file="$work/authored.sandtable.json"
# The fixture's terrain without its sides, formations and units.
python3 - "$scenario" "$file" << 'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["sides"], d["formations"], d["units"] = [], [], []
json.dump(d, open(sys.argv[2], "w"), indent=2)
EOF
before=$(checksum "$file")

# answer TITLE_REGEX TEXT [KEYS...]: waits for the dialog, types TEXT in its first field, then each of KEYS
# (a key name, or "type:TEXT"), then Return, and waits for the dialog to close.
answer() {
  local title=$1 text=$2 dialog k
  shift 2
  dialog=$(wait_for_window "$title")
  focus_window "$dialog"
  xdotool key ctrl+a
  xdotool type "$text"
  for k in "$@"; do
    case $k in
      type:*) xdotool type "${k#type:}" ;;
      *) xdotool key "$k" ;;
    esac
  done
  xdotool key Return
  # That dialog gone (the next one may have the same title).
  dialog_gone() { ! xdotool search --onlyvisible --name "$title" 2> /dev/null | grep -qx "$dialog"; }
  wait_until "the dialog '$title' ($dialog) to close" dialog_gone
}

start_editor "$work/editor.log" "$file" --window-size 1600x1000 \
  --run-action oob.add_side --run-action oob.add_side --run-action oob.add_formation \
  --run-action oob.add_unit --run-action oob.add_unit
answer '^Add side$' "Union"
answer '^Add side$' "Confederacy"
# The new side is selected, so the formation goes to its top level.
answer '^Add formation to Confederacy$' "Heth's Division"
# The new formation is selected; then the first new unit: the second goes beside it, in the same formation.
answer "^Add unit to Heth's Division\$" "Archer's Brigade" Tab ctrl+a type:1200
answer "^Add unit to Heth's Division\$" "Davis's Brigade" Tab ctrl+a type:2300
main=$(wait_for_window 'authored.sandtable.json - ')
focus_window "$main"

# Davis's Brigade (selected) placed with Place Blocks: a click on the map; its block is drawn in the side's red.
red=178,34,34,10
wait_for_colour before_place "$red" true
area_before=$colour_area
xdotool key ctrl+shift+b
xdotool mousemove --window "$main" 800 500 click 1
bigger() { [ "$1" -gt $((area_before + 40)) ]; }
wait_for_colour placed "$red" bigger
echo "the Confederate block: $((colour_area - area_before)) px of red more on the screen, around ($colour_x, $colour_y)"
# The side swatches in the Order of battle pane: the Union's blue is on the screen.
blue=43,76,155,10
read -r blue_area _ _ <<< "$(find_colour swatches "$blue")"
[ "$blue_area" -gt 50 ] || fail "the Union's blue swatch is not on the screen ($blue_area px; see $work/swatches.png)"

xdotool key ctrl+s
wait_for_file_change "$file" "$before"
check_editor
xdotool key ctrl+q
wait_for_exit

python3 - "$file" << 'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
sides = [(s["id"], s["name"], s["colour"]) for s in d["sides"]]
assert sides == [("union", "Union", "#2b4c9b"), ("confederacy", "Confederacy", "#b22222")], sides
forms = [(f["id"], f["side"], f["name"], f["echelon"], f.get("parent")) for f in d["formations"]]
assert forms == [("confederacy-heth-s-division", "confederacy", "Heth's Division", "division", None)], forms
units = [(u["id"], u["formation"], u["name"], u["type"], u["quality"], u["strength"], "placement" in u) for u in d["units"]]
assert units == [
    ("confederacy-heth-s-division-archer-s-brigade", "confederacy-heth-s-division", "Archer's Brigade", "infantry", "regular", 1200, False),
    ("confederacy-heth-s-division-davis-s-brigade", "confederacy-heth-s-division", "Davis's Brigade", "infantry", "regular", 2300, True),
], units
print("authored order of battle read back:", sides, forms, units)
EOF
"$sandtable" oob tree "$file"
"$sandtable" scenario validate "$file" || true # an HQ-less division is the validator's finding, not the drive's
echo "order of battle authored in the editor: two sides in their colours, a formation, two units, one placed"
