// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue schema: what a file is, forward migrations from the embedded SQL, per-CRS terrain tables.
#include "catalogue_schema.hpp"

#include "catalogue_structure.hpp"

#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/util/error.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>

namespace sandtable::embedded {
extern const std::string_view catalogueSchemaV1;
extern const std::string_view catalogueSchemaV2;
}

namespace sandtable::catalogue::detail {
namespace {

/// The forward migrations: migration N brings a schema of version N - 1 to N. Version 0 is a file with no
/// sandtable tables (empty, or a GeoPackage made by another program).
struct Migration {
    int version;
    std::string_view sql;
};

const std::array<Migration, 2>& migrations()
{
    static const std::array<Migration, 2> all{{{1, embedded::catalogueSchemaV1}, {2, embedded::catalogueSchemaV2}}};
    return all;
}

constexpr std::array<std::string_view, 23> kOwnTables{"sandtable_meta", "sandtable_layers", "packages",
    "package_documents", "package_warnings", "map_sources", "map_gcps", "sides", "formations", "units",
    "tb_scenario_cards", "tb_armies", "tb_formation_cards", "tb_card_actions", "campaign_grids", "campaign_square_cover",
    "campaign_overrides", "campaign_forces", "campaign_objectives", "setup_placements", "setup_reserves", "setup_arrivals",
    "package_thumbnails"};

/// sandtable's tables: the schema's, the terrain layers, and the search indexes with FTS5's shadow tables.
bool isOwnTable(const std::string& name)
{
    return std::find(kOwnTables.begin(), kOwnTables.end(), name) != kOwnTables.end() || name.rfind("terrain_", 0) == 0
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
        throw core::FormatError(file, "",
            "not a GeoPackage catalogue: application_id is " + hex32(applicationId) + ", expected " + hex32(kGeoPackageApplicationId)
                + " ('GPKG')");

    {
        Statement s(db, "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master");
        while (s.step()) {
            const std::string type = s.text(0);
            const std::string name = s.text(1);
            const std::string table = s.text(2);
            if (type == "trigger" && isOwnTable(table))
                throw core::FormatError(file, "trigger " + name,
                    "the catalogue carries a trigger on sandtable's table '" + table
                        + "'; sandtable never creates triggers, so this file was altered by someone else and is refused");
            if (type != "table" && type != "index" && type != "trigger" && isOwnTable(name))
                throw core::FormatError(file, name, "is a " + type + ", not a table as sandtable's schema has it; refused");
            if (type == "table" && (name == "package_search" || name == "package_title_search")
                && lower(s.text(3)).find("using fts5") == std::string::npos)
                throw core::FormatError(file, name, "the search index is not an FTS5 table; refused");
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
        throw core::FormatError(file, "sandtable_meta", "invalid catalogue schema version '" + versionText + "'");
    if (version > kSchemaVersion)
        throw core::FormatError(file, "sandtable_meta",
            "catalogue schema version " + std::to_string(version) + " is newer than this sandtable reads (up to "
                + std::to_string(kSchemaVersion) + "); use a newer sandtable");
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
            // The packages a v1 catalogue holds get their cards, grids and set-ups from their stored
            // documents, and the rebuilt search indexes their newest revisions.
            backfillStructure(db);
            Statement latest(db, "SELECT fid FROM packages WHERE latest = 1 ORDER BY fid");
            while (latest.step())
                indexPackageSearch(db, latest.integer(0));
        }
        db.exec("UPDATE sandtable_meta SET value = '" + std::to_string(migration.version) + "' WHERE key = 'schema_version'");
    }
}

std::string ensureTerrainTable(Database& db, const SrsDefinition& srs, const std::string& crs)
{
    const std::string table = terrainTableName(srs);
    {
        Statement s(db, "SELECT 1 FROM sandtable_layers WHERE table_name = ?1");
        s.bind(1, table);
        if (s.step())
            return table;
    }
    {
        Statement s(db, "INSERT OR IGNORE INTO gpkg_spatial_ref_sys VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        s.bind(1, srs.name).bind(2, srs.srsId).bind(3, srs.organization).bind(4, srs.organizationCoordsysId);
        s.bind(5, srs.definition).bind(6, srs.description).run();
    }
    const std::string quoted = quoteIdentifier(table);
    db.exec("CREATE TABLE " + quoted
            + " (fid INTEGER PRIMARY KEY, geom GEOMETRY, package_fid INTEGER NOT NULL REFERENCES packages(fid), "
              "scenario_id TEXT NOT NULL, revision INTEGER NOT NULL, latest BOOLEAN NOT NULL, ordinal INTEGER NOT NULL, "
              "feature_id TEXT NOT NULL, class TEXT NOT NULL, name TEXT, attributes TEXT)",
        table);
    db.exec("CREATE INDEX " + quoteIdentifier(table + "_package") + " ON " + quoted + " (package_fid)", table);
    {
        Statement s(db, "INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change, srs_id) "
                        "VALUES (?1, 'features', ?2, ?3, strftime('%Y-%m-%dT%H:%M:%fZ','now'), ?4)");
        s.bind(1, table).bind(2, "sandtable terrain " + (crs.empty() ? std::string("local") : crs));
        s.bind(3, "Terrain features of the packages whose working CRS is " + (crs.empty() ? std::string("a local frame") : crs)
                + "; filter on scenario_id, revision or latest = 1");
        s.bind(4, srs.srsId).run();
    }
    {
        Statement s(db, "INSERT INTO gpkg_geometry_columns VALUES (?1, 'geom', 'GEOMETRY', ?2, 0, 0)");
        s.bind(1, table).bind(2, srs.srsId).run();
    }
    {
        Statement s(db, "INSERT INTO sandtable_layers VALUES (?1, ?2, ?3)");
        s.bind(1, table).bind(2, crs).bind(3, srs.srsId).run();
    }
    return table;
}

void refreshLayerExtent(Database& db, const std::string& table)
{
    std::optional<Envelope> extent;
    {
        Statement s(db, "SELECT geom FROM " + quoteIdentifier(table) + " WHERE geom IS NOT NULL", table);
        while (s.step()) {
            std::optional<Envelope> e;
            try {
                e = headerEnvelope(s.blob(0));
            } catch (const core::FormatError& error) {
                throw core::FormatError(db.fileName(), table, error.reason());
            }
            if (e)
                extent = extent ? extent->merged(*e) : *e;
        }
    }
    Statement s(db, "UPDATE gpkg_contents SET min_x = ?2, min_y = ?3, max_x = ?4, max_y = ?5, "
                    "last_change = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE table_name = ?1");
    s.bind(1, table);
    if (extent)
        s.bind(2, extent->minX).bind(3, extent->minY).bind(4, extent->maxX).bind(5, extent->maxY);
    s.run();
}

void mergeLayerExtent(Database& db, const std::string& table, const Envelope& added)
{
    Statement s(db, "UPDATE gpkg_contents SET min_x = min(coalesce(min_x, ?2), ?2), min_y = min(coalesce(min_y, ?3), ?3), "
                    "max_x = max(coalesce(max_x, ?4), ?4), max_y = max(coalesce(max_y, ?5), ?5), "
                    "last_change = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE table_name = ?1");
    s.bind(1, table).bind(2, added.minX).bind(3, added.minY).bind(4, added.maxX).bind(5, added.maxY).run();
}

void touchContents(Database& db, const std::string& table)
{
    Statement s(db, "UPDATE gpkg_contents SET last_change = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE table_name = ?1");
    s.bind(1, table).run();
}

void indexPackageSearch(Database& db, std::int64_t fid)
{
    std::string table;
    {
        Statement s(db, "SELECT coalesce(terrain_table, '') FROM packages WHERE fid = ?1");
        s.bind(1, fid);
        if (s.step())
            table = s.text(0);
    }
    const std::string places = table.empty()
        ? std::string("''")
        : "coalesce((SELECT group_concat(DISTINCT name) FROM " + quoteIdentifier(table) + " WHERE package_fid = p.fid), '')";
    Statement s(db,
        "INSERT INTO package_search (rowid, title, battle, date, description, names, places) "
        "SELECT p.fid, p.title, p.battle, p.date, p.description, "
        "coalesce((SELECT group_concat(name, '; ') FROM (SELECT name FROM sides WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM formations WHERE package_fid = p.fid "
        "UNION ALL SELECT name FROM units WHERE package_fid = p.fid)), ''), "
            + places + " FROM packages p WHERE p.fid = ?1",
        "package_search");
    s.bind(1, fid).run();
    Statement title(db, "INSERT INTO package_title_search (rowid, title) SELECT fid, title FROM packages WHERE fid = ?1",
        "package_title_search");
    title.bind(1, fid).run();
}

} // namespace sandtable::catalogue::detail
