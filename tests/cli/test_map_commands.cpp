// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/map_commands.cpp: `map print` JSON keys, errors, and the terrain-only fallback.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;

BOOST_AUTO_TEST_SUITE(cli_map)

BOOST_AUTO_TEST_CASE(prints_one_page_when_the_map_fits)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::saveScenario(sandtable::test::smallScenario(), file);
    Result r = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--scale", "16000", "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("pages").get<int>() == 1);
    // 1000 m x 1000 m at 1:16,000 = 62.5 mm x 62.5 mm.
    BOOST_TEST(j.at("extent_mm").at(0).get<double>() == 62.5);
    BOOST_TEST(j.at("extent_mm").at(1).get<double>() == 62.5);
    BOOST_TEST(std::filesystem::exists(folder / "m.pdf"));
}

BOOST_AUTO_TEST_CASE(missing_raster_prints_terrain_only_with_a_notice)
{
    sandtable::test::TemporaryFolder folder;
    auto s = sandtable::test::smallScenario();
    s.map = sandtable::core::MapSource{"absent.jpg", "", 100, 100, std::nullopt, ""};
    const auto file = folder / "s.json";
    sandtable::core::saveScenario(s, file);
    Result r = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--scale", "8000"});
    BOOST_TEST(r.code == 0);
    BOOST_TEST(r.err.find("not found: printing terrain only") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_scale_needing_thousands_of_pages_is_refused_leaving_no_pdf)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::saveScenario(sandtable::test::smallScenario(), file);
    Result r = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--scale", "50"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.rfind("sandtable: error: ", 0) == 0);
    BOOST_TEST(r.err.find("sheets") != std::string::npos);
    BOOST_TEST(!std::filesystem::exists(folder / "m.pdf"));
    Result bad = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--layers", "scan,clouds"});
    BOOST_TEST(bad.code == 1);
}

BOOST_AUTO_TEST_SUITE_END()
