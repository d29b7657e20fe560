// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign grid panel: the grid drawn over the map with its square names, a form for its size, origin,
// rows, columns, rotation and numbering, a tool that drags the origin, and the square inspector (coverage
// per class, primary terrain, overrides, the secondary-terrain roll). Every change is one undoable
// core::document::operations edit (core/document/campaign_operations.hpp).
#include "pane_support.hpp"
#include "panes_internal.hpp"

#include "sandtable/core/document/campaign_operations.hpp"
#include "sandtable/core/geometry/grid_coverage.hpp"
#include "sandtable/core/model/campaign_words.hpp"
#include "sandtable/core/systems/campaign_lite/rules.hpp"
#include "sandtable/core/systems/campaign_lite/secondary_terrain.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/panes/campaign_grid.hpp"
#include "sandtable/app/campaign_sheets.hpp"
#include "sandtable/print/campaign_print.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/editor/logic/measure.hpp"

#include <wx/checkbox.h>
#include <wx/aui/aui.h>
#include <wx/button.h>
#include <wx/choice.h>
#include <wx/combobox.h>
#include <wx/filedlg.h>
#include <wx/graphics.h>
#include <wx/notebook.h>
#include <wx/panel.h>
#include <wx/sizer.h>
#include <wx/statbmp.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/wrapsizer.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace sandtable::editor::ui::panes {
namespace {

namespace logic = sandtable::editor::panes;

class GridPane;

class GridOverlay : public CanvasOverlay {
public:
    explicit GridOverlay(GridPane& pane) : m_pane(pane) {}
    void draw(wxGraphicsContext& gc, const ViewTransform& view) override;

private:
    void drawForcesAndObjectives(wxGraphicsContext& gc, const ViewTransform& view, const core::Campaign& c,
        const std::vector<logic::GridSquareShape>& shapes) const;

    GridPane& m_pane;
};

/// "grid.drag-origin": press and drag moves the grid's origin (one drag = one undo step).
class DragOriginTool : public CanvasTool {
public:
    explicit DragOriginTool(GridPane& pane) : m_pane(pane) {}
    std::string name() const override { return "grid.drag-origin"; }
    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override;
    void draw(wxGraphicsContext& /*gc*/, const ViewTransform& /*view*/) override {}

private:
    GridPane& m_pane;
    std::optional<core::Coordinate> m_grab; // world point grabbed, relative to the origin
    int m_drag = 0;
};

/// "grid.inspect": a click picks a square for the inspector.
class InspectTool : public CanvasTool {
public:
    explicit InspectTool(GridPane& pane) : m_pane(pane) {}
    std::string name() const override { return "grid.inspect"; }
    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override;
    void draw(wxGraphicsContext& /*gc*/, const ViewTransform& /*view*/) override {}

private:
    GridPane& m_pane;
};

class GridPane : public wxPanel {
public:
    GridPane(wxWindow* parent, Workbench& workbench);

    const core::Campaign* campaign() const;
    const core::Scenario* scenario() const
    {
        return m_workbench.document() ? &m_workbench.document()->scenario() : nullptr;
    }
    const std::optional<core::SquareRef>& square() const { return m_square; }
    void pickSquare(core::SquareRef square);
    /// Moves the origin during a drag; `drag` numbers the drag so each is its own undo step.
    void moveOrigin(core::Coordinate origin, int drag);
    void refresh();
    void startInspecting() { m_workbench.setTool(m_inspect); }
    /// Picks the north-west square when none is picked (for tests and the first opening).
    void pickFirst();

private:
    void fillForm();
    void fillInspector();
    void applyGrid(const core::CampaignGrid& grid, const std::string& label, const std::string& mergeKey = {});
    bool readGrid(core::CampaignGrid& grid);
    void onFit();
    void onDerive();
    void onOverride(bool remove);
    void onRoll();
    /// The sheet request from the form; false (with an error shown) when copies is not a whole number >= 1.
    bool readSheetRequest(print::CampaignPrintRequest& request);

public:
    /// Renders the first sheet at the pane's width (core/print's own renderer, as a PNG) and shows it.
    void previewSheets();
    /// Asks for a PDF path and prints every sheet there as a long job (progress, cancel).
    void printSheets();

private:

    Workbench& m_workbench;
    std::unique_ptr<DocumentWatch> m_watch;
    wxTextCtrl* m_size = nullptr;
    wxTextCtrl* m_originX = nullptr;
    wxTextCtrl* m_originY = nullptr;
    wxTextCtrl* m_rows = nullptr;
    wxTextCtrl* m_columns = nullptr;
    wxTextCtrl* m_rotation = nullptr;
    wxChoice* m_numbering = nullptr;
    wxTextCtrl* m_inspector = nullptr;
    wxComboBox* m_class = nullptr;
    wxChoice* m_cover = nullptr;
    wxTextCtrl* m_seed = nullptr;
    wxChoice* m_region = nullptr;
    wxNotebook* m_tabs = nullptr;
    wxTextCtrl* m_copies = nullptr;
    wxCheckBox* m_playerAid = nullptr;
    wxCheckBox* m_underlay = nullptr;
    wxChoice* m_page = nullptr;
    wxStaticText* m_sheetNote = nullptr;
    wxStaticBitmap* m_sheet = nullptr;
    std::optional<core::SquareRef> m_square;
    std::shared_ptr<GridOverlay> m_overlay;
    std::shared_ptr<DragOriginTool> m_drag;
    std::shared_ptr<InspectTool> m_inspect;
};

// ------------------------------------------------------------------------------------ overlay and tools

void GridOverlay::draw(wxGraphicsContext& gc, const ViewTransform& view)
{
    const core::Campaign* c = m_pane.campaign();
    if (!c || !m_pane.IsShownOnScreen())
        return;
    std::vector<logic::GridSquareShape> shapes;
    try {
        shapes = logic::gridOverlayShapes(c->grid);
    } catch (const std::exception&) {
        return;
    }
    const double squarePx = c->grid.squareSize * view.scale();
    gc.SetPen(wxPen(wxColour(20, 20, 120, 200), 1));
    gc.SetBrush(*wxTRANSPARENT_BRUSH);
    wxFont font = *wxNORMAL_FONT;
    font.SetPointSize(std::clamp(static_cast<int>(squarePx / 6), 6, 14));
    gc.SetFont(font, wxColour(20, 20, 120));
    for (const logic::GridSquareShape& s : shapes) {
        wxGraphicsPath path = gc.CreatePath();
        for (std::size_t i = 0; i < 4; ++i) {
            const Point p = view.worldToScreen(s.corners[i]);
            if (i == 0)
                path.MoveToPoint(p.x, p.y);
            else
                path.AddLineToPoint(p.x, p.y);
        }
        path.CloseSubpath();
        const bool picked = m_pane.square() && *m_pane.square() == s.square;
        if (picked) {
            gc.SetBrush(wxBrush(wxColour(255, 200, 0, 90)));
            gc.SetPen(wxPen(wxColour(200, 120, 0), 3));
            gc.DrawPath(path);
            gc.SetBrush(*wxTRANSPARENT_BRUSH);
            gc.SetPen(wxPen(wxColour(20, 20, 120, 200), 1));
        } else {
            gc.StrokePath(path);
        }
        if (squarePx >= 24) {
            // The name in the square's north-west corner.
            const Point nw = view.worldToScreen(s.corners[3]);
            const Point c0 = view.worldToScreen(s.centre);
            gc.DrawText(wxString::FromUTF8(s.name), nw.x + (c0.x - nw.x) * 0.12, nw.y + (c0.y - nw.y) * 0.12);
        }
    }
    drawForcesAndObjectives(gc, view, *c, shapes);
    // Origin handle.
    const Point o = view.worldToScreen(c->grid.origin);
    gc.SetPen(wxPen(wxColour(200, 0, 0), 2));
    gc.SetBrush(wxBrush(wxColour(255, 255, 255, 200)));
    gc.DrawEllipse(o.x - 6, o.y - 6, 12, 12);
}

void GridOverlay::drawForcesAndObjectives(wxGraphicsContext& gc, const ViewTransform& view, const core::Campaign& c,
    const std::vector<logic::GridSquareShape>& shapes) const
{
    const core::Scenario* scenario = m_pane.scenario();
    std::map<core::SquareRef, core::Coordinate> centres;
    for (const logic::GridSquareShape& s : shapes)
        centres[s.square] = s.centre;
    wxFont font = *wxNORMAL_FONT;
    font.SetPointSize(8);
    font.MakeBold();
    // Objectives: a gold disc with the points it is worth, in the square's south-east quarter.
    const double squarePx = c.grid.squareSize * view.scale();
    for (const core::Objective& objective : c.objectives) {
        const auto centre = centres.find(objective.square);
        if (centre == centres.end())
            continue;
        const Point p = view.worldToScreen(centre->second);
        const double r = std::clamp(squarePx * 0.12, 6.0, 12.0);
        const double x = p.x + squarePx * 0.25;
        const double y = p.y + squarePx * 0.25;
        gc.SetPen(wxPen(wxColour(120, 80, 0), 2));
        gc.SetBrush(wxBrush(wxColour(240, 190, 30)));
        gc.DrawEllipse(x - r, y - r, 2 * r, 2 * r);
        gc.SetFont(font, wxColour(60, 30, 0));
        const wxString points = wxString::Format("%d", objective.points);
        double w = 0, h = 0;
        gc.GetTextExtent(points, &w, &h);
        gc.DrawText(points, x - w / 2, y - h / 2);
    }
    // Forces: a chip in the side's colour with the force's name, stacked downwards from the square's centre;
    // a force not yet deployed is drawn hollow.
    std::map<core::SquareRef, int> stacked;
    for (const core::CampaignForce& force : c.forces) {
        const auto centre = centres.find(force.square);
        if (centre == centres.end())
            continue;
        wxColour colour(90, 90, 90);
        if (scenario)
            for (const core::Side& side : scenario->sides)
                if (side.id == force.side && wxColour(wxString::FromUTF8(side.colour)).IsOk())
                    colour = wxColour(wxString::FromUTF8(side.colour));
        const Point p = view.worldToScreen(centre->second);
        const int index = stacked[force.square]++;
        const wxString label = wxString::FromUTF8(force.name.empty() ? force.id : force.name);
        gc.SetFont(font, force.deployed ? *wxWHITE : colour);
        double w = 0, h = 0;
        gc.GetTextExtent(label, &w, &h);
        w = std::min(w, std::max(30.0, squarePx - 8.0));
        const double x = p.x - w / 2 - 4;
        const double y = p.y - squarePx * 0.2 + index * (h + 6);
        gc.SetPen(wxPen(colour.ChangeLightness(60), 1));
        gc.SetBrush(force.deployed ? wxBrush(colour) : wxBrush(wxColour(255, 255, 255, 220)));
        gc.DrawRoundedRectangle(x, y, w + 8, h + 4, 3);
        gc.Clip(x, y, w + 8, h + 4);
        gc.DrawText(label, x + 4, y + 2);
        gc.ResetClip();
    }
}

bool DragOriginTool::onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& /*view*/)
{
    const core::Campaign* c = m_pane.campaign();
    if (!c)
        return false;
    if (event.LeftDown()) {
        m_grab = core::Coordinate{world.x - c->grid.origin.x, world.y - c->grid.origin.y};
        ++m_drag;
        return true;
    }
    if (event.Dragging() && m_grab) {
        m_pane.moveOrigin({world.x - m_grab->x, world.y - m_grab->y}, m_drag);
        return true;
    }
    if (event.LeftUp() && m_grab) {
        m_grab.reset();
        return true;
    }
    return false;
}

bool InspectTool::onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& /*view*/)
{
    if (!event.LeftDown())
        return false;
    const core::Campaign* c = m_pane.campaign();
    if (!c)
        return false;
    if (const auto square = core::squareAt(c->grid, world)) {
        m_pane.pickSquare(*square);
        return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------------------- the pane

GridPane::GridPane(wxWindow* parent, Workbench& workbench) : wxPanel(parent, wxID_ANY), m_workbench(workbench)
{
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    auto* form = new wxFlexGridSizer(4, 4, 6);
    auto field = [&](const char* label, wxTextCtrl*& control) {
        form->Add(new wxStaticText(this, wxID_ANY, wxGetTranslation(wxString::FromUTF8(label))), 0, wxALIGN_CENTER_VERTICAL);
        control = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxTE_PROCESS_ENTER);
        form->Add(control);
    };
    field(wxTRANSLATE("Square m"), m_size);
    field(wxTRANSLATE("Rotation °"), m_rotation);
    field(wxTRANSLATE("Origin x"), m_originX);
    field(wxTRANSLATE("Origin y"), m_originY);
    field(wxTRANSLATE("Rows"), m_rows);
    field(wxTRANSLATE("Columns"), m_columns);
    form->Add(new wxStaticText(this, wxID_ANY, _("Numbering")), 0, wxALIGN_CENTER_VERTICAL);
    m_numbering = new wxChoice(this, wxID_ANY);
    m_numbering->Append("letter-number (C4)");
    m_numbering->Append("column-row (0304)");
    m_numbering->SetSelection(0);
    form->Add(m_numbering);
    sizer->Add(form, 0, wxALL, 6);

    auto* buttons = new wxWrapSizer(wxHORIZONTAL);
    auto* apply = new wxButton(this, wxID_ANY, _("Apply grid"));
    auto* fit = new wxButton(this, wxID_ANY, _("Fit to map"));
    auto* drag = new wxButton(this, wxID_ANY, _("Drag origin"));
    auto* pick = new wxButton(this, wxID_ANY, _("Pick square"));
    auto* derive = new wxButton(this, wxID_ANY, _("Derive"));
    for (wxButton* b : {apply, fit, drag, pick, derive})
        buttons->Add(b, 0, wxRIGHT | wxBOTTOM, 4);
    sizer->Add(buttons, 0, wxLEFT | wxRIGHT, 6);

    // Below the grid's form: the picked square (inspector, overrides, secondary terrain) and the printed
    // sheets (preview and PDF), one tab each.
    m_tabs = new wxNotebook(this, wxID_ANY);
    auto* squarePage = new wxPanel(m_tabs);
    auto* squareSizer = new wxBoxSizer(wxVERTICAL);
    m_inspector = new wxTextCtrl(squarePage, wxID_ANY, "", wxDefaultPosition, wxSize(-1, 200), wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP);
    squareSizer->Add(m_inspector, 1, wxEXPAND | wxALL, 6);

    m_class = new wxComboBox(squarePage, wxID_ANY, "", wxDefaultPosition, wxSize(120, -1));
    m_cover = new wxChoice(squarePage, wxID_ANY);
    for (core::Cover c : core::kCoversByExtent)
        m_cover->Append(wxString::FromUTF8(core::coverWord(c)));
    m_cover->SetSelection(0);
    auto* set = new wxButton(squarePage, wxID_ANY, _("Set"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    auto* remove = new wxButton(squarePage, wxID_ANY, _("Remove"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    squareSizer->Add(labelledRow(squarePage, _("Override"), {m_class, m_cover, set, remove}), 0, wxLEFT | wxRIGHT | wxBOTTOM, 6);

    m_seed = new wxTextCtrl(squarePage, wxID_ANY, "1863", wxDefaultPosition, wxSize(90, -1));
    m_region = new wxChoice(squarePage, wxID_ANY);
    for (std::string_view r : core::systems::campaign_lite::secondaryRegions())
        m_region->Append(wxString::FromUTF8(std::string(r)));
    m_region->SetSelection(0);
    auto* rollButton = new wxButton(squarePage, wxID_ANY, _("Roll"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    squareSizer->Add(labelledRow(squarePage, _("Secondary terrain: seed"), {m_seed, m_region, rollButton}), 0,
        wxLEFT | wxRIGHT | wxBOTTOM, 6);

    squarePage->SetSizer(squareSizer);
    m_tabs->AddPage(squarePage, _("Square"));
    auto* sheetsPage = new wxPanel(m_tabs);
    auto* sheetsSizer = new wxBoxSizer(wxVERTICAL);
    // The Campaign Lite sheets (core/print): the first page previewed here, all of them printed to PDF.
    m_copies = new wxTextCtrl(sheetsPage, wxID_ANY, "1", wxDefaultPosition, wxSize(50, -1));
    m_page = new wxChoice(sheetsPage, wxID_ANY);
    for (const char* page : {"A4", "letter", "A3"})
        m_page->Append(page);
    m_page->SetSelection(0);
    auto* previewButton = new wxButton(sheetsPage, wxID_ANY, _("Preview"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    auto* printButton = new wxButton(sheetsPage, wxID_ANY, _("Print to PDF..."), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    sheetsSizer->Add(labelledRow(sheetsPage, _("Copies"), {m_copies, m_page, previewButton, printButton}), 0,
        wxLEFT | wxRIGHT | wxBOTTOM, 6);
    // The CLI's `grid print --player-aid`: one more page with the rules' numbers and the objectives.
    m_playerAid = new wxCheckBox(sheetsPage, wxID_ANY, _("Add the player aid page (movement, searches, tables, victory)"));
    m_playerAid->SetValue(true);
    sheetsSizer->Add(m_playerAid, 0, wxLEFT | wxRIGHT | wxBOTTOM, 6);
    // The CLI's `grid print --underlay`: the scenario's base map under the grid.
    m_underlay = new wxCheckBox(sheetsPage, wxID_ANY, _("Print the base map under the grid"));
    sheetsSizer->Add(m_underlay, 0, wxLEFT | wxRIGHT | wxBOTTOM, 6);
    m_sheetNote = new wxStaticText(sheetsPage, wxID_ANY, "");
    sheetsSizer->Add(m_sheetNote, 0, wxLEFT | wxRIGHT, 6);
    m_sheet = new wxStaticBitmap(sheetsPage, wxID_ANY, wxNullBitmap);
    sheetsSizer->Add(m_sheet, 0, wxALL, 6);
    sheetsPage->SetSizer(sheetsSizer);
    m_tabs->AddPage(sheetsPage, _("Sheets"));
    sizer->Add(m_tabs, 1, wxEXPAND | wxALL, 4);
    SetSizer(sizer);
    previewButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { previewSheets(); });
    printButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { printSheets(); });

    m_overlay = std::make_shared<GridOverlay>(*this);
    m_drag = std::make_shared<DragOriginTool>(*this);
    m_inspect = std::make_shared<InspectTool>(*this);

    auto applyForm = [this](wxCommandEvent&) {
        core::CampaignGrid grid;
        if (readGrid(grid))
            applyGrid(grid, translated("Grid settings"));
    };
    apply->Bind(wxEVT_BUTTON, applyForm);
    for (wxTextCtrl* t : {m_size, m_originX, m_originY, m_rows, m_columns, m_rotation})
        t->Bind(wxEVT_TEXT_ENTER, applyForm);
    m_numbering->Bind(wxEVT_CHOICE, applyForm);
    fit->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onFit(); });
    drag->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        m_workbench.setTool(m_drag);
        m_workbench.setStatusText(translated("Grid: drag on the map to move the grid's origin"));
    });
    pick->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { startInspecting(); });
    derive->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onDerive(); });
    set->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onOverride(false); });
    remove->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onOverride(true); });
    rollButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onRoll(); });
    m_workbench.onSelectionChanged([this] {
        const auto selected = m_workbench.selected();
        const core::Campaign* c = campaign();
        if (!selected || selected->kind != ObjectRef::Kind::GridSquare || !c)
            return;
        try {
            const core::SquareRef s = core::parseSquareName(c->grid, selected->id);
            if (!m_square || *m_square != s) {
                m_square = s;
                fillInspector();
                m_workbench.refreshCanvas();
            }
        } catch (const std::exception&) {
        }
    });

    m_workbench.addOverlay(m_overlay);
    m_watch = std::make_unique<DocumentWatch>(m_workbench, [this] { refresh(); });
    refresh();
}

const core::Campaign* GridPane::campaign() const
{
    const core::document::Document* doc = m_workbench.document();
    return doc && doc->scenario().campaign ? &*doc->scenario().campaign : nullptr;
}

void GridPane::refresh()
{
    const core::Campaign* c = campaign();
    if (m_square && (!c || m_square->column >= c->grid.columns || m_square->row >= c->grid.rows))
        m_square.reset();
    fillForm();
    fillInspector();
    m_workbench.refreshCanvas();
}

void GridPane::pickFirst()
{
    if (!m_square && campaign())
        pickSquare({0, 0});
}

void GridPane::fillForm()
{
    const core::Campaign* c = campaign();
    const core::CampaignGrid grid = c ? c->grid : core::CampaignGrid{};
    m_size->ChangeValue(fieldNumber(grid.squareSize, 3));
    m_originX->ChangeValue(fieldNumber(grid.origin.x, 2));
    m_originY->ChangeValue(fieldNumber(grid.origin.y, 2));
    m_rows->ChangeValue(std::to_string(grid.rows));
    m_columns->ChangeValue(std::to_string(grid.columns));
    m_rotation->ChangeValue(fieldNumber(grid.rotation, 2));
    m_numbering->SetSelection(grid.numbering == core::GridNumbering::LetterNumber ? 0 : 1);
    if (c && c->secondary) {
        m_seed->ChangeValue(std::to_string(c->secondary->seed));
        const int at = m_region->FindString(wxString::FromUTF8(c->secondary->region));
        if (at != wxNOT_FOUND)
            m_region->SetSelection(at);
    }
}

void GridPane::fillInspector()
{
    const core::Campaign* c = campaign();
    if (!c) {
        m_inspector->ChangeValue(_("No campaign grid: set the square size and press \"Fit to map\"."));
        return;
    }
    if (!m_square) {
        m_inspector->ChangeValue(_("Press \"Pick square\" and click a square on the map."));
        return;
    }
    std::string text;
    try {
        const logic::SquareInspection in = logic::inspectSquare(*c, *m_square);
        namespace i18n = core::i18n;
        text = i18n::format(in.derived ? _("{1}: primary terrain {2}").utf8_string() : _("{1}: primary terrain {2} (not derived yet: press Derive)").utf8_string(),
                   {in.name, in.primary})
            + "\n";
        m_class->Clear();
        for (const logic::InspectedClass& k : in.classes) {
            text += "  " + k.terrainClass + "  " + i18n::formatNumber(k.fraction * 100, 1) + " %  " + core::coverWord(k.cover)
                + (k.overridden ? std::string("  ") + _("(override)").utf8_string() : std::string()) + "\n";
            m_class->Append(wxString::FromUTF8(k.terrainClass));
        }
        for (const core::SquareLine& l : in.lines) {
            std::string edges;
            for (core::Edge e : l.edges)
            {
                edges += ' ';
                edges += core::edgeWord(e);
            }
            text += "  " + i18n::format(_("{1} crossing{2}, {3} m").utf8_string(), {l.terrainClass + (l.grade.empty() ? "" : " (" + l.grade + ")"), edges, i18n::formatNumber(l.length, 0)})
                + "\n";
        }
        for (const core::SquareCrossing& x : in.crossings)
            text += "  " + (x.edge ? i18n::format(_("{1} at {2}").utf8_string(), {x.terrainClass, core::edgeWord(*x.edge)})
                                   : i18n::format(_("{1} at the middle").utf8_string(), {x.terrainClass}))
                + "\n";
        if (in.roll) {
            // The roll's words as `grid roll` prints them (core::systems::campaign_lite::describeSecondaryRoll), in the reader's language.
            std::string dice = "d10 = " + std::to_string(in.roll->d10);
            for (int d : in.roll->d6)
                dice += ", d6 " + std::to_string(d);
            text += i18n::format(_("Roll: {1} -> {2} ({3})").utf8_string(), {dice, in.roll->result, core::systems::campaign_lite::describeSecondaryRoll(*in.roll, *c, i18n::translate)})
                + "\n";
        }
    } catch (const std::exception& e) {
        text = e.what();
    }
    m_inspector->ChangeValue(wxString::FromUTF8(text));
}

void GridPane::pickSquare(core::SquareRef square)
{
    if (m_tabs)
        m_tabs->SetSelection(0);
    m_square = square;
    if (const core::Campaign* c = campaign())
        m_workbench.select(ObjectRef{ObjectRef::Kind::GridSquare, core::squareName(c->grid, square)}, false);
    fillInspector();
    m_workbench.refreshCanvas();
}

bool GridPane::readGrid(core::CampaignGrid& grid)
{
    const core::Campaign* c = campaign();
    grid = c ? c->grid : core::CampaignGrid{};
    double size = 0, x = 0, y = 0, rows = 0, columns = 0, rotation = 0;
    if (!parseNumber(m_size->GetValue().ToStdString(wxConvUTF8), size) || !parseNumber(m_originX->GetValue().ToStdString(wxConvUTF8), x)
        || !parseNumber(m_originY->GetValue().ToStdString(wxConvUTF8), y) || !parseNumber(m_rows->GetValue().ToStdString(wxConvUTF8), rows)
        || !parseNumber(m_columns->GetValue().ToStdString(wxConvUTF8), columns)
        || !parseNumber(m_rotation->GetValue().ToStdString(wxConvUTF8), rotation)) {
        m_workbench.showError(translated("Campaign grid"), translated("Square size, origin, rows, columns and rotation must be numbers."));
        return false;
    }
    grid.squareSize = size;
    grid.origin = {x, y};
    grid.rows = static_cast<int>(std::lround(rows));
    grid.columns = static_cast<int>(std::lround(columns));
    grid.rotation = rotation;
    grid.numbering = m_numbering->GetSelection() == 1 ? core::GridNumbering::ColumnRow : core::GridNumbering::LetterNumber;
    return true;
}

void GridPane::applyGrid(const core::CampaignGrid& grid, const std::string& label, const std::string& mergeKey)
{
    core::document::Document* doc = m_workbench.document();
    if (!doc)
        return;
    try {
        core::validation::Diagnostics findings;
        doc->apply(core::document::operations::setCampaignGrid(doc->scenario(), grid, findings, label, mergeKey));
        if (!findings.empty())
            m_workbench.setStatusText(findings.front().message);
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Campaign grid"), e.what());
    }
}

void GridPane::moveOrigin(core::Coordinate origin, int drag)
{
    if (const core::Campaign* c = campaign())
        applyGrid(logic::withOrigin(c->grid, origin), translated("Move grid origin"), "grid-origin-" + std::to_string(drag));
}

void GridPane::onFit()
{
    core::document::Document* doc = m_workbench.document();
    double size = 0;
    if (!doc || !parseNumber(m_size->GetValue().ToStdString(wxConvUTF8), size))
        return;
    try {
        core::CampaignGrid grid = logic::gridCoveringExtent(doc->scenario(), size);
        if (const core::Campaign* c = campaign()) {
            grid.numbering = c->grid.numbering;
            grid.startNumber = c->grid.startNumber;
        }
        applyGrid(grid, translated("Fit grid to map"));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Campaign grid"), e.what());
    }
}

void GridPane::onDerive()
{
    core::document::Document* doc = m_workbench.document();
    if (!doc || !campaign())
        return;
    const core::Scenario scenario = doc->scenario();
    core::document::Edit derived;
    const bool done = m_workbench.runLongJob(translated("Deriving primary terrain"), [&](const core::util::ProgressCallback& progress) {
        core::util::reportProgress(progress, 0.0, wxTRANSLATE("coverage per square"));
        derived = core::document::operations::deriveCampaign(scenario);
        core::util::reportProgress(progress, 1.0, wxTRANSLATE("done"));
    });
    if (!done)
        return;
    try {
        doc->apply(std::move(derived));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Derive"), e.what());
    }
}

void GridPane::onOverride(bool remove)
{
    core::document::Document* doc = m_workbench.document();
    const std::string cls = m_class->GetValue().Trim().Trim(false).ToStdString(wxConvUTF8);
    if (!doc || !m_square || cls.empty())
        return;
    try {
        const std::optional<core::Cover> cover
            = remove ? std::nullopt : std::optional<core::Cover>(core::kCoversByExtent.at(static_cast<std::size_t>(std::max(0, m_cover->GetSelection()))));
        doc->apply(core::document::operations::setCoverOverride(doc->scenario(), *m_square, cls, cover));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Override"), e.what());
    }
}

bool GridPane::readSheetRequest(print::CampaignPrintRequest& request)
{
    double copies = 0;
    if (!parseNumber(m_copies->GetValue().ToStdString(wxConvUTF8), copies) || copies < 1 || copies > 100
        || copies != std::floor(copies)) {
        m_workbench.showError(translated("Campaign sheets"), translated("Copies must be a whole number from 1 to 100."));
        return false;
    }
    request.copies = static_cast<int>(copies);
    request.page = print::parsePageSize(m_page->GetStringSelection().ToStdString(wxConvUTF8));
    request.playerAid = m_playerAid->GetValue();
    return true;
}

void GridPane::previewSheets()
{
    const core::document::Document* doc = m_workbench.document();
    print::CampaignPrintRequest request;
    if (!doc || !campaign() || !readSheetRequest(request))
        return;
    std::filesystem::path folder;
    try {
        folder = temporaryFolder("sandtable-sheet-preview");
        m_tabs->SetSelection(1);
        request.copies = 1;
        request.playerAid = false; // the preview shows a sheet; its note counts the pages of one copy
        request.format = print::MapOutputFormat::Png;
        // The page, in either orientation, within the tab (its width, and its height below the buttons).
        const double longSideInches = std::max(request.page.widthMm, request.page.heightMm) / 25.4;
        const wxSize room = m_tabs->GetClientSize();
        request.pngDpi = std::clamp(std::min(room.x - 16, room.y - 90) / longSideInches, 20.0, 150.0);
        app::CampaignSheetsJob job{doc->path(), folder / "sheet.png", request, m_underlay->GetValue(), request.pngDpi};
        const print::CampaignPrintResult result = app::printCampaignSheets(doc->scenario(), job, {}).result;
        const wxImage image = loadFirstPage(result.files, "sheet preview");
        m_sheet->SetBitmap(wxBitmap(image));
        m_sheetNote->SetLabel(wxString::FromUTF8(core::i18n::format(translated("Page 1 of {1} per copy at {2} (one square = {3} mm)"),
            {std::to_string(result.pages), formatScale(result.scaleDenominator),
                core::i18n::formatNumber(print::paperMillimetres(campaign()->grid.squareSize, result.scaleDenominator), 1)})));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Campaign sheets"), e.what());
    }
    std::error_code ec;
    if (!folder.empty())
        std::filesystem::remove_all(folder, ec);
    Layout();
}

void GridPane::printSheets()
{
    const core::document::Document* doc = m_workbench.document();
    print::CampaignPrintRequest request;
    if (!doc || !campaign() || !readSheetRequest(request))
        return;
    wxFileDialog dialog(this, _("Print campaign sheets to PDF"), "", "campaign-sheets.pdf", _("PDF files (*.pdf)|*.pdf"),
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path output = dialog.GetPath().ToStdString(wxConvUTF8);
    const core::Scenario scenario = doc->scenario();
    print::CampaignPrintResult result;
    std::vector<std::string> notices;
    // The one function `sandtable grid print` calls, with the same options (issue 42 item 1).
    const app::CampaignSheetsJob job{doc->path(), output, request, m_underlay->GetValue(), 150.0};
    const bool done = m_workbench.runLongJob(translated("Printing the campaign sheets"), [&](const core::util::ProgressCallback& progress) {
        app::Reporter reporter{progress, [&notices](const std::string& text) { notices.push_back(text); }};
        result = app::printCampaignSheets(scenario, job, reporter).result;
    });
    if (done) {
        std::string status = wxString::Format(wxPLURAL("%s: %d page", "%s: %d pages", static_cast<int>(result.pages)),
            wxString::FromUTF8(output.string()), static_cast<int>(result.pages)).utf8_string();
        for (const std::string& n : notices)
            status += ". " + n;
        m_workbench.setStatusText(status);
    }
}

void GridPane::onRoll()
{
    core::document::Document* doc = m_workbench.document();
    const core::Campaign* c = campaign();
    if (!doc || !c)
        return;
    unsigned long long seed = 0;
    if (!m_seed->GetValue().ToULongLong(&seed)) {
        m_workbench.showError(translated("Roll"), translated("The seed must be a whole number from 0 to 18446744073709551615."));
        return;
    }
    try {
        doc->apply(core::document::operations::rollSecondaryTerrain(doc->scenario(), seed,
            m_region->GetStringSelection().ToStdString(wxConvUTF8)));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Roll"), e.what());
    }
}

} // namespace

void installGridPane(Workbench& workbench)
{
    auto* pane = new GridPane(workbench.window(), workbench);
    workbench.panes().AddPane(pane, wxAuiPaneInfo().Name("grid").Caption(_("Campaign grid")).Right().BestSize(460, 640)
                                        .MinSize(360, 400).Hide());
    workbench.panes().Update();
    workbench.addCommand(ActionInfo{"grid.show_panel", wxTRANSLATE("Campaign &grid"), "", wxTRANSLATE("Grid over the map, square inspector")},
        [&workbench, pane] {
            showPane(workbench, "grid");
            pane->pickFirst();
        });
    workbench.addCommand(ActionInfo{"grid.preview_sheets", wxTRANSLATE("Sheet pre&view"), "", wxTRANSLATE("The first campaign sheet as it prints")},
        [&workbench, pane] {
            showPane(workbench, "grid");
            pane->previewSheets();
        });
    workbench.addCommand(ActionInfo{"grid.print_sheets", wxTRANSLATE("&Print sheets to PDF..."), "", wxTRANSLATE("Every campaign sheet, N copies")},
        [&workbench, pane] {
            showPane(workbench, "grid");
            pane->printSheets();
        });
    workbench.addCommand(ActionInfo{"grid.inspect", wxTRANSLATE("&Inspect square"), "", wxTRANSLATE("Click a square on the map")},
        [&workbench, pane] {
            showPane(workbench, "grid");
            pane->startInspecting();
        });
}

} // namespace sandtable::editor::ui::panes
