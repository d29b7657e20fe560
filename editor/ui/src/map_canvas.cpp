// SPDX-License-Identifier: GPL-3.0-or-later
// Input handling and painting of the map canvas.
#include "sandtable/editor/ui/map_canvas.hpp"

#include "sandtable/editor/logic/map_raster.hpp"

#include <wx/dcbuffer.h>
#include <wx/dcmemory.h>

#include <cmath>

namespace sandtable::editor::ui {

namespace {

constexpr double kZoomStep = 1.25;       // per key press or wheel notch
constexpr double kArrowPanPixels = 60.0; // per arrow key press
constexpr double kFitMarginPixels = 16.0;
constexpr int kClickSlopPixels = 3;      // a press that moves less than this is a click, not a drag
constexpr double kPickPixels = 5.0;      // hit-test tolerance

} // namespace

MapCanvas::MapCanvas(wxWindow* parent)
    : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxWANTS_CHARS | wxFULL_REPAINT_ON_RESIZE)
{
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, &MapCanvas::onPaint, this);
    Bind(wxEVT_SIZE, &MapCanvas::onSize, this);
    Bind(wxEVT_LEFT_DOWN, &MapCanvas::onLeftDown, this);
    Bind(wxEVT_LEFT_UP, &MapCanvas::onLeftUp, this);
    Bind(wxEVT_MOTION, &MapCanvas::onMotion, this);
    Bind(wxEVT_LEAVE_WINDOW, &MapCanvas::onLeaveWindow, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::onWheel, this);
    Bind(wxEVT_KEY_DOWN, &MapCanvas::onKeyDown, this);
    Bind(wxEVT_MOUSE_CAPTURE_LOST, &MapCanvas::onCaptureLost, this);
    const wxSize size = GetClientSize();
    m_view.setViewportSize(size.x, size.y);
}

std::string MapCanvas::setDocument(const core::Document* document, const std::filesystem::path& scenarioFolder)
{
    m_document = document;
    m_raster.reset();
    m_reportedRasterError.clear();
    m_selection.clear();
    std::string notice;
    if (document) {
        const MapRasterChoice choice = chooseMapRaster(document->scenario(), scenarioFolder);
        notice = choice.notice;
        if (choice.raster) {
            try {
                auto source = std::make_unique<RasterSource>(choice.raster->path);
                std::optional<Affine2D> placement = choice.raster->pixelToWorld;
                if (!placement)
                    placement = source->geoTransform();
                if (placement)
                    m_raster = std::make_unique<RasterLayer>(std::move(source), *placement);
                else
                    notice = choice.raster->path.string() + " has no geotransform: terrain only";
            } catch (const std::exception& error) {
                notice = std::string(error.what()) + ": terrain only";
            }
        }
    }
    m_fitted = true;
    fitView(m_view);
    viewChanged(false);
    return notice;
}

void MapCanvas::documentChanged()
{
    if (m_document && m_selection.prune(m_document->scenario()) && onSelectionChanged)
        onSelectionChanged();
    Refresh();
}

void MapCanvas::setSelection(std::optional<core::FeatureId> feature)
{
    if (feature == m_selection.feature())
        return;
    if (feature)
        m_selection.select(*feature);
    else
        m_selection.clear();
    Refresh();
    if (onSelectionChanged)
        onSelectionChanged();
}

std::optional<core::Extent> MapCanvas::fitExtent() const
{
    if (!m_document)
        return std::nullopt;
    std::optional<core::Extent> extent = scenarioExtent(m_document->scenario());
    if (!m_document->scenario().settings.extent && m_raster)
        extent = unite(extent, m_raster->footprint());
    return extent;
}

void MapCanvas::fitView(ViewTransform& view) const
{
    if (const auto extent = fitExtent())
        view.fitExtent(*extent, kFitMarginPixels);
}

void MapCanvas::showView(const ViewRequest& request)
{
    applyViewRequest(m_view, request);
    viewChanged(true);
}

void MapCanvas::zoomIn()
{
    m_view.zoomAbout({m_view.viewportWidth() / 2.0, m_view.viewportHeight() / 2.0}, kZoomStep);
    viewChanged(true);
}

void MapCanvas::zoomOut()
{
    m_view.zoomAbout({m_view.viewportWidth() / 2.0, m_view.viewportHeight() / 2.0}, 1.0 / kZoomStep);
    viewChanged(true);
}

void MapCanvas::fit()
{
    m_fitted = true;
    fitView(m_view);
    viewChanged(false);
}

void MapCanvas::viewChanged(bool byUser)
{
    if (byUser)
        m_fitted = false;
    Refresh();
    if (onViewChanged)
        onViewChanged();
}

RenderScene MapCanvas::scene()
{
    return RenderScene{m_document ? &m_document->scenario() : nullptr, m_raster.get(), &m_selection};
}

wxBitmap MapCanvas::renderToBitmap(const wxSize& size)
{
    ViewTransform view = m_view;
    view.setContentScale(1.0);
    view.setViewportSize(size.x, size.y);
    if (m_fitted)
        fitView(view);
    wxBitmap bitmap(size.x, size.y, 24);
    wxMemoryDC dc(bitmap);
    dc.SetBackground(wxBrush(canvasBackground()));
    dc.Clear();
    {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        if (gc)
            renderMap(*gc, view, scene());
    }
    dc.SelectObject(wxNullBitmap);
    return bitmap;
}

void MapCanvas::onPaint(wxPaintEvent&)
{
    wxAutoBufferedPaintDC dc(this);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (!gc)
        return;
    m_view.setContentScale(GetContentScaleFactor());
    renderMap(*gc, m_view, scene());
    if (m_raster && m_raster->lastError() != m_reportedRasterError) {
        m_reportedRasterError = m_raster->lastError();
        if (onRasterError)
            onRasterError(m_reportedRasterError);
    }
}

void MapCanvas::onSize(wxSizeEvent& event)
{
    const wxSize size = GetClientSize();
    m_view.setViewportSize(size.x, size.y);
    if (m_fitted)
        fitView(m_view);
    viewChanged(false);
    event.Skip();
}

void MapCanvas::onLeftDown(wxMouseEvent& event)
{
    SetFocus();
    m_dragging = true;
    m_dragMoved = false;
    m_dragStart = m_dragLast = event.GetPosition();
    if (!HasCapture())
        CaptureMouse();
}

void MapCanvas::onLeftUp(wxMouseEvent& event)
{
    if (HasCapture())
        ReleaseMouse();
    if (!m_dragging)
        return;
    m_dragging = false;
    if (!m_dragMoved && m_document) {
        const wxPoint p = event.GetPosition();
        const core::Coordinate world = m_view.screenToWorld({static_cast<double>(p.x), static_cast<double>(p.y)});
        setSelection(hitTestFeature(m_document->scenario(), world, kPickPixels / m_view.scale()));
    }
}

void MapCanvas::onMotion(wxMouseEvent& event)
{
    const wxPoint p = event.GetPosition();
    if (m_dragging && event.LeftIsDown()) {
        if (std::abs(p.x - m_dragStart.x) > kClickSlopPixels || std::abs(p.y - m_dragStart.y) > kClickSlopPixels)
            m_dragMoved = true;
        if (m_dragMoved) {
            m_view.panBy(p.x - m_dragLast.x, p.y - m_dragLast.y);
            m_dragLast = p;
            viewChanged(true);
        }
    }
    if (onCursorMoved)
        onCursorMoved(m_view.screenToWorld({static_cast<double>(p.x), static_cast<double>(p.y)}));
}

void MapCanvas::onLeaveWindow(wxMouseEvent& event)
{
    if (onCursorMoved)
        onCursorMoved(std::nullopt);
    event.Skip();
}

void MapCanvas::onWheel(wxMouseEvent& event)
{
    const int delta = event.GetWheelDelta() > 0 ? event.GetWheelDelta() : 120;
    const double notches = static_cast<double>(event.GetWheelRotation()) / delta;
    if (notches == 0.0 || event.GetWheelAxis() != wxMOUSE_WHEEL_VERTICAL)
        return;
    const wxPoint p = event.GetPosition();
    m_view.zoomAbout({static_cast<double>(p.x), static_cast<double>(p.y)}, std::pow(kZoomStep, notches));
    viewChanged(true);
}

void MapCanvas::onKeyDown(wxKeyEvent& event)
{
    switch (event.GetKeyCode()) {
    case WXK_LEFT:
        m_view.panBy(kArrowPanPixels, 0.0);
        viewChanged(true);
        break;
    case WXK_RIGHT:
        m_view.panBy(-kArrowPanPixels, 0.0);
        viewChanged(true);
        break;
    case WXK_UP:
        m_view.panBy(0.0, kArrowPanPixels);
        viewChanged(true);
        break;
    case WXK_DOWN:
        m_view.panBy(0.0, -kArrowPanPixels);
        viewChanged(true);
        break;
    case '+':
    case '=':
    case WXK_NUMPAD_ADD:
        zoomIn();
        break;
    case '-':
    case WXK_NUMPAD_SUBTRACT:
        zoomOut();
        break;
    case WXK_HOME:
        fit();
        break;
    default:
        event.Skip();
    }
}

void MapCanvas::onCaptureLost(wxMouseCaptureLostEvent&) { m_dragging = false; }

} // namespace sandtable::editor::ui
