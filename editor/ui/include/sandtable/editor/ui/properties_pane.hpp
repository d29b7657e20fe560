// SPDX-License-Identifier: GPL-3.0-or-later
// The Properties pane: the selected feature, unit or formation in a wxPropertyGrid; every change is one
// undoable Document::apply.
#pragma once

#include "sandtable/editor/ui/workbench.hpp"

#include <wx/panel.h>

class wxPropertyGrid;
class wxPropertyGridEvent;

namespace sandtable::editor::ui {

/// Feature: id (read-only), name, class. Unit: id, name, type, quality, strength, and when placed its
/// easting, northing, facing and route column. Formation: id, name, echelon, chit. A change the model
/// refuses (an unknown class, a negative strength) is reported and the grid shows the document again.
class PropertiesPane : public wxPanel {
public:
    PropertiesPane(wxWindow* parent, Workbench& workbench);

    /// Shows the current selection of the current document.
    void refresh();
    /// Sets property `name` to `value` as the user would (tests, scripts). Returns false when the
    /// property does not exist or the change was refused.
    bool setValue(const std::string& name, const std::string& value);

private:
    void onChanged(wxPropertyGridEvent& event);
    bool apply(const std::string& name, const std::string& value);

    Workbench& m_workbench;
    wxPropertyGrid* m_grid = nullptr;
    std::optional<ObjectRef> m_shown;
    bool m_applying = false;
};

} // namespace sandtable::editor::ui
