// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable map print`: the battle map at 1:N, one page or tiled, with the scan underneath when present.
#include "sandtable/cli/context.hpp"
#include "sandtable/cli/map_printing.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/i18n.hpp"
#include "sandtable/importers/georeference_scan.hpp"
#include "sandtable/core/model/extent_overrun.hpp"
#include "sandtable/core/util/error.hpp"

#include <optional>
#include <ostream>
#include <sstream>

namespace sandtable::cli {
namespace {

struct GeorefOptions {
    std::string file;
    std::string gcps;
    std::string method;
    std::string gcpCrs;
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

std::set<print::MapLayer> parseLayers(const std::string& text)
{
    std::set<print::MapLayer> layers;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item == "scan")
            layers.insert(print::MapLayer::Scan);
        else if (item == "terrain")
            layers.insert(print::MapLayer::Terrain);
        else if (item == "grid")
            layers.insert(print::MapLayer::Grid);
        else if (item == "setup")
            layers.insert(print::MapLayer::Setup);
        else if (item == "references")
            continue; // drawn into the raster underlay by printScenarioMap (MapPrintJob::references)
        else if (!item.empty())
            throw core::OperationError("", "--layers", core::i18n::format(_("unknown layer '{1}' (use scan, references, terrain, grid, setup)"), {item}));
    }
    return layers;
}

void runPrint(const PrintOptions& o, Context& context)
{
    core::LoadedScenario loaded = core::loadScenario(o.file);
    MapPrintJob job;
    job.scenarioFile = o.file;
    job.output = o.output;
    job.request.page = print::parsePageSize(o.page);
    job.request.overlapMm = o.overlap;
    const double scale = o.scale ? *o.scale : print::defaultMapPrintScale(loaded.scenario, job.request);
    job.request.scaleDenominator = scale;
    job.request.layers = parseLayers(o.layers);
    job.references = ("," + o.layers + ",").find(",references,") != std::string::npos;
    job.scanRequired = o.layersGiven && job.request.layers.count(print::MapLayer::Scan) > 0;
    job.dpi = o.dpi;
    job.mapOverride = o.map;
    job.request.format = print::mapOutputFormat(o.output, o.format);
    job.request.pngDpi = o.dpi;
    if (job.request.layers.count(print::MapLayer::Grid) && !loaded.scenario.campaign && !context.quiet
        && o.layers.find("grid") != std::string::npos && o.layersGiven)
        context.err << "sandtable: " << core::i18n::format(_("notice: {1} has no campaign grid: printing without the grid layer"), {o.file})
                    << "\n";
    const MapPrintOutcome outcome = printScenarioMap(loaded.scenario, job, context);
    const auto& layout = outcome.result.layout;
    const char* formatName = job.request.format == print::MapOutputFormat::Pdf ? "pdf"
        : job.request.format == print::MapOutputFormat::Svg                      ? "svg"
                                                                                 : "png";
    // Issue 24 item 4: terrain the sheets cut at the extent is reported, never clipped silently.
    nlohmann::ordered_json pastExtent = nlohmann::ordered_json::array();
    for (const core::ExtentOverrun& e : outcome.result.terrainPastExtent) {
        pastExtent.push_back({{"id", e.id.str()}, {"name", e.name}, {"west_m", e.west}, {"south_m", e.south}, {"east_m", e.east},
            {"north_m", e.north}, {"wholly_outside", e.wholly}});
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
        nlohmann::ordered_json files = nlohmann::ordered_json::array();
        for (const auto& f : outcome.result.files)
            files.push_back(f.string());
        context.printJson({{"output", o.output}, {"format", formatName}, {"files", files}, {"pages", outcome.result.pages},
            {"sheets", layout.sheets.size()}, {"rows", layout.rows}, {"columns", layout.columns},
            {"extent_mm", nlohmann::ordered_json::array({layout.extentWidthMm, layout.extentHeightMm})},
            {"page_mm", nlohmann::ordered_json::array({layout.pageWidthMm, layout.pageHeightMm})},
            {"scale", scale}, {"scan", outcome.scanPrinted}, {"references", outcome.referencesPrinted},
            {"grid", outcome.result.gridPrinted}, {"terrain_past_extent", pastExtent}});
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
    }
}

} // namespace

/// `map georef`: a QGIS .points file as the scenario scan's GCPs, fitted (importers::importGcps), saved in
/// place; exit 1, nothing saved, when the GCPs cannot be fitted with the method.
void runGeoref(const GeorefOptions& o, Context& context)
{
    const core::LoadedScenario loaded = core::loadScenario(o.file);
    core::Document document(loaded.scenario, o.file);
    if (!document.scenario().map)
        throw core::OperationError(o.file, _("map"), _("the scenario has no map scan to georeference"));
    const std::string working = document.scenario().settings.crs;
    const std::string defaultCrs = !o.gcpCrs.empty() ? o.gcpCrs : !working.empty() ? working : std::string("EPSG:4326");
    document.apply(inFile(o.file, [&] { return importers::importGcps(document.scenario(), o.gcps, defaultCrs); }));
    if (!o.method.empty())
        document.apply(inFile(o.file, [&] {
            return core::operations::setGeoreferenceMethod(document.scenario(), core::georeferenceMethodFromString(o.method),
                importers::fitStoredGeoreference);
        }));
    // The operations keep GCPs they cannot fit; the command was asked for a fit, so it says why and saves nothing.
    core::Georeference fitted = *document.scenario().map->georeference;
    inFile(o.file, [&] { importers::fitStoredGeoreference(fitted); });
    document.save();
    const core::Georeference& g = *document.scenario().map->georeference;
    if (context.json) {
        context.printJson({{"file", o.file}, {"gcps", g.gcps.size()}, {"method", core::toString(g.method)}, {"crs", g.crs},
            {"rms_map", g.rmsMap ? nlohmann::ordered_json(*g.rmsMap) : nlohmann::ordered_json(nullptr)},
            {"rms_px", g.rmsPixels ? nlohmann::ordered_json(*g.rmsPixels) : nlohmann::ordered_json(nullptr)}});
        return;
    }
    context.out << core::i18n::format(P_("{1}: {2} GCP fitted by {3} into {4}, RMS {5} m ({6} px), saved",
                                          "{1}: {2} GCPs fitted by {3} into {4}, RMS {5} m ({6} px), saved", g.gcps.size()),
                       {o.file, std::to_string(g.gcps.size()), core::toString(g.method), g.crs,
                           core::i18n::formatFigure(g.rmsMap.value_or(0.0), 2), core::i18n::formatFigure(g.rmsPixels.value_or(0.0), 2)})
                << "\n";
}

void registerMapCommands(CLI::App& app, Context& context)
{
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
    georef->callback([g, &context] { runGeoref(*g, context); });

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
