// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/raster_commands.cpp: `raster info|georef|calibrate`, their --json keys (cli.md), the
// residual table, error lines and exit codes.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
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
    sandtable::core::io::writeFileAtomically(path, bytes);
}

std::string scan() { return sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg").string(); }
std::string points() { return sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points").string(); }
} // namespace

BOOST_AUTO_TEST_SUITE(cli_raster)

BOOST_AUTO_TEST_CASE(info_json_has_the_keys_of_cli_md)
{
    const Result r = runTool({"raster", "info", sandtable::test::sharedData("rasters/byte.tif").string(), "--json"});
    BOOST_TEST(r.code == 0);
    const auto j = sandtable::test::parseJson(r.out);
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

BOOST_AUTO_TEST_CASE(info_json_uses_null_for_what_is_absent)
{
    const Result r = runTool({"--json", "raster", "info", sandtable::test::sharedData("rasters/grey.tif").string()});
    BOOST_TEST(r.code == 0);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("georeference").get<std::string>() == "worldfile");
    BOOST_TEST(j.at("crs").is_null());
    BOOST_TEST(j.at("epsg").is_null());
    BOOST_TEST(j.at("linear_unit").is_null());
    BOOST_TEST(j.at("geotransform").size() == 6u);
}

BOOST_AUTO_TEST_CASE(georef_json_on_gettysburg_matches_gdal)
{
    const Result r = runTool({"raster", "georef", scan(), "--gcps", points(), "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
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

BOOST_AUTO_TEST_CASE(georef_table_ranks_worst_first)
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
    sandtable::core::io::writeFileAtomically(folder / "scan.points",
        "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n500000,4400000,0,0,1\n500010,4400000,1,0,1\n500000,4399990,0,-1,1\n");
    const Result r = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", (folder / "scan.points").string(),
        "--method", "helmert", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("mean_error_map").get<double>() == 0.0, tt::tolerance(1e-9));
    const Result affine = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", (folder / "scan.points").string(),
        "--json"});
    BOOST_TEST(sandtable::test::parseJson(affine.out).at("mean_error_map").is_null());
}

BOOST_AUTO_TEST_CASE(georef_writes_world_file_and_geotiff)
{
    sandtable::test::TemporaryFolder folder;
    const auto tif = (folder / "gettysburg.tif").string();
    const auto wld = (folder / "gettysburg.jgw").string();
    const Result r = runTool({"-q", "raster", "georef", scan(), "--gcps", points(), "-o", tif, "--world-file", wld, "--json"});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(r.err.empty());
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("output").at("path").get<std::string>() == tif);
    BOOST_TEST(j.at("world_file").get<std::string>() == wld);
    const Result info = runTool({"raster", "info", tif, "--json"});
    BOOST_TEST(sandtable::test::parseJson(info.out).at("epsg").get<int>() == 32618);
}

BOOST_AUTO_TEST_CASE(bad_points_row_is_an_error_line_naming_file_row_and_column)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "scan.pgm", 2, 2);
    const auto pts = (folder / "bad.points").string();
    sandtable::core::io::writeFileAtomically(pts, "mapX,mapY,pixelX,pixelY,enable\n1,2,0,0,1\n1,NaN,1,-1,1\n");
    const Result r = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", pts, "--target-crs", "EPSG:32618"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.out.empty()); // without --json nothing on stdout
    BOOST_TEST(r.err.rfind("sandtable: error: " + pts + ": row 2, column mapY: ", 0) == 0u, r.err);
}

BOOST_AUTO_TEST_CASE(collinear_gcps_exit_one_naming_them)
{
    sandtable::test::TemporaryFolder folder;
    writeScan(folder / "scan.pgm", 2, 2);
    const auto pts = (folder / "line.points").string();
    sandtable::core::io::writeFileAtomically(pts,
        "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n500000,4400000,0,0,1\n500010,4400010,1,-1,1\n500020,4400020,2,-2,1\n");
    const Result r = runTool({"raster", "georef", (folder / "scan.pgm").string(), "--gcps", pts, "--json"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("error").at("kind").get<std::string>() == "error");
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
            sandtable::core::io::writeFileAtomically(scanPath, c.scanBytes);
        }
        const auto pts = (folder / "case.points").string();
        sandtable::core::io::writeFileAtomically(pts, c.points);
        const auto out = folder / "out.tif";
        const auto wld = folder / "out.wld";
        const Result r = runTool({"raster", "georef", scanPath, "--gcps", pts, "--method", c.method, "-o", out.string(),
            "--world-file", wld.string(), "--json"});
        BOOST_TEST(r.code == 1, c.name);
        // With --json the failure is one document on stdout (issue 24), the line for people on stderr.
        BOOST_TEST(sandtable::test::parseJson(r.out).at("error").at("exit_code").get<int>() == 1, c.name);
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
    sandtable::core::io::writeFileAtomically(pts, "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n500000,4400000,0,0,1\n"
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
    const auto j = sandtable::test::parseJson(r.out);
    // 1:8000 at 254 dpi: 0.1 mm of paper per pixel = 0.8 m of ground.
    BOOST_TEST(j.at("metres_per_pixel").get<double>() == 0.8, tt::tolerance(1e-12));
    BOOST_TEST(j.at("scale").get<double>() == 8000.0);
    const Result bar = runTool({"raster", "calibrate", (folder / "k.pgm").string(), "--scale", "8000", "--scale-bar", "0,0,3,4,10",
        "-o", out, "--json"});
    BOOST_TEST(sandtable::test::parseJson(bar.out).at("metres_per_pixel").get<double>() == 2.0);
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

// ------------------------------------------------------------------ raster georef --report (issue 19 item 6)

namespace {

bool havePoppler()
{
    return std::system("command -v pdftotext >/dev/null 2>&1 && command -v pdftocairo >/dev/null 2>&1") == 0;
}

/// pdftotext -layout of the whole PDF: pages end with a form feed.
std::string pdfText(const std::filesystem::path& pdf, const sandtable::test::TemporaryFolder& folder)
{
    const auto txt = folder / "report.txt";
    BOOST_REQUIRE(std::system(("pdftotext -layout '" + pdf.string() + "' '" + txt.string() + "'").c_str()) == 0);
    return sandtable::core::io::readFile(txt);
}

/// Table rows (id, "yes"/"no") in the order the text lists them.
std::vector<std::pair<int, std::string>> reportRows(const std::string& text)
{
    std::vector<std::pair<int, std::string>> rows;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string id, on;
        if ((words >> id >> on) && (on == "yes" || on == "no") && id.find_first_not_of("0123456789") == std::string::npos)
            rows.emplace_back(std::stoi(id), on);
    }
    return rows;
}

std::string fixed3(double v)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(3) << v;
    return out.str();
}

/// The least-squares affine fit v = c0 + c1 pixel + c2 line (normal equations, Cramer's rule).
std::array<double, 3> leastSquares(const std::vector<std::array<double, 3>>& samples) // pixel, line, value
{
    double n = 0, sp = 0, sl = 0, spp = 0, spl = 0, sll = 0, sv = 0, spv = 0, slv = 0;
    for (const auto& [p, l, v] : samples) {
        n += 1; sp += p; sl += l; spp += p * p; spl += p * l; sll += l * l; sv += v; spv += p * v; slv += l * v;
    }
    const auto det3 = [](double a, double b, double c, double d, double e, double f, double g, double h, double i) {
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    };
    const double d = det3(n, sp, sl, sp, spp, spl, sl, spl, sll);
    return {det3(sv, sp, sl, spv, spp, spl, slv, spl, sll) / d, det3(n, sv, sl, sp, spv, spl, sl, slv, sll) / d,
        det3(n, sp, sv, sp, spp, spv, sl, spl, slv) / d};
}

} // namespace

BOOST_AUTO_TEST_CASE(georef_report_on_gettysburg_states_the_rms_of_the_residuals_and_lists_the_worst_gcp_first)
{
    BOOST_REQUIRE_MESSAGE(!(!havePoppler()), "cannot run: pdftotext / pdftocairo (poppler-utils) are not installed");
    sandtable::test::TemporaryFolder folder;
    const auto pdf = folder / "gettysburg-report.pdf";
    const Result r = runTool({"raster", "georef", scan(), "--gcps", points(), "--report", pdf.string(), "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("report").get<std::string>() == pdf.string());
    BOOST_REQUIRE(std::filesystem::exists(pdf));

    // The affine fit worked out here from the GCPs in UTM 18N (the JSON's x, y): least squares per axis.
    std::vector<std::array<double, 3>> xs, ys;
    for (const auto& g : j.at("gcps")) {
        xs.push_back({g.at("pixel").get<double>(), g.at("line").get<double>(), g.at("x").get<double>()});
        ys.push_back({g.at("pixel").get<double>(), g.at("line").get<double>(), g.at("y").get<double>()});
    }
    const auto cx = leastSquares(xs), cy = leastSquares(ys);
    double sum = 0, worst = -1;
    int worstId = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const double dx = cx[0] + cx[1] * xs[i][0] + cx[2] * xs[i][1] - xs[i][2];
        const double dy = cy[0] + cy[1] * ys[i][0] + cy[2] * ys[i][1] - ys[i][2];
        const double residual = std::hypot(dx, dy);
        sum += residual * residual;
        if (residual > worst) {
            worst = residual;
            worstId = j.at("gcps").at(i).at("id").get<int>();
        }
    }
    const double rms = std::sqrt(sum / 9.0), meanError = std::sqrt(sum / (9.0 - 3.0));
    BOOST_TEST(worstId == 8); // the README's 680 m GCP

    const std::string text = pdfText(pdf, folder);
    BOOST_TEST(std::count(text.begin(), text.end(), '\f') == 1); // 9 rows fit the first page's 19
    BOOST_TEST(text.find("Georeferencing report: gettysburg_cope_survey_field_base.jpg") != std::string::npos, text);
    BOOST_TEST(text.find("RMS: " + fixed3(rms) + " m") != std::string::npos, fixed3(rms));
    BOOST_TEST(text.find("Mean error: " + fixed3(meanError) + " m") != std::string::npos, fixed3(meanError));
    BOOST_TEST(text.find("Method: affine") != std::string::npos);
    BOOST_TEST(text.find("GCP CRS: WGS 84 (EPSG:4326)") != std::string::npos);
    BOOST_TEST(text.find("Target CRS: WGS 84 / UTM zone 18N (EPSG:32618), unit metre") != std::string::npos);
    BOOST_TEST(text.find("GCPs: 9 enabled of 9") != std::string::npos);
    BOOST_TEST(text.find("Scan: gettysburg_cope_survey_field_base.jpg, 1500 x 2500 pixels") != std::string::npos);
    const auto rows = reportRows(text);
    BOOST_REQUIRE(rows.size() == 9u);
    BOOST_TEST(rows.front().first == worstId);
    // GCP 8's row as the .points file gives it: pixel 525, line 1775 (pixelY -1775), -77.2497, 39.7969.
    BOOST_TEST(text.find("525.00") != std::string::npos);
    BOOST_TEST(text.find("1775.00") != std::string::npos);
    BOOST_TEST(text.find("-77.249700") != std::string::npos);
    BOOST_TEST(text.find("39.796900") != std::string::npos);

    // It renders: one A4 page, 210 x 297 mm at 60 dpi = 496.06 x 701.57 pixels, which pdftocairo rounds up.
    BOOST_REQUIRE(std::system(("pdftocairo -png -r 60 -singlefile '" + pdf.string() + "' '" + (folder / "page").string() + "'").c_str()) == 0);
    cairo_surface_t* png = cairo_image_surface_create_from_png((folder / "page.png").c_str());
    BOOST_TEST(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS);
    BOOST_TEST(cairo_image_surface_get_width(png) == 497);
    BOOST_TEST(cairo_image_surface_get_height(png) == 702);
    cairo_surface_destroy(png);

    // Without --json the last line says what was written.
    const auto pdf2 = folder / "again.pdf";
    const Result text2 = runTool({"raster", "georef", scan(), "--gcps", points(), "--report", pdf2.string()});
    BOOST_TEST(text2.code == 0, text2.err);
    BOOST_TEST(text2.out.find("wrote report " + pdf2.string() + " (1 page, residual arrows x 1)") != std::string::npos, text2.out);
}

BOOST_AUTO_TEST_CASE(georef_report_of_343_gcps_takes_7_pages_disabled_gcps_last)
{
    BOOST_REQUIRE_MESSAGE(!(!havePoppler()), "cannot run: pdftotext / pdftocairo (poppler-utils) are not installed");
    sandtable::test::TemporaryFolder folder;
    // 343 GCPs over the Gettysburg scan: a plain affine map of pixel to degrees, each GCP nudged by up to
    // 8e-5 degrees (a few metres); every 50th GCP (50, 100, ..., 300: 6 of them) disabled.
    std::ostringstream pts;
    pts << std::setprecision(10) << "#CRS: EPSG:4326\nmapX,mapY,pixelX,pixelY,enable,dX,dY,residual\n";
    for (int i = 1; i <= 343; ++i) {
        const int pixel = 20 + (i * 37) % 1460, line = 20 + (i * 91) % 2460;
        const double nudgeX = ((i * 13) % 17 - 8) * 1e-5, nudgeY = ((i * 7) % 19 - 9) * 1e-5;
        pts << -77.26 + pixel * 2.4e-5 + nudgeX << "," << 39.845 - line * 2.2e-5 + nudgeY << "," << pixel << "," << -line << ","
            << (i % 50 == 0 ? 0 : 1) << ",0,0,0\n";
    }
    const auto pointsPath = folder / "many.points";
    sandtable::core::io::writeFileAtomically(pointsPath, pts.str());
    const auto pdf = folder / "many.pdf";
    const Result r = runTool({"raster", "georef", scan(), "--gcps", pointsPath.string(), "--report", pdf.string(), "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("enabled").get<int>() == 337);
    // The worst enabled GCP by the JSON's residuals.
    int worstId = 0;
    double worst = -1;
    for (const auto& g : j.at("gcps"))
        if (g.at("enabled").get<bool>() && g.at("residual_map").get<double>() > worst) {
            worst = g.at("residual_map").get<double>();
            worstId = g.at("id").get<int>();
        }
    const std::string text = pdfText(pdf, folder);
    // 19 rows on page 1, then 63 a page: 1 + ceil((343 - 19) / 63) = 1 + ceil(5.14) = 7 pages.
    BOOST_TEST(std::count(text.begin(), text.end(), '\f') == 7);
    BOOST_TEST(text.find("page 7 of 7") != std::string::npos);
    const auto rows = reportRows(text);
    BOOST_REQUIRE(rows.size() == 343u);
    BOOST_TEST(rows.front().first == worstId);
    for (std::size_t k = 0; k < rows.size(); ++k)
        BOOST_TEST(rows[k].second == (k < 337 ? "yes" : "no"), "row " << k + 1 << ": GCP " << rows[k].first);
}

BOOST_AUTO_TEST_CASE(georef_report_into_a_missing_folder_exits_one_and_writes_nothing)
{
    sandtable::test::TemporaryFolder folder;
    const auto pdf = folder / "no-such-folder" / "report.pdf";
    const Result r = runTool({"raster", "georef", scan(), "--gcps", points(), "--report", pdf.string(), "--json"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("error").at("kind").get<std::string>() == "error");
    BOOST_TEST(r.err == "sandtable: error: " + pdf.string() + ": cannot write the report: the folder "
            + (folder / "no-such-folder").string() + " does not exist\n", r.err);
    BOOST_TEST(std::filesystem::is_empty(folder.path()));
}

// Issue 24: the bundled Kriegsspiel-style sheet (examples/kriegsspiel, drawn by build_kriegsspiel.py) goes
// through the README's steps: calibrated at 1:8000 and 300 dpi, a scenario in its local frame, its green
// woods traced at the scan's own pixel, and the bundled roster imported.
BOOST_AUTO_TEST_CASE(the_bundled_kriegsspiel_sheet_goes_through_the_readme_steps)
{
    const auto example = sandtable::test::sourceDir() / "examples" / "kriegsspiel";
    sandtable::test::TemporaryFolder folder;
    const std::string tif = (folder / "kriegsspiel.tif").string(), file = (folder / "kriegsspiel.sandtable.json").string();
    const Result calibrated = runTool({"raster", "calibrate", (example / "kriegsspiel.png").string(), "--scale", "8000", "--dpi", "300",
        "-o", tif, "--json"});
    BOOST_REQUIRE(calibrated.code == 0);
    const auto j = sandtable::test::parseJson(calibrated.out);
    // 8000 x 25.4 mm / 300 = 677.333 mm a pixel; the 2000 x 1500 px sheet is 1354.67 m x 1016 m of ground.
    BOOST_TEST(j.at("metres_per_pixel").get<double>() == 0.677333333, boost::test_tools::tolerance(1e-8));
    BOOST_TEST(j.at("ground_height_m").get<double>() == 1016.0, boost::test_tools::tolerance(1e-9));
    BOOST_REQUIRE(runTool({"scenario", "new", "--map", tif, "--scale", "16000", "-o", file}).code == 0);
    const Result traced = runTool({"terrain", "trace", file, "--colour", "40,120,40", "--tolerance", "40", "--class", "woods", "--json"});
    BOOST_REQUIRE(traced.code == 0);
    const auto t = sandtable::test::parseJson(traced.out);
    BOOST_REQUIRE(t.at("features").size() == 2u);
    // The two woods are ellipses of 260 x 160 px and 200 x 120 px semi-axes: pi a b (0.677333 m)^2 =
    // 59,958 m2 and 34,591 m2; traced on pixel centres and simplified, within 1.5 %.
    std::vector<double> areas;
    for (const auto& f : t.at("features"))
        areas.push_back(f.at("area_m2").get<double>());
    std::sort(areas.begin(), areas.end());
    BOOST_TEST(areas[1] == 59958.0, boost::test_tools::tolerance(0.015));
    BOOST_TEST(areas[0] == 34591.0, boost::test_tools::tolerance(0.015));
    // The scan's own pixel, not a coarser default: every one of the 206,088 pixels of the two ellipses.
    BOOST_TEST(t.at("matched_pixels").get<double>() == 206088.0, boost::test_tools::tolerance(0.01));

    const Result roster = runTool({"oob", "import", file, (example / "roster.csv").string(), "--map", "unit_name=name", "--json"});
    BOOST_TEST(roster.code == 0, roster.err);
    const auto r = sandtable::test::parseJson(roster.out);
    BOOST_TEST(r.at("imported").get<int>() == 7); // an HQ and six units of the 9th Brigade
    BOOST_TEST(r.at("errors").get<int>() == 0);
    const Result tree = runTool({"oob", "import", file, (example / "oob.csv").string(), "--path", "path", "--dry-run", "--json"});
    BOOST_TEST(tree.code == 0, tree.err);
    const auto d = sandtable::test::parseJson(tree.out);
    BOOST_TEST(d.at("imported").get<int>() == 11); // 11 rows: 2 HQs and 9 units
    BOOST_TEST(d.at("formations_created").get<int>() == 6); // 2 corps, 4 brigades/divisions below them
    BOOST_TEST(d.at("sides_created").get<int>() == 1);      // Austria: Prussia came with the roster
    BOOST_TEST(d.at("saved").get<bool>() == false);
}

BOOST_AUTO_TEST_SUITE_END()
