// SPDX-License-Identifier: GPL-3.0-or-later
// The central map canvas: draws the Document's scenario over its raster, then overlays and the active
// tool; pan, zoom, fit, select; the active canvas tool sees the mouse and keys first.
#pragma once

#include "sandtable/core/document/document.hpp"
#include "sandtable/editor/logic/affine.hpp"
#include "sandtable/editor/logic/hit_test.hpp"
#include "sandtable/editor/logic/view_request.hpp"
#include "sandtable/editor/logic/view_transform.hpp"
#include "sandtable/editor/ui/map_renderer.hpp"
#include "sandtable/editor/ui/workbench.hpp"

#include <wx/bitmap.h>
#include <wx/timer.h>
#include <wx/window.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace sandtable::editor::ui {

/// Shows a Document (which it never modifies) through a ViewTransform. Drag with the left button (no tool
/// consuming it) or the middle button, or the arrow keys, pan; the wheel zooms about the cursor, + and -
/// zoom about the centre, Home fits; a click selects the piece or feature under the cursor, Escape clears
/// the selection. Until the user moves the view it stays fitted to the scenario when the window resizes.
///
/// With a CanvasTool active, every mouse event but middle-button drags and the wheel goes to the tool
/// first (a consumed event neither pans nor selects), and keys too; Escape the tool does not consume ends
/// the tool. Overlays, then the tool, then the scale bar and north arrow draw over the map, in the canvas and in
/// renderToBitmap.
class MapCanvas : public wxWindow {
public:
    explicit MapCanvas(wxWindow* parent);
    ~MapCanvas() override;

    /// Shows `document` (null: nothing) with its raster chosen from `scenarioFolder`; fits the view.
    /// Returns the notice for the status bar ("" when the raster is drawn, else why terrain only).
    std::string setDocument(const core::document::Document* document, const std::filesystem::path& scenarioFolder);
    /// Redraws after an edit (the Document's observer calls it); drops a selection whose object is gone.
    void documentChanged();

    const ViewTransform& view() const noexcept { return m_view; }
    /// The CRS the canvas's world coordinates are in: the scenario's working CRS; for a scenario without one
    /// (made from a plain scan, until its fit gives it one), the frame of its first visible reference layer
    /// (geo::referenceFrame: the layer's CRS, or the UTM zone of its centre), so that the layer is drawn,
    /// fitted and clicked on; empty when there is neither. When it changes (the fit set the working CRS) the
    /// view is fitted again.
    const std::string& viewCrs() const noexcept { return m_viewCrs; }
    const Selection& selection() const noexcept { return m_selection; }
    /// Selects `object` (nullopt: nothing); calls onSelectionChanged when it changed.
    void setSelection(const std::optional<ObjectRef>& object);

    /// Centres the view on the request at its resolution; the view then stays put on resizes.
    void showView(const ViewRequest& request);
    /// Shows `extent` with a margin (a point or a small extent is shown at least 400 m across).
    void zoomToExtent(const core::Extent& extent);
    void zoomIn();
    void zoomOut();
    void fit();
    /// Moves the view by (dx, dy) logical pixels as a drag would.
    void panBy(double dx, double dy);

    void addOverlay(std::shared_ptr<CanvasOverlay> overlay);
    void removeOverlay(const std::shared_ptr<CanvasOverlay>& overlay);
    std::size_t overlayCount() const noexcept { return m_overlays.size(); }
    /// Makes `tool` active (null: select/pan). The previous tool is deactivated first.
    void setTool(std::shared_ptr<CanvasTool> tool);
    const std::shared_ptr<CanvasTool>& tool() const noexcept { return m_tool; }

    /// Raster tiles asked for and not yet drawn (0 when what is on screen is complete).
    std::size_t pendingTiles() const { return m_raster ? m_raster->pendingTiles() : 0; }

    /// Renders what the canvas shows at `size` (logical pixels) into a bitmap with the same drawing code,
    /// overlays and tool included; the view keeps its centre and, while fitted, is refitted to that size.
    wxBitmap renderToBitmap(const wxSize& size);

    /// Called with the world point under the cursor (nullopt when it leaves) and after every view change.
    std::function<void(std::optional<core::Coordinate>)> onCursorMoved;
    std::function<void()> onViewChanged;
    std::function<void()> onSelectionChanged;
    /// Called after the active tool changed (set, or ended by Escape).
    std::function<void()> onToolChanged;
    /// Called once per new failure to read raster tiles (the tiles are left out; the editor keeps going).
    std::function<void(const std::string&)> onRasterError;
    /// Called when an overlay or the tool throws while drawing (it is skipped; the canvas keeps going).
    std::function<void(const std::string&)> onDrawError;

private:
    void onPaint(wxPaintEvent& event);
    void onSize(wxSizeEvent& event);
    void onMouse(wxMouseEvent& event);
    void onWheel(wxMouseEvent& event);
    void onKeyDown(wxKeyEvent& event);
    void onCaptureLost(wxMouseCaptureLostEvent& event);
    void leftDown(const wxMouseEvent& event);
    void leftUp(const wxMouseEvent& event);
    void motion(const wxMouseEvent& event);
    void clickAt(wxPoint p);
    void releaseCaptureIfIdle(const wxMouseEvent& event);

    std::optional<core::Extent> fitExtent() const;
    void fitView(ViewTransform& view) const;
    void viewChanged(bool byUser);
    RenderScene scene();
    void drawOver(wxGraphicsContext& gc, const ViewTransform& view);
    /// The printed sheet's furniture (print::drawScaleBar, print::drawNorthArrow): the scale bar at the lower
    /// left (a round ground length in two halves, what it is on the map at the game scale), the north arrow
    /// at the top right.
    static void drawScaleBar(wxGraphicsContext& gc, const ViewTransform& view, double gameScale);

    const core::document::Document* m_document = nullptr;
    std::unique_ptr<RasterLayer> m_raster;
    /// The raster file and placement m_raster was made for (chooseMapRaster's), to redo it when an edit changes them.
    std::optional<std::pair<std::filesystem::path, std::optional<Affine2D>>> m_rasterDrawn;
    /// The scenario's visible reference layers, rendered for the canvas (rebuildReferences).
    std::vector<ReferenceImage> m_references;
    std::vector<core::ReferenceLayer> m_referencesDrawn; ///< what m_references shows
    std::string m_referencesCrs;                         ///< the CRS they were rendered in
    core::Extent m_referencesWindow{};                   ///< the world window they were rendered over
    double m_referencesDevicePerMetre = 0.0;             ///< at this resolution
    std::filesystem::path m_scenarioFolder;
    /// Renders the visible reference layers for `view` (reprojected into the view CRS, over the visible window
    /// and a third of it around, at the view's resolution: never clipped to the scan or the extent) when they
    /// changed or `view` is not covered by what was rendered; returns what could not be drawn.
    std::string rebuildReferences(const ViewTransform& view);
    /// The view CRS and, without a working CRS, the reference layer's extent (viewCrs); returns why the
    /// reference layer's frame could not be read ("" when it could).
    std::string updateViewFrame();
    std::string m_viewCrs;
    std::optional<core::Extent> m_frameExtent; ///< the reference layer's extent when it gives the view CRS
    std::optional<std::string> m_frameFor; ///< the frameKey (working CRS, else the framing reference layer) m_viewCrs was chosen for; none: not chosen for this document yet
    wxTimer m_referenceTimer; ///< renders the reference layers for a view that has come to rest
    /// Makes m_raster from the open document's map (chooseMapRaster); returns the notice for the status bar.
    std::string loadMapRaster();
    ViewTransform m_view;
    Selection m_selection;
    std::vector<std::shared_ptr<CanvasOverlay>> m_overlays;
    std::shared_ptr<CanvasTool> m_tool;
    std::string m_reportedRasterError;
    std::string m_reportedDrawError;
    bool m_fitted = true;
    bool m_dragging = false;   // left button pressed, not taken by a tool
    bool m_dragMoved = false;
    bool m_middlePanning = false;
    wxPoint m_dragStart;
    wxPoint m_dragLast;
};

} // namespace sandtable::editor::ui
