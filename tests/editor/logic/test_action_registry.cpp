// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../action_registry.hpp: ids, shortcuts, menus, enabled state from the Document.
#include "sandtable/editor/logic/action_registry.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/operations.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>

using namespace sandtable::editor;
namespace core = sandtable::core;

BOOST_AUTO_TEST_SUITE(action_registry)

BOOST_AUTO_TEST_CASE(standard_actions_carry_the_standard_shortcuts)
{
    const ActionRegistry registry = ActionRegistry::standard();
    const auto shortcut = [&](const char* id) {
        const ActionInfo* action = registry.find(id);
        BOOST_REQUIRE_MESSAGE(action, "missing action " << id);
        return action->shortcut;
    };
    BOOST_TEST(shortcut("file.new") == "Ctrl+N");
    BOOST_TEST(shortcut("file.open") == "Ctrl+O");
    BOOST_TEST(shortcut("file.save") == "Ctrl+S");
    BOOST_TEST(shortcut("edit.undo") == "Ctrl+Z");
    BOOST_TEST(shortcut("edit.redo") == "Ctrl+Y");
    BOOST_TEST(shortcut("edit.delete") == "Del");
    BOOST_TEST(shortcut("view.fit") == "Home");
}

BOOST_AUTO_TEST_CASE(menus_come_in_first_seen_order_with_their_actions)
{
    const ActionRegistry registry = ActionRegistry::standard();
    BOOST_TEST(registry.menus() == (std::vector<std::string>{"file", "edit", "view"}));
    const auto edit = registry.actionsOf("edit");
    BOOST_REQUIRE(edit.size() == 3u);
    BOOST_TEST(edit[0]->id == "edit.undo");
    BOOST_TEST(edit[2]->id == "edit.delete");
}

BOOST_AUTO_TEST_CASE(rejects_malformed_and_duplicate_ids)
{
    ActionRegistry registry;
    BOOST_CHECK_THROW(registry.add({"open", "Open", "", ""}), std::invalid_argument);
    BOOST_CHECK_THROW(registry.add({"File.Open", "Open", "", ""}), std::invalid_argument);
    BOOST_CHECK_THROW(registry.add({"file..open", "Open", "", ""}), std::invalid_argument);
    BOOST_CHECK_THROW(registry.add({"file.", "Open", "", ""}), std::invalid_argument);
    registry.add({"file.open", "Open", "Ctrl+O", ""});
    registry.add({"map.layer.toggle", "Toggle", "", ""});
    BOOST_CHECK_THROW(registry.add({"file.open", "Open again", "", ""}), std::invalid_argument);
    BOOST_TEST(registry.actions().size() == 2u);
}

BOOST_AUTO_TEST_CASE(without_a_document_only_new_open_and_quit_are_enabled)
{
    const ActionRegistry registry = ActionRegistry::standard();
    const ActionContext none;
    for (const auto& action : registry.actions()) {
        const bool expected = action.id == "file.new" || action.id == "file.open" || action.id == "file.quit";
        BOOST_TEST(registry.state(action.id, none).enabled == expected, action.id);
    }
    BOOST_TEST(!registry.state("no.such", none).enabled);
}

BOOST_AUTO_TEST_CASE(undo_and_redo_follow_the_document_and_name_the_step)
{
    const ActionRegistry registry = ActionRegistry::standard();
    core::document::Document doc(sandtable::test::smallScenario(), "/tmp/small.sandtable.json");
    ActionContext context{&doc, false};
    BOOST_TEST(!registry.state("edit.undo", context).enabled);
    BOOST_TEST(registry.state("edit.undo", context).label == "&Undo");
    BOOST_TEST(!registry.state("file.save", context).enabled); // clean, with a file name
    BOOST_TEST(registry.state("file.save_as", context).enabled);

    doc.apply(core::document::operations::removeFeature(doc.scenario(), core::FeatureId("woods-1")));
    BOOST_TEST(registry.state("edit.undo", context).enabled);
    BOOST_TEST(registry.state("edit.undo", context).label == "&Undo Delete feature");
    BOOST_TEST(!registry.state("edit.redo", context).enabled);
    BOOST_TEST(registry.state("file.save", context).enabled);

    doc.undo();
    BOOST_TEST(!registry.state("edit.undo", context).enabled);
    BOOST_TEST(registry.state("edit.redo", context).enabled);
    BOOST_TEST(registry.state("edit.redo", context).label == "&Redo Delete feature");
    BOOST_TEST(!registry.state("file.save", context).enabled); // back at the saved state
}

BOOST_AUTO_TEST_CASE(save_is_enabled_for_a_document_without_a_file)
{
    const ActionRegistry registry = ActionRegistry::standard();
    const core::document::Document doc(sandtable::test::smallScenario());
    BOOST_TEST(registry.state("file.save", ActionContext{&doc, false}).enabled);
}

BOOST_AUTO_TEST_CASE(delete_needs_a_selection)
{
    const ActionRegistry registry = ActionRegistry::standard();
    const core::document::Document doc(sandtable::test::smallScenario());
    BOOST_TEST(!registry.state("edit.delete", ActionContext{&doc, false}).enabled);
    BOOST_TEST(registry.state("edit.delete", ActionContext{&doc, true}).enabled);
    BOOST_TEST(!registry.state("edit.delete", ActionContext{nullptr, true}).enabled);
}

BOOST_AUTO_TEST_CASE(undo_redo_label_keeps_the_verb_alone_without_a_step)
{
    BOOST_TEST(undoRedoLabel("&Undo", "") == "&Undo");
    BOOST_TEST(undoRedoLabel("&Undo", "Move unit") == "&Undo Move unit");
}

BOOST_AUTO_TEST_SUITE_END()
