// SPDX-License-Identifier: GPL-3.0-or-later
// installCapabilityPanes: the georeferencing workspace, card designer, campaign grid and print preview.
#include "panes_internal.hpp"

#include <wx/aui/aui.h>

namespace sandtable::editor::ui {

void installCapabilityPanes(Workbench& workbench)
{
    panes::installGeorefPane(workbench);
    panes::installCardsPane(workbench);
    panes::installGridPane(workbench);
    panes::installPrintPane(workbench);
}

namespace panes {

void showPane(Workbench& workbench, const char* name)
{
    wxAuiPaneInfo& info = workbench.panes().GetPane(name);
    if (!info.IsOk())
        return;
    info.Show();
    workbench.panes().Update();
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
    core::Document* document = m_workbench.document();
    if (document == m_document && m_handle != 0)
        return;
    m_document = document;
    m_handle = m_document ? m_document->subscribe([this](const core::Edit&) { m_changed(); }) : 0;
}

} // namespace panes
} // namespace sandtable::editor::ui
