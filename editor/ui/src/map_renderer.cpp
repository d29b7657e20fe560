// SPDX-License-Identifier: GPL-3.0-or-later
// Map drawing with wxGraphicsContext: raster tiles through an affine matrix, vectors in screen space.
#include "sandtable/editor/ui/map_renderer.hpp"

#include "sandtable/editor/logic/map_raster.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"

#include <wx/brush.h>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

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

void drawUnits(wxGraphicsContext& gc, const ViewTransform& view, const core::Scenario& scenario, const Selection* selection)
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
        if (selection && selection->highlightsUnit(scenario, unit)) {
            gc.SetPen(makePen(gc, {255, 140, 0, 255}, 5.0, StrokePattern::Solid));
            gc.StrokePath(body);
        }
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

/// A premultiplied ARGB32 cairo surface holding `image` (cairo's native pixel format, so drawing copies nothing).
std::shared_ptr<cairo_surface_t> toSurface(const wxImage& image)
{
    const int w = image.GetWidth();
    const int h = image.GetHeight();
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    std::shared_ptr<cairo_surface_t> owner(surface, cairo_surface_destroy);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)
        return nullptr;
    cairo_surface_flush(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char* rgb = image.GetData();
    const unsigned char* alpha = image.HasAlpha() ? image.GetAlpha() : nullptr;
    for (int y = 0; y < h; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
            const std::uint32_t a = alpha ? alpha[i] : 255u;
            const auto premultiply = [a](unsigned char c) { return (static_cast<std::uint32_t>(c) * a + 127u) / 255u; };
            row[x] = a << 24 | premultiply(rgb[i * 3]) << 16 | premultiply(rgb[i * 3 + 1]) << 8 | premultiply(rgb[i * 3 + 2]);
        }
    }
    cairo_surface_mark_dirty(surface);
    return owner;
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
    if (gc.GetRenderer() != wxGraphicsRenderer::GetCairoRenderer()) {
        m_lastError = "the map raster needs wxWidgets' cairo graphics renderer";
        return;
    }
    auto* cr = static_cast<cairo_t*>(gc.GetNativeContext());
    const Affine2D sourceToScreen = view.worldToScreenMatrix() * m_pixelToWorld;
    const double logicalPerSourcePixel = std::sqrt(std::abs(sourceToScreen.determinant()));
    const auto& levels = m_source->levels();
    const int level = chooseLevel(levels, logicalPerSourcePixel * view.contentScale());
    const RasterLevel& size = levels[static_cast<std::size_t>(level)];
    const Affine2D levelToScreen = sourceToScreen * levelToSource(levels, level);
    const auto tiles = visibleTiles(size, level, levelToScreen, view.viewportWidth(), view.viewportHeight());
    // Magnified scan pixels stay crisp squares: single pixels are what a georeferencer wants to see.
    const double devicePerLevelPixel = std::sqrt(std::abs(levelToScreen.determinant())) * view.contentScale();
    const cairo_filter_t filter = devicePerLevelPixel > 2.0 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD;
    for (const TileKey& key : tiles) {
        const Surface* cached = m_cache.find(key);
        if (!cached) {
            try {
                const wxImage image = m_source->readTile(key);
                Surface surface = toSurface(image);
                if (!surface)
                    throw std::runtime_error(m_source->path().string() + ": raster: out of memory for a tile");
                const std::size_t cost = static_cast<std::size_t>(image.GetWidth()) * static_cast<std::size_t>(image.GetHeight()) * 4;
                m_cache.insert(key, std::move(surface), cost);
                cached = m_cache.find(key);
            } catch (const std::exception& error) {
                m_lastError = error.what();
                continue;
            }
        }
        const TileRect rect = tileRect(size, key);
        const Affine2D m = levelToScreen * Affine2D::translation(rect.x, rect.y);
        const cairo_matrix_t matrix{m.a, m.b, m.c, m.d, m.e, m.f};
        cairo_save(cr);
        cairo_transform(cr, &matrix);
        cairo_set_source_surface(cr, cached->get(), 0.0, 0.0);
        cairo_pattern_set_filter(cairo_get_source(cr), filter);
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
        // Tiles are drawn row by row; each reaches one pixel (of its edge colour, padded) under its right
        // and lower neighbours, which paint over it, so antialiased edges leave no seam between tiles.
        const bool right = rect.x + rect.width < size.width;
        const bool below = rect.y + rect.height < size.height;
        cairo_rectangle(cr, 0.0, 0.0, rect.width + (right ? 1.0 : 0.0), rect.height + (below ? 1.0 : 0.0));
        cairo_fill(cr);
        cairo_restore(cr);
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
    const std::optional<core::FeatureId> selected = scene.selection ? scene.selection->feature() : std::nullopt;
    for (const core::TerrainFeature* feature : featuresInDrawingOrder(*scene.scenario))
        if (intersects(bounds(feature->geometry), cull))
            drawFeature(gc, view, *feature, selected && *selected == feature->id);
    drawUnits(gc, view, *scene.scenario, scene.selection);
}

} // namespace sandtable::editor::ui
