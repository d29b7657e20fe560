// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of importers/include/sandtable/importers/warp.hpp: pixels land where the fit says, alpha instead
// of a black frame, no clipping, overviews, atomic output on failure and cancellation.
#include "sandtable/importers/warp.hpp"

#include "importers/raster_fixtures.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/importers/georeference_scan.hpp"
#include "sandtable/importers/raster_info.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <gdal.h>

#include <cmath>
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

} // namespace

BOOST_AUTO_TEST_SUITE(importers_warp)

BOOST_AUTO_TEST_CASE(pixels_land_where_the_fit_puts_them_with_alpha_outside)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.tif", "GTiff", 60, 40, 1);
    importers::WarpRequest request;
    request.scan = folder / "scan.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "out.tif";
    request.resampling = "near";
    const auto result = importers::warpToGeoTiff(request);
    BOOST_TEST(result.bands == 2);
    const auto info = importers::inspectRaster(request.output);
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

BOOST_AUTO_TEST_CASE(gettysburg_warp_covers_every_corner_and_has_overviews, *utf::precondition(test::sharedDataPresent))
{
    test::TemporaryFolder folder;
    importers::GeorefRequest request;
    request.scan = test::sharedData("maps/gettysburg_cope_survey_field_base.jpg");
    request.points = test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points");
    request.outputTiff = folder / "gettysburg.tif";
    double lastFraction = -1;
    request.progress = [&](double fraction, std::string_view) {
        lastFraction = fraction;
        return true;
    };
    const auto result = importers::georeferenceScan(request);
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
    const auto info = importers::inspectRaster(*request.outputTiff);
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
        importers::GeorefRequest request;
        request.scan = folder / "scan.tif";
        request.gcps = gcps;
        request.gcpCrs = "EPSG:32618";
        request.method = method;
        request.outputTiff = folder / (std::string(core::toString(method)) + ".tif");
        const auto result = importers::georeferenceScan(request);
        BOOST_REQUIRE(result.warp.has_value());
        BOOST_TEST(importers::inspectRaster(*request.outputTiff).bands == 4);
    }
}

BOOST_AUTO_TEST_CASE(cancelled_warp_leaves_nothing)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.tif", "GTiff", 600, 400, 1);
    importers::WarpRequest request;
    request.scan = folder / "scan.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "out.tif";
    request.progress = [](double fraction, std::string_view) { return fraction < 0.3; };
    BOOST_CHECK_THROW(importers::warpToGeoTiff(request), core::Cancelled);
    BOOST_TEST(filesIn(folder.path()) == 1u);
}

BOOST_AUTO_TEST_CASE(unwritable_output_is_an_io_error)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.tif", "GTiff", 60, 40, 1);
    importers::WarpRequest request;
    request.scan = folder / "scan.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "missing-folder" / "out.tif";
    BOOST_CHECK_THROW(importers::warpToGeoTiff(request), core::IoError);
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
    importers::WarpRequest request;
    request.scan = folder / "cut.tif";
    request.georeference = rotatedGeoreference();
    request.output = folder / "out.tif";
    BOOST_CHECK_THROW(importers::warpToGeoTiff(request), core::Error);
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
        importers::WarpRequest request;
        request.scan = folder / "spots.tif";
        request.georeference.method = method;
        request.georeference.crs = "EPSG:32618";
        request.georeference.gcpCrs = "EPSG:32618";
        request.georeference.gcps = gcps;
        request.output = folder / (std::string(core::toString(method)) + ".tif");
        request.resampling = "bilinear";
        const auto result = importers::warpToGeoTiff(request);
        std::vector<importers::FitPoint> points;
        for (const auto& g : gcps)
            points.push_back({g.id, g.pixel, g.line, g.mapX, g.mapY, true});
        const importers::GcpTransform fit(points, method);
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

BOOST_AUTO_TEST_SUITE_END()
