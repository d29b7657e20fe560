// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../rules/campaign_lite.hpp: the numbers and tables against campaign-lite.txt.
#include "sandtable/core/systems/campaign_lite/rules.hpp"

#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>

using namespace sandtable::core::systems::campaign_lite;

namespace {
/// The rules text beside the shared data (../shared/rules/campaign-lite.txt).
std::filesystem::path rulesText() { return sandtable::test::sharedDataDir().parent_path() / "rules" / "campaign-lite.txt"; }

void requireRulesText()
{
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(rulesText()), "cannot run: " << rulesText().string() << " is not there");
}

/// Line `n` (1-based) of the rules text.
std::string rulesLine(int n)
{
    std::ifstream in(rulesText());
    std::string line;
    for (int i = 0; i < n && std::getline(in, line); ++i) {
    }
    return line;
}

bool lineHas(int n, const std::string& words)
{
    const bool found = rulesLine(n).find(words) != std::string::npos;
    if (!found)
        BOOST_TEST_MESSAGE("line " << n << ": '" << rulesLine(n) << "' lacks '" << words << "'");
    return found;
}
} // namespace

BOOST_AUTO_TEST_SUITE(campaign_lite_rules)

BOOST_AUTO_TEST_CASE(movement_per_turn_is_the_rules_scale)
{
    // "Infantry: two squares per turn, Cavalry: four squares per turn, Artillery: one square"
    BOOST_TEST(squaresPerTurn("infantry", "") == 2);
    BOOST_TEST(squaresPerTurn("cavalry", "") == 4);
    BOOST_TEST(squaresPerTurn("artillery", "") == 1);
    // "Infantry and Artillery can move three squares on a minor road."
    BOOST_TEST(squaresPerTurn("infantry", "minor") == 3);
    BOOST_TEST(squaresPerTurn("artillery", "minor") == 3);
    // "Major Road-Two Squares"
    BOOST_TEST(squaresPerTurn("infantry", "major") == 4);
    BOOST_TEST(squaresPerTurn("cavalry", "major") == 6);
    // Forced marches "add one square per turn"; at night "Movement is halved".
    BOOST_TEST(squaresPerTurn("infantry", "", true) == 3);
    BOOST_TEST(squaresPerTurn("cavalry", "", false, true) == 2);
    BOOST_CHECK_THROW(squaresPerTurn("dragoons", ""), std::invalid_argument);
    BOOST_CHECK_THROW(squaresPerTurn("infantry", "railway"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(searches_and_recon_points)
{
    BOOST_TEST(searchSquares("infantry", false, false) == 2);
    BOOST_TEST(searchSquares("infantry", true, false) == 1);  // "only one square could be searched"
    BOOST_TEST(searchSquares("artillery", false, true) == 0);
    BOOST_TEST(searchSquares("cavalry", false, false, 3) == 3);
    BOOST_TEST(searchSquares("cavalry", true, true, 4) == 2);
    BOOST_CHECK_THROW(searchSquares("cavalry", false, false, 5), std::invalid_argument);
    // "Infantry unit = one point, Cavalry = two points, Artillery = 0 point."
    BOOST_TEST(reconPoints(4, 3, 2) == 10);
}

BOOST_AUTO_TEST_CASE(tables_cover_every_face_once)
{
    std::vector<const DieTable*> tables{&wallsTable(), &hedgeTable(), &forcedMarchTable(), &reinforcementDelayTable(),
        &bothReconTable(), &skirmishAgainstDeployedTable()};
    for (auto region : secondaryRegions())
        tables.push_back(&secondaryTerrainTable(region));
    for (const DieTable* t : tables) {
        for (int face = 1; face <= t->faces; ++face)
            BOOST_CHECK_NO_THROW(t->lookup(face));
        BOOST_CHECK_THROW(t->lookup(0), std::out_of_range);
        BOOST_CHECK_THROW(t->lookup(t->faces + 1), std::out_of_range);
    }
}

BOOST_AUTO_TEST_CASE(table_entries_read_as_the_rules_text)
{
    BOOST_TEST(secondaryTerrainTable("foothills").lookup(2).result == "hill");
    BOOST_TEST(secondaryTerrainTable("foothills").lookup(5).result == "woods");
    BOOST_TEST(secondaryTerrainTable("valley").lookup(1).result == "field");
    BOOST_TEST(secondaryTerrainTable("valley").lookup(5).result == "village");
    BOOST_TEST(secondaryTerrainTable("farming-plain").lookup(2).result == "field");
    BOOST_TEST(secondaryTerrainTable("farming-plain").lookup(3).result == "stream");
    BOOST_TEST(secondaryTerrainTable("farming-plain").lookup(10).result == "nothing");
    BOOST_TEST(forcedMarchTable().lookup(5).result == "no-effect");
    BOOST_TEST(forcedMarchTable().lookup(6).result == "roll-again");
    BOOST_TEST(forcedMarchSecondTable().lookup(2).result == "strength-loss");
    BOOST_TEST(forcedMarchSecondTable().lookup(8).result == "disorder"); // 6 + 2 turns forced marched
    BOOST_TEST(reinforcementDelayTable().faces == 10);                   // the text once says d6; the table is a d10
    BOOST_TEST(reinforcementDelayTable().lookup(6).result == "on-time");
    BOOST_TEST(reinforcementDelayTable().lookup(7).result == "wrong-road");
    BOOST_TEST(reinforcementDelayTable().lookup(10).result == "delay-3");
    BOOST_TEST(bothReconTable().lookup(2).result == "battle");
    BOOST_TEST(skirmishAgainstDeployedTable().lookup(4).result == "battle");
    BOOST_CHECK_THROW(secondaryTerrainTable("desert"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(battle_setup_table_size_and_half_mile_zones_worked_by_hand)
{
    using namespace sandtable::core;
    // docs/model.md table helper: 8 x 6 ft at 100 yards to the inch (1:3600) -> squares of 0.909 mile = 1463.04 m.
    Campaign c;
    c.grid.squareSize = 1463.04;
    c.grid.columns = 10;
    c.grid.rows = 6;
    c.forces = {CampaignForce{"meade", SideId("union"), "II Corps", {3, 2}, 3, 0, 1, false},   // D3
        CampaignForce{"buford", SideId("union"), "Cavalry", {1, 1}, 0, 2, 0, false},          // B2, the table's corner
        CampaignForce{"stuart", SideId("csa"), "Stuart", {9, 2}, 0, 3, 0, false},             // J3, 3 columns east of G
        CampaignForce{"ewell", SideId("csa"), "II Corps", {7, 5}, 3, 0, 1, false}};           // H6, one diagonal step
    std::vector<SquareRef> table;
    for (int r = 1; r <= 4; ++r)
        for (int col = 1; col <= 6; ++col)
            table.push_back({col, r}); // B2..G5: 6 x 4 squares
    const BattleSetup b = planBattle(c, table, 3600);
    BOOST_TEST(b.columns == 6);
    BOOST_TEST(b.rows == 4);
    // 1463.04 m x 1000 / 3600 = 406.4 mm (16 in); 6 x 406.4 = 2438.4 mm (8 ft), 4 x 406.4 = 1625.6 mm.
    BOOST_TEST(b.squareOnTableMm == 406.4, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(b.tableWidthMm == 2438.4, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(b.tableDepthMm == 1625.6, boost::test_tools::tolerance(1e-9));
    // Half a mile = 804.672 m = 223.52 mm = 8.8 in at 1:3600 (the rules: "say 8 inches at 100 yards per inch").
    BOOST_TEST(b.halfMileMm == 223.52, boost::test_tools::tolerance(1e-9));
    BOOST_REQUIRE(b.forces.size() == 4u);
    // On the table first: D3 is the table's third column, second row: square at (812.8, 406.4) mm; the zone grows
    // it by 223.52 mm: x 589.28..1442.72, y 182.88..1036.32.
    const BattleForce& meade = b.forces[0];
    BOOST_TEST(meade.id == "meade");
    BOOST_TEST(meade.onTable);
    BOOST_TEST(meade.squareLeftMm == 812.8, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(meade.squareTopMm == 406.4, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(meade.zoneLeftMm == 589.28, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(meade.zoneTopMm == 182.88, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(meade.zoneRightMm == 1442.72, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(meade.zoneBottomMm == 1036.32, boost::test_tools::tolerance(1e-9));
    // B2 is the north-west table square: the zone stops at the table's edges, 406.4 + 223.52 = 629.92 mm.
    const BattleForce& buford = b.forces[1];
    BOOST_TEST(buford.zoneLeftMm == 0.0);
    BOOST_TEST(buford.zoneTopMm == 0.0);
    BOOST_TEST(buford.zoneRightMm == 629.92, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(buford.zoneBottomMm == 629.92, boost::test_tools::tolerance(1e-9));
    // Off the table: J3 is 3 columns east of G; H6 one column east and one row south of G5.
    BOOST_TEST(!b.forces[2].onTable);
    BOOST_TEST(b.forces[2].squaresFromTable == 3);
    BOOST_TEST(b.forces[3].squaresFromTable == 1);
}

BOOST_AUTO_TEST_CASE(battle_squares_must_be_a_rectangle_on_the_grid)
{
    using namespace sandtable::core;
    Campaign c;
    c.grid.columns = 4;
    c.grid.rows = 4;
    try {
        planBattle(c, {{1, 1}, {2, 1}, {1, 2}}, 3600); // B2, C2, B3: C3 missing
        BOOST_FAIL("expected an error");
    } catch (const std::invalid_argument& e) {
        BOOST_TEST(std::string(e.what()).find("C3 is missing") != std::string::npos, e.what());
    }
    BOOST_CHECK_THROW(planBattle(c, {}, 3600), std::invalid_argument);
    BOOST_CHECK_THROW(planBattle(c, {{1, 1}, {1, 1}}, 3600), std::invalid_argument);
    BOOST_CHECK_THROW(planBattle(c, {{4, 0}}, 3600), std::invalid_argument);
    BOOST_CHECK_THROW(planBattle(c, {{0, 0}}, 0), std::invalid_argument);
    // One mile squares at 1:3600: 447.04 mm each.
    BOOST_TEST(planBattle(c, {{0, 0}}, 3600).squareOnTableMm == 447.04, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(every_number_cites_the_line_of_the_rules_text_it_comes_from)
{
    requireRulesText();
    // Die tables: the cited line is the table's first face, as the text prints it.
    BOOST_TEST(lineHas(secondaryTerrainTable("foothills").line, "1-2 A grid-sized hill"));
    BOOST_TEST(lineHas(secondaryTerrainTable("valley").line, "1 A grid-sized field"));
    BOOST_TEST(lineHas(secondaryTerrainTable("farming-plain").line, "1-2 A grid-sized field"));
    BOOST_TEST(lineHas(wallsTable().line, "stone wall"));
    BOOST_TEST(lineHas(hedgeTable().line, "hedge is on two sides"));
    BOOST_TEST(lineHas(forcedMarchTable().line, "1-5: No effect"));
    BOOST_TEST(lineHas(forcedMarchSecondTable().line, "1-2 Loss of one strength point"));
    BOOST_TEST(lineHas(reinforcementDelayTable().line, "1-6 Arrive on time"));
    BOOST_TEST(lineHas(bothReconTable().line, "A roll of 1-2 and a battle is initiated"));
    BOOST_TEST(lineHas(skirmishAgainstDeployedTable().line, "1-3 Contested Square"));
    // Movement, searches and recon points.
    const MovementRules& m = movementRules();
    BOOST_TEST(lineHas(m.line, "Infantry: two squares per turn, Cavalry: four squares per turn, Artillery: one square"));
    BOOST_TEST(lineHas(m.roadBonusLine, "Minor Road-One Square Major Road-Two Squares"));
    BOOST_TEST(lineHas(m.forcedMarchLine, "forced marches add one square per turn"));
    BOOST_TEST(lineHas(m.nightLine, "Movement is halved on the campaign map"));
    const SearchRules& search = searchRules();
    BOOST_TEST(lineHas(search.line, "Infantry: 2 squares"));
    BOOST_TEST(lineHas(search.line + 1, "Cavalry: 2-4 squares"));
    BOOST_TEST(lineHas(search.line + 2, "Artillery: 1 square"));
    BOOST_TEST(lineHas(search.penaltyLine, "reduced by one"));
    BOOST_TEST(lineHas(search.reconLine, "Reconnaissance Points:"));
    BOOST_TEST(lineHas(search.reconLine + 2, "Infantry unit = one point"));
    BOOST_TEST(lineHas(search.reconLine + 3, "Cavalry = two points"));
    BOOST_TEST(lineHas(search.reconLine + 4, "Artillery = 0 point"));
}

BOOST_AUTO_TEST_CASE(the_victory_conditions_are_the_rules_three_with_the_line_of_communication)
{
    requireRulesText();
    // "there are really only three victory conditions": objectives (with the LOC always among them),
    // destruction (twice or more casualties than suffered), forcing a retreat or surrender.
    const auto& v = victoryConditions();
    BOOST_REQUIRE(v.size() == 4u);
    BOOST_TEST(v[0].id == "strategic-objectives");
    BOOST_TEST(lineHas(v[0].line, "1. Strategic objectives"));
    BOOST_TEST(v[1].id == "line-of-communication");
    BOOST_TEST(lineHas(v[1].line, "always including Line-of-Communication"));
    BOOST_TEST(v[2].id == "destruction");
    BOOST_TEST(lineHas(v[2].line, "Causing twice or more casualties than suffered"));
    BOOST_TEST(kDestructionCasualtyRatio == 2.0);
    BOOST_TEST(v[3].id == "retreat");
    BOOST_TEST(lineHas(v[3].line, "3. Force the enemy to retreat (leave the game table) or surrender"));
    BOOST_TEST(lineHas(354, "three victory conditions"));
}

BOOST_AUTO_TEST_SUITE_END()
