// SPDX-License-Identifier: GPL-3.0-or-later
// Draws the map (raster tiles, terrain, pieces, selection) onto a wxGraphicsContext: the one drawing
// code shared by the canvas and the offscreen screenshot.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/editor/logic/hit_test.hpp"
#include "sandtable/editor/logic/raster_tiles.hpp"
#include "sandtable/editor/logic/view_transform.hpp"
#include "sandtable/editor/ui/raster_source.hpp"

#include <wx/bitmap.h>
#include <wx/graphics.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

typedef struct _cairo_surface cairo_surface_t;

namespace sandtable::editor::ui {

/// The map raster placed in the working CRS, with its cache of decoded tiles and a loader thread.
///
/// draw() never waits for GDAL: it draws the tiles that are cached and asks the loader thread (which has
/// its own GDAL dataset) for the missing ones, newest frame first; where a tile is missing, the covering
/// tile of a coarser level is drawn when that one is cached, so panning shows a blurred map and never a
/// hole. onTileReady is called (on the loader thread) when tiles arrive; the canvas then repaints.
/// In blocking mode (screenshots) missing tiles are read at once instead.
class RasterLayer {
public:
    /// Tile memory budget: 64 MiB of RGBA, 256 tiles of 256 x 256.
    static constexpr std::size_t kCacheBytes = std::size_t{64} << 20;

    RasterLayer(std::unique_ptr<RasterSource> source, Affine2D pixelToWorld);
    ~RasterLayer();
    RasterLayer(const RasterLayer&) = delete;
    RasterLayer& operator=(const RasterLayer&) = delete;

    const RasterSource& source() const noexcept { return *m_source; }
    const Affine2D& pixelToWorld() const noexcept { return m_pixelToWorld; }
    core::Extent footprint() const;

    /// Draws the tiles the view needs at the level fitting its device resolution, through cairo directly
    /// (wx 3.2's cairo backend offers no filter or edge mode): magnified pixels stay crisp squares and tile
    /// edges leave no seams. A tile GDAL cannot read is left out and its reason kept in lastError().
    void draw(wxGraphicsContext& gc, const ViewTransform& view);
    const std::string& lastError() const noexcept { return m_lastError; }

    /// Blocking mode reads missing tiles in draw() (for screenshots that must be complete).
    void setBlocking(bool blocking) noexcept { m_blocking = blocking; }
    /// Called on the loader thread after tiles were decoded (set before the first draw).
    void setOnTileReady(std::function<void()> callback);
    /// Tiles asked for and not yet drawn-ready (0 when the view is complete).
    std::size_t pendingTiles() const;

private:
    using Surface = std::shared_ptr<cairo_surface_t>;
    struct Loader;
    void takeLoaded();
    const Surface* tileFor(const TileKey& key, std::vector<TileKey>& missing);

    std::unique_ptr<RasterSource> m_source;
    Affine2D m_pixelToWorld;
    TileCache<Surface> m_cache{kCacheBytes};
    std::string m_lastError;
    bool m_blocking = false;
    std::unique_ptr<Loader> m_loader;
};

/// What one frame shows. `raster` and `selection` may be null.
/// A reference layer as the canvas draws it: rendered once (geo::renderReferenceLayer, reprojected
/// into the working CRS) over the scenario's extent, placed by `pixelToWorld`, drawn at `opacity` under
/// or over the scan.
struct ReferenceImage {
    std::shared_ptr<cairo_surface_t> surface; ///< CAIRO_FORMAT_ARGB32
    Affine2D pixelToWorld;
    double opacity = 1.0;
    bool overScan = false;
};

struct RenderScene {
    const core::Scenario* scenario = nullptr;
    RasterLayer* raster = nullptr;
    const Selection* selection = nullptr;
    const std::vector<ReferenceImage>* references = nullptr;
};

/// The canvas background (a light paper grey, distinct from every terrain style).
wxColour canvasBackground();

/// Paints the whole viewport of `view`: background, raster, terrain drawn by the printed map's painter
/// (print/terrain_painter.hpp: core's styles at kScreenPixelsPerMm, hatching and dashes as on paper; through
/// wx's cairo renderer, which the raster needs too), placed pieces in their side's colour turned to their
/// facing, and the selection highlight.
void renderMap(wxGraphicsContext& gc, const ViewTransform& view, const RenderScene& scene);

} // namespace sandtable::editor::ui
