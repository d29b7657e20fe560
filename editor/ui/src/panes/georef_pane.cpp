// SPDX-License-Identifier: GPL-3.0-or-later
// The georeferencing workspace: the scan beside the map (or overlaid on it with transparency), GCP pairs
// added by a click on the scan then one on the map (tool "gcp.add") or typed, a live residual table worst
// first, residual arrows on the scan, the method chooser with its guidance, .points import/export, and a
// warp through the long-job runner. Every GCP edit is one undoable MapChange.
#include "pane_support.hpp"
#include "panes_internal.hpp"

#include "sandtable/app/georeference.hpp"
#include "sandtable/app/warp_scan.hpp"
#include "sandtable/core/document/reference_operations.hpp"
#include "sandtable/core/util/angle_text.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/i18n/number_entry.hpp"
#include "sandtable/editor/logic/affine.hpp"
#include "sandtable/editor/logic/panes/georef_workspace.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/gcp_fit.hpp"
#include "sandtable/app/georef_report.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/geo/map_raster.hpp"
#include "sandtable/geo/points_file.hpp"
#include "sandtable/geo/reference_layer.hpp"
#include "sandtable/geo/warp.hpp"
#include "sandtable/print/georef_report_print.hpp"
#include "sandtable/editor/ui/map_canvas.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/editor/ui/view_report.hpp"

#include <wx/aui/aui.h>
#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/splitter.h>
#include <wx/choicdlg.h>
#include <wx/choice.h>
#include <wx/combobox.h>
#include <wx/dcbuffer.h>
#include <wx/filedlg.h>
#include <wx/graphics.h>
#include <wx/listctrl.h>
#include <wx/panel.h>
#include <wx/sizer.h>
#include <wx/wrapsizer.h>
#include <wx/slider.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace sandtable::editor::ui::panes {
namespace {

namespace logic = sandtable::editor::panes;

class GeorefPane;

/// Draws the scan through its affine fit with the chosen opacity, and the GCPs' map points.
class GeorefOverlay : public CanvasOverlay {
public:
    explicit GeorefOverlay(GeorefPane& pane) : m_pane(pane) {}
    void draw(wxGraphicsContext& gc, const ViewTransform& view) override;

private:
    GeorefPane& m_pane;
};

/// "gcp.add": a left click on the map completes the pending GCP pair (or fills the map fields).
class GcpAddTool : public CanvasTool {
public:
    explicit GcpAddTool(GeorefPane& pane) : m_pane(pane) {}
    std::string name() const override { return "gcp.add"; }
    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override;
    void draw(wxGraphicsContext& /*gc*/, const ViewTransform& /*view*/) override {}

private:
    GeorefPane& m_pane;
};

/// The scan in a canvas of its own beside the map (issue 46 item 1): every pixel of it through the map
/// canvas's tiled raster layer, the wheel zooming about the cursor, + and - about the centre, a drag (left or
/// middle button) or the arrow keys panning, Home fitting; a click (a press that does not move) picks a GCP's
/// scan point. World coordinates are (pixel, -line), so that the north-up view transform shows the scan upright.
class ScanCanvas : public wxWindow {
public:
    ScanCanvas(wxWindow* parent, GeorefPane& pane);
    ~ScanCanvas() override;
    /// Opens the scan at `path` (none: empty path) and fits it; a scan GDAL cannot read leaves the canvas
    /// empty and returns why.
    std::string setScan(const std::filesystem::path& path);
    void fit();

private:
    void onPaint(wxPaintEvent&);
    void onMouse(wxMouseEvent& event);
    void onWheel(wxMouseEvent& event);
    void onKey(wxKeyEvent& event);
    void changed(bool byUser);
    /// Scan pixel/line <-> canvas pixels.
    wxPoint2DDouble toPanel(double pixel, double line) const
    {
        const Point p = m_view.worldToScreen({pixel, -line});
        return {p.x, p.y};
    }
    wxPoint2DDouble toScan(wxPoint p) const
    {
        const core::Coordinate w = m_view.screenToWorld({static_cast<double>(p.x), static_cast<double>(p.y)});
        return {w.x, -w.y};
    }

    GeorefPane& m_pane;
    std::unique_ptr<RasterLayer> m_raster;
    ViewTransform m_view;
    bool m_fitted = true;
    bool m_dragging = false;
    bool m_moved = false;
    wxPoint m_start;
    wxPoint m_last;
};

class GeorefPane : public wxPanel {
public:
    GeorefPane(wxWindow* parent, Workbench& workbench);

    // Read by the view, overlay and tool.
    const wxImage& thumbnail() const { return m_thumbnail; }
    const wxBitmap& thumbnailBitmap() const { return m_thumbnailBitmap; }
    /// The thumbnail with its alpha scaled by the opacity slider (rebuilt when the slider moves).
    const wxBitmap& overlayBitmap();
    double thumbnailScale() const { return m_thumbnailScale; }
    const std::vector<logic::ResidualRow>& rows() const { return m_rows; }
    const std::vector<core::ScanPlace>& places() const { return m_places->places(); }
    void makeTerrainOfPlace() { m_places->make(); }
    const std::vector<geo::FitPoint>& fitPoints() const { return m_fitPoints; }
    std::optional<std::array<double, 6>> affine() const;
    double exaggeration() const { return m_exaggeration->GetValue(); }
    double opacity() const { return m_opacity->GetValue() / 100.0; }
    int selectedId() const { return m_selectedId; }
    const std::optional<wxPoint2DDouble>& pending() const { return m_pending; }
    int scanWidth() const;
    int scanHeight() const;

    /// A GCP as the map canvas draws it, in the view's CRS: its map point and, when a fit (or, refused, the fit
    /// of the others) places its scan pixel, where that is.
    struct MapMark {
        int id = 0;
        bool enabled = true;
        core::Coordinate given;
        std::optional<core::Coordinate> fitted;
    };
    /// The GCPs in `crs` (the map canvas's view CRS; empty: none), transformed from the fit's CRS once per CRS.
    const std::vector<MapMark>& mapMarks(const std::string& crs);
    const std::string& viewCrs() { return m_workbench.canvas().viewCrs(); }

    void scanClicked(double pixel, double line);
    void startAdding()
    {
        m_workbench.setTool(m_tool);
        m_workbench.setStatusText(translated("GCP: click a point on the scan, then the same place on the map"));
    }
    void mapClicked(core::Coordinate world);
    void refresh();
    /// Asks for a PDF and writes the georeferencing report there (app::writeGeorefReport).
    void onReport();
    /// Warps the scan through the fit (app::warpScanFile, as `map warp`); the map then draws the warped scan.
    void onWarp();
    /// The table's first (worst) row and the Warp button for scripted drives (reportPlace).
    void reportPlaces();

private:
    // The controls below the scan, each row with its own handlers (the constructor's parts).
    /// Method, Pick on map, Warp..., Report...
    wxSizer* makeMethodRow(wxWindow* controls);
    /// The .points files, the scan drawn over the map, the arrows' lengthening.
    wxSizer* makeLooksRow(wxWindow* controls);
    /// The GCPs' CRS and the CRS the fit is computed in.
    wxSizer* makeCrsRow(wxWindow* controls);
    /// The reference layer chosen, shown, its opacity, over or under the scan.
    wxSizer* makeReferenceRow(wxWindow* controls);
    /// m_table: the GCPs with their residuals, each switched on or off, Delete deleting the chosen one.
    void makeGcpTable(wxWindow* controls);
    /// The chosen (or pending) GCP's numbers and the Add, Move and Delete buttons.
    wxSizer* makeGcpFields(wxWindow* controls);
    /// Once the pane has its size, the sash placed to give the controls the height they need.
    void sizeControlsOnce(wxSplitterWindow* splitter, wxWindow* controls, wxSizer* sizer);
    const core::Georeference* georeference() const;
    std::filesystem::path scanPath() const;
    void loadThumbnail();
    void refit();
    void fillTable();
    void fillFields(double pixel, double line, std::optional<core::Coordinate> map);
    /// The GDAL fit core's GCP operations refit with (geo::fitGcps, in the target CRS).
    /// Applies one GCP operation's edit (refitted inside the operation), reporting a failure under `label`.
    /// False (after the error dialog) when the operation refused.
    bool commit(const std::string& label, const std::function<core::document::Edit(const core::Scenario&)>& operation);
    bool readFields(logic::GcpPosition& position);
    core::Coordinate toGcpCrs(core::Coordinate working) const;
    /// The CRS new GCPs' map coordinates are typed in: the georeference's, else the one chosen in the
    /// "Map points in" box (EPSG:4326 by default when the scenario has no projected working CRS).
    std::string gcpCrs() const;
    bool gcpCrsIsGeographic() const;
    /// Fills the two CRS boxes and the map-field labels from the georeference (or the defaults).
    void fillCrsControls();
    void onGcpCrs();
    void onTargetCrs();
    /// The fit's figures (or why there is none) in the status bar.
    void announceFit()
    {
        const std::string figures = m_figures->GetLabel().ToStdString(wxConvUTF8);
        m_workbench.setStatusText(core::i18n::format(translated("Georeferencing: {1}"), {m_refusal.empty() ? figures : m_refusal}));
    }

    /// The reference row from the chosen layer (the choice refilled from the scenario's layers).
    void fillReferenceControls();
    /// Changes the chosen reference layer through `change`, one undo step labelled `label` (`mergeKey`: edits
    /// of a slider's drag merge).
    void restyleReference(const std::string& label, const std::string& mergeKey, const std::function<void(core::ReferenceLayer&)>& change);

    void onAdd();
    void onUpdate();
    void onDelete();
    void onMethod();
    void onImport();
    void onExport();

    Workbench& m_workbench;
    std::unique_ptr<DocumentWatch> m_watch;
    ScanCanvas* m_scan = nullptr;
    std::filesystem::path m_scanShown; ///< the scan m_scan shows
    ScanPlacesBar* m_places = nullptr;
    std::string m_refusal; ///< why the current GCPs are not fitted ("" when they are, or too few)
    wxChoice* m_method = nullptr;
    wxButton* m_warpButton = nullptr;
    wxChoice* m_reference = nullptr;
    wxCheckBox* m_referenceShown = nullptr;
    wxSlider* m_referenceOpacity = nullptr;
    wxCheckBox* m_referenceOver = nullptr;
    wxSlider* m_opacity = nullptr;
    wxSpinCtrlDouble* m_exaggeration = nullptr;
    wxStaticText* m_guidance = nullptr;
    wxStaticText* m_figures = nullptr;
    wxListCtrl* m_table = nullptr;
    wxTextCtrl* m_pixel = nullptr;
    wxTextCtrl* m_line = nullptr;
    wxTextCtrl* m_mapX = nullptr;
    wxTextCtrl* m_mapY = nullptr;
    wxStaticText* m_mapXLabel = nullptr;
    wxStaticText* m_mapYLabel = nullptr;
    wxComboBox* m_gcpCrsBox = nullptr;
    wxComboBox* m_targetCrsBox = nullptr;
    std::string m_chosenGcpCrs;                 ///< before the georeference exists
    mutable std::string m_describedCrs;         ///< gcpCrsIsGeographic's cache key
    mutable bool m_describedGeographic = false;
    wxImage m_thumbnail;
    wxBitmap m_thumbnailBitmap;
    wxBitmap m_overlayBitmap;
    int m_overlayOpacity = -1;
    double m_thumbnailScale = 1.0;
    std::filesystem::path m_thumbnailPath;
    std::vector<logic::ResidualRow> m_rows;
    std::vector<geo::FitPoint> m_fitPoints;
    std::optional<geo::GcpFit> m_fit;
    std::string m_fitUnit = "m";
    std::string m_fitCrs;
    int m_selectedId = 0;
    std::optional<wxPoint2DDouble> m_pending;
    std::vector<MapMark> m_marks;      ///< in the fit's CRS, from refit()
    std::vector<MapMark> m_viewMarks;  ///< m_marks in m_viewMarksCrs
    std::string m_viewMarksCrs;
    bool m_viewMarksValid = false;
    bool m_sashPlaced = false;
    bool m_looShown = false; ///< the table holds leave-one-out residuals of a refused fit
    bool m_filling = false;
    std::shared_ptr<GeorefOverlay> m_overlay;
    std::shared_ptr<GcpAddTool> m_tool;
};

// -------------------------------------------------------------------------------------------- ScanCanvas

/// A residual arrow, red, from `from` to `to` (canvas pixels), its head at `to`; nothing when shorter than a pixel.
void drawArrow(wxGraphicsContext& gc, Point from, Point to)
{
    if (std::hypot(to.x - from.x, to.y - from.y) < 1.0)
        return;
    gc.SetPen(wxPen(wxColour(230, 30, 30), 2));
    gc.StrokeLine(from.x, from.y, to.x, to.y);
    const double angle = std::atan2(to.y - from.y, to.x - from.x);
    for (double side : {-0.45, 0.45})
        gc.StrokeLine(to.x, to.y, to.x - 8 * std::cos(angle + side), to.y - 8 * std::sin(angle + side));
}

namespace {
constexpr double kScanZoomStep = 1.25;
constexpr int kScanClickSlop = 3;
constexpr double kScanFitMargin = 8.0;
} // namespace

ScanCanvas::ScanCanvas(wxWindow* parent, GeorefPane& pane)
    : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxWANTS_CHARS | wxFULL_REPAINT_ON_RESIZE), m_pane(pane)
{
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    SetMinSize(wxSize(280, 160));
    Bind(wxEVT_PAINT, &ScanCanvas::onPaint, this);
    for (const auto type : {wxEVT_LEFT_DOWN, wxEVT_LEFT_UP, wxEVT_MIDDLE_DOWN, wxEVT_MIDDLE_UP, wxEVT_MOTION})
        Bind(type, &ScanCanvas::onMouse, this);
    Bind(wxEVT_MOUSEWHEEL, &ScanCanvas::onWheel, this);
    Bind(wxEVT_KEY_DOWN, &ScanCanvas::onKey, this);
    Bind(wxEVT_MOUSE_CAPTURE_LOST, [this](wxMouseCaptureLostEvent&) { m_dragging = false; });
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        const wxSize size = GetClientSize();
        m_view.setViewportSize(size.x, size.y);
        if (m_fitted)
            fit();
        Refresh();
        CallAfter([this] { m_pane.reportPlaces(); }); // the sash moved the controls
        e.Skip();
    });
}

ScanCanvas::~ScanCanvas()
{
    m_raster.reset();
    if (HasCapture())
        ReleaseMouse();
}

std::string ScanCanvas::setScan(const std::filesystem::path& path)
{
    m_raster.reset();
    std::string failure;
    if (!path.empty()) {
        try {
            m_raster = std::make_unique<RasterLayer>(std::make_unique<RasterSource>(path), Affine2D::scaling(1.0, -1.0));
            // Called on the loader thread: queue a repaint (the layer joins its thread before the canvas dies).
            m_raster->setOnTileReady([this] { CallAfter([this] { Refresh(); }); });
        } catch (const std::exception& e) {
            failure = e.what();
        }
    }
    fit();
    return failure;
}

void ScanCanvas::fit()
{
    m_fitted = true;
    const wxSize size = GetClientSize();
    m_view.setViewportSize(size.x, size.y);
    const int w = m_pane.scanWidth(), h = m_pane.scanHeight();
    if (w > 0 && h > 0)
        m_view.fitExtent(core::Extent{0.0, -static_cast<double>(h), static_cast<double>(w), 0.0}, kScanFitMargin);
    changed(false);
}

void ScanCanvas::changed(bool byUser)
{
    if (byUser)
        m_fitted = false;
    reportView("scan", *this, m_view, "");
    Refresh();
}

void ScanCanvas::onMouse(wxMouseEvent& event)
{
    const wxPoint p = event.GetPosition();
    const wxEventType type = event.GetEventType();
    if (type == wxEVT_LEFT_DOWN || type == wxEVT_MIDDLE_DOWN) {
        SetFocus();
        if (!HasCapture())
            CaptureMouse();
        m_dragging = true;
        m_moved = type == wxEVT_MIDDLE_DOWN; // a middle press only pans
        m_start = m_last = p;
        return;
    }
    if (type == wxEVT_MOTION && m_dragging && (event.LeftIsDown() || event.MiddleIsDown())) {
        if (std::abs(p.x - m_start.x) > kScanClickSlop || std::abs(p.y - m_start.y) > kScanClickSlop)
            m_moved = true;
        if (m_moved) {
            m_view.panBy(p.x - m_last.x, p.y - m_last.y);
            m_last = p;
            changed(true);
        }
        return;
    }
    if (type == wxEVT_LEFT_UP || type == wxEVT_MIDDLE_UP) {
        if (HasCapture())
            ReleaseMouse();
        const bool click = m_dragging && !m_moved && type == wxEVT_LEFT_UP;
        m_dragging = false;
        if (!click || !m_raster)
            return;
        const wxPoint2DDouble scan = toScan(p);
        if (scan.m_x < 0 || scan.m_y < 0 || scan.m_x > m_pane.scanWidth() || scan.m_y > m_pane.scanHeight())
            return;
        m_pane.scanClicked(scan.m_x, scan.m_y);
    }
}

void ScanCanvas::onWheel(wxMouseEvent& event)
{
    const int delta = event.GetWheelDelta() > 0 ? event.GetWheelDelta() : 120;
    const double notches = static_cast<double>(event.GetWheelRotation()) / delta;
    if (notches == 0.0 || event.GetWheelAxis() != wxMOUSE_WHEEL_VERTICAL)
        return;
    const wxPoint p = event.GetPosition();
    m_view.zoomAbout({static_cast<double>(p.x), static_cast<double>(p.y)}, std::pow(kScanZoomStep, notches));
    changed(true);
}

void ScanCanvas::onKey(wxKeyEvent& event)
{
    const Point centre{m_view.viewportWidth() / 2.0, m_view.viewportHeight() / 2.0};
    switch (event.GetKeyCode()) {
    case '+':
    case '=':
    case WXK_NUMPAD_ADD:
        m_view.zoomAbout(centre, kScanZoomStep);
        break;
    case '-':
    case WXK_NUMPAD_SUBTRACT:
        m_view.zoomAbout(centre, 1.0 / kScanZoomStep);
        break;
    case WXK_LEFT:
        m_view.panBy(60, 0);
        break;
    case WXK_RIGHT:
        m_view.panBy(-60, 0);
        break;
    case WXK_UP:
        m_view.panBy(0, 60);
        break;
    case WXK_DOWN:
        m_view.panBy(0, -60);
        break;
    case WXK_HOME:
        fit();
        return;
    default:
        event.Skip();
        return;
    }
    changed(true);
}

void ScanCanvas::onPaint(wxPaintEvent&)
{
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(wxBrush(wxColour(60, 60, 60)));
    dc.Clear();
    m_view.setContentScale(GetContentScaleFactor());
    reportView("scan", *this, m_view, "");
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (!gc)
        return;
    if (!m_raster) {
        gc->SetFont(GetFont(), *wxWHITE);
        gc->DrawText(_("No scan: open a scenario whose map raster exists"), 8, 8);
        return;
    }
    m_raster->draw(*gc, m_view);
    const wxImage& image = m_pane.thumbnail();
    if (!image.IsOk()) {
        gc->SetFont(GetFont(), *wxWHITE);
        gc->DrawText(_("No scan: open a scenario whose map raster exists"), 8, 8);
        return;
    }
    gc->SetFont(GetFont(), *wxWHITE);

    // Named places read off the scan: areas dashed, points as diamonds, each with its name.
    const wxColour placeColour(255, 120, 0);
    for (const core::ScanPlace& place : m_pane.places()) {
        gc->SetPen(wxPen(placeColour, 2, place.isArea() ? wxPENSTYLE_SHORT_DASH : wxPENSTYLE_SOLID));
        gc->SetBrush(*wxTRANSPARENT_BRUSH);
        wxGraphicsPath path = gc->CreatePath();
        double sumX = 0, sumY = 0;
        for (std::size_t k = 0; k < place.pixels.size(); ++k) {
            const wxPoint2DDouble p = toPanel(place.pixels[k].x, place.pixels[k].y);
            sumX += p.m_x;
            sumY += p.m_y;
            if (k == 0)
                path.MoveToPoint(p);
            else
                path.AddLineToPoint(p);
        }
        const double n = static_cast<double>(place.pixels.size());
        wxPoint2DDouble at(sumX / n, sumY / n);
        if (place.isArea()) {
            path.CloseSubpath();
        } else {
            path = gc->CreatePath();
            path.MoveToPoint(at.m_x, at.m_y - 6);
            path.AddLineToPoint(at.m_x + 6, at.m_y);
            path.AddLineToPoint(at.m_x, at.m_y + 6);
            path.AddLineToPoint(at.m_x - 6, at.m_y);
            path.CloseSubpath();
            at.m_x += 8;
        }
        gc->StrokePath(path);
        gc->SetFont(GetFont(), placeColour);
        double w = 0, h = 0;
        gc->GetTextExtent(wxString::FromUTF8(place.name), &w, &h);
        const double left = place.isArea() ? at.m_x - w / 2 : at.m_x;
        // On a dark plate, so that the name reads on any scan.
        gc->SetPen(*wxTRANSPARENT_PEN);
        gc->SetBrush(wxBrush(wxColour(0, 0, 0, 170)));
        gc->DrawRoundedRectangle(left - 3, at.m_y - h / 2 - 1, w + 6, h + 2, 3);
        gc->DrawText(wxString::FromUTF8(place.name), left, at.m_y - h / 2);
    }

    std::vector<logic::ResidualRow> rows = m_pane.rows();
    for (const logic::ResidualRow& row : rows) {
        const wxPoint2DDouble p = toPanel(row.pixel, row.line);
        const bool selected = row.id == m_pane.selectedId();
        const wxColour colour = !row.enabled ? wxColour(150, 150, 150) : selected ? wxColour(255, 200, 0) : wxColour(0, 200, 255);
        // Residual arrow, exaggerated.
        if (row.residualPx > 0) {
            const logic::ScanArrow a = logic::residualArrow(row, m_pane.exaggeration());
            const wxPoint2DDouble to = toPanel(a.toPixel, a.toLine);
            drawArrow(*gc, {p.m_x, p.m_y}, {to.m_x, to.m_y});
        }
        gc->SetPen(wxPen(colour, selected ? 3 : 2));
        gc->StrokeLine(p.m_x - 6, p.m_y, p.m_x + 6, p.m_y);
        gc->StrokeLine(p.m_x, p.m_y - 6, p.m_x, p.m_y + 6);
        gc->SetFont(GetFont(), colour);
        gc->DrawText(wxString::Format("%d", row.id), p.m_x + 5, p.m_y + 3);
    }
    if (const auto& pending = m_pane.pending()) {
        const wxPoint2DDouble p = toPanel(pending->m_x, pending->m_y);
        gc->SetPen(wxPen(wxColour(255, 0, 255), 2));
        gc->SetBrush(*wxTRANSPARENT_BRUSH);
        gc->DrawEllipse(p.m_x - 7, p.m_y - 7, 14, 14);
    }
}

// ------------------------------------------------------------------------------------ overlay and tool

void GeorefOverlay::draw(wxGraphicsContext& gc, const ViewTransform& view)
{
    if (!m_pane.IsShownOnScreen())
        return;
    const double opacity = m_pane.opacity();
    const auto gt = m_pane.affine();
    if (opacity > 0 && gt && m_pane.thumbnail().IsOk()) {
        // thumbnail pixel -> scan pixel -> world -> screen.
        const double s = m_pane.thumbnailScale();
        const Affine2D m = view.worldToScreenMatrix() * Affine2D::fromGeoTransform(*gt) * Affine2D::scaling(1.0 / s, 1.0 / s);
        const wxBitmap& bitmap = m_pane.overlayBitmap();
        gc.PushState();
        gc.ConcatTransform(gc.CreateMatrix(m.a, m.b, m.c, m.d, m.e, m.f));
        gc.DrawBitmap(bitmap, 0, 0, bitmap.GetWidth(), bitmap.GetHeight());
        gc.PopState();
    }
    gc.SetFont(*wxNORMAL_FONT, wxColour(200, 0, 120));
    const double exaggeration = m_pane.exaggeration();
    for (const GeorefPane::MapMark& mark : m_pane.mapMarks(m_pane.viewCrs())) {
        const Point q = view.worldToScreen(mark.given);
        // The residual arrow: from the GCP's map point towards where the fit puts its scan pixel, lengthened as on
        // the scan (the same red, so the two canvases read alike).
        if (mark.fitted) {
            const core::Coordinate head{mark.given.x + (mark.fitted->x - mark.given.x) * exaggeration,
                mark.given.y + (mark.fitted->y - mark.given.y) * exaggeration};
            drawArrow(gc, {q.x, q.y}, view.worldToScreen(head));
        }
        gc.SetPen(wxPen(mark.enabled ? wxColour(200, 0, 120) : wxColour(140, 140, 140), mark.id == m_pane.selectedId() ? 3 : 2));
        gc.StrokeLine(q.x - 7, q.y - 7, q.x + 7, q.y + 7);
        gc.StrokeLine(q.x - 7, q.y + 7, q.x + 7, q.y - 7);
        gc.DrawText(wxString::Format("%d", mark.id), q.x + 6, q.y + 2);
    }
}

bool GcpAddTool::onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& /*view*/)
{
    if (!event.LeftDown())
        return event.LeftUp() || event.Dragging();
    m_pane.mapClicked(world);
    return true;
}

// ---------------------------------------------------------------------------------------------- the pane

wxTextCtrl* numberField(wxWindow* parent)
{
    return new wxTextCtrl(parent, wxID_ANY, "", wxDefaultPosition, wxSize(84, -1), wxTE_PROCESS_ENTER);
}

GeorefPane::GeorefPane(wxWindow* parent, Workbench& workbench) : wxPanel(parent, wxID_ANY), m_workbench(workbench)
{
    // The scan's canvas above, the controls below; the sash keeps where the person puts it.
    auto* splitter = new wxSplitterWindow(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    splitter->SetMinimumPaneSize(140);
    splitter->SetSashGravity(0.5);
    m_scan = new ScanCanvas(splitter, *this);
    auto* controls = new wxPanel(splitter, wxID_ANY);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(makeMethodRow(controls), 0, wxEXPAND | wxALL, 4);
    wxSizer* looks = makeLooksRow(controls);
    sizer->Add(makeCrsRow(controls), 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 4);
    sizer->Add(makeReferenceRow(controls), 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 4);

    // One line each, cut with "..." where the pane is narrower (French and German run longer); the whole
    // line is the tool tip.
    m_guidance = new wxStaticText(controls, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    m_figures = new wxStaticText(controls, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    sizer->Add(m_guidance, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 4);
    sizer->Add(m_figures, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 4);

    makeGcpTable(controls);
    sizer->Add(m_table, 1, wxEXPAND | wxALL, 4);
    sizer->Add(makeGcpFields(controls), 0, wxLEFT | wxRIGHT | wxTOP, 4);
    sizer->Add(looks, 0, wxEXPAND | wxALL, 4);
    m_places = new ScanPlacesBar(controls, m_workbench);
    sizer->Add(m_places, 0, wxLEFT | wxRIGHT | wxBOTTOM, 4);
    controls->SetSizer(sizer);
    splitter->SplitHorizontally(m_scan, controls);
    sizeControlsOnce(splitter, controls, sizer);
    auto* outer = new wxBoxSizer(wxVERTICAL);
    outer->Add(splitter, 1, wxEXPAND);
    SetSizer(outer);

    m_overlay = std::make_shared<GeorefOverlay>(*this);
    m_tool = std::make_shared<GcpAddTool>(*this);

    Bind(wxEVT_SHOW, [this](wxShowEvent& e) {
        if (e.IsShown()) {
            CallAfter([this] { announceFit(); });
        } else if (m_workbench.canvas().tool() == m_tool) {
            // The workspace closed: its GCP tool goes with it (issue 46 item 4), the pending pair too.
            m_pending.reset();
            m_workbench.setTool(nullptr);
        }
        e.Skip();
    });
    m_workbench.addOverlay(m_overlay);
    m_watch = std::make_unique<DocumentWatch>(m_workbench, [this] { refresh(); });
    refresh();
}

wxSizer* GeorefPane::makeMethodRow(wxWindow* controls)
{
    // The rows wrap where the pane is narrower than their buttons (longer in French and German).
    auto* top = new wxWrapSizer(wxHORIZONTAL);
    top->Add(new wxStaticText(controls, wxID_ANY, _("Method")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_method = new wxChoice(controls, wxID_ANY);
    for (core::GeoreferenceMethod m : logic::chooserMethods())
        m_method->Append(core::toString(m));
    m_method->SetSelection(0);
    top->Add(m_method, 0, wxRIGHT, 8);
    auto* addTool = new wxButton(controls, wxID_ANY, _("Pick on map"));
    addTool->SetToolTip(_("Click a point on the scan, then its place on the map"));
    top->Add(addTool, 0, wxRIGHT, 4);
    auto* warpButton = new wxButton(controls, wxID_ANY, _("Warp..."));
    top->Add(warpButton, 0, wxRIGHT, 4);
    // The georeferencing report (issue 19 item 6): the PDF `raster georef --report` writes, from the current fit.
    auto* reportButton = new wxButton(controls, wxID_ANY, _("Report..."));
    reportButton->SetToolTip(_("Write the georeferencing report (PDF): method, CRSs, RMS, the scan with residual arrows, the GCP table"));
    top->Add(reportButton, 0);
    reportButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onReport(); });
    m_method->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { onMethod(); });
    addTool->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { startAdding(); });
    warpButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onWarp(); });
    m_warpButton = warpButton;
    return top;
}

wxSizer* GeorefPane::makeLooksRow(wxWindow* controls)
{
    // The less used: .points files, the scan drawn over the map, the arrows' lengthening (at the bottom).
    auto* looks = new wxWrapSizer(wxHORIZONTAL);
    auto* importButton = new wxButton(controls, wxID_ANY, _("Import .points..."));
    auto* exportButton = new wxButton(controls, wxID_ANY, _("Export .points..."));
    looks->Add(importButton, 0, wxRIGHT, 4);
    looks->Add(exportButton, 0, wxRIGHT, 8);
    looks->Add(new wxStaticText(controls, wxID_ANY, _("Scan over map")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_opacity = new wxSlider(controls, wxID_ANY, 0, 0, 100, wxDefaultPosition, wxSize(90, -1));
    m_opacity->SetToolTip(_("Opacity of the scan drawn over the working map through the current fit"));
    looks->Add(m_opacity, 0, wxRIGHT, 8);
    looks->Add(new wxStaticText(controls, wxID_ANY, _("Arrows x")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_exaggeration = new wxSpinCtrlDouble(controls, wxID_ANY, "", wxDefaultPosition, wxSize(120, -1), wxSP_ARROW_KEYS, 1, 1000, 10, 1);
    m_exaggeration->SetToolTip(_("Residual arrows on the scan and on the map are drawn this many times their length"));
    looks->Add(m_exaggeration, 0);
    importButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onImport(); });
    exportButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onExport(); });
    m_opacity->Bind(wxEVT_SLIDER, [this](wxCommandEvent&) { m_workbench.refreshCanvas(); });
    m_exaggeration->Bind(wxEVT_SPINCTRLDOUBLE, [this](wxSpinDoubleEvent&) {
        m_scan->Refresh();
        m_workbench.refreshCanvas(); // the arrows on the map too
    });
    return looks;
}

wxSizer* GeorefPane::makeCrsRow(wxWindow* controls)
{
    // The two CRSs (issue 19 item 3): what the typed or picked map coordinates are in, and where the fit is
    // computed. Fits are never made in degrees: a geographic target is refused, auto picks the UTM zone.
    auto* crsRow = new wxWrapSizer(wxHORIZONTAL);
    crsRow->Add(new wxStaticText(controls, wxID_ANY, _("Map points in")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_gcpCrsBox = new wxComboBox(controls, wxID_ANY, "", wxDefaultPosition, wxSize(190, -1), 0, nullptr, wxTE_PROCESS_ENTER);
    m_gcpCrsBox->SetToolTip(_("The CRS of the GCPs' map coordinates: EPSG:4326 for longitude/latitude typed in degrees "
                            "(decimal or degrees-minutes-seconds), or any EPSG:n. Changing it re-reads the numbers in "
                            "the new CRS and refits."));
    crsRow->Add(m_gcpCrsBox, 0, wxRIGHT, 8);
    crsRow->Add(new wxStaticText(controls, wxID_ANY, _("Fit in")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_targetCrsBox = new wxComboBox(controls, wxID_ANY, "", wxDefaultPosition, wxSize(190, -1), 0, nullptr, wxTE_PROCESS_ENTER);
    m_targetCrsBox->SetToolTip(_("The projected CRS the fit is computed in (RMS in its unit, metres): auto is the "
                               "working CRS, or the UTM zone of the GCPs when the scenario has none"));
    crsRow->Add(m_targetCrsBox, 0);
    m_gcpCrsBox->Bind(wxEVT_COMBOBOX, [this](wxCommandEvent&) { onGcpCrs(); });
    m_gcpCrsBox->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { onGcpCrs(); });
    m_targetCrsBox->Bind(wxEVT_COMBOBOX, [this](wxCommandEvent&) { onTargetCrs(); });
    m_targetCrsBox->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { onTargetCrs(); });
    return crsRow;
}

wxSizer* GeorefPane::makeReferenceRow(wxWindow* controls)
{
    // The reference layers drawn on the map (issue 46 item 1): each shown or hidden, its opacity, over or
    // under the scan; each change one undo step (core::document::operations::replaceReference).
    auto* referenceRow = new wxWrapSizer(wxHORIZONTAL);
    referenceRow->Add(new wxStaticText(controls, wxID_ANY, _("Reference")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_reference = new wxChoice(controls, wxID_ANY, wxDefaultPosition, wxSize(150, -1));
    referenceRow->Add(m_reference, 0, wxRIGHT, 4);
    m_referenceShown = new wxCheckBox(controls, wxID_ANY, _("Shown"));
    referenceRow->Add(m_referenceShown, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_referenceOpacity = new wxSlider(controls, wxID_ANY, 100, 0, 100, wxDefaultPosition, wxSize(100, -1));
    m_referenceOpacity->SetToolTip(_("Opacity of the reference layer on the map"));
    referenceRow->Add(m_referenceOpacity, 0, wxRIGHT, 4);
    m_referenceOver = new wxCheckBox(controls, wxID_ANY, _("Over the scan"));
    referenceRow->Add(m_referenceOver, 0, wxALIGN_CENTER_VERTICAL);
    m_reference->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { fillReferenceControls(); });
    m_referenceShown->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) {
        restyleReference(translated("Show reference layer"), "", [this](core::ReferenceLayer& r) { r.visible = m_referenceShown->GetValue(); });
    });
    m_referenceOver->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) {
        restyleReference(translated("Reference layer over the scan"), "", [this](core::ReferenceLayer& r) { r.overScan = m_referenceOver->GetValue(); });
    });
    // One undo step per drag of the slider (the edits of one layer's opacity merge).
    m_referenceOpacity->Bind(wxEVT_SLIDER, [this](wxCommandEvent&) {
        restyleReference(translated("Reference layer opacity"), "reference-opacity",
            [this](core::ReferenceLayer& r) { r.opacity = m_referenceOpacity->GetValue() / 100.0; });
    });
    return referenceRow;
}

void GeorefPane::makeGcpTable(wxWindow* controls)
{
    m_table = new wxListCtrl(controls, wxID_ANY, wxDefaultPosition, wxSize(-1, 130), wxLC_REPORT | wxLC_SINGLE_SEL);
    m_table->EnableCheckBoxes(true);
    m_table->SetMinSize(wxSize(-1, 120)); // a few GCP rows stay in view when the rows above wrap
    m_table->AppendColumn(_("GCP (on)"), wxLIST_FORMAT_LEFT, 110);
    m_table->AppendColumn(_("dx m"), wxLIST_FORMAT_RIGHT, 80);
    m_table->AppendColumn(_("dy m"), wxLIST_FORMAT_RIGHT, 80);
    m_table->AppendColumn(_("residual m"), wxLIST_FORMAT_RIGHT, 90);
    m_table->AppendColumn(_("residual px"), wxLIST_FORMAT_RIGHT, 90);
    auto onCheck = [this](wxListEvent& e, bool on) {
        if (m_filling)
            return;
        const int id = static_cast<int>(m_table->GetItemData(e.GetIndex()));
        commit(on ? translated("Enable GCP") : translated("Disable GCP"),
            [&](const core::Scenario& s) { return core::document::operations::enableGcp(s, id, on, geo::fitStoredGeoreference); });
    };
    m_table->Bind(wxEVT_LIST_ITEM_CHECKED, [onCheck](wxListEvent& e) { onCheck(e, true); });
    m_table->Bind(wxEVT_LIST_ITEM_UNCHECKED, [onCheck](wxListEvent& e) { onCheck(e, false); });
    // Delete deletes the chosen GCP, as the Delete button does.
    m_table->Bind(wxEVT_LIST_KEY_DOWN, [this](wxListEvent& e) {
        if (e.GetKeyCode() == WXK_DELETE)
            onDelete();
        else
            e.Skip();
    });
    m_table->Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        e.Skip();
        CallAfter([this] { reportPlaces(); });
    });
    m_table->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& e) {
        if (m_filling)
            return;
        m_selectedId = static_cast<int>(m_table->GetItemData(e.GetIndex()));
        if (const core::Georeference* g = georeference())
            for (const core::Gcp& gcp : g->gcps)
                if (gcp.id == m_selectedId)
                    fillFields(gcp.pixel, gcp.line, core::Coordinate{gcp.mapX, gcp.mapY});
        m_workbench.select(ObjectRef{ObjectRef::Kind::Gcp, std::to_string(m_selectedId)}, false);
        m_scan->Refresh();
        m_workbench.refreshCanvas();
    });
}

wxSizer* GeorefPane::makeGcpFields(wxWindow* controls)
{
    // The chosen (or pending) GCP's numbers, typed or picked, and what to do with them, on two lines.
    auto* fields = new wxFlexGridSizer(2, 5, 2, 4);
    m_pixel = numberField(controls);
    m_line = numberField(controls);
    m_mapX = numberField(controls);
    m_mapY = numberField(controls);
    fields->Add(new wxStaticText(controls, wxID_ANY, _("pixel")));
    fields->Add(new wxStaticText(controls, wxID_ANY, _("line")));
    m_mapXLabel = new wxStaticText(controls, wxID_ANY, _("map x"));
    m_mapYLabel = new wxStaticText(controls, wxID_ANY, _("map y"));
    fields->Add(m_mapXLabel);
    fields->Add(m_mapYLabel);
    fields->AddStretchSpacer();
    fields->Add(m_pixel);
    fields->Add(m_line);
    fields->Add(m_mapX);
    fields->Add(m_mapY);
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    auto* add = new wxButton(controls, wxID_ANY, _("Add"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    auto* update = new wxButton(controls, wxID_ANY, _("Move"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    auto* remove = new wxButton(controls, wxID_ANY, _("Delete"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    buttons->Add(add);
    buttons->Add(update);
    buttons->Add(remove);
    fields->Add(buttons);
    add->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onAdd(); });
    update->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onUpdate(); });
    remove->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { onDelete(); });
    return fields;
}

void GeorefPane::sizeControlsOnce(wxSplitterWindow* splitter, wxWindow* controls, wxSizer* sizer)
{
    // Once the pane has its size: the controls get the height they need at its width (their rows wrap), the scan
    // the rest; then the sash stays where the person puts it.
    splitter->Bind(wxEVT_SIZE, [this, splitter, controls, sizer](wxSizeEvent& e) {
        e.Skip();
        const wxSize size = splitter->GetClientSize();
        if (m_sashPlaced || size.y < 400)
            return;
        m_sashPlaced = true;
        CallAfter([splitter, controls, sizer] {
            const wxSize now = splitter->GetClientSize();
            sizer->SetDimension(wxPoint(0, 0), wxSize(now.x, 4000));
            const int need = sizer->CalcMin().y + 4;
            splitter->SetSashPosition(std::max(splitter->GetMinimumPaneSize(), now.y - need - splitter->GetSashSize()));
            controls->Layout();
        });
    });
}

const core::Georeference* GeorefPane::georeference() const
{
    const core::document::Document* doc = m_workbench.document();
    if (!doc || !doc->scenario().map || !doc->scenario().map->georeference)
        return nullptr;
    return &*doc->scenario().map->georeference;
}

std::filesystem::path GeorefPane::scanPath() const
{
    const core::document::Document* doc = m_workbench.document();
    if (!doc || !doc->scenario().map)
        return {};
    return geo::resolveMapPath(doc->scenario().map->path, m_workbench.scenarioFolder());
}

int GeorefPane::scanWidth() const
{
    const core::document::Document* doc = m_workbench.document();
    if (doc && doc->scenario().map && doc->scenario().map->width > 0)
        return doc->scenario().map->width;
    return m_thumbnail.IsOk() ? static_cast<int>(std::lround(m_thumbnail.GetWidth() / m_thumbnailScale)) : 0;
}

int GeorefPane::scanHeight() const
{
    const core::document::Document* doc = m_workbench.document();
    if (doc && doc->scenario().map && doc->scenario().map->height > 0)
        return doc->scenario().map->height;
    return m_thumbnail.IsOk() ? static_cast<int>(std::lround(m_thumbnail.GetHeight() / m_thumbnailScale)) : 0;
}

std::optional<std::array<double, 6>> GeorefPane::affine() const
{
    const core::Georeference* g = georeference();
    if (!g || g->transform.size() != 6)
        return std::nullopt;
    if (g->method != core::GeoreferenceMethod::Affine && g->method != core::GeoreferenceMethod::Helmert
        && g->method != core::GeoreferenceMethod::Poly1)
        return std::nullopt;
    std::array<double, 6> gt{};
    std::copy(g->transform.begin(), g->transform.end(), gt.begin());
    return gt;
}

void GeorefPane::loadThumbnail()
{
    const std::filesystem::path path = scanPath();
    if (path == m_thumbnailPath)
        return;
    m_thumbnailPath = path;
    m_thumbnail = wxImage();
    m_thumbnailBitmap = wxBitmap();
    m_overlayBitmap = wxBitmap();
    if (path.empty() || !std::filesystem::exists(path))
        return;
    try {
        m_thumbnail = readThumbnail(path, 2048, m_thumbnailScale);
        m_thumbnailBitmap = wxBitmap(m_thumbnail);
    } catch (const std::exception& e) {
        m_workbench.setStatusText(wxString::Format(_("Scan: %s"), wxString::FromUTF8(e.what())).utf8_string());
    }
}

const wxBitmap& GeorefPane::overlayBitmap()
{
    const int percent = m_opacity->GetValue();
    if (percent != m_overlayOpacity || !m_overlayBitmap.IsOk()) {
        wxImage image = m_thumbnail.Copy();
        if (!image.HasAlpha())
            image.InitAlpha();
        unsigned char* alpha = image.GetAlpha();
        const std::size_t n = static_cast<std::size_t>(image.GetWidth()) * static_cast<std::size_t>(image.GetHeight());
        for (std::size_t i = 0; i < n; ++i)
            alpha[i] = static_cast<unsigned char>(alpha[i] * percent / 100);
        m_overlayBitmap = wxBitmap(image);
        m_overlayOpacity = percent;
    }
    return m_overlayBitmap;
}

void GeorefPane::refit()
{
    m_rows.clear();
    m_marks.clear();
    m_viewMarksValid = false;
    m_looShown = false;
    m_fitPoints.clear();
    m_fit.reset();
    m_refusal.clear();
    const core::Georeference* g = georeference();
    if (!g) {
        m_guidance->SetLabel(m_workbench.document() && m_workbench.document()->scenario().map
                ? _("No GCPs yet: click a point on the scan, then its place on the map.")
                : _("The scenario has no map raster."));
        m_guidance->SetToolTip(m_guidance->GetLabel());
        m_figures->SetLabel("");
        m_figures->SetToolTip(m_figures->GetLabel());
        return;
    }
    int enabled = 0;
    for (const core::Gcp& gcp : g->gcps)
        enabled += gcp.enabled ? 1 : 0;
    const logic::MethodGuidance guidance = logic::methodGuidance(g->method, enabled);
    // Short of points: what the method needs and how many to add; else how many take part.
    std::string message = guidance.shortfall.empty()
        ? core::i18n::format(P_("{1}: {2} of {3} GCP enabled (at least {4} needed)",
                                 "{1}: {2} of {3} GCPs enabled (at least {4} needed)", g->gcps.size()),
              {core::toString(g->method), std::to_string(enabled), std::to_string(g->gcps.size()), std::to_string(guidance.minimum)})
        : guidance.needs + "\n" + guidance.shortfall;
    // The GCPs in the target CRS (the fit's frame), then the fit.
    try {
        const geo::FitFrame frame = geo::fitFrame(*g, m_workbench.document()->scenario().settings.crs);
        m_fitPoints = frame.points;
        m_fitUnit = frame.target.linearUnit == "metre" || frame.target.linearUnit.empty() ? "m" : frame.target.linearUnit;
        m_fitCrs = frame.targetCrs;
        if (const std::optional<std::string> why = geo::mirroredFit(m_fitPoints))
            throw core::util::OperationError("", "GCPs", *why);
        if (guidance.shortfall.empty())
            m_fit = geo::fitGcps(m_fitPoints, g->method);
    } catch (const std::exception& e) {
        m_refusal = core::i18n::format(translated("The fit is refused: {1}"), {e.what()});
        message += "\n" + m_refusal;
    }
    m_guidance->SetLabel(wxString::FromUTF8(message));
    m_guidance->SetToolTip(m_guidance->GetLabel());
    for (const geo::FitPoint& p : m_fitPoints)
        m_marks.push_back(MapMark{p.id, p.enabled, {p.x, p.y}, std::nullopt});
    if (m_fit) {
        for (std::size_t i = 0; i < m_fit->residuals.size(); ++i) {
            const geo::GcpResidual& r = m_fit->residuals[i];
            const core::Gcp& gcp = g->gcps[i];
            m_rows.push_back(logic::ResidualRow{r.id, r.enabled, gcp.pixel, gcp.line, r.dx, r.dy, r.residualMap, r.backPixel,
                r.backLine, r.residualPx});
            if (i < m_marks.size())
                m_marks[i].fitted = core::Coordinate{r.fittedX, r.fittedY};
        }
        std::string figures = core::i18n::format(P_("RMS {1} {2}, {3} px over {4} GCP in {5}", "RMS {1} {2}, {3} px over {4} GCPs in {5}",
                                                     static_cast<std::size_t>(m_fit->enabledCount)),
            {core::i18n::formatNumber(m_fit->rmsMap, 2), m_fitUnit, core::i18n::formatNumber(m_fit->rmsPx, 2),
                std::to_string(m_fit->enabledCount), m_fitCrs});
        figures += m_fit->meanErrorMap
            ? core::i18n::format(translated("; mean error {1} {2} (n - {3})"),
                  {core::i18n::formatNumber(*m_fit->meanErrorMap, 2), m_fitUnit, std::to_string(m_fit->minimum)})
            : translated("; mean error: none (n = minimum)");
        if (g->method == core::GeoreferenceMethod::Tps)
            figures += translated("; TPS residuals are leave-one-out");
        if (const std::optional<std::string> note = geo::redundancyNote(*m_fit))
            figures += "; " + *note;
        m_figures->SetLabel(wxString::FromUTF8(figures));
        m_figures->SetToolTip(m_figures->GetLabel());
    } else {
        // A refused fit still shows each GCP's residual against the fit of the others (leave-one-out), so the
        // misplaced one stands out at the top of the table (issue 46 item 1).
        std::vector<std::optional<geo::GcpResidual>> loo;
        if (!m_refusal.empty() && m_fitPoints.size() == g->gcps.size())
            loo = geo::leaveOneOutResiduals(m_fitPoints, g->method);
        bool any = false;
        for (std::size_t i = 0; i < g->gcps.size(); ++i) {
            const core::Gcp& gcp = g->gcps[i];
            if (i < loo.size() && loo[i]) {
                const geo::GcpResidual& r = *loo[i];
                m_rows.push_back(logic::ResidualRow{gcp.id, gcp.enabled, gcp.pixel, gcp.line, r.dx, r.dy, r.residualMap, r.backPixel,
                    r.backLine, r.residualPx});
                if (i < m_marks.size())
                    m_marks[i].fitted = core::Coordinate{r.fittedX, r.fittedY};
                any = true;
            } else {
                m_rows.push_back(logic::ResidualRow{gcp.id, gcp.enabled, gcp.pixel, gcp.line, 0, 0, 0, gcp.pixel, gcp.line, 0});
            }
        }
        m_looShown = any;
        m_figures->SetLabel(any ? _("No fit; residuals against the fit of the other GCPs (leave-one-out): the worst is first") : _("No fit"));
        m_figures->SetToolTip(m_figures->GetLabel());
    }
    m_rows = logic::worstFirst(std::move(m_rows));
}

void GeorefPane::fillTable()
{
    m_filling = true;
    m_table->DeleteAllItems();
    long index = 0;
    for (const logic::ResidualRow& r : m_rows) {
        const long item = m_table->InsertItem(index++, wxString::Format("%d", r.id));
        m_table->SetItemData(item, r.id);
        m_table->CheckItem(item, r.enabled);
        // A refused fit shows the leave-one-out residuals where the others could be fitted, "-" elsewhere.
        const bool fitted = m_fit.has_value() || (m_looShown && (r.residualMap > 0 || r.residualPx > 0));
        m_table->SetItem(item, 1, fitted ? core::i18n::formatNumber(r.dx, 1) : "-");
        m_table->SetItem(item, 2, fitted ? core::i18n::formatNumber(r.dy, 1) : "-");
        m_table->SetItem(item, 3, fitted ? core::i18n::formatNumber(r.residualMap, 1) : "-");
        m_table->SetItem(item, 4, fitted ? core::i18n::formatNumber(r.residualPx, 2) : "-");
        if (r.id == m_selectedId)
            m_table->SetItemState(item, wxLIST_STATE_SELECTED, wxLIST_STATE_SELECTED);
    }
    m_filling = false;
    reportPlaces();
}

void GeorefPane::reportPlaces()
{
    wxRect row;
    if (m_table->GetItemCount() > 0 && m_table->GetItemRect(0, row))
        reportPlace("gcp-table-row1", *m_table, row);
    reportPlace("button-warp", *m_warpButton, wxRect(m_warpButton->GetClientSize()));
    reportPlace("georef-pane", *this, wxRect(GetClientSize()));
}

void GeorefPane::refresh()
{
    loadThumbnail();
    if (const std::filesystem::path scan = scanPath(); scan != m_scanShown) {
        m_scanShown = scan;
        std::error_code ec;
        const std::string failure = m_scan->setScan(std::filesystem::is_regular_file(scan, ec) ? scan : std::filesystem::path());
        if (!failure.empty())
            m_workbench.setStatusText(wxString::Format(_("Scan: %s"), wxString::FromUTF8(failure)).utf8_string());
    }
    fillReferenceControls();
    if (const core::Georeference* g = georeference()) {
        const auto& methods = logic::chooserMethods();
        const auto at = std::find(methods.begin(), methods.end(), g->method);
        m_method->SetSelection(static_cast<int>(at - methods.begin()));
    }
    fillCrsControls();
    refit();
    fillTable();
    m_places->refresh();
    if (IsShownOnScreen())
        announceFit();
    m_guidance->GetParent()->Layout(); // the guidance may take another line
    Layout();
    m_scan->Refresh();
    m_workbench.refreshCanvas();
}

void GeorefPane::fillFields(double pixel, double line, std::optional<core::Coordinate> map)
{
    m_pixel->SetValue(fieldNumber(pixel, 2));
    m_line->SetValue(fieldNumber(line, 2));
    if (map) {
        m_mapX->SetValue(fieldNumber(map->x, 7));
        m_mapY->SetValue(fieldNumber(map->y, 7));
    }
}

core::Coordinate GeorefPane::toGcpCrs(core::Coordinate world) const
{
    // The map canvas's coordinates: the working CRS, or before the fit the reference layer's frame.
    const std::string viewCrs = m_workbench.canvas().viewCrs();
    const std::string to = gcpCrs();
    if (to.empty() || viewCrs.empty() || to == viewCrs)
        return world;
    return geo::transformPoints(viewCrs, to, {world}).front();
}

const std::vector<GeorefPane::MapMark>& GeorefPane::mapMarks(const std::string& crs)
{
    if (m_viewMarksValid && m_viewMarksCrs == crs)
        return m_viewMarks;
    m_viewMarksValid = true;
    m_viewMarksCrs = crs;
    m_viewMarks.clear();
    if (crs.empty() || m_marks.empty())
        return m_viewMarks;
    if (crs == m_fitCrs) {
        m_viewMarks = m_marks;
        return m_viewMarks;
    }
    try {
        std::vector<core::Coordinate> points;
        for (const MapMark& m : m_marks) {
            points.push_back(m.given);
            points.push_back(m.fitted.value_or(m.given));
        }
        const std::vector<core::Coordinate> moved = geo::transformPoints(m_fitCrs, crs, points);
        for (std::size_t i = 0; i < m_marks.size(); ++i)
            m_viewMarks.push_back(MapMark{m_marks[i].id, m_marks[i].enabled, moved[2 * i],
                m_marks[i].fitted ? std::optional<core::Coordinate>(moved[2 * i + 1]) : std::nullopt});
    } catch (const std::exception& e) {
        m_workbench.setStatusText(e.what());
    }
    return m_viewMarks;
}

void GeorefPane::fillReferenceControls()
{
    const core::document::Document* doc = m_workbench.document();
    const std::vector<core::ReferenceLayer> none;
    const auto& layers = doc ? doc->scenario().references : none;
    const wxString chosen = m_reference->GetStringSelection();
    m_reference->Clear();
    for (const core::ReferenceLayer& r : layers)
        m_reference->Append(wxString::FromUTF8(r.name));
    int at = m_reference->FindString(chosen, true);
    if (at == wxNOT_FOUND && !layers.empty())
        at = 0;
    m_reference->SetSelection(at);
    const bool any = at != wxNOT_FOUND;
    for (wxWindow* w : std::initializer_list<wxWindow*>{m_reference, m_referenceShown, m_referenceOpacity, m_referenceOver})
        w->Enable(any);
    m_reference->SetToolTip(any ? wxString() : _("No reference layer yet: Georeference > Add reference layer..."));
    if (!any)
        return;
    const core::ReferenceLayer& layer = layers[static_cast<std::size_t>(at)];
    m_referenceShown->SetValue(layer.visible);
    m_referenceOver->SetValue(layer.overScan);
    if (!m_referenceOpacity->HasCapture()) // the person is dragging it
        m_referenceOpacity->SetValue(static_cast<int>(std::lround(layer.opacity * 100)));
}

void GeorefPane::restyleReference(const std::string& label, const std::string& mergeKey, const std::function<void(core::ReferenceLayer&)>& change)
{
    core::document::Document* doc = m_workbench.document();
    if (!doc || m_reference->GetSelection() == wxNOT_FOUND)
        return;
    const core::ReferenceLayer* found = doc->scenario().findReference(m_reference->GetStringSelection().utf8_string());
    if (!found)
        return;
    core::ReferenceLayer layer = *found;
    change(layer);
    try {
        doc->apply(core::document::operations::replaceReference(doc->scenario(), layer, mergeKey.empty() ? std::string() : mergeKey + ":" + layer.name));
    } catch (const std::exception& e) {
        m_workbench.showError(label, e.what());
    }
}

namespace {

/// "EPSG:4326 (longitude/latitude)" -> "EPSG:4326": the CRS boxes show a description after the code.
std::string crsOfChoice(const wxString& text)
{
    std::string t = text.ToStdString(wxConvUTF8);
    while (!t.empty() && t.front() == ' ')
        t.erase(t.begin());
    if (t.rfind("EPSG:", 0) == 0 || t.rfind("epsg:", 0) == 0 || t.rfind("auto", 0) == 0) {
        const std::size_t space = t.find(' ');
        t = t.substr(0, space);
        if (t.rfind("epsg:", 0) == 0)
            t.replace(0, 5, "EPSG:");
    }
    while (!t.empty() && t.back() == ' ')
        t.pop_back();
    return t;
}

bool projectedOrLocal(const std::string& crs)
{
    if (crs.empty())
        return false;
    try {
        const geo::CrsDescription d = geo::describeCrs(crs);
        return d.projected || d.local;
    } catch (const std::exception&) {
        return false;
    }
}

} // namespace

std::string GeorefPane::gcpCrs() const
{
    if (const core::Georeference* g = georeference(); g && !g->gcpCrs.empty())
        return g->gcpCrs;
    if (!m_chosenGcpCrs.empty())
        return m_chosenGcpCrs;
    const core::document::Document* doc = m_workbench.document();
    const std::string working = doc ? doc->scenario().settings.crs : std::string();
    return projectedOrLocal(working) ? working : std::string("EPSG:4326");
}

bool GeorefPane::gcpCrsIsGeographic() const
{
    const std::string crs = gcpCrs();
    if (crs != m_describedCrs) {
        m_describedCrs = crs;
        try {
            m_describedGeographic = geo::describeCrs(crs).geographic;
        } catch (const std::exception&) {
            m_describedGeographic = false;
        }
    }
    return m_describedGeographic;
}

void GeorefPane::fillCrsControls()
{
    const core::document::Document* doc = m_workbench.document();
    const std::string working = doc ? doc->scenario().settings.crs : std::string();
    const std::string points = gcpCrs();
    // Each choice is the CRS's code (or "auto"), then what it is in the person's language: crsOfChoice reads
    // the code back from its first word.
    const auto described = [](const std::string& code, const std::string& what) { return wxString::FromUTF8(code + " (" + what + ")"); };
    const wxString geographic = described("EPSG:4326", translated("longitude/latitude, degrees"));
    const wxString workingChoice = described(working, translated("the working CRS"));
    m_gcpCrsBox->Clear();
    m_gcpCrsBox->Append(geographic);
    if (!working.empty() && working != "EPSG:4326")
        m_gcpCrsBox->Append(workingChoice);
    m_gcpCrsBox->SetValue(points == "EPSG:4326" ? geographic : points == working ? workingChoice : wxString::FromUTF8(points));
    const core::Georeference* g = georeference();
    m_targetCrsBox->Clear();
    m_targetCrsBox->Append(working.empty() ? described("auto", translated("the UTM zone of the GCPs"))
                                           : described("auto", core::i18n::format(translated("the working CRS, {1}"), {working})));
    if (!working.empty())
        m_targetCrsBox->Append(workingChoice);
    const std::string target = g ? g->crs : std::string();
    m_targetCrsBox->SetValue(target.empty() ? m_targetCrsBox->GetString(0) : target == working ? workingChoice : wxString::FromUTF8(target));
    // The map fields say which number is which: longitude east-west, latitude north-south.
    const bool degrees = gcpCrsIsGeographic();
    m_mapXLabel->SetLabel(degrees ? _("longitude (E+)") : _("map x (easting)"));
    m_mapYLabel->SetLabel(degrees ? _("latitude (N+)") : _("map y (northing)"));
    m_mapX->SetToolTip(degrees ? wxString::FromUTF8(translated("Longitude in degrees, east positive: 7.25, -77.2311, 77°13'52\"W"))
                               : _("Easting in the GCP CRS"));
    m_mapY->SetToolTip(degrees ? wxString::FromUTF8(translated("Latitude in degrees, north positive: 48.5, 39°49'51\"N"))
                               : _("Northing in the GCP CRS"));
}

void GeorefPane::onGcpCrs()
{
    const std::string crs = crsOfChoice(m_gcpCrsBox->GetValue());
    if (crs.empty())
        return;
    try {
        geo::describeCrs(crs, translated("Map points in"));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("GCP CRS"), e.what());
        fillCrsControls();
        return;
    }
    if (!georeference()) {
        m_chosenGcpCrs = crs;
        fillCrsControls();
        return;
    }
    commit(translated("GCP CRS"), [&](const core::Scenario& s) { return core::document::operations::setGcpCrs(s, crs, geo::fitStoredGeoreference); });
}

void GeorefPane::onTargetCrs()
{
    std::string crs = crsOfChoice(m_targetCrsBox->GetValue());
    if (crs == "auto")
        crs.clear();
    if (!crs.empty()) {
        try {
            if (geo::describeCrs(crs, translated("Fit in")).geographic) {
                m_workbench.showError(translated("Target CRS"), crs + " is geographic: a fit there would be in degrees. Choose a "
                    "projected CRS in metres, or auto (the UTM zone of the GCPs).");
                fillCrsControls();
                return;
            }
        } catch (const std::exception& e) {
            m_workbench.showError(translated("Target CRS"), e.what());
            fillCrsControls();
            return;
        }
    }
    if (!georeference()) {
        m_workbench.setStatusText(translated("The target CRS is set with the first GCP; add one first"));
        fillCrsControls();
        return;
    }
    commit(translated("Target CRS"), [&](const core::Scenario& s) { return core::document::operations::setTargetCrs(s, crs, geo::fitStoredGeoreference); });
}

void GeorefPane::scanClicked(double pixel, double line)
{
    m_pending = wxPoint2DDouble(pixel, line);
    fillFields(pixel, line, std::nullopt);
    m_workbench.setTool(m_tool);
    m_workbench.setStatusText(translated("GCP: now click the same place on the map (Escape cancels)"));
    m_scan->Refresh();
}

void GeorefPane::mapClicked(core::Coordinate world)
{
    try {
        const core::Coordinate map = toGcpCrs(world);
        m_mapX->SetValue(fieldNumber(map.x, 7));
        m_mapY->SetValue(fieldNumber(map.y, 7));
        if (m_pending) {
            m_pending.reset();
            onAdd();
        } else {
            m_workbench.setStatusText(translated("GCP: map point taken; click the scan or type pixel/line, then Add"));
        }
    } catch (const std::exception& e) {
        m_workbench.showError(translated("GCP"), e.what());
    }
}

bool GeorefPane::readFields(logic::GcpPosition& p)
{
    if (!parseNumber(m_pixel->GetValue().ToStdString(), p.pixel) || !parseNumber(m_line->GetValue().ToStdString(), p.line)) {
        m_workbench.showError(translated("GCP"), translated("Pixel and line must be numbers (scan pixels)."));
        return false;
    }
    const std::string crs = gcpCrs();
    if (gcpCrsIsGeographic()) {
        // Degrees, decimal or degrees-minutes-seconds; a hemisphere letter must match its field.
        const auto read = [this](wxTextCtrl* field, core::util::AngleAxis axis, const char* name, double& out) {
            std::string why;
            const std::optional<core::util::ParsedAngle> a = core::util::parseAngle(core::i18n::withPointDecimals(field->GetValue().utf8_string()), &why);
            if (!a) {
                m_workbench.showError(translated("GCP"), std::string("The ") + name + ": " + why);
                return false;
            }
            if (a->axis != core::util::AngleAxis::Any && a->axis != axis) {
                m_workbench.showError(translated("GCP"), std::string("The ") + name + " field holds a "
                    + (a->axis == core::util::AngleAxis::Latitude ? "latitude (N/S)" : "longitude (E/W)")
                    + ": longitude goes in the first map field, latitude in the second.");
                return false;
            }
            out = a->degrees;
            return true;
        };
        if (!read(m_mapX, core::util::AngleAxis::Longitude, "longitude", p.mapX) || !read(m_mapY, core::util::AngleAxis::Latitude, "latitude", p.mapY))
            return false;
    } else if (!parseNumber(m_mapX->GetValue().ToStdString(), p.mapX) || !parseNumber(m_mapY->GetValue().ToStdString(), p.mapY)) {
        m_workbench.showError(translated("GCP"), "Map x and map y must be numbers in " + crs + ".");
        return false;
    }
    // A value that fits only the other axis, or another CRS, is refused here, before it is stored.
    try {
        if (const std::optional<std::string> why = geo::crsMisfit(crs, {p.mapX, p.mapY})) {
            m_workbench.showError(translated("GCP"), *why);
            return false;
        }
    } catch (const std::exception& e) {
        m_workbench.showError(translated("GCP"), e.what());
        return false;
    }
    return true;
}

bool GeorefPane::commit(const std::string& label, const std::function<core::document::Edit(const core::Scenario& s)>& operation)
{
    core::document::Document* doc = m_workbench.document();
    if (!doc)
        return false;
    const std::string crsBefore = doc->scenario().settings.crs;
    try {
        core::document::Edit edit = operation(doc->scenario());
        // The rule of `map georef` (app::withMapFrame): a fitted scan gives a scenario without a working CRS or
        // extent its map frame, and the frame a fit gave follows the fit, in the same undo step.
        try {
            edit = app::withMapFrame(doc->scenario(), edit);
        } catch (const std::exception& e) {
            m_workbench.setStatusText(e.what());
        }
        doc->apply(std::move(edit));
    } catch (const std::exception& e) {
        m_workbench.showError(label, e.what());
        return false;
    }
    if (doc->scenario().settings.crs != crsBefore)
        m_workbench.setStatusText(core::i18n::format(translated("The map frame is now {1}, from the fit"), {doc->scenario().settings.crs}));
    return true;
}

void GeorefPane::onAdd()
{
    core::document::Document* doc = m_workbench.document();
    logic::GcpPosition p;
    if (!doc || !readFields(p))
        return;
    try {
        if (!commit(translated("Add GCP"), [&](const core::Scenario& s) { return core::document::operations::addGcp(s, p, gcpCrs(), geo::fitStoredGeoreference); }))
            return;
        m_pending.reset();
        m_workbench.setStatusText(translated("GCP added"));
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Add GCP"), e.what());
    }
}

void GeorefPane::onUpdate()
{
    core::document::Document* doc = m_workbench.document();
    logic::GcpPosition p;
    if (!doc || m_selectedId == 0 || !readFields(p))
        return;
    try {
        commit(translated("Move GCP"), [&](const core::Scenario& s) { return core::document::operations::moveGcp(s, m_selectedId, p, geo::fitStoredGeoreference); });
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Move GCP"), e.what());
    }
}

void GeorefPane::onDelete()
{
    core::document::Document* doc = m_workbench.document();
    if (!doc || m_selectedId == 0)
        return;
    try {
        if (commit(translated("Delete GCP"), [&](const core::Scenario& s) { return core::document::operations::removeGcp(s, m_selectedId, geo::fitStoredGeoreference); }))
            m_selectedId = 0;
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Delete GCP"), e.what());
    }
}

void GeorefPane::onMethod()
{
    core::document::Document* doc = m_workbench.document();
    const int at = m_method->GetSelection();
    if (!doc || at < 0 || !georeference())
        return;
    try {
        const core::GeoreferenceMethod method = logic::chooserMethods()[static_cast<std::size_t>(at)];
        commit(translated("Fit method"), [&](const core::Scenario& s) { return core::document::operations::setGeoreferenceMethod(s, method, geo::fitStoredGeoreference); });
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Fit method"), e.what());
    }
}

void GeorefPane::onImport()
{
    core::document::Document* doc = m_workbench.document();
    if (!doc || !doc->scenario().map)
        return;
    wxFileDialog dialog(this, _("Import GCPs"), "", "", _("QGIS GCP files (*.points)|*.points|All files|*"),
        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK)
        return;
    try {
        const std::string path = dialog.GetPath().ToStdString(wxConvUTF8);
        const std::string crs = gcpCrs();
        commit(translated("Import GCPs"), [&](const core::Scenario& s) { return geo::importGcps(s, path, crs); });
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Import GCPs"), e.what());
    }
}

void GeorefPane::onExport()
{
    const core::Georeference* g = georeference();
    if (!g)
        return;
    wxFileDialog dialog(this, _("Export GCPs"), "", "gcps.points", _("QGIS GCP files (*.points)|*.points"),
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return;
    try {
        // QGIS's residual columns: the GCP's map point sent back onto the scan, minus its pixel (scan pixels).
        std::vector<geo::PointsResidual> residuals;
        if (m_fit && m_fit->residuals.size() == g->gcps.size())
            for (std::size_t i = 0; i < g->gcps.size(); ++i) {
                const geo::GcpResidual& r = m_fit->residuals[i];
                residuals.push_back({r.backPixel - g->gcps[i].pixel, r.backLine - g->gcps[i].line, r.residualPx});
            }
        geo::writePointsFile(dialog.GetPath().ToStdString(wxConvUTF8), g->gcpCrs, g->gcps, geo::SourceFrame{}, residuals);
        m_workbench.setStatusText(wxString::Format(_("GCPs written to %s"), dialog.GetPath()).utf8_string());
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Export GCPs"), e.what());
    }
}

void GeorefPane::onWarp()
{
    core::document::Document* doc = m_workbench.document();
    const core::Georeference* g = georeference();
    if (!doc || !g || !m_fit) {
        m_workbench.showError(translated("Warp"), translated("There is no fit to warp with: add enough GCPs for the method first."));
        return;
    }
    std::filesystem::path output = app::defaultWarpOutput(*doc);
    if (m_workbench.scenarioFolder().empty())
        output = scanPath().parent_path() / output.filename();
    // The one function `sandtable map warp` calls: the warped GeoTIFF, the map pointed at it, the map frame.
    std::optional<geo::WarpResult> result;
    const core::Scenario scenario = doc->scenario();
    const bool done = m_workbench.runLongJob(translated("Warping the scan"), [&](const core::util::ProgressCallback& progress) {
        result = app::warpScanFile(scenario, doc->path(), output, app::Reporter{progress, {}});
    });
    if (!done || !result)
        return;
    try {
        app::useWarpedScan(*doc, output); // on the UI thread: the document's observers redraw
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Warp"), e.what());
        return;
    }
    m_workbench.setStatusText(wxString::Format(_("Warped to %s (%d x %d px): the map now uses it"), wxString::FromUTF8(output.string()),
        static_cast<int>(result->width), static_cast<int>(result->height)).utf8_string());
}

// --------------------------------------------------------------- the georeferencing report (issue 19 item 6)

void GeorefPane::onReport()
{
    const core::document::Document* doc = m_workbench.document();
    const core::Georeference* g = georeference();
    if (!doc || !g || !m_fit) {
        m_workbench.showError(translated("Georeferencing report"), translated("There is no fit to report yet: give the method enough enabled GCPs."));
        return;
    }
    const std::filesystem::path scan = scanPath();
    wxFileDialog dialog(this, _("Georeferencing report"), "", wxString::FromUTF8(scan.stem().string() + "-georef-report.pdf"),
        "PDF files (*.pdf)|*.pdf", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return;
    const std::filesystem::path output = std::filesystem::path(dialog.GetPath().ToStdString(wxConvUTF8));
    try {
        // The one function `sandtable map report` calls: the stored GCPs refitted as refit() fits them, the
        // report in the scenario's language (issue 42 item 1).
        const print::GeorefReportResult result = app::writeGeorefReport(doc->scenario(), doc->path(), output);
        m_workbench.setStatusText(wxString::Format(wxPLURAL("Georeferencing report written to %s (%d page)",
            "Georeferencing report written to %s (%d pages)", static_cast<int>(result.pages)), wxString::FromUTF8(output.string()),
            static_cast<int>(result.pages)).utf8_string());
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Georeferencing report"), e.what());
    }
}

} // namespace

void installGeorefPane(Workbench& workbench)
{
    auto* pane = new GeorefPane(workbench.window(), workbench);
    // Outside the Problems pane (layer 2): the workspace has the window's whole height, the scan the most of it.
    workbench.panes().AddPane(pane, wxAuiPaneInfo().Name("georef").Caption(_("Georeferencing")).Right().Layer(2).BestSize(560, 820)
                                        .MinSize(360, 400).Hide());
    workbench.panes().Update();
    workbench.addCommand(ActionInfo{"georef.show_pane", wxTRANSLATE("&Georeferencing workspace"), "", wxTRANSLATE("Fit GCPs, see residuals, warp")},
        [&workbench] { showPane(workbench, "georef"); });
    workbench.addCommand(ActionInfo{"georef.add_gcp", wxTRANSLATE("Add &GCP pair"), "", wxTRANSLATE("Click the scan, then the map")},
        [&workbench, pane] {
            showPane(workbench, "georef");
            pane->startAdding();
        });

    workbench.addCommand(ActionInfo{"georef.warp", wxTRANSLATE("&Warp the scan..."), "",
                             wxTRANSLATE("Resample the scan through the fit into a GeoTIFF in the working CRS; the map then shows it")},
        [&workbench, pane] {
            showPane(workbench, "georef");
            pane->onWarp();
        });

    // Print > Georeferencing report...: the Report button's product, from the menus.
    workbench.addCommand(ActionInfo{"print.georef_report", wxTRANSLATE("&Georeferencing report..."), "",
                             wxTRANSLATE("Method, CRSs, RMS, the scan with residual arrows, the GCP table (PDF)")},
        [&workbench, pane] {
            showPane(workbench, "georef");
            pane->onReport();
        });

    // Named places read off the scan (VASSAL zones and regions), the editor's twin of `terrain places`.
    workbench.addCommand(ActionInfo{"georef.make_terrain", wxTRANSLATE("Make &terrain of place"), "",
                             wxTRANSLATE("The place chosen in the Georeferencing workspace becomes terrain of the chosen class")},
        [&workbench, pane] {
            showPane(workbench, "georef");
            pane->makeTerrainOfPlace();
        });

    // Reference layers (issue 19 item 2), the editor's twin of `sandtable reference add|remove`: any GDAL
    // raster or OGR vector, drawn reprojected under the scan, listed in Layers; each change one undo step.
    workbench.addCommand(ActionInfo{"georef.add_reference", wxTRANSLATE("Add &reference layer..."), "",
                             wxTRANSLATE("A modern map, a DEM (drawn as hillshade), an OpenStreetMap extract, a GeoPackage or shapefile")},
        [&workbench] {
            core::document::Document* doc = workbench.document();
            if (!doc)
                return;
            wxFileDialog dialog(workbench.window(), _("Add reference layer"), "", "",
                _("Rasters and vectors") + " (*.tif;*.tiff;*.jpg;*.png;*.vrt;*.gpkg;*.shp;*.geojson;*.json;*.osm;*.pbf)|"
                    + "*.tif;*.tiff;*.jpg;*.png;*.vrt;*.gpkg;*.shp;*.geojson;*.json;*.osm;*.pbf|" + _("All files") + "|*",
                wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (dialog.ShowModal() != wxID_OK)
                return;
            const std::filesystem::path file(dialog.GetPath().utf8_string());
            try {
                std::filesystem::path scenarioFile = doc->path();
                if (scenarioFile.empty())
                    scenarioFile = std::filesystem::current_path() / "unsaved.sandtable.json";
                geo::NewReferenceLayer made = geo::newReferenceLayer(file, scenarioFile);
                // While the scan is being georeferenced the layer is drawn over it, see-through, so that the two
                // can be compared (issue 46 item 1: under the opaque scan it could not be seen); the Reference row
                // of the workspace changes both.
                if (doc->scenario().map && doc->scenario().map->warpedPath.empty()) {
                    made.layer.overScan = true;
                    made.layer.opacity = 0.6;
                }
                // A name already taken gets a number, as a second copy of the same file would.
                const std::string base = made.layer.name;
                for (int n = 2; std::any_of(doc->scenario().references.begin(), doc->scenario().references.end(),
                         [&](const core::ReferenceLayer& r) { return r.name == made.layer.name; }); ++n)
                    made.layer.name = base + " " + std::to_string(n);
                doc->apply(core::document::operations::addReference(doc->scenario(), made.layer));
                workbench.setStatusText(core::i18n::format(made.layer.hillshade
                        ? translated("Added reference layer '{1}' ({2}, {3}, drawn as hillshade)")
                        : translated("Added reference layer '{1}' ({2}, {3})"),
                    {made.layer.name, core::toString(made.layer.kind), made.info.driver}));
            } catch (const std::exception& e) {
                workbench.showError(translated("Add reference layer"), e.what());
            }
        });
    workbench.addCommand(ActionInfo{"georef.remove_reference", wxTRANSLATE("Remove reference layer..."), "", wxTRANSLATE("Take a reference layer off the map")},
        [&workbench] {
            core::document::Document* doc = workbench.document();
            if (!doc)
                return;
            const auto& references = doc->scenario().references;
            if (references.empty()) {
                workbench.setStatusText(translated("The scenario has no reference layers"));
                return;
            }
            wxArrayString names;
            for (const core::ReferenceLayer& r : references)
                names.Add(wxString::FromUTF8(r.name));
            wxSingleChoiceDialog dialog(workbench.window(), _("Which reference layer?"), _("Remove reference layer"), names);
            if (dialog.ShowModal() != wxID_OK)
                return;
            try {
                doc->apply(core::document::operations::removeReference(doc->scenario(), dialog.GetStringSelection().utf8_string()));
            } catch (const std::exception& e) {
                workbench.showError(translated("Remove reference layer"), e.what());
            }
        });
}

} // namespace sandtable::editor::ui::panes
