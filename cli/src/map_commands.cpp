// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable map print`: the battle map at 1:N, one page or tiled, with the scan underneath when present.
#include "sandtable/cli/context.hpp"
#include "sandtable/app/georef_report.hpp"
#include "sandtable/app/georeference.hpp"
#include "sandtable/app/map_print.hpp"
#include "sandtable/app/warp_scan.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/core/model/extent_overrun.hpp"
#include "sandtable/core/util/error.hpp"

#include <optional>
#include <ostream>
#include <sstream>

namespace sandtable::cli {
namespace map_commands {
namespace {

core::io::JsonValue extentJson(const std::optional<core::Extent>& e, core::io::JsonOut& j)
{
    if (!e)
        return core::io::JsonValue();
    return j.object("min_x", e->minX, "min_y", e->minY, "max_x", e->maxX, "max_y", e->maxY);
}

struct GeorefOptions {
    std::string file;
    std::string gcps;
    std::string method;
    std::string gcpCrs;
    std::string crs;
};

struct PrintOptions {
    std::string file;
    std::string output;
    std::optional<double> scale; ///< unset: print::defaultMapPrintScale
    std::string page = "A4";
    double overlap = 10.0;
    std::string layers = "scan,references,terrain,grid,setup";
    double dpi = 150.0;
    std::string map;
    std::string format;
    bool layersGiven = false;
};

void runPrint(const PrintOptions& o, Context& context)
{
    core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    context.warnIfInvalid(loaded.diagnostics, o.file);
    app::MapPrintJob job;
    job.scenarioFile = o.file;
    job.output = o.output;
    job.request.page = print::parsePageSize(o.page);
    job.request.overlapMm = o.overlap;
    job.request.centreOneSheet = true; // a map on one sheet sits in its middle (issue 43 item 7), as in the editor
    const double scale = o.scale ? *o.scale : print::defaultMapPrintScale(loaded.scenario, job.request);
    job.request.scaleDenominator = scale;
    job.request.layers = app::parseMapLayers(o.layers, job.references);
    job.scanRequired = o.layersGiven && job.request.layers.count(print::MapLayer::Scan) > 0;
    job.dpi = o.dpi;
    job.mapOverride = o.map;
    job.request.format = print::mapOutputFormat(o.output, o.format);
    job.request.pngDpi = o.dpi;
    if (job.request.layers.count(print::MapLayer::Grid) && !loaded.scenario.campaign && !context.quiet
        && o.layers.find("grid") != std::string::npos && o.layersGiven)
        context.err << "sandtable: " << core::i18n::format(_("notice: {1} has no campaign grid: printing without the grid layer"), {o.file})
                    << "\n";
    const app::MapPrintOutcome outcome = app::printScenarioMap(loaded.scenario, job, context.reporter());
    const auto& layout = outcome.result.layout;
    const char* formatName = job.request.format == print::MapOutputFormat::Pdf ? "pdf"
        : job.request.format == print::MapOutputFormat::Svg                      ? "svg"
                                                                                 : "png";
    // Issue 24 item 4: terrain the sheets cut at the extent is reported, never clipped silently.
    core::io::JsonOut j;
    core::io::JsonValue pastExtent = j.array();
    for (const core::ExtentOverrun& e : outcome.result.terrainPastExtent) {
        j.push(pastExtent, j.object("id", e.id.str(), "name", e.name, "west_m", e.west, "south_m", e.south, "east_m", e.east, "north_m",
                               e.north, "wholly_outside", e.wholly));
        if (context.json)
            continue; // in the document, as terrain_past_extent
        const std::string feature = e.name.empty() ? core::i18n::format(_("terrain feature '{1}'"), {e.id.str()})
                                                   : core::i18n::format(_("terrain feature '{1}' ({2})"), {e.id.str(), e.name});
        context.err << o.file << ": " << _("warning") << ": "
                    << core::i18n::format(e.wholly ? _("{1} lies wholly outside the map extent ({2} past its edge) and is not printed")
                                                   : _("{1} runs past the map extent by {2}: the sheets cut it at the edge (widen the extent to print it whole)"),
                           {feature, core::describeOverrun(e)})
                    << "\n";
    }
    if (context.json) {
        core::io::JsonValue files = j.array();
        for (const auto& f : outcome.result.files)
            j.push(files, f.string());
        // Where every text and piece went (issue 43 item 4): page, box in mm from the page's top-left corner.
        core::io::JsonValue texts = j.array();
        for (const print::PrintedText& t : outcome.result.texts)
            j.push(texts, j.object("page", t.page, "box_mm", j.array(t.x0, t.y0, t.x1, t.y1), "text", t.text, "piece", t.piece));
        context.printJson(j.object("output", o.output, "format", formatName, "files", std::move(files), "pages", outcome.result.pages, "sheets",
            layout.sheets.size(), "rows", layout.rows, "columns", layout.columns, "extent_mm", j.array(layout.extentWidthMm, layout.extentHeightMm),
            "page_mm", j.array(layout.pageWidthMm, layout.pageHeightMm), "scale", scale, "scan", outcome.scanPrinted, "references",
            outcome.referencesPrinted, "grid", outcome.result.gridPrinted, "terrain_past_extent", std::move(pastExtent), "names_left_out",
            outcome.result.namesLeftOut, "texts", std::move(texts)));
    } else {
        // Numbers for a person: in the locale's conventions ("1:16 000" in French).
        const auto number = [](double v, int decimals) { return core::i18n::formatNumber(v, decimals); };
        const std::string pages = core::i18n::format(P_("{1} page", "{1} pages", outcome.result.pages),
            {std::to_string(outcome.result.pages)});
        context.out << core::i18n::format(_("{1}: {2}, map {3} x {4} mm at 1:{5} on {6} x {7} sheets"),
                           {o.output, pages, number(layout.extentWidthMm, 1), number(layout.extentHeightMm, 1), number(scale, 0),
                               std::to_string(layout.rows), std::to_string(layout.columns)})
                    << (outcome.scanPrinted ? _(", with the scan") : _(", terrain only"))
                    << (outcome.result.gridPrinted ? _(", with the campaign grid") : "") << "\n";
        if (outcome.result.files.size() > 1) {
            context.out << "  files:";
            for (const auto& f : outcome.result.files)
                context.out << " " << f.string();
            context.out << "\n";
        }
        if (outcome.result.namesLeftOut > 0 && !context.quiet)
            context.err << "sandtable: "
                        << core::i18n::format(P_("notice: {1} unit name had no clear place beside its block and is not printed (a larger scale makes room)",
                                                  "notice: {1} unit names had no clear place beside their blocks and are not printed (a larger scale makes room)",
                                                  outcome.result.namesLeftOut),
                               {std::to_string(outcome.result.namesLeftOut)})
                        << "\n";
    }
}

} // namespace

/// `map georef`: a QGIS .points file as the scenario scan's GCPs, fitted, and the map frame the fit gives
/// (app::georeferenceMap: a plain scan's scenario gets the fit's CRS and the scan's extent), saved in place;
/// exit 1, nothing saved, when the GCPs cannot be fitted with the method.
void runGeoref(const GeorefOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    core::document::Document document(loaded.scenario, o.file);
    app::georeferenceMap(document, app::GeorefJob{o.gcps, o.method, o.gcpCrs, o.crs});
    document.save();
    const core::Georeference& g = *document.scenario().map->georeference;
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("file", o.file, "gcps", g.gcps.size(), "method", core::toString(g.method), "crs", g.crs, "rms_map", g.rmsMap,
            "rms_px", g.rmsPixels, "working_crs", document.scenario().settings.crs, "extent", extentJson(document.scenario().settings.extent, j)));
        return;
    }
    context.out << core::i18n::format(P_("{1}: {2} GCP fitted by {3} into {4}, RMS {5} m ({6} px), saved",
                                          "{1}: {2} GCPs fitted by {3} into {4}, RMS {5} m ({6} px), saved", g.gcps.size()),
                       {o.file, std::to_string(g.gcps.size()), core::toString(g.method), g.crs,
                           core::i18n::formatFigure(g.rmsMap.value_or(0.0), 2), core::i18n::formatFigure(g.rmsPixels.value_or(0.0), 2)})
                << "\n";
    if (const auto& e = document.scenario().settings.extent)
        context.out << core::i18n::format(_("  map frame: {1}, extent {2} x {3} km"),
                           {document.scenario().settings.crs, core::i18n::formatFigure((e->maxX - e->minX) / 1000.0, 2),
                               core::i18n::formatFigure((e->maxY - e->minY) / 1000.0, 2)})
                    << "\n";
}

struct WarpOptions {
    std::string file;
    std::string output;
};

/// `map warp`: the scan warped into its fit's CRS as a GeoTIFF (app::warpScan), the scenario pointed at it and
/// given the fit's map frame, saved in place.
void runWarp(const WarpOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    core::document::Document document(loaded.scenario, o.file);
    const geo::WarpResult r = app::warpScan(document, o.output, context.reporter());
    document.save();
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("file", o.file, "output", r.path, "width", r.width, "height", r.height, "crs", r.crs, "working_crs",
            document.scenario().settings.crs, "extent", extentJson(document.scenario().settings.extent, j)));
        return;
    }
    context.out << core::i18n::format(_("{1}: warped into {2}, {3} x {4} px in {5}; the map now uses it, saved"),
                       {o.file, r.path, std::to_string(r.width), std::to_string(r.height), r.crs})
                << "\n";
}

struct ReportOptions {
    std::string file;
    std::string output;
};

/// `map report`: the georeferencing report of the scenario's scan, from its stored GCPs and method
/// (app::writeGeorefReport, as the editor's Report button writes it).
void runReport(const ReportOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    const print::GeorefReportResult r = app::writeGeorefReport(loaded.scenario, o.file, o.output);
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("file", o.file, "output", o.output, "pages", r.pages, "exaggeration", r.exaggeration));
        return;
    }
    context.out << core::i18n::format(P_("wrote report {1} ({2} page, residual arrows x {3})", "wrote report {1} ({2} pages, residual arrows x {3})", r.pages),
                       {o.output, std::to_string(r.pages), core::i18n::formatFigure(r.exaggeration)})
                << "\n";
}

} // namespace map_commands

void registerMapCommands(CLI::App& app, Context& context)
{
    using namespace map_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "map", _("Georeference the scenario's scan, print the battle map at game scale"));
    auto g = std::make_shared<GeorefOptions>();
    CLI::App* georef = addCommand(*noun, "georef",
        _("Store the GCPs of a QGIS .points file as the scenario scan's georeference, fitted, saved in place "
          "(exit 1 when they cannot be fitted)"));
    georef->add_option("FILE", g->file, _("Scenario file (rewritten in place)"))->required();
    georef->add_option("--gcps", g->gcps, _("QGIS Georeferencer .points file"))->required();
    georef->add_option("--method", g->method, _("Transformation (default: the scenario's, else affine)"))
        ->check(oneOf({"affine", "helmert", "poly1", "poly2", "poly3", "tps"}));
    georef->add_option("--gcp-crs", g->gcpCrs,
        _("CRS of the GCPs' map coordinates when the file names none (default: the working CRS, else EPSG:4326)"));
    georef->add_option("--crs", g->crs,
        _("Working CRS for the scenario, a projected CRS in metres (default: the scenario's, else the fit's CRS)"));
    georef->callback([g, &context] { runGeoref(*g, context); });

    auto w = std::make_shared<WarpOptions>();
    CLI::App* warp = addCommand(*noun, "warp",
        _("Warp the georeferenced scan into its CRS as a GeoTIFF, which the map, print and VASSAL then draw (saved in place)"));
    warp->add_option("FILE", w->file, _("Scenario file (rewritten in place)"))->required();
    warp->add_option("-o,--output", w->output, _("GeoTIFF to write (default: <scan>_warped.tif beside the scenario)"));
    warp->callback([w, &context] { runWarp(*w, context); });

    auto rep = std::make_shared<ReportOptions>();
    CLI::App* report = addCommand(*noun, "report",
        _("The georeferencing report of the scenario's scan (A4 PDF): method, CRSs, RMS, the scan with residual arrows, the GCP table worst first"));
    report->add_option("FILE", rep->file, _("Scenario file"))->required();
    report->add_option("-o,--output", rep->output, _("PDF to write"))->required();
    report->callback([rep, &context] { runReport(*rep, context); });

    auto o = std::make_shared<PrintOptions>();
    CLI::App* printCommand = addCommand(*noun, "print", _("The scenario's map at 1:N as a PDF: one page, or tiled with overlap and registration marks"));
    printCommand->add_option("FILE", o->file, _("Scenario file"))->required();
    printCommand->add_option("-o,--output", o->output, _("PDF, SVG or PNG to write"))->required();
    printCommand->add_option("--scale", o->scale, _("Scale denominator N of 1:N (default: the scenario's game scale, Pub Battles 16000, Kriegsspiel 8000; a SYW table: the largest round scale fitting one page)"))
        ->check(inRange(1.0, 1.0e8));
    printCommand->add_option("--page", o->page, _("A4, letter, A3, A0 or WxHmm"));
    printCommand->add_option("--overlap", o->overlap, _("Content shared by neighbouring sheets, mm"))->check(inRange(0.0, 100.0));
    auto* layers = printCommand->add_option("--layers", o->layers, _("Comma-separated: scan,references,terrain,grid,setup (references: the scenario's reference layers, drawn with the scan)"));
    printCommand->add_option("--dpi", o->dpi, _("Resolution of the scan layer and of PNG pages"))->check(inRange(10.0, 1200.0));
    printCommand->add_option("--format", o->format, _("pdf, svg or png (default: the output's extension); SVG/PNG write one file per page, numbered when several"))
        ->check(oneOf({"pdf", "svg", "png"}));
    printCommand->add_option("--map", o->map, _("Use this raster instead of the scenario's map path"));
    printCommand->callback([o, layers, &context] {
        o->layersGiven = layers->count() > 0;
        runPrint(*o, context);
    });
}

} // namespace sandtable::cli
