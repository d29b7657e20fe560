// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's recovery: autosave of unsaved changes to the recovery store and the offer to restore a
// copy after a crash (split from main_frame.cpp by concern).
#include "sandtable/editor/ui/main_frame.hpp"

#include "main_frame_internal.hpp"

#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/msgdlg.h>

#include <exception>
#include <iostream>
#include <string>

namespace sandtable::editor::ui {

void MainFrame::enableRecovery(RecoveryStore store, std::chrono::milliseconds interval)
{
    m_recovery = std::move(store);
    m_autosaveTimer.Start(static_cast<int>(std::max<long long>(interval.count(), 100)));
}

void MainFrame::autosaveNow()
{
    if (!m_recovery)
        return;
    if (!isModified()) {
        m_recovery->discardOwn();
        m_autosavedEditCount = m_editCount;
        return;
    }
    if (m_editCount == m_autosavedEditCount && std::filesystem::exists(m_recovery->ownFile()))
        return;
    try {
        m_recovery->write(m_document->scenario(), m_document->path());
        m_autosavedEditCount = m_editCount;
        m_autosaveError.clear();
        SetStatusText(_("Autosaved unsaved changes (recovery copy)"), kMessageField);
    } catch (const std::exception& error) {
        // Reported once in the status bar, not a dialog a minute; the document is untouched.
        if (m_autosaveError != error.what()) {
            m_autosaveError = error.what();
            SetStatusText(wxString::Format(_("Autosave failed: %s"), wxString::FromUTF8(m_autosaveError)), kMessageField);
        }
    }
}

bool MainFrame::offerRestore(std::optional<bool> answer)
{
    if (!m_recovery)
        return false;
    const auto orphans = m_recovery->orphans();
    if (orphans.empty())
        return false;
    const RecoveryEntry& entry = orphans.front();
    const std::string name = entry.original.empty() ? translated("an unsaved new scenario") : entry.original.filename().string();
    bool restore = false;
    if (answer) {
        restore = *answer;
    } else {
        wxMessageDialog ask(this, wxString::Format(_("Restore unsaved changes to %s?"), wxString::FromUTF8(name)), "sandtable",
            wxYES_NO | wxICON_QUESTION);
        ask.SetExtendedMessage(wxString::Format(_("The editor did not close normally; a recovery copy of %s was autosaved. "
                                                  "Restore opens it with its changes unsaved; Discard deletes the copy."),
            wxString::FromUTF8(name)));
        ask.SetYesNoLabels(_("&Restore"), _("&Discard"));
        restore = ask.ShowModal() == wxID_YES;
    }
    if (!restore) {
        RecoveryStore::discard(entry);
        SetStatusText(_("Recovery copy discarded"), kMessageField);
        return false;
    }
    try {
        core::io::LoadedScenario loaded = core::io::loadScenario(entry.file);
        replaceDocument(std::make_unique<core::document::Document>(std::move(loaded.scenario), entry.original));
    } catch (const std::exception& error) {
        showFailureOf(wxString::Format(_("Cannot restore the recovery copy of %s"), wxString::FromUTF8(name)).utf8_string(), error);
        return false;
    }
    m_restoredUnsaved = true;
    RecoveryStore::discard(entry);
    autosaveNow(); // our own copy now, in case this session ends badly too
    SetStatusText(wxString::Format(_("Restored unsaved changes to %s"), wxString::FromUTF8(name)), kMessageField);
    updateTitle();
    return true;
}

} // namespace sandtable::editor::ui
