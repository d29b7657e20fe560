#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Georeferencing a plain scan as a QGIS user does (issue 46 item 1), in the real editor under Xvfb, a window of
# 1600 x 1000 (client area 1600 x 911 under the menu, tool and status bars):
# a scenario made by New from map from the Gettysburg survey scan (no CRS yet), opened, the workspace shown and
# Georeference > Add reference layer... with a DEM
# (the Terrarium tiles of the same ground as a GDAL VRT in Web Mercator, drawn as hillshade), then nine GCP pairs,
# each a click on the scan canvas and a click on the map canvas at the published control points' pixel and
# longitude/latitude; the fit is checked against a least-squares fit worked out here. A tenth pair clicked on the
# ninth's map point refuses the fit (two GCPs at one map position); the table's worst row (its leave-one-out
# residual) is clicked and deleted with Delete: it must be the tenth. Warp: the warped scan is drawn and fitted.
# The saved scenario's CRS, extent, GCPs and warped file are checked.
# usage: drive_georef_canvas.sh EDITOR CHECKER SCAN POINTS DEM_DIR WORKDIR
#   SCAN: gettysburg_cope_survey_field_base.jpg, POINTS: its .points (9 GCPs, EPSG:4326), DEM_DIR: the z14 tiles
editor=$1 checker=$2 scan=$3 points=$4 dem=$5 work=$6
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work" python3 gdaltransform
# A command that fails outside a check says where (set -e would end the drive without a word).
trap 'fail "line $LINENO: \"$BASH_COMMAND\" exited with $?"' ERR
export SANDTABLE_EDITOR_VIEW_REPORT="$work/views.txt"
file="$work/plain.sandtable.json"

# The reference layer: the 21 Terrarium tiles (zoom 14, x 4675-4677, y 6212-6218) as one VRT in EPSG:3857, heights
# decoded as R*256 + G + B/256 - 32768 by GDAL's "sum" pixel function over three scaled sources.
python3 - "$dem" "$work/dem.vrt" << 'PY'
import sys
d, out = sys.argv[1], sys.argv[2]
R = 20037508.342789244
T = 2 * R / 2 ** 14
x0, x1, y0, y1 = 4675, 4677, 6212, 6218
def sources(band, ratio, offset):
    return "\n".join(
        f'<ComplexSource><SourceFilename relativeToVRT="0">{d}/t_14_{x}_{y}.png</SourceFilename><SourceBand>{band}</SourceBand>'
        f'<SrcRect xOff="0" yOff="0" xSize="256" ySize="256"/><DstRect xOff="{(x - x0) * 256}" yOff="{(y - y0) * 256}" '
        f'xSize="256" ySize="256"/><ScaleOffset>{offset}</ScaleOffset><ScaleRatio>{ratio}</ScaleRatio></ComplexSource>'
        for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
open(out, "w").write(f'''<VRTDataset rasterXSize="{(x1 - x0 + 1) * 256}" rasterYSize="{(y1 - y0 + 1) * 256}">
<SRS>EPSG:3857</SRS><GeoTransform>{-R + x0 * T!r}, {T / 256!r}, 0, {R - y0 * T!r}, 0, {-T / 256!r}</GeoTransform>
<VRTRasterBand dataType="Float32" band="1" subClass="VRTDerivedRasterBand"><PixelFunctionType>sum</PixelFunctionType>
{sources(1, 256, -32768)}
{sources(2, 1, 0)}
{sources(3, 1 / 256, 0)}
</VRTRasterBand></VRTDataset>''')
PY

# The published control points: lon lat pixel line (the .points file's pixelY is minus the line).
mapfile -t gcps < <(awk -F, '/^-?[0-9]/ { printf "%s %s %s %s\n", $1, $2, $3, -$4 }' "$points")
[ "${#gcps[@]}" -eq 9 ] || fail "expected 9 control points in $points, read ${#gcps[@]}"

# Screen position of a world point on a canvas of the view report: NAME X Y W H A B C D E F CRS.
view_line() { grep "^$1 " "$work/views.txt" 2> /dev/null; }
screen_of() { # screen_of CANVAS WX WY -> "sx sy"
  local line
  line=$(view_line "$1") || fail "no view reported for the $1 canvas"
  python3 -c "
import sys
n, x, y, w, h, a, b, c, d, e, f, crs = sys.argv[1].split()
wx, wy = float(sys.argv[2]), float(sys.argv[3])
sx, sy = float(a) * wx + float(c) * wy + float(e), float(b) * wx + float(d) * wy + float(f)
if not (0 <= sx < int(w) and 0 <= sy < int(h)):
    sys.exit('world (%s, %s) is off the %s canvas: (%.0f, %.0f) of %sx%s' % (sys.argv[2], sys.argv[3], n, sx, sy, w, h))
print(int(x) + round(sx), int(y) + round(sy))" "$line" "$2" "$3"
}
map_crs() { view_line map | awk '{ print $12 }'; }
lonlat_to_map() { # lonlat_to_map LON LAT -> "x y" in the map canvas's CRS
  echo "$1 $2" | gdaltransform -s_srs EPSG:4326 -t_srs "$(map_crs)" -output_xy
}
json() { python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print($1)" "$file"; }
save() {
  local before
  before=$(checksum "$file")
  xdotool key ctrl+s
  wait_for_file_change "$file" "$before"
}

# The scenario of a plain scan, as File > New from map makes it (its dialog-free twin; the menu item is driven by
# editor_new_from_map): no CRS, no extent, the scan waiting for GCPs.
"$editor" --new-from-map "$scan" --new-output "$file" --screenshot-window "$work/new.png" --window-size 1600x911 \
  > "$work/new.log" 2>&1 || fail "New from map failed: $(cat "$work/new.log")"
[ "$(json "d['crs']")" = "" ] || fail "the plain scan's scenario has a CRS: $(json "d['crs']")"
start_editor "$work/editor.log" "$file" --window-size 1600x911 --run-action georef.show_pane --run-action georef.add_reference
chooser=$(wait_for_window '^Add reference layer$')
focus_window "$chooser"
xdotool key ctrl+l
xdotool type "$work/dem.vrt"
xdotool key Return
wait_for_no_window '^Add reference layer$'
main=$(wait_for_window '^\*plain\.sandtable\.json - sandtable editor$')
focus_window "$main"
frame_h=$(xdotool getwindowgeometry "$main" | awk '/Geometry/ { split($2, a, "x"); print a[2] }')
[ "$frame_h" -le 1000 ] || fail "the editor's window is $frame_h px high, more than the 1000 of the screen"

# The plain scan has no working CRS: the map is viewed in the DEM's frame, the UTM zone of its centre (a Web
# Mercator is no working CRS), 18 N, and fitted to it.
reported_utm() { [ "$(map_crs)" = "EPSG:32618" ]; }
wait_until "the map canvas in the DEM's frame (EPSG:32618)" reported_utm
# The layout settles (the Layers pane fits the new layer's line, the workspace's sash its controls) before any click
# is aimed: the same canvases reported twice in a row, a tenth of a second apart.
views_settled() {
  local before
  before=$(grep -E '^(map|scan) ' "$work/views.txt" 2> /dev/null) || return 1
  [ "$(grep -c . <<< "$before")" -eq 2 ] || return 1
  sleep 0.1
  [ "$before" = "$(grep -E '^(map|scan) ' "$work/views.txt")" ]
}
wait_until "the canvases to settle" views_settled
shot ready
# Half of the window or more is the map's: 800 px of the 1600.
read -r _ _ _ map_w map_h _ <<< "$(view_line map)"
read -r _ _ _ scan_w scan_h _ <<< "$(view_line scan)"
echo "map canvas ${map_w}x${map_h}, scan canvas ${scan_w}x${scan_h}"
[ "$map_w" -ge 800 ] || fail "the map canvas is $map_w px wide with the workspace open, less than half of 1600"
[ "$scan_h" -ge 380 ] || fail "the scan canvas is $scan_h px high"
# The hillshade's greys on the map canvas (the DEM is drawn, not clipped to a scan extent it does not have yet).
wait_for_colour reference 180,180,180,40 stable
[ "$colour_area" -gt 100000 ] || fail "the reference layer covers $colour_area px of the screen"

# Nine pairs: the scan point, then its place on the map. After each, a save says the pair was added.
n=0
for gcp in "${gcps[@]}"; do
  read -r lon lat px line <<< "$gcp"
  read -r sx sy <<< "$(screen_of scan "$px" "-$line")"
  xdotool mousemove "$sx" "$sy" click 1
  # The scan click makes the map canvas's tool the GCP tool, waiting for the map point.
  [ "$n" -eq 0 ] && wait_until "the GCP tool on the map canvas" grep -qx 'map-tool gcp.add' "$work/views.txt"
  read -r mx my <<< "$(lonlat_to_map "$lon" "$lat")"
  read -r sx sy <<< "$(screen_of map "$mx" "$my")"
  xdotool mousemove "$sx" "$sy" click 1
  last_map_click="$sx $sy"
  n=$((n + 1))
  save
  [ "$(json "len(d['map']['georeference']['gcps'])")" -eq "$n" ] || fail "after pair $n the scenario has $(json "d['map']['georeference']['gcps']")"
  # The map stays where the person clicked (the first fit, and the frame following the fit, do not move it).
  [ "$n" -eq 1 ] && first_view=$(view_line map)
  [ "$(view_line map)" = "$first_view" ] || fail "the map view moved after pair $n: $(view_line map), was $first_view"
done
shot nine_pairs

# The expected fit, worked out here: the nine control points projected to UTM 18 N by gdaltransform, an affine
# least-squares fit (normal equations, solved by Cramer's rule), its RMS and the bounding box of the 1500 x 2500 scan.
printf '%s\n' "${gcps[@]}" > "$work/gcps.txt"
awk '{ print $1, $2 }' "$work/gcps.txt" | gdaltransform -s_srs EPSG:4326 -t_srs EPSG:32618 -output_xy > "$work/gcps_utm.txt"
python3 - "$file" "$work/gcps.txt" "$work/gcps_utm.txt" << 'PY' || fail "the fit differs from the expected one"
import json, math, sys
d = json.load(open(sys.argv[1]))
rows = [list(map(float, l.split())) for l in open(sys.argv[2])]
utm = [list(map(float, l.split())) for l in open(sys.argv[3])]
def det3(m):
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
def solve(target):  # least squares target = c0 + c1 * pixel + c2 * line
    A = [[1.0, r[2], r[3]] for r in rows]
    N = [[sum(A[k][i] * A[k][j] for k in range(len(A))) for j in range(3)] for i in range(3)]
    v = [sum(A[k][i] * target[k] for k in range(len(A))) for i in range(3)]
    D = det3(N)
    return [det3([[v[r] if c == i else N[r][c] for c in range(3)] for r in range(3)]) / D for i in range(3)]
ce, cn = solve([u[0] for u in utm]), solve([u[1] for u in utm])
fit = lambda p, l: (ce[0] + ce[1] * p + ce[2] * l, cn[0] + cn[1] * p + cn[2] * l)
rms = math.sqrt(sum((fit(r[2], r[3])[0] - u[0]) ** 2 + (fit(r[2], r[3])[1] - u[1]) ** 2 for r, u in zip(rows, utm)) / len(rows))
corners = [fit(p, l) for p, l in [(0, 0), (1500, 0), (0, 2500), (1500, 2500)]]
extent = [min(c[0] for c in corners), min(c[1] for c in corners), max(c[0] for c in corners), max(c[1] for c in corners)]
g = d["map"]["georeference"]
print("expected RMS %.2f m, extent %s" % (rms, [round(v) for v in extent]))
print("saved    RMS %.2f m, extent %s, CRS %s, fit in %s" % (g["rms_map"], [round(v) for v in d["extent"]], d["crs"], g["crs"]))
problems = []
if d["crs"] != "EPSG:32618" or g["crs"] != "EPSG:32618":
    problems.append("the working CRS or the fit's is not EPSG:32618")
if abs(g["rms_map"] - rms) > 10:
    problems.append("RMS %.2f m, expected %.2f m within 10 m" % (g["rms_map"], rms))
for got, want in zip(d["extent"], extent):
    if abs(got - want) > 40:
        problems.append("extent %s, expected %s within 40 m" % (d["extent"], extent))
        break
# Each GCP where it was clicked: the scan point within 4 scan pixels, the map point within 0.0002 degrees (17 m).
for gcp, r in zip(g["gcps"], rows):
    if abs(gcp["pixel"] - r[2]) > 4 or abs(gcp["line"] - r[3]) > 4 or abs(gcp["map_x"] - r[0]) > 2e-4 or abs(gcp["map_y"] - r[1]) > 2e-4:
        problems.append("GCP %d is %s, clicked at %s" % (gcp["id"], gcp, r))
if g.get("gcp_crs") != "EPSG:4326":
    problems.append("the GCPs are in %s, expected EPSG:4326" % g.get("gcp_crs"))
sys.exit("; ".join(problems) if problems else 0)
PY

# A misplaced tenth pair: the scan's lower left (pixel 200, line 2300, far from the ninth's 760, 150) clicked to the
# ninth pair's map point. Two GCPs at one map position: the fit is refused, and the table ranks the GCPs by their
# residual against the fit of the others (leave-one-out); the tenth's, about 9 km, is the worst.
read -r sx sy <<< "$(screen_of scan 200 -2300)"
xdotool mousemove "$sx" "$sy" click 1
read -r sx sy <<< "$last_map_click"
xdotool mousemove "$sx" "$sy" click 1
save
[ "$(json "len(d['map']['georeference']['gcps'])")" -eq 10 ] || fail "the tenth pair was not added"
shot refused_fit
row=$(view_line gcp-table-row1) || fail "no table row reported"
read -r _ rx ry rw rh <<< "$row"
xdotool mousemove $((rx + 200)) $((ry + rh / 2)) click 1
xdotool key Delete
save
ids=$(json "sorted(g['id'] for g in d['map']['georeference']['gcps'])")
[ "$ids" = "[1, 2, 3, 4, 5, 6, 7, 8, 9]" ] || fail "deleting the table's worst row left GCPs $ids: it was not the misplaced tenth"
echo "the worst row of the refused fit was GCP 10; deleted, GCPs $ids remain"

# Warp: the warped GeoTIFF drawn on the map at once and the view fitted to it.
button=$(view_line button-warp) || fail "no Warp button reported"
read -r _ bx by bw bh <<< "$button"
xdotool mousemove $((bx + bw / 2)) $((by + bh / 2)) click 1
warped="$work/gettysburg_cope_survey_field_base_warped.tif"
wait_until "the warped GeoTIFF" test -s "$warped"
wait_for_no_window '^Warping the scan$'
focus_window "$main"
save
[ "$(json "d['map']['warped_path']")" != "" ] || fail "the scenario does not name the warped scan"
python3 - "$file" "$(view_line map)" << 'PY' || fail "the map view is not fitted to the warped scan"
import json, sys
d = json.load(open(sys.argv[1]))
n, x, y, w, h, a, b, c, dd, e, f, crs = sys.argv[2].split()
minx, miny, maxx, maxy = d["extent"]
x0, y0 = float(a) * minx + float(e), float(dd) * maxy + float(f)
x1, y1 = float(a) * maxx + float(e), float(dd) * miny + float(f)
print("the extent on the map canvas: (%.0f, %.0f) to (%.0f, %.0f) of %s x %s, CRS %s" % (x0, y0, x1, y1, w, h, crs))
inside = -1 <= x0 and x1 <= int(w) + 1 and -1 <= y0 and y1 <= int(h) + 1
fills = (x1 - x0) >= 0.9 * (int(w) - 32) or (y1 - y0) >= 0.9 * (int(h) - 32)
sys.exit(0 if crs == "EPSG:32618" and inside and fills else "not fitted")
PY
# The warped scan's paper (light buff) fills the map canvas.
wait_for_colour warped 236,220,180,30 stable
[ "$colour_area" -gt 150000 ] || fail "the warped scan covers $colour_area px"
# Closing the workspace (its close button at the right of its caption) ends its GCP tool (issue 46 item 4).
grep -qx 'map-tool gcp.add' "$work/views.txt" || fail "the GCP tool is not active before the workspace closes: $(grep map-tool "$work/views.txt")"
read -r _ px py pw _ <<< "$(view_line georef-pane)"
xdotool mousemove $((px + pw - 9)) $((py - 9)) click 1
wait_until "the GCP tool to end with the workspace" grep -qx 'map-tool select' "$work/views.txt"
shot closed
check_editor
xdotool key ctrl+q
wait_for_exit
echo "plain scan georeferenced on the DEM by clicks: 9 GCPs, fit and extent as worked out, the misplaced GCP found, warped"
