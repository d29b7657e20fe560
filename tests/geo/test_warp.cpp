// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/warp.hpp: pixels land where the fit says, alpha instead
// of a black frame, no clipping, overviews, atomic output on failure and cancellation.
#include "sandtable/geo/warp.hpp"

#include "support/raster_fixtures.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/geo/inverse_mesh.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <cpl_conv.h>
#include <gdal.h>
#include <gdal_utils.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <future>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <utility>
#include <tuple>
#include <optional>
#include <vector>

using namespace sandtable;
namespace utf = boost::unit_test;

namespace {

/// A 60 x 40 scan rotated 30 degrees, 10 m pixels, in UTM 18N, as a Helmert georeference.
core::Georeference rotatedGeoreference()
{
    core::Georeference g;
    g.method = core::GeoreferenceMethod::Helmert;
    g.crs = "EPSG:32618";
    g.gcpCrs = "EPSG:32618";
    const double a = 10 * std::cos(M_PI / 6), b = 10 * std::sin(M_PI / 6);
    g.transform = {300000, a, b, 4400000, b, -a};
    return g;
}

std::size_t filesIn(const std::filesystem::path& folder)
{
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder))
        ++n;
    return n;
}

/// Deterministic draws (std::mt19937 is specified bit for bit; the distributions are not).
struct Draws {
    std::mt19937 engine{1798};
    double uniform(double a, double b) { return a + (b - a) * (static_cast<double>(engine()) + 0.5) / 4294967296.0; }
    double normal(double sigma)
    {
        const double u = uniform(0, 1), v = uniform(0, 1);
        return sigma * std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * v);
    }
};

/// GCPs laid out as a user places them on an old scan: dense along 10 winding "roads" (6-60 px apart), 6
/// tight "villages" of 12, 8 crossroads clicked twice (within 4 px), 30 scattered; map positions from a
/// 4 m/px, 3 degree rotated grid bent by a smooth ~12 px distortion, plus 2 px of clicking noise each.
/// Noise between GCPs a few pixels apart makes the thin plate spline fold.
std::vector<core::Gcp> unevenGcps(int w, int h)
{
    Draws d;
    std::vector<core::Coordinate> px;
    for (int road = 0; road < 10; ++road) {
        double x = d.uniform(0, w), y = d.uniform(0, h), heading = d.uniform(0, 2 * std::numbers::pi);
        for (int k = 0; k < 40; ++k) {
            const double step = d.uniform(6, 60);
            heading += d.normal(0.25);
            x += step * std::cos(heading);
            y += step * std::sin(heading);
            if (x >= 0 && x < w && y >= 0 && y < h)
                px.push_back({x, y});
        }
    }
    for (int village = 0; village < 6; ++village) {
        const double cx = d.uniform(0.1 * w, 0.9 * w), cy = d.uniform(0.1 * h, 0.9 * h);
        for (int k = 0; k < 12; ++k)
            px.push_back({std::clamp(cx + d.normal(25), 0.0, w - 1.0), std::clamp(cy + d.normal(25), 0.0, h - 1.0)});
    }
    for (int k = 0; k < 8; ++k) {
        const auto c = px[static_cast<std::size_t>(d.uniform(0, static_cast<double>(px.size()) - 1))];
        px.push_back({c.x + d.uniform(-4, 4), c.y + d.uniform(-4, 4)});
    }
    for (int k = 0; k < 30; ++k)
        px.push_back({d.uniform(0, w), d.uniform(0, h)});
    std::vector<core::Gcp> gcps;
    const double a = 3 * std::numbers::pi / 180, s = 4.0;
    int id = 1;
    for (const auto& q : px) {
        const double p = q.x + 12 * std::sin(q.y / 700) + 8 * std::cos(q.x / 900 + 1) + 2e-6 * q.x * q.y + d.normal(2);
        const double l = q.y + 10 * std::cos(q.x / 800) + 6 * std::sin((q.x + q.y) / 1100) + d.normal(2);
        gcps.push_back({id++, q.x, q.y, 300000 + s * (std::cos(a) * p + std::sin(a) * l),
            4410000 + s * (std::sin(a) * p - std::cos(a) * l), true});
    }
    return gcps;
}

/// The rough-survey layout (issue 43 item 2, after a 1798 survey sheet): `count` GCPs spread uniformly over a
/// w x h scan, map points on a 20 m/px grid turned 2 degrees, each moved by its own independent error of
/// 20-40 px in a random direction, so the spline through them folds between neighbours (as
/// bench/warp_bench.cpp --make-rough, less its smooth bend).
std::vector<core::Gcp> roughGcps(int w, int h, int count)
{
    Draws d;
    std::vector<core::Gcp> gcps;
    const double a = 2 * std::numbers::pi / 180, s = 20.0;
    for (int k = 0; k < count; ++k) {
        const double x = d.uniform(0, w), y = d.uniform(0, h);
        const double error = d.uniform(20, 40), direction = d.uniform(0, 2 * std::numbers::pi);
        const double p = x + error * std::cos(direction), l = y + error * std::sin(direction);
        gcps.push_back({k + 1, x, y, 300000 + s * (std::cos(a) * p + std::sin(a) * l), 4410000 + s * (std::sin(a) * p - std::cos(a) * l), true});
    }
    return gcps;
}

/// Writes a w x h GeoTIFF whose two UInt16 bands hold each pixel's own column and row.
void writeSelfEncodingScan(const std::filesystem::path& path, int w, int h)
{
    GDALAllRegister();
    GDALDatasetH ds = GDALCreate(GDALGetDriverByName("GTiff"), path.c_str(), w, h, 2, GDT_UInt16, nullptr);
    BOOST_REQUIRE(ds);
    std::vector<std::uint16_t> cols(static_cast<std::size_t>(w) * h), rows(cols.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            cols[static_cast<std::size_t>(y) * w + x] = static_cast<std::uint16_t>(x);
            rows[static_cast<std::size_t>(y) * w + x] = static_cast<std::uint16_t>(y);
        }
    BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, 1), GF_Write, 0, 0, w, h, cols.data(), w, h, GDT_UInt16, 0, 0) == CE_None);
    BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, 2), GF_Write, 0, 0, w, h, rows.data(), w, h, GDT_UInt16, 0, 0) == CE_None);
    GDALClose(ds);
}

/// The TPS warp of `folder`/scan.tif by `gcps` (EPSG:32618) into `folder`/ours.tif: nearest resampling, no
/// compression, no overviews, so each output pixel holds the scan pixel it came from.
geo::WarpRequest tpsWarpRequest(const std::filesystem::path& folder, const std::vector<core::Gcp>& gcps)
{
    geo::WarpRequest request;
    request.scan = folder / "scan.tif";
    request.georeference.method = core::GeoreferenceMethod::Tps;
    request.georeference.crs = "EPSG:32618";
    request.georeference.gcpCrs = "EPSG:32618";
    request.georeference.gcps = gcps;
    request.output = folder / "ours.tif";
    request.resampling = "near";
    request.compression = "NONE";
    request.buildOverviews = false;
    return request;
}

/// Reads band `band` (1-based) of `ds` whole as UInt16.
std::vector<std::uint16_t> readBand(GDALDatasetH ds, int band)
{
    const int w = GDALGetRasterXSize(ds), h = GDALGetRasterYSize(ds);
    std::vector<std::uint16_t> v(static_cast<std::size_t>(w) * h);
    BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, band), GF_Read, 0, 0, w, h, v.data(), w, h, GDT_UInt16, 0, 0) == CE_None);
    return v;
}

} // namespace

BOOST_AUTO_TEST_SUITE(geo_warp)

BOOST_AUTO_TEST_CASE(pixels_land_where_the_fit_puts_them_with_alpha_outside)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.tif", "GTiff", 60, 40, 1);
    geo::WarpRequest request;
    request.scan = folder / "scan.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "out.tif";
    request.resampling = "near";
    const auto result = geo::warpToGeoTiff(request);
    BOOST_TEST(result.bands == 2);
    const auto info = geo::inspectRaster(request.output);
    BOOST_TEST(info.epsg.value_or(0) == 32618);
    BOOST_TEST(info.alpha);
    BOOST_TEST(info.colourInterpretations.at(1) == "Alpha");
    // Nearest neighbour: an output pixel takes the scan pixel under its centre, found here by inverting
    // the similarity by hand (x - x0 = a p + b l, y - y0 = b p - a l, so p = (a dx + b dy) / (a^2 + b^2)).
    const auto& g = request.georeference.transform;
    const auto& o = result.geotransform;
    const int op = 30, ol = 20;
    const double x = o[0] + o[1] * (op + 0.5) - g[0], y = o[3] + o[5] * (ol + 0.5) - g[3];
    const double a = g[1], b = g[2];
    const double p = (a * x + b * y) / (a * a + b * b), l = (b * x - a * y) / (a * a + b * b);
    BOOST_REQUIRE(p >= 0 && p < 60 && l >= 0 && l < 40);
    BOOST_TEST(test::readPixel(request.output, 1, op, ol)
        == test::readPixel(request.scan, 1, static_cast<int>(std::floor(p)), static_cast<int>(std::floor(l))));
    BOOST_TEST(test::readPixel(request.output, 2, op, ol) == 255.0);
    // A rotated scan leaves the output's corners empty: transparent, not a black frame that counts.
    BOOST_TEST(test::readPixel(request.output, 2, 0, 0) == 0.0);
    BOOST_TEST(filesIn(folder.path()) == 2u);
}

BOOST_AUTO_TEST_CASE(gettysburg_warp_covers_every_corner_and_has_overviews)
{
    test::TemporaryFolder folder;
    geo::GeorefRequest request;
    request.scan = test::sharedData("maps/gettysburg_cope_survey_field_base.jpg");
    request.points = test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points");
    request.outputTiff = folder / "gettysburg.tif";
    double lastFraction = -1;
    request.progress = [&](double fraction, std::string_view) {
        lastFraction = fraction;
        return true;
    };
    const auto result = geo::georeferenceScan(request);
    BOOST_REQUIRE(result.warp.has_value());
    BOOST_TEST(lastFraction == 1.0);
    const auto& o = result.warp->geotransform;
    const auto& g = result.georeference.transform;
    for (double p : {0.0, 1500.0})
        for (double l : {0.0, 2500.0}) {
            const double x = g[0] + g[1] * p + g[2] * l, y = g[3] + g[4] * p + g[5] * l;
            BOOST_TEST(x >= o[0] - 1e-6);
            BOOST_TEST(x <= o[0] + o[1] * result.warp->width + 1e-6);
            BOOST_TEST(y <= o[3] + 1e-6);
            BOOST_TEST(y >= o[3] + o[5] * result.warp->height - 1e-6);
        }
    const auto info = geo::inspectRaster(*request.outputTiff);
    BOOST_TEST(info.epsg.value_or(0) == 32618);
    BOOST_TEST(info.bands == 4);
    BOOST_TEST(info.overviewStorage == "internal");
    BOOST_TEST(info.overviews.size() == static_cast<std::size_t>(result.warp->overviewLevels));
    BOOST_TEST(result.warp->overviewLevels >= 2);
}

BOOST_AUTO_TEST_CASE(polynomial_and_tps_warps_are_written)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.tif", "GTiff", 100, 80, 3);
    std::vector<core::Gcp> gcps;
    int id = 1;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 3; ++j) {
            const double p = 5 + 30.0 * i, l = 5 + 35.0 * j;
            gcps.push_back({id++, p, l, 300000 + 5 * p + 0.01 * l * l, 4400000 - 5 * l + 0.02 * p * p, true});
        }
    for (const auto method : {core::GeoreferenceMethod::Poly2, core::GeoreferenceMethod::Tps}) {
        geo::GeorefRequest request;
        request.scan = folder / "scan.tif";
        request.gcps = gcps;
        request.gcpCrs = "EPSG:32618";
        request.method = method;
        request.outputTiff = folder / (std::string(core::toString(method)) + ".tif");
        const auto result = geo::georeferenceScan(request);
        BOOST_REQUIRE(result.warp.has_value());
        BOOST_TEST(geo::inspectRaster(*request.outputTiff).bands == 4);
    }
}

BOOST_AUTO_TEST_CASE(cancelled_warp_leaves_nothing)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.tif", "GTiff", 600, 400, 1);
    geo::WarpRequest request;
    request.scan = folder / "scan.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "out.tif";
    request.progress = [](double fraction, std::string_view) { return fraction < 0.3; };
    BOOST_CHECK_THROW(geo::warpToGeoTiff(request), core::util::Cancelled);
    BOOST_TEST(filesIn(folder.path()) == 1u);
}

BOOST_AUTO_TEST_CASE(unwritable_output_is_an_io_error)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.tif", "GTiff", 60, 40, 1);
    geo::WarpRequest request;
    request.scan = folder / "scan.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "missing-folder" / "out.tif";
    BOOST_CHECK_THROW(geo::warpToGeoTiff(request), core::util::IoError);
    BOOST_TEST(filesIn(folder.path()) == 1u);
}

BOOST_AUTO_TEST_CASE(truncated_scan_fails_without_output)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "whole.tif", "GTiff", 200, 200, 1);
    {
        // Keep the header, cut the pixels.
        const auto size = std::filesystem::file_size(folder / "whole.tif");
        std::filesystem::copy_file(folder / "whole.tif", folder / "cut.tif");
        std::filesystem::resize_file(folder / "cut.tif", size / 3);
    }
    geo::WarpRequest request;
    request.scan = folder / "cut.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "out.tif";
    BOOST_CHECK_THROW(geo::warpToGeoTiff(request), core::util::Error);
    BOOST_TEST(!std::filesystem::exists(request.output));
    BOOST_TEST(filesIn(folder.path()) == 2u);
}

// A 480 x 360 scan holding a Gaussian spot (sigma 2 px) centred on each GCP's pixel position, georeferenced
// by a smooth non-polynomial distortion; after the warp each spot's brightness-weighted centroid, measured
// in output pixels through the GeoTIFF's geotransform, is where that GCP's map point landed.
BOOST_AUTO_TEST_CASE(every_gcp_lands_within_half_an_output_pixel_of_its_map_point)
{
    test::TemporaryFolder folder;
    const int w = 480, h = 360;
    std::vector<core::Gcp> gcps;
    int id = 1;
    for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 5; ++i) {
            const double p = 40.3 + i * 99.7 + 7 * (j % 2), l = 35.6 + j * 95.1 + 5 * (i % 2);
            gcps.push_back({id++, p, l, 300000 + 4 * p + 30 * std::sin(l / 90.0) + 0.002 * p * l,
                4400000 - 4 * l + 25 * std::cos(p / 120.0), true});
        }
    std::vector<unsigned char> pixels(static_cast<std::size_t>(w) * h, 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            double v = 0;
            for (const auto& g : gcps) {
                const double dx = x + 0.5 - g.pixel, dy = y + 0.5 - g.line;
                v += 250 * std::exp(-(dx * dx + dy * dy) / 8.0);
            }
            pixels[static_cast<std::size_t>(y) * w + x] = static_cast<unsigned char>(std::min(255.0, std::round(v)));
        }
    {
        GDALAllRegister();
        GDALDatasetH ds = GDALCreate(GDALGetDriverByName("GTiff"), (folder / "spots.tif").c_str(), w, h, 1, GDT_Byte, nullptr);
        BOOST_REQUIRE(ds);
        BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, 1), GF_Write, 0, 0, w, h, pixels.data(), w, h, GDT_Byte, 0, 0) == CE_None);
        GDALClose(ds);
    }
    for (const auto method : {core::GeoreferenceMethod::Tps, core::GeoreferenceMethod::Poly2, core::GeoreferenceMethod::Poly3}) {
        geo::WarpRequest request;
        request.scan = folder / "spots.tif";
        request.georeference.method = method;
        request.georeference.crs = "EPSG:32618";
        request.georeference.gcpCrs = "EPSG:32618";
        request.georeference.gcps = gcps;
        request.output = folder / (std::string(core::toString(method)) + ".tif");
        request.resampling = "bilinear";
        const auto result = geo::warpToGeoTiff(request);
        std::vector<geo::FitPoint> points;
        for (const auto& g : gcps)
            points.push_back({g.id, g.pixel, g.line, g.mapX, g.mapY, true});
        const geo::GcpTransform fit(points, method);
        GDALDatasetH out = GDALOpen(request.output.c_str(), GA_ReadOnly);
        BOOST_REQUIRE(out);
        const auto& gt = result.geotransform;
        double worst = 0;
        for (const auto& g : gcps) {
            // Where the GCP should land: its map point (a spline passes through it), or for polynomials the
            // fit's position for its pixel (a least-squares polynomial does not pass through its points).
            const auto target = method == core::GeoreferenceMethod::Tps ? core::Coordinate{g.mapX, g.mapY} : fit.toMap(g.pixel, g.line);
            const double ox = (target.x - gt[0]) / gt[1], oy = (target.y - gt[3]) / gt[5];
            const int x0 = static_cast<int>(ox) - 8, y0 = static_cast<int>(oy) - 8;
            BOOST_REQUIRE(x0 >= 0 && y0 >= 0 && x0 + 17 <= result.width && y0 + 17 <= result.height);
            std::vector<unsigned char> window(17 * 17);
            BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(out, 1), GF_Read, x0, y0, 17, 17, window.data(), 17, 17, GDT_Byte, 0, 0) == CE_None);
            double sum = 0, sx = 0, sy = 0;
            for (int y = 0; y < 17; ++y)
                for (int x = 0; x < 17; ++x) {
                    const double v = window[static_cast<std::size_t>(y) * 17 + x];
                    sum += v;
                    sx += v * (x0 + x + 0.5);
                    sy += v * (y0 + y + 0.5);
                }
            BOOST_REQUIRE(sum > 0);
            const double miss = std::hypot(sx / sum - ox, sy / sum - oy);
            worst = std::max(worst, miss);
            BOOST_TEST(miss < 0.5, core::toString(method) << " GCP " << g.id << " lands " << miss << " output px away");
        }
        GDALClose(out);
        BOOST_TEST_MESSAGE(core::toString(method) << ": worst GCP landing " << worst << " output px");
    }
}

// A real scan's layout (issue "From the designer's own map" item 4): ~370 GCPs clustered unevenly, noisy enough
// that the spline folds. The scan's pixels hold their own column and row (two UInt16 bands), warped with
// nearest resampling: each output pixel says which scan pixel it came from. Inside the convex hull of the
// warped GCPs there must be no more transparent pixels than gdalwarp -tps leaves on the same grid (+10 %),
// and every output pixel (on every third row) must hold the scan pixel the exact inverse names, within 1
// pixel (0.125 px of approximation can cross a pixel edge), that exact inverse being a root of the forward
// fit to 0.01 px.
BOOST_AUTO_TEST_CASE(tps_on_uneven_gcps_has_no_holes_and_each_pixel_comes_from_the_exact_inverse)
{
    test::TemporaryFolder folder;
    const int w = 2400, h = 1800;
    const std::vector<core::Gcp> gcps = unevenGcps(w, h);
    BOOST_TEST_MESSAGE(gcps.size() << " GCPs");
    BOOST_REQUIRE(gcps.size() > 300u);
    writeSelfEncodingScan(folder / "scan.tif", w, h);
    const geo::WarpRequest request = tpsWarpRequest(folder.path(), gcps);
    auto start = std::chrono::steady_clock::now();
    const auto result = geo::warpToGeoTiff(request);
    const double oursSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto& gt = result.geotransform;

    // gdalwarp -tps on the same GCPs and output grid.
    {
        GDALDatasetH scan = GDALOpen(request.scan.c_str(), GA_Update);
        BOOST_REQUIRE(scan);
        std::vector<GDAL_GCP> list;
        std::vector<std::string> ids;
        for (const auto& g : gcps)
            ids.push_back(std::to_string(g.id));
        for (std::size_t i = 0; i < gcps.size(); ++i)
            list.push_back(GDAL_GCP{ids[i].data(), ids[i].data(), gcps[i].pixel, gcps[i].line, gcps[i].mapX, gcps[i].mapY, 0.0});
        OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
        BOOST_REQUIRE(OSRImportFromEPSG(srs, 32618) == OGRERR_NONE);
        BOOST_REQUIRE(GDALSetGCPs2(scan, static_cast<int>(list.size()), list.data(), srs) == CE_None);
        OSRDestroySpatialReference(srs);
        GDALClose(scan);
    }
    {
        const auto num = [](double v) { char b[40]; std::snprintf(b, sizeof b, "%.17g", v); return std::string(b); };
        const std::vector<std::string> args{"-tps", "-r", "near", "-dstalpha", "-t_srs", "EPSG:32618", "-multi", "-wo",
            "NUM_THREADS=ALL_CPUS", "-te", num(gt[0]), num(gt[3] + gt[5] * result.height), num(gt[0] + gt[1] * result.width),
            num(gt[3]), "-tr", num(gt[1]), num(gt[1]), "-of", "GTiff"};
        std::vector<char*> argv;
        for (const auto& a : args)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        GDALWarpAppOptions* options = GDALWarpAppOptionsNew(argv.data(), nullptr);
        BOOST_REQUIRE(options);
        GDALDatasetH scan = GDALOpen(request.scan.c_str(), GA_ReadOnly);
        start = std::chrono::steady_clock::now();
        GDALDatasetH out = GDALWarp((folder / "gdal.tif").c_str(), nullptr, 1, &scan, options, nullptr);
        BOOST_TEST_MESSAGE("warp " << oursSeconds << " s, gdalwarp -tps "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s");
        GDALWarpAppOptionsFree(options);
        BOOST_REQUIRE(out);
        GDALClose(out);
        GDALClose(scan);
    }
    GDALDatasetH ours = GDALOpen(request.output.c_str(), GA_ReadOnly);
    GDALDatasetH gdal = GDALOpen((folder / "gdal.tif").c_str(), GA_ReadOnly);
    BOOST_REQUIRE(ours);
    BOOST_REQUIRE(gdal);
    BOOST_REQUIRE(GDALGetRasterXSize(gdal) == result.width);
    BOOST_REQUIRE(GDALGetRasterYSize(gdal) == result.height);
    const auto col = readBand(ours, 1), row = readBand(ours, 2), alpha = readBand(ours, 3);
    const auto gdalCol = readBand(gdal, 1), gdalRow = readBand(gdal, 2), gdalAlpha = readBand(gdal, 3);
    GDALClose(ours);
    GDALClose(gdal);

    // Convex hull of the GCPs in output pixels (monotone chain), counter-clockwise with y down.
    std::vector<core::Coordinate> pts;
    for (const auto& g : gcps)
        pts.push_back({(g.mapX - gt[0]) / gt[1], (g.mapY - gt[3]) / gt[5]});
    std::sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    const auto cross = [](core::Coordinate o, core::Coordinate a, core::Coordinate b) {
        return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    };
    std::vector<core::Coordinate> hull;
    for (int pass = 0; pass < 2; ++pass) {
        const std::size_t base = hull.size();
        for (std::size_t k = 0; k < pts.size(); ++k) {
            const auto& p = pass == 0 ? pts[k] : pts[pts.size() - 1 - k];
            while (hull.size() >= base + 2 && cross(hull[hull.size() - 2], hull.back(), p) <= 0)
                hull.pop_back();
            hull.push_back(p);
        }
        hull.pop_back();
    }
    const auto insideHull = [&](double x, double y) {
        for (std::size_t k = 0; k < hull.size(); ++k) {
            const auto& a = hull[k];
            const auto& b = hull[(k + 1) % hull.size()];
            if ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0)
                return false;
        }
        return true;
    };

    const geo::InverseMesh inverse(std::make_shared<const geo::GcpTransform>(
        [&] {
            std::vector<geo::FitPoint> points;
            for (const auto& g : gcps)
                points.push_back({g.id, g.pixel, g.line, g.mapX, g.mapY, true});
            return points;
        }(),
        core::GeoreferenceMethod::Tps), w, h);
    std::size_t hullPixels = 0, oursHoles = 0, gdalHoles = 0, checked = 0, wrong = 0, notRoots = 0, gdalWrong = 0;
    double worst = 0;
    for (int y = 0; y < result.height; ++y)
        for (int x = 0; x < result.width; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * result.width + x;
            if (insideHull(x + 0.5, y + 0.5)) {
                ++hullPixels;
                oursHoles += alpha[i] == 0;
                gdalHoles += gdalAlpha[i] == 0;
            }
            if (y % 3 != 0 || alpha[i] == 0)
                continue;
            const double mx = gt[0] + gt[1] * (x + 0.5), my = gt[3] + gt[5] * (y + 0.5);
            const core::Coordinate p = inverse.toPixel(mx, my);
            ++checked;
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
                ++wrong;
                continue;
            }
            const core::Coordinate back = inverse.fit().toMap(p.x, p.y);
            notRoots += std::hypot(back.x - mx, back.y - my) > 0.01 * gt[1];
            const double miss = std::max(std::abs(std::floor(p.x) - col[i]), std::abs(std::floor(p.y) - row[i]));
            worst = std::max(worst, miss);
            wrong += miss > 1;
            if (gdalAlpha[i] != 0)
                gdalWrong += std::max(std::abs(std::floor(p.x) - gdalCol[i]), std::abs(std::floor(p.y) - gdalRow[i])) > 1;
        }
    BOOST_TEST_MESSAGE(hullPixels << " px inside the GCPs' hull: holes ours " << oursHoles << ", gdalwarp -tps " << gdalHoles
        << "; " << checked << " px checked: " << wrong << " from another scan pixel than the exact inverse's (worst "
        << worst << " px), gdalwarp -tps " << gdalWrong);
    BOOST_TEST(hullPixels > static_cast<std::size_t>(result.width) * result.height / 2);
    BOOST_TEST(static_cast<double>(oursHoles) <= 1.1 * static_cast<double>(gdalHoles));
    BOOST_TEST(checked > hullPixels / 4);
    BOOST_TEST(notRoots == 0u);
    BOOST_TEST(wrong == 0u);
}

BOOST_AUTO_TEST_CASE(a_tall_scan_with_a_small_block_cache_never_hangs_at_the_overviews)
{
    // Issue 23 item 1: a 2000 x 15000 scan warped with GDAL's block cache at 16 MB hung for good at
    // "building overviews" in about 1 run of 5 (GDAL 3.6's GTiff worker threads waiting on each other).
    // Five runs, each on its own thread with a generous limit (a loaded machine is slow, not hung): every
    // one must end, with its 5 overview levels (15000 / 2^5 = 468 >= 256 > 15000 / 2^6).
    test::TemporaryFolder folder;
    test::writeRaster(folder / "tall.tif", "GTiff", 2000, 15000, 3);
    // The ctest geo_warp_small_block_cache runs this case with GDAL_CACHEMAX=16 in the environment,
    // as a user sets it (set only here, at run time, the hang did not show); here it is set as well.
    const GIntBig previousCache = GDALGetCacheMax64();
    const std::string previousOption = CPLGetConfigOption("GDAL_CACHEMAX", "");
    CPLSetConfigOption("GDAL_CACHEMAX", "16");
    GDALSetCacheMax64(16 * 1024 * 1024);
    core::Georeference g;
    g.gcpCrs = "EPSG:32618";
    g.crs = "EPSG:32618";
    g.method = core::GeoreferenceMethod::Affine;
    g.transform = {300000.0, 1.0, 0.0, 4420000.0, 0.0, -1.0}; // 1 m pixels, north up
    for (int run = 0; run < 5; ++run) {
        geo::WarpRequest request;
        request.scan = folder / "tall.tif";
        request.georeference = g;
        request.output = folder / ("out" + std::to_string(run) + ".tif");
        auto job = std::async(std::launch::async, [request] { return geo::warpToGeoTiff(request); });
        if (job.wait_for(std::chrono::minutes(5)) != std::future_status::ready) {
            BOOST_ERROR("run " << run + 1 << " of the warp did not end within 5 minutes: deadlocked");
            std::quick_exit(1); // the hung GDAL threads cannot be joined
        }
        const geo::WarpResult result = job.get();
        BOOST_TEST(result.overviewLevels == 5);
        BOOST_TEST(result.height == 15000);
    }
    GDALSetCacheMax64(previousCache);
    CPLSetConfigOption("GDAL_CACHEMAX", previousOption.empty() ? nullptr : previousOption.c_str());
}

BOOST_AUTO_TEST_CASE(a_bending_order_2_fit_keeps_every_source_pixel)
{
    // Issue 23 item 7 (bounds under a bending fit): a 500 x 500 scan and GCPs of the exact order-2 map
    // x = 300000 + p - 0.0012 (l - 250)^2, y = 4400000 - l: the corners move 75 px (15 %) west of the middle
    // of the east edge, so bounds from the corners alone would cut it off. The output must be
    // 500 + 75 = 575 px wide at 1 m and hold the marks of the top-left, the east edge's middle and the
    // bottom-right pixels where the fit sends them.
    test::TemporaryFolder folder;
    {
        GDALAllRegister();
        GDALDriverH gtiff = GDALGetDriverByName("GTiff");
        GDALDatasetH ds = GDALCreate(gtiff, (folder / "bend.tif").c_str(), 500, 500, 1, GDT_Byte, nullptr);
        BOOST_REQUIRE(ds);
        std::vector<std::uint8_t> v(500 * 500, 128);
        v[0] = 255;                   // (0, 0)
        v[250 * 500 + 499] = 240;     // (499, 250): the middle of the east edge
        v[499 * 500 + 499] = 250;     // (499, 499)
        BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, 1), GF_Write, 0, 0, 500, 500, v.data(), 500, 500, GDT_Byte, 0, 0) == CE_None);
        GDALClose(ds);
    }
    const auto map = [](double p, double l) { return std::pair{300000.0 + p - 0.0012 * (l - 250.0) * (l - 250.0), 4400000.0 - l}; };
    geo::GeorefRequest request;
    request.scan = folder / "bend.tif";
    request.gcpCrs = "EPSG:32618";
    request.targetCrs = "EPSG:32618";
    request.method = core::GeoreferenceMethod::Poly2;
    int id = 1;
    for (const auto& [p, l] : std::vector<std::pair<double, double>>{{0, 0}, {500, 0}, {0, 500}, {500, 500}, {250, 0}, {0, 250}, {500, 250}, {250, 500}, {250, 250}}) {
        const auto [x, y] = map(p, l);
        request.gcps.push_back(core::Gcp{id++, p, l, x, y, true});
    }
    request.outputTiff = folder / "out.tif";
    request.resampling = "near";
    const geo::GeorefResult result = geo::georeferenceScan(request);
    BOOST_REQUIRE(result.warp);
    BOOST_TEST(result.warp->width == 575);
    const auto& gt = result.warp->geotransform;
    const auto found = [&](int value) -> std::optional<std::pair<int, int>> {
        GDALDatasetH out = GDALOpen((folder / "out.tif").c_str(), GA_ReadOnly);
        const int w = GDALGetRasterXSize(out), h = GDALGetRasterYSize(out);
        std::vector<std::uint8_t> px(static_cast<std::size_t>(w) * h);
        const CPLErr read = GDALRasterIO(GDALGetRasterBand(out, 1), GF_Read, 0, 0, w, h, px.data(), w, h, GDT_Byte, 0, 0);
        GDALClose(out);
        if (read != CE_None)
            return std::nullopt;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                if (px[static_cast<std::size_t>(y) * w + x] == value)
                    return std::pair{x, y};
        return std::nullopt;
    };
    // Where the fit sends each marked pixel's centre, in output pixels.
    for (const auto& [value, p, l] : std::vector<std::tuple<int, double, double>>{{255, 0.5, 0.5}, {240, 499.5, 250.5}, {250, 499.5, 499.5}}) {
        const auto at = found(value);
        BOOST_REQUIRE_MESSAGE(at, "the pixel marked " << value << " is not in the output");
        const auto [x, y] = map(p, l);
        BOOST_TEST(std::abs(at->first + 0.5 - (x - gt[0]) / gt[1]) <= 1.0, value);
        BOOST_TEST(std::abs(at->second + 0.5 - (y - gt[3]) / gt[5]) <= 1.0, value);
    }
}

// The rough survey (issue 43 item 2): 343 GCPs over a 1600 x 1018 scan, each off by its own 20-40 px, so the
// spline folds between neighbours nearly everywhere. The scan's pixels hold their own column and row,
// warped with nearest resampling. Every output pixel on every second row is checked against the exact
// inverse (InverseMesh::toPixel, a root of the forward fit to 0.01 output px): an opaque pixel must hold the
// scan pixel it names (within 1 px: 0.125 px of approximation can cross a pixel edge), and a transparent one
// must have no root a pixel or more inside the scan.
BOOST_AUTO_TEST_CASE(tps_on_a_rough_survey_takes_each_pixel_from_the_exact_inverse)
{
    test::TemporaryFolder folder;
    const int w = 1600, h = 1018;
    const std::vector<core::Gcp> gcps = roughGcps(w, h, 343);
    writeSelfEncodingScan(folder / "scan.tif", w, h);
    const geo::WarpRequest request = tpsWarpRequest(folder.path(), gcps);
    const auto start = std::chrono::steady_clock::now();
    const auto result = geo::warpToGeoTiff(request);
    BOOST_TEST_MESSAGE("rough survey warp " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s");
    const auto& gt = result.geotransform;
    GDALDatasetH ours = GDALOpen(request.output.c_str(), GA_ReadOnly);
    BOOST_REQUIRE(ours);
    const auto col = readBand(ours, 1), row = readBand(ours, 2), alpha = readBand(ours, 3);
    GDALClose(ours);

    std::vector<geo::FitPoint> points;
    for (const auto& g : gcps)
        points.push_back({g.id, g.pixel, g.line, g.mapX, g.mapY, true});
    const auto fit = std::make_shared<const geo::GcpTransform>(points, core::GeoreferenceMethod::Tps);
    const geo::InverseMesh inverse(fit, w, h);
    std::size_t opaque = 0, wrong = 0, notRoots = 0, holes = 0;
    double worst = 0;
    for (int y = 0; y < result.height; y += 2)
        for (int x = 0; x < result.width; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * result.width + x;
            const double mx = gt[0] + gt[1] * (x + 0.5), my = gt[3] + gt[5] * (y + 0.5);
            const core::Coordinate p = inverse.toPixel(mx, my);
            const bool found = std::isfinite(p.x) && std::isfinite(p.y);
            if (found) {
                const core::Coordinate back = fit->toMap(p.x, p.y);
                notRoots += std::hypot(back.x - mx, back.y - my) > 0.01 * gt[1];
            }
            if (alpha[i] == 0) {
                holes += found && p.x >= 1 && p.x <= w - 1 && p.y >= 1 && p.y <= h - 1;
                continue;
            }
            ++opaque;
            if (!found) {
                ++wrong;
                continue;
            }
            const double miss = std::max(std::abs(std::floor(p.x) - col[i]), std::abs(std::floor(p.y) - row[i]));
            worst = std::max(worst, miss);
            wrong += miss > 1;
        }
    BOOST_TEST_MESSAGE(opaque << " opaque px checked: " << wrong << " from another scan pixel than the exact inverse's (worst "
        << worst << " px), " << holes << " transparent with a root inside the scan");
    // The scan's 1.6 M pixels at about the output's resolution: half the rows of roughly as many opaque pixels.
    BOOST_TEST(opaque > static_cast<std::size_t>(w) * h / 2 * 9 / 10);
    BOOST_TEST(notRoots == 0u);
    BOOST_TEST(wrong == 0u);
    BOOST_TEST(holes == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
