#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Georeference > Make terrain of place in the real editor (run inside xvfb-run): a VASSAL module whose board
# is the bundled Kriegsspiel scan, with a zone, imported by the CLI and georeferenced (three exact GCPs, 2 m
# a pixel); the editor makes the zone a wood of the zone's name through the scan's georeference, one undo
# step (Ctrl+Z gives the place back), then saved.
# usage: drive_scan_places.sh EDITOR CHECKER CLI SCAN WORKDIR   (SCAN: examples/kriegsspiel/kriegsspiel.png)
editor=$1 checker=$2 cli=$3 scan=$4 work=$5
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work" python3
mkdir -p "$work/module/images"
cp "$scan" "$work/module/images/board.png"
cat > "$work/module/buildFile.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion="3.7.5" description="" name="Kriegsspiel" nextPieceSlotId="1" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="board.png" name="Board" reversible="false">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$name$" name="Forst" path="200,100;700,100;700,400;200,400" useHighlight="false" useParentGrid="false"/>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>
XML
file="$work/game.sandtable.json"
"$cli" vassal import "$work/module" -o "$file" -q || fail "vassal import failed"
printf '#CRS: EPSG:32633\nmapX,mapY,pixelX,pixelY,enable\n400000,5500000,0,0,1\n404000,5500000,2000,0,1\n400000,5497000,0,-1500,1\n' \
  > "$work/board.points"
"$cli" map georef "$file" --gcps "$work/board.points" -q || fail "map georef failed"
json() { python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print($1)" "$file"; }

start_editor "$work/editor.log" "$file" --run-action georef.make_terrain
main=$(wait_for_window '^\*game\.sandtable\.json - sandtable editor$') # modified: the terrain made
focus_window "$main"
before=$(checksum "$file")
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
# The zone's pixels 200..700 x 100..400 at 2 m a pixel: 400400..401400 E, 5499200..5499800 N (600,000 m2).
[ "$(json "d['terrain'][0]['name'] + ' ' + d['terrain'][0]['class']")" = "Forst woods" ] \
  || fail "no wood named Forst: $(json "d['terrain']")"
[ "$(json "sorted({int(c[0]) for c in d['terrain'][0]['geometry']['coordinates'][0]})")" = "[400400, 401400]" ] \
  || fail "the wood's eastings are $(json "d['terrain'][0]['geometry']['coordinates'][0]")"
[ "$(json "sorted({int(c[1]) for c in d['terrain'][0]['geometry']['coordinates'][0]})")" = "[5499200, 5499800]" ] \
  || fail "the wood's northings are $(json "d['terrain'][0]['geometry']['coordinates'][0]")"
[ "$(json "len(d['map'].get('places', []))")" -eq 0 ] || fail "the place is still on the scan"
# One undo step: Ctrl+Z gives the place back and takes the wood away.
xdotool key ctrl+z
before=$(checksum "$file")
xdotool key ctrl+s
wait_for_file_change "$file" "$before"
[ "$(json "len(d['terrain'])")" -eq 0 ] || fail "Ctrl+Z left the wood"
[ "$(json "d['map']['places'][0]['name']")" = "Forst" ] || fail "Ctrl+Z did not give the place back"
check_editor
xdotool key ctrl+q
wait_for_exit
echo "Georeference > Make terrain of place made the zone Forst a wood of 600,000 m2 (one undo step)"
