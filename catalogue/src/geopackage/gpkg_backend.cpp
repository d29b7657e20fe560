// SPDX-License-Identifier: GPL-3.0-or-later
// The GeoPackage backend: opening a file defensively, and writing a package inside one BEGIN IMMEDIATE
// transaction in WAL mode.
#include "gpkg_backend.hpp"

#include "catalogue_schema.hpp"
#include "catalogue_structure.hpp"
#include "package_steps.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <system_error>

#include <unistd.h>

namespace sandtable::catalogue::detail {
namespace {

/// Removes a catalogue file this export created when the failed export left it without any schema object
/// (another process may have written into it meanwhile: then it stays).
void removeIfEmpty(const std::filesystem::path& path)
{
    try {
        Database db = Database::open(path, Database::Access::ReadWrite, 1000);
        Statement s(db, "SELECT count(*) FROM sqlite_master");
        const bool empty = s.step() && s.integer(0) == 0;
        db.close();
        if (!empty)
            return;
    } catch (const core::util::Error&) {
        return;
    }
    std::error_code ec;
    std::filesystem::remove(path, ec);
    std::filesystem::remove(path.string() + "-wal", ec);
    std::filesystem::remove(path.string() + "-shm", ec);
}

/// The page size of a catalogue file that an export creates (bytes).
constexpr int kNewCataloguePageSize = 16384;

class GpkgWriter final : public PackageWriter {
public:
    explicit GpkgWriter(GpkgBackend& backend) : m_backend(backend) {}

    void begin(const PackageInput& input, ExportResult& result, const std::function<bool()>& rulesRefused) override
    {
        std::error_code ec;
        m_created = !std::filesystem::exists(m_backend.m_path, ec);
        m_versionBefore = m_backend.version;
        if (!m_backend.db.isOpen())
            m_backend.db = Database::open(m_backend.m_path, Database::Access::Create, kBusyTimeoutMs);
        if (std::filesystem::file_size(m_backend.m_path, ec) == 0 && !ec) {
            // A new catalogue gets 16 KiB pages (SQLite's default is 4 KiB): a package is mostly large
            // blobs (the document, the terrain), which then take a quarter of the page writes; the bench
            // export ran about 7% faster, and 32 or 64 KiB gained nothing more. Only possible before the
            // first page is written.
            m_backend.db.exec("PRAGMA page_size=" + std::to_string(kNewCataloguePageSize));
        }
        Database& db = m_backend.db;
        m_raster = planRaster(input.scenario, input.baseDir, input.options, sqlite3_limit(db.handle(), SQLITE_LIMIT_LENGTH, -1));
        result.rasterNote = m_raster.note;

        // The write lock is first asked for without waiting: when another process holds the catalogue, the
        // rules are awaited before waiting for it, so that a scenario they refuse is refused at once, as when
        // they ran before the catalogue was opened.
        const auto start = [&] {
            {
                Statement mode(db, "PRAGMA journal_mode");
                if (mode.step())
                    m_journalMode = mode.text(0);
            }
            m_transaction.emplace(db, Transaction::Kind::Immediate);
        };
        bool began = false;
        sqlite3_busy_timeout(db.handle(), 0);
        try {
            start();
            began = true;
        } catch (const core::util::Error&) {
        }
        sqlite3_busy_timeout(db.handle(), kBusyTimeoutMs);
        if (!began) {
            if (rulesRefused())
                throw RefusedBeforeWriting{};
            start();
        }
        const SchemaState state = inspectCatalogue(db);
        if (state.version < kSchemaVersion)
            migrateCatalogue(db, state);
        ensureLookupIndexes(db);
        m_backend.version = kSchemaVersion;
    }

    std::optional<StoredIdentity> latest(const std::string& id) override
    {
        Statement s(m_backend.db, "SELECT system, title, battle, date, revision FROM packages WHERE scenario_id = ?1 AND latest = 1");
        s.bind(1, id);
        if (!s.step())
            return std::nullopt;
        return StoredIdentity{s.text(0), s.text(1), s.text(2), s.text(3), static_cast<int>(s.integer(4))};
    }

    void store(const PackageInput& input, ExportResult& result) override
    {
        Database& db = m_backend.db;
        const core::Scenario& scenario = input.scenario;
        result.revision = nextRevision(db, input.id);
        retireLatestRevision(db, input.id);
        m_terrain = layOutTerrain(db, scenario, input.srs);
        m_fid = insertPackageRow(db, scenario,
            {input.id, result.revision, input.sourceName, input.documentSha256(), static_cast<std::int64_t>(input.document.size()),
                packageExtent(scenario, m_terrain)});
        // A terrain table GDAL or QGIS wrote since sandtable last did may hold single geometries: promoted first.
        settleForeignEdits(db, m_fid);
        storeDocument(db, m_fid, input.document);
        // Most of a big document has left SQLite's page cache by now: the disk can start on it.
        db.startWriteback();
        if (scenario.map) {
            storeMapSource(db, m_fid, *scenario.map, m_raster);
            result.rasterStored = m_raster.store;
        }
        storeOrderOfBattle(db, m_fid, scenario);
        storeStructure(db, m_fid, scenario);
        storeTerrain(db, m_fid, scenario, m_terrain, input.srs, input.id, result.revision);
        m_units = storeUnitPoints(db, m_fid, scenario, input.srs, input.id, result.revision);
        // The disk writes what the terrain spilled while the rules and the thumbnail are awaited.
        db.startWriteback();
    }

    void finish(const core::validation::Diagnostics& warnings, const std::string& png, std::optional<std::pair<int, int>> pngSize) override
    {
        Database& db = m_backend.db;
        storeWarnings(db, m_fid, warnings);
        if (pngSize)
            storeThumbnail(db, m_fid, png, pngSize->first, pngSize->second);
        finishContents(db, m_terrain, m_units, m_fid);
        m_backend.indexPackage(m_fid);
        m_transaction->commit();
        m_transaction.reset();
        if (m_journalMode != "wal") {
            // WAL lets readers go on while one process writes; it is a property of the file, set once, after
            // the first export (a new file's first package is written once, not to the WAL and then again).
            try {
                db.exec("PRAGMA journal_mode=WAL");
            } catch (const core::util::IoError&) {
                // Another process holds the file; it stays in its journal mode until the next export.
            }
        }
    }

    void abandon() noexcept override
    {
        try {
            m_transaction.reset();
            m_backend.version = m_versionBefore;
            if (m_created && m_backend.db.isOpen()) {
                m_backend.db.close();
                removeIfEmpty(m_backend.m_path);
            }
        } catch (...) {
        }
    }

private:
    GpkgBackend& m_backend;
    bool m_created = false;
    int m_versionBefore = 0;
    std::optional<Transaction> m_transaction;
    std::string m_journalMode;
    RasterPlan m_raster;
    std::int64_t m_fid = 0;
    TerrainLayout m_terrain;
    UnitLayer m_units;
};

} // namespace

std::unique_ptr<Backend> openGeoPackage(const std::filesystem::path& path)
{
    auto backend = std::make_unique<GpkgBackend>(path);
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        if (std::filesystem::is_directory(path, ec))
            throw core::util::IoError(path.string(), "", _("is a folder, not a catalogue file"));
        backend->readable();
    }
    return backend;
}

std::unique_ptr<PackageWriter> GpkgBackend::writer() { return std::make_unique<GpkgWriter>(*this); }

Database& GpkgBackend::readable()
{
    if (!db.isOpen()) {
        std::error_code ec;
        if (!std::filesystem::exists(m_path, ec))
            throw core::util::IoError(m_location, "", _("no such catalogue (export a scenario into it first)"));
        // A reader without write permission on the file or its folder (a catalogue on a read-only share) reads
        // it read-only: SQLite would otherwise try to make the WAL's -shm file and fail with "attempt to write
        // a readonly database" (issue 43 item 5).
        const std::filesystem::path folder = std::filesystem::absolute(m_path).parent_path();
        const bool writable = ::access(m_path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0;
        db = Database::open(m_path, writable ? Database::Access::ReadWrite : Database::Access::ReadOnlyShare, kBusyTimeoutMs);
        Transaction read(db, Transaction::Kind::Deferred);
        version = inspectCatalogue(db).version;
        read.commit();
    }
    return db;
}

int GpkgBackend::schemaVersion()
{
    std::error_code ec;
    if (!db.isOpen() && !std::filesystem::exists(m_path, ec))
        return 0;
    readable();
    return version;
}

} // namespace sandtable::catalogue::detail
