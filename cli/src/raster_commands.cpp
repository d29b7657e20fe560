// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable raster info|georef|calibrate`: what GDAL sees in a raster, GCP fits with residuals, scale-only
// calibration of Kriegsspiel scans.
#include "sandtable/cli/context.hpp"
#include "sandtable/core/util/text_encoding.hpp"

#include "sandtable/core/model/residual_ranking.hpp"
#include "sandtable/geo/calibrate.hpp"
#include "sandtable/geo/georef_report.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "sandtable/print/georef_report_print.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>

namespace sandtable::cli {
namespace raster_commands {
namespace {

using core::io::JsonOut;
using core::io::JsonValue;

struct InfoOptions {
    std::string file;
};

struct GeorefOptions {
    std::string scan;
    std::string gcps;
    std::string method = "affine";
    std::string targetCrs = "auto";
    std::string output;
    std::string worldFile;
    std::string resampling = "bilinear";
    std::string report;
};

struct CalibrateOptions {
    std::string scan;
    double scale = 0.0;
    std::optional<double> dpi;
    std::string scaleBar;
    std::string output;
};

/// A nodata value as GDAL's own `gdalinfo -json` writes it: a number, or "nan", "inf", "-inf" (JSON has no
/// such numbers; null means "no nodata").
JsonValue nodataJson(const std::optional<double>& value, JsonOut& j)
{
    if (!value)
        return JsonValue();
    if (std::isnan(*value))
        return j.value("nan");
    if (std::isinf(*value))
        return j.value(*value > 0 ? "inf" : "-inf");
    return j.value(*value);
}

JsonValue stringOrNull(const std::string& value, JsonOut& j) { return value.empty() ? JsonValue() : j.value(value); }

JsonValue infoToJson(const geo::RasterInfo& info, JsonOut& j)
{
    JsonValue overviews = j.array();
    for (const auto& o : info.overviews)
        j.push(overviews, j.object("width", o.width, "height", o.height));
    JsonValue geotransform;
    if (info.geotransform)
        geotransform = j.value(std::vector<double>(info.geotransform->begin(), info.geotransform->end()));
    return j.object("file", info.path, "driver", info.driver, "width", info.width, "height", info.height, "bands", info.bands, "data_type",
        info.dataType, "colour_interpretations", info.colourInterpretations, "georeference", geo::toString(info.georeference), "world_file",
        stringOrNull(info.worldFile, j), "crs", stringOrNull(info.crsWkt, j), "epsg", info.epsg, "crs_name", stringOrNull(info.crsName, j),
        "geographic", info.geographic, "geotransform", std::move(geotransform), "rotated", info.rotated, "south_up", info.southUp,
        "pixel_is_point", info.pixelIsPoint, "gcp_count", info.gcpCount, "linear_unit", stringOrNull(info.linearUnit, j), "palette",
        info.palette, "palette_entries", info.paletteEntries, "nodata", nodataJson(info.nodata, j), "alpha", info.alpha, "mask", info.mask,
        "overviews", std::move(overviews), "overview_storage", stringOrNull(info.overviewStorage, j), "files", info.files);
}

void runInfo(const InfoOptions& options, Context& context)
{
    const geo::RasterInfo info = geo::inspectRaster(options.file);
    geo::checkRasterDecodes(options.file); // a truncated JPEG is refused here, not at print (issue 43 item 1)
    if (context.json) {
        JsonOut j;
        context.printJson(infoToJson(info, j));
        return;
    }
    std::ostream& out = context.out;
    out << info.path << " (" << info.driver << ")\n";
    namespace i18n = core::i18n;
    out << "  "
        << i18n::format(P_("size: {1} x {2} pixels, {3} band of {4}", "size: {1} x {2} pixels, {3} bands of {4}", info.bands),
               {std::to_string(info.width), std::to_string(info.height), std::to_string(info.bands), info.dataType});
    if (info.palette)
        out << i18n::format(_(", palette of {1} colours"), {std::to_string(info.paletteEntries)});
    if (info.alpha)
        out << _(", alpha");
    else if (info.mask == "per-dataset" || info.mask == "band")
        out << _(", mask");
    if (info.nodata) {
        std::ostringstream nodata;
        nodata << *info.nodata;
        out << i18n::format(_(", nodata {1}"), {nodata.str()});
    }
    out << "\n  " << i18n::format(_("georeference: {1}"), {geo::toString(info.georeference)});
    if (!info.worldFile.empty())
        out << " (" << info.worldFile << ")";
    if (info.gcpCount > 0)
        out << i18n::format(_(", {1} GCPs"), {std::to_string(info.gcpCount)});
    out << "\n";
    if (info.geotransform) {
        const auto& g = *info.geotransform;
        std::ostringstream terms;
        terms << std::setprecision(15) << g[0] << ", " << g[1] << ", " << g[2] << ", " << g[3] << ", " << g[4] << ", " << g[5];
        out << "  " << i18n::format(_("geotransform: {1}"), {terms.str()}) << (info.rotated ? std::string(_(" (rotated)")) : "")
            << (info.southUp ? std::string(_(" (south up)")) : "") << (info.pixelIsPoint ? " (PixelIsPoint)" : "") << "\n";
    }
    out << "  " << i18n::format(_("crs: {1}"), {info.crsName.empty() ? std::string(_("none")) : info.crsName});
    if (info.epsg)
        out << " (EPSG:" << *info.epsg << ")";
    if (!info.linearUnit.empty())
        out << i18n::format(_(", unit {1}"), {info.linearUnit});
    out << "\n";
    if (!info.overviews.empty()) {
        out << "  " << i18n::format(_("overviews ({1}):"), {info.overviewStorage});
        for (const auto& o : info.overviews)
            out << " " << o.width << "x" << o.height;
        out << "\n";
    }
}

/// A figure of the fit for a person: `decimals` decimals in their conventions ("0,412" in French).
std::string fixed(double value, int decimals) { return core::i18n::formatNumber(value, decimals); }

void runGeoref(const GeorefOptions& options, Context& context)
{
    geo::GeorefRequest request;
    request.scan = options.scan;
    request.points = options.gcps;
    request.method = core::georeferenceMethodFromString(options.method);
    request.targetCrs = options.targetCrs;
    if (!options.output.empty())
        request.outputTiff = options.output;
    if (!options.worldFile.empty())
        request.worldFile = options.worldFile;
    request.resampling = options.resampling;
    request.progress = context.progress();
    const geo::GeorefResult result = geo::georeferenceScan(request);
    const geo::GcpFit& fit = result.fit;
    std::optional<print::GeorefReportResult> report;
    if (!options.report.empty())
        report = print::printGeorefReport(geo::georefReport(options.scan, result), options.report);
    const std::string unit = result.targetCrsDescription.linearUnit.empty() ? "units" : result.targetCrsDescription.linearUnit;

    if (context.json) {
        JsonOut j;
        JsonValue gcps = j.array();
        for (std::size_t i = 0; i < fit.residuals.size(); ++i) {
            const auto& r = fit.residuals[i];
            const auto& g = result.georeference.gcps[i];
            const auto& p = result.fitPoints[i];
            j.push(gcps, j.object("id", r.id, "enabled", r.enabled, "residual_map", r.residualMap, "residual_px", r.residualPx, "dx", r.dx, "dy",
                             r.dy, "pixel", g.pixel, "line", g.line, "map_x", g.mapX, "map_y", g.mapY, "x", p.x, "y", p.y, "fitted_x", r.fittedX,
                             "fitted_y", r.fittedY, "back_pixel", r.backPixel, "back_line", r.backLine));
        }
        JsonValue output;
        if (result.warp)
            output = j.object("path", result.warp->path, "width", result.warp->width, "height", result.warp->height, "bands", result.warp->bands,
                "geotransform", std::vector<double>(result.warp->geotransform.begin(), result.warp->geotransform.end()), "overview_levels",
                result.warp->overviewLevels);
        context.printJson(j.object("scan", options.scan, "points", options.gcps, "method", core::toString(fit.method), "crs", result.targetCrs,
            "crs_unit", unit, "gcp_crs", result.georeference.gcpCrs, "enabled", fit.enabledCount, "minimum", fit.minimum, "rms_map", fit.rmsMap,
            "mean_error_map", fit.meanErrorMap, "rms_px", fit.rmsPx, "inverse_gap_px", fit.inverseGapPx, "redundancy",
            fit.enabledCount - fit.minimum, "note", stringOrNull(geo::redundancyNote(fit).value_or(""), j), "transform", fit.transform, "gcps",
            std::move(gcps), "output", std::move(output), "world_file", result.worldFile, "report",
            report ? j.value(options.report) : j.value(nullptr), "diagnostics", diagnosticsToJson(result.diagnostics, j)));
        return;
    }
    context.printDiagnostics(result.diagnostics, options.gcps);
    // Worst first among the enabled GCPs, then the disabled ones (the editor's and the report's order).
    const std::vector<geo::GcpResidual> ranked = core::worstFirst(fit.residuals);
    std::ostream& out = context.out;
    namespace i18n = core::i18n;
    out << i18n::format(fit.method == core::GeoreferenceMethod::Tps ? _("GCP fit: {1} in {2} ({3}), {4} enabled GCPs, leave-one-out residuals")
                                                                   : _("GCP fit: {1} in {2} ({3}), {4} enabled GCPs"),
               {core::toString(fit.method), result.targetCrs, unit, std::to_string(fit.enabledCount)})
        << "\n";
    // The table's columns are right-aligned by characters (a translated heading may hold accented letters).
    const auto cell = [](const std::string& text, std::size_t width) {
        const std::size_t characters = core::util::utf8CharacterCount(text);
        return std::string(width > characters ? width - characters : 1, ' ') + text;
    };
    out << cell("GCP", 5) << cell(_("enabled"), 9) << cell("dx", 14) << cell("dy", 14) << cell(_("residual"), 14)
        << cell(_("residual px"), 14) << "\n";
    for (const auto& r : ranked)
        out << cell(std::to_string(r.id), 5) << cell(r.enabled ? _("yes") : _("no"), 9) << cell(fixed(r.dx, 3), 14) << cell(fixed(r.dy, 3), 14)
            << cell(fixed(r.residualMap, 3), 14) << cell(fixed(r.residualPx, 3), 14) << "\n";
    out << i18n::format(_("RMS {1} {2}, mean error {3}, RMS {4} px"),
               {fixed(fit.rmsMap, 3), unit,
                   fit.meanErrorMap ? fixed(*fit.meanErrorMap, 3) + " " + unit : std::string(_("n/a (n = minimum)")), fixed(fit.rmsPx, 3)})
        << "\n";
    if (const std::optional<std::string> note = geo::redundancyNote(fit))
        out << *note << "\n";
    if (fit.inverseGapPx >= 5e-5)
        out << i18n::format(_("GDAL's separately fitted inverse differs from the exact inverse by up to {1} px at the GCPs"), {fixed(fit.inverseGapPx, 4)})
            << "\n";
    if (result.worldFile)
        out << i18n::format(_("wrote world file {1}"), {*result.worldFile}) << "\n";
    if (result.warp)
        out << i18n::format(_("wrote {1} ({2} x {3} pixels, {4} overview levels)"),
                   {result.warp->path, std::to_string(result.warp->width), std::to_string(result.warp->height), std::to_string(result.warp->overviewLevels)})
            << "\n";
    if (report)
        out << i18n::format(P_("wrote report {1} ({2} page, residual arrows x {3})", "wrote report {1} ({2} pages, residual arrows x {3})", report->pages),
                   {options.report, std::to_string(report->pages), i18n::formatFigure(report->exaggeration)})
            << "\n";
}

std::optional<geo::ScaleBar> parseScaleBar(const std::string& text)
{
    std::vector<double> values;
    std::istringstream in(text);
    std::string field;
    while (std::getline(in, field, ',')) {
        double v = 0.0;
        const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
        if (ec != std::errc() || end != field.data() + field.size() || !std::isfinite(v))
            return std::nullopt;
        values.push_back(v);
    }
    if (values.size() != 5)
        return std::nullopt;
    return geo::ScaleBar{values[0], values[1], values[2], values[3], values[4]};
}

void runCalibrate(const CalibrateOptions& options, Context& context)
{
    geo::CalibrationRequest request;
    request.scan = options.scan;
    request.scaleDenominator = options.scale;
    request.dpi = options.dpi;
    if (!options.scaleBar.empty()) {
        request.scaleBar = parseScaleBar(options.scaleBar);
        if (!request.scaleBar)
            throw CLI::ValidationError("--scale-bar", core::i18n::format(_("expected X1,Y1,X2,Y2,METRES (five numbers), got '{1}'"), {options.scaleBar}));
    }
    if (request.dpi.has_value() == request.scaleBar.has_value())
        throw CLI::ValidationError("calibrate", _("give exactly one of --dpi and --scale-bar"));
    request.output = options.output;
    request.progress = context.progress();
    const geo::CalibrationResult result = geo::calibrateScan(request);
    if (context.json) {
        JsonOut j;
        context.printJson(j.object("scan", options.scan, "output", result.path, "scale", result.scaleDenominator, "metres_per_pixel",
            result.metresPerPixel, "dpi", result.dpi, "width", result.width, "height", result.height, "geotransform",
            std::vector<double>(result.geotransform.begin(), result.geotransform.end()), "ground_width_m", result.metresPerPixel * result.width,
            "ground_height_m", result.metresPerPixel * result.height));
        return;
    }
    context.out << core::i18n::format(_("calibrated {1} at 1:{2}: {3} m per pixel ({4} dpi), ground {5} x {6} m"),
                       {options.scan, core::i18n::formatNumber(result.scaleDenominator, 0),
                           core::i18n::formatNumber(result.metresPerPixel, 6), core::i18n::formatNumber(result.dpi, 2),
                           core::i18n::formatNumber(result.metresPerPixel * result.width, 1),
                           core::i18n::formatNumber(result.metresPerPixel * result.height, 1)})
                << "\n" << core::i18n::format(_("wrote {1}"), {result.path}) << "\n";
}

} // namespace

} // namespace raster_commands

void registerRasterCommands(CLI::App& app, Context& context)
{
    using namespace raster_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "raster", _("Inspect, georeference and calibrate map rasters"));

    auto infoOptions = std::make_shared<InfoOptions>();
    CLI::App* info = addCommand(*noun, "info", _("What GDAL sees in a raster: size, bands, georeference, CRS, overviews"));
    info->add_option("FILE", infoOptions->file, _("Raster file (any format GDAL reads)"))->required();
    info->callback([infoOptions, &context] { runInfo(*infoOptions, context); });

    auto georefOptions = std::make_shared<GeorefOptions>();
    CLI::App* georef = addCommand(*noun, "georef",
        _("Fit GCPs (QGIS .points) to a scan, report residuals worst first, optionally warp and write a world file"));
    georef->add_option("SCAN", georefOptions->scan, _("The scan (raster file)"))->required();
    georef->add_option("--gcps", georefOptions->gcps, _("QGIS Georeferencer .points file"))->required();
    georef->add_option("--method", georefOptions->method, _("Transformation (default affine)"))
        ->check(oneOf({"affine", "helmert", "poly1", "poly2", "poly3", "tps"}));
    georef->add_option("--target-crs", georefOptions->targetCrs,
        _("Target CRS as EPSG:n, or auto (default: the GCPs' CRS when projected, else the UTM zone of their centre)"));
    georef->add_option("-o,--output", georefOptions->output, _("Warp the scan to this GeoTIFF (alpha band, overviews)"));
    georef->add_option("--world-file", georefOptions->worldFile, _("Write a world file for the scan (affine/helmert/poly1)"));
    georef->add_option("--report", georefOptions->report,
        _("Write a georeferencing report (A4 PDF): method, CRSs, RMS, the scan with residual arrows, the GCP table worst first"));
    georef->add_option("--resampling", georefOptions->resampling, _("Warp resampling (default bilinear)"))
        ->check(oneOf({"near", "bilinear", "cubic", "cubicspline", "lanczos", "average", "mode"}));
    georef->callback([georefOptions, &context] { runGeoref(*georefOptions, context); });

    auto calibrateOptions = std::make_shared<CalibrateOptions>();
    CLI::App* calibrate = addCommand(*noun, "calibrate",
        _("Put a scan with no geography (e.g. a 1:8000 Kriegsspiel map) into a local metric frame by its scale"));
    calibrate->add_option("SCAN", calibrateOptions->scan, _("The scan (raster file)"))->required();
    calibrate->add_option("--scale", calibrateOptions->scale, _("Scale denominator N of the drawn map (1:N)"))
        ->required()->check(positive());
    auto* dpi = calibrate->add_option("--dpi", calibrateOptions->dpi, _("Scan resolution, dots per inch"))->check(positive());
    auto* bar = calibrate->add_option("--scale-bar", calibrateOptions->scaleBar,
        _("Two pixel points on the scale bar and their ground distance: X1,Y1,X2,Y2,METRES"));
    dpi->excludes(bar);
    calibrate->add_option("-o,--output", calibrateOptions->output, _("GeoTIFF to write"))->required();
    calibrate->callback([calibrateOptions, &context] { runCalibrate(*calibrateOptions, context); });
}

} // namespace sandtable::cli
