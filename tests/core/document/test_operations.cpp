// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../document/operations.hpp beyond the Document's own tests: placing a piece on the map.
#include "sandtable/core/document/operations.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/oob_tree_fixture.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;
namespace ops = sandtable::core::document::operations;

BOOST_AUTO_TEST_SUITE(document_operations)

BOOST_AUTO_TEST_CASE(placing_a_reserve_or_arriving_unit_sets_it_up_on_the_map_only)
{
    Scenario s = sandtable::test::smallScenario();
    // The red HQ is not on the map; give it a reserve and an arrival (two set-ups: setup_checks' error).
    Unit& hq = s.units[2];
    hq.reserve = UnitId("blue-1-hq");
    hq.arrival = Arrival{2, 3, Coordinate{300000, 4400500}, std::nullopt};
    document::Document doc(s);
    doc.apply(ops::moveUnit(doc.scenario(), UnitId("red-1-hq"), Placement{{300400, 4400400}, -90.0, true}, "Place HQ"));
    const Unit& placed = *doc.scenario().findUnit(UnitId("red-1-hq"));
    BOOST_REQUIRE(placed.placement);
    BOOST_TEST(placed.placement->position.x == 300400.0);
    BOOST_TEST(placed.placement->facing == 270.0); // -90 degrees = 270 clockwise from grid north
    BOOST_TEST(placed.placement->column);
    BOOST_TEST(!placed.reserve);
    BOOST_TEST(!placed.arrival);
    BOOST_TEST(doc.undoLabel() == "Place HQ");
    doc.undo();
    BOOST_TEST((*doc.scenario().findUnit(UnitId("red-1-hq")) == hq)); // undo gives the reserve and arrival back
}

BOOST_AUTO_TEST_CASE(a_move_to_where_the_piece_stands_is_an_empty_edit_and_the_short_form_keeps_its_column)
{
    Scenario s = sandtable::test::smallScenario();
    s.units[1].placement->column = true;
    // blue-1-a stands at (300650, 4400650) facing 90; 450 degrees is the same facing.
    BOOST_TEST(ops::moveUnit(s, UnitId("blue-1-a"), Placement{{300650, 4400650}, 450.0, true}).empty());
    const document::Edit moved = ops::moveUnit(s, UnitId("blue-1-a"), {300700, 4400650}, 90.0);
    BOOST_REQUIRE(moved.changes.size() == 1u);
    const Unit& after = *std::get<document::EntityChange<Unit>>(moved.changes[0]).after;
    BOOST_TEST(after.placement->column);
    BOOST_TEST(moved.mergeKey == "move:blue-1-a");
    BOOST_TEST(moved.label == "Move 1st Division");
    BOOST_CHECK_THROW(ops::moveUnit(s, UnitId("nobody"), Placement{}), util::OperationError);
}

BOOST_AUTO_TEST_CASE(a_formation_is_re_parented_in_one_undo_step_and_a_cycle_is_refused)
{
    document::Document document(sandtable::test::nestedScenario(), "nested.json");
    // d1 moves from I Corps to II Corps.
    document.apply(ops::setFormationParent(document.scenario(), FormationId("d1"), FormationId("c2")));
    BOOST_TEST(document.scenario().findFormation(FormationId("d1"))->parent->str() == "c2");
    BOOST_TEST(document.undoLabel() == "Move 1st Division under II Corps");
    document.undo();
    BOOST_TEST(document.scenario().findFormation(FormationId("d1"))->parent->str() == "c1");
    // To the top level, then nothing to change.
    document.apply(ops::setFormationParent(document.scenario(), FormationId("d1"), std::nullopt));
    BOOST_TEST(!document.scenario().findFormation(FormationId("d1"))->parent.has_value());
    BOOST_TEST(ops::setFormationParent(document.scenario(), FormationId("d1"), std::nullopt).changes.empty());
    document.undo();
    // The army under its own division, or under itself: a cycle.
    BOOST_CHECK_THROW(ops::setFormationParent(document.scenario(), FormationId("army"), FormationId("d1")), util::OperationError);
    BOOST_CHECK_THROW(ops::setFormationParent(document.scenario(), FormationId("c1"), FormationId("c1")), util::OperationError);
    BOOST_CHECK_THROW(ops::setFormationParent(document.scenario(), FormationId("c1"), FormationId("ghost")), util::OperationError);
    BOOST_CHECK_THROW(ops::setFormationParent(document.scenario(), FormationId("ghost"), FormationId("c1")), util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()

// Issue 25: the language of the printed products' fixed texts, one undo step.
BOOST_AUTO_TEST_SUITE(document_operations_language)

BOOST_AUTO_TEST_CASE(sets_the_print_language_and_refuses_what_is_not_a_language_code)
{
    document::Document doc(sandtable::test::smallScenario());
    doc.apply(document::operations::setLanguage(doc.scenario(), "fr"));
    BOOST_TEST(doc.scenario().settings.language == "fr");
    doc.apply(document::operations::setLanguage(doc.scenario(), "pt_BR"));
    BOOST_TEST(doc.scenario().settings.language == "pt_BR");
    doc.apply(document::operations::setLanguage(doc.scenario(), "en")); // English is the default: stored as none
    BOOST_TEST(doc.scenario().settings.language.empty());
    doc.undo();
    BOOST_TEST(doc.scenario().settings.language == "pt_BR");
    for (const std::string bad : {"French", "FR", "fr-FR", "f", "fr_fr", "fr_FRA", "de_"})
        BOOST_CHECK_THROW(document::operations::setLanguage(doc.scenario(), bad), util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
