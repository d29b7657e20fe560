// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/systems (issue 42 item 3): the one list of game systems, and a system of the test's own,
// registered here and nowhere else, that flows through validation, the map print and the VASSAL export by
// its descriptor alone. Its own executable: registering a system changes the process's list.
#include "sandtable/app/reporter.hpp"
#include "sandtable/app/vassal_export.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/print/map_print.hpp"
#include "support/run_command.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

namespace core = sandtable::core;
namespace systems = sandtable::core::systems;
namespace print = sandtable::print;

BOOST_AUTO_TEST_SUITE(game_systems)

BOOST_AUTO_TEST_CASE(the_four_systems_of_the_rules_texts_in_one_list_and_in_the_schema)
{
    const std::vector<std::string> expected{"pub-battles", "table-battles", "campaign-lite", "syw-miniatures"};
    const std::vector<std::string> names = systems::gameSystemNames();
    BOOST_REQUIRE(names.size() >= expected.size());
    BOOST_TEST(std::vector<std::string>(names.begin(), names.begin() + 4) == expected, boost::test_tools::per_element());
    // The enum's values are the list's positions; names go both ways.
    BOOST_TEST(std::string(core::toString(core::GameSystem::CampaignLite)) == "campaign-lite");
    BOOST_TEST(static_cast<int>(core::gameSystemFromString("syw-miniatures")) == static_cast<int>(core::GameSystem::SywMiniatures));
    BOOST_CHECK_THROW(core::gameSystemFromString("kriegsspiel"), std::invalid_argument);
    // The file format's schema names the same four (schemas/scenario.v1.schema.json, "system": {"enum": ...}).
    std::ifstream schema(std::filesystem::path(SANDTABLE_SOURCE_DIR) / "schemas" / "scenario.v1.schema.json");
    std::stringstream text;
    text << schema.rdbuf();
    std::smatch m;
    const std::string body = text.str();
    BOOST_REQUIRE(std::regex_search(body, m, std::regex("\"system\": \\{ \"enum\": \\[([^\\]]*)\\]")));
    BOOST_TEST(m[1].str() == "\"pub-battles\", \"table-battles\", \"campaign-lite\", \"syw-miniatures\"");
    // Each system's numbers come from its rules text: Pub Battles blocks 20 x 10 mm, SYW regiments 100 x 40 mm.
    BOOST_TEST(systems::describe(core::GameSystem::PubBattles).defaultPieceLengthMm == 20.0);
    BOOST_TEST(systems::describe(core::GameSystem::SywMiniatures).defaultPieceLengthMm == 100.0);
    BOOST_TEST((systems::describe(core::GameSystem::CampaignLite).dice == std::vector<int>{6, 10}));
    BOOST_TEST((systems::describe(core::GameSystem::TableBattles).ground == systems::Ground::Table));
}

BOOST_AUTO_TEST_CASE(a_system_of_its_own_flows_through_validation_print_and_vassal_export)
{
    // "Skirmish": 30 x 15 mm pieces on a map, a d6 and a d8, one rule of its own (every placed piece is named).
    systems::GameSystemDescriptor skirmish;
    skirmish.name = "test-skirmish";
    skirmish.title = "Skirmish";
    skirmish.choiceLabel = "Skirmish (test)";
    skirmish.ground = systems::Ground::Map;
    skirmish.dice = {6, 8};
    skirmish.defaultPieceLengthMm = 30.0;
    skirmish.defaultPieceDepthMm = 15.0;
    skirmish.setUpChecks = [](const core::Scenario& s, core::validation::Diagnostics& out) {
        for (std::size_t i = 0; i < s.units.size(); ++i)
            if (s.units[i].placement && s.units[i].name.empty())
                out.push_back({"skirmish.name", core::validation::Severity::Warning, "/units/" + std::to_string(i), "a skirmish piece needs a name"});
    };
    const core::GameSystem id = systems::registerGameSystem(skirmish);
    BOOST_TEST(static_cast<int>(id) == 4); // after the four of the rules texts
    BOOST_TEST(std::string(core::toString(id)) == "test-skirmish");
    BOOST_TEST(static_cast<int>(core::gameSystemFromString("test-skirmish")) == 4);
    BOOST_CHECK_THROW(systems::registerGameSystem(skirmish), std::invalid_argument); // the name is taken

    core::Scenario s = sandtable::test::smallScenario();
    s.settings.system = id;
    s.units[1].name.clear(); // the placed division, now unnamed

    // Validation: the system's own rule runs; Pub Battles' own (each formation's HQ, stacking) do not.
    const core::validation::Diagnostics findings = core::validation::validateScenario(s);
    const auto has = [&](const std::string& code) {
        return std::any_of(findings.begin(), findings.end(), [&](const core::validation::Diagnostic& d) { return d.code == code; });
    };
    BOOST_TEST(has("skirmish.name"));
    BOOST_TEST(!has("setup.command_range"));
    BOOST_TEST(core::oob::formationsWithoutHq(s).empty()); // no HQ rule in this system

    // Its pieces: 30 x 15 mm on the table, by its descriptor.
    const core::oob::PieceSizeMm size = core::oob::pieceSizeMm(s.settings, s.units[1], false);
    BOOST_TEST(size.length == 30.0);
    BOOST_TEST(size.depth == 15.0);

    // Print: one A4 sheet of the 1 km square at 1:16,000 (62.5 mm), the division's block among the pieces:
    // 30 mm long and 15 deep, facing 90 degrees, so 15 x 30 mm on the page.
    sandtable::test::TemporaryFolder folder;
    s.settings.scaleDenominator = 16000;
    print::MapPrintRequest request;
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Terrain, print::MapLayer::Setup};
    const print::MapPrintResult printed = print::printMap(s, request, folder / "map.pdf");
    BOOST_TEST(printed.pages == 1);
    const auto piece = std::find_if(printed.texts.begin(), printed.texts.end(), [](const print::PrintedText& t) { return t.piece && t.text == "blue-1-a"; });
    BOOST_REQUIRE(piece != printed.texts.end());
    BOOST_TEST(piece->x1 - piece->x0 == 15.0, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(piece->y1 - piece->y0 == 30.0, boost::test_tools::tolerance(1e-6));

    // VASSAL: the module's dice are the system's, a d6 and a d8.
    const auto vmod = folder / "skirmish.vmod";
    sandtable::app::exportVassalModule(s, folder / "skirmish.sandtable.json", vmod, 100.0 / 1000.0, {});
    const auto unpacked = folder / "unpacked";
    BOOST_REQUIRE_EQUAL(sandtable::test::runCommand("unzip -q '" + vmod.string() + "' -d '" + unpacked.string() + "'").exitCode, 0);
    const std::string build = core::io::readFile(unpacked / "buildFile.xml", std::size_t{64} << 20);
    BOOST_TEST(build.find("nSides=\"6\"") != std::string::npos);
    BOOST_TEST(build.find("nSides=\"8\"") != std::string::npos);
    BOOST_TEST(build.find("nSides=\"10\"") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
