// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../panes/card_designer.hpp: cards per side, action lines (replacing a card:
// tests/core/document/test_card_operations.cpp).
#include "sandtable/editor/logic/panes/card_designer.hpp"

#include "support/table_battles_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>

using namespace sandtable::editor::panes;
namespace core = sandtable::core;

BOOST_AUTO_TEST_SUITE(panes_card_designer)

BOOST_AUTO_TEST_CASE(cards_are_listed_per_side_in_the_scenario_cards_order_then_unlisted_ones)
{
    core::TableBattlesSet set = sandtable::test::smallCardSet();
    auto columns = cardsBySide(set);
    BOOST_REQUIRE(columns.size() == 2u);
    BOOST_TEST(columns[0].army == "Blue");
    BOOST_TEST(columns[1].cards.size() == 3u);
    BOOST_TEST(core::toString(columns[1].cards[0]) == "4-A");

    set.scenario.armies[1].cards.pop_back(); // 6-A no longer listed
    columns = cardsBySide(set);
    BOOST_REQUIRE(columns.size() == 3u);
    BOOST_TEST(columns[2].cards.size() == 1u);
    BOOST_TEST(core::toString(columns[2].cards[0]) == "6-A");
}

BOOST_AUTO_TEST_CASE(action_lines_round_trip_and_bad_words_are_named)
{
    const core::CardAction counter{core::CardActionKind::Counterattack, {{1, 'A'}, {2, 'B'}}, 2, "not disordered", true};
    const std::string line = formatAction(counter);
    BOOST_TEST(line == "counterattack hits=2 targets=1-A,2-B voluntary requires=not disordered");
    BOOST_TEST((parseAction(line) == counter));
    BOOST_TEST((formatAction(core::CardAction{core::CardActionKind::Retire, {}, 0, "", false}) == "retire"));

    const auto actions = parseActions("attack hits=1 targets=4-A\n\n  screen targets=2-a\n");
    BOOST_REQUIRE(actions.size() == 2u);
    BOOST_TEST((actions[1].kind == core::CardActionKind::Screen));
    BOOST_TEST(core::toString(actions[1].targets[0]) == "2-A");

    BOOST_CHECK_THROW(parseAction("charge targets=1-A"), std::invalid_argument);
    BOOST_CHECK_THROW(parseAction("attack hits=two"), std::invalid_argument);
    BOOST_CHECK_THROW(parseAction("attack hits=-1"), std::invalid_argument);
    try {
        parseActions("attack hits=1\nattack sideways");
        BOOST_FAIL("a bad second line was accepted");
    } catch (const std::invalid_argument& e) {
        BOOST_TEST(std::string(e.what()).find("line 2: 'sideways'") == 0u);
    }
}

BOOST_AUTO_TEST_SUITE_END()
