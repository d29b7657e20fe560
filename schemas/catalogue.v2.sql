-- SPDX-License-Identifier: GPL-3.0-or-later
-- sandtable catalogue schema, migration 1 -> 2 (run inside the migrating transaction, after
-- catalogue.v1.sql on a new file). Adds, as GeoPackage attribute tables with foreign keys to the package
-- revision (packages.fid): Table Battles cards, the Campaign Lite grid with its squares, forces and
-- objectives, the set-ups (placements, reserves, arrivals), and a thumbnail PNG per package. sandtable
-- fills the new tables for the packages a v1 catalogue already holds from their stored documents.

-- Table Battles: the scenario (set-up) card, its two armies, the formation cards and their actions.
CREATE TABLE tb_scenario_cards (
  package_fid INTEGER PRIMARY KEY REFERENCES packages(fid),
  number INTEGER NOT NULL,
  name TEXT NOT NULL,
  date TEXT NOT NULL,
  first_player INTEGER NOT NULL,
  special_rules TEXT NOT NULL
);

CREATE TABLE tb_armies (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES tb_scenario_cards(package_fid),
  army_index INTEGER NOT NULL,
  name TEXT NOT NULL,
  morale INTEGER NOT NULL,
  card_refs TEXT NOT NULL,
  tactical_victory_sticks INTEGER,
  tactical_victory_draw BOOLEAN
);
CREATE INDEX tb_armies_package ON tb_armies (package_fid);

CREATE TABLE tb_formation_cards (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  army_fid INTEGER REFERENCES tb_armies(fid),
  ordinal INTEGER NOT NULL,
  card_ref TEXT NOT NULL,
  number INTEGER NOT NULL,
  face TEXT NOT NULL,
  name TEXT NOT NULL,
  army TEXT NOT NULL,
  wing_colour TEXT NOT NULL,
  stick_colour TEXT NOT NULL,
  strength INTEGER NOT NULL,
  kind TEXT NOT NULL,
  star BOOLEAN NOT NULL,
  link BOOLEAN NOT NULL,
  special BOOLEAN NOT NULL,
  reserve_ref TEXT,
  pursuit BOOLEAN NOT NULL,
  dice TEXT NOT NULL,
  special_rule TEXT NOT NULL
);
CREATE INDEX tb_formation_cards_package ON tb_formation_cards (package_fid);

-- One row per action or reaction printed on a card; `targets` lists card refs ("233-A") separated by ", ".
CREATE TABLE tb_card_actions (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  card_fid INTEGER NOT NULL REFERENCES tb_formation_cards(fid),
  ordinal INTEGER NOT NULL,
  kind TEXT NOT NULL,
  reaction BOOLEAN NOT NULL,
  targets TEXT NOT NULL,
  hits INTEGER NOT NULL,
  requirement TEXT NOT NULL,
  voluntary BOOLEAN NOT NULL
);
CREATE INDEX tb_card_actions_package ON tb_card_actions (package_fid);

-- Campaign Lite: the grid's parameters (working-CRS metres), cover thresholds and stacking limit.
CREATE TABLE campaign_grids (
  package_fid INTEGER PRIMARY KEY REFERENCES packages(fid),
  square_size DOUBLE NOT NULL,
  origin_x DOUBLE NOT NULL,
  origin_y DOUBLE NOT NULL,
  rows INTEGER NOT NULL,
  columns INTEGER NOT NULL,
  rotation DOUBLE NOT NULL,
  numbering TEXT NOT NULL,
  start_number INTEGER NOT NULL,
  leading_zeros BOOLEAN,
  descending_rows BOOLEAN NOT NULL,
  cover_whole DOUBLE NOT NULL,
  cover_half DOUBLE NOT NULL,
  stacking_limit INTEGER
);

-- Derived primary terrain: one row per square and terrain class covering part of it (`fraction` of the
-- square's area, `cover` classified with the grid's thresholds).
CREATE TABLE campaign_square_cover (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES campaign_grids(package_fid),
  column_index INTEGER NOT NULL,
  row_index INTEGER NOT NULL,
  square TEXT NOT NULL,
  class TEXT NOT NULL,
  fraction DOUBLE NOT NULL,
  cover TEXT NOT NULL
);
CREATE INDEX campaign_square_cover_package ON campaign_square_cover (package_fid);

-- A designer's cover decision that wins over the derived one.
CREATE TABLE campaign_overrides (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES campaign_grids(package_fid),
  ordinal INTEGER NOT NULL,
  column_index INTEGER NOT NULL,
  row_index INTEGER NOT NULL,
  square TEXT NOT NULL,
  class TEXT NOT NULL,
  cover TEXT NOT NULL,
  note TEXT NOT NULL
);
CREATE INDEX campaign_overrides_package ON campaign_overrides (package_fid);

CREATE TABLE campaign_forces (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES campaign_grids(package_fid),
  side_fid INTEGER REFERENCES sides(fid),
  ordinal INTEGER NOT NULL,
  force_id TEXT NOT NULL,
  side_id TEXT NOT NULL,
  name TEXT NOT NULL,
  column_index INTEGER NOT NULL,
  row_index INTEGER NOT NULL,
  square TEXT NOT NULL,
  infantry INTEGER NOT NULL,
  cavalry INTEGER NOT NULL,
  artillery INTEGER NOT NULL,
  deployed BOOLEAN NOT NULL
);
CREATE INDEX campaign_forces_package ON campaign_forces (package_fid);

CREATE TABLE campaign_objectives (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES campaign_grids(package_fid),
  side_fid INTEGER REFERENCES sides(fid),
  ordinal INTEGER NOT NULL,
  objective_id TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  column_index INTEGER NOT NULL,
  row_index INTEGER NOT NULL,
  square TEXT NOT NULL,
  points INTEGER NOT NULL,
  side_id TEXT
);
CREATE INDEX campaign_objectives_package ON campaign_objectives (package_fid);

-- Set-ups: where each unit starts (placed on the map, held in an HQ's reserve, or arriving later).
CREATE TABLE setup_placements (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  unit_fid INTEGER NOT NULL REFERENCES units(fid),
  unit_id TEXT NOT NULL,
  x DOUBLE NOT NULL,
  y DOUBLE NOT NULL,
  facing DOUBLE NOT NULL,
  column_formation BOOLEAN NOT NULL,
  status TEXT NOT NULL
);
CREATE INDEX setup_placements_package ON setup_placements (package_fid);

CREATE TABLE setup_reserves (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  unit_fid INTEGER NOT NULL REFERENCES units(fid),
  unit_id TEXT NOT NULL,
  hq_unit_id TEXT NOT NULL
);
CREATE INDEX setup_reserves_package ON setup_reserves (package_fid);

CREATE TABLE setup_arrivals (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  unit_fid INTEGER NOT NULL REFERENCES units(fid),
  unit_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  turn INTEGER NOT NULL,
  entry_x DOUBLE,
  entry_y DOUBLE,
  road_feature_id TEXT
);
CREATE INDEX setup_arrivals_package ON setup_arrivals (package_fid);

-- A small PNG of the package's terrain for catalogue browsers.
CREATE TABLE package_thumbnails (
  package_fid INTEGER PRIMARY KEY REFERENCES packages(fid),
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  png BLOB NOT NULL
);

INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change) VALUES
  ('tb_scenario_cards', 'attributes', 'sandtable Table Battles scenario cards', 'The set-up card of each Table Battles package', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('tb_armies', 'attributes', 'sandtable Table Battles armies', 'The two armies of each scenario card', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('tb_formation_cards', 'attributes', 'sandtable Table Battles formation cards', 'Formation card faces of each package', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('tb_card_actions', 'attributes', 'sandtable Table Battles actions', 'Actions and reactions printed on each formation card', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('campaign_grids', 'attributes', 'sandtable campaign grids', 'Campaign Lite grid parameters of each package', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('campaign_square_cover', 'attributes', 'sandtable campaign square cover', 'Derived primary terrain of each grid square', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('campaign_overrides', 'attributes', 'sandtable campaign overrides', 'Designer cover overrides of grid squares', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('campaign_forces', 'attributes', 'sandtable campaign forces', 'Campaign forces and their squares', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('campaign_objectives', 'attributes', 'sandtable campaign objectives', 'Campaign objectives and their squares', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('setup_placements', 'attributes', 'sandtable placements', 'Units placed on the map at set-up', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('setup_reserves', 'attributes', 'sandtable reserves', 'Units starting in an HQ''s reserve', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('setup_arrivals', 'attributes', 'sandtable arrivals', 'Reinforcements and when and where they arrive', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('package_thumbnails', 'attributes', 'sandtable thumbnails', 'A small PNG of each package''s terrain', strftime('%Y-%m-%dT%H:%M:%fZ','now'));

-- Search, rebuilt: prefix indexes (2 and 3 characters) make prefix queries ("sup*") read one index entry
-- instead of merging every term that starts so, and package_title_search holds the titles alone (same
-- columns, the others left empty) so that title matches are found and ranked without reading the
-- descriptions. sandtable re-indexes the newest revision of every package after this script.
DROP TABLE package_search;
CREATE VIRTUAL TABLE package_search USING fts5(
  title, battle, date, description, names, places,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE VIRTUAL TABLE package_title_search USING fts5(
  title, battle, date, description, names, places,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
