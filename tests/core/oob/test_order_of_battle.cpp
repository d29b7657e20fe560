// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../oob/order_of_battle.hpp: the examples' victory points and rout thresholds, by hand.
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "support/oob_tree_fixture.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;

namespace {
const oob::SideFigures& side(const oob::OrderOfBattleSummary& s, const std::string& id)
{
    for (const auto& f : s.sides)
        if (f.id.str() == id)
            return f;
    throw std::runtime_error("no side " + id);
}

const oob::PieceFigures& piece(const oob::OrderOfBattleSummary& s, const std::string& id)
{
    for (const auto& p : s.pieces)
        if (p.id.str() == id)
            return p;
    throw std::runtime_error("no piece " + id);
}
} // namespace

BOOST_AUTO_TEST_SUITE(oob_order_of_battle)

BOOST_AUTO_TEST_CASE(antietam_victory_points_and_rout_thresholds)
{
    const io::LoadedScenario loaded = io::loadScenario(sandtable::test::sourceDir() / "examples/antietam/antietam.sandtable.json");
    BOOST_TEST(validation::countSeverity(loaded.diagnostics, validation::Severity::Error) == 0u);
    const oob::OrderOfBattleSummary s = oob::summarize(loaded.scenario);
    // Union: 14 regular infantry divisions x 3 = 42, French's green division 2, Sykes's regulars (elite) 4,
    // two artillery blocks x 4 = 8, Pleasonton's cavalry 6; HQs and the trains 0: 62.
    const auto& union_ = side(s, "union");
    BOOST_TEST(union_.victoryPoints == 62);
    // 16 infantry divisions, VI Corps's two arriving on turn 4 of day 1: 14 at the start, rout at 8 of 16.
    BOOST_TEST(union_.infantryBlocksAtStart == 14);
    BOOST_TEST(union_.routThresholds == std::vector<int>{8});
    // Confederates: 7 regular divisions x 3 = 21, Hood and A. P. Hill (elite) 8, Evans's brigade (detachment)
    // 1, two artillery blocks 8, Stuart's cavalry 6: 44. Nine infantry divisions (Evans not counted), three of
    // them arriving: 6 at the start, rout at ceil(9 / 2) = 5.
    const auto& confederate = side(s, "confederate");
    BOOST_TEST(confederate.victoryPoints == 44);
    BOOST_TEST(confederate.infantryBlocksAtStart == 6);
    BOOST_TEST(confederate.routThresholds == std::vector<int>{5});
    BOOST_TEST(s.commandRangeMetres == 1024.0);
    BOOST_TEST(s.fieldOfFireMetres == 720.0);
    BOOST_TEST(piece(s, "cs-longstreet-evans").combatDice == 1);
}

BOOST_AUTO_TEST_CASE(rossbach_regiments_melee_and_fire_points)
{
    const io::LoadedScenario loaded = io::loadScenario(sandtable::test::sourceDir() / "examples/rossbach/rossbach.sandtable.json");
    BOOST_TEST(loaded.diagnostics.empty());
    const oob::OrderOfBattleSummary s = oob::summarize(loaded.scenario);
    // Garde du Corps: 12 cuirassiers x 3 + 1 officer x 2 = 38 in melee; fire 12 x 2 = 24.
    BOOST_TEST(*piece(s, "pr-gdc").meleePoints == 38.0);
    BOOST_TEST(*piece(s, "pr-gdc").firePoints == 24.0);
    // The grenadier battalion is the rules' example regiment: 24 x 1.5 + 2 = 38; a line regiment of 22
    // musketeers, 2 musicians and an officer: 22 + 2 + 2 = 26.
    BOOST_TEST(*piece(s, "pr-gren").meleePoints == 38.0);
    BOOST_TEST(*piece(s, "pr-ir13").meleePoints == 26.0);
    // Kreis regiment: 14 musketeers + 8 pikemen + 2 musicians + 1 officer: 14 + 0 + 2 + 2 = 18 against
    // infantry, 14 + 16 + 2 + 2 = 34 against cavalry; fire 14.
    BOOST_TEST(*piece(s, "ri-pikes").meleePoints == 18.0);
    BOOST_TEST(*piece(s, "ri-pikes").meleePointsVsCavalry == 34.0);
    BOOST_TEST(*piece(s, "ri-pikes").firePoints == 14.0);
}

BOOST_AUTO_TEST_CASE(rossbach_in_syw_terms_regiments_armies_and_deployment)
{
    const io::LoadedScenario loaded = io::loadScenario(sandtable::test::sourceDir() / "examples/rossbach/rossbach.sandtable.json");
    const oob::SywSummary s = oob::summarizeSyw(loaded.scenario);
    BOOST_TEST(s.fieldCm == 10.0);
    BOOST_TEST(*s.tableWidthCm == 240.0);
    BOOST_TEST(*s.tableDepthCm == 180.0);
    // 2.A: the defender (Prussia) deploys first, then the attacker.
    BOOST_REQUIRE(s.deploymentOrder.size() == 2u);
    BOOST_TEST(s.deploymentOrder[0].str() == "prussia");
    BOOST_TEST(s.deploymentOrder[1].str() == "franco-imperial");
    // 4: 3/4 of six sectors is 4.5: five sectors.
    BOOST_TEST(s.sectors == 6);
    BOOST_TEST(s.sectorsToWin == 5);
    const auto regiment = [&](const std::string& id) {
        for (const auto& r : s.regiments)
            if (r.id.str() == id)
                return r;
        BOOST_FAIL("no regiment " + id);
        return oob::SywRegimentFigures{};
    };
    // The grenadier battalion: 24 grenadiers + 1 officer = 36 + 2 = 38; fire 24; 2 grenadiers throw: 4 killed.
    BOOST_TEST(regiment("pr-gren").meleePoints == 38.0);
    BOOST_TEST(regiment("pr-gren").firePoints == 24.0);
    BOOST_TEST(regiment("pr-gren").grenadeKills == 4);
    BOOST_TEST(regiment("pr-gren").men == 25);
    BOOST_TEST(regiment("pr-gren").moveFields == 1.0);
    // Garde du Corps, 12 cuirassiers + 1 officer: 3 fields.
    BOOST_TEST(regiment("pr-gdc").moveFields == 3.0);
    // The Janus Hill battery: 2 cannon and 2 limbers; no men; limbered it moves 30 cm = 3 fields.
    BOOST_TEST(regiment("pr-janus").men == 0);
    BOOST_TEST(regiment("pr-janus").moveFields == 3.0);
    // Prussia by hand: 4 cuirassier regiments x 38 + 2 heavy dragoon regiments x (24 + 2) + hussars 26 = 230;
    // 5 line regiments x 26 + grenadiers 38 = 168: melee 398. Fire: 4 x 24 + 2 x 36 + 24 = 192, 5 x 22 + 24
    // = 134: 326. Men: 7 x 13 + 5 x 25 + 25 = 241; 14 regiments (the battery one of them), 2 cannon.
    const oob::SywSideFigures& prussia = s.sides.front();
    BOOST_TEST(prussia.id.str() == "prussia");
    BOOST_TEST(prussia.defender);
    BOOST_TEST(!prussia.attacker);
    BOOST_TEST(prussia.meleePoints == 398.0);
    BOOST_TEST(prussia.firePoints == 326.0);
    BOOST_TEST(prussia.men == 241);
    BOOST_TEST(prussia.regiments == 14);
    BOOST_TEST(prussia.cannon == 2);
    BOOST_TEST(prussia.general == "Frederick II");
}

BOOST_AUTO_TEST_CASE(formations_are_ineffective_at_half_their_infantry_counted_as_for_rout)
{
    // Rulebook "Ineffective Formation": 50% of a formation's infantry, "in the same way as for victory
    // (rout)". The nested fixture: d1 has 2 infantry blocks (ineffective at 1), c1 its own 1 + d1's 2 = 3
    // (at 2), c2 1 (at 1), the army all 4 (at 2).
    sandtable::core::Scenario s = sandtable::test::nestedScenario();
    const oob::OrderOfBattleSummary summary = oob::summarize(s);
    const auto at = [&](const std::string& id) {
        for (const auto& f : summary.formations)
            if (f.id.str() == id)
                return std::pair{f.infantryBlocksAtStart, f.ineffectiveAt};
        return std::pair{-1, -1};
    };
    BOOST_TEST((at("d1") == std::pair{2, 1}));
    BOOST_TEST((at("c1") == std::pair{3, 2}));
    BOOST_TEST((at("c2") == std::pair{1, 1}));
    BOOST_TEST((at("army") == std::pair{4, 2}));
    // Rulebook "Spotting": one full Foot Movement, 3 x 4.5 cm = 13.5 cm = 2,160 m at 1:16,000.
    BOOST_TEST(summary.spottingRangeMetres == 2160.0, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(reinforcements_count_for_rout_from_their_day)
{
    Scenario sc = sandtable::test::smallScenario();
    sc.settings.days = 2;
    for (int i = 0; i < 6; ++i) {
        Unit u{UnitId("blue-x-" + std::to_string(i)), FormationId("blue-1"), "Extra", UnitType::Infantry,
            UnitQuality::Regular, 2000, std::nullopt, std::nullopt};
        if (i >= 4)
            u.arrival = Arrival{2, 3, std::nullopt, std::nullopt};
        sc.units.push_back(u);
    }
    Unit detachment{UnitId("blue-det"), FormationId("blue-1"), "Skirmishers", UnitType::Detachment,
        UnitQuality::Regular, 500, std::nullopt, std::nullopt};
    sc.units.push_back(detachment);
    const auto s = oob::summarize(sc);
    // Day 1: the placed block + 4 = 5 blocks, rout at 3; day 2: 7 blocks, rout at 4. The detachment never counts.
    BOOST_TEST(side(s, "blue").infantryBlocksByDay == (std::vector<int>{5, 7}));
    BOOST_TEST(side(s, "blue").routThresholds == (std::vector<int>{3, 4}));
    BOOST_TEST(side(s, "red").routThresholds == (std::vector<int>{0, 0}));
}

BOOST_AUTO_TEST_CASE(a_three_level_tree_gives_depths_children_strengths_and_hqs)
{
    const Scenario s = sandtable::test::nestedScenario();
    BOOST_TEST(oob::depth(s, FormationId("army")) == 0u);
    BOOST_TEST(oob::depth(s, FormationId("c1")) == 1u);
    BOOST_TEST(oob::depth(s, FormationId("c2")) == 1u);
    BOOST_TEST(oob::depth(s, FormationId("d1")) == 2u);
    const auto up = oob::ancestors(s, FormationId("d1"));
    BOOST_REQUIRE_EQUAL(up.size(), 2u);
    BOOST_TEST(up[0]->id.str() == "c1");
    BOOST_TEST(up[1]->id.str() == "army");
    const auto below = oob::children(s, FormationId("army"));
    BOOST_REQUIRE_EQUAL(below.size(), 2u);
    BOOST_TEST(below[0]->id.str() == "c1");
    BOOST_TEST(below[1]->id.str() == "c2");
    BOOST_TEST(oob::topLevelFormations(s, SideId("blue")).size() == 1u);
    BOOST_TEST(oob::descendants(s, FormationId("army")).size() == 4u);
    // Strength summed over every unit below: d1 500 + 700; c1 1000 + d1; army c1 + c2 300.
    BOOST_TEST(oob::strengthOf(s, FormationId("d1")).men == 1200);
    BOOST_TEST(oob::strengthOf(s, FormationId("c1")).men == 2200);
    BOOST_TEST(oob::strengthOf(s, FormationId("c2")).men == 300);
    BOOST_TEST(oob::strengthOf(s, FormationId("army")).men == 2500);
    // The HQ at a level is that level's alone; a unit answers to its own level's HQ, else the nearest above.
    BOOST_TEST(oob::hqOf(s, FormationId("d1")) == nullptr);
    BOOST_TEST(oob::hqOf(s, FormationId("army"))->id.str() == "army-hq");
    BOOST_TEST(oob::commandingHq(s, FormationId("d1"))->id.str() == "c1-hq");
    BOOST_TEST(oob::commandingHq(s, FormationId("c2"))->id.str() == "army-hq");
    BOOST_TEST(oob::commandingHq(s, FormationId("c1"))->id.str() == "c1-hq");
    BOOST_TEST(oob::formationPath(s, FormationId("d1")) == "Blue > Army of the Test > I Corps > 1st Division");
}

BOOST_AUTO_TEST_CASE(the_tree_helpers_end_at_a_cycle_or_a_missing_parent)
{
    Scenario s = sandtable::test::nestedScenario();
    s.formations[0].parent = FormationId("d1"); // army under its own division: army > c1 > d1 > army
    BOOST_TEST(oob::ancestors(s, FormationId("d1")).size() == 2u); // c1, army, then d1 again: stop
    BOOST_TEST(oob::depth(s, FormationId("army")) == 2u);          // d1, c1
    BOOST_TEST(oob::descendants(s, FormationId("c1")).size() == 4u); // c1, d1, army, c2: each once
    BOOST_TEST(oob::strengthOf(s, FormationId("c1")).men == 2500);
    s.formations[0].parent = FormationId("ghost");
    BOOST_TEST(oob::depth(s, FormationId("d1")) == 2u);
    BOOST_TEST(oob::topLevelFormations(s, SideId("blue")).size() == 1u); // the army, its parent unknown
}

BOOST_AUTO_TEST_SUITE_END()
