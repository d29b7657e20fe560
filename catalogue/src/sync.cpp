// SPDX-License-Identifier: GPL-3.0-or-later
// Sync between two catalogues through the Catalogue interface only: it works the same for either backend.
#include "sandtable/catalogue/sync.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <unistd.h>

#include <algorithm>
#include <map>

namespace sandtable::catalogue {
namespace {

std::string joined(const std::vector<std::string>& ids)
{
    std::string out;
    for (const std::string& id : ids)
        out += (out.empty() ? "" : ", ") + id;
    return out;
}

/// The document SHA-256 of every revision of `id`, ascending by revision, with the revision numbers.
std::vector<std::pair<int, std::string>> history(const Catalogue& catalogue, const std::string& id)
{
    std::vector<std::pair<int, std::string>> out;
    const PackageDetails latest = catalogue.show(id);
    for (int revision : latest.revisions)
        out.emplace_back(revision, revision == latest.summary.revision ? latest.documentSha256 : catalogue.show(id, revision).documentSha256);
    return out;
}

/// A temporary folder removed on scope exit.
struct TemporaryFolder {
    std::filesystem::path path;
    TemporaryFolder()
    {
        path = std::filesystem::temp_directory_path() / ("sandtable-sync-" + std::to_string(::getpid()));
        std::filesystem::create_directories(path);
    }
    ~TemporaryFolder()
    {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

} // namespace

SyncConflict::SyncConflict(const std::string& location, std::vector<std::string> ids)
    : core::util::OperationError(location, joined(ids),
          _("revised on both sides since they last agreed; nothing copied (remove one side's newer revisions, or store them "
            "under another id, then sync again)")),
      m_ids(std::move(ids))
{
}

SyncResult copyNewRevisions(const Catalogue& from, Catalogue& to, const SyncOptions& options)
{
    std::vector<std::string> ids = options.ids;
    if (ids.empty())
        for (const PackageSummary& p : from.list())
            ids.push_back(p.id);
    const std::vector<PackageSummary> targetPackages = to.schemaVersion() > 0 ? to.list() : std::vector<PackageSummary>{};
    std::map<std::string, bool> onTarget;
    for (const PackageSummary& p : targetPackages)
        onTarget[p.id] = true;

    // First every plan, then the copies: a conflict copies nothing.
    std::vector<std::pair<std::string, std::vector<int>>> plans; // id, revisions of `from` to copy
    std::vector<std::string> conflicts;
    SyncResult result;
    for (const std::string& id : ids) {
        const auto source = history(from, id);
        const auto target = onTarget.count(id) ? history(to, id) : std::vector<std::pair<int, std::string>>{};
        std::size_t common = 0;
        while (common < source.size() && common < target.size() && source[common].second == target[common].second)
            ++common;
        if (common == source.size()) {
            ++result.unchanged;
            continue;
        }
        if (common < target.size()) {
            conflicts.push_back(id);
            continue;
        }
        std::vector<int> copy;
        for (std::size_t i = common; i < source.size(); ++i)
            copy.push_back(source[i].first);
        plans.emplace_back(id, std::move(copy));
    }
    if (!conflicts.empty())
        throw SyncConflict(to.location(), std::move(conflicts));

    TemporaryFolder folder;
    for (const auto& [id, revisions] : plans) {
        for (int revision : revisions) {
            const PackageDetails d = from.show(id, revision);
            // The document and its stored raster in a folder of their own; the raster is handed to the export
            // by name (ExportOptions::rasterFile), never written where the document's map path points (a relative
            // path of "../" steps would leave the temporary folder).
            const std::filesystem::path base = folder.path / (id + "-" + std::to_string(revision));
            ExtractOptions extract;
            extract.revision = revision;
            if (d.map && d.map->rasterStored)
                extract.rasterDir = base / "raster";
            const std::filesystem::path document = base / "document.sandtable.json";
            const ExtractResult extracted = from.extract(id, document, extract);
            ExportOptions exportOptions;
            exportOptions.newId = id;
            exportOptions.asRevision = true;
            exportOptions.thumbnail = options.thumbnail;
            exportOptions.rasterFile = extracted.raster;
            const std::string bytes = from.document(id, revision);
            to.exportDocument(bytes, d.sourceName, base, exportOptions);
            ++result.revisions;
        }
        ++result.packages;
    }
    return result;
}

} // namespace sandtable::catalogue
