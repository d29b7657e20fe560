// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../document/card_operations.hpp: one card replaced undoably, typing merged, the whole set.
#include "sandtable/core/document/card_operations.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/table_battles_fixtures.hpp"

#include <boost/test/unit_test.hpp>

namespace core = sandtable::core;
namespace ops = sandtable::core::document::operations;

BOOST_AUTO_TEST_SUITE(document_card_operations)

BOOST_AUTO_TEST_CASE(a_card_edit_is_one_undo_step_and_typing_merges)
{
    core::document::Document doc(sandtable::test::smallCardScenario());
    const core::Scenario original = doc.scenario();
    core::FormationCard card = *doc.scenario().tableBattles->find({5, 'A'});
    for (const char* name : {"Red H", "Red Hussars"}) {
        card.name = name;
        doc.apply(ops::replaceCard(doc.scenario(), card, "card-5-A-name"));
    }
    card.strength = 4;
    doc.apply(ops::replaceCard(doc.scenario(), card));
    BOOST_TEST(doc.undoDepth() == 2u);
    BOOST_TEST(doc.scenario().tableBattles->find({5, 'A'})->name == "Red Hussars");
    BOOST_TEST(doc.scenario().tableBattles->find({5, 'A'})->strength == 4);
    doc.undo();
    BOOST_TEST(doc.scenario().tableBattles->find({5, 'A'})->strength == 3);
    doc.undo();
    BOOST_TEST((doc.scenario() == original));

    core::FormationCard ghost = card;
    ghost.ref = {99, 'A'};
    BOOST_CHECK_THROW(ops::replaceCard(original, ghost), core::util::OperationError);
    BOOST_TEST(ops::replaceCard(original, *original.tableBattles->find({5, 'A'})).empty()); // the card as it is
    BOOST_TEST(ops::setTableBattles(original, original.tableBattles).empty());
    BOOST_CHECK_THROW(ops::replaceCard(sandtable::test::smallScenario(), card), core::util::OperationError); // no cards
}

BOOST_AUTO_TEST_SUITE_END()
