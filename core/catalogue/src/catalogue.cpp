// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue: opening a file defensively, and exporting a validated scenario as one all-or-nothing package.
#include "sandtable/catalogue/catalogue.hpp"

#include "catalogue_impl.hpp"
#include "catalogue_schema.hpp"
#include "catalogue_structure.hpp"
#include "sandtable/catalogue/gpkg_geometry.hpp"
#include "sandtable/catalogue/srs.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/sha256.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <array>
#include <fstream>
#include <future>
#include <optional>
#include <map>
#include <memory>
#include <set>
#include <system_error>
#include <vector>

namespace sandtable::catalogue {
namespace {

std::string lowerHex(std::string text)
{
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::string countText(std::size_t n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

/// Decides whether the map raster's bytes go into the package, and from which file.
struct RasterPlan {
    std::filesystem::path file;
    std::string sha256;
    std::int64_t size = 0;
    bool store = false;
    std::string note;
};

RasterPlan planRaster(const core::Scenario& scenario, const std::filesystem::path& baseDir, const ExportOptions& options,
    std::int64_t maxBlob)
{
    RasterPlan plan;
    if (!scenario.map || scenario.map->path.empty())
        return plan;
    if (!options.storeRaster) {
        plan.note = "raster not stored (not asked to)";
        return plan;
    }
    std::filesystem::path file(scenario.map->path);
    if (file.is_relative())
        file = baseDir / file;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        plan.note = "raster not stored: " + file.string() + " not found";
        return plan;
    }
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) {
        plan.note = "raster not stored: " + file.string() + ": " + ec.message();
        return plan;
    }
    if (static_cast<std::int64_t>(size) > maxBlob) {
        plan.note = "raster not stored: " + std::to_string(size) + " bytes exceed SQLite's blob limit of " + std::to_string(maxBlob);
        return plan;
    }
    plan.sha256 = core::sha256File(file);
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

/// A zero-filled blob already inserted at (table, column, rowid), written in place (SQLite's incremental
/// blob I/O). Errors are core::Error naming the catalogue and the table.
class BlobWriter {
public:
    BlobWriter(detail::Database& db, const char* table, const char* column, std::int64_t rowid) : m_db(db), m_table(table)
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
    [[noreturn]] void fail(int rc) { detail::throwSqlite(rc, m_db.fileName(), m_table, m_db.lastError()); }

    detail::Database& m_db;
    const char* m_table;
    sqlite3_blob* m_blob = nullptr;
};

constexpr std::size_t kBlobChunk = std::size_t{1} << 20;

/// Writes `bytes` into a zero-filled blob of their size already inserted at (table, column, rowid), a
/// megabyte at a time.
void writeBlobFromMemory(detail::Database& db, const char* table, const char* column, std::int64_t rowid, std::string_view bytes)
{
    BlobWriter blob(db, table, column, rowid);
    for (std::size_t offset = 0; offset < bytes.size(); offset += kBlobChunk)
        blob.write(bytes.data() + offset, std::min(kBlobChunk, bytes.size() - offset), offset);
    blob.finish();
}

/// Streams a file into a zero-filled blob of `size` bytes already inserted at (table, column, rowid).
/// Throws IoError when the file no longer has that size.
void writeBlobFromFile(detail::Database& db, const char* table, const char* column, std::int64_t rowid,
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
        throw core::IoError(file.string(), "", "the raster changed size while it was being stored");
}

/// Removes a catalogue file this export created when the failed export left it without any schema object
/// (another process may have written into it meanwhile: then it stays).
void removeIfEmpty(const std::filesystem::path& path)
{
    try {
        detail::Database db = detail::Database::open(path, detail::Database::Access::ReadWrite, 1000);
        detail::Statement s(db, "SELECT count(*) FROM sqlite_master");
        const bool empty = s.step() && s.integer(0) == 0;
        db.close();
        if (!empty)
            return;
    } catch (const core::Error&) {
        return;
    }
    std::error_code ec;
    std::filesystem::remove(path, ec);
    std::filesystem::remove(path.string() + "-wal", ec);
    std::filesystem::remove(path.string() + "-shm", ec);
}

} // namespace

ValidationFailed::ValidationFailed(const std::string& file, core::Diagnostics diagnostics)
    : core::Error(file, "", "refusing to export: "
              + countText(core::countSeverity(diagnostics, core::Severity::Error), "validation error")
              + " (run 'sandtable scenario validate')"),
      m_diagnostics(std::move(diagnostics))
{
}

Catalogue::Catalogue(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Catalogue::Catalogue(Catalogue&&) noexcept = default;
Catalogue& Catalogue::operator=(Catalogue&&) noexcept = default;
Catalogue::~Catalogue() = default;

const std::filesystem::path& Catalogue::path() const noexcept { return m_impl->path; }

Catalogue Catalogue::open(const std::filesystem::path& path)
{
    auto impl = std::make_unique<Impl>();
    impl->path = path;
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        if (std::filesystem::is_directory(path, ec))
            throw core::IoError(path.string(), "", "is a folder, not a catalogue file");
        impl->readable();
    }
    return Catalogue(std::move(impl));
}

detail::Database& Catalogue::Impl::readable()
{
    if (!db.isOpen()) {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            throw core::IoError(path.string(), "", "no such catalogue (export a scenario into it first)");
        db = detail::Database::open(path, detail::Database::Access::ReadWrite, kBusyTimeoutMs);
        detail::Transaction read(db, detail::Transaction::Kind::Deferred);
        version = detail::inspectCatalogue(db).version;
        read.commit();
    }
    return db;
}

int Catalogue::schemaVersion() const
{
    std::error_code ec;
    if (!m_impl->db.isOpen() && !std::filesystem::exists(m_impl->path, ec))
        return 0;
    m_impl->readable();
    return m_impl->version;
}

ExportResult Catalogue::exportScenario(const std::filesystem::path& scenarioFile, const ExportOptions& options)
{
    const std::string text = core::readFile(scenarioFile, core::kMaxScenarioBytes);
    return exportDocument(text, scenarioFile.string(), scenarioFile.parent_path(), options);
}

namespace {

/// Runs `work` on another thread, or on this one when no thread can be had.
template <class Work>
auto startAside(Work work) -> std::future<decltype(work())>
{
    try {
        return std::async(std::launch::async, std::move(work));
    } catch (const std::system_error&) {
        return std::async(std::launch::deferred, std::move(work));
    }
}

/// The page size of a catalogue file that an export creates (bytes).
constexpr int kNewCataloguePageSize = 16384;

/// A scenario id as the scenario schema has it: ^[A-Za-z0-9][A-Za-z0-9_.:-]*$, 1 to 200 characters.
bool validScenarioId(const std::string& id)
{
    if (id.empty() || id.size() > 200 || !std::isalnum(static_cast<unsigned char>(id.front())))
        return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':' || c == '-';
    });
}

/// "'Title' (pub-battles, battle 'B', 1863-07-01)", for the messages of checkSameScenario.
std::string describe(const std::string& title, const std::string& system, const std::string& battle, const std::string& date)
{
    std::string out = "'" + title + "' (" + system;
    if (!battle.empty())
        out += ", battle '" + battle + "'";
    if (!date.empty())
        out += ", " + date;
    return out + ")";
}

/// Refuses (NotARevision) a document that is not the same scenario as the newest revision stored under `id`
/// (ExportOptions: same system, and the same title or the same battle and date, or options.asRevision).
void checkSameScenario(detail::Database& db, const std::string& id, const core::ScenarioSettings& settings, const ExportOptions& options)
{
    detail::Statement s(db, "SELECT system, title, battle, date, revision FROM packages WHERE scenario_id = ?1 AND latest = 1");
    s.bind(1, id);
    if (!s.step())
        return;
    const std::string system = s.text(0), title = s.text(1), battle = s.text(2), date = s.text(3);
    const std::string newSystem = core::toString(settings.system);
    const std::string stored = "the catalogue's '" + id + "' (revision " + std::to_string(s.integer(4)) + ") is "
        + describe(title, system, battle, date) + ", this document is " + describe(settings.title, newSystem, settings.battle, settings.date);
    if (system != newSystem)
        throw NotARevision(db.fileName(), id,
            "not a revision of the package already stored under this id: " + stored
                + "; a revision keeps its game system. Store it under another id (--as-new-id ID)");
    const bool sameTitle = title == settings.title;
    const bool sameBattleAndDate = (!battle.empty() || !date.empty()) && battle == settings.battle && date == settings.date;
    if (!sameTitle && !sameBattleAndDate && !options.asRevision)
        throw NotARevision(db.fileName(), id,
            "not a revision of the package already stored under this id: " + stored
                + "; a revision keeps its title, or its battle and date. Store it under another id (--as-new-id ID), or, if it "
                  "is this scenario renamed, export it with --as-revision");
}

/// Thrown inside exportDocument when the rules, awaited while the catalogue was busy, refuse the scenario.
struct RefusedBeforeWriting {};

/// The thumbnail, or the error its renderer threw.
struct Thumbnail {
    std::string png;
    std::exception_ptr error;
};

} // namespace

ExportResult Catalogue::exportDocument(std::string_view document, const std::string& sourceName,
    const std::filesystem::path& baseDir, const ExportOptions& options)
{
    if (!options.newId.empty() && !validScenarioId(options.newId))
        throw core::OperationError(sourceName, options.newId,
            "is not a valid scenario id to store the package under (a letter or digit, then letters, digits, '_', '.', ':' or '-'; "
            "at most 200 characters)");
    // The document's SHA-256 does not depend on reading it: it is computed aside meanwhile.
    std::future<std::string> digest = startAside([document] { return core::sha256Hex(document); });
    core::ValidationReport report = core::readScenarioText(document, sourceName);
    if (core::hasErrors(report.diagnostics) || !report.scenario)
        throw ValidationFailed(sourceName, std::move(report.diagnostics));
    const core::Scenario& scenario = *report.scenario;

    // The rules (GEOS validity, topology, OOB, ...) and the thumbnail run on other threads while this one
    // writes the package inside the write transaction, which commits only when the rules found no error.
    // What the old order reported first still wins: the rules' errors, then a bad CRS, then the thumbnail
    // renderer's failure, then a database error.
    std::future<core::Diagnostics> rules = startAside([&scenario] { return core::validateScenario(scenario); });
    std::future<Thumbnail> thumbnail = startAside([&scenario, &options, &baseDir] {
        Thumbnail out;
        if (options.thumbnail) {
            try {
                out.png = options.thumbnail(scenario, baseDir);
            } catch (...) {
                out.error = std::current_exception();
            }
        }
        return out;
    });

    ExportResult result;
    const std::string id = options.newId.empty() ? scenario.settings.id : options.newId;
    result.id = id;

    SrsDefinition srs;
    std::exception_ptr srsError;
    try {
        srs = srsForCrs(scenario.settings.crs);
    } catch (const std::invalid_argument& e) {
        srsError = std::make_exception_ptr(core::FormatError(sourceName, "/crs", e.what()));
    }

    std::error_code ec;
    const bool created = !std::filesystem::exists(m_impl->path, ec);
    const int versionBefore = m_impl->version;
    std::optional<detail::Transaction> transaction;
    std::exception_ptr writeError;
    std::string journalMode;
    std::int64_t fid = 0;
    std::array<std::string, 3> terrainTables;                // by dimension: points, lines, polygons
    std::array<std::optional<Envelope>, 3> terrainEnvelopes;
    // Rolls the package back; a catalogue file this export created is removed again when it holds nothing.
    const auto abandon = [&] {
        transaction.reset();
        m_impl->version = versionBefore;
        if (created && m_impl->db.isOpen()) {
            m_impl->db.close();
            removeIfEmpty(m_impl->path);
        }
    };

    // The rules' outcome, awaited once (here or while the catalogue is busy, see below).
    std::optional<core::Diagnostics> ruleFindings;
    std::exception_ptr ruleFailure;
    const auto awaitRules = [&] {
        if (ruleFindings || ruleFailure)
            return;
        try {
            ruleFindings = rules.get();
        } catch (...) {
            ruleFailure = std::current_exception();
        }
    };

    if (!srsError) {
        try {
            if (!m_impl->db.isOpen())
                m_impl->db = detail::Database::open(m_impl->path, detail::Database::Access::Create, kBusyTimeoutMs);
            if (std::filesystem::file_size(m_impl->path, ec) == 0 && !ec) {
                // A new catalogue gets 16 KiB pages (SQLite's default is 4 KiB): a package is mostly large
                // blobs (the document, the terrain), which then take a quarter of the page writes; the bench
                // export ran about 7% faster, and 32 or 64 KiB gained nothing more. Only possible before the
                // first page is written.
                m_impl->db.exec("PRAGMA page_size=" + std::to_string(kNewCataloguePageSize));
            }
            detail::Database& db = m_impl->db;
            const RasterPlan raster = planRaster(scenario, baseDir, options, sqlite3_limit(db.handle(), SQLITE_LIMIT_LENGTH, -1));
            result.rasterNote = raster.note;

            // The write lock is first asked for without waiting: when another process holds the
            // catalogue, the rules are awaited before waiting for it, so that a scenario they refuse is
            // refused at once, as when they ran before the catalogue was opened.
            const auto begin = [&] {
                {
                    detail::Statement mode(db, "PRAGMA journal_mode");
                    if (mode.step())
                        journalMode = mode.text(0);
                }
                transaction.emplace(db, detail::Transaction::Kind::Immediate);
            };
            bool began = false;
            sqlite3_busy_timeout(db.handle(), 0);
            try {
                begin();
                began = true;
            } catch (const core::Error&) {
            }
            sqlite3_busy_timeout(db.handle(), kBusyTimeoutMs);
            if (!began) {
                awaitRules();
                if (ruleFailure || core::hasErrors(*ruleFindings))
                    throw RefusedBeforeWriting{};
                begin();
            }
            const detail::SchemaState state = detail::inspectCatalogue(db);
            if (state.version < kSchemaVersion)
                detail::migrateCatalogue(db, state);
            m_impl->version = kSchemaVersion;

            checkSameScenario(db, id, scenario.settings, options);
            {
                detail::Statement s(db, "SELECT coalesce(max(revision), 0) + 1 FROM packages WHERE scenario_id = ?1");
                s.bind(1, id);
                s.step();
                result.revision = static_cast<int>(s.integer(0));
            }
            // The previous newest revision stays readable but leaves the search index and the "latest" layer filter.
            {
                detail::Statement s(db, "DELETE FROM package_search WHERE rowid IN (SELECT fid FROM packages WHERE scenario_id = ?1)");
                s.bind(1, id).run();
                detail::Statement t(db, "DELETE FROM package_title_search WHERE rowid IN (SELECT fid FROM packages WHERE scenario_id = ?1)");
                t.bind(1, id).run();
            }
            {
                detail::Statement previous(db, "SELECT DISTINCT crs FROM packages WHERE scenario_id = ?1 AND latest = 1");
                previous.bind(1, id);
                std::set<std::string> tables;
                while (previous.step())
                    for (std::string& table : detail::terrainTablesOf(db, previous.text(0)))
                        tables.insert(std::move(table));
                for (const std::string& table : tables) {
                    detail::Statement s(db, "UPDATE " + detail::quoteIdentifier(table)
                            + " SET latest = 0 WHERE package_fid IN (SELECT fid FROM packages WHERE scenario_id = ?1 AND latest = 1)",
                        table);
                    s.bind(1, id).run();
                }
                detail::Statement s(db, "UPDATE packages SET latest = 0 WHERE scenario_id = ?1 AND latest = 1");
                s.bind(1, id).run();
            }

            // Each feature's envelope once: for the layer extents and its GeoPackage header. The features go
            // to the table of their dimension (points, lines, polygons), each table's extent from its own.
            std::vector<std::optional<Envelope>> envelopes;
            envelopes.reserve(scenario.terrain.size());
            std::array<bool, 3> present{};
            for (const core::TerrainFeature& f : scenario.terrain) {
                envelopes.push_back(envelopeOf(f.geometry));
                const auto dimension = static_cast<std::size_t>(core::dimension(f.geometry.type));
                present[dimension] = true;
                if (const auto& e = envelopes.back())
                    terrainEnvelopes[dimension] = terrainEnvelopes[dimension] ? terrainEnvelopes[dimension]->merged(*e) : *e;
            }
            std::optional<Envelope> extent;
            for (const auto& e : terrainEnvelopes)
                if (e)
                    extent = extent ? extent->merged(*e) : *e;
            if (scenario.settings.extent) {
                const core::Extent& x = *scenario.settings.extent;
                extent = Envelope{x.minX, x.maxX, x.minY, x.maxY};
            }
            for (std::size_t dimension = 0; dimension < 3; ++dimension)
                if (present[dimension])
                    terrainTables[dimension] = detail::ensureTerrainTable(db, srs, scenario.settings.crs, static_cast<int>(dimension));

            {
                // warning_count is set once the rules are in.
                detail::Statement s(db,
                    "INSERT INTO packages (scenario_id, revision, latest, title, system, battle, date, description, crs, scale, "
                    "created, source_name, document_sha256, document_size, feature_count, side_count, "
                    "formation_count, unit_count, warning_count, min_x, min_y, max_x, max_y) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, "
                    "?7, ?8, ?9, strftime('%Y-%m-%dT%H:%M:%fZ','now'), ?10, ?11, ?12, ?14, ?15, ?16, ?17, 0, ?19, ?20, ?21, ?22)",
                    "packages");
                s.bind(1, id).bind(2, result.revision).bind(3, scenario.settings.title).bind(4, core::toString(scenario.settings.system));
                s.bind(5, scenario.settings.battle).bind(6, scenario.settings.date).bind(7, scenario.settings.description);
                s.bind(8, scenario.settings.crs).bind(9, scenario.settings.scaleDenominator).bind(10, sourceName);
                s.bind(11, digest.get()).bind(12, static_cast<std::int64_t>(document.size()));
                s.bind(14, static_cast<std::int64_t>(scenario.terrain.size()));
                s.bind(15, static_cast<std::int64_t>(scenario.sides.size())).bind(16, static_cast<std::int64_t>(scenario.formations.size()));
                s.bind(17, static_cast<std::int64_t>(scenario.units.size()));
                if (extent)
                    s.bind(19, extent->minX).bind(20, extent->minY).bind(21, extent->maxX).bind(22, extent->maxY);
                s.run();
                fid = sqlite3_last_insert_rowid(db.handle());
            }
            {
                detail::Statement s(db, "INSERT INTO package_documents (package_fid, document) VALUES (?1, ?2)", "package_documents");
                // The document goes in through incremental blob I/O, into a zero blob of its size: bound
                // whole, SQLite first copied it into a record as large as itself (34 MB of fresh memory
                // on the bench scenario, a quarter of the export's page faults); this way the insert took
                // 24-28 ms instead of 34 (a standalone test of both on the bench document).
                s.bind(1, fid).bindZeroBlob(2, static_cast<std::int64_t>(document.size())).run();
                writeBlobFromMemory(db, "package_documents", "document", fid, document);
            }
            // Most of a big document has left SQLite's page cache by now: the disk can start on it.
            db.startWriteback();
            if (scenario.map) {
                const core::MapSource& map = *scenario.map;
                const std::optional<core::Georeference>& g = map.georeference;
                detail::Statement s(db,
                    "INSERT INTO map_sources (package_fid, path, sha256, width, height, warped_path, gcp_crs, method, target_crs, "
                    "transform, rms_map, rms_px, raster_sha256, raster_size, raster) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)", "map_sources");
                s.bind(1, fid).bind(2, map.path).bind(3, map.sha256).bind(4, map.width).bind(5, map.height).bindOrNull(6, map.warpedPath);
                if (g) {
                    s.bind(7, g->gcpCrs).bind(8, core::toString(g->method)).bind(9, g->crs);
                    s.bind(10, nlohmann::json(g->transform).dump()).bind(11, g->rmsMap).bind(12, g->rmsPixels);
                }
                if (raster.store)
                    s.bind(13, raster.sha256).bind(14, raster.size).bindZeroBlob(15, raster.size);
                s.run();
                if (raster.store)
                    writeBlobFromFile(db, "map_sources", "raster", fid, raster.file, raster.size);
                if (g) {
                    detail::Statement gcp(db, "INSERT INTO map_gcps (package_fid, gcp_id, pixel, line, map_x, map_y, enabled) "
                                              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", "map_gcps");
                    for (const core::Gcp& p : g->gcps) {
                        gcp.bind(1, fid).bind(2, p.id).bind(3, p.pixel).bind(4, p.line).bind(5, p.mapX).bind(6, p.mapY).bind(7, p.enabled ? 1 : 0);
                        gcp.run();
                        gcp.reset();
                    }
                }
                result.rasterStored = raster.store;
            }

            std::map<std::string, std::int64_t> sideFids;
            std::map<std::string, std::int64_t> formationFids;
            {
                detail::Statement s(db, "INSERT INTO sides (package_fid, ordinal, side_id, name, colour) VALUES (?1, ?2, ?3, ?4, ?5)", "sides");
                int ordinal = 0;
                for (const core::Side& side : scenario.sides) {
                    s.bind(1, fid).bind(2, ordinal++).bind(3, side.id.str()).bind(4, side.name).bind(5, side.colour);
                    s.run();
                    s.reset();
                    sideFids[side.id.str()] = sqlite3_last_insert_rowid(db.handle());
                }
            }
            {
                detail::Statement s(db, "INSERT INTO formations (package_fid, side_fid, ordinal, formation_id, name, echelon) "
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
            {
                detail::Statement s(db,
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
            detail::storeStructure(db, fid, scenario);
            if (!scenario.terrain.empty()) {
                std::array<std::unique_ptr<detail::Statement>, 3> inserts;
                for (std::size_t dimension = 0; dimension < 3; ++dimension)
                    if (present[dimension])
                        inserts[dimension] = std::make_unique<detail::Statement>(db, "INSERT INTO " + detail::quoteIdentifier(terrainTables[dimension])
                                + " (geom, package_fid, scenario_id, revision, latest, ordinal, feature_id, class, name, attributes) "
                                  "VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?7, ?8, ?9)",
                            terrainTables[dimension]);
                std::string blob;
                std::string attributes;
                for (std::size_t ordinal = 0; ordinal < scenario.terrain.size(); ++ordinal) {
                    const core::TerrainFeature& f = scenario.terrain[ordinal];
                    detail::Statement& s = *inserts[static_cast<std::size_t>(core::dimension(f.geometry.type))];
                    blob.clear();
                    appendGeoPackageBinary(blob, f.geometry, srs.srsId, envelopes[ordinal], WkbForm::Multi);
                    s.bindStaticBlob(1, blob).bind(2, fid).bindStatic(3, id).bind(4, result.revision);
                    s.bind(5, static_cast<std::int64_t>(ordinal)).bindStatic(6, f.id.str()).bindStatic(7, f.terrainClass);
                    if (!f.name.empty())
                        s.bindStatic(8, f.name);
                    if (!f.attributes.empty()) {
                        attributes = f.attributes.dump();
                        s.bindStatic(9, attributes);
                    }
                    s.run();
                    s.reset();
                }
            }
            // The disk writes what the terrain spilled while the rules and the thumbnail are awaited.
            m_impl->db.startWriteback();
        } catch (const RefusedBeforeWriting&) {
            // nothing written: the rules' outcome is reported below
        } catch (...) {
            writeError = std::current_exception();
        }
    }

    core::Diagnostics diagnostics = std::move(report.diagnostics);
    Thumbnail checkedThumbnail;
    awaitRules();
    if (ruleFailure) {
        abandon();
        std::rethrow_exception(ruleFailure);
    }
    diagnostics.insert(diagnostics.end(), std::make_move_iterator(ruleFindings->begin()), std::make_move_iterator(ruleFindings->end()));
    try {
        checkedThumbnail = thumbnail.get();
    } catch (...) {
        abandon();
        throw;
    }
    if (core::hasErrors(diagnostics)) {
        abandon();
        throw ValidationFailed(sourceName, std::move(diagnostics));
    }
    for (core::Diagnostic& d : diagnostics)
        if (d.severity != core::Severity::Error)
            result.warnings.push_back(std::move(d));
    if (srsError) {
        abandon();
        std::rethrow_exception(srsError);
    }
    std::optional<std::pair<int, int>> thumbnailSize;
    if (checkedThumbnail.error) {
        abandon();
        std::rethrow_exception(checkedThumbnail.error);
    }
    if (!checkedThumbnail.png.empty()) {
        thumbnailSize = detail::pngSize(checkedThumbnail.png);
        if (!thumbnailSize) {
            abandon();
            throw core::OperationError(sourceName, "thumbnail", "the thumbnail renderer gave bytes that are not a PNG");
        }
    }
    if (writeError) {
        abandon();
        std::rethrow_exception(writeError);
    }

    try {
        detail::Database& db = m_impl->db;
        {
            detail::Statement s(db, "INSERT INTO package_warnings (package_fid, ordinal, code, severity, path, message) "
                                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "package_warnings");
            int ordinal = 0;
            for (const core::Diagnostic& d : result.warnings) {
                s.bind(1, fid).bind(2, ordinal++).bind(3, d.code).bind(4, core::toString(d.severity)).bind(5, d.path).bind(6, d.message);
                s.run();
                s.reset();
            }
            detail::Statement count(db, "UPDATE packages SET warning_count = ?2 WHERE fid = ?1", "packages");
            count.bind(1, fid).bind(2, static_cast<std::int64_t>(result.warnings.size())).run();
        }
        if (thumbnailSize) {
            detail::Statement s(db, "INSERT INTO package_thumbnails (package_fid, width, height, png) VALUES (?1, ?2, ?3, ?4)",
                "package_thumbnails");
            s.bind(1, fid).bind(2, thumbnailSize->first).bind(3, thumbnailSize->second).bindBlob(4, checkedThumbnail.png).run();
            result.thumbnailStored = true;
        }
        for (std::size_t dimension = 0; dimension < 3; ++dimension)
            if (!terrainTables[dimension].empty() && terrainEnvelopes[dimension])
                detail::mergeLayerExtent(db, terrainTables[dimension], *terrainEnvelopes[dimension]);
        for (const char* table : detail::kAttributeTables)
            detail::touchContents(db, table);
        m_impl->indexPackage(fid);
        transaction->commit();
        transaction.reset();
    } catch (...) {
        abandon();
        throw;
    }
    if (journalMode != "wal") {
        // WAL lets readers go on while one process writes; it is a property of the file, set once, after
        // the first export (a new file's first package is written once, not to the WAL and then again).
        try {
            m_impl->db.exec("PRAGMA journal_mode=WAL");
        } catch (const core::IoError&) {
            // Another process holds the file; it stays in its journal mode until the next export.
        }
    }
    return result;
}

} // namespace sandtable::catalogue
