#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes rossbach.sandtable.json: Rossbach, 5 November 1757, for the SYW miniatures house rules.
"""Rossbach, 5 November 1757, on a 240 x 180 cm table for the SYW miniatures house rules.

The Franco-Imperial army (Soubise, Hildburghausen) marched round the Prussian left to attack; Frederick
struck it on the march from behind the Janus Hill with Seydlitz's cavalry and the infantry of the left.
Regiments follow the published orders of battle (Prussian army of about 22,000; French and Reichsarmee of
about 41,000), scaled down to figures: an infantry regiment of 25 (24 men and bearers + 1 officer), a cavalry
regiment of 13 (12 troopers + 1 officer), a battery of 2 guns with limbers. Positions are table metres
(x east along the 240 cm width, y north along the 180 cm depth) in the local frame LOCAL:table.
Run:  python3 build_rossbach.py && sandtable scenario upgrade rossbach.sandtable.json
"""
import json
import os

units = []


def regiment(uid, formation, name, utype, figures, x, y, facing, quality="regular"):
    units.append({"id": uid, "formation": formation, "name": name, "type": utype, "quality": quality,
                  "strength": sum(figures.values()),
                  "placement": {"x": x, "y": y, "facing": facing, "column": False}, "figures": figures})


def line_infantry(musicians=2):
    return {"musketeers": 24 - musicians, "musicians": musicians, "officers": 1}


def grenadiers():
    return {"grenadiers": 24, "officers": 1}


def horse(kind):
    return {kind: 12, "officers": 1}


def battery(kind="cannon"):
    return {kind: 2, "limbers": 2}


# Prussians (defender, deployed first) on the east half, facing west and south-west.
regiment("pr-gdc", "pr-seydlitz", "Garde du Corps", "cavalry", horse("cuirassiers"), 1.95, 1.35, 240.0, "guard")
regiment("pr-gensdarmes", "pr-seydlitz", "Gens d'armes (C10)", "cavalry", horse("cuirassiers"), 1.80, 1.45, 240.0, "elite")
regiment("pr-rochow", "pr-seydlitz", "Rochow Cuirassiers (C8)", "cavalry", horse("cuirassiers"), 2.10, 1.25, 240.0)
regiment("pr-driesen", "pr-seydlitz", "Driesen Cuirassiers (C7)", "cavalry", horse("cuirassiers"), 2.15, 1.45, 240.0)
regiment("pr-czettritz", "pr-seydlitz", "Czettritz Dragoons (D4)", "cavalry", horse("heavy_dragoons"), 1.95, 1.55, 240.0)
regiment("pr-meinicke", "pr-seydlitz", "Meinicke Dragoons (D3)", "cavalry", horse("heavy_dragoons"), 2.05, 1.62, 240.0)
regiment("pr-szekely", "pr-seydlitz", "Szekely Hussars (H1)", "cavalry", horse("hussars"), 2.25, 1.60, 240.0)
regiment("pr-ir13", "pr-infantry", "Itzenplitz (IR 13)", "infantry", line_infantry(), 1.70, 0.85, 250.0)
regiment("pr-ir18", "pr-infantry", "Prinz von Preussen (IR 18)", "infantry", line_infantry(), 1.75, 0.70, 250.0)
regiment("pr-ir20", "pr-infantry", "Zastrow (IR 20)", "infantry", line_infantry(), 1.80, 0.55, 250.0)
regiment("pr-ir25", "pr-infantry", "Kalckstein (IR 25)", "infantry", line_infantry(), 1.85, 0.40, 250.0)
regiment("pr-ir23", "pr-infantry", "Forcade (IR 23)", "infantry", line_infantry(), 1.95, 0.75, 250.0)
regiment("pr-gren", "pr-infantry", "Grenadier battalion Kremzow", "infantry", grenadiers(), 1.65, 1.00, 250.0, "elite")
regiment("pr-janus", "pr-infantry", "Heavy battery on the Janus Hill", "artillery", battery(), 1.60, 1.15, 240.0)

# Franco-Imperial army (attacker) on the west half, marching south-east round the Prussian left.
regiment("fr-piemont", "fr-infantry", "Regiment de Piemont", "infantry", line_infantry(), 0.60, 0.80, 90.0)
regiment("fr-mailly", "fr-infantry", "Regiment de Mailly", "infantry", line_infantry(), 0.55, 0.65, 90.0)
regiment("fr-poitou", "fr-infantry", "Regiment de Poitou", "infantry", line_infantry(), 0.50, 0.50, 90.0)
regiment("fr-provence", "fr-infantry", "Regiment de Provence", "infantry", line_infantry(), 0.45, 0.35, 90.0)
regiment("fr-castellas", "fr-infantry", "Regiment de Castellas (Swiss)", "infantry", line_infantry(), 0.40, 0.95, 90.0)
regiment("fr-grenadiers", "fr-infantry", "Grenadiers de France", "infantry", grenadiers(), 0.70, 1.00, 90.0, "elite")
regiment("fr-artillery", "fr-infantry", "French brigade guns", "artillery", battery(), 0.75, 0.60, 90.0)
regiment("fr-mortar", "fr-infantry", "French mortar", "artillery", battery("mortars"), 0.70, 0.45, 90.0)
regiment("ri-blau-wuerzburg", "ri-reichsarmee", "Blau-Wuerzburg", "infantry", line_infantry(), 0.35, 1.20, 90.0, "militia")
regiment("ri-hessen-darmstadt", "ri-reichsarmee", "Hessen-Darmstadt", "infantry", line_infantry(), 0.30, 1.35, 90.0, "militia")
regiment("ri-kurpfalz", "ri-reichsarmee", "Kurpfalz", "infantry", line_infantry(), 0.25, 1.50, 90.0, "militia")
regiment("ri-pikes", "ri-reichsarmee", "Kreis regiment with pikes", "infantry",
         {"musketeers": 14, "pikemen": 8, "musicians": 2, "officers": 1}, 0.20, 1.05, 90.0, "militia")
regiment("fr-fitz-james", "fr-cavalry", "Fitz-James Cavalry", "cavalry", horse("heavy_dragoons"), 0.90, 1.35, 90.0)
regiment("fr-bourbon-busset", "fr-cavalry", "Bourbon-Busset Cavalry", "cavalry", horse("light_dragoons"), 0.85, 1.50, 90.0)
regiment("fr-apchon", "fr-cavalry", "Apchon Dragoons", "cavalry", horse("dragoons"), 0.95, 1.62, 90.0)
regiment("ri-culmbach", "fr-cavalry", "Brandenburg-Culmbach Cuirassiers", "cavalry", horse("cuirassiers"), 1.00, 1.20, 90.0)
regiment("ri-hohenzollern", "fr-cavalry", "Hohenzollern Cuirassiers", "cavalry", horse("cuirassiers"), 1.05, 1.45, 90.0)
regiment("ri-szecheny", "fr-cavalry", "Szecheny Hussars", "cavalry", horse("hussars"), 1.10, 1.65, 90.0)

scenario = {
    "format": "sandtable-scenario",
    "version": 1,
    "id": "rossbach-1757",
    "title": "Rossbach, 5 November 1757",
    "description": "SYW miniatures house rules on a 240 x 180 cm table: Frederick's Prussians (defender) against the "
                   "Franco-Imperial army of Soubise and Hildburghausen (attacker), regiments as figures.",
    "system": "syw-miniatures",
    "battle": "Rossbach",
    "date": "1757-11-05",
    "crs": "LOCAL:table",
    "scale": 1.0,
    "extent": [0.0, 0.0, 2.4, 1.8],
    "custom_terrain_classes": [],
    "terrain": [
        {"id": "hill-janus", "class": "hill", "name": "Janus Hill",
         "geometry": {"type": "Polygon", "coordinates": [[[1.45, 1.05], [1.75, 1.05], [1.75, 1.30], [1.45, 1.30], [1.45, 1.05]]]},
         "attributes": {"level": 1}},
        {"id": "hill-polzen", "class": "hill", "name": "Polzen Hill",
         "geometry": {"type": "Polygon", "coordinates": [[[1.50, 0.20], [1.90, 0.20], [1.90, 0.50], [1.50, 0.50], [1.50, 0.20]]]},
         "attributes": {"level": 1}},
        {"id": "village-rossbach", "class": "village", "name": "Rossbach",
         "geometry": {"type": "Polygon", "coordinates": [[[2.15, 0.85], [2.35, 0.85], [2.35, 1.05], [2.15, 1.05], [2.15, 0.85]]]},
         "attributes": {}},
        {"id": "village-reichardtswerben", "class": "village", "name": "Reichardtswerben",
         "geometry": {"type": "Polygon", "coordinates": [[[1.05, 0.05], [1.25, 0.05], [1.25, 0.20], [1.05, 0.20], [1.05, 0.05]]]},
         "attributes": {}},
        {"id": "stream-leiha", "class": "stream", "name": "Leiha brook",
         "geometry": {"type": "LineString", "coordinates": [[2.40, 0.60], [2.10, 0.55], [1.40, 0.05], [1.30, 0.0]]},
         "attributes": {}},
    ],
    "sides": [
        {"id": "prussia", "name": "Prussian army", "colour": "#1c2f5e", "general": "Frederick II"},
        {"id": "franco-imperial", "name": "Franco-Imperial army", "colour": "#f0f0f0",
         "general": "Charles de Rohan, Prince of Soubise"},
    ],
    "formations": [
        {"id": "pr-seydlitz", "side": "prussia", "name": "Cavalry (Seydlitz)", "echelon": "wing"},
        {"id": "pr-infantry", "side": "prussia", "name": "Infantry of the left (Frederick)", "echelon": "wing"},
        {"id": "fr-infantry", "side": "franco-imperial", "name": "French infantry (Soubise)", "echelon": "wing"},
        {"id": "ri-reichsarmee", "side": "franco-imperial", "name": "Reichsarmee infantry (Hildburghausen)", "echelon": "wing"},
        {"id": "fr-cavalry", "side": "franco-imperial", "name": "Allied cavalry (Broglie)", "echelon": "wing"},
    ],
    "units": units,
    "syw": {
        "attacker": "franco-imperial",
        "defender": "prussia",
        "table_width_cm": 240.0,
        "table_depth_cm": 180.0,
        "sectors": [
            {"id": f"sector-{c}{r}", "name": f"{'West Centre East'.split()[c]} {'South North'.split()[r]}",
             "rect_cm": [c * 80.0, r * 90.0, (c + 1) * 80.0, (r + 1) * 90.0]}
            for r in range(2) for c in range(3)
        ],
    },
}

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "rossbach.sandtable.json"), "w", encoding="utf-8") as out:
    json.dump(scenario, out, indent=2, ensure_ascii=False)
    out.write("\n")
