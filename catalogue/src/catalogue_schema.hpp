// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue file's schema: inspection of a file someone else may have made, forward migrations,
// terrain feature tables per CRS.
#pragma once

#include "sandtable/catalogue/gpkg_geometry.hpp"
#include "sandtable/catalogue/srs.hpp"
#include "geopackage/sqlite_db.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::catalogue::detail {

/// sandtable's attribute tables registered in gpkg_contents (their last_change follows every write).
inline constexpr std::array<const char*, 21> kAttributeTables{"packages", "package_documents", "package_warnings",
    "map_sources", "map_gcps", "sides", "formations", "units", "tb_scenario_cards", "tb_armies", "tb_formation_cards",
    "tb_card_actions", "campaign_grids", "campaign_square_cover", "campaign_overrides", "campaign_forces",
    "campaign_objectives", "setup_placements", "setup_reserves", "setup_arrivals", "package_thumbnails"};

enum class FileState {
    Empty,          ///< a new or zero-length file: no schema objects at all
    GeoPackage,     ///< a GeoPackage without sandtable's tables (schema version 0)
    Catalogue,      ///< a GeoPackage with sandtable's tables
};

struct SchemaState {
    FileState state = FileState::Empty;
    int version = 0;
};

/// Checks what the file is, before sandtable reads any of its tables: application_id 'GPKG' (FormatError
/// otherwise, naming the file and the id found), a sandtable schema version this build reads (FormatError
/// for a newer one), sandtable's objects being plain tables (the search index an FTS5 table), and no
/// trigger on any of sandtable's tables (triggers are never run, but a file carrying them was not made by
/// sandtable and its tables may not be what they seem).
SchemaState inspectCatalogue(Database& db);

/// Brings the schema to kSchemaVersion inside the caller's write transaction: an empty file gets
/// GeoPackage's header fields, then every migration above `from.version` runs in order.
void migrateCatalogue(Database& db, const SchemaState& from);

/// Inside the caller's write transaction: the index `packages_created` on packages (created), which
/// settleForeignEdits looks each layer's last_change up in. Without it that lookup read the whole packages
/// table (every stored document) on every export: 0.25 s of an export into a catalogue of 10,000 packages,
/// growing with the catalogue. Not a schema version: a catalogue without it (made before) is read as before and
/// gets it at its next export; a sandtable that does not know it reads a file that has it (an index is allowed
/// on sandtable's tables, inspectCatalogue).
void ensureLookupIndexes(Database& db);

/// The terrain feature table for `srs` and geometries of `dimension` (0 points, 1 lines, 2 polygons;
/// terrainTableName(srs, dimension), declared MULTIPOINT, MULTILINESTRING or MULTIPOLYGON), registered in
/// gpkg_contents, gpkg_geometry_columns and sandtable_layers, created with the gpkg_spatial_ref_sys row when
/// needed; returns its name.
std::string ensureTerrainTable(Database& db, const SrsDefinition& srs, const std::string& crs, int dimension);

/// Schema version 3: the terrain tables that exist for a package whose working CRS is `crs` (points, lines,
/// polygons, those present); empty for a CRS text no export accepts.
std::vector<std::string> terrainTablesOf(Database& db, const std::string& crs);

/// The units point table for `srs` (unitsTableName(srs), declared POINT): one row per placed unit of a
/// package, with the unit's id, name, side, formation, type, quality, strength, facing (degrees clockwise
/// from grid north) and column flag, registered as ensureTerrainTable registers its tables; returns its name.
std::string ensureUnitsTable(Database& db, const SrsDefinition& srs, const std::string& crs);

/// Every feature table that holds rows of a package whose working CRS is `crs`: its terrain tables and its
/// units table, those that exist (for retiring, deleting and restoring the "latest" flag of a revision).
std::vector<std::string> featureTablesOf(Database& db, const std::string& crs);

/// Migration 2 -> 3: moves the features of every version 2 terrain table (one per CRS, all geometry types)
/// into the tables of their dimension, single geometries promoted to one-member multi geometries, then drops
/// the old table and its GeoPackage registrations, and sets the new tables' extents from their features.
/// Throws core::util::FormatError naming the table and feature for a blob that is not a 2D GeoPackage geometry.
void splitTerrainTables(Database& db);

/// Migration 2 -> 3: a file above GeoPackage 1.3 (user_version > 10300) is set to 10300, unless it holds
/// RTree triggers named as GeoPackage 1.4 names them (rtree_<t>_<c>_update5/6/7).
void settleGeoPackageVersion(Database& db);

/// Sets the feature table's gpkg_contents extent to the envelope of its geometries (NULL when empty); in a table
/// declared multi (a terrain table), single geometries another program stored are rewritten as one-member multis
/// on the way (GeoPackage requirement 32).
void refreshLayerExtent(Database& db, const std::string& table);

/// Widens the feature table's gpkg_contents extent to hold `added` (after an export) and stamps its last_change
/// with package `packageFid`'s `created`: a last_change that is no package's `created` then means that another
/// program (GDAL, QGIS) wrote the table since (settleForeignEdits).
void mergeLayerExtent(Database& db, const std::string& table, const Envelope& added, std::int64_t packageFid);

/// Before an export's rows: every terrain table another program wrote since sandtable last did (its last_change
/// is no package's `created`: `ogr2ogr -append`, QGIS or GDAL's API store a POLYGON as it is in a MULTIPOLYGON
/// table, which GeoPackage requirement 32 forbids) gets its single geometries promoted to multis and its extent
/// worked out again (refreshLayerExtent), and is stamped with package `packageFid`'s `created`. One scan of such a table; none of the tables only sandtable wrote.
void settleForeignEdits(Database& db, std::int64_t packageFid);

/// Indexes package `fid` for search (the full index and the title index) from its stored tables.
void indexPackageSearch(Database& db, std::int64_t fid);

/// Sets gpkg_contents.last_change of `table` to now.
void touchContents(Database& db, const std::string& table);

} // namespace sandtable::catalogue::detail
