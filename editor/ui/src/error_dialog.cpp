// SPDX-License-Identifier: GPL-3.0-or-later
// Failure dialogs of the editor.
#include "sandtable/editor/ui/error_dialog.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/msgdlg.h>

namespace sandtable::editor::ui {

std::string describeFailure(const std::exception& error)
{
    if (const auto* typed = dynamic_cast<const core::util::Error*>(&error)) {
        std::string text;
        if (!typed->file().empty())
            text += translated("File:") + " " + typed->file() + "\n";
        if (!typed->object().empty())
            text += translated("Object:") + " " + typed->object() + "\n";
        text += translated("Reason:") + " " + typed->reason();
        return text;
    }
    return error.what();
}

void showFailure(wxWindow* parent, const std::string& primary, const std::exception& error)
{
    wxMessageDialog dialog(parent, wxString::FromUTF8(primary), "sandtable", wxOK | wxICON_ERROR | wxCENTRE);
    dialog.SetExtendedMessage(wxString::FromUTF8(describeFailure(error)));
    dialog.ShowModal();
}

} // namespace sandtable::editor::ui
