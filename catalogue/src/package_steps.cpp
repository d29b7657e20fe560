// SPDX-License-Identifier: GPL-3.0-or-later
// The named steps of a catalogue export: each writes one part of a package (rows, blobs, terrain).
#include "package_steps.hpp"

#include "catalogue_schema.hpp"
#include "sandtable/core/io/json.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/sha256.hpp"


#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <system_error>

namespace sandtable::catalogue::detail {
namespace {

std::string lowerHex(std::string text)
{
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

/// A zero-filled blob already inserted at (table, column, rowid), written in place (SQLite's incremental
/// blob I/O). Errors are core::util::Error naming the catalogue and the table.
class BlobWriter {
public:
    BlobWriter(Database& db, const char* table, const char* column, std::int64_t rowid) : m_db(db), m_table(table)
    {
        const int rc = sqlite3_blob_open(db.handle(), "main", table, column, rowid, 1, &m_blob);
        if (rc != SQLITE_OK) {
            m_blob = nullptr;
            fail(rc);
        }
    }
    ~BlobWriter()
    {
        if (m_blob)
            sqlite3_blob_close(m_blob);
    }
    BlobWriter(const BlobWriter&) = delete;
    BlobWriter& operator=(const BlobWriter&) = delete;

    /// Writes `n` bytes at `offset`; the blob keeps the size it was inserted with.
    void write(const char* data, std::size_t n, std::size_t offset)
    {
        const int rc = sqlite3_blob_write(m_blob, data, static_cast<int>(n), static_cast<int>(offset));
        if (rc != SQLITE_OK)
            fail(rc);
    }
    /// Closes the blob, reporting what closing it found.
    void finish()
    {
        const int rc = sqlite3_blob_close(m_blob);
        m_blob = nullptr;
        if (rc != SQLITE_OK)
            fail(rc);
    }

private:
    [[noreturn]] void fail(int rc) { throwSqlite(rc, m_db.fileName(), m_table, m_db.lastError()); }

    Database& m_db;
    const char* m_table;
    sqlite3_blob* m_blob = nullptr;
};

constexpr std::size_t kBlobChunk = std::size_t{1} << 20;

/// Writes `bytes` into a zero-filled blob of their size already inserted at (table, column, rowid), a
/// megabyte at a time.
void writeBlobFromMemory(Database& db, const char* table, const char* column, std::int64_t rowid, std::string_view bytes)
{
    BlobWriter blob(db, table, column, rowid);
    for (std::size_t offset = 0; offset < bytes.size(); offset += kBlobChunk)
        blob.write(bytes.data() + offset, std::min(kBlobChunk, bytes.size() - offset), offset);
    blob.finish();
}

/// Streams a file into a zero-filled blob of `size` bytes already inserted at (table, column, rowid).
/// Throws IoError when the file no longer has that size.
void writeBlobFromFile(Database& db, const char* table, const char* column, std::int64_t rowid,
    const std::filesystem::path& file, std::int64_t size)
{
    BlobWriter blob(db, table, column, rowid);
    std::ifstream in(file, std::ios::binary);
    std::vector<char> buffer(kBlobChunk);
    std::int64_t offset = 0;
    while (in && offset < size) {
        in.read(buffer.data(), static_cast<std::streamsize>(std::min<std::int64_t>(static_cast<std::int64_t>(buffer.size()), size - offset)));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        blob.write(buffer.data(), got, static_cast<std::size_t>(offset));
        offset += static_cast<std::int64_t>(got);
    }
    blob.finish();
    if (offset != size || in.peek() != std::ifstream::traits_type::eof())
        throw core::util::IoError(file.string(), "", _("the raster changed size while it was being stored"));
}

} // namespace

RasterPlan planRaster(const core::Scenario& scenario, const std::filesystem::path& baseDir, const ExportOptions& options,
    std::int64_t maxBlob)
{
    RasterPlan plan;
    if (!scenario.map || scenario.map->path.empty())
        return plan;
    if (!options.storeRaster) {
        plan.note = _("raster not stored (not asked to)");
        return plan;
    }
    std::filesystem::path file = options.rasterFile.value_or(std::filesystem::path(scenario.map->path));
    if (file.is_relative())
        file = baseDir / file;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        plan.note = core::i18n::format(_("raster not stored: {1} not found"), {file.string()});
        return plan;
    }
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) {
        plan.note = core::i18n::format(_("raster not stored: {1}: {2}"), {file.string(), ec.message()});
        return plan;
    }
    if (static_cast<std::int64_t>(size) > maxBlob) {
        plan.note = "raster not stored: " + std::to_string(size) + " bytes exceed SQLite's blob limit of " + std::to_string(maxBlob);
        return plan;
    }
    plan.sha256 = core::util::sha256File(file);
    if (!scenario.map->sha256.empty() && lowerHex(scenario.map->sha256) != plan.sha256) {
        plan.note = "raster not stored: " + file.string() + " has SHA-256 " + plan.sha256 + ", the scenario names "
            + scenario.map->sha256;
        return plan;
    }
    plan.file = file;
    plan.size = static_cast<std::int64_t>(size);
    plan.store = true;
    return plan;
}

TerrainLayout layOutTerrain(Database& db, const core::Scenario& scenario, const SrsDefinition& srs)
{
    TerrainLayout layout;
    layout.envelopes.reserve(scenario.terrain.size());
    for (const core::TerrainFeature& f : scenario.terrain) {
        layout.envelopes.push_back(envelopeOf(f.geometry));
        const auto dimension = static_cast<std::size_t>(core::dimension(f.geometry.type));
        layout.present[dimension] = true;
        if (const auto& e = layout.envelopes.back())
            layout.extents[dimension] = layout.extents[dimension] ? layout.extents[dimension]->merged(*e) : *e;
    }
    for (std::size_t dimension = 0; dimension < 3; ++dimension)
        if (layout.present[dimension])
            layout.tables[dimension] = ensureTerrainTable(db, srs, scenario.settings.crs, static_cast<int>(dimension));
    return layout;
}

std::optional<Envelope> packageExtent(const core::Scenario& scenario, const TerrainLayout& terrain)
{
    if (scenario.settings.extent) {
        const core::Extent& x = *scenario.settings.extent;
        return Envelope{x.minX, x.maxX, x.minY, x.maxY};
    }
    std::optional<Envelope> extent;
    for (const auto& e : terrain.extents)
        if (e)
            extent = extent ? extent->merged(*e) : *e;
    return extent;
}

int nextRevision(Database& db, const std::string& id)
{
    Statement s(db, "SELECT coalesce(max(revision), 0) + 1 FROM packages WHERE scenario_id = ?1");
    s.bind(1, id);
    s.step();
    return static_cast<int>(s.integer(0));
}

void retireLatestRevision(Database& db, const std::string& id)
{
    {
        Statement s(db, "DELETE FROM package_search WHERE rowid IN (SELECT fid FROM packages WHERE scenario_id = ?1)");
        s.bind(1, id).run();
        Statement t(db, "DELETE FROM package_title_search WHERE rowid IN (SELECT fid FROM packages WHERE scenario_id = ?1)");
        t.bind(1, id).run();
    }
    Statement previous(db, "SELECT DISTINCT crs FROM packages WHERE scenario_id = ?1 AND latest = 1");
    previous.bind(1, id);
    std::set<std::string> tables;
    while (previous.step())
        for (std::string& table : featureTablesOf(db, previous.text(0)))
            tables.insert(std::move(table));
    for (const std::string& table : tables) {
        Statement s(db, "UPDATE " + quoteIdentifier(table)
                + " SET latest = 0 WHERE package_fid IN (SELECT fid FROM packages WHERE scenario_id = ?1 AND latest = 1)",
            table);
        s.bind(1, id).run();
    }
    Statement s(db, "UPDATE packages SET latest = 0 WHERE scenario_id = ?1 AND latest = 1");
    s.bind(1, id).run();
}

std::int64_t insertPackageRow(Database& db, const core::Scenario& scenario, const PackageRow& row)
{
    Statement s(db,
        "INSERT INTO packages (scenario_id, revision, latest, title, system, battle, date, description, crs, scale, "
        "created, source_name, document_sha256, document_size, feature_count, side_count, "
        "formation_count, unit_count, warning_count, min_x, min_y, max_x, max_y) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, "
        "?7, ?8, ?9, strftime('%Y-%m-%dT%H:%M:%fZ','now'), ?10, ?11, ?12, ?14, ?15, ?16, ?17, 0, ?19, ?20, ?21, ?22)",
        "packages");
    const core::ScenarioSettings& settings = scenario.settings;
    s.bind(1, row.id).bind(2, row.revision).bind(3, settings.title).bind(4, core::toString(settings.system));
    s.bind(5, settings.battle).bind(6, settings.date).bind(7, settings.description);
    s.bind(8, settings.crs).bind(9, settings.scaleDenominator).bind(10, row.sourceName);
    s.bind(11, row.documentSha256).bind(12, row.documentSize);
    s.bind(14, static_cast<std::int64_t>(scenario.terrain.size()));
    s.bind(15, static_cast<std::int64_t>(scenario.sides.size())).bind(16, static_cast<std::int64_t>(scenario.formations.size()));
    s.bind(17, static_cast<std::int64_t>(scenario.units.size()));
    if (row.extent)
        s.bind(19, row.extent->minX).bind(20, row.extent->minY).bind(21, row.extent->maxX).bind(22, row.extent->maxY);
    s.run();
    return sqlite3_last_insert_rowid(db.handle());
}

void storeDocument(Database& db, std::int64_t fid, std::string_view document)
{
    Statement s(db, "INSERT INTO package_documents (package_fid, document) VALUES (?1, ?2)", "package_documents");
    // The document goes in through incremental blob I/O, into a zero blob of its size: bound whole, SQLite
    // first copied it into a record as large as itself (34 MB of fresh memory on the bench scenario, a
    // quarter of the export's page faults); this way the insert took 24-28 ms instead of 34 (a standalone
    // test of both on the bench document).
    s.bind(1, fid).bindZeroBlob(2, static_cast<std::int64_t>(document.size())).run();
    writeBlobFromMemory(db, "package_documents", "document", fid, document);
}

void storeMapSource(Database& db, std::int64_t fid, const core::MapSource& map, const RasterPlan& raster)
{
    const std::optional<core::Georeference>& g = map.georeference;
    Statement s(db,
        "INSERT INTO map_sources (package_fid, path, sha256, width, height, warped_path, gcp_crs, method, target_crs, "
        "transform, rms_map, rms_px, raster_sha256, raster_size, raster) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)", "map_sources");
    s.bind(1, fid).bind(2, map.path).bind(3, map.sha256).bind(4, map.width).bind(5, map.height).bindOrNull(6, map.warpedPath);
    if (g) {
        s.bind(7, g->gcpCrs).bind(8, core::toString(g->method)).bind(9, g->crs);
        s.bind(10, core::io::writeJson(core::io::JsonOut().value(g->transform), 0)).bind(11, g->rmsMap).bind(12, g->rmsPixels);
    }
    if (raster.store)
        s.bind(13, raster.sha256).bind(14, raster.size).bindZeroBlob(15, raster.size);
    s.run();
    if (raster.store)
        writeBlobFromFile(db, "map_sources", "raster", fid, raster.file, raster.size);
    if (!g)
        return;
    Statement gcp(db, "INSERT INTO map_gcps (package_fid, gcp_id, pixel, line, map_x, map_y, enabled) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", "map_gcps");
    for (const core::Gcp& p : g->gcps) {
        gcp.bind(1, fid).bind(2, p.id).bind(3, p.pixel).bind(4, p.line).bind(5, p.mapX).bind(6, p.mapY).bind(7, p.enabled ? 1 : 0);
        gcp.run();
        gcp.reset();
    }
}

void storeOrderOfBattle(Database& db, std::int64_t fid, const core::Scenario& scenario)
{
    std::map<std::string, std::int64_t> sideFids;
    std::map<std::string, std::int64_t> formationFids;
    {
        Statement s(db, "INSERT INTO sides (package_fid, ordinal, side_id, name, colour) VALUES (?1, ?2, ?3, ?4, ?5)", "sides");
        int ordinal = 0;
        for (const core::Side& side : scenario.sides) {
            s.bind(1, fid).bind(2, ordinal++).bind(3, side.id.str()).bind(4, side.name).bind(5, side.colour);
            s.run();
            s.reset();
            sideFids[side.id.str()] = sqlite3_last_insert_rowid(db.handle());
        }
    }
    {
        Statement s(db, "INSERT INTO formations (package_fid, side_fid, ordinal, formation_id, name, echelon) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "formations");
        int ordinal = 0;
        for (const core::Formation& f : scenario.formations) {
            s.bind(1, fid);
            if (const auto it = sideFids.find(f.side.str()); it != sideFids.end())
                s.bind(2, it->second);
            s.bind(3, ordinal++).bind(4, f.id.str()).bind(5, f.name).bind(6, f.echelon);
            s.run();
            s.reset();
            formationFids[f.id.str()] = sqlite3_last_insert_rowid(db.handle());
        }
    }
    Statement s(db,
        "INSERT INTO units (package_fid, formation_fid, ordinal, unit_id, name, type, quality, strength, command, x, y, "
        "facing, column_formation) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)", "units");
    int ordinal = 0;
    for (const core::Unit& u : scenario.units) {
        s.bind(1, fid);
        if (const auto it = formationFids.find(u.formation.str()); it != formationFids.end())
            s.bind(2, it->second);
        s.bind(3, ordinal++).bind(4, u.id.str()).bind(5, u.name).bind(6, core::toString(u.type));
        s.bind(7, core::toString(u.quality)).bind(8, u.strength).bind(9, u.command);
        if (u.placement)
            s.bind(10, u.placement->position.x).bind(11, u.placement->position.y).bind(12, u.placement->facing)
                .bind(13, u.placement->column ? 1 : 0);
        s.run();
        s.reset();
    }
}

void storeTerrain(Database& db, std::int64_t fid, const core::Scenario& scenario, const TerrainLayout& terrain,
    const SrsDefinition& srs, const std::string& id, int revision)
{
    if (scenario.terrain.empty())
        return;
    std::array<std::unique_ptr<Statement>, 3> inserts;
    for (std::size_t dimension = 0; dimension < 3; ++dimension)
        if (terrain.present[dimension])
            inserts[dimension] = std::make_unique<Statement>(db, "INSERT INTO " + quoteIdentifier(terrain.tables[dimension])
                    + " (geom, package_fid, scenario_id, revision, latest, ordinal, feature_id, class, name, attributes) "
                      "VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?7, ?8, ?9)",
                terrain.tables[dimension]);
    std::string blob;
    std::string attributes;
    core::io::JsonOut json; // the attributes' values, in one pool for the whole terrain
    for (std::size_t ordinal = 0; ordinal < scenario.terrain.size(); ++ordinal) {
        const core::TerrainFeature& f = scenario.terrain[ordinal];
        Statement& s = *inserts[static_cast<std::size_t>(core::dimension(f.geometry.type))];
        blob.clear();
        appendGeoPackageBinary(blob, f.geometry, srs.srsId, terrain.envelopes[ordinal], WkbForm::Multi);
        s.bindStaticBlob(1, blob).bind(2, fid).bindStatic(3, id).bind(4, revision);
        s.bind(5, static_cast<std::int64_t>(ordinal)).bindStatic(6, f.id.str()).bindStatic(7, f.terrainClass);
        if (!f.name.empty())
            s.bindStatic(8, f.name);
        if (!f.attributes.empty()) {
            attributes = core::io::writeJson(json.value(f.attributes), 0);
            s.bindStatic(9, attributes);
        }
        s.run();
        s.reset();
    }
}

void storeWarnings(Database& db, std::int64_t fid, const core::validation::Diagnostics& warnings)
{
    Statement s(db, "INSERT INTO package_warnings (package_fid, ordinal, code, severity, path, message) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "package_warnings");
    int ordinal = 0;
    for (const core::validation::Diagnostic& d : warnings) {
        s.bind(1, fid).bind(2, ordinal++).bind(3, d.code).bind(4, core::validation::toString(d.severity)).bind(5, d.path).bind(6, d.message);
        s.run();
        s.reset();
    }
    Statement count(db, "UPDATE packages SET warning_count = ?2 WHERE fid = ?1", "packages");
    count.bind(1, fid).bind(2, static_cast<std::int64_t>(warnings.size())).run();
}

void storeThumbnail(Database& db, std::int64_t fid, const std::string& png, int width, int height)
{
    Statement s(db, "INSERT INTO package_thumbnails (package_fid, width, height, png) VALUES (?1, ?2, ?3, ?4)", "package_thumbnails");
    s.bind(1, fid).bind(2, width).bind(3, height).bindBlob(4, png).run();
}

UnitLayer storeUnitPoints(Database& db, std::int64_t fid, const core::Scenario& scenario, const SrsDefinition& srs,
    const std::string& id, int revision)
{
    UnitLayer layer;
    const bool anyPlaced = std::any_of(scenario.units.begin(), scenario.units.end(), [](const core::Unit& u) { return u.placement.has_value(); });
    if (!anyPlaced)
        return layer;
    layer.table = ensureUnitsTable(db, srs, scenario.settings.crs);
    std::map<std::string, std::string> sideOf; // formation id -> side id
    for (const core::Formation& f : scenario.formations)
        sideOf[f.id.str()] = f.side.str();
    Statement s(db, "INSERT INTO " + quoteIdentifier(layer.table)
            + " (geom, package_fid, scenario_id, revision, latest, ordinal, unit_id, name, side_id, formation_id, type, "
              "quality, strength, facing, column_formation) VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        layer.table);
    std::string blob;
    for (std::size_t ordinal = 0; ordinal < scenario.units.size(); ++ordinal) {
        const core::Unit& u = scenario.units[ordinal];
        if (!u.placement)
            continue;
        const core::Geometry point = core::Geometry::point(u.placement->position);
        const std::optional<Envelope> envelope = envelopeOf(point);
        if (envelope)
            layer.extent = layer.extent ? layer.extent->merged(*envelope) : *envelope;
        blob.clear();
        appendGeoPackageBinary(blob, point, srs.srsId, envelope);
        s.bindStaticBlob(1, blob).bind(2, fid).bindStatic(3, id).bind(4, revision).bind(5, static_cast<std::int64_t>(ordinal));
        s.bind(6, u.id.str());
        if (!u.name.empty())
            s.bind(7, u.name);
        if (const auto side = sideOf.find(u.formation.str()); side != sideOf.end())
            s.bind(8, side->second);
        if (!u.formation.str().empty())
            s.bind(9, u.formation.str());
        s.bind(10, core::toString(u.type)).bind(11, core::toString(u.quality)).bind(12, u.strength);
        s.bind(13, u.placement->facing).bind(14, u.placement->column ? 1 : 0);
        s.run();
        s.reset();
    }
    return layer;
}

void finishContents(Database& db, const TerrainLayout& terrain, const UnitLayer& units, std::int64_t packageFid)
{
    for (std::size_t dimension = 0; dimension < 3; ++dimension)
        if (!terrain.tables[dimension].empty() && terrain.extents[dimension])
            mergeLayerExtent(db, terrain.tables[dimension], *terrain.extents[dimension], packageFid);
    if (!units.table.empty() && units.extent)
        mergeLayerExtent(db, units.table, *units.extent, packageFid);
    for (const char* table : kAttributeTables)
        touchContents(db, table);
}

} // namespace sandtable::catalogue::detail
