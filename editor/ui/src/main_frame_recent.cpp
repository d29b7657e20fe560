// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's File > Open Recent list (split from main_frame.cpp by concern).
#include "sandtable/editor/ui/main_frame.hpp"

#include "main_frame_internal.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/menu.h>

#include <exception>
#include <string>

namespace sandtable::editor::ui {

void MainFrame::rememberRecent(const std::filesystem::path& file)
{
    if (!m_rememberRecent)
        return;
    m_recent.add(file);
    try {
        m_recent.save(editorConfigDir() / "recent-files.txt");
    } catch (const std::exception& error) {
        SetStatusText(wxString::Format(_("recent files not kept: %s"), wxString::FromUTF8(error.what())), kMessageField);
    }
    rebuildRecentMenu();
}

void MainFrame::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    while (m_recentMenu->GetMenuItemCount() > 0)
        m_recentMenu->Destroy(m_recentMenu->FindItemByPosition(0));
    const auto& files = m_recent.files();
    for (std::size_t i = 0; i < files.size() && i < 9; ++i)
        m_recentMenu->Append(wxID_FILE1 + static_cast<int>(i),
            wxString::Format("&%zu %s", i + 1, wxString::FromUTF8(files[i].string())));
    if (files.empty())
        m_recentMenu->Append(wxID_ANY, _("(none)"))->Enable(false);
}

void MainFrame::onRecentFile(wxCommandEvent& event)
{
    const std::size_t index = static_cast<std::size_t>(event.GetId() - wxID_FILE1);
    if (index >= m_recent.files().size() || !confirmDiscard())
        return;
    const std::filesystem::path file = m_recent.files()[index];
    if (!openFile(file).empty()) {
        m_recent.remove(file);
        rebuildRecentMenu();
    }
}

} // namespace sandtable::editor::ui
