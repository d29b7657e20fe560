#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# File > Import... in the real editor (run inside xvfb-run): a roster CSV picked in the file dialog is
# recognised by its content (the roster importer), its columns shown with the field each fills (issue 46 item 2:
# unit_name offered as name, which `oob import` needs --map for) and taken with Return, its units added as one undo step
# (Ctrl+Z takes them away), then saved (the new formation has its HQ: no finding, so no findings dialog); a GeoJSON named .txt is recognised as
# vector data, its class asked for (the importer's options: the second, "a field holds the class", then the
# field it suggests, "class").
# usage: drive_file_import.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: tests/data/editor/small_terrain...)
editor=$1 checker=$2 scenario=$3 work=$4
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work" python3
file="$work/game.sandtable.json"
cp "$scenario" "$file"
cat > "$work/roster.csv" <<'CSV'
id,unit_name,type,formation,side
b-hq2,Blue Second HQ,hq,blue-2,blue
b-10,10th Blue Foot,infantry,blue-2,blue
b-11,Blue Horse,cavalry,blue-2,blue
CSV
cat > "$work/woods.txt" <<'JSON'
{"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "EPSG:32618"}}, "features": [
 {"type": "Feature", "properties": {"class": "woods"}, "geometry": {"type": "Polygon",
  "coordinates": [[[300600, 4400100], [300800, 4400100], [300800, 4400200], [300600, 4400100]]]}}]}
JSON
count() { python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))[sys.argv[2]]))' "$file" "$1"; }
units_before=$(count units)
terrain_before=$(count terrain)

pick_file() { # pick_file PATH: types PATH into the open file dialog
    local chooser
    chooser=$(wait_for_window '^Import$')
    focus_window "$chooser"
    xdotool key ctrl+l
    xdotool type "$1"
    xdotool key Return
}
start_editor "$work/editor.log" "$file" --run-action file.import
pick_file "$work/roster.csv"
wait_for_no_window '^Import$'
columns=$(wait_for_window '^Import order of battle: columns$')
focus_window "$columns"
shot columns
xdotool key Return
wait_for_no_window '^Import order of battle: columns$'
main=$(wait_for_window '^\*game\.sandtable\.json - sandtable editor$') # modified: the import applied
refocus_after_dialog "$main" # (the X focus alone, after a modal dialog, lets GTK drop Ctrl+S: one run in a loaded clean clone)
before=$(checksum "$file")
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
[ "$(count units)" -eq $((units_before + 3)) ] || fail "the roster import saved $(count units) units, expected $((units_before + 3))"
grep -q '"name": "10th Blue Foot"' "$file" || fail "the unit_name column was not taken as the units' names"
# One undo step: Ctrl+Z removes the three units (and the new formation); saved again, the units are as before.
xdotool key ctrl+z
before=$(checksum "$file")
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
[ "$(count units)" -eq "$units_before" ] || fail "one Ctrl+Z left $(count units) units, expected $units_before"

# A GeoJSON named .txt: recognised by its content; the class from the field "class".
xdotool key ctrl+i
pick_file "$work/woods.txt"
how=$(wait_for_window '^vector$')
focus_window "$how"
xdotool key Down Return
# The field question has the same title: wait for a window of that title other than the choice.
other_dialog() { local w; w=$(visible_window '^vector$') && [ "$w" != "$how" ]; }
wait_until "the field question" other_dialog
field=$(visible_window '^vector$')
focus_window "$field"
xdotool key Return   # the default field name, "class"
wait_for_no_window '^vector$'
refocus_after_dialog "$main"
before=$(checksum "$file")
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
[ "$(count terrain)" -eq $((terrain_before + 1)) ] || fail "the GeoJSON import saved $(count terrain) features, expected $((terrain_before + 1))"
check_editor
xdotool key ctrl+q
wait_for_exit
echo "File > Import... added 3 units from a roster (one undo step) and 1 woods from a GeoJSON named .txt"
