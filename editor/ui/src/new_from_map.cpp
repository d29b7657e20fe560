// SPDX-License-Identifier: GPL-3.0-or-later
// File > New from map...: a scenario started from the designer's own raster (MainFrame's part of it).
#include "sandtable/editor/ui/main_frame.hpp"
#include "sandtable/core/systems/game_system.hpp"

#include "sandtable/app/new_scenario.hpp"
#include "sandtable/geo/new_scenario.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/choicdlg.h>
#include <wx/filedlg.h>
#include <wx/msgdlg.h>

#include <array>
#include <iostream>

namespace sandtable::editor::ui {
namespace {

} // namespace

std::string MainFrame::newFromMap(const std::filesystem::path& raster, const std::filesystem::path& scenarioFile,
    core::GameSystem system)
{
    geo::NewScenario made;
    try {
        // The one function `sandtable scenario new --map` calls (app::newScenario), with the same defaults.
        app::NewScenarioJob job;
        job.system = system;
        job.map = raster;
        core::document::Document created(core::Scenario{}, scenarioFile);
        made = *app::newScenario(created, job, {});
        created.save();
    } catch (const std::exception& error) {
        showError(wxString::Format(_("Cannot start a scenario from %s"), wxString::FromUTF8(raster.filename().string())).utf8_string(), error.what());
        return error.what();
    }
    const std::string failure = openFile(scenarioFile, batchMode());
    if (!failure.empty())
        return failure;
    setStatusText(made.message);
    if (made.next == geo::NextStep::Georeference) {
        // A plain scan: straight to the georeferencing workspace (GCPs), where calibration is offered too.
        runCommand("georef.show_pane");
    }
    if (batchMode())
        std::cout << "sandtable-editor: new from map: " << made.message << "\n";
    else
        wxMessageBox(wxString::FromUTF8(made.message), wxString::Format(_("New scenario from %s"), wxString::FromUTF8(raster.filename().string())),
            wxOK | wxICON_INFORMATION, this);
    return {};
}

/// The dialogs of File > New from map...: the raster, the game system, where to save the scenario.
void askNewFromMap(MainFrame& frame)
{
    wxFileDialog open(&frame, _("New scenario from a map raster"), "", "",
        _("Rasters") + " (*.tif;*.tiff;*.jpg;*.jpeg;*.png;*.jp2;*.gif;*.bmp;*.vrt)|*.tif;*.tiff;*.jpg;*.jpeg;*.png;*.jp2;*.gif;*.bmp;*.vrt|"
            + _("All files") + "|*",
        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (open.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path raster(open.GetPath().utf8_string());
    // Every game system, as its room describes itself (core/src/systems), in the list's order.
    wxArrayString labels;
    for (const core::systems::GameSystemDescriptor* d : core::systems::gameSystems())
        labels.Add(wxGetTranslation(wxString::FromUTF8(d->choiceLabel)));
    wxSingleChoiceDialog which(&frame, _("Which game is the scenario for?"), _("Game system"), labels);
    if (which.ShowModal() != wxID_OK)
        return;
    const core::GameSystem system = core::systems::gameSystems().at(static_cast<std::size_t>(which.GetSelection()))->id;
    const std::filesystem::path suggested = raster.parent_path() / (raster.stem().string() + ".sandtable.json");
    wxFileDialog save(&frame, _("Save the new scenario as"), wxString::FromUTF8(suggested.parent_path().string()),
        wxString::FromUTF8(suggested.filename().string()), _("Scenario files") + " (*.json)|*.json",
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (save.ShowModal() != wxID_OK)
        return;
    frame.newFromMap(raster, std::filesystem::path(save.GetPath().utf8_string()), system);
}

} // namespace sandtable::editor::ui
