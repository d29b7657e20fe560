// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/terrain_commands.cpp: list, check, repair and majority with their --json keys.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"
#include "sandtable/core/io/importer.hpp"
#include "sandtable/importers/importer_registry.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>

using namespace sandtable;

using sandtable::test::Result;
using sandtable::test::runTool;

namespace {
core::TerrainFeature feature(const std::string& id, const std::string& cls, core::Geometry g)
{
    return core::TerrainFeature{core::FeatureId(id), cls, "", std::move(g), sandtable::core::Attributes()};
}

// The small fixture (woods 300100..300300 E x 4400100..4400200 N; a stream along y = 4400500 from the
// west edge) saved to `path`, with extra terrain.
std::string saved(const sandtable::test::TemporaryFolder& folder, std::vector<core::TerrainFeature> extra = {})
{
    core::Scenario s = sandtable::test::smallScenario();
    for (auto& f : extra)
        s.terrain.push_back(std::move(f));
    const auto path = folder / "scenario.json";
    core::io::saveScenario(s, path);
    return path.string();
}
} // namespace

BOOST_AUTO_TEST_SUITE(cli_terrain)

BOOST_AUTO_TEST_CASE(list_gives_measures_and_validity)
{
    sandtable::test::TemporaryFolder folder;
    Result r = runTool({"terrain", "list", saved(folder), "--json"});
    BOOST_TEST(r.code == 0);
    const auto j = sandtable::test::parseJson(r.out);
    const auto& features = j.at("features");
    BOOST_REQUIRE(features.size() == 2u);
    BOOST_TEST(features[0].at("id").get<std::string>() == "woods-1");
    BOOST_TEST(features[0].at("class").get<std::string>() == "woods");
    BOOST_TEST(features[0].at("geometry_type").get<std::string>() == "Polygon");
    BOOST_TEST(features[0].at("area_m2").get<double>() == 20000.0); // 200 x 100
    BOOST_TEST(features[0].at("length_m").get<double>() == 600.0);
    BOOST_TEST(features[0].at("valid").get<bool>());
    BOOST_TEST(features[1].at("length_m").get<double>() == 500.0);
    BOOST_TEST(features[1].at("area_m2").get<double>() == 0.0);
    // Where each feature is (issue 24), for `terrain majority --x --y`: the woods rectangle's centre and box.
    BOOST_TEST(features[0].at("centroid").at(0).get<double>() == 300200.0);
    BOOST_TEST(features[0].at("centroid").at(1).get<double>() == 4400150.0);
    BOOST_TEST(features[0].at("bounds") == sandtable::test::parseJson("[300100, 4400100, 300300, 4400200]"));
    // The stream, 500 m along y = 4400500: its centroid is on it, its box flat.
    BOOST_TEST(features[1].at("centroid").at(1).get<double>() == 4400500.0);
    BOOST_TEST(features[1].at("bounds").at(1).get<double>() == 4400500.0);
    BOOST_TEST(features[1].at("bounds").at(3).get<double>() == 4400500.0);
    // The text lists them too.
    const Result text = runTool({"terrain", "list", saved(folder)});
    BOOST_TEST(text.out.find("at 300200,4400150\tbounds 300100,4400100 to 300300,4400200") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(with_json_an_error_is_one_json_document_too)
{
    // A missing file: exit 1, and on stdout one document naming the file and the reason.
    const Result missing = runTool({"--json", "terrain", "list", "/no/such/scenario.sandtable.json"});
    BOOST_TEST(missing.code == 1);
    const auto error = sandtable::test::parseJson(missing.out).at("error");
    BOOST_TEST(error.at("kind").get<std::string>() == "error");
    BOOST_TEST(error.at("file").get<std::string>() == "/no/such/scenario.sandtable.json");
    BOOST_TEST(error.at("exit_code").get<int>() == 1);
    BOOST_TEST(missing.err.find("sandtable: error:") != std::string::npos); // the line for people stays
    // A usage error (a required option missing), with --json after the command: exit 2, one document.
    sandtable::test::TemporaryFolder folder;
    const Result usage = runTool({"terrain", "import", saved(folder), "x.geojson", "--json"});
    BOOST_TEST(usage.code == 2);
    const auto usageError = sandtable::test::parseJson(usage.out).at("error");
    BOOST_TEST(usageError.at("kind").get<std::string>() == "usage");
    BOOST_TEST(usageError.at("message").get<std::string>().find("--class") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(majority_follows_the_strictly_more_than_half_rule)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = saved(folder);
    // 100 m frontage facing north centred on the woods' east edge (x = 300300): half woods -> null.
    Result half = runTool({"terrain", "majority", file, "--x", "300300", "--y", "4400150", "--length", "100", "--depth", "50",
        "--facing", "0", "--json"});
    BOOST_TEST(half.code == 0);
    const auto h = sandtable::test::parseJson(half.out);
    BOOST_TEST(h.at("fractions").at("woods").get<double>() == 0.5);
    BOOST_TEST(h.at("majority").is_null());
    // 10 m west: x in [300240, 300340], 60 m of 100 in the woods.
    Result sixty = runTool({"terrain", "majority", file, "--x", "300290", "--y", "4400150", "--length", "100", "--depth",
        "50", "--facing", "0", "--json"});
    const auto s = sandtable::test::parseJson(sixty.out);
    BOOST_TEST(s.at("fractions").at("woods").get<double>() == 0.6, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(s.at("majority").get<std::string>() == "woods");
    // In column facing north the 100 m length runs north-south; the 50 m depth spans x in [300265, 300315]:
    // 35 of 50 m in the woods (0.7), and the length pokes 0 m out of the 100 m deep woods.
    Result column = runTool({"terrain", "majority", file, "--x", "300290", "--y", "4400150", "--length", "100", "--depth",
        "50", "--facing", "0", "--formation", "column", "--json"});
    const auto c = sandtable::test::parseJson(column.out);
    BOOST_TEST(c.at("fractions").at("woods").get<double>() == 0.7, boost::test_tools::tolerance(1e-12));
    Result bad = runTool({"terrain", "majority", file, "--x", "0", "--y", "0", "--length", "100", "--depth", "50",
        "--facing", "0", "--formation", "wedge"});
    BOOST_TEST(bad.code == 2);
}

BOOST_AUTO_TEST_CASE(check_exits_one_on_topology_errors)
{
    sandtable::test::TemporaryFolder clean;
    Result ok = runTool({"terrain", "check", saved(clean), "--json"});
    BOOST_TEST(ok.code == 0);
    BOOST_TEST(sandtable::test::parseJson(ok.out).at("errors").get<int>() == 0);
    sandtable::test::TemporaryFolder broken;
    // A bridge on the stream but on no road.
    Result bad = runTool({"terrain", "check", "--json",
        saved(broken, {feature("bridge-1", "bridge", core::Geometry::point({300200, 4400500}))})});
    BOOST_TEST(bad.code == 1);
    const auto j = sandtable::test::parseJson(bad.out);
    BOOST_TEST(j.at("errors").get<int>() == 1);
    BOOST_TEST(j.at("diagnostics").at(0).at("code").get<std::string>() == "terrain.topology.bridge");
    BOOST_TEST(j.at("diagnostics").at(0).at("path").get<std::string>() == "/terrain/2/geometry");
}

BOOST_AUTO_TEST_CASE(repair_rewrites_invalid_features_and_reports_collapse)
{
    sandtable::test::TemporaryFolder folder;
    // A bow tie of two 50 x 50 triangles (2 x 1,250 m2).
    const std::string file = saved(folder, {feature("woods-bow", "woods",
        core::Geometry::polygon({{{300600, 4400100}, {300700, 4400150}, {300700, 4400100}, {300600, 4400150}, {300600, 4400100}}}))});
    Result before = runTool({"terrain", "check", file, "--json"});
    BOOST_TEST(before.code == 1);
    Result repaired = runTool({"terrain", "repair", file, "--json"});
    BOOST_TEST(repaired.code == 0);
    const auto j = sandtable::test::parseJson(repaired.out);
    BOOST_TEST(j.at("repaired").get<int>() == 1);
    BOOST_TEST(j.at("diagnostics").at(0).at("code").get<std::string>() == "terrain.repair.fixed");
    Result after = runTool({"terrain", "list", file, "--json"});
    const auto listed = sandtable::test::parseJson(after.out).at("features");
    BOOST_TEST(listed.at(2).at("valid").get<bool>());
    BOOST_TEST(listed.at(2).at("geometry_type").get<std::string>() == "MultiPolygon");
    BOOST_TEST(listed.at(2).at("area_m2").get<double>() == 2500.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(runTool({"terrain", "check", file}).code == 0);

    sandtable::test::TemporaryFolder flat;
    const std::string flatFile = saved(flat, {feature("marsh-flat", "marsh",
        core::Geometry::polygon({{{300600, 4400100}, {300700, 4400100}, {300800, 4400100}, {300600, 4400100}}}))});
    Result collapsed = runTool({"terrain", "repair", flatFile, "--json"});
    BOOST_TEST(collapsed.code == 1);
    const auto c = sandtable::test::parseJson(collapsed.out);
    BOOST_TEST(c.at("diagnostics").at(0).at("code").get<std::string>() == "terrain.repair.collapsed");
    BOOST_TEST(c.at("diagnostics").at(0).at("message").get<std::string>().find("'marsh-flat'") != std::string::npos);
    // Nothing dropped: the feature is still there.
    BOOST_TEST(sandtable::test::parseJson(runTool({"terrain", "list", flatFile, "--json"}).out).at("features").size() == 3u);
    BOOST_TEST(runTool({"terrain", "repair", flatFile, "--grid-size", "-1"}).code == 2);
}

BOOST_AUTO_TEST_CASE(import_reprojects_maps_classes_and_reports_skips)
{
    sandtable::test::TemporaryFolder folder;
    core::Scenario s = sandtable::test::smallScenario(); // working CRS EPSG:32618 (UTM 18N, central meridian 75 W)
    s.terrain.clear();
    const auto file = folder / "scenario.json";
    core::io::saveScenario(s, file);
    // GeoJSON without a crs member is WGS 84. On the central meridian at the equator UTM gives exactly
    // (500000, 0): the false easting and the origin of northings.
    const auto vector = folder / "osm.geojson";
    std::ofstream(vector) << R"({"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"landuse": "forest", "name": "Big Wood"},
       "geometry": {"type": "Polygon", "coordinates": [[[-75, 0], [-74.99, 0], [-74.99, 0.01], [-75, 0.01], [-75, 0]]]}},
      {"type": "Feature", "properties": {"landuse": "stream"},
       "geometry": {"type": "LineString", "coordinates": [[-75, 0], [-75, 0.02]]}},
      {"type": "Feature", "properties": {"landuse": "quarry"},
       "geometry": {"type": "Point", "coordinates": [-75, 0]}},
      {"type": "Feature", "properties": {"landuse": "forest"},
       "geometry": {"type": "Point", "coordinates": [-75, 0]}}]})";
    Result r = runTool({"terrain", "import", file.string(), vector.string(), "--class-from", "landuse", "--map", "forest=woods", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("imported").get<int>() == 2);
    BOOST_TEST(j.at("skipped").get<int>() == 2);
    BOOST_TEST(j.at("diagnostics").at(0).at("code").get<std::string>() == "import.class.unknown");
    BOOST_TEST(j.at("diagnostics").at(1).at("code").get<std::string>() == "import.geometry.kind");
    const core::Scenario after = core::io::loadScenario(file).scenario;
    BOOST_REQUIRE(after.terrain.size() == 2u);
    BOOST_TEST(after.terrain[0].terrainClass == "woods");
    BOOST_TEST(after.terrain[0].name == "Big Wood");
    const core::Coordinate corner = after.terrain[0].geometry.parts.at(0).at(0).at(0);
    BOOST_TEST(corner.x == 500000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(std::abs(corner.y) < 1e-6);
    BOOST_TEST(after.terrain[1].terrainClass == "stream");
    // Neither --class nor --class-from: a usage error.
    BOOST_TEST(runTool({"terrain", "import", file.string(), vector.string()}).code == 2);
}

BOOST_AUTO_TEST_CASE(import_honours_a_geojson_crs_member_and_sets_a_missing_working_crs)
{
    sandtable::test::TemporaryFolder folder;
    core::Scenario s = sandtable::test::smallScenario();
    s.terrain.clear();
    s.units.clear(); // a scenario without terrain or placements may have no CRS yet
    s.settings.crs.clear();
    s.settings.extent.reset();
    const auto file = folder / "scenario.json";
    core::io::saveScenario(s, file);
    const auto vector = folder / "utm.geojson";
    std::ofstream(vector) << R"({"type": "FeatureCollection",
      "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::32618"}},
      "features": [{"type": "Feature", "properties": {},
       "geometry": {"type": "Polygon", "coordinates": [[[300100, 4400100], [300300, 4400100], [300300, 4400200], [300100, 4400200], [300100, 4400100]]]}}]})";
    Result r = runTool({"terrain", "import", file.string(), vector.string(), "--class", "marsh", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("crs").get<std::string>() == "EPSG:32618");
    const core::Scenario after = core::io::loadScenario(file).scenario;
    BOOST_TEST(after.settings.crs == "EPSG:32618");
    BOOST_REQUIRE(after.terrain.size() == 1u);
    BOOST_TEST(after.terrain[0].geometry.parts.at(0).at(0).at(2).x == 300300.0);
    BOOST_TEST(after.terrain[0].id.str() == "marsh-1");
    // Importing the same file again gives fresh ids.
    BOOST_TEST(runTool({"terrain", "import", file.string(), vector.string(), "--class", "marsh"}).code == 0);
    BOOST_TEST(core::io::loadScenario(file).scenario.terrain.at(1).id.str() == "marsh-2");
}

BOOST_AUTO_TEST_CASE(snap_closes_a_gap_onto_the_earlier_feature)
{
    sandtable::test::TemporaryFolder folder;
    // A marsh 0.4 m east of the woods (x 300100..300300): 99.6 x 100 = 9960 m2; snapped within 1 m its west
    // edge moves onto x = 300300: 100 x 100 = 10000 m2.
    const std::string file = saved(folder, {feature("marsh-1", "marsh", core::Geometry::polygon({{{300300.4, 4400100}, {300400, 4400100},
        {300400, 4400200}, {300300.4, 4400200}, {300300.4, 4400100}}}))});
    Result r = runTool({"terrain", "snap", file, "--tolerance", "1", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("snapped").get<int>() == 1);
    const auto list = sandtable::test::parseJson(runTool({"terrain", "list", file, "--json"}).out).at("features");
    BOOST_TEST(list[2].at("id").get<std::string>() == "marsh-1");
    BOOST_TEST(list[2].at("area_m2").get<double>() == 10000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(list[0].at("area_m2").get<double>() == 20000.0); // the woods, first, unchanged
    BOOST_TEST(runTool({"terrain", "snap", file, "--tolerance", "0"}).code != 0);
}

BOOST_AUTO_TEST_CASE(resolve_overlaps_gives_the_river_the_village_overlap)
{
    sandtable::test::TemporaryFolder folder;
    // River polygon x 300500..300550; village x 300540..300640 (10 x 100 = 1000 m2 in the river) keeps 9000 m2.
    const std::string file = saved(folder,
        {feature("river-1", "river", core::Geometry::polygon({{{300500, 4400300}, {300550, 4400300}, {300550, 4400400},
             {300500, 4400400}, {300500, 4400300}}})),
            feature("village-1", "village", core::Geometry::polygon({{{300540, 4400300}, {300640, 4400300},
                {300640, 4400400}, {300540, 4400400}, {300540, 4400300}}}))});
    Result check = runTool({"terrain", "check", file, "--json"});
    bool overlapReported = false;
    // The parsed document is kept: a range-for over parse(...).at(...) would iterate a destroyed temporary.
    const auto checked = sandtable::test::parseJson(check.out);
    for (const auto& d : checked.at("diagnostics"))
        overlapReported = overlapReported || d.at("code").get<std::string>() == "terrain.overlap";
    BOOST_TEST(overlapReported);
    Result r = runTool({"terrain", "resolve-overlaps", file, "--json"});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("resolved").get<int>() == 1);
    const auto list = sandtable::test::parseJson(runTool({"terrain", "list", file, "--json"}).out).at("features");
    BOOST_TEST(list[3].at("id").get<std::string>() == "village-1");
    BOOST_TEST(list[3].at("area_m2").get<double>() == 9000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(runTool({"terrain", "resolve-overlaps", file, "--exclude", "woods"}).code != 0);
}

BOOST_AUTO_TEST_CASE(check_reports_slivers_with_id_and_area)
{
    sandtable::test::TemporaryFolder folder;
    // 0.5 x 100 m: 50 m2, mean width 2 x 50 / 201 = 0.4975 m.
    const std::string file = saved(folder, {feature("woods-strip", "woods", core::Geometry::polygon({{{300500, 4400700},
        {300600, 4400700}, {300600, 4400700.5}, {300500, 4400700.5}, {300500, 4400700}}}))});
    Result r = runTool({"terrain", "check", file, "--json"});
    std::size_t slivers = 0;
    const auto checked = sandtable::test::parseJson(r.out);
    for (const auto& d : checked.at("diagnostics"))
        if (d.at("code").get<std::string>() == "terrain.sliver") {
            ++slivers;
            BOOST_TEST(d.at("message").get<std::string>().find("'woods-strip'") != std::string::npos);
            BOOST_TEST(d.at("message").get<std::string>().find("50.000 m2") != std::string::npos);
        }
    BOOST_TEST(slivers == 1u, r.out);
}

BOOST_AUTO_TEST_CASE(hills_from_the_gettysburg_dem_with_progress_on_stderr)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = saved(folder);
    Result r = runTool({"terrain", "hills", file, "--dem", sandtable::test::sharedData("maps/gettysburg_dem_terrarium_z14").string(),
        "--levels", "172,185,195,225", "--simplify", "5", "--min-area", "5000", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(r.err.find("contouring the DEM") != std::string::npos);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("added").get<int>() >= 4);
    // Big Round Top (~239 m, public knowledge) is the only ground above 225 m: one level-4 hill.
    int level4 = 0;
    for (const auto& h : j.at("hills"))
        level4 += h.at("level").get<int>() == 4 ? 1 : 0;
    BOOST_TEST(level4 == 1);
    const auto list = sandtable::test::parseJson(runTool({"terrain", "list", file, "--json"}).out).at("features");
    BOOST_TEST(list.size() == 2u + j.at("added").get<std::size_t>());
    BOOST_TEST(runTool({"terrain", "hills", file, "--dem", "/nonexistent", "--levels", "a,b"}).code != 0);
}

BOOST_AUTO_TEST_CASE(import_chooses_its_importer_by_the_file_content)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = saved(folder);
    const std::string dem = sandtable::test::sharedData("maps/gettysburg_dem_terrarium_z14").string();
    // The Terrarium folder is a DEM: `terrain import` contours it as `terrain hills` does.
    Result r = runTool({"terrain", "import", file, dem, "--levels", "172,185,195,225", "--simplify", "5", "--min-area", "5000",
        "--json", "-q"});
    BOOST_TEST(r.code == 0, r.err);
    auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("importer").get<std::string>() == "dem");
    BOOST_TEST(j.at("imported").get<int>() >= 4);
    // Big Round Top (~239 m) is the only ground above 225 m: one level-4 hill.
    BOOST_TEST(j.at("levels").at("level 4").get<int>() == 1);
    // A vector file's settings do not apply to a DEM: refused by name, nothing changed.
    const std::string before = core::io::readFile(file);
    r = runTool({"terrain", "import", file, dem, "--levels", "172", "--class", "woods"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("--class: not a setting of the dem importer") != std::string::npos, r.err);
    BOOST_TEST(core::io::readFile(file) == before);
    // A GeoJSON named .txt is still read as vector data.
    const auto geojson = folder / "woods.txt";
    core::io::writeFileAtomically(geojson, R"({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
        "geometry": {"type": "Polygon", "coordinates": [[[300400, 4400100], [300500, 4400100], [300500, 4400200], [300400, 4400100]]]}}],
        "crs": {"type": "name", "properties": {"name": "EPSG:32618"}}})");
    r = runTool({"terrain", "import", file, geojson.string(), "--class", "woods", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("importer").get<std::string>() == "vector");
    BOOST_TEST(j.at("classes").at("woods").get<int>() == 1);
    // A scan is no terrain: exit 1, naming what the terrain importers read.
    r = runTool({"terrain", "import", file, sandtable::test::sharedData("rasters/byte.tif").string(), "--class", "woods"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("not a file any terrain importer reads") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(trace_the_green_woods_of_the_gettysburg_scan)
{
    sandtable::test::TemporaryFolder folder;
    core::Scenario s = core::io::loadScenario(sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json").scenario;
    s.map->path = sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg").string();
    s.map->warpedPath.clear();
    s.terrain.clear();
    s.units.clear();
    s.formations.clear();
    const auto path = folder / "g.json";
    core::io::saveScenario(s, path);
    Result r = runTool({"terrain", "trace", path.string(), "--colour", "216,194,110", "--tolerance", "30", "--class", "woods",
        "--simplify", "4", "--min-area", "5000", "--hole-area", "2000", "--json"});
    BOOST_TEST(r.code == 0, r.err);
    BOOST_TEST(r.err.find("polygonizing") != std::string::npos);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("added").get<int>() >= 3);
    for (const auto& f : j.at("features"))
        BOOST_TEST(f.at("area_m2").get<double>() >= 5000.0);
    BOOST_TEST(runTool({"terrain", "trace", path.string(), "--colour", "1,2", "--tolerance", "5", "--class", "woods"}).code != 0);
    BOOST_TEST(runTool({"terrain", "trace", path.string(), "--colour", "1,2,3", "--tolerance", "5", "--class", "road"}).code != 0);
}

// Issue 22: the import commands take the options their importers declare (one declaration for the CLI and
// the editor's File > Import...), so a setting an importer learns cannot be missing from its command.
BOOST_AUTO_TEST_CASE(import_commands_take_the_options_their_importers_declare)
{
    const std::vector<std::pair<std::vector<std::string>, core::io::ImportTarget>> commands = {
        {{"terrain", "import"}, core::io::ImportTarget::Terrain}, {{"oob", "import"}, core::io::ImportTarget::OrderOfBattle},
        {{"cards", "import"}, core::io::ImportTarget::Cards}, {{"vassal", "import"}, core::io::ImportTarget::Scenario}};
    std::size_t checked = 0;
    for (const auto& [words, target] : commands) {
        std::vector<std::string> args = words;
        args.push_back("--help");
        const Result help = runTool(args);
        BOOST_TEST(help.code == 0);
        for (const auto& importer : importers::standardImporters().importers()) {
            if (importer->target() != target)
                continue;
            for (const core::io::ImportOption& option : importer->options()) {
                if (option.key == "scenario-file") // vassal import's -o
                    continue;
                BOOST_TEST(help.out.find("--" + option.key) != std::string::npos, words[0] << " import --help lacks --" << option.key);
                ++checked;
            }
        }
    }
    // vector 7 (preset, class-from, class, map, layer, in-frame, rule) + dem 4 (levels, simplify, min-area,
    // resolution) + roster 8 + cards 1 (encoding) + the module's board and sides 2 (issue 44: --sides).
    BOOST_TEST(checked == 22u);
    // The osm preset's rules are shown with --preset, one per line.
    BOOST_TEST(runTool({"terrain", "import", "--help"}).out.find("natural=wood") != std::string::npos);

    // Neither a class for a vector file nor levels for a DEM: a usage error naming what each importer needs.
    sandtable::test::TemporaryFolder folder;
    const auto vector = folder / "one.geojson";
    core::io::writeFileAtomically(vector, R"({"type":"FeatureCollection","features":[]})");
    const Result usage = runTool({"terrain", "import", saved(folder), vector.string()});
    BOOST_TEST(usage.code == 2);
    BOOST_TEST(usage.err.find("--class-from") != std::string::npos, usage.err);
    BOOST_TEST(usage.err.find("--levels") != std::string::npos, usage.err);
}

BOOST_AUTO_TEST_SUITE_END()
