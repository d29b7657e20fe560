// SPDX-License-Identifier: GPL-3.0-or-later
// File > Import...: any file the importers read (terrain, a DEM, an order of battle, cards), the importer
// chosen by the file's content as the CLI chooses it, run on a long job, applied as one undo step.
#include "panes_internal.hpp"

#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/importer.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/importers/importer_registry.hpp"

#include <wx/choicdlg.h>
#include <wx/filedlg.h>
#include <wx/msgdlg.h>
#include <wx/textdlg.h>

#include <filesystem>

namespace sandtable::editor::ui::panes {
namespace {

/// How the features of a vector file get their class: the OpenStreetMap preset, a field, or one class
/// (the vector importer needs one of them; the CLI's --preset osm, --class-from, --class). False when
/// the designer cancelled.
bool askVectorClasses(Workbench& workbench, core::ImportRequest& request)
{
    const wxString choices[] = {_("OpenStreetMap tags (the osm preset, clipped to the extent)"),
        _("A field of the file holds each feature's class"), _("One class for every feature")};
    const int how = wxGetSingleChoiceIndex(_("How do the features get their terrain class?"), _("Import terrain"), 3, choices,
        workbench.window());
    if (how == 0) {
        request.settings.emplace_back("preset", "osm");
    } else if (how == 1) {
        const wxString field = wxGetTextFromUser(_("Field holding the class:"), _("Import terrain"), "class", workbench.window());
        if (field.empty())
            return false;
        request.settings.emplace_back("class-from", field.utf8_string());
    } else if (how == 2) {
        wxArrayString classes;
        for (const core::rules::TerrainClassInfo& c : core::rules::canonicalTerrainClasses())
            classes.Add(wxString::FromUTF8(std::string(c.id)));
        const int which = wxGetSingleChoiceIndex(_("Class of every feature:"), _("Import terrain"), classes, workbench.window());
        if (which < 0)
            return false;
        request.settings.emplace_back("class", classes[static_cast<std::size_t>(which)].utf8_string());
    } else {
        return false;
    }
    return true;
}

/// The settings the importer cannot run without, asked for one by one. False when the designer cancelled.
bool askRequired(Workbench& workbench, const core::Importer& importer, core::ImportRequest& request)
{
    if (importer.name() == "vector")
        return askVectorClasses(workbench, request);
    for (const core::ImportOption& option : importer.options()) {
        if (!option.required || request.has(option.key))
            continue;
        const wxString value = wxGetTextFromUser(wxString::FromUTF8(option.help), wxString::FromUTF8(std::string(importer.name())),
            "", workbench.window());
        if (value.empty())
            return false;
        request.settings.emplace_back(option.key, value.utf8_string());
    }
    return true;
}

void importFile(Workbench& workbench)
{
    core::Document* doc = workbench.document();
    if (!doc)
        return;
    wxFileDialog dialog(workbench.window(), _("Import"), "", "",
        _("Files sandtable imports|*.geojson;*.json;*.gpkg;*.shp;*.osm;*.pbf;*.kml;*.gml;*.gpx;*.fgb;*.tif;*.tiff;*.asc;*.hgt;"
          "*.csv;*.tsv;*.sql|All files|*"),
        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path input = dialog.GetPath().ToStdString(wxConvUTF8);
    const core::Importer* importer = nullptr;
    try {
        importer = &importers::standardImporters().choose(core::FileProbe::of(input));
    } catch (const std::exception& e) {
        workbench.showError(translated("Import"), e.what());
        return;
    }
    if (importer->target() == core::ImportTarget::Scenario) {
        workbench.showError(translated("Import"),
            translated("A VASSAL module becomes a new scenario, not part of this one: make it with `sandtable vassal import "
                       "MODULE -o SCENARIO` and open that."));
        return;
    }
    core::ImportRequest request{input, {}, {}};
    if (!askRequired(workbench, *importer, request))
        return;
    const core::Scenario scenario = doc->scenario();
    core::ImportResult result;
    const bool done = workbench.runLongJob(translated("Importing"), [&](const core::ProgressCallback& progress) {
        request.progress = progress;
        result = importer->run(scenario, request);
    });
    if (!done)
        return;
    if (result.edit.empty()) {
        std::string why;
        for (const core::Diagnostic& d : result.findings)
            why += "\n" + d.message;
        workbench.showError(translated("Import"), input.filename().string() + ": " + translated("nothing imported") + why);
        return;
    }
    doc->apply(std::move(result.edit));
    workbench.setStatusText(input.filename().string() + " (" + std::string(importer->name()) + "): " + result.summary);
    if (!result.findings.empty()) {
        wxString text;
        std::size_t shown = 0;
        for (const core::Diagnostic& d : result.findings) {
            if (++shown > 20) {
                text += wxString::Format(_("... and %d more"), static_cast<int>(result.findings.size() - 20));
                break;
            }
            text += wxString::FromUTF8(d.code + ": " + d.message) + "\n";
        }
        wxMessageDialog findings(workbench.window(), wxString::FromUTF8(result.summary), _("Import"), wxOK | wxICON_INFORMATION);
        findings.SetExtendedMessage(text);
        findings.ShowModal();
    }
}

} // namespace

void installFileImport(Workbench& workbench)
{
    workbench.addCommand(ActionInfo{"file.import", wxTRANSLATE("&Import..."), "Ctrl+I",
                             wxTRANSLATE("Add terrain (vector file or DEM), an order of battle or cards from a file, "
                                         "its format recognised by its content")},
        [&workbench] { importFile(workbench); }, [&workbench] { return workbench.document() != nullptr; });
}

} // namespace sandtable::editor::ui::panes
