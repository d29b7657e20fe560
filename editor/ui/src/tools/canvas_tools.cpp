// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas tools: drawing points, lines and polygons with snapping; splitting and merging; the vertex
// editor; placing, moving and turning blocks at true size. Each finished gesture is one Document::apply
// (a drag: Edits sharing a merge key, one undo step).
#include "tools_internal.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/editor/logic/hit_test.hpp"
#include "sandtable/editor/logic/tools/placing.hpp"
#include "sandtable/editor/logic/tools/vertex_edit.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <wx/brush.h>
#include <wx/event.h>
#include <wx/graphics.h>
#include <wx/pen.h>

#include <cmath>
#include <exception>

namespace sandtable::editor::ui::tools {

namespace {

using editor::tools::DrawKind;
using editor::tools::DrawingState;
using editor::tools::Snap;

double metresFor(double pixels, const ViewTransform& view) { return pixels / view.scale(); }

void strokePolyline(wxGraphicsContext& gc, const ViewTransform& view, const std::vector<core::Coordinate>& points,
    bool close)
{
    if (points.size() < 2)
        return;
    wxGraphicsPath path = gc.CreatePath();
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Point p = view.worldToScreen(points[i]);
        if (i == 0)
            path.MoveToPoint(p.x, p.y);
        else
            path.AddLineToPoint(p.x, p.y);
    }
    if (close)
        path.CloseSubpath();
    gc.StrokePath(path);
}

void square(wxGraphicsContext& gc, const ViewTransform& view, core::Coordinate c, double half)
{
    const Point p = view.worldToScreen(c);
    gc.DrawRectangle(p.x - half, p.y - half, 2 * half, 2 * half);
}

void disc(wxGraphicsContext& gc, const ViewTransform& view, core::Coordinate c, double radius)
{
    const Point p = view.worldToScreen(c);
    gc.DrawEllipse(p.x - radius, p.y - radius, 2 * radius, 2 * radius);
}

bool isEnter(int key) { return key == WXK_RETURN || key == WXK_NUMPAD_ENTER; }

/// Click-by-click drawing of a geometry with snapping; what the finished geometry does is `finished`.
class DrawToolBase : public CanvasTool {
public:
    DrawToolBase(std::shared_ptr<ToolsContext> context, DrawKind kind) : m_context(std::move(context)), m_state(kind) {}

    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override
    {
        const core::document::Document* document = m_context->workbench.document();
        if (!document)
            return false;
        m_pixelsPerMetre = view.scale();
        const double tolerance = event.ShiftDown() ? 0.0 : metresFor(kSnapPixels, view);
        // The first vertex of a polygon is a snap target too: clicking it closes the ring.
        std::vector<core::Coordinate> own;
        if (m_state.kind() == DrawKind::Polygon && m_state.vertices().size() >= 3)
            own.push_back(m_state.vertices().front());
        m_hover = editor::tools::snapToTerrain(document->scenario(), world, tolerance, std::nullopt, own);
        if (event.LeftDClick()) {
            finish(metresFor(kSnapPixels, view));
            return true;
        }
        if (event.LeftDown()) {
            m_state.addVertex(m_hover->point);
            if (m_state.kind() == DrawKind::Point)
                finish(0.0);
            else if (m_state.kind() == DrawKind::Polygon && m_state.vertices().size() >= 4 && m_hover->feature.empty()
                && m_hover->kind == Snap::Kind::Vertex)
                finish(metresFor(kSnapPixels, view)); // clicked the first vertex again: the ring is closed
            m_context->workbench.refreshCanvas();
            return true;
        }
        m_context->workbench.refreshCanvas();
        // Left-button drags and releases belong to the tool (no panning while drawing); plain moves also
        // reach the canvas (cursor coordinates).
        return event.LeftIsDown() || event.LeftUp();
    }

    bool onKey(const wxKeyEvent& event) override
    {
        const int key = event.GetKeyCode();
        if (isEnter(key)) {
            finish(m_pixelsPerMetre > 0 ? kSnapPixels / m_pixelsPerMetre / 4.0 : 0.0);
            return true;
        }
        if (key == WXK_BACK) {
            m_state.removeLastVertex();
            m_context->workbench.refreshCanvas();
            return true;
        }
        if (key == WXK_ESCAPE && !m_state.empty()) {
            m_state.cancel();
            m_context->workbench.setStatusText(translated("Drawing cancelled"));
            m_context->workbench.refreshCanvas();
            return true;
        }
        return false;
    }

    void deactivated() override
    {
        m_state.cancel();
        m_hover.reset();
    }

    void draw(wxGraphicsContext& gc, const ViewTransform& view) override
    {
        std::vector<core::Coordinate> points = m_state.vertices();
        if (m_hover && !points.empty() && m_state.kind() != DrawKind::Point)
            points.push_back(m_hover->point);
        if (m_state.kind() == DrawKind::Polygon && points.size() >= 3) {
            gc.SetBrush(wxBrush(wxColour(255, 140, 0, 50)));
            wxGraphicsPath path = gc.CreatePath();
            for (std::size_t i = 0; i < points.size(); ++i) {
                const Point p = view.worldToScreen(points[i]);
                i == 0 ? path.MoveToPoint(p.x, p.y) : path.AddLineToPoint(p.x, p.y);
            }
            path.CloseSubpath();
            gc.FillPath(path);
        }
        gc.SetPen(wxPen(wxColour(255, 140, 0), 2));
        strokePolyline(gc, view, points, false);
        gc.SetPen(wxPen(wxColour(60, 60, 60), 1));
        gc.SetBrush(wxBrush(wxColour(255, 255, 255)));
        for (const core::Coordinate& c : m_state.vertices())
            square(gc, view, c, kHandlePixels);
        if (m_hover && m_hover->kind != Snap::Kind::None) {
            // A snapped cursor: a ring (vertex) or a diamond-ish small disc (edge).
            gc.SetBrush(*wxTRANSPARENT_BRUSH);
            gc.SetPen(wxPen(wxColour(220, 0, 220), 2));
            disc(gc, view, m_hover->point, m_hover->kind == Snap::Kind::Vertex ? 7.0 : 4.0);
        }
    }

protected:
    virtual void finished(core::Geometry geometry) = 0;

    void finish(double duplicateTolerance)
    {
        auto geometry = m_state.finish(duplicateTolerance);
        if (!geometry) {
            m_context->workbench.setStatusText(core::i18n::format(translated("Too few vertices for a {1}"), {geometryWord(m_state.kind())}));
            return;
        }
        m_hover.reset();
        finished(std::move(*geometry));
        m_context->workbench.refreshCanvas();
    }

    std::shared_ptr<ToolsContext> m_context;
    DrawingState m_state;
    std::optional<Snap> m_hover;
    double m_pixelsPerMetre = 0.0;
};

class DrawTool final : public DrawToolBase {
public:
    using DrawToolBase::DrawToolBase;

    std::string name() const override { return std::string("terrain.draw-") + toString(m_state.kind()); }

    void activated() override
    {
        const core::document::Document* document = m_context->workbench.document();
        std::string text = core::i18n::format(translated("Drawing a {1} of class {2}: click vertices, double-click or Enter "
                                                         "finishes, Backspace removes the last, Esc cancels, Shift does not snap"),
            {geometryWord(m_state.kind()), m_context->currentClass});
        if (document && editor::tools::drawKindOf(document->scenario(), m_context->currentClass) != m_state.kind())
            text = core::i18n::format(translated("Warning: {1} is digitised as a {2}. {3}"),
                {m_context->currentClass, geometryWord(editor::tools::drawKindOf(document->scenario(), m_context->currentClass)),
                    text});
        m_context->workbench.setStatusText(text);
    }

protected:
    void finished(core::Geometry geometry) override
    {
        const core::document::Document* document = m_context->workbench.document();
        if (!document)
            return;
        core::FeatureId id;
        core::document::Edit edit;
        try {
            edit = editor::tools::addFeatureEdit(document->scenario(), m_context->currentClass, std::move(geometry), &id);
        } catch (const std::exception& e) {
            m_context->workbench.showError(translated("Add feature"), e.what());
            return;
        }
        if (m_context->apply(std::move(edit), translated("Add feature"))) {
            m_context->workbench.select(ObjectRef{ObjectRef::Kind::Feature, id.str()}, false);
            m_context->workbench.setStatusText(wxString::Format(_("Added %s"), wxString::FromUTF8(id.str())).utf8_string());
        }
    }
};

class SplitTool final : public DrawToolBase {
public:
    explicit SplitTool(std::shared_ptr<ToolsContext> context) : DrawToolBase(std::move(context), DrawKind::Line) {}
    std::string name() const override { return "terrain.split"; }
    void activated() override
    {
        m_context->workbench.setStatusText(translated("Split: draw a line across the selected feature, Enter or double-click splits"));
    }

protected:
    void finished(core::Geometry blade) override
    {
        const auto id = m_context->selectedFeature();
        if (!id) {
            m_context->workbench.setStatusText(translated("Split: select a feature first"));
            return;
        }
        try {
            m_context->apply(core::document::operations::splitFeature(m_context->workbench.document()->scenario(), *id, blade),
                translated("Split feature"));
        } catch (const std::exception& e) {
            m_context->workbench.showError(translated("Split feature"), e.what());
        }
    }
};

class MergeTool final : public CanvasTool {
public:
    explicit MergeTool(std::shared_ptr<ToolsContext> context) : m_context(std::move(context)) {}
    std::string name() const override { return "terrain.merge"; }
    void activated() override
    {
        m_context->workbench.setStatusText(translated("Merge: click a feature of the same class to merge it into the selected one"));
    }
    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override
    {
        if (!event.LeftDown())
            return event.LeftIsDown() || event.LeftUp();
        const core::document::Document* document = m_context->workbench.document();
        const auto first = m_context->selectedFeature();
        if (!document || !first)
            return false;
        // The topmost other feature under the cursor.
        std::optional<core::FeatureId> second;
        const double tolerance = metresFor(kHitPixels, view);
        const auto ordered = featuresInDrawingOrder(document->scenario());
        for (auto it = ordered.rbegin(); it != ordered.rend(); ++it)
            if ((*it)->id != *first && featureHit(**it, world, tolerance)) {
                second = (*it)->id;
                break;
            }
        if (!second) {
            m_context->workbench.setStatusText(translated("Merge: no other feature there"));
            return true;
        }
        try {
            if (m_context->apply(core::document::operations::mergeFeatures(document->scenario(), {*first, *second}), translated("Merge features")))
                m_context->workbench.setStatusText(
                wxString::Format(_("Merged %s into %s"), wxString::FromUTF8(second->str()), wxString::FromUTF8(first->str())).utf8_string());
        } catch (const std::exception& e) {
            m_context->workbench.showError(translated("Merge features"), e.what());
        }
        return true;
    }
    void draw(wxGraphicsContext&, const ViewTransform&) override {}

private:
    std::shared_ptr<ToolsContext> m_context;
};

class VertexTool final : public CanvasTool {
public:
    explicit VertexTool(std::shared_ptr<ToolsContext> context) : m_context(std::move(context)) {}
    std::string name() const override { return "terrain.edit-vertices"; }

    void activated() override
    {
        m_context->workbench.setStatusText(
            translated("Vertices: drag a vertex, drag an edge's middle to insert one, right-click or Del deletes, Shift does not snap"));
    }

    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override
    {
        core::document::Document* document = m_context->workbench.document();
        if (!document)
            return false;
        m_hover = world;
        const double handleTolerance = metresFor(kHitPixels, view);
        const auto feature = m_context->selectedFeature();
        if (event.LeftDown()) {
            if (feature) {
                const auto pressed = m_drag.press(document->scenario(), *feature, world, handleTolerance,
                    m_context->nextSerial++);
                if (pressed) {
                    m_context->apply(*pressed, translated("Move vertex"));
                    return true;
                }
            }
            // Not on a handle: pick the feature under the cursor.
            const auto hit = hitTestFeature(document->scenario(), world, handleTolerance);
            m_context->workbench.select(
                hit ? std::optional<ObjectRef>(ObjectRef{ObjectRef::Kind::Feature, hit->str()}) : std::nullopt, false);
            m_context->workbench.refreshCanvas();
            return true;
        }
        if (event.Dragging() && m_drag.active()) {
            const double tolerance = event.ShiftDown() ? 0.0 : metresFor(kSnapPixels, view);
            const Snap snap = editor::tools::snapToTerrain(document->scenario(), world, tolerance, feature);
            m_context->apply(m_drag.drag(document->scenario(), snap.point), translated("Move vertex"));
            return true;
        }
        if (event.LeftUp() && m_drag.release()) {
            reportValidity();
            return true;
        }
        if (event.RightDown() && feature) {
            deleteAt(world, handleTolerance);
            return true;
        }
        m_hoverTolerance = handleTolerance;
        return m_drag.active();
    }

    bool onKey(const wxKeyEvent& event) override
    {
        const int key = event.GetKeyCode();
        if ((key == WXK_DELETE || key == WXK_BACK) && m_hover && m_context->selectedFeature())
            return deleteAt(*m_hover, m_hoverTolerance);
        return false;
    }

    void deactivated() override { m_drag.release(); }

    void draw(wxGraphicsContext& gc, const ViewTransform& view) override
    {
        const core::document::Document* document = m_context->workbench.document();
        const auto id = m_context->selectedFeature();
        if (!document || !id)
            return;
        const core::TerrainFeature* f = document->scenario().findFeature(*id);
        gc.SetPen(wxPen(wxColour(40, 40, 40), 1));
        for (const auto& handle : editor::tools::vertexHandles(f->geometry)) {
            if (handle.midpoint) {
                gc.SetBrush(wxBrush(wxColour(255, 140, 0, 200)));
                disc(gc, view, handle.position, kHandlePixels - 1.0);
            } else {
                gc.SetBrush(wxBrush(wxColour(255, 255, 255)));
                square(gc, view, handle.position, kHandlePixels);
            }
        }
    }

private:
    bool deleteAt(core::Coordinate world, double tolerance)
    {
        const auto feature = m_context->selectedFeature();
        core::document::Document* document = m_context->workbench.document();
        if (!feature || !document || tolerance <= 0.0)
            return false;
        const auto edit = editor::tools::deleteVertexEdit(document->scenario(), *feature, world, tolerance);
        if (!edit) {
            m_context->workbench.setStatusText(translated("No vertex to delete there (a line keeps 2 vertices, a ring 3)"));
            return false;
        }
        m_context->apply(*edit, translated("Delete vertex"));
        reportValidity();
        return true;
    }

    void reportValidity()
    {
        const auto id = m_context->selectedFeature();
        if (!id)
            return;
        const core::TerrainFeature* f = m_context->workbench.document()->scenario().findFeature(*id);
        const auto validity = core::geometry::checkValidity(f->geometry);
        m_context->workbench.setStatusText(validity.valid
                ? wxString::Format(_("%s: valid"), wxString::FromUTF8(id->str())).utf8_string()
                : wxString::Format(_("%s is invalid (%s); the Problems panel lists it"), wxString::FromUTF8(id->str()),
                    wxString::FromUTF8(validity.reason)).utf8_string());
    }

    std::shared_ptr<ToolsContext> m_context;
    editor::tools::VertexDrag m_drag;
    std::optional<core::Coordinate> m_hover;
    double m_hoverTolerance = 0.0;
};

class PlaceTool final : public CanvasTool {
public:
    explicit PlaceTool(std::shared_ptr<ToolsContext> context) : m_context(std::move(context)) {}
    std::string name() const override { return "setup.place"; }

    void activated() override
    {
        m_context->workbench.setStatusText(translated("Blocks: click to place the selected unit, drag a block to move it, its "
                                           "handle to turn it (Shift: 15 degree steps), C toggles route column"));
    }

    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override
    {
        const core::document::Document* document = m_context->workbench.document();
        if (!document)
            return false;
        m_hover = world;
        const core::Scenario& s = document->scenario();
        const double tolerance = metresFor(kHitPixels, view);
        const double handleOffset = metresFor(kRotationHandlePixels, view);
        if (event.LeftDown()) {
            const auto selected = m_context->selectedUnit();
            // The selected block's handle or body first, then any block, then placing the selected unit.
            if (selected && m_drag.press(s, *selected, world, tolerance, handleOffset, m_context->nextSerial++)
                    != editor::tools::BlockDrag::Mode::None)
                return true;
            if (const auto hit = editor::tools::hitTestBlock(s, world, tolerance)) {
                m_context->workbench.select(ObjectRef{ObjectRef::Kind::Unit, hit->str()}, false);
                m_drag.press(document->scenario(), *hit, world, tolerance, handleOffset, m_context->nextSerial++);
                return true;
            }
            if (selected && !s.findUnit(*selected)->placement) {
                placeUnitAt(*m_context, *selected, world);
                return true;
            }
            m_context->workbench.select(std::nullopt, false);
            return true;
        }
        if (event.Dragging() && m_drag.mode() != editor::tools::BlockDrag::Mode::None) {
            m_context->apply(m_drag.drag(s, world, event.ShiftDown()), translated("Move block"));
            return true;
        }
        if (event.LeftUp() && m_drag.release())
            return true;
        m_context->workbench.refreshCanvas(); // the ghost of an unplaced unit follows the cursor
        return false;
    }

    bool onKey(const wxKeyEvent& event) override
    {
        if (event.GetKeyCode() == 'C' && !event.HasAnyModifiers()) {
            return m_context->workbench.runCommand("setup.toggle_column");
        }
        return false;
    }

    void deactivated() override { m_drag.release(); }

    void draw(wxGraphicsContext& gc, const ViewTransform& view) override
    {
        const core::document::Document* document = m_context->workbench.document();
        if (!document)
            return;
        const core::Scenario& s = document->scenario();
        // Every placed block at true size (the canvas may draw them at a display size).
        gc.SetBrush(*wxTRANSPARENT_BRUSH);
        for (const core::Unit& u : s.units) {
            if (!u.placement)
                continue;
            outline(gc, view, s, u, *u.placement, toWxColour(sideColour(s, sideOfUnit(s, u))), 1.5);
        }
        const auto selected = m_context->selectedUnit();
        if (!selected)
            return;
        const core::Unit& u = *s.findUnit(*selected);
        if (u.placement) {
            outline(gc, view, s, u, *u.placement, wxColour(255, 140, 0), 2.5);
            const core::Coordinate handle = editor::tools::rotationHandle(s, u, metresFor(kRotationHandlePixels, view));
            gc.SetPen(wxPen(wxColour(255, 140, 0), 1.5));
            strokePolyline(gc, view, {u.placement->position, handle}, false);
            gc.SetBrush(wxBrush(wxColour(255, 255, 255)));
            disc(gc, view, handle, kHandlePixels + 1.0);
        } else if (m_hover) {
            core::Placement ghost{*m_hover, 0.0, false};
            outline(gc, view, s, u, ghost, wxColour(255, 140, 0, 160), 1.5);
        }
    }

private:
    static void outline(wxGraphicsContext& gc, const ViewTransform& view, const core::Scenario& s, const core::Unit& u,
        const core::Placement& placement, const wxColour& colour, double width)
    {
        std::array<core::Coordinate, 4> corners;
        try {
            corners = editor::tools::blockCorners(s, u, placement);
        } catch (const std::exception&) {
            return; // a non-positive block size in the settings: the validator reports it
        }
        gc.SetPen(wxPen(colour, static_cast<int>(std::lround(width))));
        strokePolyline(gc, view, {corners.begin(), corners.end()}, true);
        // The front edge (front-right to front-left) thicker: which way the block faces.
        gc.SetPen(wxPen(colour, static_cast<int>(std::lround(width * 2))));
        strokePolyline(gc, view, {corners[2], corners[3]}, false);
    }

    std::shared_ptr<ToolsContext> m_context;
    editor::tools::BlockDrag m_drag;
    std::optional<core::Coordinate> m_hover;
};

} // namespace

std::shared_ptr<CanvasTool> makeDrawTool(std::shared_ptr<ToolsContext> context, DrawKind kind)
{
    return std::make_shared<DrawTool>(std::move(context), kind);
}
std::shared_ptr<CanvasTool> makeSplitTool(std::shared_ptr<ToolsContext> context)
{
    return std::make_shared<SplitTool>(std::move(context));
}
std::shared_ptr<CanvasTool> makeMergeTool(std::shared_ptr<ToolsContext> context)
{
    return std::make_shared<MergeTool>(std::move(context));
}
std::shared_ptr<CanvasTool> makeVertexTool(std::shared_ptr<ToolsContext> context)
{
    return std::make_shared<VertexTool>(std::move(context));
}
std::shared_ptr<CanvasTool> makePlaceTool(std::shared_ptr<ToolsContext> context)
{
    return std::make_shared<PlaceTool>(std::move(context));
}

} // namespace sandtable::editor::ui::tools
