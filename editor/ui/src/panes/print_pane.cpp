// SPDX-License-Identifier: GPL-3.0-or-later
// Print preview and page setup for the map: scale, page, margin, overlap and layers; the sheet plan drawn
// over the map; the first sheet rendered as it will print; "Print to PDF" through the long-job runner.
#include "pane_support.hpp"
#include "panes_internal.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/editor/logic/panes/sheet_plan.hpp"
#include "sandtable/app/cards_print.hpp"
#include "sandtable/app/map_print.hpp"
#include "sandtable/app/stickers.hpp"
#include "sandtable/print/map_print.hpp"
#include "sandtable/print/sheet_marks.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <wx/aui/aui.h>
#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/filedlg.h>
#include <wx/utils.h>
#include <wx/graphics.h>
#include <wx/panel.h>
#include <wx/scrolwin.h>
#include <wx/sizer.h>
#include <wx/statbmp.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <cmath>
#include <functional>
#include <optional>

namespace sandtable::editor::ui::panes {
namespace {

namespace logic = sandtable::editor::panes;

/// Resolution the scan layer is rendered at for the preview, dots per inch (printing uses
/// app::MapPrintJob's default, as `map print` does).
constexpr double kPrintPreviewDpi = 60.0;

class PrintPane;

class SheetOverlay : public CanvasOverlay {
public:
    explicit SheetOverlay(PrintPane& pane) : m_pane(pane) {}
    void draw(wxGraphicsContext& gc, const ViewTransform& view) override;

private:
    PrintPane& m_pane;
};

class PrintPane : public wxPanel {
public:
    PrintPane(wxWindow* parent, Workbench& workbench);
    const std::optional<logic::SheetPlanOverlay>& plan() const { return m_plan; }
    bool visible() const;
    void replan();
    void preview();
    void print() { onPrint(); }

private:
    /// The fields as a request; `references`: the reference layers are drawn with the scan.
    bool readRequest(print::MapPrintRequest& request, bool& references, bool quiet);
    /// The job app::printScenarioMap makes the sheets of, as `map print` makes it from its options.
    std::optional<app::MapPrintJob> readJob(const std::filesystem::path& output, bool quiet);
    void onPrint();

    Workbench& m_workbench;
    std::unique_ptr<DocumentWatch> m_watch;
    wxTextCtrl* m_scale = nullptr;
    wxChoice* m_page = nullptr;
    wxTextCtrl* m_margin = nullptr;
    wxTextCtrl* m_overlap = nullptr;
    wxCheckBox* m_scan = nullptr;
    wxCheckBox* m_references = nullptr;
    wxCheckBox* m_terrain = nullptr;
    wxCheckBox* m_grid = nullptr;
    wxCheckBox* m_setup = nullptr;
    wxStaticText* m_summary = nullptr;
    wxStaticBitmap* m_image = nullptr;
    wxStaticText* m_pageNote = nullptr;
    wxButton* m_printButton = nullptr; ///< enabled only when the sheets can be planned (issue 46 item 4)
    std::optional<logic::SheetPlanOverlay> m_plan;
    std::shared_ptr<SheetOverlay> m_overlay;
    bool m_scaleFromDocument = true;
};

void SheetOverlay::draw(wxGraphicsContext& gc, const ViewTransform& view)
{
    const auto& plan = m_pane.plan();
    if (!plan || !m_pane.visible())
        return;
    gc.SetBrush(wxBrush(wxColour(255, 120, 0, 50)));
    gc.SetPen(*wxTRANSPARENT_PEN);
    for (const core::Extent& strip : plan->overlaps) {
        const Point a = view.worldToScreen({strip.minX, strip.maxY});
        const Point b = view.worldToScreen({strip.maxX, strip.minY});
        gc.DrawRectangle(a.x, a.y, b.x - a.x, b.y - a.y);
    }
    gc.SetBrush(*wxTRANSPARENT_BRUSH);
    gc.SetPen(wxPen(wxColour(220, 80, 0), 2, wxPENSTYLE_SHORT_DASH));
    wxFont font = *wxNORMAL_FONT;
    font.SetPointSize(12);
    font.SetWeight(wxFONTWEIGHT_BOLD);
    gc.SetFont(font, wxColour(200, 60, 0));
    for (const logic::SheetOverlayShape& s : plan->sheets) {
        const Point a = view.worldToScreen({s.rect.minX, s.rect.maxY});
        const Point b = view.worldToScreen({s.rect.maxX, s.rect.minY});
        gc.DrawRectangle(a.x, a.y, b.x - a.x, b.y - a.y);
        const Point c = view.worldToScreen(s.labelAt);
        double w = 0, h = 0;
        gc.GetTextExtent(wxString::FromUTF8(s.label), &w, &h);
        gc.DrawText(wxString::FromUTF8(s.label), c.x - w / 2, c.y - h / 2);
    }
}

PrintPane::PrintPane(wxWindow* parent, Workbench& workbench) : wxPanel(parent, wxID_ANY), m_workbench(workbench)
{
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    auto* form = new wxFlexGridSizer(4, 4, 6);
    form->Add(new wxStaticText(this, wxID_ANY, _("Scale 1:")), 0, wxALIGN_CENTER_VERTICAL);
    m_scale = new wxTextCtrl(this, wxID_ANY, "16000", wxDefaultPosition, wxSize(100, -1), wxTE_PROCESS_ENTER);
    form->Add(m_scale);
    form->Add(new wxStaticText(this, wxID_ANY, _("Page")), 0, wxALIGN_CENTER_VERTICAL);
    m_page = new wxChoice(this, wxID_ANY);
    for (const char* p : {"A4", "A3", "A2", "A1", "A0", "Letter"})
        m_page->Append(p);
    m_page->SetSelection(0);
    form->Add(m_page);
    form->Add(new wxStaticText(this, wxID_ANY, _("Margin mm")), 0, wxALIGN_CENTER_VERTICAL);
    m_margin = new wxTextCtrl(this, wxID_ANY, "12", wxDefaultPosition, wxSize(100, -1), wxTE_PROCESS_ENTER);
    form->Add(m_margin);
    form->Add(new wxStaticText(this, wxID_ANY, _("Overlap mm")), 0, wxALIGN_CENTER_VERTICAL);
    m_overlap = new wxTextCtrl(this, wxID_ANY, "10", wxDefaultPosition, wxSize(100, -1), wxTE_PROCESS_ENTER);
    form->Add(m_overlap);
    sizer->Add(form, 0, wxALL, 6);

    auto* layers = new wxBoxSizer(wxHORIZONTAL);
    m_scan = new wxCheckBox(this, wxID_ANY, _("Scan"));
    m_references = new wxCheckBox(this, wxID_ANY, _("Reference layers"));
    m_terrain = new wxCheckBox(this, wxID_ANY, _("Terrain"));
    m_grid = new wxCheckBox(this, wxID_ANY, _("Grid"));
    m_setup = new wxCheckBox(this, wxID_ANY, _("Set-up"));
    for (wxCheckBox* c : {m_scan, m_references, m_terrain, m_grid, m_setup}) {
        c->SetValue(c != m_grid);
        layers->Add(c, 0, wxRIGHT, 8);
    }
    sizer->Add(layers, 0, wxLEFT | wxRIGHT, 6);

    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    auto* previewButton = new wxButton(this, wxID_ANY, _("Preview first sheet"));
    m_printButton = new wxButton(this, wxID_ANY, _("Print to PDF..."));
    buttons->Add(previewButton, 0, wxRIGHT, 4);
    buttons->Add(m_printButton);
    sizer->Add(buttons, 0, wxALL, 6);

    m_summary = new wxStaticText(this, wxID_ANY, "");
    sizer->Add(m_summary, 0, wxEXPAND | wxLEFT | wxRIGHT, 6);
    m_pageNote = new wxStaticText(this, wxID_ANY, "");
    sizer->Add(m_pageNote, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 6);
    m_image = new wxStaticBitmap(this, wxID_ANY, wxBitmap(1, 1));
    sizer->Add(m_image, 1, wxALL, 6);
    SetSizer(sizer);

    auto changed = [this](wxCommandEvent&) { replan(); };
    m_scale->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) {
        m_scaleFromDocument = false;
        replan();
    });
    m_scale->Bind(wxEVT_KILL_FOCUS, [this](wxFocusEvent& e) {
        m_scaleFromDocument = false;
        replan();
        e.Skip();
    });
    for (wxTextCtrl* t : {m_margin, m_overlap})
        t->Bind(wxEVT_TEXT_ENTER, changed);
    m_page->Bind(wxEVT_CHOICE, changed);
    for (wxCheckBox* c : {m_scan, m_references, m_terrain, m_grid, m_setup})
        c->Bind(wxEVT_CHECKBOX, changed);
    previewButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { preview(); });
    m_printButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onPrint(); });

    m_overlay = std::make_shared<SheetOverlay>(*this);
    m_workbench.addOverlay(m_overlay);
    m_watch = std::make_unique<DocumentWatch>(m_workbench, [this] { replan(); });
    replan();
}

bool PrintPane::visible() const
{
    return IsShownOnScreen();
}

bool PrintPane::readRequest(print::MapPrintRequest& request, bool& references, bool quiet)
{
    double scale = 0, margin = 0, overlap = 0;
    if (!parseNumber(m_scale->GetValue().ToStdString(wxConvUTF8), scale) || !parseNumber(m_margin->GetValue().ToStdString(wxConvUTF8), margin)
        || !parseNumber(m_overlap->GetValue().ToStdString(wxConvUTF8), overlap) || scale <= 0 || margin < 0 || overlap < 0) {
        if (!quiet)
            m_workbench.showError(translated("Print"), translated("Scale must be a positive number, margin and overlap numbers of mm >= 0."));
        return false;
    }
    request.scaleDenominator = scale;
    request.page = print::parsePageSize(m_page->GetStringSelection().ToStdString(wxConvUTF8));
    request.marginMm = margin;
    request.overlapMm = overlap;
    request.centreOneSheet = true; // as `map print`: a map on one sheet sits in its middle
    request.layers.clear();
    if (m_scan->GetValue())
        request.layers.insert(print::MapLayer::Scan);
    references = m_references->GetValue();
    if (m_terrain->GetValue())
        request.layers.insert(print::MapLayer::Terrain);
    if (m_grid->GetValue())
        request.layers.insert(print::MapLayer::Grid);
    if (m_setup->GetValue())
        request.layers.insert(print::MapLayer::Setup);
    return true;
}

void PrintPane::replan()
{
    m_plan.reset();
    const core::document::Document* doc = m_workbench.document();
    if (doc && m_scaleFromDocument) {
        // The CLI's rule: the game scale, or a SYW table's plan fitting one page.
        print::MapPrintRequest page;
        page.page = print::parsePageSize(m_page->GetStringSelection().ToStdString(wxConvUTF8));
        m_scale->ChangeValue(fieldNumber(print::defaultMapPrintScale(doc->scenario(), page), 0));
    }
    print::MapPrintRequest request;
    bool references = false;
    if (!doc || !readRequest(request, references, true)) {
        m_summary->SetLabel(doc ? _("Check the scale, margin and overlap.") : _("No scenario open."));
        m_printButton->Enable(false);
        m_workbench.refreshCanvas();
        return;
    }
    try {
        const print::MapLayout layout = print::planMapSheets(doc->scenario(), request);
        std::vector<logic::SheetWindow> windows;
        for (const print::MapSheet& s : layout.sheets)
            windows.push_back({s.row, s.column, s.ground});
        m_plan = logic::sheetPlanOverlay(windows);
        const std::size_t n = layout.sheets.size();
        m_summary->SetLabel(wxString::FromUTF8(core::i18n::format(
            wxPLURAL("{1} sheet, {2} x {3} of {4} x {5} mm; map {6} x {7} mm on paper (1 km = {8} mm)",
                "{1} sheets, {2} x {3} of {4} x {5} mm; map {6} x {7} mm on paper (1 km = {8} mm)", n).utf8_string(),
            {std::to_string(n), std::to_string(layout.rows), std::to_string(layout.columns),
                core::i18n::formatNumber(layout.pageWidthMm, 0), core::i18n::formatNumber(layout.pageHeightMm, 0),
                core::i18n::formatNumber(layout.extentWidthMm, 0), core::i18n::formatNumber(layout.extentHeightMm, 0),
                core::i18n::formatNumber(print::paperMillimetres(1000, request.scaleDenominator), 1)})));
    } catch (const std::exception& e) {
        m_summary->SetLabel(wxString::FromUTF8(e.what()));
    }
    // What the summary says cannot be printed is not offered.
    m_printButton->Enable(m_plan.has_value());
    Layout();
    m_workbench.refreshCanvas();
}

std::optional<app::MapPrintJob> PrintPane::readJob(const std::filesystem::path& output, bool quiet)
{
    const core::document::Document* doc = m_workbench.document();
    app::MapPrintJob job;
    if (!doc || !readRequest(job.request, job.references, quiet))
        return std::nullopt;
    job.scenarioFile = doc->path();
    job.output = output;
    job.request.format = print::mapOutputFormat(output);
    return job;
}

/// Issue 24 item 4: the terrain the sheets cut at the extent, each named with how far it runs past; empty
/// when nothing is cut.
wxString pastExtentNote(const print::MapPrintResult& result)
{
    if (result.terrainPastExtent.empty())
        return {};
    std::string list;
    for (const core::ExtentOverrun& o : result.terrainPastExtent)
        list += (list.empty() ? "" : "; ") + (o.name.empty() ? o.id.str() : o.name) + " (" + core::describeOverrun(o) + ")";
    return wxString::Format(_("Terrain past the map extent, cut at its edge: %s"), wxString::FromUTF8(list));
}

void PrintPane::preview()
{
    std::filesystem::path folder;
    try {
        folder = temporaryFolder("sandtable-print-preview");
        std::optional<app::MapPrintJob> job = readJob(folder / "preview.png", false);
        if (!job) {
            std::error_code ec;
            std::filesystem::remove_all(folder, ec);
            return;
        }
        job->dpi = kPrintPreviewDpi;
        job->request.pngDpi = kPrintPreviewDpi;
        const print::MapPrintResult result = app::printScenarioMap(m_workbench.document()->scenario(), *job, {}).result;
        wxImage image = loadFirstPage(result.files, "preview");
        m_pageNote->SetLabel(wxString::FromUTF8(core::i18n::format(result.pages > 1
                    ? translated("Page 1 of {1} (the assembly sheet; the map sheets follow)") : translated("Page 1 of {1}"),
                {std::to_string(result.pages)}))
            + (result.terrainPastExtent.empty() ? wxString() : "\n" + pastExtentNote(result)));
        const int maxWidth = std::max(200, GetClientSize().x - 12);
        if (image.GetWidth() > maxWidth)
            image.Rescale(maxWidth, image.GetHeight() * maxWidth / image.GetWidth(), wxIMAGE_QUALITY_HIGH);
        m_image->SetBitmap(wxBitmap(image));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Print preview"), e.what());
    }
    std::error_code ec;
    if (!folder.empty())
        std::filesystem::remove_all(folder, ec);
    Layout();
}

void PrintPane::onPrint()
{
    const core::document::Document* doc = m_workbench.document();
    print::MapPrintRequest check;
    bool references = false;
    if (!doc || !readRequest(check, references, false))
        return;
    if (!m_plan) { // Ctrl+P while the pane says the sheets cannot be made
        m_workbench.showError(translated("Print"), m_summary->GetLabel().utf8_string());
        return;
    }
    wxFileDialog dialog(this, _("Print map to PDF"), "", "map.pdf", _("PDF files (*.pdf)|*.pdf"), wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::optional<app::MapPrintJob> job = readJob(dialog.GetPath().ToStdString(wxConvUTF8), false);
    if (!job)
        return;
    const core::Scenario scenario = doc->scenario();
    print::MapPrintResult result;
    std::vector<std::string> notices;
    // The one function `sandtable map print` calls, with the same options (issue 42 item 1).
    const bool done = m_workbench.runLongJob(translated("Printing the map"), [&](const core::util::ProgressCallback& progress) {
        app::Reporter reporter{progress, [&notices](const std::string& text) { notices.push_back(text); }};
        result = app::printScenarioMap(scenario, *job, reporter).result;
    });
    if (done) {
        std::string status = (wxString::Format(wxPLURAL("%s: %d page", "%s: %d pages", static_cast<int>(result.pages)),
            wxString::FromUTF8(job->output.string()), static_cast<int>(result.pages))
            + (result.terrainPastExtent.empty() ? wxString() : ". " + pastExtentNote(result))).utf8_string();
        for (const std::string& n : notices)
            status += ". " + n;
        m_workbench.setStatusText(status);
    }
}

/// A product printed from the menus: asks for the PDF (`title`, an N_() text; `suggested` file name), makes it with
/// `make` (the app function, given the scenario, its file and the PDF; returns the status line) under a busy
/// cursor, and shows the status line or the error under `title`.
void printToPdf(Workbench& workbench, const char* title, const char* suggested,
    const std::function<std::string(const core::Scenario&, const std::filesystem::path&, const std::filesystem::path&)>& make)
{
    const core::document::Document* doc = workbench.document();
    if (!doc)
        return;
    wxFileDialog dialog(workbench.window(), wxString::FromUTF8(translated(title)), "", suggested, _("PDF files (*.pdf)|*.pdf"),
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return;
    try {
        wxBusyCursor busy;
        workbench.setStatusText(make(doc->scenario(), doc->path(), std::filesystem::path(dialog.GetPath().ToStdString(wxConvUTF8))));
    } catch (const std::exception& e) {
        workbench.showError(translated(title), e.what());
    }
}

} // namespace

void installPrintPane(Workbench& workbench)
{
    auto* pane = new PrintPane(workbench.window(), workbench);
    workbench.panes().AddPane(pane, wxAuiPaneInfo().Name("print").Caption(_("Print preview")).Right().BestSize(520, 700)
                                        .MinSize(360, 400).Hide());
    workbench.panes().Update();
    workbench.addCommand(ActionInfo{"print.preview", wxTRANSLATE("Print pre&view..."), "", wxTRANSLATE("Page setup, sheet plan, first sheet")},
        [&workbench, pane] {
            showPane(workbench, "print");
            pane->replan();
            pane->preview();
        });
    // File > Print map to PDF... (Ctrl+P): the pane's page set-up, the file asked, the sheets made by the one
    // function `sandtable map print` calls.
    workbench.addCommand(ActionInfo{"print.map_pdf", wxTRANSLATE("&Print map to PDF..."), "Ctrl+P",
                             wxTRANSLATE("The battle map as PDF sheets at the page set-up's scale")},
        [&workbench, pane] {
            showPane(workbench, "print");
            pane->replan();
            pane->print();
        });
    // Print > Print stickers / cards to PDF...: the one function `sandtable oob print` / `cards print` calls,
    // with its defaults (A4; the scenario's sticker size; home sheets of 3 x 3 cards).
    workbench.addCommand(ActionInfo{"print.stickers_pdf", wxTRANSLATE("Print &stickers to PDF..."), "",
                             wxTRANSLATE("One label per block, to stick on the pieces")},
        [&workbench] {
            printToPdf(workbench, N_("Print stickers to PDF"), "stickers.pdf",
                [](const core::Scenario& scenario, const std::filesystem::path& file, const std::filesystem::path& output) {
                    app::StickersJob job;
                    job.scenarioFile = file;
                    job.output = output;
                    job.request.page = print::parsePageSize("A4");
                    const print::StickerLayout layout = app::printScenarioStickers(scenario, job);
                    return core::i18n::format(P_("{1}: {2} sticker of {3} x {4} mm", "{1}: {2} stickers of {3} x {4} mm", layout.stickers),
                               {output.string(), std::to_string(layout.stickers), core::i18n::formatFigure(layout.stickerWidthMm),
                                   core::i18n::formatFigure(layout.stickerHeightMm)})
                        + core::i18n::format(P_(" on {1} page", " on {1} pages", layout.pages), {std::to_string(layout.pages)});
                });
        });
    workbench.addCommand(ActionInfo{"print.cards_pdf", wxTRANSLATE("Print &cards to PDF..."), "",
                             wxTRANSLATE("The Table Battles cards on home sheets, fronts and backs for duplex")},
        [&workbench] {
            printToPdf(workbench, N_("Print cards to PDF"), "cards.pdf",
                [](const core::Scenario& scenario, const std::filesystem::path& file, const std::filesystem::path& output) {
                    app::CardsJob job;
                    job.scenarioFile = file;
                    job.output = output;
                    job.page = print::parsePageSize("A4");
                    const print::CardPrintResult r = app::printScenarioCards(scenario, job).pdf;
                    return core::i18n::format(translated("{1}: {2} on {3}, home sheets on {4}"),
                        {output.string(), core::i18n::format(P_("{1} card", "{1} cards", r.cards), {std::to_string(r.cards)}),
                            core::i18n::format(P_("{1} page", "{1} pages", r.pages), {std::to_string(r.pages)}), job.page.name});
                });
        },
        [&workbench] { return workbench.document() && workbench.document()->scenario().tableBattles.has_value(); });
    workbench.addCommand(ActionInfo{"print.page_setup", wxTRANSLATE("Page set&up..."), "", wxTRANSLATE("Scale, page, overlap and layers")},
        [&workbench, pane] {
            showPane(workbench, "print");
            pane->replan();
        });
}

} // namespace sandtable::editor::ui::panes
