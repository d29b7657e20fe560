-- SPDX-License-Identifier: GPL-3.0-or-later
-- sandtable's catalogue in PostgreSQL + PostGIS (`sandtable catalogue init`): schema "sandtable", version 1.
-- Run in one transaction by a superuser (or a role that may create extensions, roles and schemas); safe to
-- run again. Roles: sandtable_reader (read everything), sandtable_author (also export; revise and remove
-- only the packages it first published: row-level security on package_owners), sandtable_editor (everything).
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS unaccent;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sandtable_reader') THEN CREATE ROLE sandtable_reader NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sandtable_author') THEN CREATE ROLE sandtable_author NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sandtable_editor') THEN CREATE ROLE sandtable_editor NOLOGIN; END IF;
END $$;
GRANT sandtable_reader TO sandtable_author;
GRANT sandtable_author TO sandtable_editor;

CREATE SCHEMA IF NOT EXISTS sandtable;
GRANT USAGE ON SCHEMA sandtable TO sandtable_reader;

CREATE TABLE IF NOT EXISTS sandtable.meta (key text PRIMARY KEY, value text NOT NULL);
INSERT INTO sandtable.meta VALUES ('schema_version', '1') ON CONFLICT (key) DO NOTHING;

-- Words as FTS5's unicode61 takes them: no stemming, lower case, accents folded (unaccent).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
                 WHERE n.nspname = 'sandtable' AND c.cfgname = 'simple_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION sandtable.simple_unaccent (COPY = pg_catalog.simple);
    ALTER TEXT SEARCH CONFIGURATION sandtable.simple_unaccent
      ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart WITH unaccent, simple;
  END IF;
  -- French and German text also stemmed in its language, for the packages whose scenario says so.
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
                 WHERE n.nspname = 'sandtable' AND c.cfgname = 'french_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION sandtable.french_unaccent (COPY = pg_catalog.french);
    ALTER TEXT SEARCH CONFIGURATION sandtable.french_unaccent
      ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart WITH unaccent, french_stem;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
                 WHERE n.nspname = 'sandtable' AND c.cfgname = 'german_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION sandtable.german_unaccent (COPY = pg_catalog.german);
    ALTER TEXT SEARCH CONFIGURATION sandtable.german_unaccent
      ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart WITH unaccent, german_stem;
  END IF;
END $$;

-- The first publisher of each id: authors may write only the ids they own.
CREATE TABLE IF NOT EXISTS sandtable.package_owners (
  scenario_id text PRIMARY KEY,
  owner name NOT NULL DEFAULT current_user,
  published timestamptz NOT NULL DEFAULT now()
);

-- (the write policies look up the current login's ids: an index, not a scan of every owner)
CREATE INDEX IF NOT EXISTS package_owners_owner ON sandtable.package_owners (owner);

CREATE TABLE IF NOT EXISTS sandtable.packages (
  fid bigserial PRIMARY KEY,
  scenario_id text NOT NULL REFERENCES sandtable.package_owners (scenario_id),
  revision integer NOT NULL CHECK (revision > 0),
  latest boolean NOT NULL,
  exported_by name NOT NULL DEFAULT current_user,
  title text NOT NULL,
  system text NOT NULL,
  battle text NOT NULL,
  date text NOT NULL,
  description text NOT NULL,
  language text NOT NULL,
  crs text NOT NULL,
  scale double precision NOT NULL,
  created text NOT NULL,
  source_name text NOT NULL,
  document_sha256 text NOT NULL,
  document_size bigint NOT NULL,
  feature_count integer NOT NULL,
  side_count integer NOT NULL,
  formation_count integer NOT NULL,
  unit_count integer NOT NULL,
  warning_count integer NOT NULL DEFAULT 0,
  tb_card_count integer NOT NULL,
  campaign_grid boolean NOT NULL,
  min_x double precision, min_y double precision, max_x double precision, max_y double precision,
  UNIQUE (scenario_id, revision)
);
CREATE UNIQUE INDEX IF NOT EXISTS packages_latest ON sandtable.packages (scenario_id) WHERE latest;

CREATE TABLE IF NOT EXISTS sandtable.package_documents (
  package_fid bigint PRIMARY KEY REFERENCES sandtable.packages (fid) ON DELETE CASCADE,
  document bytea NOT NULL
);
-- Compressed with lz4 where the server has it (PostgreSQL 14+ built with lz4, as Debian's is): a 34 MB document
-- of coordinates is stored and WAL-logged as 15 MB, at about 0.1 s of the server's time; pglz took 1.5 s. A
-- server without lz4 keeps it as sent (EXTERNAL: not compressed).
DO $$
BEGIN
  ALTER TABLE sandtable.package_documents ALTER COLUMN document SET STORAGE EXTENDED, ALTER COLUMN document SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  ALTER TABLE sandtable.package_documents ALTER COLUMN document SET STORAGE EXTERNAL;
END $$;
CREATE TABLE IF NOT EXISTS sandtable.package_warnings (
  package_fid bigint NOT NULL REFERENCES sandtable.packages (fid) ON DELETE CASCADE,
  ordinal integer NOT NULL,
  code text NOT NULL, severity text NOT NULL, path text NOT NULL, message text NOT NULL,
  PRIMARY KEY (package_fid, ordinal)
);
CREATE TABLE IF NOT EXISTS sandtable.map_sources (
  package_fid bigint PRIMARY KEY REFERENCES sandtable.packages (fid) ON DELETE CASCADE,
  path text NOT NULL, sha256 text NOT NULL, width integer NOT NULL, height integer NOT NULL,
  method text, target_crs text, rms_map double precision, rms_px double precision, gcp_count integer NOT NULL,
  raster_sha256 text, raster_size bigint, raster bytea
);
ALTER TABLE sandtable.map_sources ALTER COLUMN raster SET STORAGE EXTERNAL;
CREATE TABLE IF NOT EXISTS sandtable.package_thumbnails (
  package_fid bigint PRIMARY KEY REFERENCES sandtable.packages (fid) ON DELETE CASCADE,
  png bytea NOT NULL, width integer NOT NULL, height integer NOT NULL
);
-- Search: one row per revision in two tables, each with its own `latest` flag kept in step with the package's,
-- so that a search reads no other table. package_search: a vector per column, for the title's ranking and for
-- column filters (title:word); narrow rows (the title kept in the row, the other vectors in TOAST beyond 128
-- bytes), so that ranking every title match of a common word (all 10,000 for batt*) reads 256 pages, not 1,057.
CREATE TABLE IF NOT EXISTS sandtable.package_search (
  package_fid bigint PRIMARY KEY REFERENCES sandtable.packages (fid) ON DELETE CASCADE,
  title tsvector NOT NULL, battle tsvector NOT NULL, date tsvector NOT NULL, description tsvector NOT NULL,
  names tsvector NOT NULL, places tsvector NOT NULL, rules tsvector NOT NULL,
  latest boolean NOT NULL DEFAULT true
) WITH (toast_tuple_target = 128);
ALTER TABLE sandtable.package_search SET (toast_tuple_target = 128);
ALTER TABLE sandtable.package_search ALTER COLUMN title SET STORAGE MAIN;
-- package_words: every word of the package, for a match anywhere. `everything` weighs title A, battle B, names
-- and places C, the rest D (ts_rank's weights); stemmed_fr and stemmed_de hold every column stemmed in the
-- scenario's language (French, German), empty for the others. The vectors are kept in the row, uncompressed,
-- up to a whole page (toast_tuple_target 8160, storage MAIN): reading a vector is reading its page, which the
-- planner counts, where a compressed TOAST value is a cost it does not see (with TOAST it read 10,000 packages
-- newest first for a word that 60 of them hold, 100-300 ms).
CREATE TABLE IF NOT EXISTS sandtable.package_words (
  package_fid bigint PRIMARY KEY REFERENCES sandtable.packages (fid) ON DELETE CASCADE,
  latest boolean NOT NULL DEFAULT true,
  everything tsvector NOT NULL,
  stemmed_fr tsvector NOT NULL DEFAULT ''::tsvector,
  stemmed_de tsvector NOT NULL DEFAULT ''::tsvector
) WITH (toast_tuple_target = 8160);
ALTER TABLE sandtable.package_words ALTER COLUMN everything SET STORAGE MAIN, ALTER COLUMN stemmed_fr SET STORAGE MAIN,
  ALTER COLUMN stemmed_de SET STORAGE MAIN;
-- (a catalogue made before package_words, when package_search held every vector: moved, flags from the packages)
ALTER TABLE sandtable.package_search ADD COLUMN IF NOT EXISTS latest boolean NOT NULL DEFAULT true;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = 'sandtable' AND table_name = 'package_search' AND column_name = 'everything') THEN
    INSERT INTO sandtable.package_words (package_fid, everything, stemmed_fr, stemmed_de)
      SELECT package_fid, everything, stemmed_fr, stemmed_de FROM sandtable.package_search ON CONFLICT DO NOTHING;
    ALTER TABLE sandtable.package_search DROP COLUMN everything, DROP COLUMN stemmed_fr, DROP COLUMN stemmed_de;
  END IF;
END $$;
UPDATE sandtable.package_search s SET latest = p.latest FROM sandtable.packages p WHERE p.fid = s.package_fid AND s.latest <> p.latest;
UPDATE sandtable.package_words w SET latest = p.latest FROM sandtable.packages p WHERE p.fid = w.package_fid AND w.latest <> p.latest;
-- The GIN indexes without a pending list (fastupdate off): each export files its words into the index at
-- once, instead of appending them to a list that every search reads through, row by row, until a VACUUM
-- merges it. Right after 10,000 exports that list held 351 pages of package_words_everything and 64 of
-- package_search_title: a search read 355 index pages for one word, and its p95 went from 2.1 ms to 4.5 ms.
-- (A catalogue made before: the setting changed and the list merged now.)
CREATE INDEX IF NOT EXISTS package_search_title ON sandtable.package_search USING gin (title) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS package_words_everything ON sandtable.package_words USING gin (everything) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS package_words_stemmed_fr ON sandtable.package_words USING gin (stemmed_fr) WITH (fastupdate = off);
CREATE INDEX IF NOT EXISTS package_words_stemmed_de ON sandtable.package_words USING gin (stemmed_de) WITH (fastupdate = off);
ALTER INDEX sandtable.package_search_title SET (fastupdate = off);
ALTER INDEX sandtable.package_words_everything SET (fastupdate = off);
ALTER INDEX sandtable.package_words_stemmed_fr SET (fastupdate = off);
ALTER INDEX sandtable.package_words_stemmed_de SET (fastupdate = off);
SELECT gin_clean_pending_list(i::regclass) FROM unnest(ARRAY['sandtable.package_search_title', 'sandtable.package_words_everything',
  'sandtable.package_words_stemmed_fr', 'sandtable.package_words_stemmed_de']) AS i;

-- The feature tables made so far (terrain per SRID and dimension, units, campaign grids).
CREATE TABLE IF NOT EXISTS sandtable.layers (
  table_name text PRIMARY KEY, kind text NOT NULL, crs text NOT NULL, srid integer NOT NULL
);

CREATE OR REPLACE FUNCTION sandtable.is_editor() RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT pg_has_role(current_user, 'sandtable_editor', 'MEMBER') $$;
CREATE OR REPLACE FUNCTION sandtable.may_write(text) RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT sandtable.is_editor()
            OR EXISTS (SELECT 1 FROM sandtable.package_owners o WHERE o.scenario_id = $1 AND o.owner = current_user) $$;
-- (may_write_package(fid), the rows' policy before: checked once per row, 3-5 s of an author's 22,008-feature
-- export. Dropped below, once no policy uses it.)

ALTER TABLE sandtable.package_owners ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS read ON sandtable.package_owners;
CREATE POLICY read ON sandtable.package_owners FOR SELECT USING (true);
DROP POLICY IF EXISTS claim ON sandtable.package_owners;
CREATE POLICY claim ON sandtable.package_owners FOR INSERT WITH CHECK (owner = current_user);
DROP POLICY IF EXISTS release ON sandtable.package_owners;
CREATE POLICY release ON sandtable.package_owners FOR DELETE USING (sandtable.may_write(scenario_id));

ALTER TABLE sandtable.packages ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS read ON sandtable.packages;
CREATE POLICY read ON sandtable.packages FOR SELECT USING (true);
DROP POLICY IF EXISTS publish ON sandtable.packages;
CREATE POLICY publish ON sandtable.packages FOR INSERT WITH CHECK (sandtable.may_write(scenario_id));
DROP POLICY IF EXISTS revise ON sandtable.packages;
CREATE POLICY revise ON sandtable.packages FOR UPDATE USING (sandtable.may_write(scenario_id)) WITH CHECK (sandtable.may_write(scenario_id));
DROP POLICY IF EXISTS remove ON sandtable.packages;
CREATE POLICY remove ON sandtable.packages FOR DELETE USING (sandtable.may_write(scenario_id));

-- The rows of a package in every other table (documents, warnings, search, feature tables): written only by an
-- editor or by the login that owns the package's id. The policy's subquery does not depend on the row, so the
-- server runs it once per statement (a hashed SubPlan: the fids of this login's packages) and checks each row
-- against that set, where a function of the row's package_fid ran its own queries for each of the 22,008
-- feature rows of the bench export (3-5 s). An editor's rows pass on is_editor() without the set being made.
CREATE OR REPLACE FUNCTION sandtable.write_policy_sql() RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT 'sandtable.is_editor() OR package_fid IN (SELECT p.fid FROM sandtable.packages p '
               'JOIN sandtable.package_owners o ON o.scenario_id = p.scenario_id WHERE o.owner = current_user)' $$;
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT unnest(ARRAY['package_documents', 'package_warnings', 'map_sources', 'package_thumbnails', 'package_search',
                               'package_words']) UNION ALL SELECT table_name FROM sandtable.layers LOOP
    EXECUTE format('ALTER TABLE sandtable.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS read ON sandtable.%I', t);
    EXECUTE format('CREATE POLICY read ON sandtable.%I FOR SELECT USING (true)', t);
    EXECUTE format('DROP POLICY IF EXISTS write ON sandtable.%I', t);
    EXECUTE format('CREATE POLICY write ON sandtable.%I FOR ALL USING (%s) WITH CHECK (%s)', t, sandtable.write_policy_sql(),
                   sandtable.write_policy_sql());
  END LOOP;
END $$;
DROP FUNCTION IF EXISTS sandtable.may_write_package(bigint);

-- Feature tables are made by this function (its owner's rights), when a package first needs one: authors
-- never create tables themselves.
CREATE OR REPLACE FUNCTION sandtable.ensure_layer(kind text, srid integer, crs text) RETURNS text
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  stem text := CASE WHEN srid = 0 THEN 'local' ELSE 'epsg_' || srid END;
  layer_name text;
  geometry_type text;
  columns text;
BEGIN
  IF kind NOT IN ('points', 'lines', 'polygons', 'units', 'grid') THEN
    RAISE EXCEPTION 'unknown layer kind %', kind;
  END IF;
  layer_name := CASE WHEN kind IN ('points', 'lines', 'polygons') THEN 'terrain_' || stem || '_' || kind
                     WHEN kind = 'units' THEN 'units_' || stem ELSE 'grid_' || stem END;
  PERFORM pg_advisory_xact_lock(hashtext('sandtable.layers'));
  IF EXISTS (SELECT 1 FROM sandtable.layers l WHERE l.table_name = layer_name) THEN
    RETURN layer_name;
  END IF;
  geometry_type := CASE kind WHEN 'points' THEN 'MultiPoint' WHEN 'lines' THEN 'MultiLineString'
                             WHEN 'polygons' THEN 'MultiPolygon' WHEN 'units' THEN 'Point' ELSE 'Polygon' END;
  columns := CASE WHEN kind IN ('points', 'lines', 'polygons') THEN 'feature_id text NOT NULL, class text NOT NULL, name text, attributes text'
                  WHEN kind = 'units' THEN 'unit_id text NOT NULL, name text, side_id text, formation_id text, type text NOT NULL, '
                                           'quality text, strength integer, facing double precision, column_formation boolean'
                  ELSE 'square text NOT NULL, column_index integer NOT NULL, row_index integer NOT NULL' END;
  EXECUTE format('CREATE TABLE sandtable.%I (fid bigserial PRIMARY KEY, geom geometry(%s, %s) NOT NULL, '
                 'package_fid bigint NOT NULL REFERENCES sandtable.packages (fid) ON DELETE CASCADE, scenario_id text NOT NULL, '
                 'revision integer NOT NULL, latest boolean NOT NULL, ordinal integer NOT NULL, %s)',
                 layer_name, geometry_type, srid, columns);
  EXECUTE format('CREATE INDEX %I ON sandtable.%I USING gist (geom)', layer_name || '_geom', layer_name);
  EXECUTE format('CREATE INDEX %I ON sandtable.%I (package_fid)', layer_name || '_package', layer_name);
  EXECUTE format('ALTER TABLE sandtable.%I ENABLE ROW LEVEL SECURITY', layer_name);
  EXECUTE format('CREATE POLICY read ON sandtable.%I FOR SELECT USING (true)', layer_name);
  EXECUTE format('CREATE POLICY write ON sandtable.%I FOR ALL USING (%s) WITH CHECK (%s)', layer_name, sandtable.write_policy_sql(),
                 sandtable.write_policy_sql());
  EXECUTE format('GRANT SELECT ON sandtable.%I TO sandtable_reader', layer_name);
  EXECUTE format('GRANT INSERT, UPDATE, DELETE ON sandtable.%I TO sandtable_author', layer_name);
  EXECUTE format('GRANT USAGE ON SEQUENCE sandtable.%I TO sandtable_author', layer_name || '_fid_seq');
  INSERT INTO sandtable.layers VALUES (layer_name, kind, crs, srid);
  RETURN layer_name;
END $$;

-- `sandtable catalogue grant USER --role R`: exactly one sandtable role for USER (made a login role when missing).
CREATE OR REPLACE FUNCTION sandtable.grant_role(username text, role text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
BEGIN
  IF role NOT IN ('reader', 'author', 'editor') THEN
    RAISE EXCEPTION 'unknown role % (reader, author or editor)', role;
  END IF;
  IF username LIKE 'sandtable\_%' THEN
    RAISE EXCEPTION 'sandtable''s own roles are not users';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = username) THEN
    EXECUTE format('CREATE ROLE %I LOGIN', username);
  END IF;
  EXECUTE format('REVOKE sandtable_reader, sandtable_author, sandtable_editor FROM %I', username);
  EXECUTE format('GRANT %I TO %I', 'sandtable_' || role, username);
END $$;

GRANT SELECT ON ALL TABLES IN SCHEMA sandtable TO sandtable_reader;
GRANT INSERT, UPDATE, DELETE ON sandtable.package_owners, sandtable.packages, sandtable.package_documents,
  sandtable.package_warnings, sandtable.map_sources, sandtable.package_thumbnails, sandtable.package_search,
  sandtable.package_words TO sandtable_author;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA sandtable TO sandtable_author;
REVOKE ALL ON FUNCTION sandtable.ensure_layer(text, integer, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sandtable.ensure_layer(text, integer, text) TO sandtable_author;
REVOKE ALL ON FUNCTION sandtable.grant_role(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sandtable.grant_role(text, text) TO sandtable_editor;
