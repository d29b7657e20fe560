-- SPDX-License-Identifier: GPL-3.0-or-later
-- sandtable catalogue schema, version 1: a GeoPackage (application_id 'GPKG'; schema 3 writes user_version 10300, 1.3)
-- holding validated scenario packages. Applied in one transaction to an empty file or to an existing
-- GeoPackage (the GeoPackage core tables are created only when missing). Terrain feature tables, one per
-- working CRS ("terrain_epsg_<code>", "terrain_local"), are created by sandtable when a package first needs
-- them and listed in sandtable_layers. Column types keep to GeoPackage's list (requirement 5).

-- GeoPackage core (OGC 12-128r18, clauses 1.1.2, 1.1.3, 2.1.5), as GDAL writes them.
CREATE TABLE IF NOT EXISTS gpkg_spatial_ref_sys (
  srs_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL PRIMARY KEY,
  organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL,
  definition TEXT NOT NULL,
  description TEXT
);
CREATE TABLE IF NOT EXISTS gpkg_contents (
  table_name TEXT NOT NULL PRIMARY KEY,
  data_type TEXT NOT NULL,
  identifier TEXT UNIQUE,
  description TEXT DEFAULT '',
  last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE,
  srs_id INTEGER,
  CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id)
);
CREATE TABLE IF NOT EXISTS gpkg_geometry_columns (
  table_name TEXT NOT NULL,
  column_name TEXT NOT NULL,
  geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL,
  z TINYINT NOT NULL,
  m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
  CONSTRAINT uk_gc_table_name UNIQUE (table_name),
  CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
  CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id)
);
INSERT OR IGNORE INTO gpkg_spatial_ref_sys VALUES
  ('Undefined Cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined Cartesian coordinate reference system'),
  ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');
-- The WGS 84 row (srs_id 4326) needs its WKT, which sandtable inserts from srs.cpp (wgs84Wkt()).

-- sandtable's own bookkeeping: the catalogue schema version (GeoPackage owns user_version).
CREATE TABLE sandtable_meta (
  key TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO sandtable_meta VALUES ('schema_version', '1');

-- Terrain feature tables made by sandtable, one per working CRS.
CREATE TABLE sandtable_layers (
  table_name TEXT NOT NULL PRIMARY KEY,
  crs TEXT NOT NULL,
  srs_id INTEGER NOT NULL REFERENCES gpkg_spatial_ref_sys(srs_id)
);

-- One row per exported revision of a scenario. `latest` is 1 on the newest revision of each scenario_id.
CREATE TABLE packages (
  fid INTEGER PRIMARY KEY,
  scenario_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  latest BOOLEAN NOT NULL,
  title TEXT NOT NULL,
  system TEXT NOT NULL,
  battle TEXT NOT NULL,
  date TEXT NOT NULL,
  description TEXT NOT NULL,
  crs TEXT NOT NULL,
  scale DOUBLE NOT NULL,
  created DATETIME NOT NULL,
  source_name TEXT NOT NULL,
  document_sha256 TEXT NOT NULL,
  document_size INTEGER NOT NULL,
  terrain_table TEXT,
  feature_count INTEGER NOT NULL,
  side_count INTEGER NOT NULL,
  formation_count INTEGER NOT NULL,
  unit_count INTEGER NOT NULL,
  warning_count INTEGER NOT NULL,
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE,
  CONSTRAINT uk_packages_revision UNIQUE (scenario_id, revision)
);
CREATE INDEX packages_latest ON packages (latest, scenario_id);

-- The exact bytes of the exported scenario document (extract gives them back unchanged).
CREATE TABLE package_documents (
  package_fid INTEGER PRIMARY KEY REFERENCES packages(fid),
  document BLOB NOT NULL
);

-- Validation findings (warnings, information) stored with the package; errors are never exported.
CREATE TABLE package_warnings (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  ordinal INTEGER NOT NULL,
  code TEXT NOT NULL,
  severity TEXT NOT NULL,
  path TEXT NOT NULL,
  message TEXT NOT NULL
);
CREATE INDEX package_warnings_package ON package_warnings (package_fid);

-- The map raster: provenance from the document, and the bytes when they were stored.
CREATE TABLE map_sources (
  package_fid INTEGER PRIMARY KEY REFERENCES packages(fid),
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  warped_path TEXT,
  gcp_crs TEXT,
  method TEXT,
  target_crs TEXT,
  transform TEXT,
  rms_map DOUBLE,
  rms_px DOUBLE,
  raster_sha256 TEXT,
  raster_size INTEGER,
  raster BLOB
);

CREATE TABLE map_gcps (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES map_sources(package_fid),
  gcp_id INTEGER NOT NULL,
  pixel DOUBLE NOT NULL,
  line DOUBLE NOT NULL,
  map_x DOUBLE NOT NULL,
  map_y DOUBLE NOT NULL,
  enabled BOOLEAN NOT NULL
);
CREATE INDEX map_gcps_package ON map_gcps (package_fid);

-- Orders of battle.
CREATE TABLE sides (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  ordinal INTEGER NOT NULL,
  side_id TEXT NOT NULL,
  name TEXT NOT NULL,
  colour TEXT NOT NULL
);
CREATE INDEX sides_package ON sides (package_fid);

CREATE TABLE formations (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  side_fid INTEGER REFERENCES sides(fid),
  ordinal INTEGER NOT NULL,
  formation_id TEXT NOT NULL,
  name TEXT NOT NULL,
  echelon TEXT NOT NULL
);
CREATE INDEX formations_package ON formations (package_fid);

CREATE TABLE units (
  fid INTEGER PRIMARY KEY,
  package_fid INTEGER NOT NULL REFERENCES packages(fid),
  formation_fid INTEGER REFERENCES formations(fid),
  ordinal INTEGER NOT NULL,
  unit_id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  quality TEXT NOT NULL,
  strength INTEGER NOT NULL,
  command INTEGER,
  x DOUBLE,
  y DOUBLE,
  facing DOUBLE,
  column_formation BOOLEAN
);
CREATE INDEX units_package ON units (package_fid);

INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change) VALUES
  ('packages', 'attributes', 'sandtable packages', 'Scenario packages, one row per revision', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('package_documents', 'attributes', 'sandtable documents', 'Exact scenario document bytes', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('package_warnings', 'attributes', 'sandtable warnings', 'Validation warnings stored with each package', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('map_sources', 'attributes', 'sandtable map sources', 'Map raster provenance and bytes', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('map_gcps', 'attributes', 'sandtable ground control points', 'Ground control points of each map', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('sides', 'attributes', 'sandtable sides', 'Sides of each package', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('formations', 'attributes', 'sandtable formations', 'Formations of each package', strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ('units', 'attributes', 'sandtable units', 'Units and their set-up of each package', strftime('%Y-%m-%dT%H:%M:%fZ','now'));

-- Full-text search over the newest revision of each scenario (rowid = packages.fid): unicode61 folds case
-- across Unicode (Cyrillic included), remove_diacritics 2 lets "elan" find "Élan". `names` holds the sides,
-- formations and units, `places` the names of terrain features.
CREATE VIRTUAL TABLE package_search USING fts5(
  title, battle, date, description, names, places,
  tokenize = 'unicode61 remove_diacritics 2'
);
