// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/catalogue_commands.cpp: exit codes, error lines, --json keys of cli.md, the export/extract
// round trip, and GDAL's validator on a catalogue the command wrote.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "support/run_command.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/table_battles_fixtures.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <utility>
#include <vector>

namespace {

using sandtable::test::Result;
using sandtable::test::runTool;

std::string writeSmall(const sandtable::test::TemporaryFolder& folder, const std::string& name, sandtable::core::Scenario s)
{
    const auto path = folder / name;
    sandtable::core::io::writeFileAtomically(path, sandtable::core::io::serializeScenario(s));
    return path.string();
}

/// The RGB values of the pixels `points` (x, y) of a PNG, read back with GDAL's Python bindings; empty
/// when python3-gdal is missing (the caller then skips its pixel checks with a message).
std::vector<int> pngPixels(const std::string& png, const std::vector<std::pair<int, int>>& points)
{
    if (!std::filesystem::exists("/usr/share/doc/python3-gdal")) {
        BOOST_TEST_MESSAGE("python3-gdal missing: the thumbnail's pixels are not checked");
        return {};
    }
    std::string list;
    for (const auto& [x, y] : points)
        list += "(" + std::to_string(x) + ", " + std::to_string(y) + "), ";
    const std::string output = sandtable::test::runCommand("/usr/bin/python3 -c \"from osgeo import gdal; d = gdal.Open('"
        + png + "'); print(*[int(d.GetRasterBand(b).ReadAsArray(x, y, 1, 1)[0][0]) for x, y in (" + list
        + ") for b in (1, 2, 3)])\"").output;
    std::istringstream values(output);
    std::vector<int> v(points.size() * 3, -1);
    for (int& x : v)
        values >> x;
    BOOST_TEST_MESSAGE("pixels of " << png << ": " << output);
    return v;
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_catalogue)

BOOST_AUTO_TEST_CASE(export_list_extract_round_trip_with_json_keys)
{
    sandtable::test::TemporaryFolder folder;
    const std::string scenario = writeSmall(folder, "small.json", sandtable::test::smallScenario());
    const std::string db = (folder / "c.gpkg").string();
    Result exported = runTool({"catalogue", "export", scenario, "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(exported.code == 0, exported.err);
    BOOST_TEST(sandtable::test::parseJson(exported.out).at("id") == "test-small");

    Result listed = runTool({"catalogue", "list", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(listed.code == 0, listed.err);
    const auto list = sandtable::test::parseJson(listed.out);
    BOOST_TEST_REQUIRE(list.is_array());
    BOOST_TEST_REQUIRE(list.size() == 1u);
    BOOST_TEST(list[0].at("id") == "test-small");
    BOOST_TEST(list[0].at("title") == "Small test");
    BOOST_TEST(list[0].at("system") == "pub-battles");

    const std::string back = (folder / "back.json").string();
    Result extracted = runTool({"catalogue", "extract", "test-small", "-o", back, "--catalogue", db});
    BOOST_TEST_REQUIRE(extracted.code == 0, extracted.err);
    BOOST_TEST(sandtable::core::io::readFile(back) == sandtable::core::io::readFile(scenario));
}

/// An export asks, for each terrain layer, whether some package wrote it last (settleForeignEdits: a layer
/// another program wrote since gets its single geometries promoted). That lookup read every stored package
/// (a full scan of `packages`: 0.25 s of each export into the bench's 10,000-package catalogue, 52,000 page
/// reads) until the index packages_created; a catalogue made before gets the index at its next export.
BOOST_AUTO_TEST_CASE(an_export_looks_up_the_layers_last_writer_by_index_in_a_catalogue_made_before_the_index)
{
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "c.gpkg").string();
    const std::string small = writeSmall(folder, "small.json", sandtable::test::smallScenario());
    Result first = runTool({"catalogue", "export", small, "--catalogue", db});
    BOOST_TEST_REQUIRE(first.code == 0, first.err);
    // The statement settleForeignEdits runs, and its plan by SQLite's own shell.
    const std::string settle = "SELECT c.table_name FROM gpkg_contents c JOIN sandtable_layers l ON l.table_name = c.table_name "
                               "JOIN gpkg_geometry_columns g ON g.table_name = c.table_name WHERE g.geometry_type_name LIKE 'MULTI%' "
                               "AND (c.last_change IS NULL OR NOT EXISTS (SELECT 1 FROM packages p WHERE p.created = c.last_change))";
    const auto plan = [&] {
        const auto r = sandtable::test::runCommand("/usr/bin/sqlite3 -readonly " + db + " \"EXPLAIN QUERY PLAN " + settle + "\"");
        BOOST_TEST_REQUIRE(r.exitCode == 0, r.output);
        return r.output;
    };
    BOOST_TEST(plan().find("SEARCH p USING COVERING INDEX packages_created (created=?)") != std::string::npos, plan());
    // The catalogue as an earlier sandtable made it: no such index (dropping it fails if the export made none).
    const auto dropped = sandtable::test::runCommand("/usr/bin/sqlite3 " + db + " \"DROP INDEX packages_created\"");
    BOOST_TEST_REQUIRE(dropped.exitCode == 0, dropped.output);
    BOOST_TEST(plan().find("SCAN p\n") != std::string::npos, plan());
    // Read as it is (list and search write nothing), then the next export adds the index.
    Result listed = runTool({"catalogue", "list", "--catalogue", db});
    BOOST_TEST_REQUIRE(listed.code == 0, listed.err);
    const std::string cards = writeSmall(folder, "cards.json", sandtable::test::smallCardScenario());
    Result second = runTool({"catalogue", "export", cards, "--catalogue", db});
    BOOST_TEST_REQUIRE(second.code == 0, second.err);
    BOOST_TEST(plan().find("SEARCH p USING COVERING INDEX packages_created (created=?)") != std::string::npos, plan());
    Result both = runTool({"catalogue", "list", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(both.code == 0, both.err);
    BOOST_TEST(sandtable::test::parseJson(both.out).size() == 2u);
}

BOOST_AUTO_TEST_CASE(invalid_scenario_exits_one_with_diagnostics_and_exports_nothing)
{
    sandtable::test::TemporaryFolder folder;
    auto bad = sandtable::test::smallScenario();
    bad.units[1].formation = sandtable::core::FormationId("nowhere"); // the infantry block: ref.missing, one error
    const std::string scenario = writeSmall(folder, "bad.json", bad);
    const std::string db = (folder / "c.gpkg").string();
    Result r = runTool({"catalogue", "export", scenario, "--catalogue", db});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("ref.missing") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("sandtable: error: " + scenario + ": refusing to export: 1 validation error") != std::string::npos, r.err);
    BOOST_TEST(!std::filesystem::exists(db));
    Result json = runTool({"catalogue", "export", scenario, "--catalogue", db, "--json"});
    BOOST_TEST(json.code == 1);
    const auto j = sandtable::test::parseJson(json.out);
    BOOST_TEST(j.at("id").is_null());
    BOOST_TEST(j.at("errors") == 1);
    BOOST_TEST(j.at("diagnostics").at(0).at("code") == "ref.missing");
}

BOOST_AUTO_TEST_CASE(unwritable_catalogue_path_exits_one_naming_it)
{
    sandtable::test::TemporaryFolder folder;
    const std::string scenario = writeSmall(folder, "small.json", sandtable::test::smallScenario());
    const std::string db = (folder / "no-such-folder" / "c.gpkg").string();
    Result r = runTool({"catalogue", "export", scenario, "--catalogue", db});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.rfind("sandtable: error: " + db + ": ", 0) == 0u, r.err);
    BOOST_TEST(!std::filesystem::exists(folder / "no-such-folder"));
}

BOOST_AUTO_TEST_CASE(search_show_and_remove)
{
    sandtable::test::TemporaryFolder folder;
    auto s = sandtable::test::smallScenario();
    s.settings.title = "Антietam по-русски";
    s.settings.battle = "Antietam";
    const std::string scenario = writeSmall(folder, "a.json", s);
    const std::string db = (folder / "c.gpkg").string();
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", scenario, "--catalogue", db}).code == 0);
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", scenario, "--catalogue", db}).code == 0);

    Result found = runTool({"catalogue", "search", "ПО-РУССКИ", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(found.code == 0, found.err);
    const auto hits = sandtable::test::parseJson(found.out);
    BOOST_TEST_REQUIRE(hits.size() == 1u);
    BOOST_TEST(hits[0].at("id") == "test-small");
    BOOST_TEST(hits[0].at("system") == "pub-battles");
    BOOST_TEST(hits[0].contains("title"));
    Result filtered = runTool({"catalogue", "search", "antietam", "--system", "campaign-lite", "--catalogue", db, "--json"});
    BOOST_TEST(sandtable::test::parseJson(filtered.out).empty());

    Result shown = runTool({"catalogue", "show", "test-small", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(shown.code == 0, shown.err);
    const auto details = sandtable::test::parseJson(shown.out);
    BOOST_TEST(details.at("revision") == 2);
    BOOST_TEST((details.at("revisions").get<std::vector<int>>() == std::vector<int>{1, 2}));
    BOOST_TEST(details.at("features") == 2);
    BOOST_TEST(details.at("units") == 3);
    // The stream and the wood, each in the layer of its geometry type.
    BOOST_TEST((details.at("terrain_tables").get<std::vector<std::string>>() == std::vector<std::string>{"terrain_epsg_32618_lines", "terrain_epsg_32618_polygons"}));

    Result removed = runTool({"catalogue", "remove", "test-small", "--revision", "2", "--catalogue", db, "--json"});
    BOOST_TEST(removed.code == 0);
    BOOST_TEST(sandtable::test::parseJson(removed.out).at("removed") == 1);
    Result missing = runTool({"catalogue", "show", "nothing", "--catalogue", db});
    BOOST_TEST(missing.code == 1);
    BOOST_TEST(missing.err == "sandtable: error: " + db + ": nothing: no such package in the catalogue\n");
}

BOOST_AUTO_TEST_CASE(a_query_without_a_word_is_a_usage_error_and_a_hyphenated_prefix_is_found)
{
    sandtable::test::TemporaryFolder folder;
    auto s = sandtable::test::smallScenario();
    s.settings.title = "Saint-Cyr at Dresden";
    const std::string db = (folder / "c.gpkg").string();
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", writeSmall(folder, "a.json", s), "--catalogue", db}).code == 0);
    Result found = runTool({"catalogue", "search", "saint-c*", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(found.code == 0, found.err);
    BOOST_TEST(sandtable::test::parseJson(found.out).size() == 1u);
    for (const char* query : {"(", ")", "\"", "", "  "}) {
        Result r = runTool({"catalogue", "search", query, "--catalogue", db, "--json"});
        BOOST_TEST(r.code == 2, query);
        BOOST_TEST(sandtable::test::parseJson(r.out).at("error").at("kind").get<std::string>() == "usage", query);
        BOOST_TEST(r.err.find("sandtable: usage error: QUERY: ") == 0, r.err);
    }
    Result paren = runTool({"catalogue", "search", "(", "--catalogue", db});
    BOOST_TEST(paren.err.find("'(' holds no word to search for") != std::string::npos, paren.err);
    // A blank query with a filter lists what the filter keeps.
    Result listed = runTool({"catalogue", "search", "", "--system", "pub-battles", "--catalogue", db, "--json"});
    BOOST_TEST(listed.code == 0, listed.err);
    BOOST_TEST(sandtable::test::parseJson(listed.out).size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_different_scenario_with_a_taken_id_exits_one_unless_stored_under_a_new_id)
{
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "c.gpkg").string();
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", writeSmall(folder, "a.json", sandtable::test::smallScenario()), "--catalogue", db}).code == 0);
    auto other = sandtable::test::smallScenario();
    other.settings.system = sandtable::core::GameSystem::TableBattles;
    other.settings.title = "Leuthen";
    const std::string otherFile = writeSmall(folder, "b.json", other);
    Result refused = runTool({"catalogue", "export", otherFile, "--catalogue", db});
    BOOST_TEST(refused.code == 1);
    BOOST_TEST(refused.err.find("sandtable: error: " + db + ": test-small: not a revision of the package already stored under this id") == 0,
        refused.err);
    Result listed = runTool({"catalogue", "list", "--catalogue", db, "--json"});
    const auto packages = sandtable::test::parseJson(listed.out);
    BOOST_TEST_REQUIRE(packages.size() == 1u);
    BOOST_TEST(packages[0].at("system") == "pub-battles");
    BOOST_TEST(packages[0].at("revision") == 1);
    Result stored = runTool({"catalogue", "export", otherFile, "--as-new-id", "leuthen", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(stored.code == 0, stored.err);
    BOOST_TEST(sandtable::test::parseJson(stored.out).at("id") == "leuthen");
    BOOST_TEST(sandtable::test::parseJson(runTool({"catalogue", "list", "--catalogue", db, "--json"}).out).size() == 2u);
    // Retitled without battle or date: a revision only when the designer says so.
    auto renamed = sandtable::test::smallScenario();
    renamed.settings.title = "Small test, renamed";
    const std::string renamedFile = writeSmall(folder, "c.json", renamed);
    BOOST_TEST(runTool({"catalogue", "export", renamedFile, "--catalogue", db}).code == 1);
    Result revised = runTool({"catalogue", "export", renamedFile, "--as-revision", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(revised.code == 0, revised.err);
    BOOST_TEST(sandtable::test::parseJson(revised.out).at("revision") == 2);
    Result help = runTool({"catalogue", "export", "--help"});
    BOOST_TEST(help.out.find("--as-new-id") != std::string::npos, help.out);
    BOOST_TEST(help.out.find("--as-revision") != std::string::npos, help.out);
}

BOOST_AUTO_TEST_CASE(a_non_catalogue_file_is_a_clear_error)
{
    sandtable::test::TemporaryFolder folder;
    sandtable::core::io::writeFileAtomically(folder / "x.gpkg", "hello, not a database at all, but long enough to be read as one");
    Result r = runTool({"catalogue", "list", "--catalogue", (folder / "x.gpkg").string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.rfind("sandtable: error: " + (folder / "x.gpkg").string() + ": ", 0) == 0u, r.err);
}

BOOST_AUTO_TEST_CASE(gdal_validator_accepts_the_catalogue_the_command_writes)
{
    const std::filesystem::path validator = "/usr/share/doc/python3-gdal/examples/validate_gpkg.py";
    BOOST_REQUIRE_MESSAGE(!(!std::filesystem::exists(validator)), "cannot run: " << validator << " is absent (install python3-gdal)");
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "catalogue.gpkg").string();
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", writeSmall(folder, "a.json", sandtable::test::smallScenario()), "--catalogue", db}).code == 0);
    const sandtable::test::CommandResult validated = sandtable::test::runCommand("/usr/bin/python3 " + validator.string() + " -k " + db);
    BOOST_TEST(validated.exitCode == 0, validated.output);
    BOOST_TEST(validated.output == "");
}

BOOST_AUTO_TEST_CASE(every_package_gets_a_thumbnail_png_of_its_terrain)
{
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "c.gpkg").string();
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", writeSmall(folder, "a.json", sandtable::test::smallScenario()), "--catalogue", db}).code == 0);
    Result shown = runTool({"catalogue", "show", "test-small", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(shown.code == 0, shown.err);
    // The fixture's extent is 1000 m x 1000 m: 256 px wide, so 256 px high.
    const auto thumbnail = sandtable::test::parseJson(shown.out).at("thumbnail");
    BOOST_TEST(thumbnail.at("width") == 256);
    BOOST_TEST(thumbnail.at("height") == 256);
    BOOST_TEST(thumbnail.at("format") == "png");

    const std::string png = (folder / "t.png").string();
    Result written = runTool({"catalogue", "thumbnail", "test-small", "-o", png, "--catalogue", db});
    BOOST_TEST_REQUIRE(written.code == 0, written.err);
    const std::string bytes = sandtable::core::io::readFile(png);
    BOOST_TEST_REQUIRE(bytes.size() > 24u);
    BOOST_TEST(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
    BOOST_TEST(bytes.substr(12, 4) == "IHDR");
    BOOST_TEST(static_cast<unsigned char>(bytes[18]) == 1u); // width 256 = 0x00000100, big-endian
    BOOST_TEST(static_cast<unsigned char>(bytes[19]) == 0u);

    // Pixels, read back with GDAL: the wood (300100..300300 E, 4400100..4400200 N) covers pixel (51, 217)
    // with the woods fill of core's style table, rgb(110, 185, 90) at alpha 170/255 over the paper
    // (245, 240, 224): 110 * 2/3 + 245 / 3 = 155, 185 * 2/3 + 240 / 3 = 203.3, 90 * 2/3 + 224 / 3 = 134.7;
    // pixel (200, 50) is bare paper.
    if (const std::vector<int> v = pngPixels(png, {{51, 217}, {200, 50}}); !v.empty()) {
        const int expected[6] = {155, 203, 135, 245, 240, 224};
        for (int k = 0; k < 6; ++k)
            BOOST_TEST(std::abs(v[k] - expected[k]) <= 2, "channel " << k << ": " << v[k]);
    }

    Result none = runTool({"catalogue", "thumbnail", "nothing", "-o", png, "--catalogue", db});
    BOOST_TEST(none.code == 1);
}

BOOST_AUTO_TEST_CASE(thumbnail_fills_overlapping_woods_once_and_keeps_holes_whatever_their_orientation)
{
    // The fixture's 1000 m x 1000 m extent at 256 px: 0.256 px per metre; x = (E - 300000) * 0.256,
    // y = 256 - (N - 4400000) * 0.256. The woods fill is rgb(110, 185, 90) at alpha 170/255 over the paper
    // (245, 240, 224): (155, 203, 135) once; filled twice it would be (125, 191, 105).
    using sandtable::core::Geometry;
    using sandtable::core::TerrainFeature;
    using sandtable::core::FeatureId;
    auto s = sandtable::test::smallScenario();
    s.terrain.clear();
    // A (E 300100-300500) and B (E 300300-300700) overlap over E 300300-300500, N 4400100-4400500.
    s.terrain.push_back(TerrainFeature{FeatureId("wood-a"), "woods", "A",
        Geometry::polygon({{{300100, 4400100}, {300500, 4400100}, {300500, 4400500}, {300100, 4400500}, {300100, 4400100}}}),
        sandtable::core::Attributes()});
    s.terrain.push_back(TerrainFeature{FeatureId("wood-b"), "woods", "B",
        Geometry::polygon({{{300300, 4400100}, {300700, 4400100}, {300700, 4400500}, {300300, 4400500}, {300300, 4400100}}}),
        sandtable::core::Attributes()});
    // C has a clearing (E 300400-300600, N 4400750-4400850) whose ring turns the same way as the exterior.
    s.terrain.push_back(TerrainFeature{FeatureId("wood-c"), "woods", "C",
        Geometry::polygon({{{300100, 4400700}, {300900, 4400700}, {300900, 4400900}, {300100, 4400900}, {300100, 4400700}},
            {{300400, 4400750}, {300600, 4400750}, {300600, 4400850}, {300400, 4400850}, {300400, 4400750}}}),
        sandtable::core::Attributes()});
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "c.gpkg").string();
    Result exported = runTool({"catalogue", "export", writeSmall(folder, "w.json", s), "--catalogue", db});
    BOOST_TEST_REQUIRE(exported.code == 0, exported.err);
    const std::string png = (folder / "t.png").string();
    Result written = runTool({"catalogue", "thumbnail", "test-small", "-o", png, "--catalogue", db});
    BOOST_TEST_REQUIRE(written.code == 0, written.err);
    // (51, 179): A alone (E 300200, N 4400300); (102, 179): A and B (E 300400); (51, 51): C (E 300200,
    // N 4400800); (128, 51): C's clearing (E 300500); (200, 240): bare paper (E 300781, N 4400062).
    const std::vector<int> v = pngPixels(png, {{51, 179}, {102, 179}, {51, 51}, {128, 51}, {200, 240}});
    if (v.empty())
        return;
    const int wood[3] = {155, 203, 135};
    const int paper[3] = {245, 240, 224};
    const int* expected[5] = {wood, wood, wood, paper, paper};
    for (int p = 0; p < 5; ++p)
        for (int b = 0; b < 3; ++b)
            BOOST_TEST(std::abs(v[static_cast<std::size_t>(p * 3 + b)] - expected[p][b]) <= 2, "point " << p << " band " << b);
}

BOOST_AUTO_TEST_CASE(every_example_round_trips_through_the_catalogue_byte_for_byte)
{
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "c.gpkg").string();
    int examples = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(sandtable::test::sourceDir() / "examples")) {
        const std::string name = entry.path().filename().string();
        if (name.size() < 15 || name.substr(name.size() - 15) != ".sandtable.json")
            continue;
        ++examples;
        Result exported = runTool({"catalogue", "export", entry.path().string(), "--catalogue", db, "--no-raster", "--json"});
        BOOST_TEST_REQUIRE(exported.code == 0, entry.path() << ": " << exported.err);
        const std::string id = sandtable::test::parseJson(exported.out).at("id").get<std::string>();
        const std::string back = (folder / (id + ".json")).string();
        Result extracted = runTool({"catalogue", "extract", id, "-o", back, "--catalogue", db});
        BOOST_TEST_REQUIRE(extracted.code == 0, extracted.err);
        BOOST_TEST(sandtable::core::io::readFile(back) == sandtable::core::io::readFile(entry.path()), entry.path());
    }
    BOOST_TEST(examples >= 5);
}

BOOST_AUTO_TEST_SUITE_END()
