#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# File > New from map... as the editor runs it (--new-from-map: the menu item without its file dialogs),
# under Xvfb: a georeferenced GeoTIFF gives a scenario in its CRS, opened and drawn; a plain scan gives a
# scenario waiting for GCPs with the georeferencing workspace open; a file GDAL cannot read exits 1 and
# writes nothing. Usage: drive_new_from_map.sh EDITOR SANDTABLE RASTERS_DIR SCAN WORK_DIR
set -euo pipefail
editor=$1 sandtable=$2 rasters=$3 scan=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
export XDG_CONFIG_HOME="$work/config"

# GDAL's byte.tif: NAD27 / UTM zone 11N in metres, 20 x 20 pixels of 60 m from (440720, 3751320).
out=$("$editor" --new-from-map "$rasters/byte.tif" --new-output "$work/byte.sandtable.json" \
    --screenshot-window "$work/byte.png" --window-size 1200x800)
echo "$out"
grep -q "new from map: the raster is georeferenced" <<< "$out"
[ -s "$work/byte.png" ]
"$sandtable" scenario validate "$work/byte.sandtable.json"
grep -q '"crs": "EPSG:26711"' "$work/byte.sandtable.json"
grep -q '"extent": \[440720, 3750120, 441920, 3751320\]' "$work/byte.sandtable.json" \
    || grep -q '440720' "$work/byte.sandtable.json"

# A plain scan: no CRS yet, the georeferencing workspace opened for GCPs.
out=$("$editor" --new-from-map "$scan" --new-output "$work/scan.sandtable.json" \
    --screenshot-window "$work/scan.png" --window-size 1200x800)
echo "$out"
grep -q "new from map: the raster has no georeference" <<< "$out"
"$sandtable" scenario validate "$work/scan.sandtable.json"
grep -q '"crs": ""' "$work/scan.sandtable.json"

# Not a raster: exit 1, the error names the file, no scenario written.
printf 'plain text\n' > "$work/not-a-raster.tif"
if "$editor" --new-from-map "$work/not-a-raster.tif" --new-output "$work/bad.sandtable.json" \
    --screenshot-window "$work/bad.png" 2> "$work/bad.err"; then
    echo "FAIL: a file GDAL cannot read gave a scenario"; exit 1
fi
grep -q "not-a-raster.tif" "$work/bad.err"
[ ! -e "$work/bad.sandtable.json" ]
echo "new from map: georeferenced, plain scan and bad input as expected"
