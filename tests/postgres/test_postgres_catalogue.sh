#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The shared catalogue on PostgreSQL/PostGIS (issue 45), end to end with the real CLI against a real server
# started here (pg_server.sh: initdb in a temporary folder as an unprivileged user, a Unix socket, no port):
# init and grant; the bundled examples exported by two authors; the layers as GDAL (ogrinfo, and the Python
# bindings) sees them; refusals by the server (a reader's export, an author revising or removing another's
# package); revisions and identity; extract byte for byte; the same search results as the GeoPackage backend;
# 8 writers at once; no password in any message.
#   test_postgres_catalogue.sh SANDTABLE_EXECUTABLE SOURCE_DIR
# Every expected number below is counted from the example files (their "terrain" geometry types, placed
# units, campaign grid), not read from sandtable's output.
set -uo pipefail
source "$2/tests/postgres/harness.sh" "$1" "$2" pg-test
gpkg="$work/catalogue.gpkg"

# --- init (twice: it is safe to repeat) and the roles
st catalogue init --catalogue "$(pg postgres)" || fail "catalogue init"
st catalogue init --catalogue "$(pg postgres)" || fail "catalogue init a second time"
st catalogue grant alice --role author --catalogue "$(pg postgres)" || fail "grant alice"
st catalogue grant bob --role author --catalogue "$(pg postgres)" || fail "grant bob"
st catalogue grant rita --role reader --catalogue "$(pg postgres)" || fail "grant rita"
st catalogue grant eve --role editor --catalogue "$(pg postgres)" || fail "grant eve"
# an editor grants too (the server's grant_role, not a superuser)
st catalogue grant carl --role reader --catalogue "$(pg eve)" || fail "the editor grants carl"
out=$(st catalogue grant mallory --role editor --catalogue "$(pg alice)" 2>&1); rc=$?
check_eq "an author's grant: exit" 1 "$rc"
check_contains "an author's grant is refused by the server" "$out" "refused by the server"

# --- exports: alice publishes Gettysburg and Antietam, bob the campaign, Rossbach and Fontenoy
export_as() { # export_as USER FILE
  st catalogue export "$2" --catalogue "$(pg "$1")" >/dev/null 2>&1 || fail "export of $2 by $1"
  st catalogue export "$2" --catalogue "$gpkg" >/dev/null 2>&1 || fail "export of $2 into the GeoPackage"
}
export_as alice "$examples/gettysburg/gettysburg.sandtable.json"
export_as alice "$examples/antietam/antietam.sandtable.json"
export_as bob "$examples/gettysburg-campaign/gettysburg-campaign.sandtable.json"
export_as bob "$examples/rossbach/rossbach.sandtable.json"
export_as bob "$examples/table-battles/fontenoy.sandtable.json"
check_eq "packages listed by a reader" 5 "$(st catalogue list --catalogue "$(pg rita)" | wc -l)"

# --- the layers as GDAL sees them. EPSG:32618 (UTM 18N): Gettysburg, Antietam and the campaign. Terrain
# points 1 + 2 + 1 = 4, lines 7 + 6 + 7 = 20, polygons 13 + 5 + 13 = 31; placed units 37 + 39 + 0 = 76; the
# campaign grid 11 rows x 9 columns = 99 squares. Rossbach's local frame (SRID 0): polygons 4, lines 1, units 32.
layers=$(ogrinfo -ro -q "$(pg rita)" 2>&1)
for expected in "sandtable.terrain_epsg_32618_points (Multi Point)" "sandtable.terrain_epsg_32618_lines (Multi Line String)" \
    "sandtable.terrain_epsg_32618_polygons (Multi Polygon)" "sandtable.units_epsg_32618 (Point)" "sandtable.grid_epsg_32618 (Polygon)" \
    "sandtable.terrain_local_polygons (Multi Polygon)" "sandtable.terrain_local_lines (Multi Line String)" "sandtable.units_local (Point)"; do
  check_contains "ogrinfo lists $expected" "$layers" "$expected"
done
summary=$(ogrinfo -ro -so -al "$(pg rita)" 2>/dev/null)
feature_count() { printf '%s\n' "$summary" | awk -v layer="$1" '/^Layer name: /{name=$3} /^Feature Count: /{if (name==layer) print $3}'; }
check_eq "terrain_epsg_32618_points features" 4 "$(feature_count sandtable.terrain_epsg_32618_points)"
check_eq "terrain_epsg_32618_lines features" 20 "$(feature_count sandtable.terrain_epsg_32618_lines)"
check_eq "terrain_epsg_32618_polygons features" 31 "$(feature_count sandtable.terrain_epsg_32618_polygons)"
check_eq "units_epsg_32618 features" 76 "$(feature_count sandtable.units_epsg_32618)"
check_eq "grid_epsg_32618 features" 99 "$(feature_count sandtable.grid_epsg_32618)"
check_eq "terrain_local_polygons features" 4 "$(feature_count sandtable.terrain_local_polygons)"
check_eq "units_local features" 32 "$(feature_count sandtable.units_local)"
srs=$(printf '%s\n' "$summary" | sed -n '/^Layer name: sandtable.terrain_epsg_32618_polygons$/,/^Layer name: /p')
check_contains "the polygons' SRS is EPSG:32618" "$srs" 'ID["EPSG",32618]'
check_contains "the polygons' geometry column" "$srs" "Geometry Column NOT NULL = geom"
gist=$(ogrinfo -ro -q "$(pg rita)" -sql "SELECT count(*) AS n FROM pg_indexes WHERE schemaname = 'sandtable' AND indexdef LIKE '%USING gist (geom)%'" 2>/dev/null \
  | sed -n 's/^ *n (Integer[^)]*) = //p')
check_eq "GiST indexes (one per feature table)" 8 "$gist"
# GDAL's Python bindings: every layer's feature count and a non-empty extent (issue 45 item 2)
if /usr/bin/python3 - "$(pg rita)" <<'PY'
import sys
from osgeo import ogr
ogr.UseExceptions()
expected = {"sandtable.terrain_epsg_32618_points": 4, "sandtable.terrain_epsg_32618_lines": 20,
            "sandtable.terrain_epsg_32618_polygons": 31, "sandtable.units_epsg_32618": 76, "sandtable.grid_epsg_32618": 99,
            "sandtable.terrain_local_polygons": 4, "sandtable.terrain_local_lines": 1, "sandtable.units_local": 32}
ds = ogr.Open(sys.argv[1])
found = {ds.GetLayer(i).GetName(): ds.GetLayer(i) for i in range(ds.GetLayerCount())}
bad = 0
for name, count in expected.items():
    layer = found.get(name)
    if layer is None or layer.GetFeatureCount() != count:
        print("python/GDAL: %s: expected %d features, got %s" % (name, count, layer and layer.GetFeatureCount()))
        bad += 1
        continue
    minx, maxx, miny, maxy = layer.GetExtent()
    if not (minx < maxx and miny < maxy):
        print("python/GDAL: %s: empty extent" % name)
        bad += 1
sys.exit(1 if bad else 0)
PY
then echo "ok: GDAL's Python bindings read every layer's count and extent"; else fail "GDAL's Python bindings"; fi
# The campaign grid's squares as PostGIS reads them back (issue 42 item 5: GEOS writes their WKB, as it writes the
# features'): every square's ISO WKB byte for byte against the polygon worked out here from the example's grid
# (origin, square size, 11 rows x 9 columns, no rotation): column c, row r (row 0 the northernmost) spans
# x = origin x + c..c+1 squares, y = origin y + (rows-1-r)..(rows-r) squares; the ring runs counter-clockwise from
# the south-west corner and closes on it (campaign.hpp's squareCorners); little-endian Polygon, one ring of 5.
sql rita "SELECT column_index || ' ' || row_index || ' ' || square || ' ' || ST_IsValid(geom) || ' ' || encode(ST_AsBinary(geom, 'NDR'), 'hex')
          FROM sandtable.grid_epsg_32618 WHERE scenario_id = 'gettysburg-1863-campaign' ORDER BY ordinal" > "$work/grid_squares.txt" \
  || fail "reading the grid squares back"
if /usr/bin/python3 - "$examples/gettysburg-campaign/gettysburg-campaign.sandtable.json" "$work/grid_squares.txt" <<'PY'
import json, struct, sys
grid = json.load(open(sys.argv[1]))["campaign"]["grid"]
assert grid.get("rotation", 0) == 0, "the check works the corners out for an unrotated grid"
(ox, oy), size, rows, columns = grid["origin"], grid["square_size"], grid["rows"], grid["columns"]
expected = {}
for r in range(rows):
    for c in range(columns):
        west, east = ox + c * size, ox + (c + 1) * size
        south, north = oy + (rows - 1 - r) * size, oy + (rows - r) * size
        ring = [(west, south), (east, south), (east, north), (west, north), (west, south)]
        wkb = struct.pack("<BIII", 1, 3, 1, 5) + b"".join(struct.pack("<dd", x, y) for x, y in ring)
        expected[(c, r)] = ("%s%d" % (chr(ord("A") + c), r + 1), wkb.hex())
bad, seen = 0, set()
for line in open(sys.argv[2]):
    c, r, name, valid, wkb = line.split()
    key = (int(c), int(r))
    seen.add(key)
    if key not in expected or expected[key] != (name, wkb) or valid != "true":
        print("square %s %s: expected %s, got %s %s valid=%s" % (c, r, expected.get(key), name, wkb, valid))
        bad += 1
if seen != set(expected):
    print("squares: expected %d, got %d" % (len(expected), len(seen)))
    bad += 1
sys.exit(1 if bad else 0)
PY
then echo "ok: the 99 grid squares' WKB, byte for byte, valid"; else fail "the grid squares' WKB"; fi

# --- the server refuses: a reader's export, another author's revision or removal
out=$(st catalogue export "$examples/antietam/antietam.sandtable.json" --as-new-id reader-try --catalogue "$(pg rita)" 2>&1); rc=$?
check_eq "a reader's export: exit" 1 "$rc"
check_contains "a reader's export is refused by the server" "$out" "sandtable: error: "
check_contains "a reader's export names the server's refusal" "$out" "permission denied"
out=$(st catalogue remove gettysburg-1863 --catalogue "$(pg bob)" 2>&1); rc=$?
check_eq "bob removing alice's package: exit" 1 "$rc"
check_contains "bob removing alice's package is refused" "$out" "refused by the server"
out=$(st catalogue export "$examples/gettysburg/gettysburg.sandtable.json" --catalogue "$(pg bob)" 2>&1); rc=$?
check_eq "bob revising alice's package: exit" 1 "$rc"
check_contains "bob revising alice's package is refused" "$out" "first published by alice"
# ... and the rows of alice's package in the other tables, written by bob in SQL (row-level security on every
# table, not only on the package row): Gettysburg's 13 polygons and 37 placed units (counted from the example).
out=$(sql bob "INSERT INTO sandtable.package_warnings SELECT fid, 99, 'x', 'info', '', 'bob was here' FROM sandtable.packages WHERE scenario_id = 'gettysburg-1863'" 2>&1); rc=$?
check_eq "bob's INSERT into alice's package's warnings: exit" 1 "$rc"
check_contains "bob's INSERT is refused by row-level security" "$out" "row-level security"
check_eq "bob's UPDATE of alice's polygons changes none" 0 \
  "$(sql bob "WITH u AS (UPDATE sandtable.terrain_epsg_32618_polygons SET name = 'bob' WHERE scenario_id = 'gettysburg-1863' RETURNING 1) SELECT count(*) FROM u")"
check_eq "bob's DELETE of alice's units removes none" 0 \
  "$(sql bob "WITH d AS (DELETE FROM sandtable.units_epsg_32618 WHERE scenario_id = 'gettysburg-1863' RETURNING 1) SELECT count(*) FROM d")"
check_eq "alice's own UPDATE of her polygons (a no-op) reaches all 13" 13 \
  "$(sql alice "WITH u AS (UPDATE sandtable.terrain_epsg_32618_polygons SET latest = latest WHERE scenario_id = 'gettysburg-1863' RETURNING 1) SELECT count(*) FROM u")"
check_eq "an editor's no-op UPDATE of alice's units reaches all 37" 37 \
  "$(sql eve "WITH u AS (UPDATE sandtable.units_epsg_32618 SET latest = latest WHERE scenario_id = 'gettysburg-1863' RETURNING 1) SELECT count(*) FROM u")"
out=$(st catalogue remove gettysburg-1863 --catalogue "$(pg rita)" 2>&1); rc=$?
check_eq "a reader's remove: exit" 1 "$rc"
check_eq "gettysburg-1863 still has 1 revision" 1 "$(st catalogue show gettysburg-1863 --catalogue "$(pg rita)" --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["revisions"]))')"

# --- revisions and identity
out=$(st catalogue export "$examples/gettysburg/gettysburg.sandtable.json" --catalogue "$(pg alice)" 2>/dev/null)
check_eq "alice revises her package" "gettysburg-1863 revision 2" "$out"
latest=$(ogrinfo -ro -q "$(pg rita)" -sql "SELECT count(*) AS n FROM sandtable.terrain_epsg_32618_polygons WHERE latest" 2>/dev/null | sed -n 's/^ *n (Integer[^)]*) = //p')
check_eq "latest polygons after the revision (still 13 + 5 + 13)" 31 "$latest"
out=$(st catalogue export "$examples/antietam/antietam.sandtable.json" --as-new-id gettysburg-1863 --catalogue "$(pg alice)" 2>&1); rc=$?
check_eq "another scenario under a taken id: exit" 1 "$rc"
check_contains "another scenario under a taken id is not a revision" "$out" "not a revision"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['title']=''; d['crs']='EPSG:bogus'; json.dump(d, open(sys.argv[2],'w'))" \
  "$examples/antietam/antietam.sandtable.json" "$work/broken.sandtable.json"
out=$(st catalogue export "$work/broken.sandtable.json" --as-new-id broken --catalogue "$(pg alice)" 2>&1); rc=$?
check_eq "an invalid scenario: exit" 1 "$rc"
check_eq "nothing stored for it" 5 "$(st catalogue list --catalogue "$(pg rita)" | wc -l)"
st catalogue extract gettysburg-1863 --revision 1 -o "$work/extracted.json" --catalogue "$(pg rita)" || fail "extract"
cmp -s "$work/extracted.json" "$examples/gettysburg/gettysburg.sandtable.json" && echo "ok: extract is byte for byte" || fail "extract differs"
st catalogue remove fontenoy-1745 --catalogue "$(pg eve)" || fail "the editor removes bob's package"
st catalogue remove gettysburg-1863 --revision 2 --catalogue "$(pg alice)" || fail "alice removes her revision 2"
check_eq "packages after the editor's removal" 4 "$(st catalogue list --catalogue "$(pg rita)" | wc -l)"
st catalogue export "$examples/table-battles/fontenoy.sandtable.json" --catalogue "$(pg bob)" >/dev/null 2>&1 || fail "bob publishes Fontenoy again"

# --- the same search on both backends. Expected (from the example files): titles first, best first.
search_ids() { # search_ids CATALOGUE QUERY -> ids, one line
  st catalogue search "$2" --json --catalogue "$1" | python3 -c 'import json,sys; print(" ".join(p["id"] for p in json.load(sys.stdin)))'
}
check_search() { # check_search QUERY EXPECTED_IDS
  local p g
  p=$(search_ids "$(pg rita)" "$1")
  g=$(search_ids "$gpkg" "$1")
  check_eq "search '$1' on PostgreSQL" "$2" "$p"
  check_eq "search '$1' on the GeoPackage" "$2" "$g"
}
check_search "gettysburg" "gettysburg-1863 gettysburg-1863-campaign"      # both titles; the shorter title ranks first
check_search "antie*" "antietam-1862"                                     # prefix
check_search "fitz-j*" "rossbach-1757"                                    # Fitz-James, hyphen and prefix (as saint-c*)
check_search "francaises" "fontenoy-1745"                                 # Gardes Françaises, accent folded
check_search '"Anglo-Hanoverian"' "fontenoy-1745"                         # a phrase
check_search "title:rossbach" "rossbach-1757"                             # a column
check_search "gettysburg NOT campaign" "gettysburg-1863"                  # NOT
check_search "Rossbach OR Fontenoy" "rossbach-1757 fontenoy-1745"         # OR; equal title ranks: first exported first
check_search "seminary" "gettysburg-1863"                                 # a place name
check_search "1757" "rossbach-1757"
for q in '"1 July"' "cavalry" "Hanover*" "(antietam OR rossbach) NOT 1862" 'a"b'; do
  p=$(search_ids "$(pg rita)" "$q"); g=$(search_ids "$gpkg" "$q")
  check_eq "search '$q': the same on both backends" "$g" "$p"
done
out=$(st catalogue search "(" --catalogue "$(pg rita)" 2>&1); rc=$?
check_eq "a query with no word on PostgreSQL: usage error" 2 "$rc"
out=$(st catalogue search "(" --catalogue "$gpkg" 2>&1); rc=$?
check_eq "a query with no word on the GeoPackage: usage error" 2 "$rc"

# --- push and pull: alice takes the Gettysburg packages home, revises one, publishes it; then a conflict
local="$work/alice.gpkg"
st catalogue pull --from "$(pg alice)" "$local" --query gettysburg || fail "pull --query gettysburg"
check_eq "packages pulled (the two Gettysburg titles)" "gettysburg-1863 gettysburg-1863-campaign" \
  "$(st catalogue list --catalogue "$local" | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
check_eq "a second pull copies nothing" 0 "$(st catalogue pull --from "$(pg alice)" "$local" --query gettysburg --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["revisions"])')"
revise() { # revise NOTE OUT: Gettysburg with its description changed (the same scenario: same title)
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['description']=d['description']+' '+sys.argv[2]; json.dump(d, open(sys.argv[3],'w'))" \
    "$examples/gettysburg/gettysburg.sandtable.json" "$1" "$2"
}
revise "Revised at home." "$work/home.sandtable.json"
st catalogue export "$work/home.sandtable.json" --catalogue "$local" >/dev/null 2>&1 || fail "alice revises at home"
check_eq "push copies the one new revision" 1 "$(st catalogue push "$local" --to "$(pg alice)" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["revisions"])')"
check_eq "gettysburg-1863 revisions on the server after the push" "1 2" \
  "$(st catalogue show gettysburg-1863 --json --catalogue "$(pg rita)" | python3 -c 'import json,sys; print(" ".join(map(str, json.load(sys.stdin)["revisions"])))')"
st catalogue extract gettysburg-1863 -o "$work/pushed.json" --catalogue "$(pg rita)" || fail "extract the pushed revision"
cmp -s "$work/pushed.json" "$work/home.sandtable.json" && echo "ok: the pushed revision is the document byte for byte" || fail "the pushed revision differs"
revise "Revised on the road." "$work/road.sandtable.json"
revise "Revised at the club." "$work/club.sandtable.json"
st catalogue export "$work/road.sandtable.json" --catalogue "$local" >/dev/null 2>&1 || fail "alice revises on the road"
st catalogue export "$work/club.sandtable.json" --catalogue "$(pg alice)" >/dev/null 2>&1 || fail "alice revises at the club"
out=$(st catalogue push "$local" --to "$(pg alice)" 2>&1); rc=$?
check_eq "a conflicting push: exit" 1 "$rc"
check_contains "the conflict is named" "$out" "gettysburg-1863: revised on both sides"
check_eq "nothing copied by the refused push" "1 2 3" \
  "$(st catalogue show gettysburg-1863 --json --catalogue "$(pg rita)" | python3 -c 'import json,sys; print(" ".join(map(str, json.load(sys.stdin)["revisions"])))')"
out=$(st catalogue pull --from "$(pg alice)" "$local" 2>&1); rc=$?
check_eq "a conflicting pull: exit" 1 "$rc"

# --- French stemmed in French: a scenario that says it is French ("language": "fr") and writes "chevaux"
# is found by "cheval" on PostgreSQL (french_stem reduces both to "cheval"); the GeoPackage matches words as written.
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['language']='fr'; d['description']='Les chevaux de Seydlitz chargent.'; json.dump(d, open(sys.argv[2],'w'))" \
  "$examples/rossbach/rossbach.sandtable.json" "$work/rossbach-fr.sandtable.json"
st catalogue export "$work/rossbach-fr.sandtable.json" --as-new-id rossbach-fr --catalogue "$(pg bob)" >/dev/null 2>&1 || fail "export of the French Rossbach"
check_eq "search 'cheval' on PostgreSQL (French stems)" "rossbach-fr" "$(search_ids "$(pg rita)" cheval)"
check_eq "search 'chevaux' on PostgreSQL" "rossbach-fr" "$(search_ids "$(pg rita)" chevaux)"

# --- no password in any message
out=$(st catalogue list --catalogue "PG:host=$pgdir dbname=nosuch user=alice password=s3cret-pw" 2>&1); rc=$?
check_eq "a database that does not exist: exit" 1 "$rc"
if printf '%s' "$out" | grep -q "s3cret-pw"; then fail "the password is printed: $out"; else echo "ok: key=value password masked"; fi
check_contains "the password is shown as ***" "$out" "password=***"
out=$(st catalogue list --catalogue "postgresql://alice:s3cret-pw@/nosuch?host=$pgdir" 2>&1); rc=$?
check_eq "a URI to a database that does not exist: exit" 1 "$rc"
if printf '%s' "$out" | grep -q "s3cret-pw"; then fail "the URI password is printed: $out"; else echo "ok: URI password masked"; fi
out=$(st catalogue list --catalogue "PG:host=$work/no-server dbname=club" 2>&1); rc=$?
check_eq "no server: exit" 1 "$rc"
check_contains "no server: a clear error" "$out" "sandtable: error: "

# --- 8 writers at once, 2 exports each, into 2 ids that all of them revise: every export lands, revisions 1..8
start=$(date +%s)
eight_writers "$examples/antietam/antietam.sandtable.json" "$work/writers.failed" load-a load-b
seconds=$(( $(date +%s) - start ))
[ -s "$work/writers.failed" ] && fail "concurrent exports failed: $(cat "$work/writers.failed")"
for id in load-a load-b; do
  check_eq "$id revisions after 8 writers" "1 2 3 4 5 6 7 8" \
    "$(st catalogue show "$id" --json --catalogue "$(pg rita)" | python3 -c 'import json,sys; print(" ".join(map(str, json.load(sys.stdin)["revisions"])))')"
done
echo "8 writers x 2 exports: ${seconds} s"

# --- 8 writers at once into a CRS no package had (Antietam as EPSG:32617): each export makes the tables it fills
# when they are missing. One export making a table (which references the packages) while another, past its
# package row, asked for a table of its own was a deadlock: 36 of 40 such exports refused before the fix.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["crs"] = "EPSG:32617"; json.dump(d, open(sys.argv[2], "w"))' \
  "$examples/antietam/antietam.sandtable.json" "$work/antietam-32617.json"
eight_writers "$work/antietam-32617.json" "$work/fresh.failed" fresh-W-1 fresh-W-2
[ -s "$work/fresh.failed" ] && fail "concurrent exports into a new CRS failed: $(head -c 2000 "$work/fresh.failed")"
check_eq "packages of the 8 writers into EPSG:32617" 16 \
  "$(sql postgres "SELECT count(*) FROM sandtable.packages WHERE scenario_id LIKE 'fresh-%' AND crs = 'EPSG:32617'")"
check_eq "Antietam's 6 lines, once per package, in the new CRS's table" 96 \
  "$(sql postgres "SELECT count(*) FROM sandtable.terrain_epsg_32617_lines WHERE scenario_id LIKE 'fresh-%'")"

# --- a writer killed (SIGKILL) mid-export: the package is there whole (13 polygons, Gettysburg's) or not at all
for delay in 0.15 0.3 0.6; do
  id="killed-${delay/./}"
  "$sandtable" --quiet catalogue export "$examples/gettysburg/gettysburg.sandtable.json" --as-new-id "$id" --catalogue "$(pg eve)" >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  polygons=$(ogrinfo -ro -q "$(pg rita)" -sql "SELECT count(*) AS n FROM sandtable.terrain_epsg_32618_polygons WHERE scenario_id = '$id'" 2>/dev/null \
    | sed -n 's/^ *n (Integer[^)]*) = //p')
  if st catalogue show "$id" --catalogue "$(pg rita)" >/dev/null 2>&1; then
    check_eq "killed after ${delay} s, yet stored: whole" 13 "$polygons"
  else
    check_eq "killed after ${delay} s, not stored: no polygon left" 0 "$polygons"
  fi
done

echo "== $failures failure(s)"
[ "$failures" -eq 0 ]
