// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/raster_commands.cpp: `raster info|georef|calibrate`, their --json keys (cli.md), the
// residual table, error lines and exit codes.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <sstream>
#include <vector>

namespace utf = boost::unit_test;
namespace tt = boost::test_tools;

namespace {
using sandtable::test::Result;
using sandtable::test::runTool;

/// A binary PGM (GDAL's PNM driver) of width x height grey pixels.
void writeScan(const std::filesystem::path& path, int width, int height)
{
    std::string bytes = "P5\n" + std::to_string(width) + " " + std::to_string(height) + "\n255\n";
    for (int i = 0; i < width * height; ++i)
        bytes += static_cast<char>(10 + i);
    sandtable::core::writeFileAtomically(path, bytes);
}

std::string scan() { return sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg").string(); }
std::string points() { return sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points").string(); }
} // namespace

BOOST_AUTO_TEST_SUITE(cli_raster)

BOOST_AUTO_TEST_CASE(info_json_has_the_keys_of_cli_md, *utf::precondition(sandtable::test::sharedDataPresent))
{
    const Result r = runTool({"raster", "info", sandtable::test::sharedData("rasters/byte.tif").string(), "--json"});
    BOOST_TEST(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("width").get<int>() == 20);
    BOOST_TEST(j.at("height").get<int>() == 20);
    BOOST_TEST(j.at("bands").get<int>() == 1);
    BOOST_TEST(j.at("georeference").get<std::string>() == "geotransform");
    BOOST_TEST(j.at("crs").is_string());
    BOOST_TEST(j.at("epsg").get<int>() == 26711);
    BOOST_TEST((j.at("geotransform").get<std::vector<double>>() == std::vector<double>{440720, 60, 0, 3751320, 0, -60}));
    BOOST_TEST(j.at("gcp_count").get<int>() == 0);
    BOOST_TEST(j.at("linear_unit").get<std::string>() == "metre");
}

BOOST_AUTO_TEST_CASE(info_json_uses_null_for_what_is_absent, *utf::precondition(sandtable::test::sharedDataPresent))
{
    const Result r = runTool({"--json", "raster", "info", sandtable::test::sharedData("rasters/grey.tif").string()});
    BOOST_TEST(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("georeference").get<std::string>() == "worldfile");
    BOOST_TEST(j.at("crs").is_null());
    BOOST_TEST(j.at("epsg").is_null());
    BOOST_TEST(j.at("linear_unit").is_null());
    BOOST_TEST(j.at("geotransform").size() == 6u);
}

BOOST_AUTO_TEST_CASE(georef_json_on_gettysburg_matches_gdal, *utf::precondition(sandtable::test::sharedDataPresent))
{
    const Result r = runTool({"raster", "georef", scan(), "--gcps", points(), "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("method").get<std::string>() == "affine");
    BOOST_TEST(j.at("crs").get<std::string>() == "EPSG:32618");
    // GDAL's affine fit of the same GCPs (osgeo.gdal.GCPsToGeoTransform, see tests/importers/test_gcp_fit.cpp).
    BOOST_TEST(j.at("rms_map").get<double>() == 317.35525515507163, tt::tolerance(1e-6));
    BOOST_TEST(j.at("mean_error_map").get<double>() == 388.67922116034316, tt::tolerance(1e-6));
    BOOST_TEST(j.at("rms_px").get<double>() == 105.37903168591801, tt::tolerance(1e-6));
    const auto& gcps = j.at("gcps");
    BOOST_REQUIRE(gcps.size() == 9u);
    for (const char* key : {"id", "enabled", "residual_map", "residual_px", "dx", "dy"})
        BOOST_TEST(gcps.at(0).contains(key), key);
    BOOST_TEST(gcps.at(0).at("id").get<int>() == 1);
    BOOST_TEST(gcps.at(7).at("residual_map").get<double>() > 670.0);
}

BOOST_AUTO_TEST_CASE(georef_table_ranks_worst_first, *utf::precondition(sandtable::test::sharedDataPresent))
{
    const Result r = runTool({"raster", "georef", scan(), "--gcps", points()});
    BOOST_TEST(r.code == 0);
    std::istringstream lines(r.out);
    std::string line;
    std::getline(lines, line); // title
    std::getline(lines, line); // header
    std::getline(lines, line); // worst GCP
    int id = 0;
    std::istringstream(line) >> id;
    BOOST_TEST(id == 8);
    BOOST_TEST(r.out.find("RMS 317.355 metre") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(georef_mean_error_is_null_when_n_equals_k)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "scan.pgm", 4, 4);
    sandtable::core::writeFileAtomically(folder / "scan.points",
        "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n500000,4400000,0,0,1\n500010,4400000,1,0,1\n500000,4399990,0,-1,1\n");
    const Result r = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", (folder / "scan.points").string(),
        "--method", "helmert", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("mean_error_map").get<double>() == 0.0, tt::tolerance(1e-9));
    const Result affine = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", (folder / "scan.points").string(),
        "--json"});
    BOOST_TEST(nlohmann::json::parse(affine.out).at("mean_error_map").is_null());
}

BOOST_AUTO_TEST_CASE(georef_writes_world_file_and_geotiff, *utf::precondition(sandtable::test::sharedDataPresent))
{
    sandtable::test::TemporaryFolder folder;
    const auto tif = (folder / "gettysburg.tif").string();
    const auto wld = (folder / "gettysburg.jgw").string();
    const Result r = runTool({"-q", "raster", "georef", scan(), "--gcps", points(), "-o", tif, "--world-file", wld, "--json"});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(r.err.empty());
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("output").at("path").get<std::string>() == tif);
    BOOST_TEST(j.at("world_file").get<std::string>() == wld);
    const Result info = runTool({"raster", "info", tif, "--json"});
    BOOST_TEST(nlohmann::json::parse(info.out).at("epsg").get<int>() == 32618);
}

BOOST_AUTO_TEST_CASE(bad_points_row_is_an_error_line_naming_file_row_and_column)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "scan.pgm", 2, 2);
    const auto pts = (folder / "bad.points").string();
    sandtable::core::writeFileAtomically(pts, "mapX,mapY,pixelX,pixelY,enable\n1,2,0,0,1\n1,NaN,1,-1,1\n");
    const Result r = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", pts, "--target-crs", "EPSG:32618"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(r.err.rfind("sandtable: error: " + pts + ": row 2, column mapY: ", 0) == 0u, r.err);
}

BOOST_AUTO_TEST_CASE(collinear_gcps_exit_one_naming_them)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "scan.pgm", 2, 2);
    const auto pts = (folder / "line.points").string();
    sandtable::core::writeFileAtomically(pts,
        "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n500000,4400000,0,0,1\n500010,4400010,1,-1,1\n500020,4400020,2,-2,1\n");
    const Result r = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", pts, "--json"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(r.err.find("GCPs 1, 2, 3: the GCPs lie on one line") != std::string::npos, r.err);
}

// Bad input with -o and --world-file asked for: a clear error line, exit 1, and neither file written
// (nor a temporary left beside them).
BOOST_AUTO_TEST_CASE(bad_georef_inputs_exit_one_and_write_nothing)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "scan.pgm", 40, 30);
    const std::string good = "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n500000,4400000,0,0,1\n500400,4400000,40,0,1\n"
                             "500000,4399700,0,-30,1\n500400,4399700,40,-30,1\n";
    struct Case {
        std::string name, scanBytes, points, method, expected;
    };
    const std::vector<Case> cases{
        {"missing column", "", "#CRS: EPSG:32618\nmapX,mapY,pixelX,enable\n500000,4400000,0,1\n", "affine", "header"},
        {"NaN", "", good + "nan,4399800,20,-10,1\n", "affine", "row 5"},
        {"infinite", "", good + "500100,inf,20,-10,1\n", "affine", "row 5"},
        {"duplicate pixel", "", good + "500010,4399990,40,0,1\n", "affine", "GCPs 2, 5: duplicate GCPs: same pixel position"},
        {"duplicate map point", "", good + "500000,4400000,20,-10,1\n", "affine", "GCPs 1, 5: duplicate GCPs: same map position"},
        {"too few for poly2", "", good, "poly2", "needs at least 6 enabled GCPs"},
        {"unsupported format", "this is a text file, not a raster\n", good, "affine", "not a raster format GDAL can read"},
        {"truncated tiff", std::string("II*\0\x08\0\0\0", 8), good, "affine", "sandtable: error: "},
    };
    for (const auto& c : cases) {
        std::string scanPath = (folder / "scan.pgm").string();
        if (!c.scanBytes.empty()) {
            scanPath = (folder / "bad_scan.tif").string();
            sandtable::core::writeFileAtomically(scanPath, c.scanBytes);
        }
        const auto pts = (folder / "case.points").string();
        sandtable::core::writeFileAtomically(pts, c.points);
        const auto out = folder / "out.tif";
        const auto wld = folder / "out.wld";
        const Result r = runTool({"raster", "georef", scanPath, "--gcps", pts, "--method", c.method, "-o", out.string(),
            "--world-file", wld.string(), "--json"});
        BOOST_TEST(r.code == 1, c.name);
        BOOST_TEST(r.out.empty(), c.name);
        BOOST_TEST(r.err.rfind("sandtable: error: ", 0) == 0u, c.name << ": " << r.err);
        BOOST_TEST(r.err.find(c.expected) != std::string::npos, c.name << ": " << r.err);
        BOOST_TEST(!std::filesystem::exists(out), c.name);
        BOOST_TEST(!std::filesystem::exists(wld), c.name);
        std::size_t files = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(folder.path()))
            ++files;
        BOOST_TEST(files == (c.scanBytes.empty() ? 2u : 3u), c.name << ": only the inputs remain");
        std::filesystem::remove(folder / "bad_scan.tif");
    }
}

// A GCP outside the image is allowed with a warning (the fit and the output are written).
BOOST_AUTO_TEST_CASE(gcp_outside_the_image_warns_and_writes)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "scan.pgm", 40, 30);
    const auto pts = (folder / "out.points").string();
    sandtable::core::writeFileAtomically(pts, "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n500000,4400000,0,0,1\n"
                                              "500400,4400000,40,0,1\n500000,4399700,0,-30,1\n501000,4399000,100,-70,1\n");
    const auto wld = folder / "out.wld";
    const Result r = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", pts, "--world-file", wld.string()});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(r.err.find("GCP 4") != std::string::npos, r.err);
    BOOST_TEST(std::filesystem::exists(wld));
}

BOOST_AUTO_TEST_CASE(calibrate_json_reports_metres_per_pixel_and_scale)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "k.pgm", 3, 2);
    const auto out = (folder / "k.tif").string();
    const Result r = runTool({"raster", "calibrate", (folder / "k.pgm").string(), "--scale", "8000", "--dpi", "254", "-o", out, "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = nlohmann::json::parse(r.out);
    // 1:8000 at 254 dpi: 0.1 mm of paper per pixel = 0.8 m of ground.
    BOOST_TEST(j.at("metres_per_pixel").get<double>() == 0.8, tt::tolerance(1e-12));
    BOOST_TEST(j.at("scale").get<double>() == 8000.0);
    const Result bar = runTool({"raster", "calibrate", (folder / "k.pgm").string(), "--scale", "8000", "--scale-bar", "0,0,3,4,10",
        "-o", out, "--json"});
    BOOST_TEST(nlohmann::json::parse(bar.out).at("metres_per_pixel").get<double>() == 2.0);
}

BOOST_AUTO_TEST_CASE(calibrate_usage_errors_exit_two)
{
    BOOST_TEST(runTool({"raster", "calibrate", "k.png", "--scale", "8000", "-o", "x.tif"}).code == 2);
    BOOST_TEST(runTool({"raster", "calibrate", "k.png", "--scale", "8000", "--dpi", "300", "--scale-bar", "0,0,1,1,5", "-o", "x.tif"}).code == 2);
    BOOST_TEST(runTool({"raster", "calibrate", "k.png", "--scale", "8000", "--scale-bar", "0,0,1", "-o", "x.tif"}).code == 2);
    BOOST_TEST(runTool({"raster", "georef", "k.png", "--gcps", "p.points", "--method", "spline"}).code == 2);
}

BOOST_AUTO_TEST_CASE(missing_raster_is_an_error_line)
{
    const Result r = runTool({"raster", "info", "/nonexistent/scan.tif"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err == "sandtable: error: /nonexistent/scan.tif: no such file\n");
}

BOOST_AUTO_TEST_SUITE_END()
