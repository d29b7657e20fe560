// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable scenario new|validate`: create an empty scenario, check a document (schema + rules).
#include "sandtable/cli/context.hpp"
#include "sandtable/core/systems/game_system.hpp"

#include "sandtable/app/new_scenario.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/new_scenario.hpp"

#include <filesystem>
#include <optional>
#include <ostream>

namespace sandtable::cli {
namespace scenario_commands {
namespace {

struct NewOptions {
    std::string system = "pub-battles";
    std::string title;
    std::string crs;
    std::string map;
    std::optional<double> scale;
    std::string output;
    std::string frame = "auto";
    bool force = false;
};

struct ValidateOptions {
    std::string file;
};

struct UpgradeOptions {
    std::string file;
    std::string output;
};

struct LanguageOptions {
    std::string file;
    std::string language;
};

/// `scenario new [--map RASTER]`: app::newScenario (the raster's CRS and extent when it is georeferenced, or
/// the scan left for GCPs or calibration, the message says which); refuses an existing -o unless --force.
void runNew(const NewOptions& options, Context& context)
{
    app::refuseOverwrite(options.output, options.force);
    app::NewScenarioJob job;
    job.system = core::gameSystemFromString(options.system);
    job.title = options.title;
    job.crs = options.crs;
    job.map = options.map;
    job.scale = options.scale;
    job.frame = options.frame == "scan" ? geo::RasterFrame::Scan
        : options.frame == "local"       ? geo::RasterFrame::Local
                                         : geo::RasterFrame::Auto;
    core::document::Document document(core::Scenario{}, std::filesystem::path(options.output));
    const std::optional<geo::NewScenario> made = app::newScenario(document, job, context.reporter());
    document.save();
    const core::Scenario& s = document.scenario();
    if (!made) {
        core::io::JsonOut j;
        if (context.json)
            context.printJson(j.object("file", options.output, "id", s.settings.id, "system", options.system));
        else if (!context.quiet)
            context.err << core::i18n::format(_("created {1} ({2})"), {options.output, options.system}) << "\n";
        return;
    }
    if (!context.json && !context.quiet)
        for (const std::string& w : made->warnings)
            context.err << "sandtable: " << options.output << ": " << _("warning") << ": " << w << "\n";
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue extent;
        if (s.settings.extent)
            extent = j.array(s.settings.extent->minX, s.settings.extent->minY, s.settings.extent->maxX, s.settings.extent->maxY);
        const bool georeferenced = made->next == geo::NextStep::None;
        context.printJson(j.object("file", options.output, "id", s.settings.id, "system", options.system, "map", s.map->path, "placed_by",
            made->placedBy, "georeferenced", georeferenced, "next", georeferenced ? j.value(nullptr) : j.value("georeference"), "crs",
            s.settings.crs.empty() ? j.value(nullptr) : j.value(s.settings.crs), "extent", std::move(extent), "message", made->message,
            "warnings", made->warnings));
    } else if (!context.quiet) {
        context.err << core::i18n::format(_("created {1} ({2}) from {3}: {4}"), {options.output, options.system, options.map, made->message})
                    << "\n";
        if (made->next == geo::NextStep::Georeference)
            context.err << core::i18n::format(_("  next: `sandtable map georef {1} --gcps GCPS.points` (a QGIS .points file of the scan's "
                                                "GCPs; the editor picks them on the scan), or for a Kriegsspiel map `sandtable raster "
                                                "calibrate {2} --scale 8000 --dpi 300 -o SCAN.tif` then `scenario new --map SCAN.tif`"),
                               {options.output, options.map})
                        << "\n";
    }
}

void runValidate(const ValidateOptions& options, Context& context)
{
    const core::io::FileBytes text = core::io::readFileBytes(options.file, core::io::kMaxScenarioBytes);
    const core::io::ValidationReport report = core::io::validateScenarioText(text.view(), options.file);
    const auto errors = core::validation::countSeverity(report.diagnostics, core::validation::Severity::Error);
    const auto warnings = core::validation::countSeverity(report.diagnostics, core::validation::Severity::Warning);
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("file", options.file, "valid", errors == 0, "errors", errors, "warnings", warnings, "diagnostics",
            diagnosticsToJson(report.diagnostics, j)));
    } else {
        context.printDiagnostics(report.diagnostics, options.file);
        context.out << options.file << ": " << errorsAndWarnings(errors, warnings) << "\n";
    }
    if (errors > 0)
        context.exitCode = 1;
}

void runUpgrade(const UpgradeOptions& options, Context& context)
{
    core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    const std::string target = options.output.empty() ? options.file : options.output;
    core::document::Document document(std::move(loaded.scenario), options.file);
    document.save(target); // no edit: the same scenario in the current version and layout
    core::io::JsonOut j;
    if (context.json)
        context.printJson(j.object("file", target, "version", core::kScenarioFormatVersion));
    else if (!context.quiet)
        context.err << core::i18n::format(_("wrote {1} in format version {2}"), {target, std::to_string(core::kScenarioFormatVersion)})
                    << "\n";
}

/// `scenario set-language FILE LANG`: the language of the printed products' fixed texts (issue 25).
void runSetLanguage(const LanguageOptions& options, Context& context)
{
    core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::document::Document document(std::move(loaded.scenario), options.file);
    document.apply(core::document::operations::setLanguage(document.scenario(), options.language));
    document.save();
    const std::string stored = document.scenario().settings.language;
    core::io::JsonOut j;
    if (context.json)
        context.printJson(j.object("file", options.file, "language", stored.empty() ? std::string("en") : stored));
    else if (!context.quiet)
        context.err << core::i18n::format(_("{1}: printed texts in {2}"), {options.file, stored.empty() ? std::string("en") : stored})
                    << "\n";
}

} // namespace

} // namespace scenario_commands

void registerScenarioCommands(CLI::App& app, Context& context)
{
    using namespace scenario_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "scenario", _("Create and check scenario documents"));

    auto newOptions = std::make_shared<NewOptions>();
    CLI::App* create = addCommand(*noun, "new", _("Write an empty scenario that validates without errors"));
    create->add_option("--system", newOptions->system, _("Game system"))
        ->check(oneOf(core::systems::gameSystemNames()));
    create->add_option("--title", newOptions->title, _("Scenario title"));
    create->add_option("--crs", newOptions->crs,
        _("Working CRS: a projected CRS in metres as EPSG:n, or auto (with --map: the raster's own CRS when it is "
        "projected in metres, else the UTM zone of its centre)"));
    create->add_option("--map", newOptions->map,
        _("Start from this raster (any format GDAL reads): a georeferenced one gives the CRS and extent; a plain "
        "scan is kept for GCPs (raster georef) or calibration by scale (raster calibrate)"));
    create->add_option("--scale", newOptions->scale, _("Game scale denominator 1:N (default: the system's)"))
        ->check(positive());
    create->add_option("-o,--output", newOptions->output, _("Scenario file to write"))->required();
    create->add_flag("--force", newOptions->force, _("Replace the output file when it exists already"));
    create->add_option("--frame", newOptions->frame,
        _("How a --map raster with coordinates is placed: auto (its georeference and CRS), scan (as a plain scan, for GCPs), "
          "local (its coordinates as a local metric frame)"))
        ->check(oneOf({"auto", "scan", "local"}));
    create->callback([newOptions, &context] { runNew(*newOptions, context); });

    auto validateOptions = std::make_shared<ValidateOptions>();
    CLI::App* validate = addCommand(*noun, "validate", _("Check a scenario against the schema and the rules (exit 1 on errors)"));
    validate->add_option("FILE", validateOptions->file, _("Scenario file"))->required();
    validate->callback([validateOptions, &context] { runValidate(*validateOptions, context); });

    auto upgradeOptions = std::make_shared<UpgradeOptions>();
    CLI::App* upgrade = addCommand(*noun, "upgrade",
        _("Rewrite a scenario in the current format version and sandtable's canonical layout (atomic)"));
    upgrade->add_option("FILE", upgradeOptions->file, _("Scenario file"))->required();
    upgrade->add_option("-o,--output", upgradeOptions->output, _("Write here instead of over FILE"));
    upgrade->callback([upgradeOptions, &context] { runUpgrade(*upgradeOptions, context); });

    auto languageOptions = std::make_shared<LanguageOptions>();
    CLI::App* language = addCommand(*noun, "set-language",
        _("Set the language of the printed products' fixed texts (map sheets, legends, campaign sheets, cards, stickers)"));
    language->add_option("FILE", languageOptions->file, _("Scenario file (rewritten in place)"))->required();
    language->add_option("LANG", languageOptions->language, _("ISO 639-1 code: en, fr, de, ..."))->required();
    language->callback([languageOptions, &context] { runSetLanguage(*languageOptions, context); });
}

} // namespace sandtable::cli
