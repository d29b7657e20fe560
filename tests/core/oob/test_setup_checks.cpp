// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../oob/setup_checks.hpp: every set-up rule broken by a scenario made for it.
#include "sandtable/core/oob/setup_checks.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>

using namespace sandtable::core;

namespace {
std::vector<validation::Diagnostic> withCode(const validation::Diagnostics& all, const std::string& code)
{
    std::vector<validation::Diagnostic> out;
    std::copy_if(all.begin(), all.end(), std::back_inserter(out), [&](const validation::Diagnostic& d) { return d.code == code; });
    return out;
}

Geometry square(double minX, double minY, double maxX, double maxY)
{
    return Geometry::polygon({{{minX, minY}, {maxX, minY}, {maxX, maxY}, {minX, maxY}, {minX, minY}}});
}

// The small scenario's blue block stands at (300650, 4400650) facing east; at 1:16,000 the default
// 20 x 10 mm block is 320 m x 160 m of ground, its 320 m length running north-south:
// x 300570..300730, y 4400490..4400810.
Unit secondBlueBlock(Coordinate at, double facing = 90.0)
{
    return Unit{UnitId("blue-1-b"), FormationId("blue-1"), "2nd Division", UnitType::Infantry, UnitQuality::Regular,
        3000, std::nullopt, Placement{at, facing, false}};
}
} // namespace

BOOST_AUTO_TEST_SUITE(oob_setup_checks)

BOOST_AUTO_TEST_CASE(overlapping_blocks_are_an_error_naming_both)
{
    Scenario s = sandtable::test::smallScenario();
    s.units.push_back(secondBlueBlock({300700, 4400650}));
    const auto found = withCode(validation::validateScenario(s), "setup.overlap");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST((found[0].severity == validation::Severity::Error));
    BOOST_TEST(found[0].message.find("blue-1-a") != std::string::npos);
    BOOST_TEST(found[0].message.find("blue-1-b") != std::string::npos);
    BOOST_TEST(found[0].path == "/units/3/placement");
    // x 300570..300730 against 300620..300780: 110 m shared over the 320 m length = 35,200 m2.
    BOOST_TEST(found[0].message.find("35200 m2") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(blocks_side_by_side_do_not_overlap)
{
    Scenario s = sandtable::test::smallScenario();
    s.units.push_back(secondBlueBlock({300810, 4400650})); // edges touch at x = 300730
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.overlap").empty());
}

BOOST_AUTO_TEST_CASE(cavalry_in_a_marsh_is_an_error_infantry_is_not)
{
    Scenario s = sandtable::test::smallScenario();
    s.terrain.push_back(TerrainFeature{FeatureId("marsh-1"), "marsh", "Bog", square(300550, 4400450, 300750, 4400850),
        Attributes()});
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.forbidden_terrain").empty());
    s.units[1].type = UnitType::Cavalry;
    const auto found = withCode(validation::validateScenario(s), "setup.forbidden_terrain");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST((found[0].severity == validation::Severity::Error));
    BOOST_TEST(found[0].message.find("blue-1-a") != std::string::npos);
    BOOST_TEST(found[0].message.find("marsh") != std::string::npos);
    // Less than half of the block in the marsh: no effect (majority rule).
    s.terrain.back().geometry = square(300550, 4400450, 300750, 4400640); // covers y 4400490..4400640 = 150 of 320 m
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.forbidden_terrain").empty());
}

BOOST_AUTO_TEST_CASE(a_block_starting_in_a_village_is_a_warning)
{
    Scenario s = sandtable::test::smallScenario();
    s.terrain.push_back(TerrainFeature{FeatureId("village-1"), "village", "Hamlet", square(300550, 4400450, 300750, 4400850),
        Attributes()});
    const auto found = withCode(validation::validateScenario(s), "setup.village");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST((found[0].severity == validation::Severity::Warning));
    BOOST_TEST(found[0].message.find("disorganized") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(reinforcements_on_days_or_turns_that_do_not_exist)
{
    Scenario s = sandtable::test::smallScenario();
    s.settings.days = 1;
    s.settings.startTurn = 3;
    Unit late = secondBlueBlock({0, 0});
    late.placement.reset();
    late.arrival = Arrival{2, 1, std::nullopt, std::nullopt};
    s.units.push_back(late);
    auto found = withCode(validation::validateScenario(s), "setup.arrival");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST(found[0].message.find("day 2") != std::string::npos);
    s.units.back().arrival = Arrival{1, 2, std::nullopt, std::nullopt}; // before the start turn 3
    found = withCode(validation::validateScenario(s), "setup.arrival");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST(found[0].message.find("before the scenario starts") != std::string::npos);
    s.units.back().arrival = Arrival{1, kNightTurn, std::nullopt, std::nullopt};
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.arrival").empty());
}

BOOST_AUTO_TEST_CASE(entry_points_lie_on_the_map_edge_or_their_road)
{
    Scenario s = sandtable::test::smallScenario();
    Unit late = secondBlueBlock({0, 0});
    late.placement.reset();
    late.arrival = Arrival{1, 4, Coordinate{300500, 4400300}, std::nullopt}; // 300 m inside every edge
    s.units.push_back(late);
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.arrival").size() == 1u);
    s.units.back().arrival->entry = Coordinate{300000, 4400300}; // on the west edge
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.arrival").empty());
    s.units.back().arrival->entry = Coordinate{300070, 4400300}; // 70 m in: within 5 mm at 1:16,000 (80 m)
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.arrival").empty());
    s.units.back().arrival->entry = Coordinate{300500, 4400300};
    s.terrain.push_back(TerrainFeature{FeatureId("road-1"), "road", "Pike",
        Geometry::lineString({{300500, 4400000}, {300500, 4400600}}), Attributes()});
    s.units.back().arrival->road = FeatureId("road-1");
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.arrival").empty());
}

BOOST_AUTO_TEST_CASE(lines_of_communication_must_be_roads_reaching_the_edge)
{
    Scenario s = sandtable::test::smallScenario();
    s.sides[0].linesOfCommunication = {FeatureId("stream-1")};
    auto found = withCode(validation::validateScenario(s), "setup.loc");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST(found[0].message.find("not a road") != std::string::npos);
    BOOST_TEST(found[0].path == "/sides/0/lines_of_communication/0");

    // A road wholly inside the map.
    s.terrain.push_back(TerrainFeature{FeatureId("road-inner"), "road", "Lane",
        Geometry::lineString({{300200, 4400800}, {300400, 4400800}}), Attributes()});
    s.sides[0].linesOfCommunication = {FeatureId("road-inner")};
    found = withCode(validation::validateScenario(s), "setup.loc");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST(found[0].message.find("reaches the map edge") != std::string::npos);

    // Joined end to line to a road that leaves the map by the north edge: the network reaches it.
    s.terrain.push_back(TerrainFeature{FeatureId("road-out"), "road", "Pike",
        Geometry::lineString({{300300, 4400800}, {300300, 4401000}}), Attributes()});
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.loc").empty());

    s.sides[0].linesOfCommunication = {FeatureId("ghost")};
    BOOST_TEST(withCode(validation::validateScenario(s), "ref.missing").size() == 1u);
}

BOOST_AUTO_TEST_CASE(units_beyond_their_hq_command_range_are_a_warning)
{
    Scenario s = sandtable::test::smallScenario();
    s.units[0].placement->position = {300010, 4400010};
    // Block at (300900, 4400900) facing east: footprint x 300820..300980, y 4400740..4401060; its nearest
    // point to the HQ, (300820, 4400740), is hypot(810, 730) = 1090 m away, beyond 1,024 m.
    s.units[1].placement->position = {300900, 4400900};
    auto found = withCode(validation::validateScenario(s), "setup.command_range");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST((found[0].severity == validation::Severity::Warning));
    BOOST_TEST(found[0].message.find("1090 m") != std::string::npos);
    BOOST_TEST(found[0].message.find("1024 m") != std::string::npos);
    // 100 m closer on each axis: hypot(710, 630) = 949 m, in range.
    s.units[1].placement->position = {300800, 4400800};
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.command_range").empty());
}

BOOST_AUTO_TEST_CASE(a_unit_of_a_division_without_hq_answers_to_its_corps_hq)
{
    // The block moves into a division of I Corps that has no HQ of its own: its range is measured to the
    // corps HQ (as above, hypot(810, 730) = 1090 m, beyond 1,024 m); with an HQ of its own next to it, to that.
    Scenario s = sandtable::test::smallScenario();
    s.formations.push_back(Formation{FormationId("blue-1-d"), SideId("blue"), "1st Division", "division", "",
        FormationId("blue-1")});
    s.units[0].placement->position = {300010, 4400010};
    s.units[1].placement->position = {300900, 4400900};
    s.units[1].formation = FormationId("blue-1-d");
    auto found = withCode(validation::validateScenario(s), "setup.command_range");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST(found[0].message.find("1090 m from its HQ 'blue-1-hq'") != std::string::npos, found[0].message);
    BOOST_TEST(withCode(validation::validateScenario(s), "oob.formation.hq_count").empty());
    Unit divisionHq = s.units[0];
    divisionHq.id = UnitId("blue-1-d-hq");
    divisionHq.formation = FormationId("blue-1-d");
    divisionHq.placement->position = {300850, 4400850};
    s.units.push_back(divisionHq);
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.command_range").empty());
}

BOOST_AUTO_TEST_CASE(unit_without_formation_and_bad_reserves_are_errors)
{
    Scenario s = sandtable::test::smallScenario();
    s.units[1].formation = FormationId();
    BOOST_TEST(withCode(validation::validateScenario(s), "oob.unit.no_formation").size() == 1u);

    s = sandtable::test::smallScenario();
    Unit reserve = secondBlueBlock({0, 0});
    reserve.placement.reset();
    reserve.reserve = UnitId("red-1-hq"); // an HQ of the other side
    s.units.push_back(reserve);
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.reserve").size() == 1u);
    s.units.back().reserve = UnitId("blue-1-hq");
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.reserve").empty());
    s.units.back().placement = Placement{{300900, 4400200}, 0.0, false};
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.conflict").size() == 1u);
}

BOOST_AUTO_TEST_CASE(attacker_and_defender_must_be_two_existing_sides)
{
    Scenario s = sandtable::test::smallScenario();
    s.settings.attacker = SideId("blue");
    s.settings.defender = SideId("blue");
    BOOST_TEST(withCode(validation::validateScenario(s), "syw.sides").size() == 1u);
    s.settings.defender = SideId("green");
    BOOST_TEST(withCode(validation::validateScenario(s), "ref.missing").size() == 1u);
    s.settings.defender = SideId("red");
    s.settings.combatOrderSide = SideId("red");
    BOOST_TEST(validation::validateScenario(s).empty());
}

BOOST_AUTO_TEST_CASE(artillery_dragoons_and_baggage_in_a_marsh_are_errors_too)
{
    // Terrain Effects Chart: marsh is prohibited to artillery, cavalry (dragoons ride) and baggage trains.
    Scenario s = sandtable::test::smallScenario();
    // The marsh covers the whole blue block (x 300570..300730, y 4400490..4400810).
    s.terrain.push_back(TerrainFeature{FeatureId("marsh-1"), "marsh", "Bog", square(300550, 4400450, 300750, 4400850),
        Attributes()});
    for (UnitType type : {UnitType::Artillery, UnitType::Dragoons, UnitType::BaggageTrain}) {
        s.units[1].type = type;
        const auto found = withCode(validation::validateScenario(s), "setup.forbidden_terrain");
        BOOST_REQUIRE_EQUAL(found.size(), 1u);
        BOOST_TEST(found[0].message.find("blue-1-a") != std::string::npos);
    }
    s.units[1].type = UnitType::Detachment;
    BOOST_TEST(withCode(validation::validateScenario(s), "setup.forbidden_terrain").empty());
}

BOOST_AUTO_TEST_CASE(a_formation_with_two_hqs_is_an_error)
{
    Scenario s = sandtable::test::smallScenario();
    Unit second = s.units[0]; // blue-1's HQ
    second.id = UnitId("blue-1-hq2");
    second.placement->position = {300100, 4400900};
    s.units.push_back(second);
    const auto found = withCode(validation::validateScenario(s), "oob.formation.hq_count");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST(found[0].message.find("blue-1") != std::string::npos);
    BOOST_TEST(found[0].message.find("has 2 HQs") != std::string::npos, found[0].message);
    BOOST_TEST(found[0].path == "/formations/0");
}

BOOST_AUTO_TEST_CASE(a_piece_placed_off_the_map_is_an_error_naming_it)
{
    Scenario s = sandtable::test::smallScenario();
    s.units[1].placement->position = {301200, 4400650}; // 200 m east of the map's east edge
    const auto found = withCode(validation::validateScenario(s), "setup.off_map");
    BOOST_REQUIRE_EQUAL(found.size(), 1u);
    BOOST_TEST(found[0].message.find("blue-1-a") != std::string::npos);
    BOOST_TEST(found[0].path == "/units/1/placement");
}

namespace {
/// A SYW table of 240 x 180 cm with two regiments of figures facing north (their 10 cm default frontage
/// runs east-west, their 4 cm depth north-south).
Scenario sywTable()
{
    Scenario s;
    s.settings.id = "syw-test";
    s.settings.system = GameSystem::SywMiniatures;
    s.settings.crs = "LOCAL:table";
    s.settings.scaleDenominator = 1.0;
    s.settings.extent = Extent{0.0, 0.0, 2.4, 1.8};
    s.settings.tableWidthCm = 240.0;
    s.settings.tableDepthCm = 180.0;
    s.settings.attacker = SideId("a");
    s.settings.defender = SideId("d");
    s.sides = {Side{SideId("a"), "Attackers", "#aa0000", {}, "General A"}, Side{SideId("d"), "Defenders", "#0000aa", {}, "General D"}};
    s.formations = {Formation{FormationId("fa"), SideId("a"), "Left", "wing"}, Formation{FormationId("fd"), SideId("d"), "Right", "wing"}};
    SywFigures line;
    line.musketeers = 24;
    line.officers = 1;
    s.units = {Unit{UnitId("ra"), FormationId("fa"), "IR A", UnitType::Infantry, UnitQuality::Regular, 25, std::nullopt,
                   Placement{{1.0, 1.0}, 0.0, false}},
        Unit{UnitId("rd"), FormationId("fd"), "IR D", UnitType::Infantry, UnitQuality::Regular, 25, std::nullopt,
            Placement{{1.5, 0.5}, 0.0, false}}};
    for (Unit& u : s.units)
        u.figures = line;
    return s;
}
} // namespace

BOOST_AUTO_TEST_CASE(a_clean_syw_table_has_no_set_up_finding)
{
    validation::Diagnostics out;
    oob::checkSetUp(sywTable(), out);
    BOOST_TEST_INFO((out.empty() ? std::string() : out.front().message));
    BOOST_TEST(out.empty());
}

BOOST_AUTO_TEST_CASE(syw_regiments_past_the_table_edge_or_on_each_other_are_errors)
{
    Scenario s = sywTable();
    // 3 cm from the west edge, its 10 cm base (x -2..8 cm) reaches 2 cm past it.
    s.units[0].placement->position = {0.03, 1.0};
    // 6 cm east of 'rd': bases of 10 x 4 cm (x 145..155 and 151..161 cm) share 4 x 4 = 16 cm2.
    Unit third = s.units[1];
    third.id = UnitId("rd2");
    third.placement->position = {1.56, 0.5};
    s.units.push_back(third);
    // And one 1 cm from the north edge: its 4 cm depth reaches 1 cm past it.
    Unit fourth = s.units[1];
    fourth.id = UnitId("rd3");
    fourth.placement->position = {2.0, 1.79};
    s.units.push_back(fourth);
    validation::Diagnostics out;
    oob::checkSetUp(s, out);
    const auto edges = withCode(out, "syw.table_edge");
    BOOST_REQUIRE(edges.size() == 2u);
    BOOST_TEST(edges[0].path == "/units/0/placement");
    BOOST_TEST(edges[0].message.find("2 cm past the west edge") != std::string::npos, edges[0].message);
    BOOST_TEST(edges[1].path == "/units/3/placement");
    BOOST_TEST(edges[1].message.find("1 cm past the north edge") != std::string::npos, edges[1].message);
    const auto overlaps = withCode(out, "setup.overlap");
    BOOST_REQUIRE(overlaps.size() == 1u);
    BOOST_TEST(overlaps[0].message.find("'rd' and 'rd2' overlap (16 cm2 shared)") != std::string::npos, overlaps[0].message);
}

BOOST_AUTO_TEST_CASE(syw_deployment_figures_and_strength_are_checked)
{
    Scenario s = sywTable();
    s.settings.defender.reset();
    s.units[0].figures.reset();
    s.units[1].strength = 30; // 25 figures
    validation::Diagnostics out;
    oob::checkSetUp(s, out);
    const auto deployment = withCode(out, "syw.deployment");
    BOOST_REQUIRE(deployment.size() == 1u);
    BOOST_TEST(deployment[0].message.find("the defender deploys first") != std::string::npos);
    const auto figures = withCode(out, "syw.figures");
    BOOST_REQUIRE(figures.size() == 1u);
    BOOST_TEST(figures[0].path == "/units/0");
    BOOST_TEST(figures[0].message.find("'ra' (Attackers > Left)") != std::string::npos, figures[0].message);
    const auto strength = withCode(out, "syw.strength");
    BOOST_REQUIRE(strength.size() == 1u);
    BOOST_TEST(strength[0].message.find("strength 30 but 25 figures (24 musketeers + 1 officer)") != std::string::npos,
        strength[0].message);
}

BOOST_AUTO_TEST_SUITE_END()
