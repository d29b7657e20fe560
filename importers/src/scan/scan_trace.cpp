// SPDX-License-Identifier: GPL-3.0-or-later
// Trace from the scan: colour-distance mask (optionally flood-filled from a seed), GDALPolygonize into a
// memory layer, core::geometry::cleanPolygons, terrain features of one class as one edit.
#include "sandtable/importers/scan_trace.hpp"
#include "sandtable/core/document/bulk_operations.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/geo/map_raster.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/geometry/terrain_cleanup.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"

#include <cpl_conv.h>
#include <gdal_alg.h>
#include <ogr_api.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <stdexcept>

namespace sandtable::importers {
using geo::gdal::Dataset;
using geo::gdal::GdalErrorScope;

namespace {

void requireOption(double value, const char* what)
{
    if (!(value >= 0.0) || !std::isfinite(value))
        throw std::invalid_argument(core::i18n::format(_("{1} must be a finite number >= 0"), {what}));
}

bool polygonalClass(const core::Scenario& s, const std::string& cls)
{
    if (const auto* info = core::rules::findTerrainClass(cls))
        return info->dimension == 2 || info->alsoPolygon;
    for (const auto& c : s.customTerrainClasses)
        if (c.id == cls)
            return c.geometry == "polygon";
    return false;
}

} // namespace

TracedPolygons traceRaster(const geo::RenderedRaster& raster, const TraceOptions& options, const core::util::ProgressCallback& progress)
{
    for (int c : options.colour)
        if (c < 0 || c > 255)
            throw std::invalid_argument(_("colour components must be 0-255"));
    requireOption(options.tolerance, "tolerance");
    const int w = raster.width, h = raster.height;
    if (w <= 0 || h <= 0 || raster.pixels.size() != static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4)
        throw std::invalid_argument(_("the raster has no pixels or the wrong number of them"));
    core::util::reportProgress(progress, 0.0, N_("matching colours"));
    const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    std::vector<std::uint8_t> mask(n, 0);
    const double t2 = options.tolerance * options.tolerance;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* p = &raster.pixels[4 * i];
        if (p[3] == 0)
            continue;
        const double dr = p[0] - options.colour[0], dg = p[1] - options.colour[1], db = p[2] - options.colour[2];
        if (dr * dr + dg * dg + db * db <= t2)
            mask[i] = 1;
    }
    if (options.seed) {
        const auto& gt = raster.geotransform;
        const double col = std::floor((options.seed->x - gt[0]) / gt[1]);
        const double row = std::floor((options.seed->y - gt[3]) / gt[5]);
        if (col < 0 || row < 0 || col >= w || row >= h)
            throw core::util::OperationError("", "--seed", _("the seed lies outside the traced raster"));
        const std::size_t start = static_cast<std::size_t>(row) * static_cast<std::size_t>(w) + static_cast<std::size_t>(col);
        if (!mask[start])
            throw core::util::OperationError("", "--seed", _("the pixel under the seed does not match the colour within the tolerance"));
        // 4-connected flood fill: matched pixels reachable from the seed become 2, then only 2s are kept.
        std::vector<std::size_t> stack{start};
        mask[start] = 2;
        while (!stack.empty()) {
            const std::size_t i = stack.back();
            stack.pop_back();
            const std::size_t x = i % static_cast<std::size_t>(w), y = i / static_cast<std::size_t>(w);
            const auto visit = [&](std::size_t j) {
                if (mask[j] == 1) {
                    mask[j] = 2;
                    stack.push_back(j);
                }
            };
            if (x > 0)
                visit(i - 1);
            if (x + 1 < static_cast<std::size_t>(w))
                visit(i + 1);
            if (y > 0)
                visit(i - static_cast<std::size_t>(w));
            if (y + 1 < static_cast<std::size_t>(h))
                visit(i + static_cast<std::size_t>(w));
        }
        for (auto& m : mask)
            m = m == 2 ? 1 : 0;
    }
    TracedPolygons out;
    for (auto m : mask)
        out.matchedPixels += m;
    if (out.matchedPixels == 0)
        return out;

    core::util::reportProgress(progress, 0.3, N_("polygonizing"));
    geo::gdal::ensureGdalRegistered();
    GdalErrorScope errors;
    Dataset mem(GDALCreate(GDALGetDriverByName("MEM"), "", w, h, 1, GDT_Byte, nullptr));
    if (!mem)
        errors.raise("", "mask", _("GDAL could not allocate the mask"));
    GDALRasterBandH band = GDALGetRasterBand(mem.get(), 1);
    if (GDALRasterIO(band, GF_Write, 0, 0, w, h, mask.data(), w, h, GDT_Byte, 0, 0) != CE_None)
        errors.raise("", "mask", _("GDAL could not write the mask"));
    double gt[6];
    std::copy(raster.geotransform.begin(), raster.geotransform.end(), gt);
    GDALSetGeoTransform(mem.get(), gt);
    // Speckle first: regions (of either value) smaller than both minArea and holeArea would be dropped or
    // filled by the clean-up anyway; sieving them on the raster keeps the polygon count small.
    const double pixelArea = std::abs(gt[1] * gt[5] - gt[2] * gt[4]);
    if (options.minArea > 0.0 && options.holeArea > 0.0 && pixelArea > 0.0) {
        const double threshold = std::floor(std::min(options.minArea, options.holeArea) / pixelArea);
        if (threshold >= 2.0
            && GDALSieveFilter(band, nullptr, band, static_cast<int>(std::min(threshold, 1e9)), 4, nullptr, nullptr, nullptr)
                != CE_None)
            errors.raise("", "mask", _("GDAL could not sieve the mask"));
    }
    Dataset vectors(GDALCreate(GDALGetDriverByName("Memory"), "trace", 0, 0, 0, GDT_Unknown, nullptr));
    if (!vectors)
        errors.raise("", "trace", _("GDAL could not create a memory vector dataset"));
    OGRLayerH layer = GDALDatasetCreateLayer(vectors.get(), "mask", nullptr, wkbPolygon, nullptr);
    OGRFieldDefnH field = OGR_Fld_Create("value", OFTInteger);
    OGR_L_CreateField(layer, field, TRUE);
    OGR_Fld_Destroy(field);
    geo::gdal::ProgressRange range{&progress, 0.3, 0.7, N_("polygonizing")};
    // The mask band as its own mask: only matching pixels (value 1) become polygons.
    if (GDALPolygonize(band, band, layer, 0, nullptr, progress ? geo::gdal::forwardProgress : nullptr, &range) != CE_None) {
        if (range.cancelled)
            throw core::util::Cancelled{};
        errors.raise("", "trace", _("GDAL could not polygonize the mask"));
    }
    std::vector<core::Geometry> pieces;
    OGR_L_ResetReading(layer);
    while (OGRFeatureH f = OGR_L_GetNextFeature(layer)) {
        OGRGeometryH g = OGR_F_GetGeometryRef(f);
        if (g && !OGR_G_IsEmpty(g))
            pieces.push_back(geo::gdal::toModelGeometry(g));
        OGR_F_Destroy(f);
    }
    core::util::reportProgress(progress, 0.7, N_("simplifying"));
    core::geometry::PolygonCleanupOptions clean;
    clean.simplify = options.simplify;
    clean.minArea = options.minArea;
    clean.holeArea = options.holeArea;
    core::geometry::PolygonCleanup cleaned = core::geometry::cleanPolygons(pieces, clean);
    out.polygons = std::move(cleaned.polygons);
    out.droppedPolygons = cleaned.droppedPolygons;
    out.droppedArea = cleaned.droppedArea;
    out.droppedHoles = cleaned.droppedHoles;
    out.droppedHoleArea = cleaned.droppedHoleArea;
    core::util::reportProgress(progress, 1.0, N_("traced"));
    return out;
}

TraceResult traceScan(const core::Scenario& scenario, const std::filesystem::path& scenarioDir, const TraceOptions& options,
    const core::util::ProgressCallback& progress)
{
    if (!polygonalClass(scenario, options.terrainClass))
        throw std::invalid_argument(core::i18n::format(
            _("class '{1}' is not a polygonal terrain class (canonical, docs/model.md, or a declared custom class)"),
            {options.terrainClass}));
    requireOption(options.resolution, "resolution");
    if (!scenario.map)
        throw core::util::OperationError("", _("map"), _("the scenario has no map raster to trace"));
    double resolution = options.resolution;
    const auto* georef = scenario.map->georeference ? &*scenario.map->georeference : nullptr;
    const bool affine = georef && georef->transform.size() == 6
        && (georef->method == core::GeoreferenceMethod::Affine || georef->method == core::GeoreferenceMethod::Helmert
            || georef->method == core::GeoreferenceMethod::Poly1);
    if (resolution == 0.0) {
        // The pixel of the raster that is traced (renderMapRaster's source): the warped GeoTIFF's, in
        // metres (a warped scan, a GeoTIFF or a Kriegsspiel sheet from `raster calibrate`, both in the working
        // CRS), else the scan's fitted affine georeference; 2 m when neither says (a pixel in degrees or feet
        // is no size in metres).
        std::optional<std::array<double, 6>> own;
        if (const std::optional<std::filesystem::path> warped = geo::warpedMapPath(scenario, scenarioDir)) {
            try {
                const geo::RasterInfo info = geo::inspectRaster(*warped);
                if (!info.geographic && info.linearUnit == "metre")
                    own = info.geotransform;
            } catch (const core::util::Error&) {
                // unreadable here: the render below names the file and the reason
            }
        } else if (affine) {
            own.emplace();
            std::copy(georef->transform.begin(), georef->transform.end(), own->begin());
        }
        resolution = 2.0;
        if (own) {
            const auto& t = *own;
            const double native = std::sqrt(std::abs(t[1] * t[5] - t[2] * t[4]));
            if (native > 0.0 && std::isfinite(native))
                resolution = native;
        }
    }
    std::optional<core::Extent> window = options.window ? options.window : scenario.settings.extent;
    if (!window && affine) {
        const auto& t = georef->transform;
        const double W = scenario.map->width, H = scenario.map->height;
        core::Extent e{1e300, 1e300, -1e300, -1e300};
        for (const auto& [px, py] : {std::pair{0.0, 0.0}, {W, 0.0}, {0.0, H}, {W, H}}) {
            const double x = t[0] + px * t[1] + py * t[2], y = t[3] + px * t[4] + py * t[5];
            e.minX = std::min(e.minX, x), e.maxX = std::max(e.maxX, x), e.minY = std::min(e.minY, y), e.maxY = std::max(e.maxY, y);
        }
        window = e;
    }
    if (!window)
        throw core::util::OperationError("", _("window"), _("the scenario has no extent and the scan no affine georeference: give a window"));
    const geo::RenderedRaster raster = geo::renderMapRaster(scenario, scenarioDir, *window, resolution,
        [&progress](double f, std::string_view what) { return !progress || progress(0.5 * f, what); });
    TraceResult out;
    out.traced = traceRaster(raster, options,
        [&progress](double f, std::string_view what) { return !progress || progress(0.5 + 0.5 * f, what); });
    out.edit.label = "Trace " + options.terrainClass;
    std::set<std::string> taken;
    for (const auto& t : scenario.terrain)
        taken.insert(t.id.str());
    int next = 0;
    std::vector<core::TerrainFeature> features; // core/document makes the change records (issue 42 item 2)
    for (core::Geometry& polygon : out.traced.polygons) {
        std::string id;
        do
            id = options.terrainClass + "-" + std::to_string(++next);
        while (taken.count(id) > 0);
        taken.insert(id);
        core::TerrainFeature f;
        f.id = core::FeatureId(id);
        f.terrainClass = options.terrainClass;
        f.attributes["note"] = "traced from the scan";
        f.geometry = polygon;
        out.ids.push_back(id);
        out.areas.push_back(core::geometry::area(polygon));
        features.push_back(std::move(f));
    }
    out.edit = core::document::operations::addFeatures(scenario, std::move(features), out.edit.label);
    if (out.ids.empty())
        out.diagnostics.push_back({"trace.empty", core::validation::Severity::Warning, "/terrain",
            core::i18n::format(P_("{1} pixel matched; no polygon kept", "{1} pixels matched; no polygon kept", out.traced.matchedPixels),
                {std::to_string(out.traced.matchedPixels)})});
    return out;
}

} // namespace sandtable::importers
