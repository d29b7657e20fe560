// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's commands as data: dotted ids, labels, shortcuts, and when each one is enabled.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::document {
class Document;
}

namespace sandtable::editor {

/// One command. `id` is "<menu>.<name>" ("file.open", "edit.undo"); `label` is the menu text with an
/// optional '&' mnemonic; `shortcut` is in wx accelerator spelling ("Ctrl+O", "Ctrl+Shift+S", "Del",
/// "Home"), empty when there is none.
struct ActionInfo {
    std::string id;
    std::string label;
    std::string shortcut;
    std::string help;
};

/// What an action's enabled state and label depend on. `document` is null when no scenario is open.
struct ActionContext {
    const core::document::Document* document = nullptr;
    bool hasSelection = false;
};

/// An action's state right now: menus, toolbars and key handling all read this.
struct ActionState {
    bool enabled = false;
    std::string label; ///< for undo/redo: "&Undo Delete feature"
};

/// The ordered list of actions; menus are built from it (one menu per id prefix, in first-seen order).
class ActionRegistry {
public:
    /// The editor's standard actions: file.new/open/save/save_as/quit, edit.undo/redo/delete,
    /// view.zoom_in/zoom_out/fit, with the standard shortcuts (Ctrl+N, Ctrl+O, Ctrl+S, Ctrl+Z, Ctrl+Y, Del, ...).
    static ActionRegistry standard();

    /// Adds an action. Throws std::invalid_argument for an id that is not "<menu>.<name>" (lowercase
    /// letters, digits, '_' and one or more dots) or that is already registered.
    void add(ActionInfo action);

    const ActionInfo* find(std::string_view id) const;
    const std::vector<ActionInfo>& actions() const noexcept { return m_actions; }
    /// Menu names in first-seen order ("file", "edit", "view").
    std::vector<std::string> menus() const;
    /// Actions whose id starts with "<menu>.", in registration order.
    std::vector<const ActionInfo*> actionsOf(std::string_view menu) const;

    /// Enabled state and current label of `id`. Unknown ids are disabled. Rules: open and quit are always
    /// enabled (and new); save needs an open document that is modified or has no file yet; save as, zoom and fit need
    /// an open document; undo/redo follow the Document and name the step; delete needs a selection.
    ActionState state(std::string_view id, const ActionContext& context) const;

private:
    std::vector<ActionInfo> m_actions;
};

/// "Undo" + " " + step label, keeping a mnemonic on the verb: undoRedoLabel("&Undo", "Move unit") ==
/// "&Undo Move unit"; an empty step label gives the verb alone.
std::string undoRedoLabel(const std::string& verb, const std::string& step);

} // namespace sandtable::editor
