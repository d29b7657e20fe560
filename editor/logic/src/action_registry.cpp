// SPDX-License-Identifier: GPL-3.0-or-later
// The standard editor actions and the rules for when they apply.
#include "sandtable/editor/logic/action_registry.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <stdexcept>

namespace sandtable::editor {

namespace {

bool validId(std::string_view id)
{
    const auto dot = id.find('.');
    if (dot == std::string_view::npos || dot == 0 || id.back() == '.')
        return false;
    bool previousDot = false;
    for (char ch : id) {
        const bool isDot = ch == '.';
        if (isDot && previousDot)
            return false;
        if (!isDot && !((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_'))
            return false;
        previousDot = isDot;
    }
    return true;
}

std::string menuOf(std::string_view id) { return std::string(id.substr(0, id.find('.'))); }

} // namespace

ActionRegistry ActionRegistry::standard()
{
    ActionRegistry registry;
    registry.add({"file.new", N_("&New"), "Ctrl+N", N_("Start a new, empty scenario")});
    registry.add({"file.open", N_("&Open..."), "Ctrl+O", N_("Open a scenario file")});
    registry.add({"file.save", N_("&Save"), "Ctrl+S", N_("Save the scenario (atomically)")});
    registry.add({"file.save_as", N_("Save &As..."), "Ctrl+Shift+S", N_("Save the scenario under a new name")});
    registry.add({"file.quit", N_("&Quit"), "Ctrl+Q", N_("Close the editor")});
    registry.add({"edit.undo", N_("&Undo"), "Ctrl+Z", N_("Undo the last change")});
    registry.add({"edit.redo", N_("&Redo"), "Ctrl+Y", N_("Redo the change last undone")});
    registry.add({"edit.delete", N_("&Delete Feature"), "Del", N_("Delete the selected terrain feature")});
    registry.add({"view.zoom_in", N_("Zoom &In"), "Ctrl+=", N_("Zoom in about the centre of the map")});
    registry.add({"view.zoom_out", N_("Zoom &Out"), "Ctrl+-", N_("Zoom out about the centre of the map")});
    registry.add({"view.fit", N_("&Fit to Map"), "Home", N_("Show the whole scenario")});
    return registry;
}

void ActionRegistry::add(ActionInfo action)
{
    if (!validId(action.id))
        throw std::invalid_argument("action id '" + action.id + "' is not of the form <menu>.<name>");
    if (find(action.id))
        throw std::invalid_argument("action id '" + action.id + "' is registered twice");
    m_actions.push_back(std::move(action));
}

const ActionInfo* ActionRegistry::find(std::string_view id) const
{
    const auto it = std::find_if(m_actions.begin(), m_actions.end(), [&](const ActionInfo& a) { return a.id == id; });
    return it == m_actions.end() ? nullptr : &*it;
}

std::vector<std::string> ActionRegistry::menus() const
{
    std::vector<std::string> names;
    for (const auto& action : m_actions) {
        std::string menu = menuOf(action.id);
        if (std::find(names.begin(), names.end(), menu) == names.end())
            names.push_back(std::move(menu));
    }
    return names;
}

std::vector<const ActionInfo*> ActionRegistry::actionsOf(std::string_view menu) const
{
    std::vector<const ActionInfo*> result;
    for (const auto& action : m_actions)
        if (menuOf(action.id) == menu)
            result.push_back(&action);
    return result;
}

ActionState ActionRegistry::state(std::string_view id, const ActionContext& context) const
{
    const ActionInfo* action = find(id);
    if (!action)
        return {};
    const core::document::Document* doc = context.document;
    ActionState result{false, action->label};
    if (id == "file.new" || id == "file.open" || id == "file.quit") {
        result.enabled = true;
    } else if (id == "file.save") {
        result.enabled = doc && (doc->isModified() || doc->path().empty());
    } else if (id == "edit.undo") {
        result.enabled = doc && doc->canUndo();
        result.label = undoRedoLabel(action->label, doc ? doc->undoLabel() : std::string());
    } else if (id == "edit.redo") {
        result.enabled = doc && doc->canRedo();
        result.label = undoRedoLabel(action->label, doc ? doc->redoLabel() : std::string());
    } else if (id == "edit.delete") {
        result.enabled = doc && context.hasSelection;
    } else {
        result.enabled = doc != nullptr;
    }
    return result;
}

std::string undoRedoLabel(const std::string& verb, const std::string& step)
{
    return step.empty() ? verb : verb + " " + step;
}

} // namespace sandtable::editor
