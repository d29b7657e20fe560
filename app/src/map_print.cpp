// SPDX-License-Identifier: GPL-3.0-or-later
// The battle map as printed sheets, with its scan and reference layers rendered through the importers.
#include "sandtable/app/map_print.hpp"
#include "sandtable/core/util/in_file.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/print/sheet_marks.hpp"

#include "sandtable/geo/map_raster.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "sandtable/geo/reference_layer.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace sandtable::app {
namespace {
// libjpeg quality for a JPEG scan's sheets: fine survey lines stay clean at 90 (75, libjpeg's default, rings).
constexpr int kJpegScanQuality = 90;
} // namespace

std::set<print::MapLayer> parseMapLayers(const std::string& text, bool& references)
{
    std::set<print::MapLayer> layers;
    references = false;
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
            references = true; // drawn into the raster underlay by printScenarioMap (MapPrintJob::references)
        else if (!item.empty())
            throw core::util::OperationError("", "--layers", core::i18n::format(_("unknown layer '{1}' (use scan, references, terrain, grid, setup)"), {item}));
    }
    return layers;
}

namespace {

MapPrintOutcome printMapSheets(const core::Scenario& scenario, MapPrintJob job, const Reporter& reporter)
{
    MapPrintOutcome outcome;
    core::Scenario printed = scenario;
    if (!job.mapOverride.empty() && printed.map) {
        printed.map->path = std::filesystem::absolute(job.mapOverride).string();
        printed.map->warpedPath.clear();
    }
    const bool wantScan = job.request.layers.count(print::MapLayer::Scan) > 0;
    if (wantScan && job.scanRequired && (!printed.map || !printed.settings.extent))
        throw core::util::OperationError(job.scenarioFile.string(), "--layers scan",
            !printed.map ? _("the scenario has no map raster to draw (add one, or leave scan out of --layers)")
                         : _("the scenario has no extent to place the map raster in (scenario validate says why)"));
    if (wantScan && printed.map && printed.settings.extent) {
        const auto scenarioDir = job.scenarioFile.parent_path();
        const auto scanPath = geo::resolveMapPath(printed.map->path, scenarioDir);
        const bool warpedExists = geo::warpedMapPath(printed, scenarioDir).has_value();
        if (!warpedExists && !std::filesystem::exists(scanPath)) {
            if (job.scanRequired)
                throw core::util::OperationError(job.scenarioFile.string(), "--layers scan",
                    core::i18n::format(_("the map raster {1} is not found (the scenario's \"map\" path resolves against the "
                                         "scenario's folder: copy the scan beside it, or leave scan out of --layers)"),
                        {scanPath.string()}));
            reporter.tell(core::i18n::format(_("notice: map raster {1} not found: printing terrain only"), {scanPath.string()}));
        } else {
            const double metresPerPixel = 25.4 / job.dpi * job.request.scaleDenominator / 1000.0;
            core::Scenario warpTarget = printed;
            // A scale-only local frame ("LOCAL:name", a calibrated Kriegsspiel scan) is no CRS GDAL knows by name:
            // resample into the calibrated GeoTIFF's own engineering CRS, which is the scenario's frame.
            if (printed.settings.crs.rfind("LOCAL:", 0) == 0 && warpedExists) {
                const geo::RasterInfo info
                    = geo::inspectRaster(geo::resolveMapPath(printed.map->warpedPath, scenarioDir));
                if (!info.crsWkt.empty())
                    warpTarget.settings.crs = info.crsWkt;
            }
            geo::RenderedRaster r = geo::renderMapRaster(warpTarget, scenarioDir, *printed.settings.extent,
                metresPerPixel, reporter.progress);
            job.request.scan = print::PrintRaster{r.width, r.height, std::move(r.pixels), r.geotransform};
            // The scan is resampled into the print grid above, so its own JPEG bytes cannot be reused; a scan
            // that is a JPEG is lossy already, and its sheets carry the resampled crop as JPEG too
            // (print::PrintRaster::jpegQuality): a fraction of the lossless size.
            if (std::filesystem::exists(scanPath) && geo::inspectRaster(scanPath).driver == "JPEG")
                job.request.scan->jpegQuality = kJpegScanQuality;
            outcome.scanPrinted = true;
        }
    }
    const bool anyReference = std::any_of(printed.references.begin(), printed.references.end(),
        [](const core::ReferenceLayer& r) { return r.visible && r.opacity > 0.0; });
    if (job.references && anyReference && printed.settings.extent) {
        if (printed.settings.crs.rfind("LOCAL:", 0) == 0 || printed.settings.crs.empty()) {
            reporter.tell(core::i18n::format(_("notice: the scenario works in {1}: reference layers cannot be placed on it and are not printed"),
                {printed.settings.crs.empty() ? std::string(_("no CRS")) : printed.settings.crs}));
        } else {
            const auto scenarioDir = job.scenarioFile.parent_path();
            const double metresPerPixel = 25.4 / job.dpi * job.request.scaleDenominator / 1000.0;
            const core::Extent& window = *printed.settings.extent;
            const auto draw = [&](const core::ReferenceLayer& r) {
                return geo::renderReferenceLayer(r, scenarioDir, printed.settings.crs, window, metresPerPixel, reporter.progress);
            };
            // Under the scan, the scan, over the scan: one underlay at the print resolution.
            std::optional<geo::RenderedRaster> underlay;
            const auto compose = [&](geo::RenderedRaster layer, double opacity) {
                if (!underlay) {
                    underlay = geo::RenderedRaster{layer.width, layer.height,
                        std::vector<std::uint8_t>(layer.pixels.size(), 0), layer.geotransform};
                }
                geo::composeOver(*underlay, layer, opacity);
            };
            for (const auto& r : printed.references)
                if (r.visible && !r.overScan)
                    compose(draw(r), r.opacity);
            if (job.request.scan) {
                const print::PrintRaster& scan = *job.request.scan;
                compose(geo::RenderedRaster{scan.width, scan.height, scan.pixels, scan.geotransform}, 1.0);
            }
            for (const auto& r : printed.references)
                if (r.visible && r.overScan)
                    compose(draw(r), r.opacity);
            if (underlay) {
                const int quality = job.request.scan ? job.request.scan->jpegQuality : 0;
                job.request.scan = print::PrintRaster{underlay->width, underlay->height, std::move(underlay->pixels),
                    underlay->geotransform, quality};
                job.request.layers.insert(print::MapLayer::Scan);
                outcome.referencesPrinted = true;
            }
        }
    }
    if (job.request.sourceNote.empty())
        job.request.sourceNote = print::mapSourceNote(printed); // in the scenario's language (issue 25 item 4)
    outcome.result = print::printMap(printed, job.request, job.output, reporter.progress);
    return outcome;
}

} // namespace

MapPrintOutcome printScenarioMap(const core::Scenario& scenario, MapPrintJob job, const Reporter& reporter)
{
    const std::string file = job.scenarioFile.string();
    return core::util::inFile(file, [&] { return printMapSheets(scenario, std::move(job), reporter); });
}

} // namespace sandtable::app
