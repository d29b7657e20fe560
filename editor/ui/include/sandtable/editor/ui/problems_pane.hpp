// SPDX-License-Identifier: GPL-3.0-or-later
// The Problems pane: the validator's diagnostics of the open scenario, live, grouped by severity.
#pragma once

#include "sandtable/core/validation/diagnostic.hpp"
#include "sandtable/editor/ui/workbench.hpp"

#include <wx/panel.h>
#include <wx/timer.h>
#include <wx/treectrl.h>

#include <cstddef>

namespace sandtable::editor::ui {

/// Lists core::validation::validateScenario's and the terrain topology check's findings, errors first, each group
/// headed with its count. It re-checks a short while after every edit (edits in quick succession are
/// checked once) and at once when a document is opened. Clicking a finding that names a feature, unit,
/// formation, side or GCP (by its JSON pointer) selects that object and zooms to it.
class ProblemsPane : public wxPanel {
public:
    /// The delay between the last edit and the check.
    static constexpr int kDebounceMilliseconds = 300;

    ProblemsPane(wxWindow* parent, Workbench& workbench);

    /// Checks the open document now.
    void refresh();
    /// Checks after kDebounceMilliseconds unless another call comes first.
    void scheduleRefresh();
    const core::validation::Diagnostics& diagnostics() const noexcept { return m_diagnostics; }
    /// Selects (and zooms to) the object of the next finding that names one, after the one last gone to,
    /// wrapping around; returns false when none names an object.
    bool goToNext();

private:
    void rebuild();
    void onSelected(wxTreeEvent& event);
    bool goTo(std::size_t index);

    Workbench& m_workbench;
    wxTreeCtrl* m_tree = nullptr;
    wxTimer m_timer;
    core::validation::Diagnostics m_diagnostics;
    std::size_t m_next = 0;
    bool m_rebuilding = false;
};

} // namespace sandtable::editor::ui
