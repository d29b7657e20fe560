// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../map_raster.hpp: which raster is drawn, its placement, the extents fitted.
#include "sandtable/editor/logic/map_raster.hpp"

#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>

using namespace sandtable::editor;
namespace core = sandtable::core;
namespace fs = std::filesystem;

namespace {

void touch(const fs::path& file)
{
    fs::create_directories(file.parent_path());
    std::ofstream(file) << "x";
}

core::MapSource affineScan(const std::string& path)
{
    core::MapSource map;
    map.path = path;
    core::Georeference georef;
    georef.method = core::GeoreferenceMethod::Affine;
    georef.crs = "EPSG:32618";
    georef.transform = {300000.0, 2.0, 0.0, 4401000.0, 0.0, -2.0};
    map.georeference = georef;
    return map;
}

} // namespace

BOOST_AUTO_TEST_SUITE(map_raster)

BOOST_AUTO_TEST_CASE(no_map_means_terrain_only)
{
    const MapRasterChoice choice = chooseMapRaster(sandtable::test::smallScenario(), "/nowhere");
    BOOST_TEST(!choice.raster.has_value());
    BOOST_TEST(choice.notice.find("terrain only") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_affine_scan_is_placed_by_its_transform_relative_to_the_scenario_folder)
{
    sandtable::test::TemporaryFolder folder;
    touch(folder / "maps/scan.jpg");
    core::Scenario s = sandtable::test::smallScenario();
    s.map = affineScan("../maps/scan.jpg");
    const MapRasterChoice choice = chooseMapRaster(s, folder / "scenarios");
    BOOST_REQUIRE(choice.raster.has_value());
    BOOST_TEST(choice.notice.empty());
    BOOST_TEST((choice.raster->kind == MapRaster::Kind::Scan));
    BOOST_TEST(choice.raster->path == (folder / "maps/scan.jpg").lexically_normal());
    const Point corner = choice.raster->pixelToWorld.value().apply({100.0, 50.0});
    BOOST_TEST(corner.x == 300200.0);
    BOOST_TEST(corner.y == 4400900.0);
}

BOOST_AUTO_TEST_CASE(the_warped_file_is_preferred_when_it_exists)
{
    sandtable::test::TemporaryFolder folder;
    touch(folder / "scan.jpg");
    touch(folder / "scan_utm.tif");
    core::Scenario s = sandtable::test::smallScenario();
    s.map = affineScan("scan.jpg");
    s.map->warpedPath = "scan_utm.tif";
    const MapRasterChoice choice = chooseMapRaster(s, folder.path());
    BOOST_REQUIRE(choice.raster.has_value());
    BOOST_TEST((choice.raster->kind == MapRaster::Kind::Warped));
    BOOST_TEST(!choice.raster->pixelToWorld.has_value()); // read from the GeoTIFF itself
}

BOOST_AUTO_TEST_CASE(a_missing_warped_file_falls_back_to_the_scan_and_says_so)
{
    sandtable::test::TemporaryFolder folder;
    touch(folder / "scan.jpg");
    core::Scenario s = sandtable::test::smallScenario();
    s.map = affineScan("scan.jpg");
    s.map->warpedPath = "gone.tif";
    const MapRasterChoice choice = chooseMapRaster(s, folder.path());
    BOOST_REQUIRE(choice.raster.has_value());
    BOOST_TEST((choice.raster->kind == MapRaster::Kind::Scan));
    BOOST_TEST(choice.notice.find("gone.tif not found") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_missing_scan_or_a_non_affine_fit_gives_terrain_only_with_the_reason)
{
    sandtable::test::TemporaryFolder folder;
    core::Scenario s = sandtable::test::smallScenario();
    s.map = affineScan("absent.jpg");
    MapRasterChoice choice = chooseMapRaster(s, folder.path());
    BOOST_TEST(!choice.raster.has_value());
    BOOST_TEST(choice.notice.find("absent.jpg not found") != std::string::npos);

    touch(folder / "absent.jpg");
    s.map->georeference->method = core::GeoreferenceMethod::Tps;
    s.map->georeference->transform.clear();
    choice = chooseMapRaster(s, folder.path());
    BOOST_TEST(!choice.raster.has_value());
    BOOST_TEST(choice.notice.find("tps") != std::string::npos);

    s.map->georeference.reset();
    choice = chooseMapRaster(s, folder.path());
    BOOST_TEST(!choice.raster.has_value());
    BOOST_TEST(choice.notice.find("not georeferenced") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(raster_footprint_is_the_bounding_box_of_its_corners)
{
    // 2 m pixels, a 100 x 50 image from (300000, 4401000): 200 m x 100 m.
    const core::Extent e = rasterFootprint(Affine2D::fromGeoTransform({300000.0, 2.0, 0.0, 4401000.0, 0.0, -2.0}), 100, 50);
    BOOST_TEST(e.minX == 300000.0);
    BOOST_TEST(e.maxX == 300200.0);
    BOOST_TEST(e.minY == 4400900.0);
    BOOST_TEST(e.maxY == 4401000.0);
}

BOOST_AUTO_TEST_CASE(scenario_extent_is_the_declared_one_else_the_content)
{
    core::Scenario s = sandtable::test::smallScenario();
    BOOST_TEST((scenarioExtent(s).value() == core::Extent{300000, 4400000, 301000, 4401000}));
    s.settings.extent.reset();
    // Woods 300100..300300 x 4400100..4400200, stream 300000..300500 at 4400500, pieces at
    // (300600, 4400600) and (300650, 4400650).
    BOOST_TEST((scenarioExtent(s).value() == core::Extent{300000, 4400100, 300650, 4400650}));
    BOOST_TEST(!scenarioExtent(core::Scenario{}).has_value());
}

BOOST_AUTO_TEST_CASE(unite_takes_the_union_and_ignores_absent_extents)
{
    const core::Extent a{0, 0, 10, 10};
    const core::Extent b{5, -5, 20, 5};
    BOOST_TEST((unite(a, b).value() == core::Extent{0, -5, 20, 10}));
    BOOST_TEST((unite(a, std::nullopt).value() == a));
    BOOST_TEST(!unite(std::nullopt, std::nullopt).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
