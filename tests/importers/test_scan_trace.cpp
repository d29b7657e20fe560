// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of importers/src/scan/scan_trace.cpp: a small synthetic raster whose areas are counted by hand, and
// the green woods of the Gettysburg scan.
#include "sandtable/importers/scan_trace.hpp"

#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/geometry_checks.hpp"
#include "support/test_data.hpp"
#include "support/raster_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>

using namespace sandtable;

namespace {

constexpr std::array<std::uint8_t, 3> kGreen{0, 128, 0};
constexpr std::array<std::uint8_t, 3> kNearGreen{10, 140, 10}; // distance sqrt(100 + 144 + 100) = 18.5
constexpr std::array<std::uint8_t, 3> kWhite{255, 255, 255};

// 20 x 10 pixels of 2 m, top-left corner at (1000, 2000), white; then
// - block A: columns 2-5, rows 1-3 (4 x 3 px = 8 x 6 m = 48 m2), pixel (2, 1) near-green;
// - block B: columns 10-17, rows 2-8 (8 x 7 px = 16 x 14 m = 224 m2) with a white pixel hole at (13, 5) (4 m2);
// - a transparent green pixel at (0, 9), which must never match.
geo::RenderedRaster fixture()
{
    geo::RenderedRaster r;
    r.width = 20;
    r.height = 10;
    r.geotransform = {1000.0, 2.0, 0.0, 2000.0, 0.0, -2.0};
    r.pixels.assign(20 * 10 * 4, 255);
    const auto set = [&](int c, int row, std::array<std::uint8_t, 3> rgb, std::uint8_t alpha = 255) {
        auto* p = &r.pixels[static_cast<std::size_t>((row * 20 + c) * 4)];
        p[0] = rgb[0], p[1] = rgb[1], p[2] = rgb[2], p[3] = alpha;
    };
    for (int row = 1; row <= 3; ++row)
        for (int c = 2; c <= 5; ++c)
            set(c, row, kGreen);
    set(2, 1, kNearGreen);
    for (int row = 2; row <= 8; ++row)
        for (int c = 10; c <= 17; ++c)
            set(c, row, kGreen);
    set(13, 5, kWhite);
    set(0, 9, kGreen, 0);
    return r;
}

importers::TraceOptions green(double tolerance)
{
    importers::TraceOptions o;
    o.colour = {0, 128, 0};
    o.tolerance = tolerance;
    o.terrainClass = "woods";
    return o;
}

} // namespace

BOOST_AUTO_TEST_SUITE(scan_trace)

BOOST_AUTO_TEST_CASE(matching_pixels_become_polygons_with_hand_counted_areas)
{
    const auto all = importers::traceRaster(fixture(), green(20.0));
    BOOST_TEST(all.matchedPixels == 12u + 55u); // A 12 px, B 56 - 1 px
    BOOST_REQUIRE(all.polygons.size() == 2u);
    BOOST_TEST(core::geometry::area(all.polygons[0]) == 220.0); // 224 - 4, largest first
    BOOST_TEST(all.polygons[0].parts.at(0).size() == 2u);       // shell + the hole
    BOOST_TEST(core::geometry::area(all.polygons[1]) == 48.0);
    // Block A spans x 1004..1012, y 1992..1998.
    BOOST_TEST(test::evenOddContains(all.polygons[1], {1008.0, 1995.0}));

    // Tolerance 10: the near-green pixel no longer matches: 48 - 4 = 44 m2.
    const auto strict = importers::traceRaster(fixture(), green(10.0));
    BOOST_REQUIRE(strict.polygons.size() == 2u);
    BOOST_TEST(core::geometry::area(strict.polygons[1]) == 44.0);
}

BOOST_AUTO_TEST_CASE(small_holes_and_small_polygons_are_dropped_and_counted)
{
    auto options = green(20.0);
    options.holeArea = 5.0;
    options.minArea = 50.0;
    const auto traced = importers::traceRaster(fixture(), options);
    BOOST_REQUIRE(traced.polygons.size() == 1u);
    BOOST_TEST(core::geometry::area(traced.polygons[0]) == 224.0);
    BOOST_TEST(traced.droppedHoles == 1u);
    BOOST_TEST(traced.droppedHoleArea == 4.0);
    BOOST_TEST(traced.droppedPolygons == 1u);
    BOOST_TEST(traced.droppedArea == 48.0);
}

BOOST_AUTO_TEST_CASE(a_seed_keeps_only_the_connected_area)
{
    auto options = green(20.0);
    options.seed = core::Coordinate{1009.0, 1995.0}; // pixel (4, 2), block A
    const auto traced = importers::traceRaster(fixture(), options);
    BOOST_TEST(traced.matchedPixels == 12u);
    BOOST_REQUIRE(traced.polygons.size() == 1u);
    BOOST_TEST(core::geometry::area(traced.polygons[0]) == 48.0);

    options.seed = core::Coordinate{1001.0, 1999.0}; // pixel (0, 0), white
    BOOST_CHECK_THROW(importers::traceRaster(fixture(), options), core::util::OperationError);
    options.seed = core::Coordinate{900.0, 1999.0}; // outside
    BOOST_CHECK_THROW(importers::traceRaster(fixture(), options), core::util::OperationError);
    auto bad = green(20.0);
    bad.colour = {0, 300, 0};
    BOOST_CHECK_THROW(importers::traceRaster(fixture(), bad), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(gettysburg_green_woods_are_traced)
{
    // The example scenario's map is the Cope survey scan with its affine georeference.
    core::io::LoadedScenario loaded = core::io::loadScenario(sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json");
    core::Scenario s = loaded.scenario;
    BOOST_REQUIRE(s.map && s.map->georeference);
    s.map->path = sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg").string();
    s.map->warpedPath.clear();
    s.terrain.clear();
    importers::TraceOptions options;
    // The green tint of the woods, averaged by gdalinfo -stats over 24 x 24 px windows at scan pixels
    // (400, 520) and (480, 1500): (208, 187, 110) and (225, 200, 110); the paper at (600, 1000) is
    // (220, 194, 148): the blue channel tells them apart.
    options.colour = {216, 194, 110};
    options.tolerance = 30.0;
    options.terrainClass = "woods";
    options.simplify = 4.0;
    options.minArea = 5000.0;
    options.holeArea = 2000.0;
    const auto result = importers::traceScan(s, sandtable::test::sourceDir(), options);
    BOOST_TEST(result.ids.size() >= 3u);
    const auto& t = s.map->georeference->transform;
    const auto metres = [&](double px, double py) {
        return core::Coordinate{t[0] + px * t[1] + py * t[2], t[3] + px * t[4] + py * t[5]};
    };
    const auto inWoods = [&](core::Coordinate p) {
        for (const auto& g : result.traced.polygons)
            if (test::evenOddContains(g, p))
                return true;
        return false;
    };
    // Scan pixels whose 24 x 24 px neighbourhood is solid woods tint (checked on the JPEG with GDAL's
    // Python bindings, independently of sandtable) and one on plain paper.
    BOOST_TEST(inWoods(metres(1300, 900)));
    BOOST_TEST(inWoods(metres(600, 1200)));
    BOOST_TEST(inWoods(metres(492, 1512)));
    BOOST_TEST(inWoods(metres(700, 1700)));
    BOOST_TEST(!inWoods(metres(612, 1012)));
    for (const auto& g : result.traced.polygons) {
        BOOST_TEST(core::geometry::checkValidity(g).valid);
        BOOST_TEST(core::geometry::area(g) >= 5000.0);
    }
}

// The default resolution is the traced raster's own pixel only when that pixel is in metres: a warped map
// kept in degrees (EPSG:4326, 0.0001 degree pixels) is traced at 2 m, not at "0.0001 m" (which would ask
// for a render of 2.5e13 pixels).
BOOST_AUTO_TEST_CASE(a_map_in_degrees_is_traced_at_two_metres_by_default)
{
    test::TemporaryFolder folder;
    const auto tif = folder / "geographic.tif";
    // 200 x 200 pixels of 0.0001 degree around (75 W, 40 N): +-0.01 degree, about +-850 m east-west.
    test::writeRaster(tif, "GTiff", 200, 200, 3, std::array<double, 6>{-75.01, 0.0001, 0.0, 40.01, 0.0, -0.0001}, "EPSG:4326");
    core::Scenario s;
    s.settings.id = "degrees";
    s.settings.crs = "EPSG:32618";
    // 500 m x 500 m around 75 W 40 N (UTM 18N easting 500000 on the central meridian, northing about
    // 4,427,757), inside the raster.
    s.settings.extent = core::Extent{499750.0, 4427507.0, 500250.0, 4428007.0};
    core::MapSource map;
    map.path = tif.string();
    map.warpedPath = tif.string();
    map.width = 200;
    map.height = 200;
    s.map = map;
    importers::TraceOptions options = green(442.0); // every colour: each pixel of the window matches
    const auto result = importers::traceScan(s, folder.path(), options);
    // 500 m / 2 m = 250 pixels a side.
    BOOST_TEST(result.traced.matchedPixels == 62500u);
}

BOOST_AUTO_TEST_SUITE_END()
