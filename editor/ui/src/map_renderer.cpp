// SPDX-License-Identifier: GPL-3.0-or-later
// Map drawing with wxGraphicsContext: raster tiles through an affine matrix, vectors in screen space.
#include "sandtable/editor/ui/map_renderer.hpp"

#include "sandtable/editor/logic/map_raster.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"

#include <wx/dcmemory.h>

#include <algorithm>
#include <cmath>

namespace sandtable::editor::ui {

namespace {

wxColour toWx(const Rgba& c) { return wxColour(c.r, c.g, c.b, c.a); }

wxGraphicsPen makePen(wxGraphicsContext& gc, const Rgba& colour, double width, StrokePattern pattern)
{
    wxGraphicsPenInfo info(toWx(colour));
    info.Width(width);
    switch (pattern) {
    case StrokePattern::Solid:
        info.Style(wxPENSTYLE_SOLID);
        break;
    case StrokePattern::Dashed:
        info.Style(wxPENSTYLE_SHORT_DASH);
        break;
    case StrokePattern::Dotted:
        info.Style(wxPENSTYLE_DOT);
        break;
    }
    info.Join(wxJOIN_ROUND).Cap(wxCAP_ROUND);
    return gc.CreatePen(info);
}

bool intersects(const core::Extent& a, const core::Extent& b)
{
    return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

core::Extent bounds(const core::Geometry& geometry)
{
    core::Extent e{INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (const auto& part : geometry.parts)
        for (const auto& ring : part)
            for (const auto& c : ring) {
                e.minX = std::min(e.minX, c.x);
                e.minY = std::min(e.minY, c.y);
                e.maxX = std::max(e.maxX, c.x);
                e.maxY = std::max(e.maxY, c.y);
            }
    return e;
}

void addRing(wxGraphicsPath& path, const ViewTransform& view, const std::vector<core::Coordinate>& ring, bool close)
{
    bool first = true;
    for (const auto& c : ring) {
        const Point p = view.worldToScreen(c);
        if (first)
            path.MoveToPoint(p.x, p.y);
        else
            path.AddLineToPoint(p.x, p.y);
        first = false;
    }
    if (close && !ring.empty())
        path.CloseSubpath();
}

void drawFeature(wxGraphicsContext& gc, const ViewTransform& view, const core::TerrainFeature& feature, bool selected)
{
    const TerrainStyle style = terrainStyle(feature);
    const int dim = core::dimension(feature.geometry.type);
    const Rgba highlight{255, 140, 0, 255};
    if (dim == 0) {
        for (const auto& part : feature.geometry.parts)
            for (const auto& ring : part)
                for (const auto& c : ring) {
                    const Point p = view.worldToScreen(c);
                    const double r = style.pointRadius;
                    if (selected) {
                        gc.SetPen(makePen(gc, highlight, 3.0, StrokePattern::Solid));
                        gc.SetBrush(*wxTRANSPARENT_BRUSH);
                        gc.DrawEllipse(p.x - r - 3.0, p.y - r - 3.0, 2.0 * (r + 3.0), 2.0 * (r + 3.0));
                    }
                    gc.SetPen(makePen(gc, style.stroke, style.strokeWidth, StrokePattern::Solid));
                    gc.SetBrush(gc.CreateBrush(wxBrush(toWx(style.fill))));
                    gc.DrawEllipse(p.x - r, p.y - r, 2.0 * r, 2.0 * r);
                }
        return;
    }
    wxGraphicsPath path = gc.CreatePath();
    for (const auto& part : feature.geometry.parts)
        for (const auto& ring : part)
            addRing(path, view, ring, dim == 2);
    if (dim == 2 && style.fill.a > 0) {
        gc.SetBrush(gc.CreateBrush(wxBrush(toWx(style.fill))));
        gc.FillPath(path, wxODDEVEN_RULE);
    }
    if (selected) {
        gc.SetPen(makePen(gc, highlight, style.strokeWidth + 4.0, StrokePattern::Solid));
        gc.StrokePath(path);
    }
    gc.SetPen(makePen(gc, style.stroke, style.strokeWidth, style.pattern));
    gc.StrokePath(path);
}

void drawUnits(wxGraphicsContext& gc, const ViewTransform& view, const core::Scenario& scenario)
{
    const UnitMarkerStyle style;
    for (const auto& unit : scenario.units) {
        if (!unit.placement)
            continue;
        const auto corners = unitMarkerCorners(unit, *unit.placement, style, view.scale());
        wxGraphicsPath body = gc.CreatePath();
        for (std::size_t i = 0; i < corners.size(); ++i) {
            const Point p = view.worldToScreen(corners[i]);
            if (i == 0)
                body.MoveToPoint(p.x, p.y);
            else
                body.AddLineToPoint(p.x, p.y);
        }
        body.CloseSubpath();
        const Rgba fill = sideColour(scenario, sideOfUnit(scenario, unit));
        gc.SetBrush(gc.CreateBrush(wxBrush(toWx(fill))));
        gc.SetPen(makePen(gc, {20, 20, 20, 255}, 1.0, StrokePattern::Solid));
        gc.DrawPath(body);
        // The front edge (corners 0-1) marks the facing.
        const Point a = view.worldToScreen(corners[0]);
        const Point b = view.worldToScreen(corners[1]);
        gc.SetPen(makePen(gc, {255, 255, 255, 230}, 2.0, StrokePattern::Solid));
        gc.StrokeLine(a.x, a.y, b.x, b.y);
    }
}

} // namespace

RasterLayer::RasterLayer(std::unique_ptr<RasterSource> source, Affine2D pixelToWorld)
    : m_source(std::move(source))
    , m_pixelToWorld(pixelToWorld)
{
}

core::Extent RasterLayer::footprint() const
{
    return rasterFootprint(m_pixelToWorld, m_source->width(), m_source->height());
}

void RasterLayer::draw(wxGraphicsContext& gc, const ViewTransform& view)
{
    const Affine2D sourceToScreen = view.worldToScreenMatrix() * m_pixelToWorld;
    const double logicalPerSourcePixel = std::sqrt(std::abs(sourceToScreen.determinant()));
    const auto& levels = m_source->levels();
    const int level = chooseLevel(levels, logicalPerSourcePixel * view.contentScale());
    const Affine2D levelToScreen = sourceToScreen * levelToSource(levels, level);
    const auto tiles = visibleTiles(levels[static_cast<std::size_t>(level)], level, levelToScreen,
        view.viewportWidth(), view.viewportHeight());
    // Magnified pixels should stay crisp squares (single scan pixels are what a georeferencer wants to
    // see). wx 3.2's cairo backend (GTK) ignores this request and always filters bilinearly; the MSW and
    // macOS backends honour it.
    const double devicePerLevelPixel = std::sqrt(std::abs(levelToScreen.determinant())) * view.contentScale();
    gc.SetInterpolationQuality(devicePerLevelPixel > 2.0 ? wxINTERPOLATION_NONE : wxINTERPOLATION_GOOD);
    for (const TileKey& key : tiles) {
        const wxBitmap* bitmap = m_cache.find(key);
        if (!bitmap) {
            try {
                const wxImage image = m_source->readTile(key);
                const std::size_t cost = static_cast<std::size_t>(image.GetWidth()) * image.GetHeight() * 4;
                m_cache.insert(key, wxBitmap(image), cost);
                bitmap = m_cache.find(key);
            } catch (const std::exception& error) {
                m_lastError = error.what();
                continue;
            }
        }
        const TileRect rect = tileRect(levels[static_cast<std::size_t>(level)], key);
        const Affine2D m = levelToScreen * Affine2D::translation(rect.x, rect.y);
        gc.PushState();
        gc.ConcatTransform(gc.CreateMatrix(m.a, m.b, m.c, m.d, m.e, m.f));
        gc.DrawBitmap(*bitmap, 0.0, 0.0, rect.width, rect.height);
        gc.PopState();
    }
}

wxColour canvasBackground() { return wxColour(228, 226, 219); }

void renderMap(wxGraphicsContext& gc, const ViewTransform& view, const RenderScene& scene)
{
    gc.SetAntialiasMode(wxANTIALIAS_DEFAULT);
    gc.SetBrush(gc.CreateBrush(wxBrush(canvasBackground())));
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.DrawRectangle(0.0, 0.0, view.viewportWidth(), view.viewportHeight());
    if (scene.raster)
        scene.raster->draw(gc, view);
    if (!scene.scenario)
        return;
    const core::Extent visible = view.visibleExtent();
    // Stroke widths reach a few pixels beyond a feature's bounds.
    const double slack = 10.0 / view.scale();
    const core::Extent cull{visible.minX - slack, visible.minY - slack, visible.maxX + slack, visible.maxY + slack};
    const auto& selected = scene.selection ? scene.selection->feature() : std::optional<core::FeatureId>();
    for (const core::TerrainFeature* feature : featuresInDrawingOrder(*scene.scenario))
        if (intersects(bounds(feature->geometry), cull))
            drawFeature(gc, view, *feature, selected && *selected == feature->id);
    drawUnits(gc, view, *scene.scenario);
}

} // namespace sandtable::editor::ui
