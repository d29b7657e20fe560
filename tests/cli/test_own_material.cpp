// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 43, round three: the designer's own material as a new user runs it through the tool, whole commands
// on whole inputs (a plain scan to a printed map, a world file in its own frame, a truncated JPEG, a GeoJSON
// with NaN, an existing scenario under `scenario new -o`, a GCP file of another scan, a mistyped class).
#include "support/cli_runner.hpp"
#include "support/run_command.hpp"
#include "support/test_data.hpp"

#include "sandtable/core/io/atomic_file.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>
#include <cairo.h>
#include <gdal_alg.h>
#include <gdal.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using sandtable::test::Result;
using sandtable::test::runTool;
namespace fs = std::filesystem;

namespace {

using sandtable::test::readText;

void writeText(const fs::path& p, const std::string& text)
{
    std::ofstream out(p, std::ios::binary);
    out << text;
}

/// A plain 400 x 300 px PNG (a light page with a dark square), drawn with cairo.
void writePng(const fs::path& p, int width, int height)
{
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t* cr = cairo_create(s);
    cairo_set_source_rgb(cr, 0.95, 0.93, 0.88);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0.2, 0.4, 0.2);
    cairo_rectangle(cr, width / 4.0, height / 4.0, width / 2.0, height / 2.0);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_write_to_png(s, p.c_str());
    cairo_surface_destroy(s);
}

/// The GCPs of a QGIS .points file (lon, lat, pixel, -line) of a plain scan.
struct PointsRow {
    double lon, lat, pixel, line;
};
std::vector<PointsRow> readPoints(const fs::path& p)
{
    std::vector<PointsRow> rows;
    std::istringstream in(readText(p));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line.rfind("mapX", 0) == 0)
            continue;
        std::array<double, 4> v{};
        std::istringstream fields(line);
        std::string cell;
        for (double& x : v) {
            std::getline(fields, cell, ',');
            x = std::stod(cell);
        }
        rows.push_back({v[0], v[1], v[2], -v[3]});
    }
    return rows;
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_own_material)

// Item 1: `map georef` on a scenario made from a plain scan gives it the fit's CRS and the scan's extent, and
// `map print` then prints it with the scan. The expected extent comes from GDAL's own first-order GCP
// transformer (GDALCreateGCPTransformer, a least-squares affine like our `affine`) on the GCPs projected
// with OSR to the UTM zone of their centre (-77.22 E: zone 18 north, EPSG:32618), sampled along the scan's
// edge: an anchor independent of our fit.
BOOST_AUTO_TEST_CASE(map_georef_of_a_plain_scan_gives_crs_and_extent_and_the_map_prints)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path scan = folder / "cope.jpg";
    const fs::path points = folder / "cope.jpg.points";
    fs::copy_file(sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg"), scan);
    fs::copy_file(sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points"), points);
    const std::string file = (folder / "cope.sandtable.json").string();
    const Result created = runTool({"scenario", "new", "--map", scan.string(), "-o", file});
    BOOST_TEST_REQUIRE(created.code == 0, created.err);

    const Result georef = runTool({"map", "georef", file, "--gcps", points.string(), "--json"});
    BOOST_TEST_REQUIRE(georef.code == 0, georef.err);
    const auto j = sandtable::test::parseJson(georef.out);
    BOOST_TEST(j.at("working_crs").get<std::string>() == "EPSG:32618");
    const auto& extent = j.at("extent");

    // The anchor: GCPs to UTM 18N with OSR, GDAL's order-1 GCP transformer, the edge of the 1500 x 2500 scan.
    const std::vector<PointsRow> rows = readPoints(points);
    OGRSpatialReferenceH wgs84 = OSRNewSpatialReference(nullptr);
    OGRSpatialReferenceH utm = OSRNewSpatialReference(nullptr);
    OSRImportFromEPSG(wgs84, 4326);
    OSRImportFromEPSG(utm, 32618);
    OSRSetAxisMappingStrategy(wgs84, OAMS_TRADITIONAL_GIS_ORDER);
    OSRSetAxisMappingStrategy(utm, OAMS_TRADITIONAL_GIS_ORDER);
    OGRCoordinateTransformationH toUtm = OCTNewCoordinateTransformation(wgs84, utm);
    std::vector<GDAL_GCP> gcps(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        double x = rows[i].lon, y = rows[i].lat;
        BOOST_TEST_REQUIRE(OCTTransform(toUtm, 1, &x, &y, nullptr) == TRUE);
        gcps[i] = GDAL_GCP{const_cast<char*>(""), const_cast<char*>(""), rows[i].pixel, rows[i].line, x, y, 0.0};
    }
    void* transformer = GDALCreateGCPTransformer(static_cast<int>(gcps.size()), gcps.data(), 1, FALSE);
    BOOST_TEST_REQUIRE(transformer != nullptr);
    double minX = std::numeric_limits<double>::infinity(), minY = minX, maxX = -minX, maxY = -minX;
    for (int i = 0; i <= 20; ++i) {
        const double t = i / 20.0;
        for (const auto& [px, py] : std::vector<std::pair<double, double>>{{t * 1500, 0}, {t * 1500, 2500}, {0, t * 2500}, {1500, t * 2500}}) {
            double x = px, y = py, z = 0;
            int ok = 0;
            GDALGCPTransform(transformer, FALSE, 1, &x, &y, &z, &ok);
            BOOST_TEST_REQUIRE(ok == TRUE);
            minX = std::min(minX, x);
            minY = std::min(minY, y);
            maxX = std::max(maxX, x);
            maxY = std::max(maxY, y);
        }
    }
    GDALDestroyGCPTransformer(transformer);
    OCTDestroyCoordinateTransformation(toUtm);
    OSRDestroySpatialReference(wgs84);
    OSRDestroySpatialReference(utm);
    BOOST_TEST(extent.at("min_x").get<double>() == minX, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(extent.at("min_y").get<double>() == minY, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(extent.at("max_x").get<double>() == maxX, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(extent.at("max_y").get<double>() == maxY, boost::test_tools::tolerance(1e-6));

    // Every product works from it: the map prints with the scan, and the module has a board.
    const Result printed = runTool({"map", "print", file, "-o", (folder / "map.pdf").string(), "--json"});
    BOOST_TEST_REQUIRE(printed.code == 0, printed.err);
    BOOST_TEST(sandtable::test::parseJson(printed.out).at("scan").get<bool>());
    const Result module = runTool({"vassal", "export", file, "-o", (folder / "game.vmod").string(), "--json"});
    BOOST_TEST_REQUIRE(module.code == 0, module.err);
    BOOST_TEST(sandtable::test::parseJson(module.out).at("board_px").is_array());
}

// Item 1: a scan whose world file holds coordinates of its own frame (0-344 km, digitised in another tool,
// no .prj): the error names the ways out; --frame local takes them as a local frame whose extent is the world
// file's (pixel 10 m from (0, 344000): 400 x 300 px -> 0..4000 E, 341000..344000 N); --crs EPSG:32618 is taken
// with a warning that the coordinates lie outside its area of use (UTM 18N's x runs from about 166 km up).
BOOST_AUTO_TEST_CASE(a_world_file_in_its_own_frame_can_be_started_as_a_local_frame_or_a_plain_scan)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path scan = folder / "digitised.png";
    writePng(scan, 400, 300);
    writeText(folder / "digitised.pgw", "10\n0\n0\n-10\n5\n343995\n");
    const std::string file = (folder / "digitised.sandtable.json").string();

    const Result refused = runTool({"scenario", "new", "--map", scan.string(), "-o", file});
    BOOST_TEST(refused.code == 1);
    BOOST_TEST(refused.err.find("--frame local") != std::string::npos, refused.err);
    BOOST_TEST(refused.err.find("--frame scan") != std::string::npos, refused.err);
    BOOST_TEST(!fs::exists(file));

    const Result local = runTool({"scenario", "new", "--map", scan.string(), "--frame", "local", "-o", file, "--json"});
    BOOST_TEST_REQUIRE(local.code == 0, local.err);
    const auto j = sandtable::test::parseJson(local.out);
    BOOST_TEST(j.at("crs").get<std::string>() == "LOCAL:digitised");
    BOOST_TEST(j.at("extent").at(0).get<double>() == 0.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(j.at("extent").at(1).get<double>() == 341000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(j.at("extent").at(2).get<double>() == 4000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(j.at("extent").at(3).get<double>() == 344000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(runTool({"scenario", "validate", file}).code == 0);

    const Result plain = runTool({"scenario", "new", "--map", scan.string(), "--frame", "scan", "-o", file, "--force", "--json"});
    BOOST_TEST_REQUIRE(plain.code == 0, plain.err);
    BOOST_TEST(sandtable::test::parseJson(plain.out).at("next").get<std::string>() == "georeference");

    const Result named = runTool({"scenario", "new", "--map", scan.string(), "--crs", "EPSG:32618", "-o", file, "--force"});
    BOOST_TEST_REQUIRE(named.code == 0, named.err);
    BOOST_TEST(named.err.find("outside the area of use of EPSG:32618") != std::string::npos, named.err);
}

// Item 1: a JPEG cut short (its first 300,000 of 2,018,539 bytes) is refused by `raster info` and
// `scenario new --map`, naming the file and the damage; no scenario is written.
BOOST_AUTO_TEST_CASE(a_truncated_jpeg_is_refused_at_import)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path cut = folder / "cut.jpg";
    const std::string whole = readText(sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg"));
    BOOST_TEST_REQUIRE(whole.size() == 2018539u);
    writeText(cut, whole.substr(0, 300000));
    const Result info = runTool({"raster", "info", cut.string()});
    BOOST_TEST(info.code == 1);
    BOOST_TEST(info.err.find(cut.string() + ": image: the image data is cut short or damaged") != std::string::npos, info.err);
    const std::string file = (folder / "cut.sandtable.json").string();
    const Result created = runTool({"scenario", "new", "--map", cut.string(), "-o", file});
    BOOST_TEST(created.code == 1);
    BOOST_TEST(created.err.find("Premature end of JPEG file") != std::string::npos, created.err);
    BOOST_TEST(!fs::exists(file));
    // Warped straight from its GCPs, the failure to read it names the scan, not the GeoTIFF being written.
    const fs::path points = folder / "cut.jpg.points";
    fs::copy_file(sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points"), points);
    const fs::path out = folder / "out.tif";
    const Result warped = runTool({"raster", "georef", cut.string(), "--gcps", points.string(), "-o", out.string()});
    BOOST_TEST(warped.code == 1);
    BOOST_TEST(warped.err.find(cut.string() + ": image: the scan could not be read while warping") != std::string::npos, warped.err);
    BOOST_TEST(!fs::exists(out));
}

// Item 7: `scenario new -o` over an existing scenario is refused and the file kept byte for byte; --force
// replaces it.
BOOST_AUTO_TEST_CASE(scenario_new_refuses_to_overwrite_without_force)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path file = folder / "mine.sandtable.json";
    fs::copy_file(sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json", file);
    const std::string before = readText(file);
    const Result refused = runTool({"scenario", "new", "--system", "pub-battles", "-o", file.string()});
    BOOST_TEST(refused.code == 1);
    BOOST_TEST(refused.err.find(file.string() + ": output: exists already") != std::string::npos, refused.err);
    BOOST_TEST(refused.err.find("--force") != std::string::npos);
    BOOST_TEST(readText(file) == before);
    const Result forced = runTool({"scenario", "new", "--system", "pub-battles", "-o", file.string(), "--force"});
    BOOST_TEST(forced.code == 0, forced.err);
    BOOST_TEST(readText(file) != before);
}

// Item 5: a GeoJSON feature with a NaN vertex and one with Infinity are left out with a finding naming them;
// the finite one is imported and the scenario still reads and validates.
BOOST_AUTO_TEST_CASE(nan_and_infinity_vertices_are_dropped_with_a_finding)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = (folder / "s.sandtable.json").string();
    BOOST_TEST_REQUIRE(runTool({"scenario", "new", "--crs", "EPSG:32618", "-o", file}).code == 0);
    const fs::path geojson = folder / "woods.geojson";
    writeText(geojson, R"({"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::32618"}},
 "features": [
 {"type": "Feature", "properties": {"name": "Good"}, "geometry": {"type": "Polygon", "coordinates": [[[300000, 4400000], [300100, 4400000], [300100, 4400100], [300000, 4400000]]]}},
 {"type": "Feature", "properties": {"name": "NaN"}, "geometry": {"type": "Polygon", "coordinates": [[[300000, 4400000], [NaN, 4400000], [300100, 4400100], [300000, 4400000]]]}},
 {"type": "Feature", "properties": {"name": "Inf"}, "geometry": {"type": "Polygon", "coordinates": [[[300000, 4400000], [Infinity, 4400000], [300100, 4400100], [300000, 4400000]]]}}
 ]})");
    const Result imported = runTool({"terrain", "import", file, geojson.string(), "--class", "woods", "--json"});
    BOOST_TEST_REQUIRE(imported.code == 0, imported.err + imported.out);
    BOOST_TEST(imported.out.find("import.geometry.not_finite") != std::string::npos, imported.out);
    const Result validated = runTool({"scenario", "validate", file, "--json"});
    BOOST_TEST(validated.code == 0, validated.out + validated.err);
    const Result listed = runTool({"terrain", "list", file, "--json"});
    BOOST_TEST_REQUIRE(listed.code == 0);
    BOOST_TEST(sandtable::test::parseJson(listed.out).at("features").size() == 1u);
}

// Item 7: a GCP file of another scan (every GCP off the 1500 x 2500 image) is refused; nothing is written.
BOOST_AUTO_TEST_CASE(raster_georef_refuses_gcps_that_all_lie_off_the_image)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path points = folder / "other.points";
    writeText(points, "#CRS: EPSG:4326\nmapX,mapY,pixelX,pixelY,enable\n-77.2311,39.8309,5895,-6000,1\n"
                      "-77.2300,39.8221,5875,-6985,1\n-77.2206,39.8156,6015,-7010,1\n-77.2100,39.8300,7000,-6500,1\n");
    const fs::path out = folder / "out.tif";
    const Result r = runTool({"raster", "georef", sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg").string(),
        "--gcps", points.string(), "-o", out.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("all 4 GCPs lie outside the 1500 x 2500 image") != std::string::npos, r.err);
    BOOST_TEST(!fs::exists(out));
}

// Item 7: `terrain import --class-from class` keeps the features' other properties (a road's grade: major, a
// note), and a mistyped class says which one was meant; `terrain classes` lists them.
BOOST_AUTO_TEST_CASE(class_from_keeps_other_properties_and_a_wrong_class_says_what_was_meant)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = (folder / "s.sandtable.json").string();
    BOOST_TEST_REQUIRE(runTool({"scenario", "new", "--crs", "EPSG:32618", "-o", file}).code == 0);
    const fs::path geojson = folder / "drawn.geojson";
    writeText(geojson, R"({"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::32618"}},
 "features": [
 {"type": "Feature", "properties": {"class": "road", "grade": "major", "note": "Baltimore Pike"}, "geometry": {"type": "LineString", "coordinates": [[300000, 4400000], [301000, 4400500]]}},
 {"type": "Feature", "properties": {"class": "wood", "grade": "minor"}, "geometry": {"type": "Polygon", "coordinates": [[[300000, 4400000], [300100, 4400000], [300100, 4400100], [300000, 4400000]]]}}
 ]})");
    const Result imported = runTool({"terrain", "import", file, geojson.string(), "--class-from", "class"});
    BOOST_TEST_REQUIRE(imported.code == 0, imported.err);
    BOOST_TEST(imported.err.find("class 'wood' is neither a canonical class nor a declared custom class; skipped (did you mean 'woods'?")
            != std::string::npos,
        imported.err);
    const std::string saved = readText(file);
    BOOST_TEST(saved.find("\"grade\": \"major\"") != std::string::npos);
    BOOST_TEST(saved.find("\"note\": \"Baltimore Pike\"") != std::string::npos);
    const Result classes = runTool({"terrain", "classes"});
    BOOST_TEST(classes.code == 0);
    BOOST_TEST(classes.out.find("woods  (polygon)") != std::string::npos, classes.out);
    BOOST_TEST(classes.out.find("road  (line)") != std::string::npos);
}

// Item 7: a product of a scenario with errors warns, naming the command that lists them (a class 'wods').
BOOST_AUTO_TEST_CASE(map_print_of_a_scenario_with_errors_warns)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path file = folder / "s.sandtable.json";
    fs::copy_file(sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json", file);
    std::string text = readText(file);
    const auto at = text.find("\"class\": \"woods\"");
    BOOST_TEST_REQUIRE(at != std::string::npos);
    text.replace(at, std::string("\"class\": \"woods\"").size(), "\"class\": \"wods\"");
    writeText(file, text);
    BOOST_TEST(runTool({"scenario", "validate", file.string()}).code == 1);
    const Result printed = runTool({"map", "print", file.string(), "-o", (folder / "map.pdf").string(), "--layers", "terrain"});
    BOOST_TEST(printed.code == 0, printed.err);
    BOOST_TEST(printed.err.find("warning: the scenario has 1 error (`sandtable scenario validate " + file.string() + "` lists it)")
            != std::string::npos,
        printed.err);
}

// Issue 42 item 2: the Properties pane's rules are core operations, reachable from the CLI: `oob set` takes
// Gettysburg's division to 4,000 men facing -30 degrees (330), and refuses 2.5 men without touching the file.
BOOST_AUTO_TEST_CASE(oob_set_applies_the_editors_rules)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path file = folder / "g.sandtable.json";
    fs::copy_file(sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json", file);
    const Result set = runTool({"oob", "set", file.string(), "us-i-1", "--strength", "4000", "--facing", "-30", "--json"});
    BOOST_TEST_REQUIRE(set.code == 0, set.err);
    const auto j = sandtable::test::parseJson(set.out);
    BOOST_TEST(j.at("strength").get<int>() == 4000);
    BOOST_TEST(j.at("facing").get<double>() == 330.0);
    const std::string before = readText(file);
    const Result refused = runTool({"oob", "set", file.string(), "us-i-1", "--strength", "2.5"});
    BOOST_TEST(refused.code == 1);
    BOOST_TEST(refused.err.find(file.string() + ": unit 'us-i-1': strength must be a whole number") != std::string::npos, refused.err);
    BOOST_TEST(readText(file) == before);
    // 5,000,000 men was taken and saved, and then every command refused the file (the schema's maximum is
    // 1,000,000): refused now, the file untouched, and it still validates.
    const Result tooMany = runTool({"oob", "set", file.string(), "us-i-1", "--strength", "5000000"});
    BOOST_TEST(tooMany.code == 1);
    BOOST_TEST(tooMany.err.find("from 0 to 1000000") != std::string::npos, tooMany.err);
    BOOST_TEST(readText(file) == before);
    BOOST_TEST(runTool({"scenario", "validate", file.string()}).code == 0);
}

// New-user trial: `vassal export` of a scenario without units says the module has nothing to play with.
BOOST_AUTO_TEST_CASE(a_module_without_pieces_is_written_with_a_warning)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = (folder / "empty.sandtable.json").string();
    BOOST_TEST_REQUIRE(runTool({"scenario", "new", "--crs", "EPSG:32618", "-o", file}).code == 0);
    const Result exported = runTool({"vassal", "export", file, "-o", (folder / "empty.vmod").string(), "--json"});
    BOOST_TEST_REQUIRE(exported.code == 0, exported.err);
    const auto j = sandtable::test::parseJson(exported.out);
    BOOST_TEST(j.at("pieces").get<int>() == 0);
    bool said = false;
    for (const auto& f : j.at("findings"))
        said = said || f.at("code") == "vassal.no_pieces";
    BOOST_TEST(said, exported.out);
}

// Item 5: a catalogue on a read-only share (file 0444 in a folder 0555, in WAL mode after its export) is listed
// by a reader without write permission: the real `sandtable` executable run as `nobody` (through runuser when
// the test runs as root, as CI does; as the test's own user otherwise, who then has no write permission either).
BOOST_AUTO_TEST_CASE(a_catalogue_on_a_read_only_share_can_be_listed)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path share = folder / "share";
    fs::create_directory(share);
    const fs::path catalogue = share / "club.gpkg";
    const Result exported = runTool({"catalogue", "export", (sandtable::test::sourceDir() / "examples/antietam/antietam.sandtable.json").string(),
        "--catalogue", catalogue.string()});
    BOOST_TEST_REQUIRE(exported.code == 0, exported.err);
    // The executable beside the share, where `nobody` can reach it.
    const fs::path tool = folder / "sandtable";
    fs::copy_file(SANDTABLE_EXECUTABLE, tool);
    ::chmod(folder.path().c_str(), 0755);
    ::chmod(tool.c_str(), 0755);
    ::chmod(catalogue.c_str(), 0444);
    ::chmod(share.c_str(), 0555);
    std::string command = "'" + tool.string() + "' catalogue list --catalogue '" + catalogue.string() + "' 2>&1";
    if (::geteuid() == 0) {
        BOOST_TEST_REQUIRE(sandtable::test::runCommand("command -v runuser").exitCode == 0, "runuser (util-linux) is needed to read as nobody");
        command = "runuser -u nobody -- sh -c \"" + command + "\"";
    }
    const auto listed = sandtable::test::runCommand(command);
    ::chmod(share.c_str(), 0755); // so the folder can be removed
    BOOST_TEST(listed.exitCode == 0, listed.output);
    BOOST_TEST(listed.output.find("antietam-1862  r1") != std::string::npos, listed.output);
    BOOST_TEST(listed.output.find("readonly") == std::string::npos, listed.output);
}

BOOST_AUTO_TEST_SUITE_END()
