// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/display_raster.hpp on every file of shared/data/rasters:
// expected pixels are read here straight from the files with GDAL (raw values, colour tables, overview
// bands) and put through the documented rules (palette lookup, 2-98 % stretch, nodata -> transparent).
#include "sandtable/geo/display_raster.hpp"

#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <gdal.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

using namespace sandtable;
namespace utf = boost::unit_test;

namespace {

std::string rasterPath(const std::string& name) { return test::sharedData("rasters/" + name).string(); }

/// All raw values of band `band` (1-based), or of its overview `overview` (0-based) when >= 0.
std::vector<double> rawBand(const std::string& name, int band, int overview = -1)
{
    GDALAllRegister();
    GDALDatasetH ds = GDALOpen(rasterPath(name).c_str(), GA_ReadOnly);
    BOOST_REQUIRE(ds);
    GDALRasterBandH b = GDALGetRasterBand(ds, band);
    if (overview >= 0)
        b = GDALGetOverview(b, overview);
    BOOST_REQUIRE(b);
    const int w = GDALGetRasterBandXSize(b), h = GDALGetRasterBandYSize(b);
    std::vector<double> v(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    BOOST_REQUIRE(GDALRasterIO(b, GF_Read, 0, 0, w, h, v.data(), w, h, GDT_Float64, 0, 0) == CE_None);
    GDALClose(ds);
    return v;
}

std::array<int, 4> rgbaAt(const geo::DisplayImage& image, int x, int y)
{
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 4;
    return {image.rgba[i], image.rgba[i + 1], image.rgba[i + 2], image.rgba[i + 3]};
}

/// DisplayStretch's percentiles: ranks floor(0.02 (n-1)) and ceil(0.98 (n-1)) of the sorted values.
std::pair<double, double> percentiles(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const double last = static_cast<double>(v.size() - 1);
    return {v[static_cast<std::size_t>(std::floor(0.02 * last))], v[static_cast<std::size_t>(std::ceil(0.98 * last))]};
}

int stretched(double v, double low, double high) { return static_cast<int>(std::clamp(std::round(255 * (v - low) / (high - low)), 0.0, 255.0)); }

/// Checks every pixel of an 8-bit grey or RGB file read at full resolution: the raw bytes, opaque.
void checkByteFile(const std::string& name, int bands)
{
    geo::DisplayRaster raster(test::sharedData("rasters/" + name));
    const auto image = raster.read(0, 0, raster.width(), raster.height(), raster.width(), raster.height());
    BOOST_TEST(image.overviewLevel == -1);
    BOOST_TEST(!raster.stretch().stretched);
    std::vector<std::vector<double>> raw;
    for (int b = 1; b <= bands; ++b)
        raw.push_back(rawBand(name, b));
    for (int y = 0; y < raster.height(); ++y)
        for (int x = 0; x < raster.width(); ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(raster.width()) + static_cast<std::size_t>(x);
            const auto px = rgbaAt(image, x, y);
            for (int c = 0; c < 3; ++c)
                BOOST_TEST_REQUIRE(px[static_cast<std::size_t>(c)] == static_cast<int>(raw[static_cast<std::size_t>(bands == 1 ? 0 : c)][i]),
                    name << " pixel " << x << "," << y << " channel " << c);
            BOOST_TEST_REQUIRE(px[3] == 255);
        }
}

} // namespace

BOOST_AUTO_TEST_SUITE(geo_display_raster)

BOOST_AUTO_TEST_CASE(byte_grey_and_rgb_files_are_shown_as_stored)
{
    checkByteFile("byte.tif", 1);
    checkByteFile("grey.tif", 1);
    checkByteFile("rotated.tif", 1);
    checkByteFile("toronto.tif", 3);
    checkByteFile("gcps.tif", 3);
}

BOOST_AUTO_TEST_CASE(uint16_is_stretched_between_its_2_and_98_percentiles)
{
    const auto raw = rawBand("uint16.tif", 1);
    const auto [low, high] = percentiles(raw);
    BOOST_TEST(low >= 74.0); // gdalinfo -stats: min 74, max 255
    BOOST_TEST(high <= 255.0);
    BOOST_REQUIRE(high > low);
    geo::DisplayRaster raster(test::sharedData("rasters/uint16.tif"));
    BOOST_TEST(raster.stretch().stretched);
    BOOST_TEST(raster.stretch().low[0] == low);
    BOOST_TEST(raster.stretch().high[0] == high);
    const auto image = raster.read(0, 0, 20, 20, 20, 20);
    int darkest = 255, brightest = 0;
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x) {
            const double v = raw[static_cast<std::size_t>(y * 20 + x)];
            const auto px = rgbaAt(image, x, y);
            BOOST_TEST_REQUIRE(px[0] == stretched(v, low, high));
            BOOST_TEST_REQUIRE((px[1] == px[0] && px[2] == px[0] && px[3] == 255));
            darkest = std::min(darkest, px[0]);
            brightest = std::max(brightest, px[0]);
        }
    // The stretch uses the whole 0..255 range (values at/below the 2 % percentile are black).
    BOOST_TEST(darkest == 0);
    BOOST_TEST(brightest == 255);
}

BOOST_AUTO_TEST_CASE(rgb16_stretches_each_band_on_its_own)
{
    geo::DisplayRaster raster(test::sharedData("rasters/rgb16.tif"));
    const auto image = raster.read(0, 0, 40, 30, 40, 30);
    for (int b = 1; b <= 3; ++b) {
        const auto raw = rawBand("rgb16.tif", b);
        const auto [low, high] = percentiles(raw);
        BOOST_TEST(raster.stretch().low[static_cast<std::size_t>(b - 1)] == low);
        BOOST_TEST(raster.stretch().high[static_cast<std::size_t>(b - 1)] == high);
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 40; ++x)
                BOOST_TEST_REQUIRE(rgbaAt(image, x, y)[static_cast<std::size_t>(b - 1)]
                    == stretched(raw[static_cast<std::size_t>(y * 40 + x)], low, high));
    }
    // gdalinfo -stats: red 265..933, green 230..490: different ranges, so different stretches.
    BOOST_TEST(raster.stretch().high[0] > raster.stretch().high[1]);
}

BOOST_AUTO_TEST_CASE(palette_is_expanded_through_its_colour_table)
{
    GDALAllRegister();
    GDALDatasetH ds = GDALOpen(rasterPath("pct22.tif").c_str(), GA_ReadOnly);
    BOOST_REQUIRE(ds);
    GDALColorTableH table = GDALGetRasterColorTable(GDALGetRasterBand(ds, 1));
    BOOST_REQUIRE(table);
    const auto raw = rawBand("pct22.tif", 1);
    const auto image = geo::readDisplayRgba(test::sharedData("rasters/pct22.tif"), 0, 0, 40, 30, 40, 30);
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 40; ++x) {
            const GDALColorEntry* e = GDALGetColorEntry(table, static_cast<int>(raw[static_cast<std::size_t>(y * 40 + x)]));
            BOOST_REQUIRE(e);
            BOOST_TEST_REQUIRE((rgbaAt(image, x, y) == std::array<int, 4>{e->c1, e->c2, e->c3, e->c4}));
        }
    GDALClose(ds);
    // gdalinfo: entry 0 is 71,71,71,255.
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 40; ++x)
            if (raw[static_cast<std::size_t>(y * 40 + x)] == 0)
                BOOST_TEST_REQUIRE((rgbaAt(image, x, y) == std::array<int, 4>{71, 71, 71, 255}));
}

BOOST_AUTO_TEST_CASE(red_square_nodata_is_transparent_and_its_external_overview_is_used)
{
    geo::DisplayRaster raster(test::sharedData("rasters/red_square.tif"));
    const auto full = raster.read(0, 0, 100, 100, 100, 100);
    BOOST_TEST(full.overviewLevel == -1);
    // gdallocationinfo: (0,0) is 0,0,0 = nodata on every band; (50,50) is the red square 255,0,0.
    BOOST_TEST((rgbaAt(full, 0, 0) == std::array<int, 4>{0, 0, 0, 0}));
    BOOST_TEST((rgbaAt(full, 50, 50) == std::array<int, 4>{255, 0, 0, 255}));
    const auto r = rawBand("red_square.tif", 1), g = rawBand("red_square.tif", 2), b = rawBand("red_square.tif", 3);
    for (int y = 0; y < 100; ++y)
        for (int x = 0; x < 100; ++x) {
            const std::size_t i = static_cast<std::size_t>(y * 100 + x);
            const int alpha = r[i] == 0 && g[i] == 0 && b[i] == 0 ? 0 : 255;
            BOOST_TEST_REQUIRE(rgbaAt(full, x, y)[3] == alpha);
        }
    // Half resolution reads the 50 x 50 level of red_square.tif.ovr (its pixels, not the base decimated).
    const auto half = raster.read(0, 0, 100, 100, 50, 50);
    BOOST_TEST(half.overviewLevel == 0);
    const auto ro = rawBand("red_square.tif", 1, 0), go = rawBand("red_square.tif", 2, 0), bo = rawBand("red_square.tif", 3, 0);
    for (int y = 0; y < 50; ++y)
        for (int x = 0; x < 50; ++x) {
            const std::size_t i = static_cast<std::size_t>(y * 50 + x);
            const int alpha = ro[i] == 0 && go[i] == 0 && bo[i] == 0 ? 0 : 255;
            BOOST_TEST_REQUIRE((rgbaAt(half, x, y) == std::array<int, 4>{static_cast<int>(ro[i]), static_cast<int>(go[i]), static_cast<int>(bo[i]), alpha}));
        }
    int differFromBase = 0;
    for (int y = 0; y < 50; ++y)
        for (int x = 0; x < 50; ++x)
            differFromBase += rgbaAt(half, x, y)[0] != static_cast<int>(r[static_cast<std::size_t>((2 * y + 1) * 100 + 2 * x + 1)]);
    BOOST_TEST_MESSAGE("red_square: " << differFromBase << " of 2500 overview pixels differ from the base decimated");
}

BOOST_AUTO_TEST_CASE(internal_overviews_serve_reduced_resolutions)
{
    geo::DisplayRaster raster(test::sharedData("rasters/with-overviews.tif"));
    BOOST_TEST(raster.width() == 2000);
    // Overview factors 8, 16, ~31.7. 2000 x 1000 into 300 x 150 (factor 6.67): every level is too coarse,
    // the base is read. Into 250 x 125 (factor 8): level 0; into 100 x 50 (factor 20): level 1; into
    // 50 x 25 (factor 40): level 2.
    BOOST_TEST(raster.read(0, 0, 2000, 1000, 300, 150).overviewLevel == -1);
    const auto eighth = raster.read(0, 0, 2000, 1000, 250, 125);
    BOOST_TEST(eighth.overviewLevel == 0);
    BOOST_TEST(raster.read(0, 0, 2000, 1000, 100, 50).overviewLevel == 1);
    BOOST_TEST(raster.read(0, 0, 2000, 1000, 50, 25).overviewLevel == 2);
    const auto ov = rawBand("with-overviews.tif", 1, 0);
    for (int y = 0; y < 125; ++y)
        for (int x = 0; x < 250; ++x) {
            const int v = static_cast<int>(ov[static_cast<std::size_t>(y * 250 + x)]);
            BOOST_TEST_REQUIRE((rgbaAt(eighth, x, y) == std::array<int, 4>{v, v, v, 255}));
        }
    // The overview's pixels, not the base decimated: some of the two differ.
    const auto base = rawBand("with-overviews.tif", 1);
    int differFromBase = 0;
    for (int y = 0; y < 125; ++y)
        for (int x = 0; x < 250; ++x)
            differFromBase += rgbaAt(eighth, x, y)[0] != static_cast<int>(base[static_cast<std::size_t>((8 * y + 4) * 2000 + 8 * x + 4)]);
    BOOST_TEST(differFromBase > 0);
    BOOST_TEST(raster.read(800, 480, 1, 1, 1, 1).rgba.at(0) == 4); // gdallocationinfo -valonly 800 480
}

BOOST_AUTO_TEST_CASE(levels_are_read_one_to_one_as_a_canvas_reads_its_tiles)
{
    // gdalinfo with-overviews.tif: 2000 x 1000, overviews 250x125, 125x63, 63x32; no geotransform.
    geo::DisplayRaster raster(test::sharedData("rasters/with-overviews.tif"));
    const auto levels = raster.levels();
    BOOST_REQUIRE(levels.size() == 4u);
    const std::array<std::array<int, 2>, 4> expected{{{2000, 1000}, {250, 125}, {125, 63}, {63, 32}}};
    for (std::size_t i = 0; i < 4; ++i)
        BOOST_TEST((std::array<int, 2>{levels[i].width, levels[i].height} == expected[i]));
    BOOST_TEST(!raster.geoTransform());
    // A 25 x 13 tile of level 2 (the second overview) at (100, 50): that overview's own values, one to one.
    const auto tile = raster.readLevel(2, 100, 50, 25, 13);
    BOOST_TEST(tile.width == 25);
    BOOST_TEST(tile.overviewLevel == 1);
    const auto ov = rawBand("with-overviews.tif", 1, 1);
    for (int y = 0; y < 13; ++y)
        for (int x = 0; x < 25; ++x) {
            const int v = static_cast<int>(ov[static_cast<std::size_t>((50 + y) * 125 + 100 + x)]);
            BOOST_TEST_REQUIRE((rgbaAt(tile, x, y) == std::array<int, 4>{v, v, v, 255}));
        }
    BOOST_CHECK_THROW(raster.readLevel(4, 0, 0, 1, 1), core::util::OperationError);      // no fifth level
    BOOST_CHECK_THROW(raster.readLevel(1, 240, 0, 20, 10), core::util::OperationError);  // past 250 pixels
    // byte.tif: origin (440720, 3751320), 60 m pixels (gdalinfo).
    const auto gt = geo::DisplayRaster(test::sharedData("rasters/byte.tif")).geoTransform();
    BOOST_REQUIRE(gt.has_value());
    BOOST_TEST(((*gt)[0] == 440720.0 && (*gt)[1] == 60.0 && (*gt)[3] == 3751320.0 && (*gt)[5] == -60.0));
}

BOOST_AUTO_TEST_CASE(windows_outside_the_raster_and_corrupt_files_are_errors)
{
    geo::DisplayRaster raster(test::sharedData("rasters/byte.tif"));
    BOOST_CHECK_THROW(raster.read(10, 10, 20, 20, 20, 20), core::util::OperationError);
    BOOST_CHECK_THROW(raster.read(0, 0, 0, 20, 20, 20), core::util::OperationError);
    test::TemporaryFolder folder;
    {
        std::ofstream out(folder / "junk.tif", std::ios::binary);
        out << "II*\0this is not a tiff";
    }
    BOOST_CHECK_THROW(geo::DisplayRaster(folder / "junk.tif"), core::util::FormatError);
    BOOST_CHECK_THROW(geo::DisplayRaster(folder / "missing.tif"), core::util::IoError);
}

BOOST_AUTO_TEST_SUITE_END()
