// SPDX-License-Identifier: GPL-3.0-or-later
// Map drawing with wxGraphicsContext: raster tiles through an affine matrix, vectors in screen space.
#include "sandtable/editor/ui/map_renderer.hpp"

#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/style/label_placement.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/map_raster.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/print/terrain_painter.hpp"

#include <wx/brush.h>
#include <wx/pen.h>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace sandtable::editor::ui {

namespace {

wxColour toWx(const Rgba& c) { return wxColour(c.r, c.g, c.b, c.a); }

/// A pen of `width` pixels; `dash` (pixels, on/off; empty = solid) as wx's user dash, whose lengths count
/// in pen widths.
wxGraphicsPen makePen(wxGraphicsContext& gc, const Rgba& colour, double width, const std::vector<double>& dash = {})
{
    wxGraphicsPenInfo info(toWx(colour));
    info.Width(width);
    std::vector<wxDash> dashes;
    if (dash.empty()) {
        info.Style(wxPENSTYLE_SOLID);
    } else {
        const double unit = std::max(1.0, width);
        for (const double px : dash)
            dashes.push_back(static_cast<wxDash>(std::clamp(std::lround(px / unit), 1L, 100L)));
        info.Style(wxPENSTYLE_USER_DASH).Dashes(static_cast<int>(dashes.size()), dashes.data());
    }
    info.Join(wxJOIN_ROUND).Cap(dash.empty() ? wxCAP_ROUND : wxCAP_BUTT);
    return gc.CreatePen(info); // copies the dashes
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

/// The selected feature's highlight, drawn under it: an orange line 4 pixels wider than its own outline
/// (a ring 3 pixels out round a point symbol).
void drawHighlight(wxGraphicsContext& gc, const ViewTransform& view, const core::TerrainFeature& feature)
{
    const TerrainStyle style = terrainStyle(feature);
    const int dim = core::dimension(feature.geometry.type);
    const Rgba highlight{255, 140, 0, 255};
    if (dim == 0) {
        gc.SetPen(makePen(gc, highlight, 3.0));
        gc.SetBrush(*wxTRANSPARENT_BRUSH);
        const double r = style.pointRadius;
        for (const auto& part : feature.geometry.parts)
            for (const auto& ring : part)
                for (const auto& c : ring) {
                    const Point p = view.worldToScreen(c);
                    gc.DrawEllipse(p.x - r - 3.0, p.y - r - 3.0, 2.0 * (r + 3.0), 2.0 * (r + 3.0));
                }
        return;
    }
    wxGraphicsPath path = gc.CreatePath();
    for (const auto& part : feature.geometry.parts)
        for (const auto& ring : part)
            addRing(path, view, ring, dim == 2);
    gc.SetPen(makePen(gc, highlight, style.strokeWidth + 4.0));
    gc.StrokePath(path);
}

/// Unit names beside their blocks once a block is kUnitLabelPixels long on screen, placed by the printed
/// map's rule (core::style::placeLabels) at 16, 14 or 13 px (font height) with a white halo; a name with no
/// clear place is left out on screen (zooming in makes room), and none is cut at the canvas's edge.
constexpr double kUnitLabelPixels = 28.0;

void drawUnitLabels(wxGraphicsContext& gc, const ViewTransform& view, const std::vector<core::style::LabelRequest>& requests)
{
    if (requests.empty())
        return;
    const auto fontFor = [](double size) { return wxFont(wxFontInfo(wxSize(0, static_cast<int>(size))).Family(wxFONTFAMILY_SWISS)); };
    const auto measure = [&](const std::string& text, double size) {
        gc.SetFont(fontFor(size), *wxBLACK);
        double w = 0, h = 0;
        gc.GetTextExtent(wxString::FromUTF8(text), &w, &h);
        return w;
    };
    const auto placed = core::style::placeLabels(requests, {0, 0, view.viewportWidth(), view.viewportHeight()}, {{16, 14, 13}, 3}, measure);
    for (const core::style::PlacedLabel& label : placed) {
        if (label.leader) { // set away from its block: a thin line from the name to the block's nearest edge
            const core::style::LabelBox& a = requests[label.request].anchor;
            const double lx = std::clamp((a.x0 + a.x1) / 2, label.box.x0, label.box.x1);
            const double ly = std::clamp((a.y0 + a.y1) / 2, label.box.y0, label.box.y1);
            gc.SetPen(wxPen(wxColour(60, 60, 60), 1));
            gc.StrokeLine(lx, ly, std::clamp(lx, a.x0, a.x1), std::clamp(ly, a.y0, a.y1));
        }
        const wxString text = wxString::FromUTF8(requests[label.request].text);
        double w = 0, h = 0;
        gc.SetFont(fontFor(label.size), wxColour(255, 255, 255, 230));
        gc.GetTextExtent(text, &w, &h);
        const double x = label.box.x0, y = (label.box.y0 + label.box.y1) / 2 - h / 2;
        for (const auto& [dx, dy] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}})
            gc.DrawText(text, x + dx, y + dy);
        gc.SetFont(fontFor(label.size), wxColour(20, 20, 20));
        gc.DrawText(text, x, y);
    }
}

void drawUnits(wxGraphicsContext& gc, const ViewTransform& view, const core::Scenario& scenario, const Selection* selection)
{
    const UnitMarkerStyle style;
    std::vector<core::style::LabelRequest> labels;
    for (const auto& unit : scenario.units) {
        if (!unit.placement || !core::oob::isPiece(scenario, unit))
            continue;
        const auto corners = unitMarkerCorners(scenario, unit, *unit.placement, view.scale(), style);
        core::style::LabelBox box{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
            -std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
        for (const auto& corner : corners) {
            const Point p = view.worldToScreen(corner);
            box = {std::min(box.x0, p.x), std::min(box.y0, p.y), std::max(box.x1, p.x), std::max(box.y1, p.y)};
        }
        const bool onScreen = box.x1 > 0 && box.y1 > 0 && box.x0 < view.viewportWidth() && box.y0 < view.viewportHeight();
        if (onScreen && std::max(box.x1 - box.x0, box.y1 - box.y0) >= kUnitLabelPixels)
            labels.push_back({box, unit.name});
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
            gc.SetPen(makePen(gc, {255, 140, 0, 255}, 5.0));
            gc.StrokePath(body);
        }
        const Rgba fill = sideColour(scenario, sideOfUnit(scenario, unit));
        gc.SetBrush(gc.CreateBrush(wxBrush(toWx(fill))));
        gc.SetPen(makePen(gc, {20, 20, 20, 255}, 1.0));
        gc.DrawPath(body);
        // The front edge (corners 0-1) marks the facing.
        const Point a = view.worldToScreen(corners[0]);
        const Point b = view.worldToScreen(corners[1]);
        gc.SetPen(makePen(gc, {255, 255, 255, 230}, 2.0));
        gc.StrokeLine(a.x, a.y, b.x, b.y);
    }
    drawUnitLabels(gc, view, labels);
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

/// The loader thread: reads the tiles the latest frame asked for through its own dataset (GDAL datasets
/// are not shared between threads) and hands back cairo surfaces.
struct RasterLayer::Loader {
    std::mutex mutex;
    std::condition_variable wake;
    std::vector<TileKey> wanted;          // the latest frame's missing tiles, in drawing order
    std::set<TileKey> busy;               // being read now
    std::vector<std::pair<TileKey, Surface>> done;
    std::vector<std::pair<TileKey, std::string>> failed;
    std::function<void()> onReady;
    bool stop = false;
    std::thread thread;
};

namespace {

std::size_t surfaceCost(cairo_surface_t* surface)
{
    return static_cast<std::size_t>(cairo_image_surface_get_stride(surface))
        * static_cast<std::size_t>(cairo_image_surface_get_height(surface));
}

} // namespace

RasterLayer::RasterLayer(std::unique_ptr<RasterSource> source, Affine2D pixelToWorld)
    : m_source(std::move(source))
    , m_pixelToWorld(pixelToWorld)
    , m_loader(std::make_unique<Loader>())
{
    const std::filesystem::path path = m_source->path();
    Loader* loader = m_loader.get();
    loader->thread = std::thread([loader, path] {
        std::unique_ptr<RasterSource> own;
        std::string openError;
        try {
            own = std::make_unique<RasterSource>(path);
        } catch (const std::exception& error) {
            openError = error.what();
        }
        std::unique_lock lock(loader->mutex);
        for (;;) {
            loader->wake.wait(lock, [&] { return loader->stop || !loader->wanted.empty(); });
            if (loader->stop)
                return;
            const TileKey key = loader->wanted.front();
            loader->wanted.erase(loader->wanted.begin());
            loader->busy.insert(key);
            lock.unlock();
            Surface surface;
            std::string failure = openError;
            if (own) {
                try {
                    surface = toSurface(own->readTile(key));
                    if (!surface)
                        failure = path.string() + ": raster: out of memory for a tile";
                } catch (const std::exception& error) {
                    failure = error.what();
                }
            }
            std::function<void()> notify;
            lock.lock();
            loader->busy.erase(key);
            if (surface)
                loader->done.emplace_back(key, std::move(surface));
            else
                loader->failed.emplace_back(key, failure);
            // One repaint per batch: notify when nothing else is queued, or every few tiles.
            if (loader->wanted.empty() || loader->done.size() % 8 == 0)
                notify = loader->onReady;
            if (notify) {
                lock.unlock();
                notify();
                lock.lock();
            }
        }
    });
}

RasterLayer::~RasterLayer()
{
    {
        const std::lock_guard lock(m_loader->mutex);
        m_loader->stop = true;
        m_loader->onReady = nullptr;
    }
    m_loader->wake.notify_all();
    m_loader->thread.join();
}

void RasterLayer::setOnTileReady(std::function<void()> callback)
{
    const std::lock_guard lock(m_loader->mutex);
    m_loader->onReady = std::move(callback);
}

std::size_t RasterLayer::pendingTiles() const
{
    const std::lock_guard lock(m_loader->mutex);
    return m_loader->wanted.size() + m_loader->busy.size() + m_loader->done.size();
}

core::Extent RasterLayer::footprint() const
{
    return rasterFootprint(m_pixelToWorld, m_source->width(), m_source->height());
}

void RasterLayer::takeLoaded()
{
    std::vector<std::pair<TileKey, Surface>> done;
    std::vector<std::pair<TileKey, std::string>> failed;
    {
        const std::lock_guard lock(m_loader->mutex);
        done.swap(m_loader->done);
        failed.swap(m_loader->failed);
    }
    for (auto& [key, surface] : done) {
        const std::size_t cost = surfaceCost(surface.get());
        m_cache.insert(key, std::move(surface), cost);
    }
    if (!failed.empty())
        m_lastError = failed.back().second;
}

const RasterLayer::Surface* RasterLayer::tileFor(const TileKey& key, std::vector<TileKey>& missing)
{
    if (const Surface* cached = m_cache.find(key))
        return cached;
    if (!m_blocking) {
        missing.push_back(key);
        return nullptr;
    }
    try {
        Surface surface = toSurface(m_source->readTile(key));
        if (!surface)
            throw std::runtime_error(core::i18n::format(translated("{1}: raster: out of memory for a tile"), {m_source->path().string()}));
        const std::size_t cost = surfaceCost(surface.get());
        m_cache.insert(key, std::move(surface), cost);
        return m_cache.find(key);
    } catch (const std::exception& error) {
        m_lastError = error.what();
        return nullptr;
    }
}

void RasterLayer::draw(wxGraphicsContext& gc, const ViewTransform& view)
{
    if (gc.GetRenderer() != wxGraphicsRenderer::GetCairoRenderer()) {
        m_lastError = "the map raster needs wxWidgets' cairo graphics renderer";
        return;
    }
    takeLoaded();
    auto* cr = static_cast<cairo_t*>(gc.GetNativeContext());
    const Affine2D sourceToScreen = view.worldToScreenMatrix() * m_pixelToWorld;
    const double logicalPerSourcePixel = std::sqrt(std::abs(sourceToScreen.determinant()));
    const auto& levels = m_source->levels();
    const int level = chooseLevel(levels, logicalPerSourcePixel * view.contentScale());

    auto drawTile = [&](const TileKey& key, const Surface& surface, bool padEdges) {
        const RasterLevel& size = levels[static_cast<std::size_t>(key.level)];
        const Affine2D levelToScreen = sourceToScreen * levelToSource(levels, key.level);
        const double devicePerLevelPixel = std::sqrt(std::abs(levelToScreen.determinant())) * view.contentScale();
        // Magnified scan pixels stay crisp squares: single pixels are what a georeferencer wants to see.
        // Down to half size (chooseLevel's levels never go below that when a coarser one exists) bilinear
        // samples every level pixel; CAIRO_FILTER_GOOD convolves there, and pixman took 17.6 ms of CPU per
        // 1000 x 700 frame for it against 2.0 ms bilinear (bench/editor_frame_bench.cpp --parts).
        const cairo_filter_t filter = devicePerLevelPixel > 2.0 ? CAIRO_FILTER_NEAREST
            : devicePerLevelPixel >= 0.5                        ? CAIRO_FILTER_BILINEAR
                                                                : CAIRO_FILTER_GOOD;
        const TileRect rect = tileRect(size, key);
        const Affine2D m = levelToScreen * Affine2D::translation(rect.x, rect.y);
        const cairo_matrix_t matrix{m.a, m.b, m.c, m.d, m.e, m.f};
        cairo_save(cr);
        cairo_transform(cr, &matrix);
        cairo_set_source_surface(cr, surface.get(), 0.0, 0.0);
        cairo_pattern_set_filter(cairo_get_source(cr), filter);
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
        // Tiles are drawn row by row; each reaches one pixel (of its edge colour, padded) under its right
        // and lower neighbours, which paint over it, so antialiased edges leave no seam between tiles.
        const bool right = padEdges && rect.x + rect.width < size.width;
        const bool below = padEdges && rect.y + rect.height < size.height;
        cairo_rectangle(cr, 0.0, 0.0, rect.width + (right ? 1.0 : 0.0), rect.height + (below ? 1.0 : 0.0));
        cairo_fill(cr);
        cairo_restore(cr);
    };

    const RasterLevel& size = levels[static_cast<std::size_t>(level)];
    const Affine2D levelToScreen = sourceToScreen * levelToSource(levels, level);
    const auto tiles = visibleTiles(size, level, levelToScreen, view.viewportWidth(), view.viewportHeight());
    std::vector<TileKey> missing;
    std::vector<std::pair<TileKey, const Surface*>> ready;
    for (const TileKey& key : tiles)
        if (const Surface* surface = tileFor(key, missing))
            ready.emplace_back(key, surface);

    // Under missing tiles: the cached tiles of coarser levels that cover them, coarsest first.
    if (!missing.empty()) {
        std::set<TileKey> covers;
        const Affine2D fineToSource = levelToSource(levels, level);
        for (const TileKey& key : missing) {
            const TileRect rect = tileRect(size, key);
            for (int coarser = level + 1; coarser < static_cast<int>(levels.size()); ++coarser) {
                const auto sourceToCoarse = levelToSource(levels, coarser).inverse();
                if (!sourceToCoarse)
                    break;
                bool all = true;
                std::set<TileKey> found;
                for (const auto& [px, py] : {std::pair{rect.x, rect.y}, std::pair{rect.x + rect.width - 1, rect.y},
                         std::pair{rect.x, rect.y + rect.height - 1}, std::pair{rect.x + rect.width - 1, rect.y + rect.height - 1}}) {
                    const Point p = sourceToCoarse->apply(fineToSource.apply({px + 0.5, py + 0.5}));
                    const TileKey cover{coarser, static_cast<int>(std::floor(p.x / kTileSize)), static_cast<int>(std::floor(p.y / kTileSize))};
                    if (m_cache.contains(cover))
                        found.insert(cover);
                    else
                        all = false;
                }
                covers.insert(found.begin(), found.end());
                if (all)
                    break;
            }
        }
        for (auto it = covers.rbegin(); it != covers.rend(); ++it)
            if (const Surface* surface = m_cache.find(*it))
                drawTile(*it, *surface, false);
        const std::lock_guard lock(m_loader->mutex);
        m_loader->wanted.clear();
        for (const TileKey& key : missing)
            if (!m_loader->busy.count(key))
                m_loader->wanted.push_back(key);
    }
    if (!missing.empty())
        m_loader->wake.notify_one();
    for (const auto& [key, surface] : ready)
        drawTile(key, *surface, true);
}

wxColour canvasBackground() { return wxColour(228, 226, 219); }

void renderMap(wxGraphicsContext& gc, const ViewTransform& view, const RenderScene& scene)
{
    gc.SetAntialiasMode(wxANTIALIAS_DEFAULT);
    gc.SetBrush(gc.CreateBrush(wxBrush(canvasBackground())));
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.DrawRectangle(0.0, 0.0, view.viewportWidth(), view.viewportHeight());
    const auto drawReferences = [&](bool overScan) {
        if (!scene.references || gc.GetRenderer() != wxGraphicsRenderer::GetCairoRenderer())
            return;
        auto* cr = static_cast<cairo_t*>(gc.GetNativeContext());
        for (const ReferenceImage& r : *scene.references) {
            if (r.overScan != overScan || !r.surface)
                continue;
            const Affine2D m = view.worldToScreenMatrix() * r.pixelToWorld;
            const cairo_matrix_t matrix{m.a, m.b, m.c, m.d, m.e, m.f};
            cairo_save(cr);
            cairo_transform(cr, &matrix);
            cairo_set_source_surface(cr, r.surface.get(), 0.0, 0.0);
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
            cairo_paint_with_alpha(cr, r.opacity);
            cairo_restore(cr);
        }
    };
    drawReferences(false);
    if (scene.raster)
        scene.raster->draw(gc, view);
    drawReferences(true);
    if (!scene.scenario)
        return;
    const core::Extent visible = view.visibleExtent();
    // Stroke widths reach a few pixels beyond a feature's bounds.
    const double slack = 10.0 / view.scale();
    const core::Extent cull{visible.minX - slack, visible.minY - slack, visible.maxX + slack, visible.maxY + slack};
    const std::optional<core::FeatureId> selected = scene.selection ? scene.selection->feature() : std::nullopt;
    if (gc.GetRenderer() == wxGraphicsRenderer::GetCairoRenderer()) {
        // The printed map's painter, at the canvas's kScreenPixelsPerMm: every width, dash, hatch pitch and
        // symbol of the style table as on paper, a line never under a pixel; the hatching counts from a
        // world northing, so it moves with the map.
        auto* cr = static_cast<cairo_t*>(gc.GetNativeContext());
        const print::WorldToDevice toScreen{view.viewportWidth() / 2.0, view.viewportHeight() / 2.0, view.centre().x,
            view.centre().y, view.scale()};
        print::TerrainPaintOptions options;
        options.mmPerUnit = 1.0 / kScreenPixelsPerMm;
        options.minLineUnits = 1.0;
        options.hatchAnchorY = toScreen.y(0.0);
        cairo_save(cr);
        for (const core::TerrainFeature* feature : featuresInDrawingOrder(*scene.scenario)) {
            if (!intersects(bounds(feature->geometry), cull))
                continue;
            if (selected && *selected == feature->id)
                drawHighlight(gc, view, *feature);
            print::paintFeature(cr, *feature, core::style::terrainStyle(feature->terrainClass, feature->attributes), toScreen, options);
        }
        cairo_restore(cr);
    }
    drawUnits(gc, view, *scene.scenario, scene.selection);
}

} // namespace sandtable::editor::ui
