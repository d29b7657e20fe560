// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../oob/blocks.hpp: blocks at one level of the tree, pieces against historical detail.
#include "sandtable/core/oob/blocks.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/oob/setup_checks.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/oob_tree_fixture.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>

using namespace sandtable::core;

namespace {
int pieces(const Scenario& s)
{
    return static_cast<int>(std::count_if(s.units.begin(), s.units.end(), [&](const Unit& u) { return oob::isPiece(s, u); }));
}

bool hasCode(const validation::Diagnostics& all, const std::string& code)
{
    return std::any_of(all.begin(), all.end(), [&](const validation::Diagnostic& d) { return d.code == code; });
}
} // namespace

BOOST_AUTO_TEST_SUITE(oob_blocks)

BOOST_AUTO_TEST_CASE(blocks_at_division_level_stand_for_the_units_below_and_undo_in_one_step)
{
    // The nested fixture: army > c1 (HQ, c1-inf 1000) > d1 (division: d1-a 500, d1-b 700); c2 (c2-inf 300).
    document::Document document(sandtable::test::nestedScenario());
    oob::BlockRequest request;
    request.echelon = "division";
    oob::BlockPlan plan = oob::planBlocks(document.scenario(), request);
    BOOST_REQUIRE(plan.lines.size() == 1u);
    BOOST_TEST(plan.lines[0].formation.str() == "d1");
    BOOST_TEST(plan.lines[0].block.str() == "d1-block");
    BOOST_TEST(plan.lines[0].derived.units == 2);
    BOOST_TEST(plan.lines[0].derived.strength == 1200); // 500 + 700
    BOOST_TEST((plan.lines[0].derived.type == UnitType::Infantry));
    document.apply(std::move(plan.edit));
    const Scenario& s = document.scenario();
    const Unit* block = oob::blockOf(s, FormationId("d1"));
    BOOST_REQUIRE(block);
    BOOST_TEST(block->name == "1st Division");
    BOOST_TEST(block->strength == 1200);
    // d1-a and d1-b are history now; everything else is still a piece: 6 units + 1 block - 2 = 5.
    BOOST_TEST(!oob::isPiece(s, *s.findUnit(UnitId("d1-a"))));
    BOOST_TEST(oob::blockedBy(s, *s.findUnit(UnitId("d1-b")))->id.str() == "d1");
    BOOST_TEST(oob::isPiece(s, *s.findUnit(UnitId("c1-inf"))));
    BOOST_TEST(pieces(s) == 5);
    // The tree's strength counts the men once: c1 = 1000 + 1200.
    BOOST_TEST(oob::strengthOf(s, FormationId("c1")).men == 2200);
    // Victory points (rulebook "Victory"): pieces only; blue = c1-inf 3 + c2-inf 3 + the d1 block 3 (HQs 0).
    const oob::OrderOfBattleSummary summary = oob::summarize(s);
    BOOST_TEST(summary.sides.front().victoryPoints == 9);
    BOOST_TEST(summary.sides.front().infantryBlocksAtStart == 3);
    BOOST_TEST(document.undoDepth() == 1u);
    document.undo();
    BOOST_TEST((document.scenario() == sandtable::test::nestedScenario()));
}

BOOST_AUTO_TEST_CASE(a_higher_level_replaces_the_lower_blocks_and_keeps_the_block_formation_hq_a_piece)
{
    document::Document document(sandtable::test::nestedScenario());
    oob::BlockRequest division;
    division.echelon = "division";
    document.apply(oob::planBlocks(document.scenario(), division).edit);
    oob::BlockRequest corps;
    corps.echelon = "corps";
    oob::BlockPlan plan = oob::planBlocks(document.scenario(), corps);
    // The d1 block goes; c1 and c2 get theirs: c1 = 1000 + 500 + 700 = 2200 from 3 units, c2 = 300.
    BOOST_REQUIRE(plan.lines.size() == 3u);
    BOOST_TEST((plan.lines[0].action == oob::BlockPlanLine::Action::Remove));
    BOOST_TEST(plan.lines[1].formation.str() == "c1");
    BOOST_TEST(plan.lines[1].derived.strength == 2200);
    BOOST_TEST(plan.lines[1].derived.units == 3);
    BOOST_TEST(plan.lines[2].derived.strength == 300);
    document.apply(std::move(plan.edit));
    const Scenario& s = document.scenario();
    BOOST_TEST(!oob::blockOf(s, FormationId("d1")));
    // c1's own HQ commands the block and stays a piece; the army HQ too: army-hq, c1-hq, 2 blocks.
    BOOST_TEST(oob::isPiece(s, *s.findUnit(UnitId("c1-hq"))));
    BOOST_TEST(pieces(s) == 4);
    // Re-running on changed detail updates the strength; --clear removes every block.
    Scenario changed = s;
    for (Unit& u : changed.units)
        if (u.id.str() == "c1-inf")
            u.strength = 1500;
    validation::Diagnostics stale;
    oob::checkSetUp(changed, stale);
    BOOST_TEST(hasCode(stale, "oob.block.strength"));
    const oob::BlockPlan again = oob::planBlocks(changed, corps);
    BOOST_TEST((again.lines[0].action == oob::BlockPlanLine::Action::Update));
    BOOST_TEST(again.lines[0].derived.strength == 2700);
    BOOST_TEST((again.lines[1].action == oob::BlockPlanLine::Action::Keep));
    oob::BlockRequest clear;
    clear.clear = true;
    document.apply(oob::planBlocks(document.scenario(), clear).edit);
    BOOST_TEST(pieces(document.scenario()) == 6);
}

BOOST_AUTO_TEST_CASE(a_division_battery_adds_no_men_and_an_all_gun_formation_is_artillery)
{
    Scenario s = sandtable::test::nestedScenario();
    Unit battery;
    battery.id = UnitId("d1-guns");
    battery.formation = FormationId("d1");
    battery.name = "Battery";
    battery.type = UnitType::Artillery;
    battery.strength = 8; // guns
    s.units.push_back(battery);
    BOOST_TEST(oob::deriveBlock(s, FormationId("d1")).strength == 1200);
    BOOST_TEST(oob::deriveBlock(s, FormationId("d1")).units == 3);
    // c2 with only guns: an artillery block of 8 guns.
    for (Unit& u : s.units)
        if (u.id.str() == "c2-inf") {
            u.type = UnitType::Artillery;
            u.strength = 8;
        }
    const oob::BlockDerivation guns = oob::deriveBlock(s, FormationId("c2"));
    BOOST_TEST((guns.type == UnitType::Artillery));
    BOOST_TEST(guns.strength == 8);
}

BOOST_AUTO_TEST_CASE(bad_requests_and_nested_blocks_are_refused_by_name)
{
    const Scenario s = sandtable::test::nestedScenario();
    oob::BlockRequest none;
    none.echelon = "brigade"; // no brigade in the fixture
    BOOST_CHECK_THROW(oob::planBlocks(s, none), util::OperationError);
    oob::BlockRequest missing;
    missing.formations = {FormationId("c9")};
    BOOST_CHECK_THROW(oob::planBlocks(s, missing), util::OperationError);
    oob::BlockRequest bad;
    bad.echelon = "regiment";
    BOOST_CHECK_THROW(oob::planBlocks(s, bad), util::OperationError);
    // Chosen both ways, the upper formation wins: c1 by name and d1 by level give one block, c1's.
    oob::BlockRequest both;
    both.echelon = "division";
    both.formations = {FormationId("c1")};
    const oob::BlockPlan plan = oob::planBlocks(s, both);
    BOOST_REQUIRE(plan.lines.size() == 1u);
    BOOST_TEST(plan.lines[0].formation.str() == "c1");
    // A document with blocks at two levels of one branch is an error.
    Scenario nested = s;
    for (const char* f : {"c1", "d1"}) {
        Unit b;
        b.id = UnitId(std::string(f) + "-block");
        b.formation = FormationId(f);
        b.name = f;
        b.block = true;
        b.strength = std::string(f) == "c1" ? 2200 : 1200;
        nested.units.push_back(b);
    }
    validation::Diagnostics out;
    oob::checkSetUp(nested, out);
    BOOST_TEST(hasCode(out, "oob.block.nested"));
}

BOOST_AUTO_TEST_SUITE_END()
