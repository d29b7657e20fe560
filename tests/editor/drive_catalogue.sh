#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 46 item 3: the catalogue from the editor's menus, without the CLI. File > Export to Catalogue (its
# action, Ctrl+E) stores the example into a new catalogue chosen in the file dialog; `sandtable catalogue list`
# then finds the package with its thumbnail, the one the CLI draws (app::catalogueThumbnail: 256 px wide).
# File > Browse Catalogue lists it (first row selected, the thumbnail shown); Return opens it: the package is
# extracted where the file dialog says and opened in the editor, its bytes the exported file's.
# usage: drive_catalogue.sh EDITOR CHECKER SANDTABLE SCENARIO WORKDIR
editor=$1 checker=$2 sandtable=$3 scenario=$4 work=$5
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work" python3
catalogue="$work/designs.gpkg"
id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["id"])' "$scenario")

start_editor "$work/export.log" "$scenario" --window-size 1600x1000 --run-action file.export_catalogue
chooser=$(wait_for_window '^Export to catalogue$')
focus_window "$chooser"
xdotool key ctrl+a
xdotool type "$catalogue"
xdotool key Return
wait_until "the catalogue to be written" test -s "$catalogue"
wait_for_no_window '^Exporting to the catalogue$'
check_editor
shot exported
xdotool key ctrl+q
wait_for_exit

listed=$("$sandtable" catalogue list --catalogue "$catalogue")
echo "$listed"
grep -q "^$id  r1 " <<< "$listed" || fail "sandtable catalogue list does not list $id revision 1"
"$sandtable" catalogue thumbnail "$id" --catalogue "$catalogue" -o "$work/thumbnail.png"
python3 - "$work/thumbnail.png" << 'EOF'
import struct, sys
png = open(sys.argv[1], "rb").read()
assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", png[16:24])
assert width == 256, width  # app::kCatalogueThumbnailWidth
print(f"thumbnail {width} x {height} px")
EOF

# The browser: the package listed and selected; Return (the list has the focus) opens it.
start_editor "$work/browse.log" "$scenario" --window-size 1600x1000 --run-action file.browse_catalogue
browser=$(wait_for_window '^Catalogue$')
focus_window "$browser"
shot browser
xdotool key Return
saveas=$(wait_for_window '^Open package: save it as$')
focus_window "$saveas"
xdotool key ctrl+a
xdotool type "$work/opened.sandtable.json"
xdotool key Return
wait_for_window 'opened.sandtable.json - ' > /dev/null
check_editor
shot opened
cmp "$scenario" "$work/opened.sandtable.json" || fail "the opened package's bytes are not the exported file's"
xdotool key ctrl+q
wait_for_exit
echo "catalogue: exported from the menu, listed by the CLI, browsed and opened in the editor"
