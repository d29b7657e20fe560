// SPDX-License-Identifier: GPL-3.0-or-later
// Input handling and painting of the map canvas.
#include "sandtable/editor/ui/map_canvas.hpp"

#include "sandtable/geo/reference_layer.hpp"

#include <cairo.h>

#include "sandtable/editor/logic/map_raster.hpp"
#include "sandtable/editor/logic/measure.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/editor/ui/view_report.hpp"
#include "sandtable/print/map_furniture.hpp"
#include "sandtable/core/i18n/i18n.hpp"


#include <wx/dcbuffer.h>
#include <wx/dcmemory.h>

#include <algorithm>
#include <cmath>

namespace sandtable::editor::ui {

namespace {

constexpr double kZoomStep = 1.25;       // per key press or wheel notch
constexpr double kArrowPanPixels = 60.0; // per arrow key press
constexpr double kFitMarginPixels = 16.0;
constexpr double kZoomToMarginPixels = 48.0;
/// Zooming to an object shows its surroundings: at least three times its size and 1.2 km of ground (a block
/// among its neighbours, a feature with the terrain around it).
constexpr double kZoomToMinimumMetres = 1200.0;
constexpr double kZoomToContextFactor = 3.0;
constexpr int kClickSlopPixels = 3;      // a press that moves less than this is a click, not a drag
constexpr double kPickPixels = 5.0;      // hit-test tolerance

core::Coordinate worldAt(const ViewTransform& view, wxPoint p)
{
    return view.screenToWorld({static_cast<double>(p.x), static_cast<double>(p.y)});
}

} // namespace

MapCanvas::MapCanvas(wxWindow* parent)
    : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxWANTS_CHARS | wxFULL_REPAINT_ON_RESIZE)
{
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, &MapCanvas::onPaint, this);
    Bind(wxEVT_SIZE, &MapCanvas::onSize, this);
    for (const auto type : {wxEVT_LEFT_DOWN, wxEVT_LEFT_UP, wxEVT_LEFT_DCLICK, wxEVT_RIGHT_DOWN, wxEVT_RIGHT_UP,
             wxEVT_RIGHT_DCLICK, wxEVT_MIDDLE_DOWN, wxEVT_MIDDLE_UP, wxEVT_MOTION, wxEVT_LEAVE_WINDOW,
             wxEVT_ENTER_WINDOW})
        Bind(type, &MapCanvas::onMouse, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::onWheel, this);
    Bind(wxEVT_KEY_DOWN, &MapCanvas::onKeyDown, this);
    Bind(wxEVT_MOUSE_CAPTURE_LOST, &MapCanvas::onCaptureLost, this);
    const wxSize size = GetClientSize();
    m_view.setViewportSize(size.x, size.y);
    m_referenceTimer.SetOwner(this);
    Bind(wxEVT_TIMER, [this](wxTimerEvent&) {
        const std::string failed = rebuildReferences(m_view);
        if (!failed.empty() && failed != m_reportedRasterError && onRasterError) {
            m_reportedRasterError = failed;
            onRasterError(failed);
        }
        Refresh();
    });
}

MapCanvas::~MapCanvas()
{
    m_referenceTimer.Stop();
    m_raster.reset();
    if (HasCapture())
        ReleaseMouse();
}

std::string MapCanvas::setDocument(const core::document::Document* document, const std::filesystem::path& scenarioFolder)
{
    m_document = document;
    m_raster.reset();
    m_references.clear();
    m_referencesDrawn.clear();
    m_referencesCrs.clear();
    m_frameFor.reset();
    m_scenarioFolder = scenarioFolder;
    m_reportedRasterError.clear();
    const bool hadSelection = !m_selection.empty();
    m_selection.clear();
    m_rasterDrawn.reset();
    std::string notice = document ? loadMapRaster() : std::string();
    const auto add = [&notice](const std::string& failed) {
        if (!failed.empty())
            notice += (notice.empty() ? "" : "; ") + failed;
    };
    add(updateViewFrame());
    m_fitted = true;
    fitView(m_view);
    add(rebuildReferences(m_view));
    viewChanged(false);
    if (hadSelection && onSelectionChanged)
        onSelectionChanged();
    return notice;
}

std::string MapCanvas::loadMapRaster()
{
    m_raster.reset();
    const MapRasterChoice choice = chooseMapRaster(m_document->scenario(), m_scenarioFolder);
    m_rasterDrawn = choice.raster ? std::optional<std::pair<std::filesystem::path, std::optional<Affine2D>>>(
                                        std::make_pair(choice.raster->path, choice.raster->pixelToWorld))
                                  : std::nullopt;
    std::string notice = choice.notice;
    if (!choice.raster)
        return notice;
    try {
        auto source = std::make_unique<RasterSource>(choice.raster->path);
        std::optional<Affine2D> placement = choice.raster->pixelToWorld;
        if (!placement)
            placement = source->geoTransform();
        if (placement) {
            m_raster = std::make_unique<RasterLayer>(std::move(source), *placement);
            // Called on the loader thread: queue a repaint (QueueEvent is thread-safe; pending
            // events die with the canvas, and the layer joins its thread before that).
            m_raster->setOnTileReady([this] { CallAfter([this] { Refresh(); }); });
        } else {
            notice = choice.raster->path.string() + " has no geotransform: terrain only";
        }
    } catch (const std::exception& error) {
        notice = std::string(error.what()) + ": terrain only";
    }
    return notice;
}

namespace {

/// What decides the view's frame: the working CRS, else the first visible reference layer (its file and kind).
/// An opacity, order or hillshade change keeps the frame, so the layer is not read again (a vector layer's frame
/// reads every feature of it) while the designer moves a slider.
std::string frameKey(const core::Scenario& s)
{
    if (!s.settings.crs.empty())
        return s.settings.crs;
    for (const core::ReferenceLayer& layer : s.references)
        if (layer.visible)
            return "\n" + layer.path + "\n" + std::to_string(static_cast<int>(layer.kind));
    return {};
}

} // namespace

std::string MapCanvas::updateViewFrame()
{
    if (!m_document)
        return {};
    const core::Scenario& s = m_document->scenario();
    std::string key = frameKey(s);
    if (key == m_frameFor)
        return {};
    m_frameFor = std::move(key);
    m_viewCrs = s.settings.crs;
    m_frameExtent.reset();
    if (!m_viewCrs.empty())
        return {};
    // No working CRS yet (a plain scan before its fit): the first visible reference layer gives the view its
    // frame, so that it is drawn and GCPs can be picked on it (issue 46 item 1).
    for (const core::ReferenceLayer& layer : s.references) {
        if (!layer.visible)
            continue;
        try {
            const geo::ReferenceFrame frame = geo::referenceFrame(layer, m_scenarioFolder);
            m_viewCrs = frame.crs;
            m_frameExtent = frame.extent;
            return {};
        } catch (const std::exception& error) {
            return error.what();
        }
    }
    return {};
}

namespace {

/// The reference layers' drawing without what a redraw does not need to render again.
bool sameRendering(const std::vector<core::ReferenceLayer>& a, const std::vector<core::ReferenceLayer>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](core::ReferenceLayer x, core::ReferenceLayer y) {
        x.opacity = y.opacity;
        x.overScan = y.overScan;
        return x == y;
    });
}

constexpr double kReferenceMarginFraction = 1.0 / 3.0; // rendered around the visible window, each side
constexpr double kReferenceMaxPixels = 3000.0 * 3000.0;

} // namespace

std::string MapCanvas::rebuildReferences(const ViewTransform& view)
{
    if (!m_document)
        return {};
    const core::Scenario& s = m_document->scenario();
    const double devicePerMetre = view.devicePixelsPerMetre();
    const core::Extent visible = view.visibleExtent();
    const bool covered = m_referencesCrs == m_viewCrs && visible.minX >= m_referencesWindow.minX && visible.maxX <= m_referencesWindow.maxX
        && visible.minY >= m_referencesWindow.minY && visible.maxY <= m_referencesWindow.maxY
        && devicePerMetre <= 1.6 * m_referencesDevicePerMetre && devicePerMetre >= 0.6 * m_referencesDevicePerMetre;
    if (sameRendering(s.references, m_referencesDrawn) && covered) {
        // An opacity or over/under change only: the images stay.
        std::size_t at = 0;
        for (const core::ReferenceLayer& layer : s.references)
            if (layer.visible && layer.opacity > 0.0 && at < m_references.size()) {
                m_references[at].opacity = layer.opacity;
                m_references[at++].overScan = layer.overScan;
            }
        m_referencesDrawn = s.references;
        return {};
    }
    m_referencesDrawn = s.references;
    m_referencesCrs = m_viewCrs;
    m_references.clear();
    m_referencesWindow = {};
    m_referencesDevicePerMetre = 0.0;
    if (s.references.empty())
        return {};
    if (m_viewCrs.empty() || m_viewCrs.rfind("LOCAL:", 0) == 0 || !(devicePerMetre > 0) || visible.width() <= 0)
        return translated("reference layers need a working CRS, or a reference layer in a CRS of its own");
    core::Extent window = visible;
    const double mx = visible.width() * kReferenceMarginFraction, my = visible.height() * kReferenceMarginFraction;
    window.minX -= mx, window.maxX += mx, window.minY -= my, window.maxY += my;
    // Rendered at the screen's resolution, coarser where the window would be too many pixels (a whole country).
    double metresPerPixel = 1.0 / devicePerMetre;
    const double pixels = window.width() * window.height() / (metresPerPixel * metresPerPixel);
    if (pixels > kReferenceMaxPixels)
        metresPerPixel *= std::sqrt(pixels / kReferenceMaxPixels);
    m_referencesWindow = window;
    m_referencesDevicePerMetre = 1.0 / metresPerPixel;
    std::string failed;
    for (const core::ReferenceLayer& layer : s.references) {
        if (!layer.visible || layer.opacity <= 0.0)
            continue;
        try {
            const geo::RenderedRaster r = geo::renderReferenceLayer(layer, m_scenarioFolder, m_viewCrs, window, metresPerPixel);
            cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, r.width, r.height);
            cairo_surface_flush(surface);
            unsigned char* data = cairo_image_surface_get_data(surface);
            const int stride = cairo_image_surface_get_stride(surface);
            for (int y = 0; y < r.height; ++y) {
                auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
                for (int x = 0; x < r.width; ++x) {
                    const std::uint8_t* p = &r.pixels[(static_cast<std::size_t>(y) * static_cast<std::size_t>(r.width) + static_cast<std::size_t>(x)) * 4];
                    const unsigned a = p[3];
                    // cairo wants premultiplied alpha, native-endian 0xAARRGGBB.
                    row[x] = (a << 24) | ((p[0] * a / 255) << 16) | ((p[1] * a / 255) << 8) | (p[2] * a / 255);
                }
            }
            cairo_surface_mark_dirty(surface);
            m_references.push_back(ReferenceImage{std::shared_ptr<cairo_surface_t>(surface, cairo_surface_destroy),
                Affine2D::fromGeoTransform(r.geotransform), layer.opacity, layer.overScan});
        } catch (const std::exception& error) {
            failed += (failed.empty() ? "" : "; ") + std::string("reference '") + layer.name + "': " + error.what();
        }
    }
    return failed;
}

void MapCanvas::documentChanged()
{
    // A new view CRS (the fit gave the scenario its working CRS, or a first reference layer gave a plain scan
    // its view) makes the view's coordinates another place: the view is fitted again.
    const std::string crsBefore = m_viewCrs;
    if (const std::string failed = updateViewFrame(); !failed.empty() && onRasterError)
        onRasterError(failed);
    if (m_viewCrs != crsBefore) {
        m_fitted = true;
        fitView(m_view);
        viewChanged(false);
    }
    if (const std::string failed = rebuildReferences(m_view); !failed.empty() && onRasterError)
        onRasterError(failed);
    // The map raster another edit chose (a warp, a fit, a new scan) is drawn at once (issue 46 item 1: after
    // Warp the map stayed blank until the file was reopened); a new file, or the first raster, is fitted.
    if (m_document) {
        const MapRasterChoice choice = chooseMapRaster(m_document->scenario(), m_scenarioFolder);
        const auto now = choice.raster ? std::optional<std::pair<std::filesystem::path, std::optional<Affine2D>>>(
                                             std::make_pair(choice.raster->path, choice.raster->pixelToWorld))
                                       : std::nullopt;
        if (now != m_rasterDrawn) {
            const bool newFile = now && (!m_rasterDrawn || m_rasterDrawn->first != now->first);
            if (const std::string notice = loadMapRaster(); !notice.empty() && onRasterError)
                onRasterError(notice);
            // A scan placed by a first fit while the person picks GCPs on the view leaves the view where it is.
            if (newFile && m_raster && (m_fitted || choice.raster->kind == MapRaster::Kind::Warped)) {
                m_fitted = true;
                fitView(m_view);
                viewChanged(false);
            }
        }
    }
    if (m_document && m_selection.prune(m_document->scenario()) && onSelectionChanged)
        onSelectionChanged();
    Refresh();
}

void MapCanvas::setSelection(const std::optional<ObjectRef>& object)
{
    if (object == m_selection.object())
        return;
    m_selection.set(object);
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
    // A plain scan before its fit: the reference layer it is georeferenced on.
    if (!extent)
        extent = m_frameExtent;
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

void MapCanvas::zoomToExtent(const core::Extent& extent)
{
    core::Extent padded = extent;
    const double wanted = std::max(kZoomToMinimumMetres, kZoomToContextFactor * std::max(extent.width(), extent.height()));
    if (padded.width() < wanted) {
        const double grow = (wanted - padded.width()) / 2.0;
        padded.minX -= grow;
        padded.maxX += grow;
    }
    if (padded.height() < wanted) {
        const double grow = (wanted - padded.height()) / 2.0;
        padded.minY -= grow;
        padded.maxY += grow;
    }
    m_view.fitExtent(padded, kZoomToMarginPixels);
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

void MapCanvas::panBy(double dx, double dy)
{
    m_view.panBy(dx, dy);
    viewChanged(true);
}

void MapCanvas::viewChanged(bool byUser)
{
    if (byUser)
        m_fitted = false;
    // The reference layers are rendered again for the view once it has been still for a moment.
    if (m_document && !m_document->scenario().references.empty())
        m_referenceTimer.StartOnce(200);
    reportView("map", *this, m_view, m_viewCrs);
    Refresh();
    if (onViewChanged)
        onViewChanged();
}

void MapCanvas::addOverlay(std::shared_ptr<CanvasOverlay> overlay)
{
    if (!overlay)
        return;
    m_overlays.push_back(std::move(overlay));
    Refresh();
}

void MapCanvas::removeOverlay(const std::shared_ptr<CanvasOverlay>& overlay)
{
    std::erase(m_overlays, overlay);
    Refresh();
}

void MapCanvas::setTool(std::shared_ptr<CanvasTool> tool)
{
    if (tool == m_tool)
        return;
    // Swap first: a tool whose deactivated() sets another tool must not be deactivated twice.
    std::shared_ptr<CanvasTool> previous = std::exchange(m_tool, std::move(tool));
    m_dragging = false;
    if (previous)
        previous->deactivated();
    if (m_tool)
        m_tool->activated();
    reportText("map-tool", m_tool ? m_tool->name() : "select");
    Refresh();
    if (onToolChanged)
        onToolChanged();
}

RenderScene MapCanvas::scene()
{
    return RenderScene{m_document ? &m_document->scenario() : nullptr, m_raster.get(), &m_selection, &m_references};
}

void MapCanvas::drawOver(wxGraphicsContext& gc, const ViewTransform& view)
{
    auto drawOne = [&](CanvasOverlay& overlay) {
        gc.PushState();
        try {
            overlay.draw(gc, view);
        } catch (const std::exception& error) {
            if (error.what() != m_reportedDrawError) {
                m_reportedDrawError = error.what();
                if (onDrawError)
                    onDrawError(m_reportedDrawError);
            }
        }
        gc.PopState();
    };
    // A copy: an overlay may remove itself while drawing.
    const auto overlays = m_overlays;
    for (const auto& overlay : overlays)
        drawOne(*overlay);
    if (const auto tool = m_tool)
        drawOne(*tool);
    if (m_document)
        drawScaleBar(gc, view, m_document->scenario().settings.scaleDenominator);
}

void MapCanvas::drawScaleBar(wxGraphicsContext& gc, const ViewTransform& view, double gameScale)
{
    const double metres = scaleBarMetres(view.scale(), 160.0);
    if (!(metres > 0.0) || gc.GetRenderer() != wxGraphicsRenderer::GetCairoRenderer())
        return;
    // The printed sheet's furniture (print/map_furniture.hpp) at 5 pixels per paper mm: its 2.4 mm label is
    // 12 px, its bar 8 px high; the north arrow at 3.5 px per mm (38 px tall).
    constexpr double kPixelsPerMm = 5.0, kArrowPixelsPerMm = 3.5;
    auto* cr = static_cast<cairo_t*>(gc.GetNativeContext());
    const double length = metres * view.scale();
    const GameDistance game = gameDistance(metres, gameScale);
    // A scenario without a game scale (Table Battles cards, scale 1:1) gets the ground length alone.
    std::string label = formatMetres(metres);
    if (gameScale > 1.0)
        label = core::i18n::format(translated("{1} = {2} cm at {3}"),
            {formatMetres(metres), core::i18n::formatFigure(game.mapCm, 2), formatScale(gameScale)});
    const std::vector<std::string> ticks{"0", "", formatMetres(metres)}; // the middle one would run into the end's
    // Texts through wx (Pango, the window's own face), not cairo's toy text: the toy font resolved on the
    // window's context would keep the screen's font options for every later toy text of the process, and the
    // pieces the editor then draws for a VASSAL module would differ from the CLI's.
    const auto fontOf = [](double size, bool bold) {
        return wxFont(wxFontInfo(wxSize(0, static_cast<int>(std::lround(size)))).Family(wxFONTFAMILY_SWISS).Bold(bold));
    };
    const print::FurnitureText wxText = [&gc, fontOf](cairo_t*, double tx, double ty, double size, const std::string& text, bool bold) {
        gc.SetFont(fontOf(size, bold), wxColour(20, 20, 20));
        double w = 0, h = 0, descent = 0, leading = 0;
        gc.GetTextExtent(wxString::FromUTF8(text), &w, &h, &descent, &leading);
        gc.DrawText(wxString::FromUTF8(text), tx, ty - (h - descent)); // (tx, ty) is the baseline's left end
    };
    const auto widthOf = [&gc, fontOf](const std::string& text, double size) {
        gc.SetFont(fontOf(size, false), *wxBLACK);
        double w = 0, h = 0;
        gc.GetTextExtent(wxString::FromUTF8(text), &w, &h);
        return w;
    };
    const double labelWidth = widthOf(label, 2.4 * kPixelsPerMm), lastTickWidth = widthOf(ticks.back(), 2.2 * kPixelsPerMm);
    cairo_save(cr);
    cairo_new_path(cr);
    const double x = 12.0, y = view.viewportHeight() - 30.0;
    // A light box under it (the bar's label above the bar at y - 6, its ticks' baseline at y + 21).
    cairo_rectangle(cr, x - 6.0, y - 22.0,
        std::max(length - 3.0 + lastTickWidth, labelWidth) + 12.0, 50.0);
    cairo_set_source_rgba(cr, 1, 1, 1, 200 / 255.0);
    cairo_fill(cr);
    print::drawScaleBar(print::FurnitureContext{cr, kPixelsPerMm, wxText}, x, y, 2, length / 2.0, label, ticks);
    // Grid north (the canvas is always drawn north up), at the top right on its own light box.
    const double nx = view.viewportWidth() - 22.0, ny = 10.0;
    cairo_rectangle(cr, nx - 12.0, ny - 4.0, 24.0, 11.0 * kArrowPixelsPerMm + 8.0);
    cairo_set_source_rgba(cr, 1, 1, 1, 200 / 255.0);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    print::drawNorthArrow(print::FurnitureContext{cr, kArrowPixelsPerMm, wxText}, nx, ny);
    cairo_restore(cr);
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
        if (gc) {
            rebuildReferences(view);
            // A picture is complete: missing tiles are read now rather than by the loader thread.
            if (m_raster)
                m_raster->setBlocking(true);
            renderMap(*gc, view, scene());
            if (m_raster)
                m_raster->setBlocking(false);
            drawOver(*gc, view);
        }
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
    reportView("map", *this, m_view, m_viewCrs);
    renderMap(*gc, m_view, scene());
    drawOver(*gc, m_view);
    if (m_raster && m_raster->lastError() != m_reportedRasterError) {
        m_reportedRasterError = m_raster->lastError();
        if (onRasterError)
            onRasterError(m_reportedRasterError);
    }
}

void MapCanvas::onSize(wxSizeEvent& event)
{
    const wxSize size = GetClientSize();
    // The frame lays its panes out again after edits (the Layers pane fits its items): a size event of the same
    // size must not refit a view to an extent that has changed meanwhile.
    if (size.x == m_view.viewportWidth() && size.y == m_view.viewportHeight()) {
        event.Skip();
        return;
    }
    m_view.setViewportSize(size.x, size.y);
    if (m_fitted)
        fitView(m_view);
    viewChanged(false);
    event.Skip();
}

void MapCanvas::onMouse(wxMouseEvent& event)
{
    const wxEventType type = event.GetEventType();
    const wxPoint p = event.GetPosition();
    if (type == wxEVT_LEFT_DOWN || type == wxEVT_RIGHT_DOWN || type == wxEVT_MIDDLE_DOWN) {
        SetFocus();
        if (!HasCapture())
            CaptureMouse();
    }
    // Middle-button drags always pan and never reach a tool.
    if (type == wxEVT_MIDDLE_DOWN) {
        m_middlePanning = true;
        m_dragLast = p;
        return;
    }
    if (type == wxEVT_MIDDLE_UP) {
        m_middlePanning = false;
        releaseCaptureIfIdle(event);
        return;
    }
    if (type == wxEVT_MOTION && m_middlePanning && event.MiddleIsDown()) {
        panBy(p.x - m_dragLast.x, p.y - m_dragLast.y);
        m_dragLast = p;
        if (onCursorMoved)
            onCursorMoved(worldAt(m_view, p));
        return;
    }

    bool consumed = false;
    if (const auto tool = m_tool) {
        // A left drag that began as a pan stays a pan until the button is released.
        const bool panning = m_dragging && (type == wxEVT_MOTION || type == wxEVT_LEFT_UP);
        if (!panning) {
            try {
                consumed = tool->onMouse(event, worldAt(m_view, p), m_view);
            } catch (const std::exception& error) {
                if (onDrawError)
                    onDrawError(error.what());
                consumed = true;
            }
        }
    }
    if (!consumed) {
        if (type == wxEVT_LEFT_DOWN)
            leftDown(event);
        else if (type == wxEVT_LEFT_UP)
            leftUp(event);
        else if (type == wxEVT_MOTION)
            motion(event);
    }
    if (type == wxEVT_MOTION && onCursorMoved)
        onCursorMoved(worldAt(m_view, p));
    if (type == wxEVT_LEAVE_WINDOW && onCursorMoved)
        onCursorMoved(std::nullopt);
    if (type == wxEVT_LEFT_UP || type == wxEVT_RIGHT_UP) {
        if (type == wxEVT_LEFT_UP)
            m_dragging = false;
        releaseCaptureIfIdle(event);
    }
    if (m_tool && consumed) {
        // A tool's click was made on this view (a GCP's map point, a vertex): the view stays where it is when the
        // edit changes the extent, until the person fits it again.
        if (type == wxEVT_LEFT_DOWN)
            m_fitted = false;
        Refresh();
    }
    event.Skip(type == wxEVT_LEAVE_WINDOW || type == wxEVT_ENTER_WINDOW);
}

void MapCanvas::releaseCaptureIfIdle(const wxMouseEvent& event)
{
    if (HasCapture() && !event.LeftIsDown() && !event.RightIsDown() && !event.MiddleIsDown())
        ReleaseMouse();
}

void MapCanvas::leftDown(const wxMouseEvent& event)
{
    m_dragging = true;
    m_dragMoved = false;
    m_dragStart = m_dragLast = event.GetPosition();
}

void MapCanvas::leftUp(const wxMouseEvent& event)
{
    if (!m_dragging)
        return;
    m_dragging = false;
    if (!m_dragMoved)
        clickAt(event.GetPosition());
}

void MapCanvas::clickAt(wxPoint p)
{
    if (!m_document)
        return;
    const core::Coordinate world = worldAt(m_view, p);
    const double tolerance = kPickPixels / m_view.scale();
    const core::Scenario& scenario = m_document->scenario();
    // Pieces are drawn over the terrain, so they are picked first.
    if (const auto unit = hitTestUnit(scenario, world, m_view.scale(), tolerance)) {
        setSelection(ObjectRef{ObjectRef::Kind::Unit, unit->str()});
        return;
    }
    const auto feature = hitTestFeature(scenario, world, tolerance);
    setSelection(feature ? std::optional<ObjectRef>(ObjectRef{ObjectRef::Kind::Feature, feature->str()}) : std::nullopt);
}

void MapCanvas::motion(const wxMouseEvent& event)
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
    if (const auto tool = m_tool) {
        bool consumed = false;
        try {
            consumed = tool->onKey(event);
        } catch (const std::exception& error) {
            if (onDrawError)
                onDrawError(error.what());
            consumed = true;
        }
        if (consumed) {
            Refresh();
            return;
        }
        if (event.GetKeyCode() == WXK_ESCAPE) {
            setTool(nullptr);
            return;
        }
    }
    switch (event.GetKeyCode()) {
    case WXK_LEFT:
        panBy(kArrowPanPixels, 0.0);
        break;
    case WXK_RIGHT:
        panBy(-kArrowPanPixels, 0.0);
        break;
    case WXK_UP:
        panBy(0.0, kArrowPanPixels);
        break;
    case WXK_DOWN:
        panBy(0.0, -kArrowPanPixels);
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
    case WXK_ESCAPE:
        setSelection(std::nullopt);
        break;
    default:
        event.Skip();
    }
}

void MapCanvas::onCaptureLost(wxMouseCaptureLostEvent&)
{
    m_dragging = false;
    m_middlePanning = false;
}

} // namespace sandtable::editor::ui
