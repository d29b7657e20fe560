// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue: what a package is, written once for every backend: the document read and validated (the rules on
// another thread while the backend writes), identity and revisions, the thumbnail; the backend (a GeoPackage
// file or a PostgreSQL database, chosen by the --catalogue value) holds only the storage.
#include "sandtable/catalogue/catalogue.hpp"

#include "backend.hpp"
#include "catalogue_structure.hpp"
#include "package_content.hpp"
#include "package_steps.hpp"
#include "sandtable/catalogue/srs.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/sha256.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"

#include <future>
#include <optional>
#include <memory>
#include <system_error>
#include <vector>

namespace sandtable::catalogue {

struct Catalogue::Impl {
    std::unique_ptr<detail::Backend> backend;
};

ValidationFailed::ValidationFailed(const std::string& file, core::validation::Diagnostics diagnostics)
    : core::util::Error(file, "",
          core::i18n::format(P_("refusing to export: {1} validation error (run 'sandtable scenario validate')",
                                 "refusing to export: {1} validation errors (run 'sandtable scenario validate')",
                                 core::validation::countSeverity(diagnostics, core::validation::Severity::Error)),
              {std::to_string(core::validation::countSeverity(diagnostics, core::validation::Severity::Error))})),
      m_diagnostics(std::move(diagnostics))
{
}

Catalogue::Catalogue(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Catalogue::Catalogue(Catalogue&&) noexcept = default;
Catalogue& Catalogue::operator=(Catalogue&&) noexcept = default;
Catalogue::~Catalogue() = default;

const std::filesystem::path& Catalogue::path() const noexcept { return m_impl->backend->path(); }
const std::string& Catalogue::location() const noexcept { return m_impl->backend->location(); }

Catalogue Catalogue::open(const std::filesystem::path& path)
{
    auto impl = std::make_unique<Impl>();
    impl->backend = detail::openGeoPackage(path);
    return Catalogue(std::move(impl));
}

Catalogue Catalogue::openLocation(const std::string& location)
{
    if (!isDatabase(location))
        return open(std::filesystem::path(location));
    auto impl = std::make_unique<Impl>();
    impl->backend = detail::openPostgres(detail::conninfoOf(location), maskedLocation(location));
    return Catalogue(std::move(impl));
}

bool Catalogue::isDatabase(std::string_view location) { return detail::isDatabaseLocation(location); }
std::string Catalogue::maskedLocation(std::string_view location) { return detail::maskPassword(location); }

void Catalogue::initialiseDatabase(const std::string& location)
{
    if (!isDatabase(location))
        throw core::util::OperationError(location, "init",
            _("init prepares a PostgreSQL catalogue (PG:... or postgresql://...); a GeoPackage catalogue is made by its first export"));
    detail::initialisePostgres(detail::conninfoOf(location), maskedLocation(location));
}

void Catalogue::grantRole(const std::string& location, const std::string& user, Role role)
{
    if (!isDatabase(location))
        throw core::util::OperationError(location, "grant",
            _("roles are a PostgreSQL catalogue's (PG:... or postgresql://...); a GeoPackage file has the file system's permissions"));
    detail::grantPostgres(detail::conninfoOf(location), maskedLocation(location), user,
        role == Role::Reader ? "reader" : role == Role::Author ? "author" : "editor");
}

int Catalogue::schemaVersion() const { return m_impl->backend->schemaVersion(); }
std::vector<PackageSummary> Catalogue::list() const { return m_impl->backend->list(); }
std::vector<PackageSummary> Catalogue::search(const SearchQuery& query) const { return m_impl->backend->search(query); }
PackageDetails Catalogue::show(const std::string& id, std::optional<int> revision) const { return m_impl->backend->show(id, revision); }
std::string Catalogue::document(const std::string& id, std::optional<int> revision) const { return m_impl->backend->document(id, revision); }
std::optional<std::string> Catalogue::thumbnail(const std::string& id, std::optional<int> revision) const
{
    return m_impl->backend->thumbnail(id, revision);
}
ExtractResult Catalogue::extract(const std::string& id, const std::filesystem::path& output, const ExtractOptions& options) const
{
    return m_impl->backend->extract(id, output, options);
}
int Catalogue::remove(const std::string& id, std::optional<int> revision) { return m_impl->backend->remove(id, revision); }

ExportResult Catalogue::exportScenario(const std::filesystem::path& scenarioFile, const ExportOptions& options)
{
    const core::io::FileBytes text = core::io::readFileBytes(scenarioFile, core::io::kMaxScenarioBytes);
    return exportDocument(text.view(), scenarioFile.string(), scenarioFile.parent_path(), options);
}

namespace {

/// The thumbnail, or the error its renderer threw.
struct Thumbnail {
    std::string png;
    std::exception_ptr error;
};

} // namespace

ExportResult Catalogue::exportDocument(std::string_view document, const std::string& sourceName,
    const std::filesystem::path& baseDir, const ExportOptions& options)
{
    if (!options.newId.empty() && !detail::validScenarioId(options.newId))
        throw core::util::OperationError(sourceName, options.newId,
            _("is not a valid scenario id to store the package under (a letter or digit, then letters, digits, '_', '.', ':' or '-'; "
              "at most 200 characters)"));
    // The document's SHA-256 does not depend on reading it: it is computed aside meanwhile; and the backend
    // may start storing the bytes (PostgreSQL: sent to the server while they are parsed here).
    std::future<std::string> digest = detail::startAside([document] { return core::util::sha256Hex(document); });
    std::unique_ptr<detail::PackageWriter> writer = m_impl->backend->writer();
    writer->sendAhead(document);
    core::io::ValidationReport report = core::io::readScenarioText(document, sourceName);
    if (core::validation::hasErrors(report.diagnostics) || !report.scenario)
        throw ValidationFailed(sourceName, std::move(report.diagnostics));
    const core::Scenario& scenario = *report.scenario;

    // The rules (GEOS validity, topology, OOB, ...) and the thumbnail run on other threads while this one
    // writes the package inside the backend's write transaction, which commits only when the rules found no
    // error. What the old order reported first still wins: the rules' errors, then a bad CRS, then the
    // thumbnail renderer's failure, then a storage error.
    std::future<core::validation::Diagnostics> rules = detail::startAside([&scenario] { return core::validation::validateScenario(scenario); });
    std::future<Thumbnail> thumbnail = detail::startAside([&scenario, &options, &baseDir] {
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
        srsError = std::make_exception_ptr(core::util::FormatError(sourceName, "/crs", e.what()));
    }

    std::exception_ptr writeError;
    // (Only a begun writer is abandoned; one that never began cleans up after itself: the PostgreSQL writer
    // waits for a document sent ahead and rolls its transaction back.)
    bool begun = false;
    const auto abandon = [&] {
        if (begun)
            writer->abandon();
    };

    // The rules' outcome, awaited once (here or while the catalogue is busy).
    std::optional<core::validation::Diagnostics> ruleFindings;
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

    const detail::PackageInput input{scenario, id, document, sourceName, baseDir, options, srs, [&digest] { return digest.get(); }};
    if (!srsError) {
        try {
            begun = true;
            writer->begin(input, result, [&] {
                awaitRules();
                return ruleFailure || core::validation::hasErrors(*ruleFindings);
            });
            detail::checkSameScenario(m_impl->backend->location(), id, writer->latest(id), scenario.settings, options);
            writer->store(input, result);
        } catch (const detail::RefusedBeforeWriting&) {
            // nothing written: the rules' outcome is reported below
        } catch (...) {
            writeError = std::current_exception();
        }
    }

    core::validation::Diagnostics diagnostics = std::move(report.diagnostics);
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
    if (core::validation::hasErrors(diagnostics)) {
        abandon();
        throw ValidationFailed(sourceName, std::move(diagnostics));
    }
    for (core::validation::Diagnostic& d : diagnostics)
        if (d.severity != core::validation::Severity::Error)
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
            throw core::util::OperationError(sourceName, "thumbnail", _("the thumbnail renderer gave bytes that are not a PNG"));
        }
    }
    if (writeError) {
        abandon();
        std::rethrow_exception(writeError);
    }
    try {
        writer->finish(result.warnings, checkedThumbnail.png, thumbnailSize);
        result.thumbnailStored = thumbnailSize.has_value();
    } catch (...) {
        abandon();
        throw;
    }
    return result;
}

} // namespace sandtable::catalogue
