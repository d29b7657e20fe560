// SPDX-License-Identifier: GPL-3.0-or-later
// File > Import...: any file the importers read (terrain, a DEM, an order of battle, cards), the importer
// chosen by the file's content as the CLI chooses it, run on a long job, applied as one undo step.
#include "panes_internal.hpp"

#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/importer.hpp"
#include "sandtable/core/oob/roster_import.hpp"
#include "sandtable/core/oob/roster_table.hpp"
#include "sandtable/importers/importer_registry.hpp"

#include <wx/choicdlg.h>
#include <wx/filedlg.h>
#include <wx/msgdlg.h>
#include <wx/choice.h>
#include <wx/dialog.h>
#include <wx/scrolwin.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textdlg.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sandtable::editor::ui::panes {
namespace {

/// A value for `option` from the designer: a choice among its `choices` (taken as it is when there is one),
/// "true" for a flag, else typed with its suggestion offered. Empty when the designer cancelled.
std::string askValue(Workbench& workbench, const core::io::Importer& importer, const core::io::ImportOption& option)
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
bool askRequired(Workbench& workbench, const core::io::Importer& importer, core::io::ImportRequest& request)
{
    const auto ask = [&](const core::io::ImportOption& option) {
        const std::string value = askValue(workbench, importer, option);
        if (!value.empty())
            request.settings.emplace_back(option.key, value);
        return !value.empty();
    };
    for (const core::io::ImportOptionGroup& group : core::io::optionGroups(importer)) {
        wxArrayString helps;
        for (const core::io::ImportOption* o : group.options)
            helps.Add(translatedText(o->help));
        const int which = wxGetSingleChoiceIndex(translatedText(group.question), wxString::FromUTF8(std::string(importer.name())),
            helps, workbench.window());
        if (which < 0 || !ask(*group.options[static_cast<std::size_t>(which)]))
            return false;
    }
    for (const core::io::ImportOption& option : importer.options())
        if (option.group.empty() && option.required && !request.has(option.key) && !ask(option))
            return false;
    return true;
}

/// The field a roster column goes to before the designer changes it: the field it is named (case ignored),
/// else the field it names after a "unit_" prefix ("unit_name" -> name), else none ("").
std::string guessedField(const std::string& column)
{
    std::string lower = column;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto& fields = core::oob::rosterFields();
    for (const std::string& candidate : {lower, lower.rfind("unit_", 0) == 0 ? lower.substr(5) : std::string()})
        if (!candidate.empty() && std::find(fields.begin(), fields.end(), candidate) != fields.end())
            return candidate;
    return {};
}

/// The roster's columns, each with the field it fills, as `oob import --map` takes them (issue 46 item 2): the
/// designer sees every column, the first row's value beside it, and chooses its field or "not imported".
/// Adds a "map" setting COLUMN=FIELD for each column mapped to a field other than its own name. False when
/// cancelled. A roster that cannot be read here (not UTF-8, malformed) goes to the importer as it is: its
/// errors name the rows.
bool askRosterColumns(Workbench& workbench, const std::filesystem::path& input, core::io::ImportRequest& request)
{
    core::oob::RosterTable table;
    try {
        std::ifstream in(input, std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        table = core::oob::parseRoster(bytes.str(), core::oob::rosterFormatFromPath(input.string()), input.string());
    } catch (const std::exception&) {
        return true;
    }
    if (table.columns.empty())
        return true;
    wxDialog dialog(workbench.window(), wxID_ANY, _("Import order of battle: columns"), wxDefaultPosition, wxDefaultSize,
        wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER);
    auto* intro = new wxStaticText(&dialog, wxID_ANY,
        wxString::Format(_("%s has %d columns and %d rows. Choose the field each column fills; a column left \"not imported\" is not read."),
            wxString::FromUTF8(input.filename().string()), static_cast<int>(table.columns.size()), static_cast<int>(table.rows.size())));
    intro->Wrap(520);
    auto* scroll = new wxScrolledWindow(&dialog, wxID_ANY);
    auto* grid = new wxFlexGridSizer(3, 6, 12);
    grid->AddGrowableCol(2);
    grid->Add(new wxStaticText(scroll, wxID_ANY, _("Column")));
    grid->Add(new wxStaticText(scroll, wxID_ANY, _("Field")));
    grid->Add(new wxStaticText(scroll, wxID_ANY, _("First row")));
    wxArrayString fields;
    fields.Add(_("not imported"));
    for (const std::string& f : core::oob::rosterFields())
        fields.Add(wxString::FromUTF8(f));
    std::vector<wxChoice*> choices;
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const std::string& column = table.columns[c];
        grid->Add(new wxStaticText(scroll, wxID_ANY, wxString::FromUTF8(column)), 0, wxALIGN_CENTER_VERTICAL);
        auto* choice = new wxChoice(scroll, wxID_ANY, wxDefaultPosition, wxDefaultSize, fields);
        const std::string guess = guessedField(column);
        const int at = guess.empty() ? 0 : fields.Index(wxString::FromUTF8(guess));
        choice->SetSelection(at < 0 ? 0 : at);
        choice->SetName(wxString::FromUTF8("field:" + column));
        choices.push_back(choice);
        grid->Add(choice, 0, wxEXPAND);
        std::string sample;
        if (!table.rows.empty() && c < table.rows.front().cells.size() && table.rows.front().cells[c])
            sample = *table.rows.front().cells[c];
        if (sample.size() > 40)
            sample = sample.substr(0, 37) + "...";
        grid->Add(new wxStaticText(scroll, wxID_ANY, wxString::FromUTF8(sample)), 0, wxALIGN_CENTER_VERTICAL);
    }
    scroll->SetSizer(grid);
    scroll->SetScrollRate(0, 10);
    grid->FitInside(scroll);
    // Every row shown up to a dozen columns or so; more scroll.
    scroll->SetMinSize(wxSize(grid->GetMinSize().x + 20, std::min(grid->GetMinSize().y + 4, 480)));
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(intro, 0, wxALL, 10);
    sizer->Add(scroll, 1, wxEXPAND | wxLEFT | wxRIGHT, 10);
    sizer->Add(dialog.CreateStdDialogButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    dialog.SetSizerAndFit(sizer);
    dialog.CentreOnParent();
    // Review, then Return takes the fields as shown.
    if (wxWindow* ok = dialog.FindWindow(wxID_OK))
        ok->SetFocus();
    if (dialog.ShowModal() != wxID_OK)
        return false;
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const int which = choices[c]->GetSelection();
        if (which <= 0)
            continue;
        const std::string field = fields[static_cast<std::size_t>(which)].utf8_string();
        if (field != table.columns[c])
            request.settings.emplace_back("map", table.columns[c] + "=" + field);
    }
    return true;
}

/// A VASSAL module becomes a scenario of its own (as `vassal import` makes it): written where the designer says,
/// its board image beside it, then opened in place of the open scenario.
void importAsScenario(Workbench& workbench, const core::io::Importer& importer, const std::filesystem::path& input)
{
    const std::string title = translated("Import as a new scenario");
    wxFileDialog where(workbench.window(), wxString::FromUTF8(title), wxString::FromUTF8(input.parent_path().string()),
        wxString::FromUTF8(input.stem().string() + ".sandtable.json"), _("Scenario files (*.json)|*.json|All files|*"),
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (where.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path output = where.GetPath().utf8_string();
    core::io::ImportRequest request{input, {{"scenario-file", output.string()}}, {}};
    if (!askRequired(workbench, importer, request))
        return;
    core::io::ImportResult made;
    const bool done = workbench.runLongJob(translated("Importing"), [&](const core::util::ProgressCallback& progress) {
        request.progress = progress;
        made = importer.run(core::Scenario{}, request);
        core::document::Document document(core::Scenario{}, output);
        document.apply(std::move(made.edit));
        document.save();
    });
    if (done && workbench.openScenario(output))
        workbench.setStatusText(output.filename().string() + ": " + made.summary);
}

void importFile(Workbench& workbench)
{
    core::document::Document* doc = workbench.document();
    if (!doc)
        return;
    wxFileDialog dialog(workbench.window(), _("Import"), "", "",
        _("Files sandtable imports|*.geojson;*.json;*.gpkg;*.shp;*.osm;*.pbf;*.kml;*.gml;*.gpx;*.fgb;*.tif;*.tiff;*.asc;*.hgt;"
          "*.csv;*.tsv;*.sql|All files|*"),
        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path input = dialog.GetPath().ToStdString(wxConvUTF8);
    const core::io::Importer* importer = nullptr;
    try {
        importer = &importers::standardImporters().choose(core::io::FileProbe::of(input));
    } catch (const std::exception& e) {
        workbench.showError(translated("Import"), e.what());
        return;
    }
    if (importer->target() == core::io::ImportTarget::Scenario) {
        importAsScenario(workbench, *importer, input);
        return;
    }
    core::io::ImportRequest request{input, {}, {}};
    if (importer->name() == "roster" && !askRosterColumns(workbench, input, request))
        return;
    if (!askRequired(workbench, *importer, request))
        return;
    const core::Scenario scenario = doc->scenario();
    core::io::ImportResult result;
    const bool done = workbench.runLongJob(translated("Importing"), [&](const core::util::ProgressCallback& progress) {
        request.progress = progress;
        result = importer->run(scenario, request);
    });
    if (!done)
        return;
    if (result.edit.empty()) {
        std::string why;
        for (const core::validation::Diagnostic& d : result.findings)
            why += "\n" + d.message;
        workbench.showError(translated("Import"), input.filename().string() + ": " + translated("nothing imported") + why);
        return;
    }
    doc->apply(std::move(result.edit));
    workbench.setStatusText(input.filename().string() + " (" + std::string(importer->name()) + "): " + result.summary);
    if (!result.findings.empty()) {
        wxString text;
        std::size_t shown = 0;
        for (const core::validation::Diagnostic& d : result.findings) {
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
