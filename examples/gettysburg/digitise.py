#!/usr/bin/python3
"""Builds examples/gettysburg/gettysburg.sandtable.json from terrain digitised on the Cope survey scan.

Everything below was digitised by eye, in pixel/line coordinates of the scan
../../../shared/data/maps/gettysburg_cope_survey_field_base.jpg (1500 x 2500, pixel (0,0) = top-left
corner, lines grow downwards), then sent through the first-order (affine) least-squares fit of the scan's
9 GCPs into WGS 84 / UTM zone 18N (EPSG:32618).

Usage (from the repository root, with the system python that has GDAL's bindings):
    /usr/bin/python3 examples/gettysburg/digitise.py [--data-dir ../shared/data] [--check-image out.png]
    build/<dir>/cli/sandtable scenario upgrade examples/gettysburg/gettysburg.sandtable.json
    build/<dir>/cli/sandtable scenario validate examples/gettysburg/gettysburg.sandtable.json

--check-image draws the digitised terrain and the set-up back onto the scan (pixel space) with ImageMagick
`convert`, to check that the features sit on the scan's woods, roads and town.
"""
import argparse
import hashlib
import json
import math
import os
import subprocess
import sys

from osgeo import gdal, ogr, osr

HERE = os.path.dirname(os.path.abspath(__file__))
SCAN = "gettysburg_cope_survey_field_base.jpg"
MAP_PATH = "../../../shared/data/maps/" + SCAN  # relative to this folder (the scenario file's folder)
WIDTH, HEIGHT = 1500, 2500

# ---------------------------------------------------------------------------------------------------------
# Terrain digitised on the scan: pixel, line.
# ---------------------------------------------------------------------------------------------------------

# Woods: the Cope survey draws woods as stippled tree symbols (the flat yellow-green wash is park land,
# not woods).
WOODS = [
    ("woods-culps-hill", "Culp's Hill woods",
     # east edge of the scan cuts the woods; Stevens' Knoll's trees are the west lobe
     [(1330, 1030), (1360, 1010), (1400, 1015), (1440, 1000), (1470, 985), (1500, 985), (1500, 1470),
      (1470, 1460), (1440, 1430), (1415, 1400), (1400, 1340), (1395, 1280), (1380, 1225), (1350, 1205),
      (1340, 1192), (1300, 1197), (1265, 1187), (1270, 1150), (1310, 1140), (1325, 1100), (1320, 1060)]),
    ("woods-mcpherson", "McPherson's (Herbst) Woods",
     [(160, 362), (205, 380), (245, 396), (276, 412), (310, 425), (342, 438), (345, 470), (340, 500),
      (290, 490), (240, 482), (204, 478), (200, 520), (172, 520), (160, 450)]),
    ("woods-sheads", "Sheads' Woods (Oak Ridge)",
     [(570, 180), (630, 175), (635, 260), (615, 340), (598, 418), (555, 412), (552, 330), (560, 250)]),
    ("woods-mcmillan", "McMillan Woods",
     [(405, 1045), (450, 1055), (500, 1070), (520, 1085), (518, 1135), (470, 1130), (430, 1122),
      (398, 1115), (400, 1080)]),
    ("woods-spangler", "Spangler's Woods",
     [(340, 1425), (360, 1428), (380, 1440), (397, 1460), (370, 1500), (350, 1540), (320, 1575),
      (290, 1610), (255, 1610), (255, 1550), (280, 1505), (300, 1475), (325, 1440)]),
    ("woods-pitzer", "Pitzer's Woods",
     [(80, 1720), (115, 1705), (135, 1740), (137, 1850), (135, 1960), (128, 2060), (95, 2075),
      (75, 2040), (72, 1900), (74, 1790)]),
    ("woods-rose", "Rose Woods",
     [(455, 2230), (530, 2225), (570, 2260), (620, 2280), (660, 2300), (690, 2330), (690, 2400),
      (660, 2440), (640, 2499), (470, 2499), (450, 2420), (445, 2320)]),
    ("woods-powers-hill", "Powers Hill woods",
     [(1200, 1743), (1243, 1700), (1300, 1673), (1353, 1660), (1400, 1680), (1407, 1733), (1460, 1743),
      (1500, 1727), (1500, 1833), (1420, 1840), (1367, 1853), (1320, 1863), (1200, 1863)]),
]

# The town: the street grid of Gettysburg as the survey draws it (college to the north, the cemeteries'
# edge to the south).
VILLAGE = ("village-gettysburg", "Gettysburg",
           [(785, 290), (1045, 290), (1050, 400), (1200, 410), (1205, 700), (1070, 720), (1065, 850),
            (845, 850), (845, 700), (650, 690), (650, 540), (785, 540)])

# Shared vertices: the Chambersburg Pike crosses Willoughby Run here (a bridge).
PIKE_X_WILLOUGHBY = (140, 183)
LINCOLN_SQUARE = (1052, 623)   # the "diamond" in the centre of the town

ROADS = [
    ("road-chambersburg-pike", "Chambersburg Pike", "major",
     [(0, 120), (100, 157), PIKE_X_WILLOUGHBY, (200, 222), (300, 292), (415, 370), (520, 420), (650, 485),
      (730, 530), (790, 600), (850, 623), LINCOLN_SQUARE]),
    ("road-baltimore-pike", "Baltimore Pike", "major",
     [LINCOLN_SQUARE, (1052, 850), (1055, 950), (1093, 1033), (1110, 1100), (1160, 1167), (1206, 1217),
      (1227, 1250), (1268, 1292), (1302, 1333), (1335, 1392), (1368, 1433), (1393, 1490), (1410, 1530),
      (1430, 1560), (1450, 1590), (1480, 1635), (1500, 1655)]),
    ("road-emmitsburg", "Emmitsburg Road", "minor",
     [(1005, 845), (950, 1000), (900, 1130), (860, 1220), (800, 1360), (768, 1436), (720, 1530),
      (600, 1640), (500, 1760), (420, 1880), (380, 1990), (330, 2080), (300, 2150), (290, 2250),
      (280, 2350), (262, 2499)]),
    ("road-taneytown", "Taneytown Road", "minor",
     [(990, 850), (995, 1000), (1000, 1250), (1014, 1293), (1050, 1536), (1071, 1750), (1090, 1860),
      (1095, 2000), (1110, 2050), (1064, 2229), (1043, 2336), (1000, 2450), (971, 2499)]),
    ("road-hagerstown", "Hagerstown (Fairfield) Road", "minor",
     [(0, 885), (100, 835), (200, 795), (300, 765), (420, 740), (540, 715), (650, 690)]),
]

STREAMS = [
    ("stream-willoughby-run", "Willoughby Run",
     [(144, 0), (167, 67), (150, 122), PIKE_X_WILLOUGHBY, (133, 256), (144, 311), (156, 378), (167, 444),
      (167, 511), (156, 589), (133, 644), (111, 700), (89, 756), (67, 822), (44, 889), (20, 960),
      (0, 1000)]),
    ("stream-rock-creek", "Rock Creek",
     [(1372, 0), (1389, 67), (1361, 144), (1372, 222), (1406, 289), (1406, 333), (1439, 378),
      (1461, 422), (1478, 478), (1489, 522), (1500, 556)]),
]

# Hills. Little Round Top: the summit (Warren statue, 44th New York monument) and the contours round it;
# the scan's bottom edge cuts the hill's southern slope, which is carried on to the saddle.
LRT_SUMMIT = (845, 2440)
HILLS = [
    ("hill-little-round-top", "Little Round Top", 1,
     [(760, 2380), (820, 2345), (900, 2345), (960, 2375), (975, 2440), (960, 2500), (900, 2525),
      (820, 2528), (750, 2505), (735, 2450)]),
    ("hill-cemetery-hill", "Cemetery Hill", 1,
     [(1010, 1080), (1060, 1050), (1120, 1080), (1140, 1160), (1100, 1230), (1040, 1250), (1000, 1200)]),
]
# Big Round Top is NOT on the scan (it lies just beyond its bottom edge). It is placed from public
# coordinates of the two summits: the offset LRT summit -> BRT summit (in UTM metres) is added to the LRT
# summit digitised on the scan, and the hill is drawn as an ellipse round it (semi-axes in metres).
LRT_SUMMIT_LONLAT = (-77.2367, 39.7917)
BRT_SUMMIT_LONLAT = (-77.2392, 39.7858)
BRT_LEVEL1_AXES = (330.0, 370.0)   # east-west, north-south
BRT_LEVEL2_AXES = (130.0, 150.0)

# ---------------------------------------------------------------------------------------------------------
# Order of battle, 2 July 1863 (corps level; strengths rounded, men or guns).
# Placements in scan pixel/line, facing in degrees clockwise from grid north.
# ---------------------------------------------------------------------------------------------------------
SIDES = [
    {"id": "union", "name": "Army of the Potomac", "colour": "#1f3a93"},
    {"id": "confederate", "name": "Army of Northern Virginia", "colour": "#8b1a1a"},
]

# (formation id, side, name, echelon, [units]); unit = (id, name, type, quality, strength, command, place)
# place = (pixel, line, facing) or None (not on the map at the start: reinforcement or away)
OOB = [
    ("us-army", "union", "Army of the Potomac (Meade)", "army", [
        ("us-army-hq", "Meade (army HQ, Leister house)", "hq", "regular", 0, 5, (1040, 1420, 270)),
        ("us-artillery-reserve", "Artillery Reserve (Tyler)", "artillery", "regular", 108, None,
         (1200, 1980, 270)),
    ]),
    ("us-i-corps", "union", "I Corps", "corps", [
        ("us-i-corps-hq", "I Corps HQ (Reynolds, killed 1 July; Doubleday)", "hq", "regular", 0, 4,
         (1200, 1150, 0)),
        ("us-i-1", "1st Division (Wadsworth, with the Iron Brigade)", "infantry", "elite", 3850, None,
         (1350, 1060, 20)),
        ("us-i-2", "2nd Division (Robinson)", "infantry", "regular", 2500, None, (1180, 1000, 0)),
        ("us-i-3", "3rd Division (Rowley)", "infantry", "regular", 4700, None, (880, 1150, 270)),
    ]),
    ("us-ii-corps", "union", "II Corps", "corps", [
        ("us-ii-corps-hq", "II Corps HQ (Hancock)", "hq", "elite", 0, 6, (1010, 1590, 270)),
        ("us-ii-1", "1st Division (Caldwell)", "infantry", "regular", 3300, None, (900, 1620, 270)),
        ("us-ii-2", "2nd Division (Gibbon)", "infantry", "elite", 3600, None, (920, 1450, 270)),
        ("us-ii-3", "3rd Division (Hays)", "infantry", "regular", 3600, None, (950, 1290, 270)),
    ]),
    ("us-iii-corps", "union", "III Corps", "corps", [
        ("us-iii-corps-hq", "III Corps HQ (Sickles)", "hq", "regular", 0, 3, (700, 1950, 250)),
        ("us-iii-1", "1st Division (Birney)", "infantry", "regular", 5100, None, (520, 2080, 225)),
        ("us-iii-2", "2nd Division (Humphreys)", "infantry", "regular", 5000, None, (560, 1720, 290)),
    ]),
    ("us-v-corps", "union", "V Corps", "corps", [
        ("us-v-corps-hq", "V Corps HQ (Sykes)", "hq", "regular", 0, 4, (1000, 2080, 270)),
        ("us-v-1", "1st Division (Barnes)", "infantry", "regular", 3400, None, (830, 2430, 240)),
        ("us-v-2", "2nd Division (Ayres, US Regulars)", "infantry", "elite", 4000, None, (650, 2330, 270)),
        ("us-v-3", "3rd Division (Crawford, Pennsylvania Reserves)", "infantry", "regular", 2800, None,
         (980, 2250, 270)),
    ]),
    ("us-vi-corps", "union", "VI Corps", "corps", [
        ("us-vi-corps-hq", "VI Corps HQ (Sedgwick)", "hq", "regular", 0, 4, None),
        ("us-vi-1", "1st Division (Wright)", "infantry", "regular", 4300, None, None),
        ("us-vi-2", "2nd Division (Howe)", "infantry", "regular", 3600, None, None),
        ("us-vi-3", "3rd Division (Wheaton)", "infantry", "regular", 4700, None, None),
    ]),
    ("us-xi-corps", "union", "XI Corps", "corps", [
        ("us-xi-corps-hq", "XI Corps HQ (Howard)", "hq", "regular", 0, 3, (1060, 1150, 0)),
        ("us-xi-2", "2nd Division (von Steinwehr)", "infantry", "regular", 2900, None, (980, 1010, 0)),
        ("us-xi-3", "3rd Division (Schurz)", "infantry", "regular", 3100, None, (1080, 990, 10)),
    ]),
    ("us-xii-corps", "union", "XII Corps", "corps", [
        ("us-xii-corps-hq", "XII Corps HQ (Slocum)", "hq", "regular", 0, 4, (1340, 1800, 45)),
        ("us-xii-1", "1st Division (Williams)", "infantry", "regular", 5200, None, (1450, 1450, 80)),
        ("us-xii-2", "2nd Division (Geary)", "infantry", "regular", 3900, None, (1440, 1250, 60)),
    ]),
    ("us-cavalry-corps", "union", "Cavalry Corps", "corps", [
        ("us-cavalry-corps-hq", "Cavalry Corps HQ (Pleasonton)", "hq", "regular", 0, 3, None),
        ("us-cav-1", "1st Cavalry Division (Buford)", "cavalry", "elite", 2700, None, None),
        ("us-cav-2", "2nd Cavalry Division (Gregg)", "cavalry", "regular", 2600, None, None),
    ]),
    ("cs-army", "confederate", "Army of Northern Virginia (Lee)", "army", [
        ("cs-army-hq", "Lee (army HQ, Seminary Ridge)", "hq", "elite", 0, 6, (480, 440, 90)),
    ]),
    ("cs-first-corps", "confederate", "First Corps", "corps", [
        ("cs-first-corps-hq", "First Corps HQ (Longstreet)", "hq", "elite", 0, 5, (60, 2200, 90)),
        ("cs-first-mclaws", "McLaws's Division", "infantry", "regular", 7100, None, (150, 2050, 90)),
        ("cs-first-hood", "Hood's Division", "infantry", "elite", 7400, None, (170, 2350, 70)),
        ("cs-first-pickett", "Pickett's Division", "infantry", "regular", 5500, None, None),
        ("cs-first-artillery", "First Corps Artillery (Alexander)", "artillery", "regular", 83, None,
         (250, 1850, 90)),
    ]),
    ("cs-second-corps", "confederate", "Second Corps", "corps", [
        ("cs-second-corps-hq", "Second Corps HQ (Ewell)", "hq", "regular", 0, 3, (1150, 250, 180)),
        ("cs-second-early", "Early's Division", "infantry", "regular", 5500, None, (1200, 760, 200)),
        ("cs-second-johnson", "Johnson's Division", "infantry", "regular", 6400, None, (1480, 880, 210)),
        ("cs-second-rodes", "Rodes's Division", "infantry", "regular", 8000, None, (760, 900, 135)),
        ("cs-second-artillery", "Second Corps Artillery (Brown)", "artillery", "regular", 80, None, None),
    ]),
    ("cs-third-corps", "confederate", "Third Corps", "corps", [
        ("cs-third-corps-hq", "Third Corps HQ (A. P. Hill)", "hq", "regular", 0, 3, (380, 700, 90)),
        ("cs-third-heth", "Heth's Division", "infantry", "regular", 7500, None, (330, 1230, 90)),
        ("cs-third-pender", "Pender's Division", "infantry", "regular", 6700, None, (450, 1080, 100)),
        ("cs-third-anderson", "Anderson's Division", "infantry", "regular", 7100, None, (300, 1500, 90)),
        ("cs-third-artillery", "Third Corps Artillery (Walker)", "artillery", "regular", 84, None,
         (520, 920, 100)),
    ]),
    ("cs-cavalry", "confederate", "Cavalry Division", "corps", [
        ("cs-cavalry-hq", "Cavalry Division HQ (Stuart)", "hq", "elite", 0, 4, None),
        ("cs-cavalry-div", "Stuart's cavalry brigades (Hampton, Fitz Lee, Chambliss)", "cavalry", "elite",
         5000, None, None),
    ]),
]

DESCRIPTION = (
    "The second day of Gettysburg for Pub Battles, on the Cope survey of the battlefield (1890s). "
    "Meade's Army of the Potomac holds the fish-hook from Culp's Hill round Cemetery Hill and down Cemetery "
    "Ridge, with Sickles's III Corps pushed forward to the Peach Orchard and the V Corps coming up to the "
    "Round Tops; Lee's Army of Northern Virginia lies along Seminary Ridge and round the town, with "
    "Longstreet's First Corps on the southern end ready to attack. The VI Corps, Pickett's division and "
    "both armies' cavalry are not on the map at the start. Terrain was digitised by hand on the scan and "
    "brought into UTM 18N with an affine fit of 9 rough control points, so it follows the scan, not "
    "modern survey positions.")


# ---------------------------------------------------------------------------------------------------------
def read_gcps(points_path):
    rows = []
    with open(points_path) as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#") or line.startswith("mapX"):
                continue
            v = line.split(",")
            rows.append((float(v[0]), float(v[1]), float(v[2]), float(v[3]), v[4].strip() == "1"))
    return rows


def transformer(src_epsg, dst_epsg):
    src, dst = osr.SpatialReference(), osr.SpatialReference()
    src.ImportFromEPSG(src_epsg)
    dst.ImportFromEPSG(dst_epsg)
    for s in (src, dst):
        s.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    return osr.CoordinateTransformation(src, dst)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def apply(gt, p, l):
    return gt[0] + gt[1] * p + gt[2] * l, gt[3] + gt[4] * p + gt[5] * l


def r2(v):
    return round(v, 2)


def ccw(ring):
    area = sum(ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1] for i in range(len(ring) - 1))
    return ring if area > 0 else list(reversed(ring))


def extend_to_extent(p_end, ext):
    """The point of the extent's boundary nearest to p_end (an end of a line on the scan's edge): the line
    is carried on straight to the map edge across the strip the sheared scan leaves uncovered."""
    x, y = p_end
    options = [(x - ext[0], (ext[0], y)), (ext[2] - x, (ext[2], y)),
               (y - ext[1], (x, ext[1])), (ext[3] - y, (x, ext[3]))]
    return min(options)[1]


def ellipse(cx, cy, a, b, n=24):
    pts = [(cx + a * math.cos(2 * math.pi * i / n), cy + b * math.sin(2 * math.pi * i / n)) for i in range(n)]
    return pts + [pts[0]]


def ogr_geom(g):
    return ogr.CreateGeometryFromJson(json.dumps(g))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", default=os.path.normpath(os.path.join(HERE, "../../../shared/data")))
    ap.add_argument("--out", default=os.path.join(HERE, "gettysburg.sandtable.json"))
    ap.add_argument("--check-image", default=None)
    args = ap.parse_args()

    scan = os.path.join(args.data_dir, "maps", SCAN)
    rows = read_gcps(scan + ".points")

    # 1. affine fit in the working CRS
    to_utm = transformer(4326, 32618)
    gcps, gcp_json = [], []
    for i, (lon, lat, px, py, en) in enumerate(rows, start=1):
        x, y, _ = to_utm.TransformPoint(lon, lat)
        gcps.append(gdal.GCP(x, y, 0.0, px, -py))
        gcp_json.append({"id": i, "pixel": px, "line": -py, "map_x": lon, "map_y": lat, "enabled": en})
    gt = gdal.GCPsToGeoTransform(gcps)
    inv = gdal.InvGeoTransform(gt)
    s_map = s_px = 0.0
    for g in gcps:
        fx, fy = apply(gt, g.GCPPixel, g.GCPLine)
        s_map += (fx - g.GCPX) ** 2 + (fy - g.GCPY) ** 2
        bp, bl = apply(inv, g.GCPX, g.GCPY)
        s_px += (bp - g.GCPPixel) ** 2 + (bl - g.GCPLine) ** 2
    rms_map, rms_px = math.sqrt(s_map / len(gcps)), math.sqrt(s_px / len(gcps))
    corners = [apply(gt, p, l) for p, l in ((0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT))]
    extent = [math.floor(min(c[0] for c in corners)), math.floor(min(c[1] for c in corners)),
              math.ceil(max(c[0] for c in corners)), math.ceil(max(c[1] for c in corners))]
    print("geotransform", list(gt))
    print("rms_map %.3f m, rms_px %.3f px" % (rms_map, rms_px))
    print("extent", extent)

    def utm(p):
        x, y = apply(gt, p[0], p[1])
        return [r2(x), r2(y)]

    def poly(pts):
        ring = [utm(p) for p in pts]
        ring.append(ring[0])
        return {"type": "Polygon", "coordinates": [ccw(ring)]}

    terrain = []
    for fid, name, pts in WOODS:
        terrain.append({"id": fid, "class": "woods", "name": name, "geometry": poly(pts)})
    terrain.append({"id": VILLAGE[0], "class": "village", "name": VILLAGE[1], "geometry": poly(VILLAGE[2])})
    for fid, name, grade, pts in ROADS:
        terrain.append({"id": fid, "class": "road", "name": name,
                        "geometry": {"type": "LineString", "coordinates": [utm(p) for p in pts]},
                        "attributes": {"grade": grade}})
    for fid, name, pts in STREAMS:
        line = [utm(p) for p in pts]
        # both ends leave the scan: carry them on to the extent's boundary (the map edge)
        line.insert(0, [r2(v) for v in extend_to_extent(line[0], extent)])
        line.append([r2(v) for v in extend_to_extent(line[-1], extent)])
        terrain.append({"id": fid, "class": "stream", "name": name,
                        "geometry": {"type": "LineString", "coordinates": line},
                        "attributes": {"note": "digitised on the scan; both ends carried on straight to "
                                               "the nearest point of the map edge"}})
    terrain.append({"id": "bridge-chambersburg-pike-willoughby-run", "class": "bridge",
                    "name": "Chambersburg Pike bridge over Willoughby Run",
                    "geometry": {"type": "Point", "coordinates": utm(PIKE_X_WILLOUGHBY)}})
    for fid, name, level, pts in HILLS:
        terrain.append({"id": fid, "class": "hill", "name": name, "geometry": poly(pts),
                        "attributes": {"level": level}})
    # Big Round Top, off the scan's bottom edge
    lx, ly, _ = to_utm.TransformPoint(*LRT_SUMMIT_LONLAT)
    bx, by, _ = to_utm.TransformPoint(*BRT_SUMMIT_LONLAT)
    sx, sy = apply(gt, *LRT_SUMMIT)
    cx, cy = sx + (bx - lx), sy + (by - ly)
    note = ("not on the scan (beyond its bottom edge): placed from the public summit coordinates of both "
            "Round Tops relative to Little Round Top's summit digitised on the scan")
    for fid, name, level, axes in (("hill-big-round-top", "Big Round Top", 1, BRT_LEVEL1_AXES),
                                   ("hill-big-round-top-summit", "Big Round Top summit", 2, BRT_LEVEL2_AXES)):
        ring = ccw([[r2(x), r2(y)] for x, y in ellipse(cx, cy, *axes)])
        terrain.append({"id": fid, "class": "hill", "name": name,
                        "geometry": {"type": "Polygon", "coordinates": [ring]},
                        "attributes": {"level": level, "note": note}})

    formations, units = [], []
    for fid, side, name, echelon, us in OOB:
        formations.append({"id": fid, "side": side, "name": name, "echelon": echelon})
        for uid, uname, utype, quality, strength, command, place in us:
            u = {"id": uid, "formation": fid, "name": uname, "type": utype, "quality": quality,
                 "strength": strength}
            if command is not None:
                u["command"] = command
            if place is not None:
                x, y = utm(place[:2])
                u["placement"] = {"x": x, "y": y, "facing": float(place[2]), "column": False}
            units.append(u)

    doc = {
        "format": "sandtable-scenario", "version": 1,
        "id": "gettysburg-1863", "title": "Gettysburg, 1-3 July 1863", "description": DESCRIPTION,
        "system": "pub-battles", "battle": "Gettysburg", "date": "1863-07-01", "crs": "EPSG:32618",
        "scale": 16000.0, "extent": extent,
        "map": {"path": MAP_PATH, "sha256": sha256(scan), "width": WIDTH, "height": HEIGHT,
                "georeference": {"gcp_crs": "EPSG:4326", "method": "affine", "crs": "EPSG:32618",
                                 "gcps": gcp_json, "transform": list(gt),
                                 "rms_map": rms_map, "rms_px": rms_px}},
        "terrain": terrain, "sides": SIDES, "formations": formations, "units": units,
    }

    # 2. self-checks (the same rules sandtable validates, plus a few of docs/model.md's topology rules)
    problems = []
    geoms = {f["id"]: ogr_geom(f["geometry"]) for f in terrain}
    for f in terrain:
        if not geoms[f["id"]].IsValid():
            problems.append(f["id"] + ": invalid geometry")
    bridge = geoms["bridge-chambersburg-pike-willoughby-run"]
    if not (bridge.Intersects(geoms["road-chambersburg-pike"]) and bridge.Intersects(geoms["stream-willoughby-run"])):
        problems.append("bridge not on both the pike and the run")
    if not geoms["hill-big-round-top-summit"].Within(geoms["hill-big-round-top"]):
        problems.append("level-2 summit not inside Big Round Top")
    if geoms["hill-big-round-top"].Intersects(geoms["hill-little-round-top"]):
        problems.append("the Round Tops overlap")
    placed = [u for u in units if "placement" in u]
    for u in placed:
        p = u["placement"]
        if not (extent[0] <= p["x"] <= extent[2] and extent[1] <= p["y"] <= extent[3]):
            problems.append(u["id"] + ": off the map")
        pt = ogr.CreateGeometryFromWkt("POINT (%f %f)" % (p["x"], p["y"]))
        if pt.Within(geoms[VILLAGE[0]]):
            problems.append(u["id"] + ": starts in the town")
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            d = math.hypot(a["placement"]["x"] - b["placement"]["x"], a["placement"]["y"] - b["placement"]["y"])
            if d < 400:
                problems.append("%s and %s only %.0f m apart" % (a["id"], b["id"], d))
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)

    with open(args.out, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    print("wrote", args.out, "-", len(terrain), "terrain features,", len(units), "units")

    if args.check_image:
        draw_check(scan, args.check_image, inv, terrain, placed)
    return 1 if problems else 0


def draw_check(scan, out, inv, terrain, placed):
    """Terrain (sent back to pixel space through the inverse fit) over the scan."""
    colours = {"woods": "#006400", "village": "#c000c0", "road": "#ff0000", "stream": "#0060ff",
               "hill": "#ff8000", "bridge": "#000000"}
    cmd = ["convert", scan, "-strokewidth", "3", "-fill", "none"]

    def px(c):
        p, l = apply(inv, c[0], c[1])
        return "%.1f,%.1f" % (p, l)

    for f in terrain:
        g, col = f["geometry"], colours.get(f["class"], "#000000")
        if g["type"] == "Polygon":
            cmd += ["-stroke", col, "-draw", "polygon " + " ".join(px(c) for c in g["coordinates"][0][:-1])]
        elif g["type"] == "LineString":
            c = g["coordinates"]
            cmd += ["-stroke", col] + sum((["-draw", "line %s %s" % (px(c[i]), px(c[i + 1]))]
                                           for i in range(len(c) - 1)), [])
        elif g["type"] == "Point":
            p, l = apply(inv, *g["coordinates"])
            cmd += ["-stroke", col, "-draw", "circle %.1f,%.1f %.1f,%.1f" % (p, l, p + 8, l)]
    for u in placed:
        p, l = apply(inv, u["placement"]["x"], u["placement"]["y"])
        col = "#1f3a93" if u["id"].startswith("us-") else "#8b1a1a"
        a = math.radians(u["placement"]["facing"])
        # facing arrow: map north is roughly "up" on the scan
        cmd += ["-stroke", col, "-fill", col, "-draw", "rectangle %.1f,%.1f %.1f,%.1f" % (p - 9, l - 9, p + 9, l + 9),
                "-draw", "line %.1f,%.1f %.1f,%.1f" % (p, l, p + 30 * math.sin(a), l - 30 * math.cos(a)),
                "-fill", "none"]
    subprocess.run(cmd + [out], check=True)
    print("check image", out)


if __name__ == "__main__":
    sys.exit(main())
