// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable catalogue export|list|search|show|extract|remove`: thin commands over sandtable_catalogue.
#include "sandtable/app/catalogue_export.hpp"
#include "sandtable/cli/context.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/core/util/text_encoding.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/catalogue/sync.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/style/terrain_style.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <optional>
#include <ostream>
#include <utility>
#include <vector>

namespace sandtable::cli {
namespace catalogue_commands {
namespace {

struct CatalogueOptions {
    std::string catalogue = catalogue::kDefaultCatalogueFile;
    std::string file;
    std::string id;
    std::string query;
    std::string system;
    std::string dateFrom;
    std::string dateTo;
    std::string output;
    std::string rasterDir;
    int revision = 0;
    int limit = 20;
    std::string role;
    std::string target;
    bool noRaster = false;
    std::string newId;
    bool asRevision = false;
};

core::io::JsonValue summaryToJson(const catalogue::PackageSummary& p, bool withScore, core::io::JsonOut& j)
{
    core::io::JsonValue summary = j.object("id", p.id, "title", p.title, "system", p.system, "revision", p.revision, "revisions", p.revisionCount,
        "battle", p.battle, "date", p.date, "created", p.created, "warnings", p.warningCount);
    if (withScore)
        j.set(summary, "score", p.score);
    return summary;
}

void printSummaries(const std::vector<catalogue::PackageSummary>& packages, Context& context, bool withScore)
{
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue array = j.array();
        for (const auto& p : packages)
            j.push(array, summaryToJson(p, withScore, j));
        context.printJson(array);
        return;
    }
    for (const auto& p : packages)
        context.out << p.id << "  r" << p.revision << "  " << p.system << "  " << p.title
                    << (p.date.empty() ? "" : "  (" + p.date + ")") << "\n";
    if (!context.quiet)
        context.err << core::i18n::format(P_("{1} package", "{1} packages", packages.size()), {std::to_string(packages.size())}) << "\n";
}

std::string join(const std::vector<std::string>& parts, const char* separator)
{
    std::string out;
    for (const std::string& part : parts)
        out += (out.empty() ? "" : separator) + part;
    return out;
}

std::optional<int> revisionOption(const CatalogueOptions& o)
{
    return o.revision > 0 ? std::optional<int>(o.revision) : std::nullopt;
}

void runExport(const CatalogueOptions& o, Context& context)
{
    catalogue::Catalogue db = catalogue::Catalogue::openLocation(o.catalogue);
    catalogue::ExportOptions options;
    options.storeRaster = !o.noRaster;
    options.newId = o.newId;
    options.asRevision = o.asRevision;
    options.thumbnail = app::catalogueThumbnail; // the editor's File > Export to Catalogue draws the same
    try {
        const catalogue::ExportResult r = db.exportScenario(o.file, options);
        if (context.json) {
            core::io::JsonOut j;
            context.printJson(j.object("id", r.id, "revision", r.revision, "catalogue", catalogue::Catalogue::maskedLocation(o.catalogue), "file",
                o.file, "warnings", r.warnings.size(), "raster_stored", r.rasterStored, "thumbnail", r.thumbnailStored, "diagnostics",
                diagnosticsToJson(r.warnings, j)));
        } else {
            context.printDiagnostics(r.warnings, o.file);
            context.out << core::i18n::format(_("{1} revision {2}"), {r.id, std::to_string(r.revision)}) << "\n";
            if (!context.quiet) {
                context.err << core::i18n::format(P_("exported {1} into {2} as {3} revision {4} ({5} warning stored)",
                                                      "exported {1} into {2} as {3} revision {4} ({5} warnings stored)", r.warnings.size()),
                                   {o.file, catalogue::Catalogue::maskedLocation(o.catalogue), r.id, std::to_string(r.revision), std::to_string(r.warnings.size())})
                            << "\n";
                if (!r.rasterNote.empty())
                    context.err << r.rasterNote << "\n";
            }
        }
    } catch (const catalogue::ValidationFailed& e) {
        const auto errors = core::validation::countSeverity(e.diagnostics(), core::validation::Severity::Error);
        core::io::JsonOut j;
        if (context.json)
            context.printJson(j.object("id", nullptr, "exported", false, "file", o.file, "errors", errors, "warnings",
                core::validation::countSeverity(e.diagnostics(), core::validation::Severity::Warning), "diagnostics", diagnosticsToJson(e.diagnostics(), j)));
        else
            context.printDiagnostics(e.diagnostics(), o.file);
        throw;
    }
}

void runList(const CatalogueOptions& o, Context& context)
{
    printSummaries(catalogue::Catalogue::openLocation(o.catalogue).list(), context, false);
}

void runSearch(const CatalogueOptions& o, Context& context)
{
    catalogue::SearchQuery q{o.query, o.system, o.dateFrom, o.dateTo, o.limit};
    std::vector<catalogue::PackageSummary> found;
    try {
        found = catalogue::Catalogue::openLocation(o.catalogue).search(q);
    } catch (const catalogue::UnsearchableQuery& e) {
        throw CLI::ValidationError("QUERY", e.reason()); // a usage error: exit 2
    }
    printSummaries(found, context, true);
}

void runShow(const CatalogueOptions& o, Context& context)
{
    const catalogue::PackageDetails d = catalogue::Catalogue::openLocation(o.catalogue).show(o.id, revisionOption(o));
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue show = summaryToJson(d.summary, false, j);
        j.set(show, "revisions", d.revisions); // in place of the summary's count
        j.set(show, "description", d.description);
        j.set(show, "crs", d.crs);
        j.set(show, "scale", d.scale);
        j.set(show, "source", d.sourceName);
        j.set(show, "document_sha256", d.documentSha256);
        j.set(show, "document_size", d.documentSize);
        j.set(show, "terrain_tables", d.terrainTables);
        j.set(show, "features", d.featureCount);
        j.set(show, "sides", d.sideCount);
        j.set(show, "formations", d.formationCount);
        j.set(show, "units", d.unitCount);
        j.set(show, "diagnostics", diagnosticsToJson(d.warnings, j));
        j.set(show, "thumbnail",
            d.thumbnail ? j.object("width", d.thumbnail->first, "height", d.thumbnail->second, "format", "png") : j.value(nullptr));
        j.set(show, "table_battles_cards", d.tableBattlesCards);
        j.set(show, "campaign_grid", d.campaignGrid);
        core::io::JsonValue map;
        if (d.map) {
            const auto& m = *d.map;
            map = j.object("path", m.path, "sha256", m.sha256, "width", m.width, "height", m.height, "method",
                m.method.empty() ? j.value(nullptr) : j.value(m.method), "crs", m.targetCrs, "rms_map", m.rmsMap, "rms_px", m.rmsPixels,
                "gcp_count", m.gcpCount, "raster_stored", m.rasterStored, "raster_sha256",
                m.rasterStored ? j.value(m.rasterSha256) : j.value(nullptr), "raster_size", m.rasterSize);
        }
        j.set(show, "map", std::move(map));
        context.printJson(show);
        return;
    }
    namespace i18n = core::i18n;
    std::ostream& out = context.out;
    // "  label: " padded to one column (13 characters, or the longest translated label), then the value.
    const char* labels[] = {N_("title"), N_("system"), N_("battle"), N_("date"), N_("created"), N_("crs"), N_("scale"),
        N_("document"), N_("content"), N_("map"), N_("georef"), N_("raster"), N_("thumbnail"), N_("description")};
    std::size_t column = 13;
    // "{1}:" is translated too: French sets a space before the colon.
    const auto labelled = [](const char* label) { return core::i18n::format(_("{1}:"), {_(label)}); };
    for (const char* label : labels)
        column = std::max(column, core::util::utf8CharacterCount(labelled(label)) + 1);
    const auto field = [&](const char* label) {
        const std::string text = labelled(label);
        return "  " + text + std::string(column - std::min(column, core::util::utf8CharacterCount(text)), ' ');
    };
    std::string revisions;
    for (int r : d.revisions)
        revisions += " " + std::to_string(r);
    std::string content = i18n::format(P_("{1} terrain feature", "{1} terrain features", d.featureCount), {std::to_string(d.featureCount)});
    if (!d.terrainTables.empty())
        content += i18n::format(d.terrainTables.size() == 1 ? _(" in layer {1}") : _(" in layers {1}"), {join(d.terrainTables, ", ")});
    content += ", " + i18n::format(P_("{1} side", "{1} sides", d.sideCount), {std::to_string(d.sideCount)}) + ", "
        + i18n::format(P_("{1} formation", "{1} formations", d.formationCount), {std::to_string(d.formationCount)}) + ", "
        + i18n::format(P_("{1} unit", "{1} units", d.unitCount), {std::to_string(d.unitCount)});
    out << i18n::format(_("{1} revision {2} of{3}"), {d.summary.id, std::to_string(d.summary.revision), revisions}) << "\n"
        << field("title") << d.summary.title << "\n" << field("system") << d.summary.system << "\n" << field("battle") << d.summary.battle
        << "\n" << field("date") << d.summary.date << "\n" << field("created") << d.summary.created << "\n" << field("crs") << d.crs
        << "\n" << field("scale") << "1:" << d.scale << "\n" << field("document")
        << i18n::format(_("{1} bytes, SHA-256 {2}"), {std::to_string(d.documentSize), d.documentSha256}) << "\n"
        << field("content") << content << "\n";
    if (d.map) {
        const auto& m = *d.map;
        out << field("map") << m.path << " (" << m.width << " x " << m.height << " px, SHA-256 " << m.sha256 << ")\n";
        if (!m.method.empty()) {
            out << field("georef")
                << i18n::format(P_("{1}, {2} GCP -> {3}", "{1}, {2} GCPs -> {3}", static_cast<unsigned long>(m.gcpCount)),
                       {m.method, std::to_string(m.gcpCount), m.targetCrs});
            if (m.rmsMap)
                out << ", RMS " << i18n::formatNumber(*m.rmsMap, 3) << " m";
            if (m.rmsPixels)
                out << " / " << i18n::formatNumber(*m.rmsPixels, 3) << " px";
            out << "\n";
        }
        out << field("raster")
            << (m.rasterStored ? i18n::format(_("stored, {1} bytes, SHA-256 {2}"), {std::to_string(m.rasterSize), m.rasterSha256})
                               : std::string(_("not stored")))
            << "\n";
    }
    out << field("thumbnail")
        << (d.thumbnail ? std::to_string(d.thumbnail->first) + " x " + std::to_string(d.thumbnail->second) + " px PNG" : std::string(_("none")))
        << "\n";
    if (!d.description.empty())
        out << field("description") << d.description << "\n";
    for (const auto& w : d.warnings)
        out << "  " << severityText(w.severity) << ": " << w.path << ": " << w.message << " [" << w.code << "]\n";
}

void runExtract(const CatalogueOptions& o, Context& context)
{
    catalogue::ExtractOptions options;
    options.revision = revisionOption(o);
    if (!o.rasterDir.empty())
        options.rasterDir = o.rasterDir;
    const catalogue::ExtractResult r = catalogue::Catalogue::openLocation(o.catalogue).extract(o.id, o.output, options);
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("id", o.id, "revision", r.revision, "file", r.document.string(), "raster",
            r.raster ? j.value(r.raster->string()) : j.value(nullptr), "raster_sha256", r.raster ? j.value(r.rasterSha256) : j.value(nullptr)));
    } else if (!context.quiet) {
        context.err << core::i18n::format(_("wrote {1} ({2} revision {3})"), {r.document.string(), o.id, std::to_string(r.revision)}) << "\n";
        if (r.raster)
            context.err << core::i18n::format(_("wrote {1} (SHA-256 {2})"), {r.raster->string(), r.rasterSha256}) << "\n";
    }
}

void runThumbnail(const CatalogueOptions& o, Context& context)
{
    const std::optional<std::string> png = catalogue::Catalogue::openLocation(o.catalogue).thumbnail(o.id, revisionOption(o));
    if (!png)
        throw core::util::OperationError(catalogue::Catalogue::maskedLocation(o.catalogue), o.id, _("the package has no thumbnail (it has no terrain or extent to draw)"));
    core::io::writeFileAtomically(o.output, *png);
    if (context.json)
        context.printJson(core::io::JsonOut().object("id", o.id, "file", o.output, "bytes", png->size()));
    else if (!context.quiet)
        context.err << core::i18n::format(_("wrote {1} ({2} bytes)"), {o.output, std::to_string(png->size())}) << "\n";
}

void runRemove(const CatalogueOptions& o, Context& context)
{
    const int removed = catalogue::Catalogue::openLocation(o.catalogue).remove(o.id, revisionOption(o));
    if (context.json)
        context.printJson(core::io::JsonOut().object("id", o.id, "removed", removed));
    else if (!context.quiet)
        context.err << core::i18n::format(P_("removed {1} revision of {2} from {3}", "removed {1} revisions of {2} from {3}", removed),
                           {std::to_string(removed), o.id, catalogue::Catalogue::maskedLocation(o.catalogue)})
                    << "\n";
}

void runInit(const CatalogueOptions& o, Context& context)
{
    catalogue::Catalogue::initialiseDatabase(o.catalogue);
    const std::string where = catalogue::Catalogue::maskedLocation(o.catalogue);
    if (context.json)
        context.printJson(core::io::JsonOut().object("catalogue", where, "initialised", true));
    else if (!context.quiet)
        context.err << core::i18n::format(_("{1} holds a sandtable catalogue; give logins a role with 'sandtable catalogue grant USER --role reader|author|editor'"),
                           {where})
                    << "\n";
}

void runGrant(const CatalogueOptions& o, Context& context)
{
    const catalogue::Catalogue::Role role = o.role == "reader" ? catalogue::Catalogue::Role::Reader
        : o.role == "editor"                                 ? catalogue::Catalogue::Role::Editor
                                                             : catalogue::Catalogue::Role::Author;
    catalogue::Catalogue::grantRole(o.catalogue, o.id, role);
    if (context.json)
        context.printJson(core::io::JsonOut().object("user", o.id, "role", o.role));
    else if (!context.quiet)
        context.err << core::i18n::format(_("{1} is now a catalogue {2} in {3}"), {o.id, o.role, catalogue::Catalogue::maskedLocation(o.catalogue)})
                    << "\n";
}

/// push (from the file to the shared catalogue) and pull (back, optionally only what a search finds).
void runSync(const CatalogueOptions& from, const CatalogueOptions& o, Context& context, const std::string& query)
{
    const catalogue::Catalogue source = catalogue::Catalogue::openLocation(from.catalogue);
    catalogue::Catalogue target = catalogue::Catalogue::openLocation(o.target);
    catalogue::SyncOptions options;
    options.thumbnail = app::catalogueThumbnail; // the same thumbnail as export draws
    if (!query.empty()) {
        catalogue::SearchQuery q;
        q.text = query;
        q.limit = 10000;
        try {
            for (const catalogue::PackageSummary& p : source.search(q))
                options.ids.push_back(p.id);
        } catch (const catalogue::UnsearchableQuery& e) {
            throw CLI::ValidationError("--query", e.reason());
        }
        if (options.ids.empty()) {
            if (context.json)
                context.printJson(core::io::JsonOut().object("from", source.location(), "to", target.location(), "packages", 0, "revisions", 0,
                    "unchanged", 0));
            return;
        }
    }
    const catalogue::SyncResult r = catalogue::copyNewRevisions(source, target, options);
    if (context.json)
        context.printJson(core::io::JsonOut().object("from", source.location(), "to", target.location(), "packages", r.packages, "revisions",
            r.revisions, "unchanged", r.unchanged));
    else if (!context.quiet)
        context.err << core::i18n::format(P_("copied {1} revision from {2} to {3} ({4} package(s) already in step)",
                                              "copied {1} revisions from {2} to {3} ({4} package(s) already in step)", r.revisions),
                           {std::to_string(r.revisions), source.location(), target.location(), std::to_string(r.unchanged)})
                    << "\n";
}

} // namespace

} // namespace catalogue_commands

void registerCatalogueCommands(CLI::App& app, Context& context)
{
    using namespace catalogue_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "catalogue",
        _("Store, find and extract validated scenario packages (a GeoPackage file, or a shared PostgreSQL/PostGIS database)"));
    const auto addCatalogueOption = [](CLI::App* command, std::shared_ptr<CatalogueOptions> o) {
        command->add_option("--catalogue", o->catalogue,
                   _("Catalogue: a GeoPackage file, or a PostgreSQL database (PG:service=club, PG:host=... dbname=..., "
                     "postgresql://host/db; passwords from ~/.pgpass or the service file, never on the command line)"))
            ->capture_default_str();
    };

    auto exportOptions = std::make_shared<CatalogueOptions>();
    CLI::App* exportCommand = addCommand(*noun, "export",
        _("Validate a scenario and store it as a new revision of its id (refused on errors). A revision is the same scenario: "
        "the same game system, and the same title or the same battle and date; another document with the same id is "
        "refused (exit 1, catalogue unchanged) unless --as-new-id or --as-revision says what it is"));
    exportCommand->add_option("FILE", exportOptions->file, _("Scenario file"))->required();
    addCatalogueOption(exportCommand, exportOptions);
    exportCommand->add_flag("--no-raster", exportOptions->noRaster, _("Store the map raster's provenance but not its bytes"));
    exportCommand->add_option("--as-new-id", exportOptions->newId,
        _("Store it under this id instead of the document's own (a different scenario whose id is taken; the document is "
        "stored unchanged)"));
    exportCommand->add_flag("--as-revision", exportOptions->asRevision,
        _("It is a revision of the package with its id although its title, battle and date all changed (the system must not)"));
    exportCommand->callback([exportOptions, &context] { runExport(*exportOptions, context); });

    auto listOptions = std::make_shared<CatalogueOptions>();
    CLI::App* list = addCommand(*noun, "list", _("The newest revision of every package"));
    addCatalogueOption(list, listOptions);
    list->callback([listOptions, &context] { runList(*listOptions, context); });

    auto searchOptions = std::make_shared<CatalogueOptions>();
    CLI::App* search = addCommand(*noun, "search", _("Full-text search, best match first (titles weigh most)"));
    search->add_option("QUERY", searchOptions->query,
              _("Words, \"phrases\", prefix* (saint-c* finds Saint-Cyr), AND/OR/NOT, column:word (title, battle, date, description, "
              "names, places, rules). Searched: titles, battles, descriptions, sides, formations, units, Table Battles cards, "
              "armies, special rules and actions, campaign forces and objectives, terrain names. Empty: only with a filter"))
        ->required();
    addCatalogueOption(search, searchOptions);
    search->add_option("--system", searchOptions->system, _("Only this game system"))
        ->check(oneOf(core::systems::gameSystemNames()));
    search->add_option("--from", searchOptions->dateFrom, _("Only battles on or after this ISO date"));
    search->add_option("--to", searchOptions->dateTo, _("Only battles on or before this ISO date"));
    search->add_option("--limit", searchOptions->limit, _("At most this many results"))->capture_default_str()->check(inRange(1, 10000));
    search->callback([searchOptions, &context] { runSearch(*searchOptions, context); });

    auto showOptions = std::make_shared<CatalogueOptions>();
    CLI::App* show = addCommand(*noun, "show", _("One package in detail"));
    show->add_option("ID", showOptions->id, _("Package (scenario) id"))->required();
    addCatalogueOption(show, showOptions);
    show->add_option("--revision", showOptions->revision, _("Revision (default: the newest)"))->check(positive());
    show->callback([showOptions, &context] { runShow(*showOptions, context); });

    auto extractOptions = std::make_shared<CatalogueOptions>();
    CLI::App* extract = addCommand(*noun, "extract", _("Write a package's scenario document exactly as it was exported"));
    extract->add_option("ID", extractOptions->id, _("Package (scenario) id"))->required();
    extract->add_option("-o,--output", extractOptions->output, _("Scenario file to write"))->required();
    addCatalogueOption(extract, extractOptions);
    extract->add_option("--with-raster", extractOptions->rasterDir, _("Also write the stored map raster into this folder"));
    extract->add_option("--revision", extractOptions->revision, _("Revision (default: the newest)"))->check(positive());
    extract->callback([extractOptions, &context] { runExtract(*extractOptions, context); });

    auto thumbnailOptions = std::make_shared<CatalogueOptions>();
    CLI::App* thumbnail = addCommand(*noun, "thumbnail", _("Write a package's thumbnail PNG"));
    thumbnail->add_option("ID", thumbnailOptions->id, _("Package (scenario) id"))->required();
    thumbnail->add_option("-o,--output", thumbnailOptions->output, _("PNG file to write"))->required();
    addCatalogueOption(thumbnail, thumbnailOptions);
    thumbnail->add_option("--revision", thumbnailOptions->revision, _("Revision (default: the newest)"))->check(positive());
    thumbnail->callback([thumbnailOptions, &context] { runThumbnail(*thumbnailOptions, context); });

    auto initOptions = std::make_shared<CatalogueOptions>();
    CLI::App* init = addCommand(*noun, "init",
        _("Prepare a PostgreSQL database as a shared catalogue: sandtable's schema, PostGIS layers, and the roles "
          "sandtable_reader, sandtable_author and sandtable_editor with row-level security (run by the database's owner; safe to repeat)"));
    addCatalogueOption(init, initOptions);
    init->callback([initOptions, &context] { runInit(*initOptions, context); });

    auto grantOptions = std::make_shared<CatalogueOptions>();
    CLI::App* grant = addCommand(*noun, "grant",
        _("Give a database login one role in a shared catalogue: reader (list, search, show, extract), author (also export, and "
          "revise or remove their own packages) or editor (everything); the login is made when missing"));
    grant->add_option("USER", grantOptions->id, _("Database login"))->required();
    grant->add_option("--role", grantOptions->role, _("reader, author or editor"))->required()->check(oneOf({"reader", "author", "editor"}));
    addCatalogueOption(grant, grantOptions);
    grant->callback([grantOptions, &context] { runGrant(*grantOptions, context); });

    auto pushOptions = std::make_shared<CatalogueOptions>();
    CLI::App* push = addCommand(*noun, "push",
        _("Publish a local catalogue's newer revisions to a shared one (each validated again; an id revised on both sides since "
          "they last agreed is a conflict: refused and named, nothing copied)"));
    push->add_option("FILE", pushOptions->catalogue, _("The local catalogue (a GeoPackage)"))->required();
    push->add_option("--to", pushOptions->target, _("The shared catalogue (PG:..., postgresql://..., or another GeoPackage)"))->required();
    push->callback([pushOptions, &context] { runSync(*pushOptions, *pushOptions, context, ""); });

    auto pullOptions = std::make_shared<CatalogueOptions>();
    CLI::App* pull = addCommand(*noun, "pull",
        _("Bring a shared catalogue's packages (or those a search finds) into a local one for offline work; conflicts as push"));
    pull->add_option("FILE", pullOptions->target, _("The local catalogue (a GeoPackage, made when missing)"))->required();
    pull->add_option("--from", pullOptions->catalogue, _("The shared catalogue (PG:..., postgresql://..., or another GeoPackage)"))->required();
    pull->add_option("--query", pullOptions->query, _("Only the packages this search finds (the search's syntax)"));
    pull->callback([pullOptions, &context] { runSync(*pullOptions, *pullOptions, context, pullOptions->query); });

    auto removeOptions = std::make_shared<CatalogueOptions>();
    CLI::App* remove = addCommand(*noun, "remove", _("Remove a package (every revision, or one with --revision)"));
    remove->add_option("ID", removeOptions->id, _("Package (scenario) id"))->required();
    addCatalogueOption(remove, removeOptions);
    remove->add_option("--revision", removeOptions->revision, _("Only this revision"))->check(positive());
    remove->callback([removeOptions, &context] { runRemove(*removeOptions, context); });
}

} // namespace sandtable::cli
