// SPDX-License-Identifier: GPL-3.0-or-later
// installCapabilityPanes: the georeferencing workspace, card designer, campaign grid and print preview.
#include "panes_internal.hpp"

#include <wx/aui/aui.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::editor::ui {

void installCapabilityPanes(Workbench& workbench)
{
    panes::installGeorefPane(workbench);
    panes::installCardsPane(workbench);
    panes::installGridPane(workbench);
    panes::installPrintPane(workbench);
    panes::installVassalExport(workbench);
    panes::installCatalogue(workbench);
    panes::installFileImport(workbench);
    panes::watchWorkspaceClose(workbench);
}

namespace panes {

namespace {
/// The workspace panes: each docks on the right, next to the map (layer 0), in the same place.
constexpr const char* kWorkspacePanes[] = {"georef", "cards", "grid", "print"};
/// The set-up column on the right (layer 1): put away while a workspace is open, so that the map keeps at least
/// half of a 1600 x 1000 window (issue 46 item 4: with the georeferencing workspace it had a quarter); back
/// when the workspace closes.
constexpr const char* kColumnPanes[] = {"properties", "terrain_classes", "oob_tree"};
/// The column panes a workspace put away, to show again when it closes.
std::vector<std::string>& putAway()
{
    static std::vector<std::string> names;
    return names;
}

bool isWorkspace(const wxString& name)
{
    for (const char* w : kWorkspacePanes)
        if (name == w)
            return true;
    return false;
}
} // namespace

void restoreColumn(Workbench& workbench)
{
    for (const std::string& name : std::exchange(putAway(), {}))
        if (wxAuiPaneInfo& pane = workbench.panes().GetPane(wxString::FromUTF8(name)); pane.IsOk())
            pane.Show();
    workbench.panes().Update();
}

void watchWorkspaceClose(Workbench& workbench)
{
    workbench.window()->Bind(wxEVT_AUI_PANE_CLOSE, [&workbench](wxAuiManagerEvent& event) {
        event.Skip();
        if (event.GetPane() && isWorkspace(event.GetPane()->name) && !putAway().empty())
            workbench.window()->CallAfter([&workbench] { restoreColumn(workbench); });
    });
}

void showPane(Workbench& workbench, const char* name)
{
    wxAuiPaneInfo& info = workbench.panes().GetPane(name);
    if (!info.IsOk())
        return;
    // One workspace at a time beside the map: the others are put away (their menu commands bring them back).
    for (const char* other : kWorkspacePanes) {
        if (std::string_view(other) != name)
            if (wxAuiPaneInfo& pane = workbench.panes().GetPane(other); pane.IsOk())
                pane.Hide();
    }
    for (const char* column : kColumnPanes)
        if (wxAuiPaneInfo& pane = workbench.panes().GetPane(column); pane.IsOk() && pane.IsShown()) {
            pane.Hide();
            putAway().emplace_back(column);
        }
    info.Show();
    workbench.panes().Update();
    // wxAUI keeps a dock's width once laid out: a workspace wider than the dock gets its best width by
    // being fixed at it for one layout, then made resizable again.
    if (info.window && info.window->GetSize().GetWidth() < info.best_size.GetWidth()) {
        info.MinSize(info.best_size).Fixed();
        workbench.panes().Update();
        info.MinSize(wxSize(360, 300)).Resizable();
        workbench.panes().Update();
    }
    if (info.window)
        info.window->SetFocus();
}

DocumentWatch::DocumentWatch(Workbench& workbench, std::function<void()> changed)
    : m_workbench(workbench), m_changed(std::move(changed))
{
    attach();
    m_workbench.onDocumentReplaced([this] {
        attach();
        m_changed();
    });
}

DocumentWatch::~DocumentWatch() = default; // lives as long as the frame (the panes are never destroyed first)

void DocumentWatch::attach()
{
    // The previous document is gone when a new one replaced it: its subscription went with it. The same
    // document again keeps its subscription.
    core::document::Document* document = m_workbench.document();
    if (document == m_document && m_handle != 0)
        return;
    m_document = document;
    m_handle = m_document ? m_document->subscribe([this](const core::document::Edit&) { m_changed(); }) : 0;
}

} // namespace panes
} // namespace sandtable::editor::ui
