#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Gettysburg Campaign Lite example from the Pub Battles example's map and terrain, with the
# sandtable tool: lay the grid, add forces and objectives, derive primary terrain, roll secondary terrain,
# print the sheets. Usage: build_campaign.py PATH/TO/sandtable [--copies N]
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parent / "gettysburg" / "gettysburg.sandtable.json"
OUT = HERE / "gettysburg-campaign.sandtable.json"

# Half-mile squares (Campaign Lite squares "can be any scale"): 9 columns x 11 rows cover the 6.8 x 8.0 km
# map with 228 m to spare east and west, and reach 805 m south of it so Big Round Top (placed off the scan)
# is on the grid. South-west corner in EPSG:32618 metres.
SQUARE = 1609.344 / 2
ORIGIN = (305093.5, 4404629.0)
COLUMNS, ROWS = 9, 11


def run(tool, *args):
    print("+ sandtable", " ".join(args), flush=True)
    subprocess.run([tool, *args], check=True)


def main():
    tool = sys.argv[1]
    copies = sys.argv[sys.argv.index("--copies") + 1] if "--copies" in sys.argv else "2"
    doc = json.loads(SOURCE.read_text())
    doc["id"] = "gettysburg-1863-campaign"
    doc["title"] = "Gettysburg, 1 July 1863: the approach (Campaign Lite)"
    doc["description"] = (
        "A Campaign Lite meeting engagement over the Cope survey of Gettysburg, in half-mile squares. Buford's "
        "cavalry holds the ridges west of the town; Heth and Pender come down the Chambersburg and Fairfield "
        "roads, Rodes and Early from the north; the I and XI Corps march up from the south. Whoever holds the "
        "town and Cemetery Hill at dusk, with the line of communication open, wins.")
    doc["system"] = "campaign-lite"
    # Campaign Lite moves forces, not blocks: the Pub Battles order of battle stays in ../gettysburg/.
    doc["formations"] = []
    doc["units"] = []
    doc.pop("campaign", None)
    OUT.write_text(json.dumps(doc, indent=2) + "\n")
    run(tool, "grid", "new", str(OUT), "--square", repr(SQUARE), "--origin", f"{ORIGIN[0]},{ORIGIN[1]}",
        "--rows", str(ROWS), "--cols", str(COLUMNS), "--numbering", "letter-number")

    doc = json.loads(OUT.read_text())
    c = doc["campaign"]
    # Squares by the names players call (A1 = north-west); worked out from the terrain's coordinates in README.md.
    c["forces"] = [
        {"id": "buford", "side": "union", "name": "Buford's cavalry division", "square": "B2",
         "infantry": 0, "cavalry": 2, "artillery": 1, "deployed": True},
        {"id": "wadsworth", "side": "union", "name": "I Corps, Wadsworth", "square": "C10",
         "infantry": 2, "cavalry": 0, "artillery": 1, "deployed": False},
        {"id": "i-corps", "side": "union", "name": "I Corps, Doubleday and Robinson", "square": "C11",
         "infantry": 4, "cavalry": 0, "artillery": 1, "deployed": False},
        {"id": "xi-corps", "side": "union", "name": "XI Corps, Howard", "square": "F11",
         "infantry": 6, "cavalry": 0, "artillery": 2, "deployed": False},
        {"id": "heth", "side": "confederate", "name": "Heth's division", "square": "A1",
         "infantry": 4, "cavalry": 0, "artillery": 1, "deployed": False},
        {"id": "pender", "side": "confederate", "name": "Pender's division", "square": "A4",
         "infantry": 4, "cavalry": 0, "artillery": 1, "deployed": False},
        {"id": "rodes", "side": "confederate", "name": "Rodes's division", "square": "C1",
         "infantry": 5, "cavalry": 0, "artillery": 1, "deployed": False},
        {"id": "early", "side": "confederate", "name": "Early's division", "square": "G1",
         "infantry": 4, "cavalry": 0, "artillery": 1, "deployed": False},
    ]
    c["stacking_limit"] = 12  # campaign-lite.txt: "You may try a limit of ... twelve brigades/units per square mile"
    c["objectives"] = [
        {"id": "town", "name": "Gettysburg", "kind": "town", "square": "F3", "points": 2},
        {"id": "cemetery-hill", "name": "Cemetery Hill", "kind": "fort", "square": "G5", "points": 1},
        {"id": "little-round-top", "name": "Little Round Top", "kind": "fort", "square": "F10", "points": 1},
        {"id": "loc-union", "name": "Baltimore Pike", "kind": "line-of-communication", "square": "I8", "points": 1,
         "side": "union"},
        {"id": "loc-confederate", "name": "Chambersburg Pike", "kind": "line-of-communication", "square": "A1",
         "points": 1, "side": "confederate"},
    ]
    c["clock"] = {"turn_minutes": 60, "start": "07:00", "end_of_daylight": "20:00"}
    c["intelligence"] = [
        {"side": "union", "seen_forces": ["heth"],
         "told": "Infantry in strength on the Chambersburg Pike to the west; more columns reported north of the town."},
        {"side": "confederate", "seen_forces": ["buford"],
         "told": "Cavalry on the ridges west of the town; the Federal infantry is somewhere to the south."},
    ]
    # Culp's Hill is digitised as woods only; the designer marks its square as hill too, an override the
    # derivation keeps.
    c["overrides"] = [{"square": "H6", "class": "hill", "cover": "half", "note": "Culp's Hill (digitised as woods only)"}]
    OUT.write_text(json.dumps(doc, indent=2) + "\n")

    run(tool, "grid", "derive", str(OUT))
    run(tool, "grid", "roll", str(OUT), "--seed", "1863", "--region", "farming-plain")
    run(tool, "scenario", "validate", str(OUT))
    run(tool, "grid", "print", str(OUT), "-o", str(HERE / "gettysburg-campaign-sheets.pdf"), "--copies", copies,
        "--underlay", "--dpi", "150")


if __name__ == "__main__":
    main()
