// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue: opening a file defensively, and exporting a validated scenario as one all-or-nothing package.
#include "sandtable/catalogue/catalogue.hpp"

#include "catalogue_impl.hpp"
#include "catalogue_schema.hpp"
#include "catalogue_structure.hpp"
#include "package_steps.hpp"
#include "sandtable/catalogue/gpkg_geometry.hpp"
#include "sandtable/catalogue/srs.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/sha256.hpp"
#include "sandtable/core/util/i18n.hpp"
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

#include <unistd.h>

namespace sandtable::catalogue {
namespace {

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
    : core::Error(file, "",
          core::i18n::format(P_("refusing to export: {1} validation error (run 'sandtable scenario validate')",
                                 "refusing to export: {1} validation errors (run 'sandtable scenario validate')",
                                 core::countSeverity(diagnostics, core::Severity::Error)),
              {std::to_string(core::countSeverity(diagnostics, core::Severity::Error))})),
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
            throw core::IoError(path.string(), "", _("is a folder, not a catalogue file"));
        impl->readable();
    }
    return Catalogue(std::move(impl));
}

detail::Database& Catalogue::Impl::readable()
{
    if (!db.isOpen()) {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            throw core::IoError(path.string(), "", _("no such catalogue (export a scenario into it first)"));
        // A reader without write permission on the file or its folder (a catalogue on a read-only share) reads
        // it read-only: SQLite would otherwise try to make the WAL's -shm file and fail with "attempt to write
        // a readonly database" (issue 43 item 5).
        const std::filesystem::path folder = std::filesystem::absolute(path).parent_path();
        const bool writable = ::access(path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0;
        db = detail::Database::open(path, writable ? detail::Database::Access::ReadWrite : detail::Database::Access::ReadOnlyShare,
            kBusyTimeoutMs);
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
    const core::FileBytes text = core::readFileBytes(scenarioFile, core::kMaxScenarioBytes);
    return exportDocument(text.view(), scenarioFile.string(), scenarioFile.parent_path(), options);
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
        out += core::i18n::format(_(", battle '{1}'"), {battle});
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
    const std::string stored = core::i18n::format(_("the catalogue's '{1}' (revision {2}) is {3}, this document is {4}"),
        {id, std::to_string(s.integer(4)), describe(title, system, battle, date),
            describe(settings.title, newSystem, settings.battle, settings.date)});
    if (system != newSystem)
        throw NotARevision(db.fileName(), id,
            core::i18n::format(_("not a revision of the package already stored under this id: {1}; a revision keeps its game "
                                 "system. Store it under another id (--as-new-id ID)"),
                {stored}));
    const bool sameTitle = title == settings.title;
    const bool sameBattleAndDate = (!battle.empty() || !date.empty()) && battle == settings.battle && date == settings.date;
    if (!sameTitle && !sameBattleAndDate && !options.asRevision)
        throw NotARevision(db.fileName(), id,
            core::i18n::format(_("not a revision of the package already stored under this id: {1}; a revision keeps its title, "
                                 "or its battle and date. Store it under another id (--as-new-id ID), or, if it is this "
                                 "scenario renamed, export it with --as-revision"),
                {stored}));
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
            _("is not a valid scenario id to store the package under (a letter or digit, then letters, digits, '_', '.', ':' or '-'; "
              "at most 200 characters)"));
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
    detail::TerrainLayout terrain;
    detail::UnitLayer unitLayer;
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
            const detail::RasterPlan raster = detail::planRaster(scenario, baseDir, options, sqlite3_limit(db.handle(), SQLITE_LIMIT_LENGTH, -1));
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
            result.revision = detail::nextRevision(db, id);
            detail::retireLatestRevision(db, id);
            terrain = detail::layOutTerrain(db, scenario, srs);
            fid = detail::insertPackageRow(db, scenario,
                {id, result.revision, sourceName, digest.get(), static_cast<std::int64_t>(document.size()), detail::packageExtent(scenario, terrain)});
            detail::storeDocument(db, fid, document);
            // Most of a big document has left SQLite's page cache by now: the disk can start on it.
            db.startWriteback();
            if (scenario.map) {
                detail::storeMapSource(db, fid, *scenario.map, raster);
                result.rasterStored = raster.store;
            }
            detail::storeOrderOfBattle(db, fid, scenario);
            detail::storeStructure(db, fid, scenario);
            detail::storeTerrain(db, fid, scenario, terrain, srs, id, result.revision);
            unitLayer = detail::storeUnitPoints(db, fid, scenario, srs, id, result.revision);
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
            throw core::OperationError(sourceName, "thumbnail", _("the thumbnail renderer gave bytes that are not a PNG"));
        }
    }
    if (writeError) {
        abandon();
        std::rethrow_exception(writeError);
    }

    try {
        detail::Database& db = m_impl->db;
        detail::storeWarnings(db, fid, result.warnings);
        if (thumbnailSize) {
            detail::storeThumbnail(db, fid, checkedThumbnail.png, thumbnailSize->first, thumbnailSize->second);
            result.thumbnailStored = true;
        }
        detail::finishContents(db, terrain, unitLayer);
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
