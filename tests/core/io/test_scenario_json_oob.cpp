// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the order-of-battle members of core/src/io/scenario_json.cpp: written only when set, read back equal.
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;

BOOST_AUTO_TEST_SUITE(io_scenario_json_oob)

BOOST_AUTO_TEST_CASE(unset_members_are_not_written)
{
    const std::string text = io::serializeScenario(sandtable::test::smallScenario());
    for (const char* key : {"\"setup\"", "\"syw\"", "\"status\"", "\"reserve\"", "\"arrival\"", "\"figures\"",
             "\"lines_of_communication\"", "\"general\"", "\"chit\""})
        BOOST_TEST(text.find(key) == std::string::npos, key);
}

BOOST_AUTO_TEST_CASE(every_member_round_trips_through_the_schema)
{
    Scenario s = sandtable::test::smallScenario();
    s.settings.startDay = 1;
    s.settings.startTurn = 2;
    s.settings.days = 2;
    s.settings.baggagePacked = false;
    s.settings.cavalryTypes = {CavalryType{"cavalry"},
        CavalryType{"lancers", "Charge: +1 die against infantry in line (scenario rule)"}};
    s.settings.combatOrderSide = SideId("red");
    s.settings.specialRules = "The creek is fordable.";
    s.settings.blockLengthMm = 40.0;
    s.settings.blockDepthMm = 12.0;
    s.settings.stickerWidthMm = 38.0;
    s.settings.stickerHeightMm = 16.0;
    s.settings.routeColumnLengthMm = 80.0;
    s.settings.attacker = SideId("blue");
    s.settings.defender = SideId("red");
    s.settings.tableWidthCm = 240.0;
    s.settings.tableDepthCm = 180.0;
    s.settings.sectors = {TableSector{"west", "West", 0, 0, 120, 180}};
    s.sides[0].linesOfCommunication = {FeatureId("stream-1")};
    s.sides[0].general = "Meade";
    s.formations[0].chit = "I";
    s.units[1].status = UnitStatus::Disorganized;
    Unit late{UnitId("blue-1-late"), FormationId("blue-1"), "Late", UnitType::Infantry, UnitQuality::Elite, 3000,
        std::nullopt, std::nullopt};
    late.arrival = Arrival{2, kNightTurn, Coordinate{300000, 4400500}, FeatureId("stream-1")};
    s.units.push_back(late);
    Unit held{UnitId("blue-1-held"), FormationId("blue-1"), "Held", UnitType::Artillery, UnitQuality::Regular, 24,
        std::nullopt, std::nullopt};
    held.reserve = UnitId("blue-1-hq");
    held.figures = SywFigures{};
    held.figures->cannon = 2;
    held.figures->limbers = 2;
    s.units.push_back(held);
    s.units.back().block = true;
    const std::string text = io::serializeScenario(s);
    BOOST_TEST(text.find("\"turn\": \"night\"") != std::string::npos);
    // A cavalry type without effects stays a plain name; one with effects is an object.
    BOOST_TEST(text.find("\"cavalry\",") != std::string::npos);
    BOOST_TEST(text.find("\"effects\": \"Charge: +1 die against infantry in line (scenario rule)\"") != std::string::npos);
    BOOST_TEST(text.find("\"block\": true") != std::string::npos);
    const io::LoadedScenario back = io::parseScenario(text, "memory");
    BOOST_TEST((back.scenario == s));
    BOOST_TEST(io::serializeScenario(back.scenario) == text);
}

BOOST_AUTO_TEST_CASE(the_schema_refuses_a_turn_nine_and_unknown_members)
{
    Scenario s = sandtable::test::smallScenario();
    std::string text = io::serializeScenario(s);
    const auto at = text.find("\"strength\": 4000");
    BOOST_REQUIRE(at != std::string::npos);
    std::string badTurn = text;
    badTurn.insert(at, "\"arrival\": {\"day\": 1, \"turn\": 9},\n");
    BOOST_CHECK_THROW(io::parseScenario(badTurn, "memory"), util::FormatError);
    std::string badFigure = text;
    badFigure.insert(at, "\"figures\": {\"archers\": 3},\n");
    BOOST_CHECK_THROW(io::parseScenario(badFigure, "memory"), util::FormatError);
}

BOOST_AUTO_TEST_SUITE_END()
