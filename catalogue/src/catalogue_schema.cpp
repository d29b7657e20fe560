// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue schema: what a file is, forward migrations from the embedded SQL, per-CRS terrain tables.
#include "catalogue_schema.hpp"

#include "catalogue_structure.hpp"

#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace sandtable::embedded {
extern const std::string_view catalogueSchemaV1;
extern const std::string_view catalogueSchemaV2;
extern const std::string_view catalogueSchemaV3;
}

namespace sandtable::catalogue::detail {
namespace {

/// The forward migrations: migration N brings a schema of version N - 1 to N. Version 0 is a file with no
/// sandtable tables (empty, or a GeoPackage made by another program).
struct Migration {
    int version;
    std::string_view sql;
};

const std::array<Migration, 3>& migrations()
{
    static const std::array<Migration, 3> all{
        {{1, embedded::catalogueSchemaV1}, {2, embedded::catalogueSchemaV2}, {3, embedded::catalogueSchemaV3}}};
    return all;
}

constexpr std::array<std::string_view, 23> kOwnTables{"sandtable_meta", "sandtable_layers", "packages",
    "package_documents", "package_warnings", "map_sources", "map_gcps", "sides", "formations", "units",
    "tb_scenario_cards", "tb_armies", "tb_formation_cards", "tb_card_actions", "campaign_grids", "campaign_square_cover",
    "campaign_overrides", "campaign_forces", "campaign_objectives", "setup_placements", "setup_reserves", "setup_arrivals",
    "package_thumbnails"};

/// sandtable's tables: the schema's, the terrain and units layers, and the search indexes with FTS5's shadow tables.
bool isOwnTable(const std::string& name)
{
    return std::find(kOwnTables.begin(), kOwnTables.end(), name) != kOwnTables.end() || name.rfind("terrain_", 0) == 0
        || name.rfind("units_", 0) == 0
        || name.rfind("package_search", 0) == 0 || name.rfind("package_title_search", 0) == 0;
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string hex32(std::uint32_t value)
{
    static const char* digits = "0123456789abcdef";
    std::string out = "0x";
    for (int shift = 28; shift >= 0; shift -= 4)
        out += digits[(value >> shift) & 0xf];
    return out;
}

} // namespace

SchemaState inspectCatalogue(Database& db)
{
    const std::string& file = db.fileName();
    std::uint32_t applicationId = 0;
    {
        Statement s(db, "PRAGMA application_id");
        if (s.step())
            applicationId = static_cast<std::uint32_t>(s.integer(0));
    }
    std::int64_t objects = 0;
    {
        Statement s(db, "SELECT count(*) FROM sqlite_master");
        if (s.step())
            objects = s.integer(0);
    }
    if (applicationId == 0 && objects == 0)
        return SchemaState{FileState::Empty, 0};
    if (applicationId != kGeoPackageApplicationId)
        throw core::util::FormatError(file, "",
            core::i18n::format(_("not a GeoPackage catalogue: application_id is {1}, expected {2} ('GPKG')"),
                {hex32(applicationId), hex32(kGeoPackageApplicationId)}));

    {
        Statement s(db, "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master");
        while (s.step()) {
            const std::string type = s.text(0);
            const std::string name = s.text(1);
            const std::string table = s.text(2);
            if (type == "trigger" && isOwnTable(table))
                throw core::util::FormatError(file, "trigger " + name,
                    core::i18n::format(_("the catalogue carries a trigger on sandtable's table '{1}'; sandtable never creates "
                                         "triggers, so this file was altered by someone else and is refused"),
                        {table}));
            if (type != "table" && type != "index" && type != "trigger" && isOwnTable(name))
                throw core::util::FormatError(file, name, core::i18n::format(_("is a {1}, not a table as sandtable's schema has it; refused"), {type}));
            if (type == "table" && (name == "package_search" || name == "package_title_search")
                && lower(s.text(3)).find("using fts5") == std::string::npos)
                throw core::util::FormatError(file, name, _("the search index is not an FTS5 table; refused"));
        }
    }

    bool hasMeta = false;
    {
        Statement s(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sandtable_meta'");
        hasMeta = s.step();
    }
    if (!hasMeta)
        return SchemaState{FileState::GeoPackage, 0};
    std::string versionText;
    {
        Statement s(db, "SELECT value FROM sandtable_meta WHERE key = 'schema_version'", "sandtable_meta");
        if (s.step())
            versionText = s.text(0);
    }
    int version = 0;
    const auto [end, ec] = std::from_chars(versionText.data(), versionText.data() + versionText.size(), version);
    if (ec != std::errc() || end != versionText.data() + versionText.size() || version < 1)
        throw core::util::FormatError(file, "sandtable_meta", core::i18n::format(_("invalid catalogue schema version '{1}'"), {versionText}));
    if (version > kSchemaVersion)
        throw core::util::FormatError(file, "sandtable_meta",
            core::i18n::format(_("catalogue schema version {1} is newer than this sandtable reads (up to {2}); use a newer sandtable"),
                {std::to_string(version), std::to_string(kSchemaVersion)}));
    return SchemaState{FileState::Catalogue, version};
}

void migrateCatalogue(Database& db, const SchemaState& from)
{
    if (from.state == FileState::Empty) {
        db.exec("PRAGMA application_id = " + std::to_string(kGeoPackageApplicationId) + "; PRAGMA user_version = "
            + std::to_string(kGeoPackageUserVersion) + ";");
    }
    for (const Migration& migration : migrations()) {
        if (migration.version <= from.version)
            continue;
        db.exec(migration.sql, "schema version " + std::to_string(migration.version));
        if (migration.version == 1) {
            // GeoPackage's mandatory WGS 84 row; its WKT lives with the other CRS definitions in srs.cpp.
            const SrsDefinition wgs84 = srsForCrs("EPSG:4326");
            Statement s(db, "INSERT OR IGNORE INTO gpkg_spatial_ref_sys VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
            s.bind(1, wgs84.name).bind(2, wgs84.srsId).bind(3, wgs84.organization).bind(4, wgs84.organizationCoordsysId);
            s.bind(5, wgs84.definition).bind(6, wgs84.description).run();
        }
        if (migration.version == 2 && from.version >= 1) {
            // The packages a v1 catalogue holds get their cards, grids and set-ups from their stored documents.
            backfillStructure(db);
        }
        if (migration.version == 3 && from.state != FileState::Empty) {
            splitTerrainTables(db);
            settleGeoPackageVersion(db);
        }
        db.exec("UPDATE sandtable_meta SET value = '" + std::to_string(migration.version) + "' WHERE key = 'schema_version'");
    }
    if (from.version >= 1) {
        // The rebuilt search indexes hold the newest revision of every package the file already had.
        Statement latest(db, "SELECT fid FROM packages WHERE latest = 1 ORDER BY fid");
        while (latest.step())
            indexPackageSearch(db, latest.integer(0));
    }
}

namespace {

/// What a sandtable feature table is: its name, geometry type, the columns after fid and geom, and how
/// gpkg_contents names and describes it.
struct FeatureTable {
    std::string name;
    const char* geometryType;
    std::string columns;
    std::string identifier;
    std::string description;
};

/// Creates `table` in `srs` with its index on package_fid and its GeoPackage registrations (and the
/// gpkg_spatial_ref_sys row when missing), unless sandtable_layers has it already.
void ensureFeatureTable(Database& db, const SrsDefinition& srs, const std::string& crs, const FeatureTable& table)
{
    {
        Statement s(db, "SELECT 1 FROM sandtable_layers WHERE table_name = ?1");
        s.bind(1, table.name);
        if (s.step())
            return;
    }
    {
        Statement s(db, "INSERT OR IGNORE INTO gpkg_spatial_ref_sys VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        s.bind(1, srs.name).bind(2, srs.srsId).bind(3, srs.organization).bind(4, srs.organizationCoordsysId);
        s.bind(5, srs.definition).bind(6, srs.description).run();
    }
    const std::string quoted = quoteIdentifier(table.name);
    db.exec("CREATE TABLE " + quoted + " (fid INTEGER PRIMARY KEY, geom " + table.geometryType + ", " + table.columns + ")",
        table.name);
    db.exec("CREATE INDEX " + quoteIdentifier(table.name + "_package") + " ON " + quoted + " (package_fid)", table.name);
    {
        Statement s(db, "INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change, srs_id) "
                        "VALUES (?1, 'features', ?2, ?3, strftime('%Y-%m-%dT%H:%M:%fZ','now'), ?4)");
        s.bind(1, table.name).bind(2, table.identifier).bind(3, table.description).bind(4, srs.srsId).run();
    }
    {
        Statement s(db, "INSERT INTO gpkg_geometry_columns VALUES (?1, 'geom', ?2, ?3, 0, 0)");
        s.bind(1, table.name).bind(2, table.geometryType).bind(3, srs.srsId).run();
    }
    {
        Statement s(db, "INSERT INTO sandtable_layers VALUES (?1, ?2, ?3)");
        s.bind(1, table.name).bind(2, crs).bind(3, srs.srsId).run();
    }
}

/// "EPSG:32618", or `local` for a local frame (crs empty).
std::string crsLabel(const std::string& crs, const char* local = "local")
{
    return crs.empty() ? std::string(local) : crs;
}

} // namespace

std::string ensureTerrainTable(Database& db, const SrsDefinition& srs, const std::string& crs, int dimension)
{
    static constexpr const char* kGeometryTypes[] = {"MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON"};
    const std::string kind = terrainGeometryKind(dimension);
    const std::string where = crsLabel(crs, "a local frame");
    const FeatureTable table{terrainTableName(srs, dimension), kGeometryTypes[dimension],
        "package_fid INTEGER NOT NULL REFERENCES packages(fid), scenario_id TEXT NOT NULL, revision INTEGER NOT NULL, "
        "latest BOOLEAN NOT NULL, ordinal INTEGER NOT NULL, feature_id TEXT NOT NULL, class TEXT NOT NULL, name TEXT, "
        "attributes TEXT",
        "sandtable terrain " + crsLabel(crs) + " " + kind,
        "Terrain " + kind + " of the packages whose working CRS is " + where + "; filter on scenario_id, revision or latest = 1"};
    ensureFeatureTable(db, srs, crs, table);
    return table.name;
}

std::string ensureUnitsTable(Database& db, const SrsDefinition& srs, const std::string& crs)
{
    const std::string where = crsLabel(crs, "a local frame");
    const FeatureTable table{unitsTableName(srs), "POINT",
        "package_fid INTEGER NOT NULL REFERENCES packages(fid), scenario_id TEXT NOT NULL, revision INTEGER NOT NULL, "
        "latest BOOLEAN NOT NULL, ordinal INTEGER NOT NULL, unit_id TEXT NOT NULL, name TEXT, side_id TEXT, "
        "formation_id TEXT, type TEXT NOT NULL, quality TEXT, strength INTEGER, facing REAL, column_formation BOOLEAN",
        "sandtable units " + crsLabel(crs),
        "Placed units of the packages whose working CRS is " + where
            + " (facing in degrees clockwise from grid north); filter on scenario_id, revision or latest = 1"};
    ensureFeatureTable(db, srs, crs, table);
    return table.name;
}

namespace {

/// The tables of sandtable_layers among the terrain tables of `crs` (points, lines, polygons) and, with
/// `units`, its units table; empty for a CRS text no export accepts.
std::vector<std::string> registeredLayersOf(Database& db, const std::string& crs, bool units)
{
    std::vector<std::string> out;
    SrsDefinition srs;
    try {
        srs = srsForCrs(crs);
    } catch (const std::invalid_argument&) {
        return out; // a CRS text no export accepts: the package has no feature table
    }
    std::vector<std::string> names;
    for (int dimension = 0; dimension <= 2; ++dimension)
        names.push_back(terrainTableName(srs, dimension));
    if (units)
        names.push_back(unitsTableName(srs));
    Statement s(db, "SELECT 1 FROM sandtable_layers WHERE table_name = ?1");
    for (std::string& table : names) {
        s.reset();
        s.bind(1, table);
        if (s.step())
            out.push_back(std::move(table));
    }
    return out;
}

} // namespace

std::vector<std::string> terrainTablesOf(Database& db, const std::string& crs)
{
    return registeredLayersOf(db, crs, false);
}

std::vector<std::string> featureTablesOf(Database& db, const std::string& crs)
{
    return registeredLayersOf(db, crs, true);
}

void splitTerrainTables(Database& db)
{
    // The version 2 tables: named by terrainTableName(srs) alone (no geometry kind).
    std::vector<std::pair<std::string, std::string>> old; // table, crs
    {
        Statement s(db, "SELECT table_name, crs FROM sandtable_layers ORDER BY table_name");
        while (s.step())
            old.emplace_back(s.text(0), s.text(1));
    }
    bool hasExtensions = false;
    {
        Statement s(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'gpkg_extensions'");
        hasExtensions = s.step();
    }
    for (const auto& entry : old) {
        // Named copies, not structured bindings: clang 14 (the fuzz build's) cannot capture those in a lambda.
        const std::string& table = entry.first;
        const auto& crs = entry.second;
        SrsDefinition srs;
        try {
            srs = srsForCrs(crs);
        } catch (const std::invalid_argument& e) {
            throw core::util::FormatError(db.fileName(), table, core::i18n::format(_("terrain layer of an invalid CRS: {1}"), {e.what()}));
        }
        // The WKB type code of a blob (0 for NULL), and the table of its dimension.
        const auto typeOf = [&](const Statement& rows) -> std::uint32_t {
            if (rows.isNull(0))
                return 0;
            try {
                return wkbGeometryType(rows.blob(0));
            } catch (const core::util::FormatError& e) {
                throw core::util::FormatError(db.fileName(), core::i18n::format(_("{1} feature {2}"), {table, rows.text(6)}), e.reason());
            }
        };
        const auto dimensionOf = [](std::uint32_t type) { return type == 1 || type == 4 ? 0 : type == 2 || type == 5 ? 1 : 2; };
        const std::string select = "SELECT geom, package_fid, scenario_id, revision, latest, ordinal, feature_id, class, name, attributes FROM "
            + quoteIdentifier(table) + " ORDER BY fid";
        // First the tables the features need (no table is created while the old one is being read), then the features.
        std::array<std::unique_ptr<Statement>, 3> inserts;
        std::set<std::string> touched;
        {
            std::set<int> dimensions;
            Statement rows(db, select, table);
            while (rows.step())
                dimensions.insert(dimensionOf(typeOf(rows)));
            for (const int dimension : dimensions)
                touched.insert(ensureTerrainTable(db, srs, crs, dimension));
            for (const int dimension : dimensions) {
                const std::string target = terrainTableName(srs, dimension);
                inserts[static_cast<std::size_t>(dimension)] = std::make_unique<Statement>(db,
                    "INSERT INTO " + quoteIdentifier(target)
                        + " (geom, package_fid, scenario_id, revision, latest, ordinal, feature_id, class, name, attributes) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    target);
            }
        }
        {
            Statement rows(db, select, table);
            while (rows.step()) {
                const std::uint32_t type = typeOf(rows);
                Statement& insert = *inserts[static_cast<std::size_t>(dimensionOf(type))];
                insert.reset();
                if (type != 0) {
                    try {
                        insert.bindBlob(1, promotedToMulti(rows.blob(0)));
                    } catch (const core::util::FormatError& e) {
                        throw core::util::FormatError(db.fileName(), core::i18n::format(_("{1} feature {2}"), {table, rows.text(6)}), e.reason());
                    }
                }
                insert.bind(2, rows.integer(1)).bind(3, rows.text(2)).bind(4, rows.integer(3)).bind(5, rows.integer(4));
                insert.bind(6, rows.integer(5)).bind(7, rows.text(6)).bind(8, rows.text(7));
                if (!rows.isNull(8))
                    insert.bind(9, rows.text(8));
                if (!rows.isNull(9))
                    insert.bind(10, rows.text(9));
                insert.run();
            }
        }
        inserts = {};
        db.exec("DROP TABLE " + quoteIdentifier(table), table);
        for (const char* sql : {"DELETE FROM gpkg_geometry_columns WHERE table_name = ?1", "DELETE FROM gpkg_contents WHERE table_name = ?1",
                 "DELETE FROM sandtable_layers WHERE table_name = ?1"}) {
            Statement s(db, sql);
            s.bind(1, table).run();
        }
        if (hasExtensions) {
            Statement s(db, "DELETE FROM gpkg_extensions WHERE table_name = ?1");
            s.bind(1, table).run();
        }
        for (const std::string& target : touched)
            refreshLayerExtent(db, target);
    }
}

void settleGeoPackageVersion(Database& db)
{
    std::int64_t userVersion = 0;
    {
        Statement s(db, "PRAGMA user_version");
        if (s.step())
            userVersion = s.integer(0);
    }
    if (userVersion <= kGeoPackageUserVersion)
        return;
    Statement s(db, "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND (name GLOB 'rtree_*_update5' OR name GLOB 'rtree_*_update6' "
                    "OR name GLOB 'rtree_*_update7')");
    if (s.step())
        return; // GeoPackage 1.4's RTree triggers: another program's 1.4 file stays 1.4
    db.exec("PRAGMA user_version = " + std::to_string(kGeoPackageUserVersion));
}

namespace {

/// The table is declared MULTIPOINT, MULTILINESTRING or MULTIPOLYGON (a terrain table; units are POINT).
bool declaredMulti(Database& db, const std::string& table)
{
    Statement s(db, "SELECT 1 FROM gpkg_geometry_columns WHERE table_name = ?1 AND geometry_type_name LIKE 'MULTI%'");
    s.bind(1, table);
    return s.step();
}

/// Rewrites the single geometries (fid, blob) as one-member multi geometries.
void storePromoted(Database& db, const std::string& table, const std::vector<std::pair<std::int64_t, std::string>>& singles)
{
    if (singles.empty())
        return;
    Statement update(db, "UPDATE " + quoteIdentifier(table) + " SET geom = ?1 WHERE fid = ?2", table);
    for (const auto& [fid, blob] : singles) {
        update.reset();
        update.bindBlob(1, promotedToMulti(blob)).bind(2, fid).run();
    }
}

/// A single geometry (WKB POINT, LINESTRING or POLYGON) in a table declared multi; FormatError naming the feature
/// for a blob that is no GeoPackage geometry.
bool isSingle(Database& db, const std::string& table, std::int64_t fid, std::string_view blob)
{
    try {
        const std::uint32_t type = wkbGeometryType(blob);
        return type >= 1 && type <= 3;
    } catch (const core::util::FormatError& e) {
        throw core::util::FormatError(db.fileName(), core::i18n::format(_("{1} feature {2}"), {table, std::to_string(fid)}), e.reason());
    }
}

} // namespace

void ensureLookupIndexes(Database& db)
{
    bool present = false;
    {
        Statement s(db, "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'packages_created'");
        present = s.step();
    }
    if (!present)
        db.exec("CREATE INDEX packages_created ON packages (created)", "packages");
}

void settleForeignEdits(Database& db, std::int64_t packageFid)
{
    std::vector<std::string> tables;
    {
        Statement s(db, "SELECT c.table_name FROM gpkg_contents c JOIN sandtable_layers l ON l.table_name = c.table_name "
                        "JOIN gpkg_geometry_columns g ON g.table_name = c.table_name WHERE g.geometry_type_name LIKE 'MULTI%' "
                        "AND (c.last_change IS NULL OR NOT EXISTS (SELECT 1 FROM packages p WHERE p.created = c.last_change))");
        while (s.step())
            tables.push_back(s.text(0));
    }
    for (const std::string& table : tables) {
        refreshLayerExtent(db, table); // one scan: its single geometries promoted, its extent worked out again
        Statement s(db, "UPDATE gpkg_contents SET last_change = (SELECT created FROM packages WHERE fid = ?2) WHERE table_name = ?1");
        s.bind(1, table).bind(2, packageFid).run();
    }
}

void refreshLayerExtent(Database& db, const std::string& table)
{
    std::optional<Envelope> extent;
    // A terrain table another program wrote may hold single geometries: stored as multis while they are read here.
    const bool multi = declaredMulti(db, table);
    std::vector<std::pair<std::int64_t, std::string>> singles;
    {
        Statement s(db, "SELECT fid, geom FROM " + quoteIdentifier(table) + " WHERE geom IS NOT NULL", table);
        while (s.step()) {
            std::string blob = s.blob(1);
            std::optional<Envelope> e;
            try {
                e = headerEnvelope(blob);
            } catch (const core::util::FormatError& error) {
                throw core::util::FormatError(db.fileName(), table, error.reason());
            }
            if (e)
                extent = extent ? extent->merged(*e) : *e;
            if (multi && isSingle(db, table, s.integer(0), blob))
                singles.emplace_back(s.integer(0), std::move(blob));
        }
    }
    storePromoted(db, table, singles);
    Statement s(db, "UPDATE gpkg_contents SET min_x = ?2, min_y = ?3, max_x = ?4, max_y = ?5, "
                    "last_change = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE table_name = ?1");
    s.bind(1, table);
    if (extent)
        s.bind(2, extent->minX).bind(3, extent->minY).bind(4, extent->maxX).bind(5, extent->maxY);
    s.run();
}

void mergeLayerExtent(Database& db, const std::string& table, const Envelope& added, std::int64_t packageFid)
{
    // A stored extent that says nothing (a NULL, +-Inf as GDAL writes for an empty layer, all zeros, or min past
    // max, as other tools leave it) is not merged with (issue 43 item 5: the catalogue kept (-inf, -inf, inf, inf) or
    // an extent starting at (0, 0)), nor replaced by the added package's alone, which left out the features of the
    // packages already in the table: it is worked out again from every feature of the table.
    bool unusable = false;
    {
        Statement s(db, "SELECT min_x IS NULL OR min_y IS NULL OR max_x IS NULL OR max_y IS NULL OR abs(min_x) > 1e308 "
                        "OR abs(min_y) > 1e308 OR abs(max_x) > 1e308 OR abs(max_y) > 1e308 OR min_x > max_x OR min_y > max_y "
                        "OR (min_x = 0 AND min_y = 0 AND max_x = 0 AND max_y = 0) FROM gpkg_contents WHERE table_name = ?1");
        s.bind(1, table);
        unusable = s.step() && s.integer(0) != 0;
    }
    if (unusable) {
        refreshLayerExtent(db, table);
    } else {
        Statement s(db, "UPDATE gpkg_contents SET min_x = min(min_x, ?2), min_y = min(min_y, ?3), max_x = max(max_x, ?4), "
                        "max_y = max(max_y, ?5) WHERE table_name = ?1");
        s.bind(1, table).bind(2, added.minX).bind(3, added.minY).bind(4, added.maxX).bind(5, added.maxY).run();
    }
    Statement s(db, "UPDATE gpkg_contents SET last_change = (SELECT created FROM packages WHERE fid = ?2) WHERE table_name = ?1");
    s.bind(1, table).bind(2, packageFid).run();
}

void touchContents(Database& db, const std::string& table)
{
    Statement s(db, "UPDATE gpkg_contents SET last_change = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE table_name = ?1");
    s.bind(1, table).run();
}

void indexPackageSearch(Database& db, std::int64_t fid)
{
    std::string crs;
    {
        Statement s(db, "SELECT crs FROM packages WHERE fid = ?1");
        s.bind(1, fid);
        if (s.step())
            crs = s.text(0);
    }
    // Place names: the terrain features' (in the tables of the package's CRS) and the campaign objectives'.
    std::string places = "SELECT name FROM campaign_objectives WHERE package_fid = p.fid";
    for (const std::string& table : terrainTablesOf(db, crs))
        places += " UNION ALL SELECT name FROM " + quoteIdentifier(table) + " WHERE package_fid = p.fid";
    Statement s(db,
        "INSERT INTO package_search (rowid, title, battle, date, description, names, places, rules) "
        "SELECT p.fid, p.title, p.battle, p.date, p.description, "
        "coalesce((SELECT group_concat(name, '; ') FROM (SELECT name FROM sides WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM formations WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM units WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM tb_scenario_cards WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM tb_armies WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM tb_formation_cards WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM campaign_forces WHERE package_fid = p.fid)), ''), "
        "coalesce((SELECT group_concat(name, '; ') FROM (SELECT DISTINCT name FROM (" + places + ") WHERE name IS NOT NULL AND name != '')), ''), "
        "coalesce((SELECT group_concat(text, '; ') FROM (SELECT special_rules AS text FROM tb_scenario_cards WHERE package_fid = p.fid "
        "UNION ALL SELECT special_rule FROM tb_formation_cards WHERE package_fid = p.fid "
        "UNION ALL SELECT DISTINCT kind FROM tb_card_actions WHERE package_fid = p.fid "
        "UNION ALL SELECT requirement FROM tb_card_actions WHERE package_fid = p.fid) WHERE text != ''), '') "
        "FROM packages p WHERE p.fid = ?1",
        "package_search");
    s.bind(1, fid).run();
    Statement title(db, "INSERT INTO package_title_search (rowid, title) SELECT fid, title FROM packages WHERE fid = ?1",
        "package_title_search");
    title.bind(1, fid).run();
}

} // namespace sandtable::catalogue::detail
