-- SPDX-License-Identifier: GPL-3.0-or-later
-- sandtable catalogue schema, migration 2 -> 3 (run inside the migrating transaction, after
-- catalogue.v2.sql on a new file).
--
-- GeoPackage 1.3: sandtable writes user_version 10300 (GeoPackage 1.3.0), the newest version that the GDAL of
-- Debian 12 (3.6) reads without "may only be partially supported"; its content keeps to 1.3 (no triggers,
-- no extension). sandtable sets 10300 on a catalogue it wrote as 1.4 (10400) when it migrates it, unless the
-- file carries RTree triggers of GeoPackage 1.4's naming (rtree_<t>_<c>_update5, 6 or 7), which 1.3 does not
-- have: another program made those and the file stays 1.4.
--
-- Terrain by geometry type: the one terrain table per working CRS (geometry type GEOMETRY, which QGIS opens
-- as its polygons alone) becomes three, "<stem>_points" (MULTIPOINT), "<stem>_lines" (MULTILINESTRING) and
-- "<stem>_polygons" (MULTIPOLYGON), a single geometry stored as a multi geometry of one member. sandtable
-- creates them when a package first needs them, and moves the features of the old tables into them after this
-- script (the old tables and their rows in gpkg_contents, gpkg_geometry_columns and sandtable_layers go).
-- A package's terrain tables are those of its CRS (sandtable_layers), so packages.terrain_table goes too.
--
-- Search: everything a scenario names. `names` now also holds the Table Battles scenario card, its armies and
-- its formation cards, and the campaign forces; `places` the campaign objectives besides the terrain
-- features; the new column `rules` the special rules of the scenario card and of each formation card, and
-- each action and reaction (its kind and its requirement text). sandtable re-indexes the newest revision of
-- every package after this script.
ALTER TABLE packages DROP COLUMN terrain_table;

DROP TABLE package_search;
DROP TABLE package_title_search;
CREATE VIRTUAL TABLE package_search USING fts5(
  title, battle, date, description, names, places, rules,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE VIRTUAL TABLE package_title_search USING fts5(
  title, battle, date, description, names, places, rules,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
