// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export > VASSAL module...: the open scenario as a VASSAL 3.7 module, made by the one function
// `sandtable vassal export` calls (app::exportVassalModule), on a long job with progress.
#include "panes_internal.hpp"

#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/app/vassal_export.hpp"
#include "sandtable/core/document/document.hpp"

#include <wx/filedlg.h>
#include <wx/numdlg.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace sandtable::editor::ui::panes {
namespace {

void exportVassal(Workbench& workbench)
{
    const core::document::Document* doc = workbench.document();
    if (!doc)
        return;
    const core::Scenario scenario = doc->scenario();
    // The board resolution in px per ground km, the CLI's default offered (100 px per inch of table), for the
    // board app::exportVassalModule draws (the extent grown to the campaign grid).
    core::Scenario board = scenario;
    if (board.settings.extent)
        board.settings.extent = vassal::vassalBoardExtent(board);
    const double defaultPxPerKm = vassal::defaultVassalPxPerM(board) * 1000.0;
    const long pxPerKm = wxGetNumberFromUser(_("Board resolution in pixels per ground kilometre\n(the default is 100 px per inch of the table at game scale)."),
        _("px per km:"), _("Export VASSAL module"), std::max(1L, std::lround(defaultPxPerKm)), 1, 10000000, workbench.window());
    if (pxPerKm <= 0)
        return;
    wxFileDialog dialog(workbench.window(), _("Export VASSAL module"), "", "game.vmod", _("VASSAL modules (*.vmod)|*.vmod"),
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path output = dialog.GetPath().ToStdString(wxConvUTF8);
    const double pxPerM = static_cast<double>(pxPerKm) / 1000.0;
    vassal::VassalExportResult result;
    std::vector<std::string> notices;
    const bool done = workbench.runLongJob(_("Exporting the VASSAL module").utf8_string(), [&](const core::util::ProgressCallback& progress) {
        app::Reporter reporter;
        reporter.progress = progress;
        // Off the UI thread: notices are kept and shown after the job.
        reporter.notice = [&notices](const std::string& text) { notices.push_back(text); };
        result = app::exportVassalModule(scenario, doc->path(), output, pxPerM, reporter);
    });
    if (!done)
        return;
    std::string status = output.string() + ": "
        + wxString::Format(_("VASSAL module, %d piece(s), %d at start, %d card(s)"), static_cast<int>(result.pieces),
            static_cast<int>(result.setupStacks), static_cast<int>(result.cards)).utf8_string();
    for (const std::string& n : notices)
        status += ". " + n;
    workbench.setStatusText(status);
}

} // namespace

void installVassalExport(Workbench& workbench)
{
    workbench.addCommand(ActionInfo{"file.export_vassal", wxTRANSLATE("Export VASSAL &module..."), "",
                             wxTRANSLATE("The scenario as a VASSAL 3.7 module (.vmod): board, pieces, setup, cards")},
        [&workbench] { exportVassal(workbench); });
}

} // namespace sandtable::editor::ui::panes
