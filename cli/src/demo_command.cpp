// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable demo`: the main job on the bundled Gettysburg example, end to end — georeference the scan,
// build the scenario, validate, print the battle map at 1:16,000, export into a catalogue.
#include "sandtable/cli/context.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/app/map_print.hpp"

#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/sha256.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/geo/map_raster.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <ostream>

namespace sandtable::cli {
namespace demo_command {
namespace {

constexpr const char* kExampleFile = "gettysburg/gettysburg.sandtable.json";

struct DemoOptions {
    std::string out = "demo-out";
    std::string example;
    std::string map;
    std::string catalogue;
};

/// The bundled example: --example, else $SANDTABLE_EXAMPLES, else the source tree, else the installed copy.
std::filesystem::path findExample(const DemoOptions& o)
{
    std::vector<std::filesystem::path> candidates;
    if (!o.example.empty())
        candidates.emplace_back(o.example);
    if (const char* env = std::getenv("SANDTABLE_EXAMPLES"); env && *env)
        candidates.push_back(std::filesystem::path(env) / kExampleFile);
    candidates.push_back(std::filesystem::path(SANDTABLE_SOURCE_EXAMPLES) / kExampleFile);
    candidates.push_back(std::filesystem::path(SANDTABLE_INSTALLED_EXAMPLES) / kExampleFile);
    for (const auto& c : candidates)
        if (std::filesystem::is_regular_file(c))
            return c;
    throw core::util::IoError(candidates.front().string(), _("bundled example"), _("not found (give one with --example)"));
}

/// The example's scan: --map, else its map path, else $SANDTABLE_SHARED_DATA/maps/<file name>.
std::optional<std::filesystem::path> findScan(const DemoOptions& o, const core::Scenario& example,
    const std::filesystem::path& exampleDir)
{
    if (!o.map.empty()) {
        if (!std::filesystem::exists(o.map))
            throw core::util::IoError(o.map, _("map raster"), _("no such file"));
        return std::filesystem::absolute(o.map);
    }
    if (!example.map)
        return std::nullopt;
    const auto fromExample = geo::resolveMapPath(example.map->path, exampleDir);
    if (std::filesystem::exists(fromExample))
        return std::filesystem::absolute(fromExample).lexically_normal();
    if (const char* env = std::getenv("SANDTABLE_SHARED_DATA"); env && *env) {
        const auto fromShared = std::filesystem::path(env) / "maps" / std::filesystem::path(example.map->path).filename();
        if (std::filesystem::exists(fromShared))
            return std::filesystem::absolute(fromShared);
    }
    return std::nullopt;
}

void say(Context& context, const std::string& text)
{
    if (!context.quiet)
        context.err << text << "\n";
}

void runDemo(const DemoOptions& o, Context& context)
{
    const std::filesystem::path out(o.out);
    std::filesystem::create_directories(out);
    const auto examplePath = findExample(o);
    const auto exampleDir = examplePath.parent_path();
    core::io::LoadedScenario loaded = core::io::loadScenario(examplePath);
    const core::Scenario& scenario = loaded.scenario;
    std::optional<core::MapSource> map = scenario.map; // the demo's map: the example's, re-pointed below
    say(context, core::i18n::format(_("[1/5] example: {1} ({2})"), {examplePath.string(), scenario.settings.title}));

    std::vector<std::string> outputs;
    core::io::JsonOut j;
    core::io::JsonValue georef;
    const auto scan = findScan(o, scenario, exampleDir);
    if (scan && scenario.map) {
        const std::filesystem::path points = scan->string() + ".points";
        const std::filesystem::path warped = out / (scan->stem().string() + "_utm.tif");
        say(context, core::i18n::format(_("[2/5] georeferencing {1} with {2} (affine, target CRS auto)"), {scan->string(), points.string()}));
        geo::GeorefRequest request;
        request.scan = *scan;
        request.points = points;
        request.method = core::GeoreferenceMethod::Affine;
        request.targetCrs = "auto";
        request.outputTiff = warped;
        request.progress = context.progress();
        const geo::GeorefResult result = geo::georeferenceScan(request);
        const auto g6 = [](double v) {
            std::ostringstream text;
            text.precision(6);
            text << v;
            return text.str();
        };
        say(context, "      " + core::i18n::format(_("{1} GCPs, target {2}, RMS {3} m / {4} px; warped to {5}"),
                                     {std::to_string(result.fit.residuals.size()), result.targetCrs, g6(result.fit.rmsMap), g6(result.fit.rmsPx),
                                         warped.string()}));
        map->georeference = result.georeference;
        map->path = std::filesystem::relative(*scan, std::filesystem::absolute(out)).string();
        map->warpedPath = warped.filename().string();
        const std::string sha = core::util::sha256File(*scan);
        if (!map->sha256.empty() && sha != map->sha256)
            say(context, core::i18n::format(_("sandtable: notice: {1}: SHA-256 differs from the example's; using this raster"), {scan->string()}));
        map->sha256 = sha;
        outputs.push_back(warped.string());
        georef = j.object("crs", result.targetCrs, "gcps", result.fit.residuals.size(), "rms_map", result.fit.rmsMap, "rms_px",
            result.fit.rmsPx);
    } else {
        say(context, core::i18n::format(_("[2/5] sandtable: notice: the example's map raster was not found (looked for {1}; set "
                                          "SANDTABLE_SHARED_DATA or --map): working terrain-only"),
                         {scenario.map ? geo::resolveMapPath(scenario.map->path, exampleDir).string() : std::string(_("none"))}));
        if (map)
            map->path = std::filesystem::absolute(geo::resolveMapPath(map->path, exampleDir)).lexically_normal().string();
    }

    const auto scenarioOut = out / "gettysburg.sandtable.json";
    core::document::Document document(std::move(loaded.scenario), scenarioOut);
    document.apply(core::document::operations::setMap(document.scenario(), std::move(map), "Georeference the map"));
    document.save();
    const core::Scenario& demo = document.scenario();
    outputs.push_back(scenarioOut.string());
    const core::io::ValidationReport report = core::io::validateScenarioText(core::io::readFile(scenarioOut), scenarioOut.string());
    const auto errors = core::validation::countSeverity(report.diagnostics, core::validation::Severity::Error);
    const auto warnings = core::validation::countSeverity(report.diagnostics, core::validation::Severity::Warning);
    say(context, core::i18n::format(_("[3/5] validated {1}: {2}, {3}; {4}, {5}"),
                     {scenarioOut.string(),
                         core::i18n::format(P_("{1} terrain feature", "{1} terrain features", demo.terrain.size()), {std::to_string(demo.terrain.size())}),
                         core::i18n::format(P_("{1} unit", "{1} units", demo.units.size()), {std::to_string(demo.units.size())}),
                         core::i18n::format(P_("{1} error", "{1} errors", errors), {std::to_string(errors)}),
                         core::i18n::format(P_("{1} warning", "{1} warnings", warnings), {std::to_string(warnings)})}));
    // The findings themselves, not only their count (issue 43 item 7: "0 errors, 11 warnings" and nothing more).
    if (errors == 0 && warnings > 0 && !context.quiet)
        context.printDiagnostics(report.diagnostics, scenarioOut.string());
    if (errors > 0) {
        context.printDiagnostics(report.diagnostics, scenarioOut.string());
        throw core::util::OperationError(scenarioOut.string(), _("scenario"), _("has validation errors; nothing exported"));
    }

    const auto pdf = out / "gettysburg_map_1-16000.pdf";
    app::MapPrintJob job;
    job.scenarioFile = scenarioOut;
    job.output = pdf;
    job.request.scaleDenominator = 16000.0;
    job.request.page = print::parsePageSize("A4");
    job.request.centreOneSheet = true; // as `map print`
    job.dpi = 150.0;
    const app::MapPrintOutcome printed = app::printScenarioMap(demo, job, context.reporter());
    outputs.push_back(pdf.string());
    say(context, core::i18n::format(P_("[4/5] printed {1}: {2} page at 1:16,000 ({3} x {4} A4 sheets + assembly page)",
                                        "[4/5] printed {1}: {2} pages at 1:16,000 ({3} x {4} A4 sheets + assembly page)", printed.result.pages),
                     {pdf.string(), std::to_string(printed.result.pages), std::to_string(printed.result.layout.rows),
                         std::to_string(printed.result.layout.columns)}));

    const std::filesystem::path cataloguePath = o.catalogue.empty() ? out / "catalogue.gpkg" : std::filesystem::path(o.catalogue);
    auto catalogue = catalogue::Catalogue::open(cataloguePath);
    const catalogue::ExportResult exported = catalogue.exportScenario(scenarioOut);
    say(context, core::i18n::format(exported.rasterStored ? _("[5/5] exported '{1}' revision {2} into {3} (with the map raster)")
                                                         : _("[5/5] exported '{1}' revision {2} into {3}"),
                     {exported.id, std::to_string(exported.revision), cataloguePath.string()}));
    say(context, core::i18n::format(_("done: try 'sandtable catalogue list --catalogue {1}'"), {cataloguePath.string()}));

    if (context.json) {
        context.printJson(j.object("catalogue", cataloguePath.string(), "id", exported.id, "revision", exported.revision, "outputs", outputs,
            "georeference", std::move(georef), "errors", errors, "warnings", warnings, "pages", printed.result.pages, "raster",
            scan.has_value()));
    } else {
        context.out << core::i18n::format(_("catalogue: {1}"), {cataloguePath.string()}) << "\n";
        for (const auto& file : outputs)
            context.out << core::i18n::format(_("output: {1}"), {file}) << "\n";
    }
}

} // namespace

} // namespace demo_command

void registerDemoCommand(CLI::App& app, Context& context)
{
    using namespace demo_command; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    auto o = std::make_shared<DemoOptions>();
    CLI::App* demo = addCommand(app, "demo",
        _("The main job on the bundled Gettysburg example: georeference the scan, validate, print, export"));
    demo->add_option("--out", o->out, _("Folder for everything the demo writes"))->capture_default_str();
    demo->add_option("--example", o->example, _("Scenario to use instead of the bundled example"));
    demo->add_option("--map", o->map, _("The scan to use instead of the example's map path"));
    demo->add_option("--catalogue", o->catalogue, _("Catalogue to export into (default: OUT/catalogue.gpkg)"));
    demo->callback([o, &context] { runDemo(*o, context); });
}

} // namespace sandtable::cli
