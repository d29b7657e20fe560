// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/new_scenario.hpp: a scenario started from a raster.
#include "sandtable/geo/new_scenario.hpp"

#include "support/raster_fixtures.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/geo/calibrate.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>
#include <numbers>

using namespace sandtable;
namespace tt = boost::test_tools;

namespace {

/// The scenario a Document would hold after the new scenario's settings and map are applied.
core::Scenario scenarioOf(const geo::NewScenario& made)
{
    core::Scenario s;
    s.settings = made.settings;
    s.map = made.map;
    return s;
}

void requireValid(const geo::NewScenario& made)
{
    for (const core::validation::Diagnostic& d : core::validation::validateScenario(scenarioOf(made)))
        BOOST_TEST((d.severity != core::validation::Severity::Error), d.code << " " << d.path << ": " << d.message);
}

} // namespace

BOOST_AUTO_TEST_SUITE(geo_new_scenario)

BOOST_AUTO_TEST_CASE(a_utm_geotiff_gives_its_own_crs_and_extent)
{
    test::TemporaryFolder folder;
    // 100 x 80 pixels of 10 m from (300000, 4401000): 300000..301000 E, 4400200..4401000 N.
    test::writeRaster(folder / "scan.tif", "GTiff", 100, 80, 1, std::array<double, 6>{300000, 10, 0, 4401000, 0, -10}, "EPSG:32618");
    const auto made = geo::newScenarioFromRaster(folder / "scan.tif", folder / "battle.sandtable.json", {});
    const core::Scenario s = scenarioOf(made);
    BOOST_TEST(s.settings.crs == "EPSG:32618");
    BOOST_TEST_REQUIRE(s.settings.extent.has_value());
    BOOST_TEST(s.settings.extent->minX == 300000.0, tt::tolerance(1e-9));
    BOOST_TEST(s.settings.extent->maxX == 301000.0, tt::tolerance(1e-9));
    BOOST_TEST(s.settings.extent->minY == 4400200.0, tt::tolerance(1e-9));
    BOOST_TEST(s.settings.extent->maxY == 4401000.0, tt::tolerance(1e-9));
    BOOST_TEST(s.settings.id == "battle");
    BOOST_TEST_REQUIRE(s.map.has_value());
    BOOST_TEST(s.map->path == "scan.tif");
    BOOST_TEST(s.map->warpedPath == "scan.tif");
    BOOST_TEST(s.map->width == 100);
    BOOST_TEST(s.map->height == 80);
    BOOST_TEST(s.map->sha256.size() == 64u);
    BOOST_TEST(made.placedBy == "geotransform");
    BOOST_TEST((made.next == geo::NextStep::None));
    requireValid(made);
}

BOOST_AUTO_TEST_CASE(the_map_path_is_relative_to_the_scenario_folder)
{
    test::TemporaryFolder folder;
    std::filesystem::create_directories(folder / "maps");
    std::filesystem::create_directories(folder / "scenarios");
    test::writeRaster(folder / "maps/scan.png", "PNG", 20, 10, 3);
    const auto made = geo::newScenarioFromRaster(folder / "maps/scan.png", folder / "scenarios/x.sandtable.json", {});
    BOOST_TEST(made.map.path == "../maps/scan.png");
}

BOOST_AUTO_TEST_CASE(web_mercator_is_worked_in_the_utm_zone_of_the_centre)
{
    test::TemporaryFolder folder;
    // Gettysburg, 77.23 W 39.81 N, in Web Mercator: x = R * lon, y = R * ln(tan(pi/4 + lat/2)), R = 6378137.
    constexpr double R = 6378137.0, pi = std::numbers::pi;
    const double lon = -77.23 * pi / 180, lat = 39.81 * pi / 180;
    const double x = R * lon, y = R * std::log(std::tan(pi / 4 + lat / 2));
    // A strip of 1000 x 100 pixels of 10 Web Mercator metres: on the ground 10000 * cos(39.81 deg) = 7682 m wide.
    test::writeRaster(folder / "cog.tif", "GTiff", 1000, 100, 1, std::array<double, 6>{x, 10, 0, y, 0, -10}, "EPSG:3857");
    const auto made = geo::newScenarioFromRaster(folder / "cog.tif", folder / "c.sandtable.json", {});
    const core::Scenario s = scenarioOf(made);
    BOOST_TEST(s.settings.crs == "EPSG:32618"); // 78 W .. 72 W
    const double width = s.settings.extent->maxX - s.settings.extent->minX;
    // The grid convergence there (about 1.4 degrees) adds 768 m * sin(1.4 deg) = 19 m to the box: within 1 %.
    BOOST_TEST(width == 10000 * std::cos(lat), tt::tolerance(0.01));
    requireValid(made);
    // The raster is resampled once into the working CRS, beside the scenario, and drawn from there.
    BOOST_TEST(s.map->path == "cog.tif");
    BOOST_TEST(s.map->warpedPath == "c.map.tif");
    const auto warped = geo::inspectRaster(folder / "c.map.tif");
    BOOST_TEST_REQUIRE(warped.epsg.has_value());
    BOOST_TEST(*warped.epsg == 32618);
}

BOOST_AUTO_TEST_CASE(geographic_degrees_and_feet_go_to_metres)
{
    test::TemporaryFolder folder;
    // Rossbach, 11.9 E 51.25 N, in WGS 84 degrees: UTM zone 32 (6 E .. 12 E), north.
    // A strip 10 pixels wide, 50 tall, so the grid convergence there (2.3 degrees) hardly widens the box.
    test::writeRaster(folder / "deg.tif", "GTiff", 10, 50, 1, std::array<double, 6>{11.85, 0.002, 0, 51.3, 0, -0.002}, "EPSG:4326");
    const auto deg = geo::newScenarioFromRaster(folder / "deg.tif", folder / "d.sandtable.json", {});
    BOOST_TEST(deg.settings.crs == "EPSG:32632");
    // 0.1 degree of latitude is about 11.1 km.
    const auto& e = *deg.settings.extent;
    BOOST_TEST(e.maxY - e.minY == 11120.0, tt::tolerance(0.01));
    requireValid(deg);
    // NAD83 / Pennsylvania South in US survey feet: not metres, so the UTM zone of the centre.
    // (2,200,000 ft, 250,000 ft) is near 76.9 W 40.0 N: UTM zone 18. A strip of 100 x 10 pixels of 10 ft.
    test::writeRaster(folder / "ft.tif", "GTiff", 100, 10, 1, std::array<double, 6>{2200000, 10, 0, 250000, 0, -10}, "EPSG:2272");
    const auto ft = geo::newScenarioFromRaster(folder / "ft.tif", folder / "f.sandtable.json", {});
    BOOST_TEST(ft.settings.crs == "EPSG:32618");
    // 1000 US survey feet = 304.8006 m; the two grids differ by under 2 degrees: 30 m * sin(2 deg) = 1 m more.
    const auto& f = *ft.settings.extent;
    BOOST_TEST(f.maxX - f.minX == 304.8006, tt::tolerance(0.01));
}

BOOST_AUTO_TEST_CASE(a_rotated_geotransform_is_covered_by_its_four_corners)
{
    test::TemporaryFolder folder;
    // 30 degrees of rotation, 10 m pixels: cos = 0.866, sin = 0.5. Corners (pixel, line) -> ground:
    // (0,0) 300000,4401000; (100,0) 300866,4400500; (0,100) 299500,4400134; (100,100) 300366,4399634.
    test::writeRaster(folder / "rot.tif", "GTiff", 100, 100, 1, std::array<double, 6>{300000, 8.66, -5, 4401000, -5, -8.66}, "EPSG:32618");
    const auto made = geo::newScenarioFromRaster(folder / "rot.tif", folder / "r.sandtable.json", {});
    const auto& e = *made.settings.extent;
    BOOST_TEST(e.minX == 299500.0, tt::tolerance(1e-9));
    BOOST_TEST(e.maxX == 300866.0, tt::tolerance(1e-9));
    BOOST_TEST(e.minY == 4399634.0, tt::tolerance(1e-9));
    BOOST_TEST(e.maxY == 4401000.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(a_plain_scan_waits_for_gcps_or_calibration)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.png", "PNG", 40, 30, 3);
    const auto made = geo::newScenarioFromRaster(folder / "scan.png", folder / "s.sandtable.json", {});
    BOOST_TEST((made.next == geo::NextStep::Georeference));
    BOOST_TEST(made.placedBy == "none");
    BOOST_TEST(made.settings.crs.empty());
    BOOST_TEST(!made.settings.extent.has_value());
    BOOST_TEST(made.map.width == 40);
    // What comes next, for the editor's dialog as for the CLI: no command named (issue 46 item 4).
    BOOST_TEST(made.message.find("GCPs") != std::string::npos);
    BOOST_TEST(made.message.find("calibrate it by its scale") != std::string::npos);
    BOOST_TEST(made.message.find("sandtable ") == std::string::npos);
    requireValid(made);
    geo::NewScenarioOptions chosen;
    chosen.crs = "EPSG:32618";
    BOOST_TEST(geo::newScenarioFromRaster(folder / "scan.png", folder / "s.sandtable.json", chosen).settings.crs == "EPSG:32618");
}

BOOST_AUTO_TEST_CASE(a_world_file_without_crs_needs_one_named)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "w.png", "PNG", 10, 10, 1);
    // Pixel-centre world file: 5 m pixels, centre of the top-left pixel at (300002.5, 4400997.5).
    std::ofstream(folder / "w.pgw") << "5\n0\n0\n-5\n300002.5\n4400997.5\n";
    try {
        geo::newScenarioFromRaster(folder / "w.png", folder / "w.sandtable.json", {});
        BOOST_ERROR("a world file without a CRS was accepted");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("--crs EPSG:n") != std::string::npos, e.what());
    }
    geo::NewScenarioOptions options;
    options.crs = "EPSG:32618";
    const auto made = geo::newScenarioFromRaster(folder / "w.png", folder / "w.sandtable.json", options);
    BOOST_TEST(made.placedBy == "worldfile");
    const auto& e = *made.settings.extent;
    BOOST_TEST(e.minX == 300000.0, tt::tolerance(1e-9));
    BOOST_TEST(e.maxY == 4401000.0, tt::tolerance(1e-9));
    BOOST_TEST(e.maxX == 300050.0, tt::tolerance(1e-9));
    BOOST_TEST(e.minY == 4400950.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(a_working_crs_in_degrees_or_feet_is_refused)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.png", "PNG", 10, 10, 1);
    for (const char* crs : {"EPSG:4326", "EPSG:2272", "EPSG:3857"}) {
        geo::NewScenarioOptions options;
        options.crs = crs;
        BOOST_CHECK_THROW(geo::newScenarioFromRaster(folder / "scan.png", folder / "s.json", options), core::util::OperationError);
    }
    BOOST_CHECK_THROW(geo::newScenarioFromRaster(folder / "missing.png", folder / "s.json", {}), core::util::IoError);
    // The whole world in degrees: no one metric CRS holds it (a UTM zone is 6 degrees wide).
    test::writeRaster(folder / "world.tif", "GTiff", 36, 18, 1, std::array<double, 6>{-180, 10, 0, 90, 0, -10}, "EPSG:4326");
    try {
        geo::newScenarioFromRaster(folder / "world.tif", folder / "w.json", {});
        BOOST_ERROR("a world raster was accepted");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("covers 360 x 180 degrees") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(a_calibrated_kriegsspiel_scan_is_worked_in_its_local_frame)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "k.png", "PNG", 80, 50, 3);
    geo::CalibrationRequest request;
    request.scan = folder / "k.png";
    request.scaleDenominator = 8000;
    request.scaleBar = geo::ScaleBar{10, 10, 40, 50, 500}; // 50 px = 500 m: 10 m a pixel
    request.output = folder / "k.tif";
    geo::calibrateScan(request);
    geo::NewScenarioOptions options;
    options.scale = 16000;
    const auto made = geo::newScenarioFromRaster(folder / "k.tif", folder / "k.sandtable.json", options);
    BOOST_TEST(made.placedBy == "local");
    BOOST_TEST(made.settings.crs == "LOCAL:k");
    const auto& e = *made.settings.extent;
    BOOST_TEST(e.minX == 0.0, tt::tolerance(1e-9));
    BOOST_TEST(e.maxX == 800.0, tt::tolerance(1e-9));
    BOOST_TEST(e.maxY == 500.0, tt::tolerance(1e-9));
    BOOST_TEST(made.settings.scaleDenominator == 16000.0);
    requireValid(made);
}

BOOST_AUTO_TEST_CASE(syw_and_table_battles_scenarios_get_a_table)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.png", "PNG", 10, 10, 1);
    geo::NewScenarioOptions options;
    options.system = core::GameSystem::SywMiniatures;
    const auto syw = geo::newScenarioFromRaster(folder / "scan.png", folder / "s.sandtable.json", options);
    BOOST_TEST(*syw.settings.tableWidthCm == 180.0);
    BOOST_TEST(*syw.settings.tableDepthCm == 120.0);
    BOOST_TEST(syw.settings.scaleDenominator == 1.0);
    requireValid(syw);
    options.system = core::GameSystem::TableBattles;
    requireValid(geo::newScenarioFromRaster(folder / "scan.png", folder / "t.sandtable.json", options));
}

BOOST_AUTO_TEST_CASE(ids_from_file_names_drop_sandtable_and_json)
{
    BOOST_TEST(geo::scenarioIdFromFileName("my-battle.sandtable.json") == "my-battle");
    BOOST_TEST(geo::scenarioIdFromFileName("dir/Gettysburg 1863.json") == "Gettysburg-1863");
    BOOST_TEST(geo::scenarioIdFromFileName(".sandtable.json") == "scenario");
}

BOOST_AUTO_TEST_CASE(a_rotated_world_file_in_degrees_keeps_its_footprint)
{
    // Issue 23 item 7: a 100 x 80 JPEG whose .jgw has a negative x scale, rotation terms and pixels of about
    // 7.6e-7 degrees (Paris, 2.35 E 48.86 N), its CRS in the .prj beside it. The extent is the four
    // transformed corners: across, |a| 100 + |b| 80 = 7.6e-5 + 1.84e-5 = 9.44e-5 degrees of longitude,
    // 111,320 m x cos(48.857) = 73,280 m a degree there: 6.92 m; up, |d| 100 + |e| 80 = 2.1e-5 + 6.0e-5 =
    // 8.1e-5 degrees of latitude at 111,200 m a degree: 9.0 m (not the 1e-10 degrees it collapsed to).
    test::TemporaryFolder folder;
    test::writeRaster(folder / "r.jpg", "JPEG", 100, 80, 3);
    std::filesystem::remove(folder / "r.jpg.aux.xml");
    core::io::writeFileAtomically(folder / "r.jgw", "-7.6e-7\n2.1e-7\n2.3e-7\n-7.5e-7\n2.35221\n48.85661\n");
    core::io::writeFileAtomically(folder / "r.prj",
        R"(GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]])");
    const auto made = geo::newScenarioFromRaster(folder / "r.jpg", folder / "r.sandtable.json", {});
    BOOST_TEST(made.settings.crs == "EPSG:32631"); // 0 E .. 6 E, north
    const core::Extent& e = *made.settings.extent;
    BOOST_TEST(e.width() == 6.92, tt::tolerance(0.03));  // the grid convergence (1.5 deg) turns the box a little
    BOOST_TEST(e.height() == 9.0, tt::tolerance(0.03));
    // Resampled into a GeoTIFF that carries the CRS, since GDAL itself does not read the .prj.
    BOOST_TEST(made.map.warpedPath == "r.map.tif");
    BOOST_TEST(geo::inspectRaster(folder / "r.map.tif").epsg.value_or(0) == 32631);
}

BOOST_AUTO_TEST_SUITE_END()
