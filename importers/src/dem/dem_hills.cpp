// SPDX-License-Identifier: GPL-3.0-or-later
// Hills from a DEM: Terrarium mosaic in memory, GDALWarp to the working CRS, GDALContourGenerateEx
// (FIXED_LEVELS, POLYGONIZE) into bands, bands at or above each level united into hills (core geometry),
// ridgelines from the highest cells along each hill's principal axis.
#include "sandtable/importers/dem_hills.hpp"
#include "sandtable/core/document/bulk_operations.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/geometry/terrain_cleanup.hpp"
#include "sandtable/geo/crs.hpp"

#include <cpl_conv.h>
#include <cpl_string.h>
#include <gdal_alg.h>
#include <gdal_utils.h>
#include <ogr_api.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>

namespace sandtable::importers {
using geo::gdal::Dataset;
using geo::gdal::GdalErrorScope;

namespace {

constexpr double kMercatorHalf = 20037508.342789244; // EPSG:3857 half world width, metres
constexpr float kNoData = std::numeric_limits<float>::quiet_NaN();

float terrarium(std::uint8_t r, std::uint8_t g, std::uint8_t b)
{
    return static_cast<float>(r * 256.0 + g + b / 256.0 - 32768.0);
}

Dataset memDataset(int width, int height)
{
    GDALDriverH mem = GDALGetDriverByName("MEM");
    Dataset out(GDALCreate(mem, "", width, height, 1, GDT_Float32, nullptr));
    if (!out)
        throw core::util::OperationError("", "DEM", core::i18n::format(_("GDAL could not allocate a {1} x {2} elevation raster"),
            {std::to_string(width), std::to_string(height)}));
    GDALSetRasterNoDataValue(GDALGetRasterBand(out.get(), 1), static_cast<double>(kNoData));
    return out;
}

void setSrs(GDALDatasetH ds, const std::string& text)
{
    geo::gdal::Srs srs = geo::gdal::makeSrs(text, "DEM");
    char* wkt = nullptr;
    OSRExportToWkt(srs.get(), &wkt);
    GDALSetProjection(ds, wkt);
    CPLFree(wkt);
}

// Terrarium tiles t_Z_X_Y.png of one zoom mosaicked into a Float32 EPSG:3857 raster.
Dataset mosaicTiles(const std::filesystem::path& folder, GdalErrorScope& errors)
{
    static const std::regex name(R"(t_(\d+)_(\d+)_(\d+)\.png)");
    struct Tile {
        int x, y;
        std::filesystem::path path;
    };
    std::vector<Tile> tiles;
    int zoom = -1;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
        std::smatch m;
        const std::string file = entry.path().filename().string();
        if (!std::regex_match(file, m, name))
            continue;
        const int z = std::stoi(m[1]);
        if (zoom >= 0 && z != zoom)
            throw core::util::FormatError(folder.string(), _("DEM tiles"),
                core::i18n::format(_("tiles of zoom {1} and {2} mixed; keep one zoom per folder"),
                    {std::to_string(zoom), std::to_string(z)}));
        zoom = z;
        tiles.push_back({std::stoi(m[2]), std::stoi(m[3]), entry.path()});
    }
    if (ec)
        throw core::util::IoError(folder.string(), _("DEM folder"), ec.message());
    if (tiles.empty())
        throw core::util::FormatError(folder.string(), _("DEM folder"), _("no Terrarium tiles named t_Z_X_Y.png"));
    int minX = tiles[0].x, maxX = minX, minY = tiles[0].y, maxY = minY;
    for (const Tile& t : tiles) {
        minX = std::min(minX, t.x), maxX = std::max(maxX, t.x);
        minY = std::min(minY, t.y), maxY = std::max(maxY, t.y);
    }
    int tileSize = 0;
    std::vector<float> values;
    Dataset out;
    for (const Tile& t : tiles) {
        Dataset png = geo::gdal::openRaster(t.path);
        const int w = GDALGetRasterXSize(png.get()), h = GDALGetRasterYSize(png.get());
        if (w != h || GDALGetRasterCount(png.get()) < 3)
            throw core::util::FormatError(t.path.string(), _("tile"), _("not a square RGB Terrarium tile"));
        if (tileSize == 0) {
            tileSize = w;
            const long long width = static_cast<long long>(maxX - minX + 1) * tileSize;
            const long long height = static_cast<long long>(maxY - minY + 1) * tileSize;
            if (width * height > (std::int64_t{64} << 20))
                throw core::util::OperationError(folder.string(), _("DEM tiles"), _("the mosaic would exceed 64 Mpx"));
            out = memDataset(static_cast<int>(width), static_cast<int>(height));
            values.assign(static_cast<std::size_t>(width * height), kNoData);
        } else if (w != tileSize) {
            throw core::util::FormatError(t.path.string(), _("tile"), _("its size differs from the other tiles'"));
        }
        std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3);
        int bands[] = {1, 2, 3};
        if (GDALDatasetRasterIO(png.get(), GF_Read, 0, 0, w, h, rgb.data(), w, h, GDT_Byte, 3, bands, 3, 3 * w, 1) != CE_None)
            errors.raise(t.path.string(), "tile", _("GDAL could not read the tile"));
        const std::size_t stride = static_cast<std::size_t>(maxX - minX + 1) * static_cast<std::size_t>(tileSize);
        for (int row = 0; row < h; ++row)
            for (int col = 0; col < w; ++col) {
                const std::size_t src = (static_cast<std::size_t>(row) * static_cast<std::size_t>(w) + static_cast<std::size_t>(col)) * 3;
                const std::size_t dst = (static_cast<std::size_t>(t.y - minY) * static_cast<std::size_t>(tileSize) + static_cast<std::size_t>(row)) * stride
                    + static_cast<std::size_t>(t.x - minX) * static_cast<std::size_t>(tileSize) + static_cast<std::size_t>(col);
                values[dst] = terrarium(rgb[src], rgb[src + 1], rgb[src + 2]);
            }
    }
    const int width = GDALGetRasterXSize(out.get()), height = GDALGetRasterYSize(out.get());
    if (GDALRasterIO(GDALGetRasterBand(out.get(), 1), GF_Write, 0, 0, width, height, values.data(), width, height, GDT_Float32, 0, 0) != CE_None)
        errors.raise(folder.string(), "DEM mosaic", _("GDAL could not write the mosaic"));
    const double tileMetres = 2.0 * kMercatorHalf / std::ldexp(1.0, zoom);
    double gt[6] = {-kMercatorHalf + minX * tileMetres, tileMetres / tileSize, 0.0, kMercatorHalf - minY * tileMetres, 0.0,
        -tileMetres / tileSize};
    GDALSetGeoTransform(out.get(), gt);
    setSrs(out.get(), "EPSG:3857");
    return out;
}

// A georeferenced raster as a Float32 elevation dataset (Terrarium decoded when it has 3+ Byte bands).
Dataset elevationRaster(const std::filesystem::path& file, GdalErrorScope& errors)
{
    Dataset source = geo::gdal::openRaster(file);
    const int w = GDALGetRasterXSize(source.get()), h = GDALGetRasterYSize(source.get());
    double gt[6];
    const char* projection = GDALGetProjectionRef(source.get());
    if (GDALGetGeoTransform(source.get(), gt) != CE_None || !projection || !*projection)
        throw core::util::OperationError(file.string(), "DEM", _("the raster has no georeferencing (geotransform and CRS)"));
    if (static_cast<long long>(w) * h > (std::int64_t{64} << 20))
        throw core::util::OperationError(file.string(), "DEM", _("the raster exceeds 64 Mpx"));
    Dataset out = memDataset(w, h);
    std::vector<float> values(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    GDALRasterBandH first = GDALGetRasterBand(source.get(), 1);
    if (GDALGetRasterCount(source.get()) >= 3 && GDALGetRasterDataType(first) == GDT_Byte) {
        std::vector<std::uint8_t> rgb(values.size() * 3);
        int bands[] = {1, 2, 3};
        if (GDALDatasetRasterIO(source.get(), GF_Read, 0, 0, w, h, rgb.data(), w, h, GDT_Byte, 3, bands, 3, 3 * w, 1) != CE_None)
            errors.raise(file.string(), "DEM", _("GDAL could not read the raster"));
        for (std::size_t i = 0; i < values.size(); ++i)
            values[i] = terrarium(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]);
    } else {
        if (GDALRasterIO(first, GF_Read, 0, 0, w, h, values.data(), w, h, GDT_Float32, 0, 0) != CE_None)
            errors.raise(file.string(), "DEM", _("GDAL could not read the raster"));
        int hasNoData = FALSE;
        const double noData = GDALGetRasterNoDataValue(first, &hasNoData);
        if (hasNoData)
            for (float& v : values)
                if (static_cast<double>(v) == noData)
                    v = kNoData;
    }
    if (GDALRasterIO(GDALGetRasterBand(out.get(), 1), GF_Write, 0, 0, w, h, values.data(), w, h, GDT_Float32, 0, 0) != CE_None)
        errors.raise(file.string(), "DEM", _("GDAL could not copy the raster"));
    GDALSetGeoTransform(out.get(), gt);
    GDALSetProjection(out.get(), projection);
    return out;
}

// Point in polygon (even-odd over all rings of all parts), model geometry in metres.
bool inside(const core::Geometry& polygon, double x, double y)
{
    bool in = false;
    for (const auto& part : polygon.parts)
        for (const auto& ring : part)
            for (std::size_t i = 0, j = ring.empty() ? 0 : ring.size() - 1; i < ring.size(); j = i++) {
                const auto& a = ring[i];
                const auto& b = ring[j];
                if ((a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x)
                    in = !in;
            }
    return in;
}

double segmentDistance(core::Coordinate p, core::Coordinate a, core::Coordinate b)
{
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

void douglasPeucker(const std::vector<core::Coordinate>& in, std::size_t first, std::size_t last, double tolerance,
    std::vector<bool>& keep)
{
    if (last <= first + 1)
        return;
    double worst = -1.0;
    std::size_t at = first;
    for (std::size_t i = first + 1; i < last; ++i) {
        const double d = segmentDistance(in[i], in[first], in[last]);
        if (d > worst)
            worst = d, at = i;
    }
    if (worst > tolerance) {
        keep[at] = true;
        douglasPeucker(in, first, at, tolerance, keep);
        douglasPeucker(in, at, last, tolerance, keep);
    }
}

struct Ridge {
    std::vector<core::Coordinate> line;
    double summit = std::numeric_limits<double>::quiet_NaN();
    core::Coordinate summitAt;
};

Ridge ridgeOf(const core::Geometry& hill, const ElevationGrid& grid, double simplify)
{
    Ridge out;
    const auto& gt = grid.geotransform;
    const double cell = std::abs(gt[1]);
    double minX = std::numeric_limits<double>::max(), maxX = -minX, minY = minX, maxY = -minX;
    for (const auto& part : hill.parts)
        for (const auto& c : part.front())
            minX = std::min(minX, c.x), maxX = std::max(maxX, c.x), minY = std::min(minY, c.y), maxY = std::max(maxY, c.y);
    const int c0 = std::max(0, static_cast<int>(std::floor((minX - gt[0]) / gt[1])));
    const int c1 = std::min(grid.width - 1, static_cast<int>(std::ceil((maxX - gt[0]) / gt[1])));
    const int r0 = std::max(0, static_cast<int>(std::floor((maxY - gt[3]) / gt[5])));
    const int r1 = std::min(grid.height - 1, static_cast<int>(std::ceil((minY - gt[3]) / gt[5])));
    struct Cell {
        double x, y, z;
    };
    std::vector<Cell> cells;
    for (int r = r0; r <= r1; ++r)
        for (int c = c0; c <= c1; ++c) {
            const double x = gt[0] + (c + 0.5) * gt[1], y = gt[3] + (r + 0.5) * gt[5];
            const float z = grid.values[static_cast<std::size_t>(r) * static_cast<std::size_t>(grid.width) + static_cast<std::size_t>(c)];
            if (!std::isnan(z) && inside(hill, x, y))
                cells.push_back({x, y, static_cast<double>(z)});
        }
    if (cells.empty())
        return out;
    // Principal axis of the cells (covariance eigenvector of the largest eigenvalue).
    double mx = 0, my = 0;
    for (const Cell& c : cells)
        mx += c.x, my += c.y;
    mx /= static_cast<double>(cells.size()), my /= static_cast<double>(cells.size());
    double sxx = 0, syy = 0, sxy = 0;
    const Cell* top = &cells.front();
    for (const Cell& c : cells) {
        sxx += (c.x - mx) * (c.x - mx), syy += (c.y - my) * (c.y - my), sxy += (c.x - mx) * (c.y - my);
        if (c.z > top->z)
            top = &c;
    }
    out.summit = top->z;
    out.summitAt = {top->x, top->y};
    const double angle = 0.5 * std::atan2(2.0 * sxy, sxx - syy);
    const double ux = std::cos(angle), uy = std::sin(angle);
    double lo = std::numeric_limits<double>::max(), hi = -lo;
    for (const Cell& c : cells) {
        const double t = (c.x - mx) * ux + (c.y - my) * uy;
        lo = std::min(lo, t), hi = std::max(hi, t);
    }
    const double sliceWidth = std::max(2.0 * cell, (hi - lo) / 20.0);
    const auto slices = static_cast<std::size_t>(std::floor((hi - lo) / sliceWidth)) + 1;
    std::vector<const Cell*> best(slices, nullptr);
    for (const Cell& c : cells) {
        const double t = (c.x - mx) * ux + (c.y - my) * uy;
        const auto s = std::min(slices - 1, static_cast<std::size_t>((t - lo) / sliceWidth));
        if (!best[s] || c.z > best[s]->z)
            best[s] = &c;
    }
    std::vector<core::Coordinate> raw;
    for (const Cell* c : best)
        if (c)
            raw.push_back({c->x, c->y});
    if (raw.size() < 2) {
        raw = {{top->x - ux * cell, top->y - uy * cell}, {top->x + ux * cell, top->y + uy * cell}};
    }
    std::vector<bool> keep(raw.size(), false);
    keep.front() = keep.back() = true;
    douglasPeucker(raw, 0, raw.size() - 1, std::max(simplify, cell), keep);
    for (std::size_t i = 0; i < raw.size(); ++i)
        if (keep[i])
            out.line.push_back(raw[i]);
    return out;
}

} // namespace

double ElevationGrid::at(core::Coordinate point) const
{
    if (width <= 0 || height <= 0 || geotransform[1] == 0.0 || geotransform[5] == 0.0)
        return std::numeric_limits<double>::quiet_NaN();
    const double col = std::floor((point.x - geotransform[0]) / geotransform[1]);
    const double row = std::floor((point.y - geotransform[3]) / geotransform[5]);
    if (col < 0 || row < 0 || col >= width || row >= height)
        return std::numeric_limits<double>::quiet_NaN();
    return values[static_cast<std::size_t>(row) * static_cast<std::size_t>(width) + static_cast<std::size_t>(col)];
}

ElevationGrid readDem(const std::filesystem::path& dem, const std::string& crs, double resolution,
    const core::util::ProgressCallback& progress)
{
    if (!(resolution >= 0.0) || !std::isfinite(resolution))
        throw std::invalid_argument(_("DEM resolution must be a finite number >= 0"));
    geo::gdal::ensureGdalRegistered();
    GdalErrorScope errors;
    std::error_code ec;
    if (!std::filesystem::exists(dem, ec))
        throw core::util::IoError(dem.string(), "DEM", _("no such file or folder"));
    core::util::reportProgress(progress, 0.0, N_("reading the DEM"));
    Dataset source = std::filesystem::is_directory(dem, ec) ? mosaicTiles(dem, errors) : elevationRaster(dem, errors);
    core::util::reportProgress(progress, 0.3, N_("reprojecting the DEM"));
    std::vector<std::string> args = {"-of", "MEM", "-t_srs", crs, "-r", "bilinear", "-ot", "Float32", "-dstnodata", "nan"};
    if (resolution > 0.0) {
        args.insert(args.end(), {"-tr", geo::gdal::formatNumber(resolution), geo::gdal::formatNumber(resolution)});
    }
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    GDALWarpAppOptions* options = GDALWarpAppOptionsNew(argv.data(), nullptr);
    if (!options)
        errors.raise(dem.string(), "warp", core::i18n::format(_("GDAL refused the warp options (CRS '{1}'?)"), {crs}));
    geo::gdal::ProgressRange range{&progress, 0.3, 0.6, N_("reprojecting the DEM")};
    if (progress)
        GDALWarpAppOptionsSetProgress(options, geo::gdal::forwardProgress, &range);
    GDALDatasetH inputs[] = {source.get()};
    int usageError = FALSE;
    Dataset warped(GDALWarp("", nullptr, 1, inputs, options, &usageError));
    GDALWarpAppOptionsFree(options);
    if (range.cancelled)
        throw core::util::Cancelled{};
    if (!warped)
        errors.raise(dem.string(), "warp", core::i18n::format(_("GDAL could not reproject the DEM to {1}"), {crs}));
    ElevationGrid grid;
    grid.crs = crs;
    grid.width = GDALGetRasterXSize(warped.get());
    grid.height = GDALGetRasterYSize(warped.get());
    GDALGetGeoTransform(warped.get(), grid.geotransform.data());
    grid.values.resize(static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.height));
    if (GDALRasterIO(GDALGetRasterBand(warped.get(), 1), GF_Read, 0, 0, grid.width, grid.height, grid.values.data(),
            grid.width, grid.height, GDT_Float32, 0, 0)
        != CE_None)
        errors.raise(dem.string(), "DEM", _("GDAL could not read the reprojected DEM"));
    return grid;
}

DemHillsResult hillsFromDem(const core::Scenario& scenario, const std::filesystem::path& dem,
    const DemHillsOptions& options, const core::util::ProgressCallback& progress)
{
    if (options.levels.empty())
        throw std::invalid_argument(_("give at least one contour level"));
    for (std::size_t i = 0; i < options.levels.size(); ++i) {
        if (!std::isfinite(options.levels[i]) || (i > 0 && !(options.levels[i] > options.levels[i - 1])))
            throw std::invalid_argument(_("contour levels must be finite and strictly increasing"));
    }
    if (!(options.simplify >= 0.0) || !(options.minArea >= 0.0) || !std::isfinite(options.simplify) || !std::isfinite(options.minArea))
        throw std::invalid_argument(_("simplify and min-area must be finite numbers >= 0"));
    DemHillsResult out;
    out.edit.label = "Hills from DEM";
    // What was made; core/document makes the change records (issue 42 item 2).
    std::optional<core::ScenarioSettings> settingsAfter;
    std::vector<core::TerrainFeature> madeHills;
    out.crs = scenario.settings.crs;
    geo::gdal::ensureGdalRegistered();
    if (out.crs.empty()) {
        // The UTM zone of the DEM's centre (docs/model.md: the working CRS is a projected metric CRS).
        const ElevationGrid wgs = readDem(dem, "EPSG:4326", 0.0);
        const auto& g = wgs.geotransform;
        out.crs = geo::utmCrsForCentre("EPSG:4326", {{g[0], g[3]}, {g[0] + wgs.width * g[1], g[3] + wgs.height * g[5]}}, dem.string());
        core::ScenarioSettings after = scenario.settings;
        after.crs = out.crs;
        settingsAfter = after;
    }
    const ElevationGrid grid = readDem(dem, out.crs, options.resolution,
        [&progress](double f, std::string_view what) { return !progress || progress(f * 0.5, what); });

    // Contour a copy where no-data is far below every level, so hills close along the DEM's edge.
    GdalErrorScope errors;
    Dataset mem = memDataset(grid.width, grid.height);
    GDALSetRasterNoDataValue(GDALGetRasterBand(mem.get(), 1), -1e9);
    std::vector<float> filled = grid.values;
    const float floorValue = static_cast<float>(options.levels.front() - 1000.0);
    for (float& v : filled)
        if (std::isnan(v))
            v = floorValue;
    if (GDALRasterIO(GDALGetRasterBand(mem.get(), 1), GF_Write, 0, 0, grid.width, grid.height, filled.data(), grid.width,
            grid.height, GDT_Float32, 0, 0)
        != CE_None)
        errors.raise(dem.string(), "DEM", _("GDAL could not copy the DEM for contouring"));
    double gt[6];
    std::copy(grid.geotransform.begin(), grid.geotransform.end(), gt);
    GDALSetGeoTransform(mem.get(), gt);

    GDALDriverH memory = GDALGetDriverByName("Memory");
    Dataset vectors(GDALCreate(memory, "contours", 0, 0, 0, GDT_Unknown, nullptr));
    if (!vectors)
        errors.raise(dem.string(), "contours", _("GDAL could not create a memory vector dataset"));
    OGRLayerH layer = GDALDatasetCreateLayer(vectors.get(), "bands", nullptr, wkbMultiPolygon, nullptr);
    OGRFieldDefnH id = OGR_Fld_Create("id", OFTInteger);
    OGRFieldDefnH low = OGR_Fld_Create("low", OFTReal);
    OGRFieldDefnH high = OGR_Fld_Create("high", OFTReal);
    OGR_L_CreateField(layer, id, TRUE);
    OGR_L_CreateField(layer, low, TRUE);
    OGR_L_CreateField(layer, high, TRUE);
    OGR_Fld_Destroy(id), OGR_Fld_Destroy(low), OGR_Fld_Destroy(high);
    std::string levels = "FIXED_LEVELS=";
    for (std::size_t i = 0; i < options.levels.size(); ++i)
        levels += (i ? "," : "") + geo::gdal::formatNumber(options.levels[i]);
    char** contourOptions = nullptr;
    contourOptions = CSLAddString(contourOptions, levels.c_str());
    contourOptions = CSLAddString(contourOptions, "POLYGONIZE=YES");
    contourOptions = CSLAddString(contourOptions, "ID_FIELD=0");
    contourOptions = CSLAddString(contourOptions, "ELEV_FIELD_MIN=1");
    contourOptions = CSLAddString(contourOptions, "ELEV_FIELD_MAX=2");
    geo::gdal::ProgressRange range{&progress, 0.5, 0.8, N_("contouring the DEM")};
    const CPLErr contoured = GDALContourGenerateEx(GDALGetRasterBand(mem.get(), 1), layer, contourOptions,
        progress ? geo::gdal::forwardProgress : nullptr, &range);
    CSLDestroy(contourOptions);
    if (range.cancelled)
        throw core::util::Cancelled{};
    if (contoured != CE_None)
        errors.raise(dem.string(), "contours", _("GDAL could not contour the DEM"));

    // Bands with their lower bound, as model geometries.
    std::vector<std::pair<double, core::Geometry>> bands;
    OGR_L_ResetReading(layer);
    while (OGRFeatureH f = OGR_L_GetNextFeature(layer)) {
        OGRGeometryH g = OGR_F_GetGeometryRef(f);
        if (g && !OGR_G_IsEmpty(g))
            bands.emplace_back(OGR_F_GetFieldAsDouble(f, 1), geo::gdal::toModelGeometry(g));
        OGR_F_Destroy(f);
    }

    std::set<std::string> taken;
    for (const auto& t : scenario.terrain)
        taken.insert(t.id.str());
    int next = 0;
    for (std::size_t k = 0; k < options.levels.size(); ++k) {
        core::util::reportProgress(progress, 0.8 + 0.2 * static_cast<double>(k) / static_cast<double>(options.levels.size()),
            core::i18n::format(_("building hills of level {1}"), {std::to_string(k + 1)}));
        const double level = options.levels[k];
        std::vector<core::Geometry> pieces;
        for (const auto& [lower, g] : bands)
            if (lower >= level - 1e-9)
                pieces.push_back(g);
        core::geometry::PolygonCleanupOptions clean;
        clean.simplify = options.simplify;
        clean.minArea = options.minArea;
        clean.holeArea = options.minArea;
        core::geometry::PolygonCleanup hills = core::geometry::cleanPolygons(pieces, clean);
        out.dropped += hills.droppedPolygons;
        out.droppedArea += hills.droppedArea;
        if (hills.polygons.empty())
            out.diagnostics.push_back({"hills.level.empty", core::validation::Severity::Warning, "/terrain",
                dem.string() + ": no hill of level " + std::to_string(k + 1) + " (ground at or above "
                    + geo::gdal::formatNumber(level) + " m)"});
        for (core::Geometry& polygon : hills.polygons) {
            const Ridge ridge = ridgeOf(polygon, grid, options.simplify);
            std::string fid;
            do
                fid = "hill-" + std::to_string(++next);
            while (taken.count(fid) > 0);
            taken.insert(fid);
            core::TerrainFeature hill;
            hill.id = core::FeatureId(fid);
            hill.terrainClass = "hill";
            hill.attributes["level"] = static_cast<int>(k + 1);
            if (ridge.line.size() >= 2) {
                core::AttributeValue::Array coordinates;
                coordinates.reserve(ridge.line.size());
                for (const auto& c : ridge.line)
                    coordinates.push_back(core::AttributeValue::Array{c.x, c.y});
                hill.attributes["ridgeline"] = core::Attributes{{"type", "LineString"}, {"coordinates", std::move(coordinates)}};
            }
            hill.attributes["contour_m"] = level;
            if (!std::isnan(ridge.summit))
                hill.attributes["summit_m"] = std::round(ridge.summit * 10.0) / 10.0;
            DemHill summary;
            summary.id = fid;
            summary.level = static_cast<int>(k + 1);
            summary.contour = level;
            summary.summit = ridge.summit;
            summary.summitAt = ridge.summitAt;
            summary.area = core::geometry::area(polygon);
            summary.ridgelineVertices = ridge.line.size();
            hill.geometry = std::move(polygon);
            out.hills.push_back(summary);
            madeHills.push_back(std::move(hill));
        }
    }
    core::util::reportProgress(progress, 1.0, N_("hills done"));
    out.edit = core::document::operations::addFeatures(scenario, std::move(madeHills), out.edit.label, std::move(settingsAfter));
    return out;
}

} // namespace sandtable::importers
