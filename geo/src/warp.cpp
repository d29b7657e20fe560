// SPDX-License-Identifier: GPL-3.0-or-later
// warpToGeoTiff: GDAL's warper with our fitted transform, dense-edge bounds, alpha, overviews, atomic output.
#include "sandtable/geo/warp.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "exact_transformer.hpp"
#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/gcp_fit.hpp"

#include <cpl_conv.h>
#include <cpl_string.h>
#include <gdal_alg.h>
#include <gdal_utils.h>
#include <gdalwarper.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable::geo {
namespace {

/// GDAL's block cache during the warp (see BlockCacheBound).
constexpr GIntBig kWarpBlockCacheBytes = GIntBig{32} << 20;

using gdal::Dataset;
using gdal::GdalErrorScope;

struct TransformerDestroyer {
    void operator()(void* t) const noexcept
    {
        if (t)
            GDALDestroyTransformer(t);
    }
};
using Transformer = std::unique_ptr<void, TransformerDestroyer>;

struct StringList {
    char** list = nullptr;
    ~StringList() { CSLDestroy(list); }
    void set(const char* key, const std::string& value) { list = CSLSetNameValue(list, key, value.c_str()); }
};

GDALResampleAlg resamplingOf(const std::string& name, const std::string& context)
{
    static const std::pair<const char*, GDALResampleAlg> names[] = {{"near", GRA_NearestNeighbour},
        {"nearest", GRA_NearestNeighbour}, {"bilinear", GRA_Bilinear}, {"cubic", GRA_Cubic},
        {"cubicspline", GRA_CubicSpline}, {"lanczos", GRA_Lanczos}, {"average", GRA_Average}, {"mode", GRA_Mode}};
    for (const auto& [n, alg] : names)
        if (name == n)
            return alg;
    throw core::util::OperationError(context, _("resampling"),
        core::i18n::format(_("unknown resampling '{1}' ({2})"), {name, "near, bilinear, cubic, cubicspline, lanczos, average, mode"}));
}

/// Holds GDAL's block cache at most `bytes` while it lives, then gives back the limit it found. The cache is
/// process-wide (GDAL has none per dataset): a display reading rasters meanwhile gets the smaller cache too,
/// which costs it re-reads, never pixels. The warp reads each scan tile for one chunk (and its border) and
/// writes each output tile once, so a cache larger than a few chunks' tiles only holds memory: with
/// GDAL_CACHEMAX=512 the poly1 warp of the 20000 x 20000 bench scan peaked at 768 MB, the cache full.
class BlockCacheBound {
public:
    explicit BlockCacheBound(GIntBig bytes) : m_previous(GDALGetCacheMax64())
    {
        if (m_previous > bytes)
            GDALSetCacheMax64(bytes);
    }
    ~BlockCacheBound()
    {
        if (GDALGetCacheMax64() < m_previous)
            GDALSetCacheMax64(m_previous);
    }
    BlockCacheBound(const BlockCacheBound&) = delete;
    BlockCacheBound& operator=(const BlockCacheBound&) = delete;

private:
    GIntBig m_previous;
};

bool usesGeotransform(core::GeoreferenceMethod method)
{
    return method == core::GeoreferenceMethod::Affine || method == core::GeoreferenceMethod::Poly1
        || method == core::GeoreferenceMethod::Helmert;
}


/// The warped output's grid: geotransform (target CRS) and size in pixels.
struct OutputGrid {
    std::array<double, 6> gt{};
    int width = 0;
    int height = 0;
};

/// The scan's bands as the warp takes them: colour bands, the alpha band (0: none), the data type.
struct SourceBands {
    int dataBands = 0;
    int srcAlpha = 0;
    GDALDataType type = GDT_Unknown;
};

SourceBands sourceBandsOf(GDALDatasetH src)
{
    SourceBands bands;
    const int colourBands = GDALGetRasterCount(src);
    for (int b = 1; b <= colourBands; ++b)
        if (GDALGetRasterColorInterpretation(GDALGetRasterBand(src, b)) == GCI_AlphaBand)
            bands.srcAlpha = b;
    bands.dataBands = bands.srcAlpha ? colourBands - 1 : colourBands;
    bands.type = GDALGetRasterDataType(GDALGetRasterBand(src, 1));
    return bands;
}

/// The enabled GCPs in the target CRS, as GDAL's (for the methods GDAL refits during the warp: poly2, poly3,
/// tps), and our fit of them, whose map->pixel direction is the exact inverse of its forward direction
/// (GDAL's GCP/TPS transformers fit the reverse separately, so a GCP would not land on its map point).
struct TargetGcps {
    std::vector<std::string> ids; ///< what the GDAL_GCPs' id and info point at
    std::vector<GDAL_GCP> gcps;
    std::shared_ptr<const GcpTransform> exactFit;
};

void fitGcpsInTarget(const core::Georeference& geo, const std::string& scanName, TargetGcps& target)
{
    auto& ids = target.ids;
    auto& gcps = target.gcps;
    std::vector<core::Coordinate> map;
    std::vector<core::Gcp> enabled;
    for (const auto& g : geo.gcps)
        if (g.enabled) {
            enabled.push_back(g);
            map.push_back({g.mapX, g.mapY});
        }
    if (!geo.gcpCrs.empty() && geo.gcpCrs != geo.crs)
        map = transformPoints(geo.gcpCrs, geo.crs, map, scanName);
    for (std::size_t i = 0; i < enabled.size(); ++i)
        ids.push_back(std::to_string(enabled[i].id));
    for (std::size_t i = 0; i < enabled.size(); ++i)
        gcps.push_back(GDAL_GCP{ids[i].data(), ids[i].data(), enabled[i].pixel, enabled[i].line, map[i].x, map[i].y, 0.0});
    std::vector<FitPoint> points;
    for (std::size_t i = 0; i < enabled.size(); ++i)
        points.push_back({enabled[i].id, enabled[i].pixel, enabled[i].line, map[i].x, map[i].y, true});
    target.exactFit = std::make_shared<const GcpTransform>(points, geo.method, scanName);
}

/// A VRT over the scan, which carries the georeference without touching the scan; a palette becomes RGB(A).
Dataset warpSource(GDALDatasetH scan, const GdalErrorScope& errors, const std::string& scanName)
{
    Dataset source;
    StringList args;
    args.list = CSLAddString(args.list, "-of");
    args.list = CSLAddString(args.list, "VRT");
    GDALRasterBandH first = GDALGetRasterBand(scan, 1);
    if (first && GDALGetRasterColorTable(first)) {
        args.list = CSLAddString(args.list, "-expand");
        args.list = CSLAddString(args.list, "rgba");
    }
    GDALTranslateOptions* options
        = gdal::requireOptions(GDALTranslateOptionsNew(args.list, nullptr), errors, scanName, "gdal_translate");
    source.reset(GDALTranslate("", scan, options, nullptr));
    GDALTranslateOptionsFree(options);
    if (!source)
        errors.raise(scanName, "", _("cannot prepare the scan for warping"));
    return source;
}

/// The output grid: GDAL's suggested resolution; bounds from every pixel step along the scan's edges.
/// Throws where the fit gives no usable grid.
OutputGrid outputGrid(const WarpRequest& request, GDALDatasetH src, const std::shared_ptr<const InverseMesh>& exactMesh,
    char** transformOptions, const GdalErrorScope& errors)
{
    const std::string scanName = request.scan.string();
    const core::Georeference& geo = request.georeference;
    const bool exactFit = exactMesh != nullptr;
    OutputGrid grid;
    std::array<double, 6>& gt = grid.gt;
    int& width = grid.width;
    int& height = grid.height;
    Transformer t(exactFit ? detail::createExactGcpTransformer(exactMesh, nullptr)
                           : GDALCreateGenImgProjTransformer2(src, nullptr, transformOptions));
    if (!t)
        errors.raise(scanName, "georeference", core::i18n::format(_("GDAL cannot build the transform to {1}"), {geo.crs}));
    const GDALTransformerFunc function = exactFit ? detail::exactGcpTransform : GDALGenImgProjTransform;
    double extent[4] = {};
    if (GDALSuggestedWarpOutput2(src, function, t.get(), gt.data(), &width, &height, extent, 0) != CE_None)
        errors.raise(scanName, "georeference", _("GDAL cannot compute the output bounds"));
    const int w = GDALGetRasterXSize(src), h = GDALGetRasterYSize(src);
    std::vector<double> xs, ys;
    const int stepsX = std::min(w, 4096), stepsY = std::min(h, 4096);
    for (int i = 0; i <= stepsX; ++i) {
        const double p = static_cast<double>(w) * i / stepsX;
        xs.insert(xs.end(), {p, p});
        ys.insert(ys.end(), {0.0, static_cast<double>(h)});
    }
    for (int i = 0; i <= stepsY; ++i) {
        const double l = static_cast<double>(h) * i / stepsY;
        xs.insert(xs.end(), {0.0, static_cast<double>(w)});
        ys.insert(ys.end(), {l, l});
    }
    std::vector<double> zs(xs.size(), 0.0);
    std::vector<int> ok(xs.size(), FALSE);
    function(t.get(), FALSE, static_cast<int>(xs.size()), xs.data(), ys.data(), zs.data(), ok.data());
    double minX = extent[0], minY = extent[1], maxX = extent[2], maxY = extent[3];
    for (std::size_t i = 0; i < xs.size(); ++i)
        if (ok[i] && std::isfinite(xs[i]) && std::isfinite(ys[i])) {
            minX = std::min(minX, xs[i]);
            maxX = std::max(maxX, xs[i]);
            minY = std::min(minY, ys[i]);
            maxY = std::max(maxY, ys[i]);
        }
    const double resolution = gt[1];
    if (!(resolution > 0.0) || !std::isfinite(resolution))
        throw core::util::OperationError(scanName, _("georeference"), _("the fitted transform gives no usable output resolution"));
    width = static_cast<int>(std::ceil((maxX - minX) / resolution - 1e-9));
    height = static_cast<int>(std::ceil((maxY - minY) / resolution - 1e-9));
    if (width <= 0 || height <= 0 || static_cast<double>(width) * height > 4e10)
        throw core::util::OperationError(scanName, _("georeference"),
            core::i18n::format(_("the warped output would be {1} x {2} pixels: check the GCPs"),
                {std::to_string(width), std::to_string(height)}));
    gt = {minX, resolution, 0.0, maxY, 0.0, -resolution};
    return grid;
}

/// The GeoTIFF to warp into, at `path`: the scan's colour bands (their colour interpretation the scan's) and
/// an alpha band, tiled and compressed as `request` says, on the output grid in the CRS `wkt`.
Dataset createOutput(const WarpRequest& request, const std::filesystem::path& path, GDALDatasetH src, const OutputGrid& grid,
    const SourceBands& bands, const std::string& wkt, const GdalErrorScope& errors)
{
    const std::string outName = request.output.string();
    const int dataBands = bands.dataBands, srcAlpha = bands.srcAlpha;
    GDALDriverH gtiff = GDALGetDriverByName("GTiff");
    StringList create;
    create.set("TILED", "YES");
    create.set("COMPRESS", request.compression.empty() ? "NONE" : request.compression);
    // Threads compress tiles; uncompressed there is nothing for them to do, and GDAL 3.6's GTiff would
    // still use them to decode blocks later (see the overviews below).
    if (!request.compression.empty() && request.compression != "NONE")
        create.set("NUM_THREADS", "ALL_CPUS");
    create.set("BIGTIFF", "IF_SAFER");
    create.set("ALPHA", "YES");
    if (dataBands == 3)
        create.set("PHOTOMETRIC", "RGB");
    Dataset out(GDALCreate(gtiff, path.c_str(), grid.width, grid.height, dataBands + 1, bands.type, create.list));
    if (!out)
        errors.raise(outName, "", _("cannot create the GeoTIFF"));
    std::array<double, 6> gt = grid.gt; // GDAL 3.6 takes it non-const
    GDALSetGeoTransform(out.get(), gt.data());
    GDALSetProjection(out.get(), wkt.c_str());
    for (int b = 1; b <= dataBands; ++b)
        GDALSetRasterColorInterpretation(GDALGetRasterBand(out.get(), b),
            GDALGetRasterColorInterpretation(GDALGetRasterBand(src, b == srcAlpha ? b + 1 : b)));
    GDALSetRasterColorInterpretation(GDALGetRasterBand(out.get(), dataBands + 1), GCI_AlphaBand);
    return out;
}

/// Warps the scan (`src`) into `out` on `grid`: through the exact inverse of our fit where there is one
/// (`exactMesh`), else GDAL's transformer (`transformOptions`); each within 1/8 px, on all cores.
void warpInto(const WarpRequest& request, GDALResampleAlg resampling, GDALDatasetH src, GDALDatasetH out,
    const std::shared_ptr<const InverseMesh>& exactMesh, char** transformOptions, const OutputGrid& grid, const SourceBands& bands,
    const GdalErrorScope& errors)
{
    const std::string scanName = request.scan.string();
    const std::string outName = request.output.string();
    const core::Georeference& geo = request.georeference;
    const bool exactFit = exactMesh != nullptr;
    const int dataBands = bands.dataBands, srcAlpha = bands.srcAlpha;
    const GDALDataType type = bands.type;
    // gdalwarp's default: interpolate the exact transform where it is within 1/8 pixel (for the exact
    // inverse, not where the fit may fold).
    Transformer approx;
    if (exactMesh) {
        approx.reset(detail::createFoldAwareTransformer(exactMesh, grid.gt.data(), 0.125));
    } else {
        Transformer genImg(GDALCreateGenImgProjTransformer2(src, out, transformOptions));
        if (genImg) {
            approx.reset(GDALCreateApproxTransformer(GDALGenImgProjTransform, genImg.get(), 0.125));
            GDALApproxTransformerOwnsSubtransformer(approx.get(), TRUE);
            genImg.release();
        }
    }
    if (!approx)
        errors.raise(scanName, "georeference", core::i18n::format(_("GDAL cannot build the transform to {1}"), {geo.crs}));

    gdal::ProgressRange warpProgress{&request.progress, 0.0, 0.85, N_("warping"), false};
    GDALWarpOptions* options = GDALCreateWarpOptions();
    options->hSrcDS = src;
    options->hDstDS = out;
    options->nBandCount = dataBands;
    options->panSrcBands = static_cast<int*>(CPLMalloc(sizeof(int) * static_cast<std::size_t>(dataBands)));
    options->panDstBands = static_cast<int*>(CPLMalloc(sizeof(int) * static_cast<std::size_t>(dataBands)));
    for (int b = 0, s = 1; b < dataBands; ++b, ++s) {
        if (s == srcAlpha)
            ++s;
        options->panSrcBands[b] = s;
        options->panDstBands[b] = b + 1;
    }
    options->nSrcAlphaBand = srcAlpha;
    options->nDstAlphaBand = dataBands + 1;
    options->eResampleAlg = resampling;
    options->eWorkingDataType = type;
    // Affine fits: GDAL's default warp memory (64 MB), as gdalwarp's: the chunks, and with them the rows
    // along which the approximate transformer interpolates, are then gdalwarp's, so the warp gives
    // gdalwarp's very pixels (with 256 MB, 0.3 % of the 20000 x 20000 bench scan's pixels differed by up
    // to 11). poly2/poly3/tps go through our exact inverse, whose Newton steps cost more per call: larger
    // chunks need fewer of them (TPS on that scan: 1.52x gdalwarp's time with 64 MB, 0.93x with 256 MB).
    options->dfWarpMemoryLimit = exactFit ? 256.0 * 1024 * 1024 : 0.0;
    options->pfnTransformer = exactMesh ? detail::foldAwareGcpTransform : GDALApproxTransform;
    options->pTransformerArg = approx.get();
    options->pfnProgress = gdal::forwardProgress;
    options->pProgressArg = &warpProgress;
    options->papszWarpOptions = CSLSetNameValue(options->papszWarpOptions, "NUM_THREADS", "ALL_CPUS");
    options->papszWarpOptions = CSLSetNameValue(options->papszWarpOptions, "INIT_DEST", "0");
    // A chunk of the output with no scan pixel under it (a corner a bending fit leaves empty) is skipped,
    // not an error: GDAL 3.6 reports it as a failure ("Too many points failed to transform") otherwise.
    options->papszWarpOptions = CSLSetNameValue(options->papszWarpOptions, "ERROR_OUT_IF_EMPTY_SOURCE_WINDOW", "FALSE");
    if (exactFit) {
        // A spline through uneven GCPs may fold: the scan pixels a chunk needs are then not all inside
        // the box of where its edges come from. A grid of samples over the chunk, and a margin.
        options->papszWarpOptions = CSLSetNameValue(options->papszWarpOptions, "SAMPLE_GRID", "YES");
        options->papszWarpOptions = CSLSetNameValue(options->papszWarpOptions, "SOURCE_EXTRA", "8");
    }
    GDALWarpOperationH operation = GDALCreateWarpOperation(options);
    CPLErr status = CE_Failure;
    if (operation) {
        status = GDALChunkAndWarpMulti(operation, 0, 0, grid.width, grid.height);
        GDALDestroyWarpOperation(operation);
    }
    options->pTransformerArg = nullptr; // owned by `approx`
    GDALDestroyWarpOptions(options);
    if (warpProgress.cancelled)
        throw core::util::Cancelled{};
    if (!operation || status != CE_None) {
        // A failure to read the scan (a JPEG cut short, or too large for libjpeg's memory limit) is the scan's,
        // not the GeoTIFF's (issue 43 item 5: the error named out.tif).
        const std::string& why = errors.lastFailure();
        if (why.find("IReadBlock") != std::string::npos || why.find("libjpeg") != std::string::npos
            || why.find("JPEG") != std::string::npos || why.find(scanName) != std::string::npos)
            errors.raise(scanName, _("image"),
                _("the scan could not be read while warping (a file cut short, or a JPEG too large for libjpeg's memory: "
                  "convert it to a tiled GeoTIFF first, gdal_translate -of GTiff -co TILED=YES SCAN.jpg SCAN.tif)"));
        errors.raise(outName, "", _("warping failed"));
    }
}

/// Internal overviews (AVERAGE, by 2, 4, ... down to ~256 px) unless the request says none; `out` is reopened
/// from `path` for them. The number of levels built.
int buildOverviews(const WarpRequest& request, Dataset& out, const std::filesystem::path& path, const OutputGrid& grid,
    const GdalErrorScope& errors)
{
    const std::string outName = request.output.string();
    const int width = grid.width, height = grid.height;
    std::vector<int> levels;
    for (int level = 2; request.buildOverviews && std::max(width, height) / level >= 256; level *= 2)
        levels.push_back(level);
    if (!levels.empty()) {
        // Overviews single-threaded, from the file reopened without GTiff's worker threads. GDAL 3.6
        // deadlocks otherwise when the block cache is small (GDAL_CACHEMAX=16, a 2000 x 15000 scan: about
        // 1 run in 5 hung for good): the main thread waits in GTiff's multi-threaded block decoding
        // (CPLJobQueue::WaitCompletion under GDALRegenerateOverviewsMultiBand), a worker flushing a dirty
        // block out of the full cache waits for the same queue, and another worker waits for the mutex
        // that one holds. Without the queue no thread waits on another; AVERAGE overviews of an
        // uncompressed tiff cost little on one thread.
        GDALFlushCache(out.get());
        out.reset();
        if (!errors.lastFailure().empty())
            errors.raise(outName, "", _("cannot write the GeoTIFF"));
        const char* openOptions[] = {"NUM_THREADS=1", nullptr};
        out.reset(GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_UPDATE, nullptr, openOptions, nullptr));
        if (!out)
            errors.raise(outName, "overviews", _("cannot reopen the GeoTIFF to build its overviews"));
        gdal::ProgressRange overviewProgress{&request.progress, 0.85, 1.0, N_("building overviews"), false};
        const std::string previousThreads = CPLGetThreadLocalConfigOption("GDAL_NUM_THREADS", "");
        CPLSetThreadLocalConfigOption("GDAL_NUM_THREADS", "1");
        const CPLErr built = GDALBuildOverviews(out.get(), "AVERAGE", static_cast<int>(levels.size()), levels.data(),
            0, nullptr, gdal::forwardProgress, &overviewProgress);
        CPLSetThreadLocalConfigOption("GDAL_NUM_THREADS", previousThreads.empty() ? nullptr : previousThreads.c_str());
        if (overviewProgress.cancelled)
            throw core::util::Cancelled{};
        if (built != CE_None)
            errors.raise(outName, "overviews", _("cannot build overviews"));
    }
    return static_cast<int>(levels.size());
}

} // namespace

WarpResult warpToGeoTiff(const WarpRequest& request)
{
    const std::string scanName = request.scan.string();
    const std::string outName = request.output.string();
    const core::Georeference& geo = request.georeference;
    const GDALResampleAlg resampling = resamplingOf(request.resampling, outName);
    const CrsDescription target = describeCrs(geo.crs, outName);
    if (usesGeotransform(geo.method) && geo.transform.size() != 6)
        throw core::util::OperationError(scanName, _("georeference"), core::i18n::format(_("the fitted transform needs 6 numbers for {1}"), {core::toString(geo.method)}));

    // GCPs in the target CRS for the methods GDAL refits during the warp, and our exact fit of them.
    TargetGcps gcps;
    if (!usesGeotransform(geo.method))
        fitGcpsInTarget(geo, scanName, gcps);
    const std::shared_ptr<const GcpTransform>& exactFit = gcps.exactFit;

    Dataset scan = gdal::openRaster(request.scan);
    GdalErrorScope errors;
    Dataset source = warpSource(scan.get(), errors, scanName);
    GDALDatasetH src = source.get();
    if (usesGeotransform(geo.method)) {
        std::array<double, 6> gt{};
        std::copy(geo.transform.begin(), geo.transform.end(), gt.begin());
        GDALSetGeoTransform(src, gt.data());
        GDALSetProjection(src, target.wkt.c_str());
    } else {
        gdal::Srs srs = gdal::makeSrs(geo.crs, outName);
        GDALSetGCPs2(src, static_cast<int>(gcps.gcps.size()), gcps.gcps.data(), srs.get());
    }

    // The exact inverse at many points: located on a mesh of the forward fit, refined on the fit itself.
    std::shared_ptr<const InverseMesh> exactMesh;
    if (exactFit)
        exactMesh = std::make_shared<const InverseMesh>(exactFit, GDALGetRasterXSize(src), GDALGetRasterYSize(src));

    StringList transformOptions;
    transformOptions.set("DST_SRS", target.wkt);
    if (geo.method == core::GeoreferenceMethod::Poly2 || geo.method == core::GeoreferenceMethod::Poly3) {
        transformOptions.set("METHOD", "GCP_POLYNOMIAL");
        transformOptions.set("MAX_GCP_ORDER", geo.method == core::GeoreferenceMethod::Poly2 ? "2" : "3");
    } else if (geo.method == core::GeoreferenceMethod::Tps) {
        transformOptions.set("METHOD", "GCP_TPS");
    } else {
        transformOptions.set("METHOD", "GEOTRANSFORM");
    }

    const OutputGrid grid = outputGrid(request, src, exactMesh, transformOptions.list, errors);
    const SourceBands bands = sourceBandsOf(src);

    core::io::AtomicFile file(request.output);
    WarpResult result;
    {
        const BlockCacheBound cacheBound(kWarpBlockCacheBytes); // the warp and the overviews
        Dataset out = createOutput(request, file.temporaryPath(), src, grid, bands, target.wkt, errors);
        warpInto(request, resampling, src, out.get(), exactMesh, transformOptions.list, grid, bands, errors);
        result.overviewLevels = buildOverviews(request, out, file.temporaryPath(), grid, errors);
        errors.clear();
        GDALFlushCache(out.get());
        out.reset();
        if (!errors.lastFailure().empty())
            errors.raise(outName, "", _("cannot write the GeoTIFF"));
    }
    file.commit();
    core::util::reportProgress(request.progress, 1.0, N_("written"));
    result.path = outName;
    result.width = grid.width;
    result.height = grid.height;
    result.bands = bands.dataBands + 1;
    result.geotransform = grid.gt;
    result.crs = geo.crs;
    return result;
}

} // namespace sandtable::geo
