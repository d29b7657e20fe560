// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 43 item 5, files from the wild: small inputs of our own (tests/data/wild/) that reproduce what users met,
// each through the exact command a user runs on the whole file.
#include "support/cli_runner.hpp"
#include "support/run_command.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <gdal.h>
#include "support/json_reading.hpp"
#include <ogr_api.h>
#include <ogr_srs_api.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <algorithm>
#include <array>
#include <limits>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using sandtable::test::Result;
using sandtable::test::runTool;
namespace fs = std::filesystem;

namespace {

using sandtable::test::readText;

/// (path, code, message) of each finding of a `--json` result, in order.
struct Finding {
    std::string path, code, message;
};
std::vector<Finding> findingsOf(const std::string& json)
{
    std::vector<Finding> out;
    const auto document = sandtable::test::parseJson(json);
    for (const auto& d : document.at("diagnostics"))
        out.push_back({d.at("path").get<std::string>(), d.at("code").get<std::string>(), d.at("message").get<std::string>()});
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_files_from_the_wild)

// A scenario with schema defects in four places, five in all: an unknown system ('pub-battle'), a feature without
// its class, a strength written as text ("0"), and a unit with two misspelt fields ('strenght', 'comand'). Every
// one is reported with its JSON pointer; valijson names only the first unknown member of an object, which lost
// the second misspelling (three defects, two reported).
BOOST_AUTO_TEST_CASE(every_schema_defect_of_a_scenario_is_reported)
{
    const fs::path file = sandtable::test::projectData("wild/five-schema-defects.sandtable.json");
    const std::string before = readText(file);
    Result r = runTool({"--json", "scenario", "validate", file.string()});
    BOOST_TEST(r.code == 1, r.err);
    const std::vector<Finding> f = findingsOf(r.out);
    BOOST_TEST_REQUIRE(f.size() == 5u, f.size() << " findings: " << r.out);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("errors").get<int>() == 5);
    BOOST_TEST(f[0].path == "/system");
    BOOST_TEST(f[0].code == "schema.enum");
    BOOST_TEST(f[0].message.find("'pub-battle' is not one of the allowed values") != std::string::npos, f[0].message);
    BOOST_TEST(f[1].path == "/terrain/0");
    BOOST_TEST(f[1].code == "schema.required");
    BOOST_TEST(f[1].message == "the required field 'class' is missing");
    BOOST_TEST(f[2].path == "/units/0/strength");
    BOOST_TEST(f[2].code == "schema.type");
    BOOST_TEST(f[2].message == "'strength': expected an integer, found a string ('0')");
    BOOST_TEST(f[3].path == "/units/1");
    BOOST_TEST(f[3].code == "schema.unknown_field");
    BOOST_TEST(f[3].message == "the field 'strenght' is not allowed in /units/1");
    BOOST_TEST(f[4].path == "/units/1");
    BOOST_TEST(f[4].code == "schema.unknown_field");
    BOOST_TEST(f[4].message == "the field 'comand' is not allowed in /units/1");
    // The text form: one line per defect, each naming the file and the pointer.
    r = runTool({"scenario", "validate", file.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.out.find("5 errors, 0 warnings") != std::string::npos, r.out);
    for (const char* line : {"error: /units/1: the field 'strenght' is not allowed", "error: /units/1: the field 'comand' is not allowed",
             "error: /system:", "error: /terrain/0:", "error: /units/0/strength:"})
        BOOST_TEST(r.err.find(file.string() + ": " + line) != std::string::npos, line);
    // Any command that reads the scenario refuses it and counts every defect.
    r = runTool({"terrain", "list", file.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("(and 4 more, which validating the scenario lists)") != std::string::npos, r.err);
    BOOST_TEST(readText(file) == before);
}

// The 500 x 500 scan whose order-2 fit bends its east edge out: 6 GCPs (the corners, the east edge's middle and the
// north edge's middle) of x = 300000 + p - 0.0012 (l - 250)^2, y = 4400000 - l (p, l: pixel, line), so the corners lie
// 75 px (15 %) west of the east edge's middle. Each scan pixel holds its own column and row (two 16-bit bands).
// `raster georef --method poly2 -o` (which stopped with GDAL's "ComputeSourceWindow() failed because the
// pfnTransformer failed" in round two) writes x from 299925 (the corners: 300000 - 0.0012 * 250^2) to 300500 (the
// east edge's middle), y from 4399500 to 4400000: 575 x 500 px of 1 m. With nearest resampling every scan pixel is
// in it: an output pixel's centre (X, Y) comes from l = 4400000 - Y, p = X - 300000 + 0.0012 (l - 250)^2, which
// steps one column at a time along each row.
BOOST_AUTO_TEST_CASE(an_order_2_fit_bending_the_edges_warps_every_source_pixel)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path scan = sandtable::test::projectData("wild/bending-scan.tif");
    const fs::path gcps = sandtable::test::projectData("wild/bending-scan.points");
    const std::string before = readText(scan);
    const fs::path out = folder / "bent.tif";
    const Result r = runTool({"raster", "georef", scan.string(), "--gcps", gcps.string(), "--method", "poly2", "--resampling", "near",
        "-o", out.string()});
    BOOST_TEST_REQUIRE(r.code == 0, r.err);
    BOOST_TEST(r.out.find("wrote " + out.string() + " (575 x 500 pixels") != std::string::npos, r.out);
    BOOST_TEST(readText(scan) == before);

    GDALAllRegister();
    GDALDatasetH ds = GDALOpen(out.c_str(), GA_ReadOnly);
    BOOST_TEST_REQUIRE(ds != nullptr);
    const int w = GDALGetRasterXSize(ds), h = GDALGetRasterYSize(ds);
    BOOST_TEST(w == 575);
    BOOST_TEST(h == 500);
    BOOST_TEST_REQUIRE(GDALGetRasterCount(ds) == 3); // column, row, alpha
    double gt[6] = {};
    BOOST_TEST_REQUIRE(GDALGetGeoTransform(ds, gt) == CE_None);
    BOOST_TEST(gt[0] == 299925.0, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(gt[3] == 4400000.0, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(gt[1] == 1.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(gt[5] == -1.0, boost::test_tools::tolerance(1e-9));
    std::vector<std::uint16_t> column(static_cast<std::size_t>(w) * h), row(column.size()), alpha(column.size());
    for (auto [band, data] : {std::pair{1, column.data()}, std::pair{2, row.data()}, std::pair{3, alpha.data()}})
        BOOST_TEST_REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, band), GF_Read, 0, 0, w, h, data, w, h, GDT_UInt16, 0, 0) == CE_None);
    GDALClose(ds);

    std::vector<bool> found(500 * 500, false);
    int wrong = 0, missing = 0;
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) {
            const std::size_t k = static_cast<std::size_t>(j) * w + i;
            const double l = 4400000.0 - (gt[3] + (j + 0.5) * gt[5]);
            const double p = gt[0] + (i + 0.5) * gt[1] - 300000.0 + 0.0012 * (l - 250.0) * (l - 250.0);
            if (alpha[k] == 0) {
                // Transparent only where the scan has no pixel (a pixel's margin allowed at its edges).
                missing += p > 1.0 && p < 499.0 && l > 1.0 && l < 499.0;
                continue;
            }
            // The scan pixel whose square holds (p, l), within the warp's 1/8 px of approximation.
            wrong += std::abs(column[k] + 0.5 - p) > 0.625 || std::abs(row[k] + 0.5 - l) > 0.625;
            if (column[k] < 500 && row[k] < 500)
                found[static_cast<std::size_t>(row[k]) * 500 + column[k]] = true;
        }
    BOOST_TEST(wrong == 0);
    BOOST_TEST(missing == 0);
    BOOST_TEST(std::count(found.begin(), found.end(), true) == 500 * 500);
    for (const auto& [c, l] : std::vector<std::pair<int, int>>{{0, 0}, {499, 0}, {0, 499}, {499, 499}, {499, 250}, {250, 0}, {0, 250}, {250, 499}})
        BOOST_TEST(found[static_cast<std::size_t>(l) * 500 + c], "scan pixel (" << c << ", " << l << ") is not in the output");
}

// An OpenStreetMap extract cut at the box 2.650-2.660 E, 48.540-48.546 N (tests/data/wild/box-cut.osm, and the same
// data as PBF): ways crossing the box's edge keep their node references, the nodes outside are not in the file.
// `terrain import SCENARIO FILE --preset osm` names each incomplete way or relation the preset would import and what
// was done with it, worked out from the file by hand:
// - way 100 (landuse=forest, whole): woods, imported;
// - way 102 (highway=primary; node 21 past the west edge): nodes 22-23-24, kept as a cut line of one stretch;
// - way 103 (waterway=stream; node 33 past the north edge): 31-32 and 34-35, two stretches (GDAL drew 32-34);
// - way 101 (landuse=forest; corner 12 past the east edge): GDAL's triangle 11-13-14 of 3.3 ha, dropped;
// - way 104 (natural=wood; 1 of 4 nodes inside): GDAL's one-point ring, which clipping dropped as "outside the
//   extent", dropped and named;
// - way 105 (highway=track; 1 of 2 nodes): GDAL leaves it out without a word; named;
// - relation 300 (natural=wetland; member way 202 not in the file): GDAL leaves it out without a word; named;
// - way 106 (amenity=parking, cut): no rule maps it, so it is only counted with the unmapped features.
// 3 imported, 4 skipped (101, 104, 105, 300).
BOOST_AUTO_TEST_CASE(an_openstreetmap_extract_cut_at_a_box_names_each_incomplete_way)
{
    for (const std::string name : {"box-cut.osm", "box-cut.osm.pbf"}) {
        BOOST_TEST_CONTEXT(name)
        {
            sandtable::test::TemporaryFolder folder;
            const fs::path scenario = folder / "box.sandtable.json";
            fs::copy_file(sandtable::test::projectData("wild/osm-box.sandtable.json"), scenario);
            const fs::path extract = sandtable::test::projectData("wild/" + name);
            const Result r = runTool({"--json", "terrain", "import", scenario.string(), extract.string(), "--preset", "osm"});
            BOOST_TEST_REQUIRE(r.code == 0, r.err);
            const auto j = sandtable::test::parseJson(r.out);
            BOOST_TEST(j.at("imported").get<int>() == 3);
            BOOST_TEST(j.at("skipped").get<int>() == 4);
            BOOST_TEST(j.at("classes").dump() == R"({"road":1,"stream":1,"woods":1})");
            const std::string f = extract.string();
            const std::vector<std::pair<std::string, std::string>> expected = {
                {"import.osm.incomplete", f + ": way 102 (road): only 3 of its 4 nodes are in the file (an extract cut at a box?); "
                                              "kept as a cut line, the stretch of its nodes the file has"},
                {"import.osm.incomplete", f + ": way 103 (stream): only 4 of its 5 nodes are in the file (an extract cut at a box?); "
                                              "kept as a cut line, the 2 stretches of its nodes the file has, not joined across the gaps"},
                {"import.osm.incomplete", f + ": way 101 (woods): only 3 of its 4 nodes are in the file (an extract cut at a box?); "
                                              "an area cannot be drawn from part of its outline: dropped"},
                {"import.osm.incomplete", f + ": way 104 (woods): only 1 of its 4 nodes is in the file (an extract cut at a box?); "
                                              "an area cannot be drawn from part of its outline: dropped"},
                {"import.tags.unmapped", f + ": layer 'multipolygons': 1 feature no tag rule maps to a class, left out"},
                {"import.osm.incomplete", f + ": way 105 (road): only 1 of its 2 nodes is in the file (an extract cut at a box?); "
                                              "it has no two consecutive nodes in the file: dropped"},
                {"import.osm.incomplete", f + ": relation 300 (marsh): 1 of its 2 member ways is missing from the file or lacks nodes "
                                              "(an extract cut at a box?): dropped"},
            };
            const std::vector<Finding> found = findingsOf(r.out);
            BOOST_TEST_REQUIRE(found.size() == expected.size(), r.out);
            for (std::size_t i = 0; i < expected.size(); ++i) {
                BOOST_TEST(found[i].code == expected[i].first);
                BOOST_TEST(found[i].message == expected[i].second);
            }

            // The features as the file has them: the nodes projected to UTM 31N by OSR.
            OGRSpatialReferenceH wgs84 = OSRNewSpatialReference(nullptr), utm = OSRNewSpatialReference(nullptr);
            OSRImportFromEPSG(wgs84, 4326);
            OSRImportFromEPSG(utm, 32631);
            OSRSetAxisMappingStrategy(wgs84, OAMS_TRADITIONAL_GIS_ORDER);
            OGRCoordinateTransformationH toUtm = OCTNewCoordinateTransformation(wgs84, utm);
            const auto projected = [&](double lon, double lat) {
                double x = lon, y = lat;
                BOOST_TEST_REQUIRE(OCTTransform(toUtm, 1, &x, &y, nullptr));
                return std::pair{x, y};
            };
            const auto saved = sandtable::test::parseJson(readText(scenario));
            const auto& terrain = saved.at("terrain");
            BOOST_TEST_REQUIRE(terrain.size() == 3u);
            const auto featureOf = [&](const std::string& cls) -> sandtable::test::JsonView {
                for (const auto& t : terrain)
                    if (t.at("class") == cls)
                        return t;
                BOOST_FAIL("no " << cls);
                return terrain.at(0);
            };
            const auto sameVertex = [&](const sandtable::test::JsonView& vertex, double lon, double lat) {
                const auto [x, y] = projected(lon, lat);
                BOOST_TEST(vertex.at(0).get<double>() == x, boost::test_tools::tolerance(1e-9));
                BOOST_TEST(vertex.at(1).get<double>() == y, boost::test_tools::tolerance(1e-9));
            };
            const auto& road = featureOf("road").at("geometry");
            BOOST_TEST(road.at("type") == "LineString");
            BOOST_TEST_REQUIRE(road.at("coordinates").size() == 3u);
            sameVertex(road.at("coordinates").at(0), 2.6510, 48.5430); // node 22
            sameVertex(road.at("coordinates").at(2), 2.6590, 48.5430); // node 24
            const auto& stream = featureOf("stream").at("geometry");
            BOOST_TEST(stream.at("type") == "MultiLineString");
            BOOST_TEST_REQUIRE(stream.at("coordinates").size() == 2u);
            BOOST_TEST(stream.at("coordinates").at(0).size() == 2u);
            BOOST_TEST(stream.at("coordinates").at(1).size() == 2u);
            sameVertex(stream.at("coordinates").at(0).at(1), 2.6540, 48.5455); // node 32
            sameVertex(stream.at("coordinates").at(1).at(0), 2.6580, 48.5455); // node 34
            BOOST_TEST(featureOf("woods").at("name") == "Bois de la Table");
            OCTDestroyCoordinateTransformation(toUtm);
            OSRDestroySpatialReference(wgs84);
            OSRDestroySpatialReference(utm);
            BOOST_TEST(runTool({"scenario", "validate", scenario.string()}).code == 0);
        }
    }
}

// A catalogue edited by GDAL: `ogr2ogr -update -append` of one of its woods (written out as a POLYGON) stores a POLYGON
// in the MULTIPOLYGON terrain table, as GDAL warns, and GDAL's validator then reports GeoPackage requirement 32. The
// catalogue still reads (list, show), and sandtable's next write (`catalogue export` of another scenario, whose CRS
// has no terrain table here, so it writes none of them) stores that feature as a one-member MULTIPOLYGON of the same
// area: the validator is silent again.
BOOST_AUTO_TEST_CASE(a_catalogue_edited_by_gdal_holds_multipolygons_again_after_the_next_export)
{
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "catalogue.gpkg").string();
    const std::string table = "terrain_epsg_32618_polygons";
    const fs::path gettysburg = sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json";
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", gettysburg.string(), "--catalogue", db}).code == 0);
    const std::string validator = "/usr/bin/python3 /usr/share/doc/python3-gdal/examples/validate_gpkg.py -k " + db;
    BOOST_TEST_REQUIRE(sandtable::test::runCommand(validator).exitCode == 0);

    const std::string woods = (folder / "woods.geojson").string();
    auto run = [](const std::string& line) {
        const sandtable::test::CommandResult r = sandtable::test::runCommand(line);
        BOOST_TEST_REQUIRE(r.exitCode == 0, line << ": " << r.output);
        return r.output;
    };
    run("ogr2ogr -f GeoJSON -nlt POLYGON -where 'fid = 1' " + woods + " " + db + " " + table);
    const std::string appended = run("ogr2ogr -update -append " + db + " " + woods + " -nln " + table);
    BOOST_TEST(appended.find("A geometry of type POLYGON is inserted into layer " + table) != std::string::npos, appended);
    const sandtable::test::CommandResult invalid = sandtable::test::runCommand(validator);
    BOOST_TEST(invalid.exitCode == 1);
    BOOST_TEST(invalid.output.find("Req 32: in table " + table) != std::string::npos, invalid.output);

    // Read as it is.
    Result r = runTool({"catalogue", "list", "--catalogue", db});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(r.out.find("gettysburg-1863") != std::string::npos, r.out);
    r = runTool({"catalogue", "show", "gettysburg-1863", "--catalogue", db});
    BOOST_TEST(r.code == 0, r.err);

    r = runTool({"catalogue", "export", sandtable::test::projectData("wild/osm-box.sandtable.json").string(), "--catalogue", db});
    BOOST_TEST_REQUIRE(r.code == 0, r.err);
    const sandtable::test::CommandResult valid = sandtable::test::runCommand(validator);
    BOOST_TEST(valid.exitCode == 0, valid.output);
    BOOST_TEST(valid.output == "");

    // The appended feature (the last fid) is the first one's polygon as a one-member multipolygon.
    GDALAllRegister();
    GDALDatasetH ds = GDALOpenEx(db.c_str(), GDAL_OF_VECTOR | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
    BOOST_TEST_REQUIRE(ds != nullptr);
    OGRLayerH layer = GDALDatasetGetLayerByName(ds, table.c_str());
    BOOST_TEST_REQUIRE(layer != nullptr);
    const GIntBig count = OGR_L_GetFeatureCount(layer, TRUE);
    OGRFeatureH first = OGR_L_GetFeature(layer, 1);
    OGRFeatureH last = OGR_L_GetFeature(layer, count);
    BOOST_TEST_REQUIRE((first && last));
    OGRGeometryH a = OGR_F_GetGeometryRef(first), b = OGR_F_GetGeometryRef(last);
    BOOST_TEST(wkbFlatten(OGR_G_GetGeometryType(b)) == wkbMultiPolygon);
    BOOST_TEST(OGR_G_GetGeometryCount(b) == 1);
    BOOST_TEST(OGR_G_Area(b) == OGR_G_Area(a), boost::test_tools::tolerance(1e-9));
    BOOST_TEST(OGR_G_Area(b) > 0.0);
    OGR_F_Destroy(first);
    OGR_F_Destroy(last);
    GDALClose(ds);
}

// Shapefiles on the Bessel ellipsoid with no datum shift: the .prj that ogr2ogr (and QGIS) writes for the PROJ string
// "+proj=tmerc +lon_0=9 +x_0=3500000 +ellps=bessel" names the datum "D_Unknown_based_on_Bessel_1841_ellipsoid", and an
// ESRI "Gauss_Kruger_Zone_3" .prj "D_Bessel_1841" (which GDAL reads as Not_specified_based_on_Bessel_1841_ellipsoid).
// Neither has a way to WGS 84, so `terrain import` into UTM 32N warns that positions may be off by about 100 m,
// naming the layer; the feature is imported. The first imported without a word.
BOOST_AUTO_TEST_CASE(a_shapefile_on_bessel_without_a_datum_shift_imports_with_the_datum_warning)
{
    for (const auto& [name, crs] : {std::pair{"bessel-proj-string", "unknown"}, std::pair{"bessel-esri", "Gauss_Kruger_Zone_3"}}) {
        BOOST_TEST_CONTEXT(name)
        {
            sandtable::test::TemporaryFolder folder;
            const std::string scenario = (folder / "s.sandtable.json").string();
            BOOST_TEST_REQUIRE(runTool({"scenario", "new", "--system", "pub-battles", "--crs", "EPSG:32632", "-o", scenario}).code == 0);
            const fs::path shapefile = sandtable::test::projectData(std::string("wild/") + name + ".shp");
            const Result r = runTool({"--json", "terrain", "import", scenario, shapefile.string(), "--class-from", "class"});
            BOOST_TEST_REQUIRE(r.code == 0, r.err);
            BOOST_TEST(sandtable::test::parseJson(r.out).at("imported").get<int>() == 1);
            const std::vector<Finding> f = findingsOf(r.out);
            BOOST_TEST_REQUIRE(f.size() == 1u, r.out);
            BOOST_TEST(f[0].code == "import.crs.datum");
            BOOST_TEST(f[0].message.rfind(shapefile.string() + ": layer '" + name + "': its CRS (" + crs
                                              + ") names the Bessel 1841 ellipsoid but no datum, so no shift to WGS 84 is known: "
                                                "positions may be off by about 100 m",
                           0)
                    == 0u,
                f[0].message);
        }
    }
}

namespace {

/// The envelope (min x, min y, max x, max y) of every coordinate of the scenario's terrain features of one dimension
/// (0 points, 1 lines, 2 polygons), read from the document itself.
std::array<double, 4> terrainEnvelope(const sandtable::test::JsonView& scenario, int dimension, std::array<double, 4> e)
{
    const auto walk = [&](const auto& self, const sandtable::test::JsonView& c) -> void {
        if (c.is_array() && !c.empty() && c.at(0).is_number()) {
            e = {std::min(e[0], c.at(0).get<double>()), std::min(e[1], c.at(1).get<double>()), std::max(e[2], c.at(0).get<double>()),
                std::max(e[3], c.at(1).get<double>())};
            return;
        }
        for (const auto& member : c)
            self(self, member);
    };
    for (const auto& f : scenario.at("terrain")) {
        const std::string type = f.at("geometry").at("type").get<std::string>();
        const int d = type.find("Point") != std::string::npos ? 0 : type.find("LineString") != std::string::npos ? 1 : 2;
        if (d == dimension)
            walk(walk, f.at("geometry").at("coordinates"));
    }
    return e;
}

} // namespace

// A catalogue whose stored layer extents say nothing (+-Inf, as GDAL leaves an empty layer's, or all zeros) while the
// layers hold Antietam's features: after `catalogue export` of Gettysburg, each terrain table's extent in
// gpkg_contents is the envelope of both scenarios' features of its kind, worked out from the two documents (it was
// Gettysburg's alone: Antietam's features lay outside their own table's extent).
BOOST_AUTO_TEST_CASE(a_catalogue_layer_extent_that_says_nothing_is_worked_out_from_every_feature)
{
    const fs::path antietam = sandtable::test::sourceDir() / "examples/antietam/antietam.sandtable.json";
    const fs::path gettysburg = sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json";
    const auto a = sandtable::test::parseJson(readText(antietam)), g = sandtable::test::parseJson(readText(gettysburg));
    for (const std::string stored : {"-9e999, -9e999, 9e999, 9e999", "0, 0, 0, 0"}) {
        BOOST_TEST_CONTEXT(stored)
        {
            sandtable::test::TemporaryFolder folder;
            const std::string db = (folder / "catalogue.gpkg").string();
            BOOST_TEST_REQUIRE(runTool({"catalogue", "export", antietam.string(), "--catalogue", db}).code == 0);
            const std::string set = "UPDATE gpkg_contents SET (min_x, min_y, max_x, max_y) = (" + stored + ") WHERE table_name LIKE 'terrain_%'";
            const sandtable::test::CommandResult edited = sandtable::test::runCommand("sqlite3 " + db + " \"" + set + "\"");
            BOOST_TEST_REQUIRE(edited.exitCode == 0, edited.output);
            BOOST_TEST_REQUIRE(runTool({"catalogue", "export", gettysburg.string(), "--catalogue", db}).code == 0);
            const char* names[] = {"points", "lines", "polygons"};
            for (int d = 0; d < 3; ++d) {
                const double inf = std::numeric_limits<double>::infinity();
                const std::array<double, 4> expected = terrainEnvelope(g, d, terrainEnvelope(a, d, {inf, inf, -inf, -inf}));
                const sandtable::test::CommandResult row = sandtable::test::runCommand("sqlite3 -separator ' ' " + db
                    + " \"SELECT min_x, min_y, max_x, max_y FROM gpkg_contents WHERE table_name = 'terrain_epsg_32618_" + names[d] + "'\"");
                std::istringstream in(row.output);
                std::array<double, 4> got{};
                BOOST_TEST_REQUIRE(static_cast<bool>(in >> got[0] >> got[1] >> got[2] >> got[3]), names[d] << ": " << row.output);
                for (int k = 0; k < 4; ++k)
                    BOOST_TEST(got[k] == expected[k], names[d] << " " << k << boost::test_tools::tolerance(1e-9));
            }
            const sandtable::test::CommandResult valid
                = sandtable::test::runCommand("/usr/bin/python3 /usr/share/doc/python3-gdal/examples/validate_gpkg.py -k " + db);
            BOOST_TEST(valid.exitCode == 0, valid.output);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
