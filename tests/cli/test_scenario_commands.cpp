// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/scenario_commands.cpp and run.cpp: exit codes, error lines, JSON output.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;

BOOST_AUTO_TEST_SUITE(cli_scenario)

BOOST_AUTO_TEST_CASE(new_scenario_validates_clean_with_json_counts)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = (folder / "antietam.json").string();
    Result created = runTool({"scenario", "new", "--system", "pub-battles", "--title", "Antietam", "--crs", "EPSG:32618", "-o", file});
    BOOST_TEST(created.code == 0);
    Result validated = runTool({"scenario", "validate", file, "--json"});
    BOOST_TEST(validated.code == 0);
    const auto j = sandtable::test::parseJson(validated.out);
    BOOST_TEST(j.at("errors").get<int>() == 0);
    BOOST_TEST(j.at("warnings").get<int>() == 0);
    BOOST_TEST(j.at("diagnostics").is_array());
}

BOOST_AUTO_TEST_CASE(new_from_a_georeferenced_raster_takes_its_crs_and_extent)
{
    // GDAL's byte.tif: 20 x 20 pixels of 60 m from (440720, 3751320), NAD27 / UTM zone 11N (EPSG:26711),
    // projected in metres: its own CRS, extent 440720..441920 E, 3750120..3751320 N.
    sandtable::test::TemporaryFolder folder;
    const std::string file = (folder / "byte.sandtable.json").string();
    Result created = runTool({"scenario", "new", "--map", sandtable::test::sharedData("rasters/byte.tif").string(), "-o", file, "--json"});
    BOOST_TEST_REQUIRE(created.code == 0, created.err);
    const auto j = sandtable::test::parseJson(created.out);
    BOOST_TEST(j.at("id").get<std::string>() == "byte");
    BOOST_TEST(j.at("crs").get<std::string>() == "EPSG:26711");
    BOOST_TEST(j.at("georeferenced").get<bool>());
    BOOST_TEST((j.at("extent").get<std::vector<double>>() == std::vector<double>{440720.0, 3750120.0, 441920.0, 3751320.0}));
    Result validated = runTool({"scenario", "validate", file, "--json"});
    BOOST_TEST(validated.code == 0, validated.out);
    // A reference layer on it: listed, then removed; a layer name that does not exist exits 1.
    Result added = runTool({"reference", "add", file, sandtable::test::sharedData("rasters/byte.tif").string(), "--name", "modern", "--opacity", "0.5"});
    BOOST_TEST(added.code == 0, added.err);
    Result listed = runTool({"reference", "list", file, "--json"});
    const auto list = sandtable::test::parseJson(listed.out);
    BOOST_TEST_REQUIRE(list.size() == 1u);
    BOOST_TEST(list[0].at("name").get<std::string>() == "modern");
    BOOST_TEST(list[0].at("kind").get<std::string>() == "raster");
    BOOST_TEST(list[0].at("crs").get<std::string>() == "EPSG:26711");
    BOOST_TEST(list[0].at("opacity").get<double>() == 0.5);
    BOOST_TEST(runTool({"reference", "remove", file, "nothing"}).code == 1);
    BOOST_TEST(runTool({"reference", "remove", file, "modern"}).code == 0);
    BOOST_TEST(sandtable::test::parseJson(runTool({"reference", "list", file, "--json"}).out).empty());
}

BOOST_AUTO_TEST_CASE(new_from_a_plain_scan_says_what_comes_next)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = (folder / "scan.sandtable.json").string();
    const std::string scan = sandtable::test::sharedData("maps/gettysburg_positions_map_july1-3_1863.jpg").string();
    Result created = runTool({"scenario", "new", "--map", scan, "-o", file, "--json"});
    BOOST_TEST_REQUIRE(created.code == 0, created.err);
    const auto j = sandtable::test::parseJson(created.out);
    BOOST_TEST(!j.at("georeferenced").get<bool>());
    BOOST_TEST(j.at("next").get<std::string>() == "georeference");
    BOOST_TEST(j.at("crs").is_null());
    BOOST_TEST(runTool({"scenario", "validate", file}).code == 0);
    // Without --json the CLI says which commands come next: the scenario's own `map georef`, or calibration.
    Result said = runTool({"scenario", "new", "--map", scan, "-o", file, "--force"});
    BOOST_TEST_REQUIRE(said.code == 0, said.err);
    BOOST_TEST(said.err.find("next: `sandtable map georef " + file + " --gcps GCPS.points`") != std::string::npos, said.err);
    // A raster GDAL cannot read: exit 1 naming it, nothing written.
    const std::string bad = (folder / "not-a-raster.tif").string();
    sandtable::core::io::writeFileAtomically(bad, "plain text");
    const std::string other = (folder / "other.sandtable.json").string();
    Result refused = runTool({"scenario", "new", "--map", bad, "-o", other});
    BOOST_TEST(refused.code == 1);
    BOOST_TEST(refused.err.find("not-a-raster.tif") != std::string::npos, refused.err);
    BOOST_TEST(!std::filesystem::exists(other));
}

BOOST_AUTO_TEST_CASE(invalid_document_exits_one_with_diagnostics)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "bad.json";
    sandtable::core::io::writeFileAtomically(file,
        R"({"format": "sandtable-scenario", "version": 1, "id": "x", "title": "t", "system": "chess", "crs": ""})");
    Result r = runTool({"scenario", "validate", "--json", file.string()});
    BOOST_TEST(r.code == 1);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("errors").get<int>() >= 1);
    BOOST_TEST(j.at("diagnostics").at(0).at("path").get<std::string>() == "/system");
}

BOOST_AUTO_TEST_CASE(missing_file_is_an_error_line_naming_it)
{
    Result r = runTool({"scenario", "validate", "/nonexistent/x.json"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err == "sandtable: error: /nonexistent/x.json: no such file\n");
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_two_with_a_hint)
{
    Result r = runTool({"scenaro", "validate", "x.json"});
    BOOST_TEST(r.code == 2);
    BOOST_TEST(r.err.find("Did you mean: scenario") != std::string::npos);
    Result missing = runTool({"scenario", "new"});
    BOOST_TEST(missing.code == 2);
}

BOOST_AUTO_TEST_CASE(version_comes_from_the_project)
{
    Result r = runTool({"--version"});
    BOOST_TEST(r.code == 0);
    BOOST_TEST(r.out.rfind("sandtable ", 0) == 0);
}

BOOST_AUTO_TEST_SUITE_END()
