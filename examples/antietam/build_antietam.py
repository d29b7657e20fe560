#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes antietam.sandtable.json: Antietam, 17 September 1862, for Pub Battles at corps/division level.
"""Antietam (Sharpsburg), 17 September 1862, as a Pub Battles scenario without a raster.

Terrain is digitised from public knowledge of the field (approximate WGS84 positions of Antietam Creek, the
Hagerstown and Boonsboro pikes, the town of Sharpsburg, the North, East and West Woods and the Cornfield),
projected to UTM zone 18N (EPSG:32618) with the USGS (Snyder 1987) transverse Mercator series. The order of
battle follows the standard published orders of battle of the Army of the Potomac and the Army of Northern
Virginia at division level. Run:  python3 build_antietam.py && sandtable scenario upgrade antietam.sandtable.json
"""
import json
import math
import os

A = 6378137.0
F = 1 / 298.257223563
K0 = 0.9996


def utm18(lat, lon):
    """WGS84 latitude/longitude (degrees) -> UTM zone 18N easting/northing (metres), Snyder's series."""
    e2 = F * (2 - F)
    ep2 = e2 / (1 - e2)
    phi = math.radians(lat)
    lam = math.radians(lon) - math.radians(-75.0)
    n = A / math.sqrt(1 - e2 * math.sin(phi) ** 2)
    t = math.tan(phi) ** 2
    c = ep2 * math.cos(phi) ** 2
    a = math.cos(phi) * lam
    m = A * ((1 - e2 / 4 - 3 * e2 ** 2 / 64 - 5 * e2 ** 3 / 256) * phi
             - (3 * e2 / 8 + 3 * e2 ** 2 / 32 + 45 * e2 ** 3 / 1024) * math.sin(2 * phi)
             + (15 * e2 ** 2 / 256 + 45 * e2 ** 3 / 1024) * math.sin(4 * phi)
             - (35 * e2 ** 3 / 3072) * math.sin(6 * phi))
    x = K0 * n * (a + (1 - t + c) * a ** 3 / 6 + (5 - 18 * t + t * t + 72 * c - 58 * ep2) * a ** 5 / 120) + 500000.0
    y = K0 * (m + n * math.tan(phi) * (a * a / 2 + (5 - t + 9 * c + 4 * c * c) * a ** 4 / 24
                                       + (61 - 58 * t + t * t + 600 * c - 330 * ep2) * a ** 6 / 720))
    return round(x, 1), round(y, 1)


def line(points):
    return {"type": "LineString", "coordinates": [list(utm18(*p)) for p in points]}


def polygon(points):
    ring = [list(utm18(*p)) for p in points]
    # Counter-clockwise shell, closed.
    area = sum(ring[i][0] * ring[(i + 1) % len(ring)][1] - ring[(i + 1) % len(ring)][0] * ring[i][1] for i in range(len(ring)))
    if area < 0:
        ring.reverse()
    ring.append(list(ring[0]))
    return {"type": "Polygon", "coordinates": [ring]}


# Map extent: 39.425-39.510 N, 77.775-77.695 W, rounded outwards to 100 m in UTM 18N.
corners = [utm18(39.425, -77.775), utm18(39.510, -77.775), utm18(39.425, -77.695), utm18(39.510, -77.695)]
EXTENT = [math.floor(min(c[0] for c in corners) / 100) * 100, math.floor(min(c[1] for c in corners) / 100) * 100,
          math.ceil(max(c[0] for c in corners) / 100) * 100, math.ceil(max(c[1] for c in corners) / 100) * 100]

# Landmarks (approximate WGS84 positions from public maps of the battlefield).
SHARPSBURG = (39.4579, -77.7486)
DUNKER_CHURCH = (39.4747, -77.7447)
CORNFIELD = (39.4827, -77.7437)
EAST_WOODS = (39.4822, -77.7385)
WEST_WOODS = (39.4775, -77.7482)
NORTH_WOODS = (39.4898, -77.7458)
SUNKEN_ROAD = (39.4703, -77.7372)
BURNSIDE_BRIDGE = (39.4500, -77.7319)
MIDDLE_BRIDGE = (39.4713, -77.7205)
UPPER_BRIDGE = (39.4886, -77.7160)

terrain = [
    {"id": "stream-antietam-creek", "class": "stream", "name": "Antietam Creek",
     "geometry": line([(39.5120, -77.7120), (39.4995, -77.7135), UPPER_BRIDGE, (39.4800, -77.7185), MIDDLE_BRIDGE,
                       (39.4630, -77.7250), (39.4560, -77.7300), BURNSIDE_BRIDGE, (39.4430, -77.7335),
                       (39.4330, -77.7380), (39.4230, -77.7420)]),
     "attributes": {"note": "fordable in places; three stone bridges (upper, middle, Rohrbach/Burnside)"}},
    {"id": "bridge-burnside", "class": "bridge", "name": "Rohrbach (Burnside) Bridge",
     "geometry": {"type": "Point", "coordinates": list(utm18(*BURNSIDE_BRIDGE))}, "attributes": {}},
    {"id": "bridge-middle", "class": "bridge", "name": "Middle Bridge (Boonsboro Pike)",
     "geometry": {"type": "Point", "coordinates": list(utm18(*MIDDLE_BRIDGE))}, "attributes": {}},
    {"id": "road-hagerstown-pike", "class": "road", "name": "Hagerstown Pike",
     "geometry": line([SHARPSBURG, (39.4660, -77.7468), DUNKER_CHURCH, (39.4830, -77.7455), (39.4950, -77.7462),
                       (39.5120, -77.7470)]),
     "attributes": {"grade": "major"}},
    {"id": "road-boonsboro-pike", "class": "road", "name": "Boonsboro Pike",
     "geometry": line([SHARPSBURG, (39.4620, -77.7420), (39.4665, -77.7330), MIDDLE_BRIDGE, (39.4760, -77.7100),
                       (39.4830, -77.6990), (39.4880, -77.6920)]),
     "attributes": {"grade": "major"}},
    {"id": "road-shepherdstown-pike", "class": "road", "name": "Shepherdstown Pike (to Boteler's Ford)",
     "geometry": line([SHARPSBURG, (39.4560, -77.7580), (39.4520, -77.7680), (39.4490, -77.7780)]),
     "attributes": {"grade": "minor"}},
    {"id": "road-harpers-ferry", "class": "road", "name": "Harpers Ferry Road",
     "geometry": line([SHARPSBURG, (39.4500, -77.7480), (39.4400, -77.7500), (39.4230, -77.7520)]),
     "attributes": {"grade": "minor"}},
    {"id": "road-rohrbach-bridge", "class": "road", "name": "Rohrbach Bridge road",
     "geometry": line([(39.4555, -77.7440), (39.4520, -77.7370), BURNSIDE_BRIDGE, (39.4480, -77.7230),
                       (39.4440, -77.7050), (39.4420, -77.6930)]),
     "attributes": {"grade": "minor"}},
    {"id": "village-sharpsburg", "class": "village", "name": "Sharpsburg",
     "geometry": polygon([(39.4612, -77.7530), (39.4612, -77.7440), (39.4548, -77.7440), (39.4548, -77.7530)]),
     "attributes": {}},
    {"id": "woods-north", "class": "woods", "name": "North Woods",
     "geometry": polygon([(39.4925, -77.7500), (39.4925, -77.7425), (39.4880, -77.7420), (39.4875, -77.7495)]),
     "attributes": {}},
    {"id": "woods-east", "class": "woods", "name": "East Woods",
     "geometry": polygon([(39.4858, -77.7405), (39.4855, -77.7355), (39.4790, -77.7360), (39.4795, -77.7410)]),
     "attributes": {}},
    {"id": "woods-west", "class": "woods", "name": "West Woods",
     "geometry": polygon([(39.4815, -77.7515), (39.4812, -77.7462), (39.4742, -77.7452), (39.4735, -77.7510)]),
     "attributes": {}},
    {"id": "field-cornfield", "class": "field", "name": "The Cornfield (Miller farm)",
     "geometry": polygon([(39.4845, -77.7448), (39.4845, -77.7412), (39.4815, -77.7412), (39.4815, -77.7448)]),
     "attributes": {"note": "standing corn: no rule effect in Pub Battles"}},
]


def at(landmark, east=0.0, north=0.0):
    x, y = utm18(*landmark)
    return [round(x + east, 1), round(y + north, 1)]


def placed(xy, facing, column=False):
    return {"x": xy[0], "y": xy[1], "facing": facing, "column": column}


units = []


def unit(uid, formation, name, utype, quality="regular", strength=0, command=None, placement=None, arrival=None,
         reserve=None):
    u = {"id": uid, "formation": formation, "name": name, "type": utype, "quality": quality, "strength": strength}
    if command is not None:
        u["command"] = command
    if placement is not None:
        u["placement"] = placement
    if reserve is not None:
        u["reserve"] = reserve
    if arrival is not None:
        u["arrival"] = arrival
    units.append(u)


formations = [
    {"id": "us-army", "side": "union", "name": "Army of the Potomac (McClellan)", "echelon": "army"},
    {"id": "us-i", "side": "union", "name": "I Corps (Hooker)", "echelon": "corps", "chit": "I"},
    {"id": "us-ii", "side": "union", "name": "II Corps (Sumner)", "echelon": "corps", "chit": "II"},
    {"id": "us-v", "side": "union", "name": "V Corps (Porter)", "echelon": "corps", "chit": "V"},
    {"id": "us-vi", "side": "union", "name": "VI Corps (Franklin)", "echelon": "corps", "chit": "VI"},
    {"id": "us-ix", "side": "union", "name": "IX Corps (Burnside, Cox)", "echelon": "corps", "chit": "IX"},
    {"id": "us-xii", "side": "union", "name": "XII Corps (Mansfield)", "echelon": "corps", "chit": "XII"},
    {"id": "us-cav", "side": "union", "name": "Cavalry Division (Pleasonton)", "echelon": "corps", "chit": "Cav"},
    {"id": "cs-army", "side": "confederate", "name": "Army of Northern Virginia (Lee)", "echelon": "army"},
    {"id": "cs-jackson", "side": "confederate", "name": "Jackson's Command", "echelon": "wing", "chit": "Jackson"},
    {"id": "cs-longstreet", "side": "confederate", "name": "Longstreet's Command", "echelon": "wing", "chit": "Longstreet"},
    {"id": "cs-cav", "side": "confederate", "name": "Cavalry Division (Stuart)", "echelon": "corps", "chit": "Stuart"},
]

# Union: army HQ at the Pry house east of the creek, the corps from north to south as at dawn.
PRY_HOUSE = (39.4765, -77.7095)
unit("us-army-hq", "us-army", "McClellan (Pry house)", "hq", command=3, placement=placed(at(PRY_HOUSE), 270.0))
unit("us-artillery-reserve", "us-army", "Artillery Reserve (Hays)", "artillery", strength=42,
     placement=placed(at(PRY_HOUSE, -700, -350), 270.0))
unit("us-baggage", "us-army", "Army trains (Keedysville)", "baggage-train",
     placement=placed(at(PRY_HOUSE, 900, 500), 90.0))

unit("us-i-hq", "us-i", "I Corps HQ (Hooker)", "hq", command=4, placement=placed(at(NORTH_WOODS, 250, 850), 180.0))
unit("us-i-doubleday", "us-i", "1st Division (Doubleday)", "infantry", strength=3400,
     placement=placed(at(NORTH_WOODS, -300, 320), 180.0))
unit("us-i-ricketts", "us-i", "2nd Division (Ricketts)", "infantry", strength=3150,
     placement=placed(at(NORTH_WOODS, 600, 250), 180.0))
unit("us-i-meade", "us-i", "3rd Division, Pennsylvania Reserves (Meade)", "infantry", strength=2850,
     placement=placed(at(NORTH_WOODS, 150, 700), 180.0))
unit("us-i-artillery", "us-i", "I Corps artillery (Poffenberger ridge)", "artillery", strength=40,
     placement=placed(at(NORTH_WOODS, 1050, 800), 200.0))

unit("us-xii-hq", "us-xii", "XII Corps HQ (Mansfield)", "hq", command=3, placement=placed(at(NORTH_WOODS, 1500, 1450), 200.0))
unit("us-xii-williams", "us-xii", "1st Division (Williams)", "infantry", strength=4700,
     placement=placed(at(NORTH_WOODS, 1300, 1000), 200.0))
unit("us-xii-greene", "us-xii", "2nd Division (Greene)", "infantry", strength=2500,
     placement=placed(at(NORTH_WOODS, 2050, 1200), 200.0))

unit("us-ii-hq", "us-ii", "II Corps HQ (Sumner)", "hq", command=3, placement=placed(at(UPPER_BRIDGE, 1300, -1650), 270.0))
unit("us-ii-sedgwick", "us-ii", "2nd Division (Sedgwick)", "infantry", strength=5400,
     placement=placed(at(UPPER_BRIDGE, 700, -1200), 270.0))
unit("us-ii-french", "us-ii", "3rd Division (French; new regiments)", "infantry", "militia", strength=5700,
     placement=placed(at(UPPER_BRIDGE, 1150, -1900), 270.0))
unit("us-ii-richardson", "us-ii", "1st Division (Richardson)", "infantry", strength=4000,
     placement=placed(at(UPPER_BRIDGE, 1750, -1300), 270.0))

unit("us-v-hq", "us-v", "V Corps HQ (Porter)", "hq", command=3, placement=placed(at(MIDDLE_BRIDGE, 1000, 300), 270.0))
unit("us-v-sykes", "us-v", "2nd Division, US Regulars (Sykes)", "infantry", "elite", strength=2900,
     placement=placed(at(MIDDLE_BRIDGE, 600, -150), 270.0))
unit("us-v-morell", "us-v", "1st Division (Morell)", "infantry", strength=4300,
     placement=placed(at(MIDDLE_BRIDGE, 1400, -300), 270.0))

unit("us-cav-hq", "us-cav", "Cavalry HQ (Pleasonton)", "hq", command=4, placement=placed(at(MIDDLE_BRIDGE, 1500, 900), 270.0))
unit("us-cav-pleasonton", "us-cav", "Cavalry Division (Pleasonton)", "cavalry", strength=4300,
     placement=placed(at(MIDDLE_BRIDGE, 950, 800), 270.0))

unit("us-ix-hq", "us-ix", "IX Corps HQ (Burnside; Cox)", "hq", command=2, placement=placed(at(BURNSIDE_BRIDGE, 1450, 450), 270.0))
unit("us-ix-sturgis", "us-ix", "2nd Division (Sturgis)", "infantry", strength=3450,
     placement=placed(at(BURNSIDE_BRIDGE, 800, 350), 270.0))
unit("us-ix-rodman", "us-ix", "3rd Division (Rodman)", "infantry", strength=3200,
     placement=placed(at(BURNSIDE_BRIDGE, 900, -550), 270.0))
unit("us-ix-willcox", "us-ix", "1st Division (Willcox)", "infantry", strength=3250,
     placement=placed(at(BURNSIDE_BRIDGE, 1750, 1000), 270.0))
unit("us-ix-scammon", "us-ix", "Kanawha Division (Scammon)", "infantry", strength=3150,
     placement=placed(at(BURNSIDE_BRIDGE, 1950, -200), 270.0))

# VI Corps marched from Pleasant Valley and came up the Boonsboro Pike about 10 a.m.: turn 4 at the east edge.
PIKE_EAST_EDGE = utm18(39.4880, -77.6920)
unit("us-vi-hq", "us-vi", "VI Corps HQ (Franklin)", "hq", command=3,
     arrival={"day": 1, "turn": 4, "entry": list(PIKE_EAST_EDGE), "road": "road-boonsboro-pike"})
unit("us-vi-slocum", "us-vi", "1st Division (Slocum)", "infantry", strength=4500,
     arrival={"day": 1, "turn": 4, "entry": list(PIKE_EAST_EDGE), "road": "road-boonsboro-pike"})
unit("us-vi-smith", "us-vi", "2nd Division (Smith)", "infantry", strength=4500,
     arrival={"day": 1, "turn": 4, "entry": list(PIKE_EAST_EDGE), "road": "road-boonsboro-pike"})

# Confederates: Lee at the western edge of Sharpsburg, Jackson north, Longstreet in the centre and south.
# Lee watched from the ridge (Cemetery Hill) east of the town; D. H. Hill's division and S. D. Lee's artillery
# battalion answered to army headquarters.
unit("cs-army-hq", "cs-army", "Lee (Cemetery Hill)", "hq", command=5, placement=placed(at(SHARPSBURG, 1000, 1200), 90.0))
unit("cs-baggage", "cs-army", "Army trains (Shepherdstown road)", "baggage-train",
     placement=placed(at(SHARPSBURG, -1100, -700), 270.0))
unit("cs-army-dh-hill", "cs-army", "D. H. Hill's Division", "infantry", strength=5800,
     placement=placed(at(SUNKEN_ROAD, 0, 0), 30.0))
unit("cs-army-sd-lee", "cs-army", "S. D. Lee's artillery battalion", "artillery", strength=24,
     placement=placed(at(DUNKER_CHURCH, 200, 150), 70.0))

unit("cs-jackson-hq", "cs-jackson", "Jackson's HQ", "hq", command=5, placement=placed(at(DUNKER_CHURCH, -300, 600), 0.0))
unit("cs-jackson-jr-jones", "cs-jackson", "Jackson's Division (J. R. Jones)", "infantry", strength=1600,
     placement=placed(at(WEST_WOODS, 80, 900), 0.0))
unit("cs-jackson-lawton", "cs-jackson", "Ewell's Division (Lawton)", "infantry", strength=2500,
     placement=placed(at(DUNKER_CHURCH, 550, 500), 20.0))
unit("cs-jackson-artillery", "cs-jackson", "Artillery on Nicodemus Heights (Pelham)", "artillery", strength=20,
     placement=placed(at(DUNKER_CHURCH, -900, 900), 90.0))
# A. P. Hill's Light Division marched from Harpers Ferry and arrived about 3:30 p.m.: turn 6, Harpers Ferry Road.
HF_ROAD_SOUTH_EDGE = utm18(39.4250, -77.7520)
unit("cs-jackson-ap-hill", "cs-jackson", "Light Division (A. P. Hill)", "infantry", "elite", strength=3000,
     arrival={"day": 1, "turn": 6, "entry": list(HF_ROAD_SOUTH_EDGE), "road": "road-harpers-ferry"})

unit("cs-longstreet-hq", "cs-longstreet", "Longstreet's HQ", "hq", command=5, placement=placed(at(SHARPSBURG, 500, -100), 90.0))
# Hood's men, fought out on the night of the 16th, rested behind the Dunker Church: in Longstreet's reserve.
unit("cs-longstreet-hood", "cs-longstreet", "Hood's Division", "infantry", "elite", strength=2300,
     reserve="cs-longstreet-hq")
unit("cs-longstreet-dr-jones", "cs-longstreet", "D. R. Jones's Division", "infantry", strength=3400,
     placement=placed(at(SHARPSBURG, 700, -500), 110.0))
unit("cs-longstreet-walker", "cs-longstreet", "Walker's Division", "infantry", strength=3200,
     placement=placed(at(SHARPSBURG, 200, -1150), 110.0))
unit("cs-longstreet-evans", "cs-longstreet", "Evans's Brigade", "detachment", strength=550,
     placement=placed(at(SHARPSBURG, 1100, 250), 90.0))
# McLaws and R. H. Anderson crossed Boteler's Ford after a night march and came up about 7:30 a.m.: turn 2.
SHEPHERDSTOWN_WEST_EDGE = utm18(39.4490, -77.7780)
unit("cs-longstreet-mclaws", "cs-longstreet", "McLaws's Division", "infantry", strength=2800,
     arrival={"day": 1, "turn": 2, "entry": list(SHEPHERDSTOWN_WEST_EDGE), "road": "road-shepherdstown-pike"})
unit("cs-longstreet-anderson", "cs-longstreet", "R. H. Anderson's Division", "infantry", strength=3500,
     arrival={"day": 1, "turn": 2, "entry": list(SHEPHERDSTOWN_WEST_EDGE), "road": "road-shepherdstown-pike"})

unit("cs-cav-hq", "cs-cav", "Stuart's HQ", "hq", command=5, placement=placed(at(NORTH_WOODS, -1300, 250), 90.0))
unit("cs-cav-stuart", "cs-cav", "Cavalry Division (Stuart)", "cavalry", strength=4500,
     placement=placed(at(NORTH_WOODS, -1400, -550), 90.0))

scenario = {
    "format": "sandtable-scenario",
    "version": 1,
    "id": "antietam-1862",
    "title": "Antietam, 17 September 1862",
    "description": "Pub Battles at division level: the Army of the Potomac (McClellan) against the Army of Northern "
                   "Virginia (Lee) on Antietam Creek. One day of 8 turns from dawn; no raster: the terrain is digitised "
                   "in UTM 18N from public knowledge of the field (build_antietam.py).",
    "system": "pub-battles",
    "battle": "Antietam",
    "date": "1862-09-17",
    "crs": "EPSG:32618",
    "scale": 16000.0,
    "extent": EXTENT,
    "custom_terrain_classes": [],
    "terrain": terrain,
    "sides": [
        {"id": "union", "name": "Army of the Potomac", "colour": "#1f3a93",
         "lines_of_communication": ["road-boonsboro-pike"]},
        {"id": "confederate", "name": "Army of Northern Virginia", "colour": "#8b1a1a",
         "lines_of_communication": ["road-shepherdstown-pike"]},
    ],
    "formations": formations,
    "units": units,
    "setup": {
        "start_day": 1, "start_turn": 1, "days": 1, "baggage_packed": True,
        "cavalry_types": ["cavalry"],
        "combat_order_side": "confederate",
        "special_rules": "Antietam Creek is a stream: reduced to cross (fordable). The Confederate player chooses the "
                         "order of combats (Lee's better command). The Union line of communication is the Boonsboro "
                         "Pike east; the Confederate one the Shepherdstown Pike west to Boteler's Ford.",
        "block_length_mm": 40.0, "block_depth_mm": 12.0,
        "sticker_width_mm": 38.0, "sticker_height_mm": 16.0,
        "route_column_length_mm": 80.0,
    },
}

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "antietam.sandtable.json"), "w", encoding="utf-8") as out:
    json.dump(scenario, out, indent=2, ensure_ascii=False)
    out.write("\n")
