// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/oob_commands.cpp: import all-or-none with row numbers, summary and print JSON keys.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;

BOOST_AUTO_TEST_SUITE(cli_oob)

BOOST_AUTO_TEST_CASE(import_is_all_rows_or_none)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::saveScenario(sandtable::test::smallScenario(), file);
    const std::string before = sandtable::core::readFile(file);
    sandtable::core::writeFileAtomically(folder / "bad.csv", "Unit,Kind,Men,Corps\nIron Brigade,infantry,1800,blue-1\nGhosts,infantry,-5,blue-1\n");
    Result bad = runTool({"oob", "import", file.string(), (folder / "bad.csv").string(), "--map", "Unit=name", "--map",
        "Kind=type", "--map", "Men=strength", "--map", "Corps=formation"});
    BOOST_TEST(bad.code == 1);
    BOOST_TEST(bad.err.find("row 2 (line 3): negative strength -5") != std::string::npos);
    BOOST_TEST(sandtable::core::readFile(file) == before);

    sandtable::core::writeFileAtomically(folder / "good.csv", "Unit,Kind,Men,Corps\nIron Brigade,infantry,1800,blue-1\nBuford,cavalry,2700,blue-1\n");
    Result good = runTool({"oob", "import", file.string(), (folder / "good.csv").string(), "--map", "Unit=name", "--map",
        "Kind=type", "--map", "Men=strength", "--map", "Corps=formation", "--json"});
    BOOST_TEST_INFO(good.err);
    BOOST_REQUIRE_EQUAL(good.code, 0);
    const auto j = nlohmann::json::parse(good.out);
    BOOST_TEST(j.at("imported").get<int>() == 2);
    const auto loaded = sandtable::core::loadScenario(file);
    BOOST_TEST(loaded.scenario.units.size() == 5u);
    BOOST_TEST(loaded.scenario.units.back().name == "Buford");
    BOOST_TEST(loaded.scenario.units.back().id.str() == "blue-1-2");
}

BOOST_AUTO_TEST_CASE(summary_json_has_points_thresholds_and_ranges)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::saveScenario(sandtable::test::smallScenario(), file);
    Result r = runTool({"oob", "summary", file.string(), "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("command_range_m").get<double>() == 1024.0);
    BOOST_TEST(j.at("field_of_fire_m").get<double>() == 720.0);
    // Blue: one regular infantry block (3 points), its HQ (0); one block routs at 1.
    BOOST_TEST(j.at("sides").at(0).at("id").get<std::string>() == "blue");
    BOOST_TEST(j.at("sides").at(0).at("victory_points").get<int>() == 3);
    BOOST_TEST(j.at("sides").at(0).at("rout_threshold").get<int>() == 1);
    BOOST_TEST(j.at("pieces").at(1).at("combat_dice").get<int>() == 3);
}

BOOST_AUTO_TEST_CASE(print_writes_one_sticker_per_piece)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::saveScenario(sandtable::test::smallScenario(), file);
    Result r = runTool({"oob", "print", file.string(), "-o", (folder / "st.pdf").string(), "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("pages").get<int>() == 1);
    BOOST_TEST(j.at("stickers").get<int>() == 3);
    BOOST_TEST(std::filesystem::exists(folder / "st.pdf"));
}

BOOST_AUTO_TEST_SUITE_END()
