// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/grid_commands.cpp: `grid new|table|derive|override|roll|print`, JSON keys of cli.md, bad input.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>

namespace {
using sandtable::test::Result;
using sandtable::test::runTool;

std::string readFile(const std::filesystem::path& path)
{
    return sandtable::core::io::readFile(path);
}

// The small scenario's map is 300000..301000 E x 4400000..4401000 N; a 2 x 2 grid of 500 m covers it exactly.
std::filesystem::path withGrid(const sandtable::test::TemporaryFolder& folder)
{
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    const Result r = runTool({"grid", "new", file.string(), "--square", "500", "--origin", "300000,4400000", "--rows", "2", "--cols", "2"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    return file;
}
} // namespace

BOOST_AUTO_TEST_SUITE(cli_grid)

BOOST_AUTO_TEST_CASE(new_lays_the_grid_and_reports_the_squares)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    const Result r = runTool({"grid", "new", file.string(), "--square", "250", "--origin", "300000,4400000", "--rows", "4",
        "--cols", "4", "--numbering", "colrow", "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("squares").get<int>() == 16);
    BOOST_TEST(j.at("north_west").get<std::string>() == "0101");
    BOOST_TEST(j.at("south_east").get<std::string>() == "0404");
    const auto loaded = sandtable::core::io::loadScenario(file);
    BOOST_REQUIRE(loaded.scenario.campaign.has_value());
    BOOST_TEST(loaded.scenario.campaign->grid.squareSize == 250.0);
}

BOOST_AUTO_TEST_CASE(bad_grids_are_clear_errors_and_leave_the_file_alone)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    const std::string before = readFile(file);
    Result r = runTool({"grid", "new", file.string(), "--square", "0", "--origin", "300000,4400000", "--rows", "2", "--cols", "2"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("square size must be a positive number") != std::string::npos);
    r = runTool({"grid", "new", file.string(), "--square", "-500", "--origin", "300000,4400000", "--rows", "2", "--cols", "2"});
    BOOST_TEST(r.code == 1);
    r = runTool({"grid", "new", file.string(), "--origin", "not-a-point", "--rows", "2", "--cols", "2"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(readFile(file) == before);
    r = runTool({"grid", "derive", file.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("has no campaign grid") != std::string::npos);
    // 2 x 2 squares of 400 m leave 200 m of the map uncovered to the east and to the north: the grid is laid
    // with a warning (the editor lays grids in steps under the same rule), and derive refuses it.
    r = runTool({"grid", "new", file.string(), "--square", "400", "--origin", "300000,4400000", "--rows", "2", "--cols", "2"});
    BOOST_TEST(r.code == 0);
    BOOST_TEST(r.err.find("warning: /campaign/grid:") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("200 m of the map beyond its east edge") != std::string::npos, r.err);
    r = runTool({"grid", "derive", file.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("does not cover the map extent") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(new_refuses_to_strand_a_force_and_keeps_the_derivation_when_only_the_names_change)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = withGrid(folder);
    BOOST_REQUIRE_EQUAL(runTool({"grid", "derive", file.string()}).code, 0);
    auto loaded = sandtable::core::io::loadScenario(file);
    sandtable::core::CampaignForce force;
    force.id = "f1";
    force.side = sandtable::core::SideId("blue");
    force.name = "Blue main";
    force.square = {1, 1}; // B2, the south-east square of the 2 x 2 grid
    force.infantry = 2;
    loaded.scenario.campaign->forces.push_back(force);
    sandtable::core::io::saveScenario(loaded.scenario, file);
    const std::string before = readFile(file);
    // One column of 1000 m: B2 is gone.
    Result r = runTool({"grid", "new", file.string(), "--square", "1000", "--origin", "300000,4400000", "--rows", "1", "--cols", "1"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("force 'f1' at B2") != std::string::npos, r.err);
    BOOST_TEST(readFile(file) == before);
    // The same squares numbered colrow: the derived terrain (4 squares) stays.
    r = runTool({"grid", "new", file.string(), "--square", "500", "--origin", "300000,4400000", "--rows", "2", "--cols", "2",
        "--numbering", "colrow", "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("south_east").get<std::string>() == "0202");
    loaded = sandtable::core::io::loadScenario(file);
    BOOST_TEST(loaded.scenario.campaign->derived.size() == 4u);
    BOOST_TEST(loaded.scenario.campaign->forces.size() == 1u);
}

BOOST_AUTO_TEST_CASE(derive_reports_coverage_and_keeps_overrides)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = withGrid(folder);
    // The fixture's wood is 300100..300300 x 4400100..4400200: 20,000 m2 of the 250,000 m2 south-west square.
    Result r = runTool({"grid", "override", file.string(), "A1", "--class", "woods", "--cover", "whole", "--note", "orchard belt"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    r = runTool({"grid", "derive", file.string(), "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    const auto& squares = j.at("squares");
    BOOST_REQUIRE_EQUAL(squares.size(), 4u);
    BOOST_TEST(squares.at(2).at("ref").get<std::string>() == "A2");
    BOOST_TEST(squares.at(2).at("terrain").at("woods").get<double>() == 0.08, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(squares.at(2).at("cover").at("woods").get<std::string>() == "none");
    BOOST_TEST(squares.at(0).at("cover").at("woods").get<std::string>() == "whole");
    BOOST_TEST(squares.at(0).at("overridden").at(0).get<std::string>() == "woods");
    r = runTool({"grid", "derive", file.string(), "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto again = sandtable::test::parseJson(r.out);
    BOOST_TEST(again.at("squares").at(0).at("cover").at("woods").get<std::string>() == "whole");
    BOOST_TEST(again.at("overrides").get<int>() == 1);
}

BOOST_AUTO_TEST_CASE(roll_is_reproducible_and_checks_the_seed)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = withGrid(folder);
    Result a = runTool({"grid", "roll", file.string(), "--seed", "42", "--region", "valley", "--json"});
    BOOST_REQUIRE_EQUAL(a.code, 0);
    Result b = runTool({"grid", "roll", file.string(), "--seed", "42", "--region", "valley", "--json"});
    BOOST_REQUIRE_EQUAL(b.code, 0);
    const auto ja = sandtable::test::parseJson(a.out), jb = sandtable::test::parseJson(b.out);
    BOOST_TEST(ja.at("rolls").size() == 4u); // every square: no battle table chosen
    BOOST_TEST(ja.at("rolls") == jb.at("rolls"));
    const auto loaded = sandtable::core::io::loadScenario(file);
    BOOST_TEST(loaded.scenario.campaign->secondary->seed == 42u);
    for (const char* bad : {"-1", "18446744073709551616", "seven"}) {
        const Result r = runTool({"grid", "roll", file.string(), "--seed", bad, "--region", "valley"});
        BOOST_TEST(r.code == 1);
        BOOST_TEST(r.err.find("is not a whole number from 0 to 18446744073709551615") != std::string::npos, r.err);
    }
    const Result region = runTool({"grid", "roll", file.string(), "--seed", "1", "--region", "tundra"});
    BOOST_TEST(region.code == 2);
}

BOOST_AUTO_TEST_CASE(table_helper_and_print)
{
    Result t = runTool({"grid", "table", "--length", "2438.4", "--width", "1828.8", "--scale", "3600", "--json"});
    BOOST_REQUIRE_EQUAL(t.code, 0);
    const auto jt = sandtable::test::parseJson(t.out);
    BOOST_TEST(jt.at("square_size").get<double>() == 1463.04, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(jt.at("along").get<int>() == 6);
    BOOST_TEST(jt.at("across").get<int>() == 4);
    sandtable::test::TemporaryFolder folder;
    const auto file = withGrid(folder);
    BOOST_REQUIRE_EQUAL(runTool({"grid", "derive", file.string()}).code, 0);
    const Result p = runTool({"grid", "print", file.string(), "-o", (folder / "g.pdf").string(), "--copies", "4", "--scale", "10000", "--json"});
    BOOST_REQUIRE_EQUAL(p.code, 0);
    const auto jp = sandtable::test::parseJson(p.out);
    BOOST_TEST(jp.at("pages").get<int>() == 4);
    BOOST_TEST(jp.at("square_mm").get<double>() == 50.0); // 500 m at 1:10,000
    BOOST_TEST(std::filesystem::exists(folder / "g.pdf"));
    // --player-aid: the four copies, then the player aid page.
    const Result aid = runTool({"grid", "print", file.string(), "-o", (folder / "aid.pdf").string(), "--copies", "4", "--scale",
        "10000", "--player-aid", "--json"});
    BOOST_REQUIRE_EQUAL(aid.code, 0);
    const auto ja = sandtable::test::parseJson(aid.out);
    BOOST_TEST(ja.at("pages").get<int>() == 5);
    BOOST_TEST(ja.at("player_aid").get<bool>());
}

BOOST_AUTO_TEST_CASE(print_as_png_writes_one_file_per_page_and_lists_them)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = withGrid(folder);
    // 2 x 2 squares of 500 m at 1:10,000: a 100 x 100 mm grid, one portrait A4 sheet per copy; 3 copies are
    // 3 pages: sheets-1.png .. sheets-3.png, each 210 x 297 mm at 100 dpi = 826.8 -> 827 x 1169.3 -> 1169 px.
    // The output's extension does not say PNG: --format does.
    const Result p = runTool({"grid", "print", file.string(), "-o", (folder / "sheets.img").string(), "--format", "png", "--copies",
        "3", "--scale", "10000", "--dpi", "100", "--json"});
    BOOST_REQUIRE_MESSAGE(p.code == 0, p.err);
    const auto j = sandtable::test::parseJson(p.out);
    BOOST_TEST(j.at("format").get<std::string>() == "png");
    BOOST_TEST(j.at("pages").get<int>() == 3);
    const auto& files = j.at("files");
    BOOST_REQUIRE_EQUAL(files.size(), 3u);
    for (int page = 1; page <= 3; ++page) {
        const auto expected = folder / ("sheets-" + std::to_string(page) + ".img");
        BOOST_TEST(files.at(static_cast<std::size_t>(page - 1)).get<std::string>() == expected.string());
        // PNG signature, then the IHDR chunk's big-endian width and height (bytes 16..23).
        const std::string bytes = readFile(expected);
        BOOST_REQUIRE(bytes.size() > 24u);
        BOOST_TEST(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n"));
        auto be32 = [&](std::size_t at) {
            return (static_cast<unsigned>(static_cast<unsigned char>(bytes[at])) << 24)
                | (static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 1])) << 16)
                | (static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 2])) << 8)
                | static_cast<unsigned>(static_cast<unsigned char>(bytes[at + 3]));
        };
        BOOST_TEST(be32(16) == 827u);
        BOOST_TEST(be32(20) == 1169u);
    }
    BOOST_TEST(!std::filesystem::exists(folder / "sheets.img"));
    // A PDF stays one file, listed alone.
    const Result pdf = runTool({"grid", "print", file.string(), "-o", (folder / "g.pdf").string(), "--json"});
    BOOST_REQUIRE_MESSAGE(pdf.code == 0, pdf.err);
    const auto jp = sandtable::test::parseJson(pdf.out);
    BOOST_TEST(jp.at("format").get<std::string>() == "pdf");
    BOOST_REQUIRE_EQUAL(jp.at("files").size(), 1u);
    BOOST_TEST(jp.at("files").at(0).get<std::string>() == (folder / "g.pdf").string());
    // An output whose extension names no format, without --format, is bad input: exit 1, naming the file.
    const Result bad = runTool({"grid", "print", file.string(), "-o", (folder / "g.tiff").string()});
    BOOST_TEST(bad.code == 1);
    BOOST_TEST(bad.err.find("g.tiff") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(battle_sizes_the_table_lists_set_ups_and_saves_the_squares)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = withGrid(folder);
    auto loaded = sandtable::core::io::loadScenario(file);
    loaded.scenario.campaign->forces = {
        sandtable::core::CampaignForce{"blue-a", sandtable::core::SideId("blue"), "Blue A", {0, 0}, 2, 0, 0, false},
        sandtable::core::CampaignForce{"red-a", sandtable::core::SideId("red"), "Red A", {1, 1}, 2, 0, 0, false}};
    sandtable::core::io::saveScenario(loaded.scenario, file);
    const Result r = runTool({"grid", "battle", file.string(), "--squares", "A1,B1", "--rules-scale", "5000", "--json"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
    // 500 m squares at 1:5000 = 100 mm; 2 x 1 squares = 200 x 100 mm; half a mile 804.672 m = 160.9344 mm.
    BOOST_TEST(j.at("square_on_table_mm").get<double>() == 100.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(j.at("table_mm").at(0).get<double>() == 200.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(j.at("table_mm").at(1).get<double>() == 100.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(j.at("half_mile_mm").get<double>() == 160.9344, boost::test_tools::tolerance(1e-9));
    const auto& forces = j.at("forces");
    BOOST_REQUIRE(forces.size() == 2u);
    // A1 on the table: its square 0..100 mm grown by 160.9 mm, clipped to the 200 x 100 mm table.
    BOOST_TEST(forces.at(0).at("on_table").get<bool>());
    BOOST_TEST(forces.at(0).at("zone_mm").at(2).get<double>() == 200.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(forces.at(0).at("zone_mm").at(3).get<double>() == 100.0, boost::test_tools::tolerance(1e-9));
    // B2 is one square south of B1: off the table.
    BOOST_TEST(!forces.at(1).at("on_table").get<bool>());
    BOOST_TEST(forces.at(1).at("squares_from_table").get<int>() == 1);
    const auto saved = sandtable::core::io::loadScenario(file).scenario;
    BOOST_REQUIRE(saved.campaign->tableSquares.size() == 2u);
    BOOST_TEST(saved.campaign->tableSquares[1].column == 1);
    // Not a rectangle: an error naming the missing square; the file keeps its table.
    const Result bad = runTool({"grid", "battle", file.string(), "--squares", "A1,B2"});
    BOOST_TEST(bad.code == 1);
    BOOST_TEST(bad.err.find("is missing") != std::string::npos, bad.err);
    BOOST_TEST(sandtable::core::io::loadScenario(file).scenario.campaign->tableSquares.size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
