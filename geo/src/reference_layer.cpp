// SPDX-License-Identifier: GPL-3.0-or-later
// Reference layers: raster or vector, and their CRS (GDAL/OGR).
#include "sandtable/geo/reference_layer.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "raster_window.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/new_scenario.hpp"

#include <gdal.h>
#include <gdal_utils.h>
#include <cpl_conv.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

namespace sandtable::geo {
namespace {

std::string crsText(OGRSpatialReferenceH srs)
{
    if (!srs)
        return {};
    const char* authority = OSRGetAuthorityName(srs, nullptr);
    const char* code = OSRGetAuthorityCode(srs, nullptr);
    if (authority && code && std::string(authority) == "EPSG")
        return std::string("EPSG:") + code;
    char* wkt = nullptr;
    const char* options[] = {"FORMAT=WKT2_2019", nullptr};
    if (OSRExportToWktEx(srs, &wkt, options) != OGRERR_NONE || !wkt) {
        CPLFree(wkt);
        return {};
    }
    std::string out = wkt;
    CPLFree(wkt);
    return out;
}

} // namespace

ReferenceLayerInfo inspectReferenceLayer(const std::filesystem::path& path)
{
    const std::string file = path.string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw core::util::IoError(file, "", _("no such file"));
    gdal::ensureGdalRegistered();
    gdal::GdalErrorScope errors;
    gdal::Dataset ds(GDALOpenEx(file.c_str(), GDAL_OF_RASTER | GDAL_OF_VECTOR | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!ds)
        errors.raise(file, "", _("GDAL reads it neither as a raster nor as a vector"));
    ReferenceLayerInfo info;
    GDALDriverH driver = GDALGetDatasetDriver(ds.get());
    info.driver = driver ? GDALGetDriverShortName(driver) : "";
    if (GDALGetRasterCount(ds.get()) > 0) {
        info.kind = core::ReferenceKind::Raster;
        info.crs = crsText(GDALGetSpatialRef(ds.get()));
        if (info.crs.empty() && GDALGetGCPCount(ds.get()) > 0)
            info.crs = crsText(GDALGetGCPSpatialRef(ds.get()));
        const GDALDataType type = GDALGetRasterDataType(GDALGetRasterBand(ds.get(), 1));
        info.elevation = GDALGetRasterCount(ds.get()) == 1 && type != GDT_Byte
            && GDALGetRasterColorTable(GDALGetRasterBand(ds.get(), 1)) == nullptr;
    } else {
        info.kind = core::ReferenceKind::Vector;
        info.layers = GDALDatasetGetLayerCount(ds.get());
        if (info.layers == 0)
            throw core::util::FormatError(file, "", _("the file holds no raster and no vector layer"));
        if (info.driver == "OSM") {
            info.crs = "EPSG:4326"; // OpenStreetMap data is WGS 84 longitude/latitude by definition
        } else {
            for (int i = 0; i < info.layers && info.crs.empty(); ++i)
                info.crs = crsText(OGR_L_GetSpatialRef(GDALDatasetGetLayer(ds.get(), i)));
        }
    }
    if (info.crs.empty())
        throw core::util::OperationError(file, "CRS",
            _("the layer names no CRS, so it cannot be drawn over the map: give it one (a .prj beside a shapefile, or "
            "'gdal_edit.py -a_srs EPSG:n' for a raster) and add it again"));
    return info;
}

namespace {

std::vector<char*> argv(std::vector<std::string>& args)
{
    std::vector<char*> out;
    for (auto& a : args)
        out.push_back(a.data());
    out.push_back(nullptr);
    return out;
}

std::vector<std::string> windowArguments(const std::string& crs, const core::Extent& window, int width, int height)
{
    return {"-t_srs", crs, "-te", gdal::formatNumber(window.minX), gdal::formatNumber(window.minY),
        gdal::formatNumber(window.maxX), gdal::formatNumber(window.maxY), "-ts", std::to_string(width),
        std::to_string(height)};
}

/// A DEM resampled into the window as heights, then GDAL's hillshade of it, as grey RGBA.
RenderedRaster hillshade(GDALDatasetH dem, const std::string& crs, const core::Extent& window, int width, int height,
    const std::string& file)
{
    gdal::GdalErrorScope errors;
    std::vector<std::string> args = {"-of", "MEM", "-r", "bilinear", "-ot", "Float32", "-dstnodata", "-32768"};
    for (auto& a : windowArguments(crs, window, width, height))
        args.push_back(a);
    auto a = argv(args);
    GDALWarpAppOptions* options = gdal::requireOptions(GDALWarpAppOptionsNew(a.data(), nullptr), errors, file, "gdalwarp");
    GDALDatasetH inputs[] = {dem};
    int usageError = FALSE;
    gdal::Dataset heights(GDALWarp("", nullptr, 1, inputs, options, &usageError));
    GDALWarpAppOptionsFree(options);
    if (!heights)
        errors.raise(file, "warp", core::i18n::format(_("GDAL could not resample the DEM into {1}"), {crs}));
    std::vector<std::string> shadeArgs = {"-of", "MEM", "-az", "315", "-alt", "45", "-compute_edges"};
    auto b = argv(shadeArgs);
    GDALDEMProcessingOptions* shadeOptions
        = gdal::requireOptions(GDALDEMProcessingOptionsNew(b.data(), nullptr), errors, file, "gdaldem");
    gdal::Dataset shade(GDALDEMProcessing("", heights.get(), "hillshade", nullptr, shadeOptions, &usageError));
    GDALDEMProcessingOptionsFree(shadeOptions);
    if (!shade)
        errors.raise(file, "hillshade", _("GDAL could not compute the hillshade"));
    std::vector<std::uint8_t> grey(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    if (GDALRasterIO(GDALGetRasterBand(shade.get(), 1), GF_Read, 0, 0, width, height, grey.data(), width, height,
            GDT_Byte, 0, 0) != CE_None)
        errors.raise(file, "hillshade", _("cannot read the hillshade"));
    RenderedRaster out;
    out.width = width;
    out.height = height;
    GDALGetGeoTransform(shade.get(), out.geotransform.data());
    out.pixels.resize(grey.size() * 4);
    for (std::size_t i = 0; i < grey.size(); ++i) {
        // GDAL's hillshade writes 0 where there is no data.
        out.pixels[i * 4] = out.pixels[i * 4 + 1] = out.pixels[i * 4 + 2] = grey[i];
        out.pixels[i * 4 + 3] = grey[i] == 0 ? 0 : 255;
    }
    return out;
}

/// A vector layer reprojected into the window and burnt in as 1-pixel dark grey lines.
RenderedRaster vectorLines(GDALDatasetH source, const std::string& crs, const core::Extent& window, int width, int height,
    const std::string& file)
{
    gdal::GdalErrorScope errors;
    // Reprojected, polygons turned into their outlines, clipped to the window.
    std::vector<std::string> args = {"-f", "Memory", "-t_srs", crs, "-nlt", "MULTILINESTRING", "-clipdst",
        gdal::formatNumber(window.minX), gdal::formatNumber(window.minY), gdal::formatNumber(window.maxX),
        gdal::formatNumber(window.maxY), "-skipfailures"};
    auto a = argv(args);
    GDALVectorTranslateOptions* options
        = gdal::requireOptions(GDALVectorTranslateOptionsNew(a.data(), nullptr), errors, file, "ogr2ogr");
    GDALDatasetH inputs[] = {source};
    int usageError = FALSE;
    gdal::Dataset lines(GDALVectorTranslate("", nullptr, 1, inputs, options, &usageError));
    GDALVectorTranslateOptionsFree(options);
    if (!lines)
        errors.raise(file, "reproject", core::i18n::format(_("GDAL could not reproject the layer into {1}"), {crs}));
    gdal::Dataset canvas(GDALCreate(GDALGetDriverByName("MEM"), "", width, height, 4, GDT_Byte, nullptr));
    if (!canvas)
        errors.raise(file, "draw", _("cannot allocate the layer's image"));
    double gt[6] = {window.minX, window.width() / width, 0.0, window.maxY, 0.0, -window.height() / height};
    GDALSetGeoTransform(canvas.get(), gt);
    auto srs = gdal::makeSrs(crs, file);
    GDALSetSpatialRef(canvas.get(), srs.get());
    std::vector<std::string> burn = {"-b", "1", "-b", "2", "-b", "3", "-b", "4", "-burn", "60", "-burn", "60", "-burn",
        "60", "-burn", "255"};
    for (int i = 0; i < GDALDatasetGetLayerCount(lines.get()); ++i) {
        burn.push_back("-l");
        burn.push_back(OGR_L_GetName(GDALDatasetGetLayer(lines.get(), i)));
    }
    auto c = argv(burn);
    GDALRasterizeOptions* rasterize = gdal::requireOptions(GDALRasterizeOptionsNew(c.data(), nullptr), errors, file, "gdal_rasterize");
    GDALDatasetH result = GDALRasterize(nullptr, canvas.get(), lines.get(), rasterize, &usageError);
    GDALRasterizeOptionsFree(rasterize);
    if (!result)
        errors.raise(file, "draw", _("GDAL could not draw the layer"));
    RenderedRaster out;
    out.width = width;
    out.height = height;
    std::copy(std::begin(gt), std::end(gt), out.geotransform.begin());
    out.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
    if (GDALDatasetRasterIO(canvas.get(), GF_Read, 0, 0, width, height, out.pixels.data(), width, height, GDT_Byte, 4,
            nullptr, 4, static_cast<GSpacing>(width) * 4, 1) != CE_None)
        errors.raise(file, "draw", _("cannot read the layer's image"));
    return out;
}

} // namespace

RenderedRaster renderReferenceLayer(const core::ReferenceLayer& layer, const std::filesystem::path& scenarioDir,
    const std::string& crs, const core::Extent& window, double metresPerPixel, const core::util::ProgressCallback& progress)
{
    const std::filesystem::path path = resolveMapPath(layer.path, scenarioDir);
    const std::string file = path.string();
    if (!(metresPerPixel > 0) || window.width() <= 0 || window.height() <= 0)
        throw core::util::OperationError(file, _("render window"), _("empty window or non-positive resolution"));
    const double w = std::ceil(window.width() / metresPerPixel), h = std::ceil(window.height() / metresPerPixel);
    if (w * h > static_cast<double>(kMaxRenderPixels))
        throw core::util::OperationError(file, core::i18n::format(_("reference '{1}'"), {layer.name}),
            core::i18n::format(_("drawing {1} x {2} pixels exceeds the cap of {3} pixels; lower the dpi"),
                {std::to_string(static_cast<long long>(w)), std::to_string(static_cast<long long>(h)),
                    std::to_string(kMaxRenderPixels)}));
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw core::util::IoError(file, core::i18n::format(_("reference '{1}'"), {layer.name}), _("no such file (the scenario's reference layer)"));
    const int width = static_cast<int>(w), height = static_cast<int>(h);
    gdal::ensureGdalRegistered();
    gdal::GdalErrorScope errors;
    const unsigned kind = layer.kind == core::ReferenceKind::Raster ? GDAL_OF_RASTER : GDAL_OF_VECTOR;
    gdal::Dataset ds(GDALOpenEx(file.c_str(), kind | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!ds)
        errors.raise(file, core::i18n::format(_("reference '{1}'"), {layer.name}), _("GDAL cannot open it"));
    if (layer.kind == core::ReferenceKind::Vector)
        return vectorLines(ds.get(), crs, window, width, height, file);
    if (layer.hillshade)
        return hillshade(ds.get(), crs, window, width, height, file);
    return detail::warpIntoWindow(ds.get(), crs, window, width, height, {}, progress, file,
        "drawing reference layer " + layer.name);
}

ReferenceFrame referenceFrame(const core::ReferenceLayer& layer, const std::filesystem::path& scenarioDir)
{
    const std::filesystem::path path = resolveMapPath(layer.path, scenarioDir);
    const std::string file = path.string();
    const std::string object = core::i18n::format(_("reference '{1}'"), {layer.name});
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw core::util::IoError(file, object, _("no such file (the scenario's reference layer)"));
    gdal::ensureGdalRegistered();
    gdal::GdalErrorScope errors;
    const unsigned kind = layer.kind == core::ReferenceKind::Raster ? GDAL_OF_RASTER : GDAL_OF_VECTOR;
    gdal::Dataset ds(GDALOpenEx(file.c_str(), kind | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!ds)
        errors.raise(file, object, _("GDAL cannot open it"));
    // The layer's outline in its own CRS: the pixel footprint through the geotransform, or the layers' envelope.
    std::vector<core::Coordinate> outline;
    const auto edges = [&outline](const std::function<core::Coordinate(double, double)>& at) {
        for (int i = 0; i <= 20; ++i) {
            const double t = i / 20.0;
            for (const auto& [u, v] : {std::pair{t, 0.0}, std::pair{t, 1.0}, std::pair{0.0, t}, std::pair{1.0, t}})
                outline.push_back(at(u, v));
        }
    };
    std::string crs = layer.crs;
    if (layer.kind == core::ReferenceKind::Raster) {
        std::array<double, 6> gt{};
        if (GDALGetGeoTransform(ds.get(), gt.data()) != CE_None)
            throw core::util::OperationError(file, object, _("the raster has no geotransform, so it cannot be placed"));
        const double w = GDALGetRasterXSize(ds.get()), h = GDALGetRasterYSize(ds.get());
        edges([&gt, w, h](double u, double v) {
            return core::Coordinate{gt[0] + u * w * gt[1] + v * h * gt[2], gt[3] + u * w * gt[4] + v * h * gt[5]};
        });
    } else {
        double minX = INFINITY, minY = INFINITY, maxX = -INFINITY, maxY = -INFINITY;
        for (int i = 0; i < GDALDatasetGetLayerCount(ds.get()); ++i) {
            OGREnvelope e;
            if (OGR_L_GetExtent(GDALDatasetGetLayer(ds.get(), i), &e, TRUE) != OGRERR_NONE)
                continue;
            minX = std::min(minX, e.MinX), minY = std::min(minY, e.MinY);
            maxX = std::max(maxX, e.MaxX), maxY = std::max(maxY, e.MaxY);
        }
        if (!(minX <= maxX && minY <= maxY)) {
            // Drivers that know no extent before reading (OpenStreetMap reads its layers interleaved): every
            // feature's envelope, in the order the dataset gives them.
            GDALDatasetResetReading(ds.get());
            for (;;) {
                OGRLayerH from = nullptr;
                OGRFeatureH feature = GDALDatasetGetNextFeature(ds.get(), &from, nullptr, nullptr, nullptr);
                if (!feature)
                    break;
                if (OGRGeometryH geometry = OGR_F_GetGeometryRef(feature); geometry && !OGR_G_IsEmpty(geometry)) {
                    OGREnvelope e;
                    OGR_G_GetEnvelope(geometry, &e);
                    minX = std::min(minX, e.MinX), minY = std::min(minY, e.MinY);
                    maxX = std::max(maxX, e.MaxX), maxY = std::max(maxY, e.MaxY);
                }
                OGR_F_Destroy(feature);
            }
        }
        if (!(minX <= maxX && minY <= maxY))
            throw core::util::OperationError(file, object, _("the layer holds no feature to place"));
        edges([=](double u, double v) { return core::Coordinate{minX + u * (maxX - minX), maxY - v * (maxY - minY)}; });
    }
    if (crs.empty())
        crs = inspectReferenceLayer(path).crs;
    const CrsDescription own = describeCrs(crs, file);
    ReferenceFrame frame;
    frame.crs = usableWorkingCrs(own) ? crsIdentifier(own) : utmCrsForCentre(crs, outline, file);
    const std::vector<core::Coordinate> points = frame.crs == crs ? outline : transformPoints(crs, frame.crs, outline, file);
    frame.extent = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (const core::Coordinate& p : points) {
        frame.extent.minX = std::min(frame.extent.minX, p.x), frame.extent.minY = std::min(frame.extent.minY, p.y);
        frame.extent.maxX = std::max(frame.extent.maxX, p.x), frame.extent.maxY = std::max(frame.extent.maxY, p.y);
    }
    return frame;
}

void composeOver(RenderedRaster& bottom, const RenderedRaster& top, double opacity)
{
    if (bottom.width != top.width || bottom.height != top.height || bottom.pixels.size() != top.pixels.size())
        throw core::util::OperationError("", _("reference layer"), _("the images to compose differ in size"));
    for (std::size_t i = 0; i + 3 < top.pixels.size(); i += 4) {
        const double a = top.pixels[i + 3] / 255.0 * opacity;
        if (a <= 0.0)
            continue;
        const double below = bottom.pixels[i + 3] / 255.0;
        const double outA = a + below * (1.0 - a);
        for (int c = 0; c < 3; ++c) {
            const double v = (top.pixels[i + c] * a + bottom.pixels[i + c] * below * (1.0 - a)) / outA;
            bottom.pixels[i + static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 255.0)));
        }
        bottom.pixels[i + 3] = static_cast<std::uint8_t>(std::lround(outA * 255.0));
    }
}

NewReferenceLayer newReferenceLayer(const std::filesystem::path& layerFile, const std::filesystem::path& scenarioFile,
    std::string name)
{
    NewReferenceLayer out;
    out.info = inspectReferenceLayer(layerFile);
    if (name.empty()) {
        name = layerFile.filename().string();
        for (const char* suffix : {".pbf", ".osm", ".tif", ".tiff", ".gpkg", ".shp", ".geojson", ".json", ".png", ".jpg"})
            if (name.size() > std::char_traits<char>::length(suffix) && name.ends_with(suffix))
                name.erase(name.size() - std::char_traits<char>::length(suffix));
    }
    out.layer.name = std::move(name);
    out.layer.path = pathForScenario(layerFile, scenarioFile);
    out.layer.kind = out.info.kind;
    out.layer.crs = out.info.crs;
    out.layer.hillshade = out.info.elevation;
    return out;
}

} // namespace sandtable::geo
