// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue from the menus (issue 46 item 3): File > Export to Catalogue... stores the saved scenario as a
// package through the one function `sandtable catalogue export` calls (app::exportToCatalogue, with its
// thumbnail), and File > Browse Catalogue... searches and lists the packages, shows a package's thumbnail, opens
// one into the editor or extracts it, as `sandtable catalogue search|list|extract` do.
#include "panes_internal.hpp"

#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/app/catalogue_export.hpp"
#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/recent_files.hpp"

#include <wx/bitmap.h>
#include <wx/button.h>
#include <wx/dialog.h>
#include <wx/filedlg.h>
#include <wx/filepicker.h>
#include <wx/image.h>
#include <wx/listctrl.h>
#include <wx/mstream.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/statbmp.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::ui::panes {
namespace {

wxString u8(const std::string& text) { return wxString::FromUTF8(text); }

/// Where the catalogue last used is remembered: one line in the editor's settings folder.
std::filesystem::path rememberedCatalogueFile() { return editorConfigDir() / "catalogue-file"; }

/// The catalogue last used (export or browser), else catalogue.gpkg beside the open scenario, else in the
/// current folder (where `sandtable catalogue` looks when given no --catalogue).
std::filesystem::path defaultCatalogue(const Workbench& workbench)
{
    std::ifstream in(rememberedCatalogueFile());
    std::string remembered;
    if (in && std::getline(in, remembered) && !remembered.empty())
        return std::filesystem::path(remembered);
    const std::filesystem::path folder = workbench.scenarioFolder();
    return folder.empty() ? std::filesystem::path(catalogue::kDefaultCatalogueFile) : folder / catalogue::kDefaultCatalogueFile;
}

void rememberCatalogue(const std::filesystem::path& file)
{
    std::error_code ec;
    std::filesystem::create_directories(editorConfigDir(), ec);
    std::ofstream out(rememberedCatalogueFile(), std::ios::trunc);
    out << std::filesystem::absolute(file, ec).string() << "\n"; // a setting that cannot be kept is no error
}

/// A blank thumbnail in the dialog's colour.
wxBitmap blankThumbnail(const wxColour& background)
{
    wxImage image(256, 180);
    image.SetRGB(wxRect(0, 0, 256, 180), background.Red(), background.Green(), background.Blue());
    return wxBitmap(image);
}

void exportToCatalogue(Workbench& workbench)
{
    if (!workbench.document())
        return;
    // The catalogue stores the file as saved (its bytes and SHA-256): unsaved changes are saved first.
    if (workbench.document()->path().empty() || workbench.document()->isModified()) {
        wxMessageDialog ask(workbench.window(), _("The catalogue stores the scenario as saved. Save it now?"), _("Export to catalogue"),
            wxYES_NO | wxYES_DEFAULT | wxICON_QUESTION);
        if (ask.ShowModal() != wxID_YES || !workbench.runCommand("file.save"))
            return;
        if (!workbench.document() || workbench.document()->path().empty() || workbench.document()->isModified())
            return;
    }
    const std::filesystem::path scenarioFile = workbench.document()->path();
    const std::filesystem::path proposed = defaultCatalogue(workbench);
    wxFileDialog dialog(workbench.window(), _("Export to catalogue"), u8(proposed.parent_path().string()), u8(proposed.filename().string()),
        _("Catalogues (*.gpkg)|*.gpkg|All files|*"), wxFD_SAVE);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path catalogueFile = dialog.GetPath().utf8_string();
    catalogue::ExportResult result;
    std::optional<core::validation::Diagnostics> refused;
    const bool done = workbench.runLongJob(translated("Exporting to the catalogue"), [&](const core::util::ProgressCallback&) {
        try {
            result = app::exportToCatalogue(catalogueFile, scenarioFile, {});
        } catch (const catalogue::ValidationFailed& e) {
            refused = e.diagnostics();
        }
    });
    if (!done)
        return;
    if (refused) {
        // The designer's findings, errors first, as the Problems pane words them.
        std::string text;
        for (const core::validation::Severity severity : {core::validation::Severity::Error, core::validation::Severity::Warning})
            for (const core::validation::Diagnostic& d : *refused)
                if (d.severity == severity)
                    text += "\n" + d.message;
        workbench.showError(translated("Export to catalogue"),
            core::i18n::format(translated("The catalogue takes a scenario without errors; {1} has {2}:"),
                {scenarioFile.filename().string(), std::to_string(core::validation::countSeverity(*refused, core::validation::Severity::Error))})
                + text);
        return;
    }
    rememberCatalogue(catalogueFile);
    std::string status = core::i18n::format(translated("Exported {1} revision {2} into {3}"),
        {result.id, std::to_string(result.revision), catalogueFile.string()});
    if (!result.warnings.empty())
        status += " (" + wxString::Format(wxPLURAL("%d warning stored", "%d warnings stored", static_cast<int>(result.warnings.size())),
                             static_cast<int>(result.warnings.size())).utf8_string() + ")";
    if (!result.rasterNote.empty())
        status += ". " + result.rasterNote;
    workbench.setStatusText(status);
}

/// The catalogue browser: a catalogue file, a search, the packages found, the selected one's thumbnail.
class CatalogueBrowser final : public wxDialog {
public:
    explicit CatalogueBrowser(Workbench& workbench)
        : wxDialog(workbench.window(), wxID_ANY, _("Catalogue"), wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER)
        , m_workbench(workbench)
    {
        m_file = new wxFilePickerCtrl(this, wxID_ANY, u8(defaultCatalogue(workbench).string()), _("Catalogue"),
            _("Catalogues (*.gpkg)|*.gpkg|All files|*"), wxDefaultPosition, wxDefaultSize,
            wxFLP_OPEN | wxFLP_USE_TEXTCTRL);
        m_query = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
        m_query->SetHint(_("Search titles, battles, places, names (empty: every package)"));
        auto* search = new wxButton(this, wxID_ANY, _("Search"));
        m_list = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(660, 300), wxLC_REPORT | wxLC_SINGLE_SEL);
        m_list->AppendColumn(_("Package"), wxLIST_FORMAT_LEFT, 150);
        m_list->AppendColumn(_("Revision"), wxLIST_FORMAT_RIGHT, 70);
        m_list->AppendColumn(_("Game"), wxLIST_FORMAT_LEFT, 100);
        m_list->AppendColumn(_("Title"), wxLIST_FORMAT_LEFT, 220);
        m_list->AppendColumn(_("Date"), wxLIST_FORMAT_LEFT, 90);
        m_thumbnail = new wxStaticBitmap(this, wxID_ANY, blankThumbnail(GetBackgroundColour()));
        m_status = new wxStaticText(this, wxID_ANY, "");
        m_open = new wxButton(this, wxID_ANY, _("Open in the editor..."));
        m_extract = new wxButton(this, wxID_ANY, _("Extract..."));

        auto* top = new wxBoxSizer(wxHORIZONTAL);
        top->Add(new wxStaticText(this, wxID_ANY, _("Catalogue:")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
        top->Add(m_file, 1);
        auto* find = new wxBoxSizer(wxHORIZONTAL);
        find->Add(m_query, 1, wxRIGHT, 6);
        find->Add(search);
        auto* middle = new wxBoxSizer(wxHORIZONTAL);
        middle->Add(m_list, 1, wxEXPAND | wxRIGHT, 8);
        middle->Add(m_thumbnail, 0);
        auto* buttons = new wxBoxSizer(wxHORIZONTAL);
        buttons->Add(m_open, 0, wxRIGHT, 6);
        buttons->Add(m_extract, 0, wxRIGHT, 6);
        buttons->AddStretchSpacer();
        buttons->Add(new wxButton(this, wxID_CLOSE, _("Close")));
        auto* sizer = new wxBoxSizer(wxVERTICAL);
        sizer->Add(top, 0, wxEXPAND | wxALL, 8);
        sizer->Add(find, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 8);
        sizer->Add(middle, 1, wxEXPAND | wxLEFT | wxRIGHT, 8);
        sizer->Add(m_status, 0, wxEXPAND | wxALL, 8);
        sizer->Add(buttons, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 8);
        SetSizerAndFit(sizer);
        SetEscapeId(wxID_CLOSE);

        search->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { fill(); });
        m_query->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { fill(); });
        m_file->Bind(wxEVT_FILEPICKER_CHANGED, [this](wxFileDirPickerEvent&) { fill(); });
        m_list->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent&) { showSelected(); });
        m_list->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent&) { openSelected(); });
        m_open->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { openSelected(); });
        m_extract->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { extractSelected(); });
        fill();
        // The list has the keyboard: arrows choose, Return opens (anywhere but in the search and file fields,
        // where it searches).
        CallAfter([this] { m_list->SetFocus(); });
        Bind(wxEVT_CHAR_HOOK, [this](wxKeyEvent& event) {
            const bool enter = event.GetKeyCode() == WXK_RETURN || event.GetKeyCode() == WXK_NUMPAD_ENTER;
            const wxWindow* focus = FindFocus();
            if (enter && selected() && focus != m_query && focus != m_file->GetTextCtrl()) {
                openSelected();
                return;
            }
            event.Skip();
        });
    }

private:
    std::filesystem::path catalogueFile() const { return m_file->GetPath().utf8_string(); }

    /// Lists the packages the search finds (every package for an empty search).
    void fill()
    {
        m_list->DeleteAllItems();
        m_packages.clear();
        try {
            if (!std::filesystem::exists(catalogueFile())) {
                m_status->SetLabel(_("No catalogue there yet: File > Export to Catalogue makes one."));
                updateButtons();
                return;
            }
            const catalogue::Catalogue db = catalogue::Catalogue::open(catalogueFile());
            const std::string text = m_query->GetValue().Strip(wxString::both).utf8_string();
            m_packages = text.empty() ? db.list() : db.search(catalogue::SearchQuery{text, "", "", "", 200});
            rememberCatalogue(catalogueFile());
        } catch (const std::exception& e) {
            m_status->SetLabel(u8(e.what()));
            updateButtons();
            return;
        }
        for (std::size_t i = 0; i < m_packages.size(); ++i) {
            const catalogue::PackageSummary& p = m_packages[i];
            const long row = m_list->InsertItem(static_cast<long>(i), u8(p.id));
            m_list->SetItem(row, 1, wxString::Format("%d", p.revision));
            m_list->SetItem(row, 2, u8(p.system));
            m_list->SetItem(row, 3, u8(p.title));
            m_list->SetItem(row, 4, u8(p.date));
        }
        m_status->SetLabel(wxString::Format(wxPLURAL("%d package", "%d packages", static_cast<int>(m_packages.size())),
            static_cast<int>(m_packages.size())));
        if (!m_packages.empty())
            m_list->SetItemState(0, wxLIST_STATE_SELECTED | wxLIST_STATE_FOCUSED, wxLIST_STATE_SELECTED | wxLIST_STATE_FOCUSED);
        updateButtons();
        showSelected();
    }

    const catalogue::PackageSummary* selected() const
    {
        const long row = m_list->GetNextItem(-1, wxLIST_NEXT_ALL, wxLIST_STATE_SELECTED);
        return row >= 0 && static_cast<std::size_t>(row) < m_packages.size() ? &m_packages[static_cast<std::size_t>(row)] : nullptr;
    }

    void updateButtons()
    {
        m_open->Enable(selected() != nullptr);
        m_extract->Enable(selected() != nullptr);
    }

    void showSelected()
    {
        updateButtons();
        wxBitmap bitmap = blankThumbnail(GetBackgroundColour());
        const catalogue::PackageSummary* p = selected();
        if (p) {
            try {
                const auto png = catalogue::Catalogue::open(catalogueFile()).thumbnail(p->id);
                if (png) {
                    wxMemoryInputStream stream(png->data(), png->size());
                    wxImage image(stream, wxBITMAP_TYPE_PNG);
                    if (image.IsOk()) {
                        if (image.GetHeight() > 256)
                            image.Rescale(image.GetWidth() * 256 / image.GetHeight(), 256, wxIMAGE_QUALITY_HIGH);
                        bitmap = wxBitmap(image);
                    }
                }
            } catch (const std::exception& e) {
                m_status->SetLabel(u8(e.what()));
            }
        }
        m_thumbnail->SetBitmap(bitmap);
        Layout();
    }

    /// Writes the selected package's document (and its stored map raster beside it) where the designer says;
    /// returns the document written, nothing when cancelled or refused.
    std::optional<std::filesystem::path> extractTo(const wxString& title)
    {
        const catalogue::PackageSummary* p = selected();
        if (!p)
            return std::nullopt;
        wxFileDialog dialog(this, title, "", u8(p->id + ".sandtable.json"), _("Scenario files (*.json)|*.json|All files|*"),
            wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
        if (dialog.ShowModal() != wxID_OK)
            return std::nullopt;
        const std::filesystem::path output = dialog.GetPath().utf8_string();
        try {
            const catalogue::Catalogue db = catalogue::Catalogue::open(catalogueFile());
            catalogue::ExtractOptions options;
            // The stored map raster beside the document, when the package has one (asking for one it lacks is refused).
            const catalogue::PackageDetails details = db.show(p->id);
            if (details.map && details.map->rasterStored)
                options.rasterDir = output.parent_path().empty() ? std::filesystem::path(".") : output.parent_path();
            const catalogue::ExtractResult r = db.extract(p->id, output, options);
            m_status->SetLabel(u8(core::i18n::format(translated("Wrote {1} ({2} revision {3})"),
                {r.document.string(), p->id, std::to_string(r.revision)})));
            return r.document;
        } catch (const std::exception& e) {
            m_workbench.showError(translated("Catalogue"), e.what());
            return std::nullopt;
        }
    }

    void extractSelected() { extractTo(_("Extract package")); }

    void openSelected()
    {
        if (const auto file = extractTo(_("Open package: save it as"))) {
            m_toOpen = *file;
            EndModal(wxID_OK);
        }
    }

public:
    /// The extracted document the designer chose to open (opened once the browser has closed).
    const std::optional<std::filesystem::path>& toOpen() const { return m_toOpen; }

private:

    Workbench& m_workbench;
    wxFilePickerCtrl* m_file = nullptr;
    wxTextCtrl* m_query = nullptr;
    wxListCtrl* m_list = nullptr;
    wxStaticBitmap* m_thumbnail = nullptr;
    wxStaticText* m_status = nullptr;
    wxButton* m_open = nullptr;
    wxButton* m_extract = nullptr;
    std::vector<catalogue::PackageSummary> m_packages;
    std::optional<std::filesystem::path> m_toOpen;
};

} // namespace

void installCatalogue(Workbench& workbench)
{
    workbench.addCommand(ActionInfo{"file.export_catalogue", wxTRANSLATE("Export to &Catalogue..."), "Ctrl+E",
                             wxTRANSLATE("Store the saved scenario in a catalogue as a new revision of its package, with a thumbnail")},
        [&workbench] { exportToCatalogue(workbench); });
    workbench.addCommand(ActionInfo{"file.browse_catalogue", wxTRANSLATE("&Browse Catalogue..."), "Ctrl+Shift+O",
                             wxTRANSLATE("Search a catalogue's packages, open one in the editor or extract it")},
        [&workbench] {
            std::optional<std::filesystem::path> file;
            {
                CatalogueBrowser browser(workbench);
                browser.ShowModal();
                file = browser.toOpen();
            }
            if (file)
                workbench.openScenario(*file);
        },
        [] { return true; });
}

} // namespace sandtable::editor::ui::panes
