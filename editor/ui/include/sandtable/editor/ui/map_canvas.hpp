// SPDX-License-Identifier: GPL-3.0-or-later
// The central map canvas: draws the Document's scenario over its raster; pan, zoom, fit, select.
#pragma once

#include "sandtable/core/document/document.hpp"
#include "sandtable/editor/logic/hit_test.hpp"
#include "sandtable/editor/logic/view_request.hpp"
#include "sandtable/editor/logic/view_transform.hpp"
#include "sandtable/editor/ui/map_renderer.hpp"

#include <wx/bitmap.h>
#include <wx/window.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace sandtable::editor::ui {

/// Shows a Document (which it never modifies) through a ViewTransform. Drag or arrow keys pan, the wheel
/// zooms about the cursor, + and - zoom about the centre, Home fits; a click selects the feature under
/// the cursor. Until the user moves the view it stays fitted to the scenario when the window resizes.
class MapCanvas : public wxWindow {
public:
    explicit MapCanvas(wxWindow* parent);

    /// Shows `document` (null: nothing) with its raster chosen from `scenarioFolder`; fits the view.
    /// Returns the notice for the status bar ("" when the raster is drawn, else why terrain only).
    std::string setDocument(const core::Document* document, const std::filesystem::path& scenarioFolder);
    /// Redraws after an edit (the Document's observer calls it); drops a selection whose feature is gone.
    void documentChanged();

    const ViewTransform& view() const noexcept { return m_view; }
    const Selection& selection() const noexcept { return m_selection; }
    void setSelection(std::optional<core::FeatureId> feature);

    /// Centres the view on the request at its resolution; the view then stays put on resizes.
    void showView(const ViewRequest& request);
    void zoomIn();
    void zoomOut();
    void fit();

    /// Renders what the canvas shows at `size` (logical pixels) into a bitmap with the same drawing code;
    /// the view keeps its centre and, while fitted, is refitted to that size.
    wxBitmap renderToBitmap(const wxSize& size);

    /// Called with the world point under the cursor (nullopt when it leaves) and after every view change.
    std::function<void(std::optional<core::Coordinate>)> onCursorMoved;
    std::function<void()> onViewChanged;
    std::function<void()> onSelectionChanged;
    /// Called once per new failure to read raster tiles (the tiles are left out; the editor keeps going).
    std::function<void(const std::string&)> onRasterError;

private:
    void onPaint(wxPaintEvent& event);
    void onSize(wxSizeEvent& event);
    void onLeftDown(wxMouseEvent& event);
    void onLeftUp(wxMouseEvent& event);
    void onMotion(wxMouseEvent& event);
    void onLeaveWindow(wxMouseEvent& event);
    void onWheel(wxMouseEvent& event);
    void onKeyDown(wxKeyEvent& event);
    void onCaptureLost(wxMouseCaptureLostEvent& event);

    std::optional<core::Extent> fitExtent() const;
    void fitView(ViewTransform& view) const;
    void viewChanged(bool byUser);
    RenderScene scene();

    const core::Document* m_document = nullptr;
    std::unique_ptr<RasterLayer> m_raster;
    ViewTransform m_view;
    Selection m_selection;
    std::string m_reportedRasterError;
    bool m_fitted = true;
    bool m_dragging = false;
    bool m_dragMoved = false;
    wxPoint m_dragStart;
    wxPoint m_dragLast;
};

} // namespace sandtable::editor::ui
