// SPDX-License-Identifier: GPL-3.0-or-later
// File > Import...: any file the importers read (terrain, a DEM, an order of battle, cards), the importer
// chosen by the file's content as the CLI chooses it, run on a long job, applied as one undo step.
#include "panes_internal.hpp"

#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/importer.hpp"
#include "sandtable/importers/importer_registry.hpp"

#include <wx/choicdlg.h>
#include <wx/filedlg.h>
#include <wx/msgdlg.h>
#include <wx/textdlg.h>

#include <filesystem>

namespace sandtable::editor::ui::panes {
namespace {

/// A value for `option` from the designer: a choice among its `choices` (taken as it is when there is one),
/// "true" for a flag, else typed with its suggestion offered. Empty when the designer cancelled.
std::string askValue(Workbench& workbench, const core::Importer& importer, const core::ImportOption& option)
{
    const wxString title = wxString::FromUTF8(std::string(importer.name()));
    if (option.flag)
        return "true";
    if (option.choices.size() == 1)
        return option.choices.front();
    if (!option.choices.empty()) {
        wxArrayString values;
        for (const std::string& c : option.choices)
            values.Add(wxString::FromUTF8(c));
        const int which = wxGetSingleChoiceIndex(translatedText(option.help), title, values, workbench.window());
        return which < 0 ? std::string() : option.choices[static_cast<std::size_t>(which)];
    }
    return wxGetTextFromUser(translatedText(option.help), title, wxString::FromUTF8(option.suggestion), workbench.window())
        .utf8_string();
}

/// The settings the importer cannot run without, asked for from its declared options: one option of each
/// group chosen by its help (then its value), each required option's value. False when the designer cancelled.
bool askRequired(Workbench& workbench, const core::Importer& importer, core::ImportRequest& request)
{
    const auto ask = [&](const core::ImportOption& option) {
        const std::string value = askValue(workbench, importer, option);
        if (!value.empty())
            request.settings.emplace_back(option.key, value);
        return !value.empty();
    };
    for (const core::ImportOptionGroup& group : core::optionGroups(importer)) {
        wxArrayString helps;
        for (const core::ImportOption* o : group.options)
            helps.Add(translatedText(o->help));
        const int which = wxGetSingleChoiceIndex(translatedText(group.question), wxString::FromUTF8(std::string(importer.name())),
            helps, workbench.window());
        if (which < 0 || !ask(*group.options[static_cast<std::size_t>(which)]))
            return false;
    }
    for (const core::ImportOption& option : importer.options())
        if (option.group.empty() && option.required && !request.has(option.key) && !ask(option))
            return false;
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
