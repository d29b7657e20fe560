// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/document/oob_operations.hpp: authoring an order of battle (issue 46 item 2), each change one
// undo step; values worked out by hand.
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/oob_operations.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

namespace core = sandtable::core;
namespace ops = sandtable::core::document::operations;
using ops::OobKind;

namespace {

std::vector<std::string> sideIds(const core::Scenario& s)
{
    std::vector<std::string> out;
    for (const auto& side : s.sides)
        out.push_back(side.id.str());
    return out;
}

std::vector<std::string> unitIds(const core::Scenario& s)
{
    std::vector<std::string> out;
    for (const auto& u : s.units)
        out.push_back(u.id.str());
    return out;
}

std::vector<std::string> formationIds(const core::Scenario& s)
{
    std::vector<std::string> out;
    for (const auto& f : s.formations)
        out.push_back(f.id.str());
    return out;
}

/// Applies `edit` and returns the id it created.
std::string add(core::document::Document& doc, core::document::Edit edit)
{
    const std::string id = ops::createdId(edit);
    doc.apply(std::move(edit));
    return id;
}

/// Union: I Corps (1st Division: Iron Brigade with 2 regiments, its HQ), Confederacy: one corps.
core::document::Document authored()
{
    core::Scenario s;
    s.settings.id = "t";
    core::document::Document doc(s);
    add(doc, ops::createSide(doc.scenario(), "Union"));
    add(doc, ops::createSide(doc.scenario(), "Confederacy", "#A0A0A0"));
    add(doc, ops::createFormation(doc.scenario(), core::SideId("union"), std::nullopt, "I Corps"));
    add(doc, ops::createFormation(doc.scenario(), core::SideId("union"), core::FormationId("union-i-corps"), "1st Division"));
    add(doc, ops::createFormation(doc.scenario(), core::SideId("union"), core::FormationId("union-1st-division"), "Iron Brigade"));
    add(doc, ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "2nd Wisconsin", "infantry", "elite", 302));
    add(doc, ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "6th Wisconsin", "infantry", "regular", 340));
    add(doc, ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "Meredith", "hq"));
    add(doc, ops::createFormation(doc.scenario(), core::SideId("confederacy"), std::nullopt, "Heth's Division"));
    return doc;
}

} // namespace

BOOST_AUTO_TEST_SUITE(document_oob_operations)

BOOST_AUTO_TEST_CASE(a_side_gets_an_id_from_its_name_and_the_first_free_colour)
{
    core::Scenario s;
    core::document::Document doc(s);
    const std::string union_ = add(doc, ops::createSide(doc.scenario(), "  Union  "));
    BOOST_TEST(union_ == "union");
    BOOST_TEST(doc.undoLabel() == "Add side Union");
    BOOST_TEST(doc.scenario().sides[0].name == "Union");
    BOOST_TEST(doc.scenario().sides[0].colour == "#2b4c9b"); // the first default colour
    // The second side takes the second colour; a name already taken as id gets "-2".
    add(doc, ops::createSide(doc.scenario(), "UNION"));
    BOOST_TEST(doc.scenario().sides[1].id.str() == "union-2");
    BOOST_TEST(doc.scenario().sides[1].colour == "#b22222");
    // A given colour is stored in lower case; a bad one or an empty name is refused.
    add(doc, ops::createSide(doc.scenario(), "Prussia", "#1A2B3C"));
    BOOST_TEST(doc.scenario().sides[2].colour == "#1a2b3c");
    BOOST_CHECK_THROW(ops::createSide(doc.scenario(), "France", "blue"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createSide(doc.scenario(), "France", "#12345g"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createSide(doc.scenario(), "   "), core::util::OperationError);
    // Each was one undo step.
    doc.undo();
    doc.undo();
    BOOST_TEST(sideIds(doc.scenario()) == std::vector<std::string>{"union"});
}

BOOST_AUTO_TEST_CASE(rename_and_recolour_a_side_are_one_step_each)
{
    core::document::Document doc = authored();
    doc.apply(ops::setSideColour(doc.scenario(), core::SideId("union"), "#0000FF"));
    BOOST_TEST(doc.undoLabel() == "Change colour of Union");
    BOOST_TEST(doc.scenario().findSide(core::SideId("union"))->colour == "#0000ff");
    BOOST_TEST(ops::setSideColour(doc.scenario(), core::SideId("union"), "#0000ff").empty());
    doc.apply(ops::renameSide(doc.scenario(), core::SideId("union"), "Army of the Potomac"));
    BOOST_TEST(doc.undoLabel() == "Rename Union to Army of the Potomac");
    BOOST_TEST(doc.scenario().findSide(core::SideId("union"))->id.str() == "union"); // the id stays
    doc.undo();
    BOOST_TEST(doc.scenario().findSide(core::SideId("union"))->name == "Union");
    doc.undo();
    BOOST_TEST(doc.scenario().findSide(core::SideId("union"))->colour == "#2b4c9b");
    BOOST_CHECK_THROW(ops::setSideColour(doc.scenario(), core::SideId("nobody"), "#000000"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::renameSide(doc.scenario(), core::SideId("union"), ""), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(formations_nest_with_the_echelon_below_their_parent)
{
    const core::document::Document doc = authored();
    const core::Scenario& s = doc.scenario();
    BOOST_TEST(formationIds(s) == (std::vector<std::string>{"union-i-corps", "union-1st-division", "union-iron-brigade", "confederacy-heth-s-division"}));
    BOOST_TEST(s.findFormation(core::FormationId("union-i-corps"))->echelon == "corps");       // top level
    BOOST_TEST(s.findFormation(core::FormationId("union-1st-division"))->echelon == "division"); // under a corps
    BOOST_TEST(s.findFormation(core::FormationId("union-iron-brigade"))->echelon == "brigade");  // under a division
    BOOST_TEST(s.findFormation(core::FormationId("confederacy-heth-s-division"))->echelon == "division"); // as its name says
    // A name without an echelon's word: the level below the parent's; an echelon given wins over the name.
    const core::document::Edit reserve = ops::createFormation(s, core::SideId("union"), core::FormationId("union-i-corps"), "Reserve");
    BOOST_TEST(std::get<core::document::EntityChange<core::Formation>>(reserve.changes.front()).after->echelon == "division");
    const core::document::Edit wing = ops::createFormation(s, core::SideId("union"), std::nullopt, "Right Wing", "corps");
    BOOST_TEST(std::get<core::document::EntityChange<core::Formation>>(wing.changes.front()).after->echelon == "corps");
    // "Corpsdivision" is no word of either.
    const core::document::Edit odd = ops::createFormation(s, core::SideId("union"), std::nullopt, "Corpsdivision");
    BOOST_TEST(std::get<core::document::EntityChange<core::Formation>>(odd.changes.front()).after->echelon == "corps");
    BOOST_TEST(core::oob::depth(s, core::FormationId("union-iron-brigade")) == 2u);
    BOOST_TEST(core::oob::formationPath(s, core::FormationId("union-iron-brigade")) == "Union > I Corps > 1st Division > Iron Brigade");
    // A parent of another side, an unknown side or echelon is refused.
    BOOST_CHECK_THROW(ops::createFormation(s, core::SideId("confederacy"), core::FormationId("union-i-corps"), "X"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createFormation(s, core::SideId("nobody"), std::nullopt, "X"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createFormation(s, core::SideId("union"), std::nullopt, "X", "regiment"), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(units_carry_their_fields_and_the_strength_adds_up)
{
    core::document::Document doc = authored();
    const core::Scenario& s = doc.scenario();
    BOOST_TEST(unitIds(s) == (std::vector<std::string>{"union-iron-brigade-2nd-wisconsin", "union-iron-brigade-6th-wisconsin", "union-iron-brigade-meredith"}));
    const core::Unit& second = *s.findUnit(core::UnitId("union-iron-brigade-2nd-wisconsin"));
    BOOST_TEST(std::string(core::toString(second.quality)) == "elite");
    BOOST_TEST(second.strength == 302);
    const core::Unit& hq = *s.findUnit(core::UnitId("union-iron-brigade-meredith"));
    BOOST_TEST(std::string(core::toString(hq.type)) == "hq");
    BOOST_TEST(hq.command.value_or(0) == 3);
    // 302 + 340 men, and the HQ's 0, counted at every level above.
    BOOST_TEST(core::oob::strengthOf(s, core::FormationId("union-i-corps")).men == 642);
    BOOST_TEST(core::oob::commandingHq(s, core::FormationId("union-iron-brigade")) == &hq);

    doc.apply(ops::setUnitType(doc.scenario(), core::UnitId("union-iron-brigade-6th-wisconsin"), "artillery"));
    BOOST_TEST(doc.undoLabel() == "Change type of 6th Wisconsin");
    doc.apply(ops::setUnitQuality(doc.scenario(), core::UnitId("union-iron-brigade-6th-wisconsin"), "guard"));
    doc.apply(ops::setUnitCommand(doc.scenario(), core::UnitId("union-iron-brigade-meredith"), 5));
    doc.apply(ops::renameUnit(doc.scenario(), core::UnitId("union-iron-brigade-6th-wisconsin"), "Battery B"));
    const core::Unit& battery = *doc.scenario().findUnit(core::UnitId("union-iron-brigade-6th-wisconsin"));
    BOOST_TEST(battery.name == "Battery B");
    BOOST_TEST(std::string(core::toString(battery.type)) == "artillery");
    BOOST_TEST(std::string(core::toString(battery.quality)) == "guard");
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("union-iron-brigade-meredith"))->command.value_or(0) == 5);
    // Now 340 guns (the arm follows the type) and 302 men.
    BOOST_TEST(core::oob::strengthOf(doc.scenario(), core::FormationId("union-i-corps")).men == 302);
    BOOST_TEST(core::oob::strengthOf(doc.scenario(), core::FormationId("union-i-corps")).guns == 340);

    BOOST_CHECK_THROW(ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "X", "tank"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "X", "infantry", "veteran"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "X", "infantry", "regular", 2.5), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "X", "infantry", "regular", 1000001), core::util::OperationError);
    BOOST_CHECK_THROW(ops::createUnit(doc.scenario(), core::FormationId("nowhere"), "X"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::setUnitCommand(doc.scenario(), core::UnitId("union-iron-brigade-meredith"), 7), core::util::OperationError);
    BOOST_CHECK_THROW(ops::setUnitCommand(doc.scenario(), core::UnitId("union-iron-brigade-meredith"), 0), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(a_new_unit_goes_after_the_last_of_its_formation)
{
    core::document::Document doc = authored();
    // A Confederate unit is appended (its formation has none), then a Union one goes after Meredith, before it.
    add(doc, ops::createUnit(doc.scenario(), core::FormationId("confederacy-heth-s-division"), "Archer", "infantry", "regular", 1000));
    const std::string id = add(doc, ops::createUnit(doc.scenario(), core::FormationId("union-iron-brigade"), "19th Indiana", "infantry", "regular", 308));
    BOOST_TEST(unitIds(doc.scenario())
        == (std::vector<std::string>{"union-iron-brigade-2nd-wisconsin", "union-iron-brigade-6th-wisconsin", "union-iron-brigade-meredith",
            "union-iron-brigade-19th-indiana", "confederacy-heth-s-division-archer"}));
    doc.undo();
    BOOST_TEST(doc.scenario().findUnit(core::UnitId(id)) == nullptr);
}

BOOST_AUTO_TEST_CASE(moving_up_and_down_keeps_to_siblings_and_undoes_exactly)
{
    core::document::Document doc = authored();
    const core::Scenario before = doc.scenario();
    // Meredith (third of the brigade) up once: 2nd, Meredith, 6th.
    doc.apply(ops::moveInOrder(doc.scenario(), OobKind::Unit, "union-iron-brigade-meredith", -1));
    BOOST_TEST(doc.undoLabel() == "Move Meredith up");
    BOOST_TEST(unitIds(doc.scenario()) == (std::vector<std::string>{"union-iron-brigade-2nd-wisconsin", "union-iron-brigade-meredith", "union-iron-brigade-6th-wisconsin"}));
    // 2nd Wisconsin down once: Meredith, 2nd, 6th.
    doc.apply(ops::moveInOrder(doc.scenario(), OobKind::Unit, "union-iron-brigade-2nd-wisconsin", +1));
    BOOST_TEST(unitIds(doc.scenario()) == (std::vector<std::string>{"union-iron-brigade-meredith", "union-iron-brigade-2nd-wisconsin", "union-iron-brigade-6th-wisconsin"}));
    // At the top nothing moves.
    BOOST_TEST(ops::moveInOrder(doc.scenario(), OobKind::Unit, "union-iron-brigade-meredith", -1).empty());
    // Sides: Confederacy up, first.
    doc.apply(ops::moveInOrder(doc.scenario(), OobKind::Side, "confederacy", -1));
    BOOST_TEST(sideIds(doc.scenario()) == (std::vector<std::string>{"confederacy", "union"}));
    // A top-level formation's siblings are its side's top-level formations: I Corps has none below it.
    BOOST_TEST(ops::moveInOrder(doc.scenario(), OobKind::Formation, "union-i-corps", +1).empty());
    BOOST_TEST(ops::moveInOrder(doc.scenario(), OobKind::Formation, "confederacy-heth-s-division", -1).empty());
    BOOST_CHECK_THROW(ops::moveInOrder(doc.scenario(), OobKind::Unit, "union-iron-brigade-meredith", 2), core::util::OperationError);
    doc.undo();
    doc.undo();
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
}

BOOST_AUTO_TEST_CASE(two_formations_under_one_parent_swap)
{
    core::document::Document doc = authored();
    add(doc, ops::createFormation(doc.scenario(), core::SideId("union"), core::FormationId("union-i-corps"), "2nd Division"));
    // Order: i-corps, 1st-division, iron-brigade, heth, 2nd-division. 2nd Division up past 1st Division (Heth and the
    // brigade are no siblings of it): it goes in 1st Division's place.
    doc.apply(ops::moveInOrder(doc.scenario(), OobKind::Formation, "union-2nd-division", -1));
    BOOST_TEST(formationIds(doc.scenario())
        == (std::vector<std::string>{"union-i-corps", "union-2nd-division", "union-1st-division", "union-iron-brigade", "confederacy-heth-s-division"}));
    const auto kids = core::oob::children(doc.scenario(), core::FormationId("union-i-corps"));
    BOOST_REQUIRE(kids.size() == 2u);
    BOOST_TEST(kids[0]->name == "2nd Division");
}

BOOST_AUTO_TEST_CASE(deleting_a_formation_takes_what_is_below_it_in_one_step)
{
    core::document::Document doc = authored();
    // A Confederate unit in Meredith's reserve keeps existing but loses the reserve.
    add(doc, ops::createUnit(doc.scenario(), core::FormationId("confederacy-heth-s-division"), "Archer", "infantry", "regular", 1000));
    {
        core::Unit archer = *doc.scenario().findUnit(core::UnitId("confederacy-heth-s-division-archer"));
        archer.reserve = core::UnitId("union-iron-brigade-meredith");
        doc.apply(core::document::operations::replaceUnit(doc.scenario(), archer));
    }
    const core::Scenario before = doc.scenario();
    doc.apply(ops::deleteFormation(doc.scenario(), core::FormationId("union-1st-division")));
    BOOST_TEST(doc.undoLabel() == "Delete 1st Division");
    BOOST_TEST(formationIds(doc.scenario()) == (std::vector<std::string>{"union-i-corps", "confederacy-heth-s-division"}));
    BOOST_TEST(unitIds(doc.scenario()) == std::vector<std::string>{"confederacy-heth-s-division-archer"});
    BOOST_TEST(!doc.scenario().findUnit(core::UnitId("confederacy-heth-s-division-archer"))->reserve.has_value());
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
}

BOOST_AUTO_TEST_CASE(deleting_a_side_takes_its_tree_and_its_roles)
{
    core::document::Document doc = authored();
    core::ScenarioSettings settings = doc.scenario().settings;
    settings.attacker = core::SideId("union");
    settings.defender = core::SideId("confederacy");
    doc.apply(core::document::operations::setSettings(doc.scenario(), settings));
    const core::Scenario before = doc.scenario();
    doc.apply(ops::deleteSide(doc.scenario(), core::SideId("union")));
    BOOST_TEST(doc.undoLabel() == "Delete Union");
    BOOST_TEST(sideIds(doc.scenario()) == std::vector<std::string>{"confederacy"});
    BOOST_TEST(formationIds(doc.scenario()) == std::vector<std::string>{"confederacy-heth-s-division"});
    BOOST_TEST(doc.scenario().units.empty());
    BOOST_TEST(!doc.scenario().settings.attacker.has_value());
    BOOST_TEST((doc.scenario().settings.defender == core::SideId("confederacy")));
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
    doc.redo();
    BOOST_TEST(doc.scenario().sides.size() == 1u);
}

BOOST_AUTO_TEST_CASE(deleting_a_unit_frees_its_reserve)
{
    core::document::Document doc = authored();
    core::Unit second = *doc.scenario().findUnit(core::UnitId("union-iron-brigade-2nd-wisconsin"));
    second.reserve = core::UnitId("union-iron-brigade-meredith");
    doc.apply(core::document::operations::replaceUnit(doc.scenario(), second));
    doc.apply(ops::deleteUnit(doc.scenario(), core::UnitId("union-iron-brigade-meredith")));
    BOOST_TEST(doc.undoLabel() == "Delete Meredith");
    BOOST_TEST(doc.scenario().units.size() == 2u);
    BOOST_TEST(!doc.scenario().findUnit(core::UnitId("union-iron-brigade-2nd-wisconsin"))->reserve.has_value());
    doc.undo();
    BOOST_TEST((doc.scenario().findUnit(core::UnitId("union-iron-brigade-2nd-wisconsin"))->reserve == core::UnitId("union-iron-brigade-meredith")));
    BOOST_CHECK_THROW(ops::deleteUnit(doc.scenario(), core::UnitId("nobody")), core::util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
