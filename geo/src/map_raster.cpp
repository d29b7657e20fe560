// SPDX-License-Identifier: GPL-3.0-or-later
// Resampling the map raster into the working CRS through GDALWarp into a MEM dataset.
#include "sandtable/geo/map_raster.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "raster_window.hpp"

#include <gdal_utils.h>

#include <algorithm>
#include <cmath>

namespace sandtable::geo {
namespace {

using gdal::Dataset;
using gdal::GdalErrorScope;

/// A VRT copy of the scan carrying the scenario's georeference (the scan file itself is never touched).
Dataset georeferencedView(GDALDatasetH scan, const core::Georeference& g, const std::string& scanPath)
{
    GDALDriverH vrt = GDALGetDriverByName("VRT");
    Dataset view(GDALCreateCopy(vrt, "", scan, FALSE, nullptr, nullptr, nullptr));
    if (!view)
        throw core::util::OperationError(scanPath, _("georeference"), _("GDAL could not make a virtual copy of the scan"));
    const bool affine = g.transform.size() == 6
        && (g.method == core::GeoreferenceMethod::Affine || g.method == core::GeoreferenceMethod::Helmert
            || g.method == core::GeoreferenceMethod::Poly1);
    if (affine) {
        double gt[6];
        for (int i = 0; i < 6; ++i)
            gt[i] = g.transform[static_cast<std::size_t>(i)];
        GDALSetGeoTransform(view.get(), gt);
        auto srs = gdal::makeSrs(g.crs, scanPath);
        GDALSetSpatialRef(view.get(), srs.get());
        return view;
    }
    std::vector<GDAL_GCP> gcps;
    std::vector<std::string> ids;
    for (const auto& gcp : g.gcps)
        if (gcp.enabled)
            ids.push_back(std::to_string(gcp.id));
    std::size_t n = 0;
    for (const auto& gcp : g.gcps) {
        if (!gcp.enabled)
            continue;
        GDAL_GCP out{};
        out.pszId = const_cast<char*>(ids[n++].c_str());
        out.pszInfo = const_cast<char*>("");
        out.dfGCPPixel = gcp.pixel;
        out.dfGCPLine = gcp.line;
        out.dfGCPX = gcp.mapX;
        out.dfGCPY = gcp.mapY;
        gcps.push_back(out);
    }
    auto srs = gdal::makeSrs(g.gcpCrs.empty() ? g.crs : g.gcpCrs, scanPath);
    GDALSetGCPs2(view.get(), static_cast<int>(gcps.size()), gcps.data(), srs.get());
    return view;
}

/// GDALWarp's options for the scan's own fit when it is drawn through its GCPs.
std::vector<std::string> fitArguments(const core::Scenario& s)
{
    std::vector<std::string> args;
    if (s.map && s.map->georeference && s.map->warpedPath.empty()) {
        switch (s.map->georeference->method) {
        case core::GeoreferenceMethod::Poly2: args = {"-order", "2"}; break;
        case core::GeoreferenceMethod::Poly3: args = {"-order", "3"}; break;
        case core::GeoreferenceMethod::Tps: args = {"-tps"}; break;
        default: break;
        }
    }
    return args;
}

} // namespace

std::filesystem::path resolveMapPath(const std::string& path, const std::filesystem::path& scenarioDir)
{
    std::filesystem::path p(path);
    if (p.is_absolute())
        return p;
    return (scenarioDir / p).lexically_normal();
}

std::optional<std::filesystem::path> warpedMapPath(const core::Scenario& s, const std::filesystem::path& scenarioDir)
{
    if (!s.map || s.map->warpedPath.empty())
        return std::nullopt;
    std::filesystem::path warped = resolveMapPath(s.map->warpedPath, scenarioDir);
    std::error_code ec;
    if (!std::filesystem::exists(warped, ec))
        return std::nullopt;
    return warped;
}

RenderedRaster renderMapRaster(const core::Scenario& s, const std::filesystem::path& scenarioDir,
    const core::Extent& window, double metresPerPixel, const core::util::ProgressCallback& progress)
{
    if (!s.map)
        throw core::util::OperationError("", core::i18n::format(_("scenario '{1}'"), {s.settings.id}), _("has no map raster"));
    if (!(metresPerPixel > 0) || window.width() <= 0 || window.height() <= 0)
        throw core::util::OperationError("", _("render window"), _("empty window or non-positive resolution"));
    const double w = std::ceil(window.width() / metresPerPixel), h = std::ceil(window.height() / metresPerPixel);
    if (w * h > static_cast<double>(kMaxRenderPixels))
        throw core::util::OperationError("", _("map raster"),
            core::i18n::format(_("rendering {1} x {2} pixels exceeds the cap of {3} pixels; lower the dpi"),
                {std::to_string(static_cast<long long>(w)), std::to_string(static_cast<long long>(h)),
                    std::to_string(kMaxRenderPixels)}));
    const int width = static_cast<int>(w), height = static_cast<int>(h);
    gdal::ensureGdalRegistered();
    gdal::GdalErrorScope errors;

    const std::optional<std::filesystem::path> warped = warpedMapPath(s, scenarioDir);
    const bool useWarped = warped.has_value();
    const std::filesystem::path sourcePath = warped ? *warped : resolveMapPath(s.map->path, scenarioDir);
    Dataset source = gdal::openRaster(sourcePath);
    Dataset view;
    GDALDatasetH input = source.get();
    if (!useWarped) {
        if (!s.map->georeference)
            throw core::util::OperationError(sourcePath.string(), _("map"), _("the scan has no georeference yet: georeference it first (GCPs, then a fit)"));
        view = georeferencedView(source.get(), *s.map->georeference, sourcePath.string());
        input = view.get();
    }
    return detail::warpIntoWindow(input, s.settings.crs, window, width, height, fitArguments(s), progress,
        sourcePath.string(), N_("rendering the map raster"));
}

namespace detail {

RenderedRaster warpIntoWindow(GDALDatasetH input, const std::string& crs, const core::Extent& window, int width,
    int height, const std::vector<std::string>& extraArguments, const core::util::ProgressCallback& progress,
    const std::string& sourceName, const std::string& what)
{
    GdalErrorScope errors;
    // Expand palettes first so bilinear resampling mixes colours, not palette indices.
    Dataset expanded;
    if (GDALGetRasterCount(input) == 1 && GDALGetRasterColorTable(GDALGetRasterBand(input, 1))) {
        std::vector<std::string> a = {"-of", "VRT", "-expand", "rgba"};
        std::vector<char*> argv;
        for (auto& x : a)
            argv.push_back(x.data());
        argv.push_back(nullptr);
        GDALTranslateOptions* options
            = gdal::requireOptions(GDALTranslateOptionsNew(argv.data(), nullptr), errors, sourceName, "gdal_translate");
        expanded.reset(GDALTranslate("", input, options, nullptr));
        GDALTranslateOptionsFree(options);
        if (!expanded)
            errors.raise(sourceName, "palette", _("GDAL could not expand the palette"));
        input = expanded.get();
    }

    std::vector<std::string> args = {"-of", "MEM", "-te", gdal::formatNumber(window.minX),
        gdal::formatNumber(window.minY), gdal::formatNumber(window.maxX), gdal::formatNumber(window.maxY), "-ts",
        std::to_string(width), std::to_string(height), "-r", "bilinear", "-dstalpha", "-wo", "NUM_THREADS=ALL_CPUS"};
    // A local metric frame (a calibrated Kriegsspiel map) is no CRS GDAL knows: the raster is already in it.
    if (!gdal::isLocalFrame(crs))
        args.insert(args.end(), {"-t_srs", crs});
    args.insert(args.end(), extraArguments.begin(), extraArguments.end());
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    GDALWarpAppOptions* options = gdal::requireOptions(GDALWarpAppOptionsNew(argv.data(), nullptr), errors, sourceName, "gdalwarp");
    gdal::ProgressRange range{&progress, 0.0, 1.0, what};
    if (progress)
        GDALWarpAppOptionsSetProgress(options, gdal::forwardProgress, &range);
    GDALDatasetH inputs[] = {input};
    int usageError = FALSE;
    Dataset warped(GDALWarp("", nullptr, 1, inputs, options, &usageError));
    GDALWarpAppOptionsFree(options);
    if (range.cancelled)
        throw core::util::Cancelled{};
    if (!warped)
        errors.raise(sourceName, "warp", core::i18n::format(_("GDAL could not resample the map raster into {1}"), {crs}));

    RenderedRaster out;
    out.width = width;
    out.height = height;
    out.pixels.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 255);
    GDALGetGeoTransform(warped.get(), out.geotransform.data());
    const int bands = GDALGetRasterCount(warped.get()); // colour bands + the alpha band added by -dstalpha
    const int colourBands = bands - 1;
    std::vector<std::uint8_t> plane(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    // 16-bit (or wider) data: one stretch, the range over all colour bands, so a scan's paper keeps its
    // colour (a stretch per band turns a cream page grey or pink).
    double low = 0.0, high = 255.0;
    bool stretch = false;
    for (int band = 1; band <= std::max(colourBands, 1); ++band) {
        GDALRasterBandH b = GDALGetRasterBand(warped.get(), band);
        if (GDALGetRasterDataType(b) == GDT_Byte)
            continue;
        double minmax[2] = {0, 255};
        GDALComputeRasterMinMax(b, TRUE, minmax);
        low = stretch ? std::min(low, minmax[0]) : minmax[0];
        high = stretch ? std::max(high, minmax[1]) : minmax[1];
        stretch = true;
    }
    for (int target = 0; target < 4; ++target) {
        int band = target == 3 ? bands : std::min(target + 1, colourBands);
        if (colourBands < 3 && target < 3)
            band = 1;
        GDALRasterBandH b = GDALGetRasterBand(warped.get(), band);
        if (GDALGetRasterDataType(b) != GDT_Byte && target < 3) {
            std::vector<float> values(plane.size());
            if (GDALRasterIO(b, GF_Read, 0, 0, width, height, values.data(), width, height, GDT_Float32, 0, 0) != CE_None)
                errors.raise(sourceName, "band " + std::to_string(band), _("cannot read the resampled raster"));
            const double span = high > low ? high - low : 1.0;
            for (std::size_t i = 0; i < values.size(); ++i)
                plane[i] = static_cast<std::uint8_t>(std::clamp((values[i] - low) / span * 255.0, 0.0, 255.0));
        } else if (GDALRasterIO(b, GF_Read, 0, 0, width, height, plane.data(), width, height, GDT_Byte, 0, 0) != CE_None) {
            errors.raise(sourceName, "band " + std::to_string(band), _("cannot read the resampled raster"));
        }
        for (std::size_t i = 0; i < plane.size(); ++i)
            out.pixels[i * 4 + static_cast<std::size_t>(target)] = plane[i];
        core::util::reportProgress(progress, 1.0, what);
    }
    return out;
}

} // namespace detail

} // namespace sandtable::geo
