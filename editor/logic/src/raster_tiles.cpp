// SPDX-License-Identifier: GPL-3.0-or-later
// Level choice and visible tiles of the map raster.
#include "sandtable/editor/logic/raster_tiles.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace sandtable::editor {

namespace {

// Mean linear size of a level's pixel, in full-resolution pixels.
double pixelFactor(const std::vector<RasterLevel>& levels, int level)
{
    const RasterLevel& base = levels.front();
    const RasterLevel& l = levels[static_cast<std::size_t>(level)];
    if (l.width <= 0 || l.height <= 0)
        return 1.0;
    const double fx = static_cast<double>(base.width) / l.width;
    const double fy = static_cast<double>(base.height) / l.height;
    return std::sqrt(fx * fy);
}

} // namespace

int chooseLevel(const std::vector<RasterLevel>& levels, double devicePixelsPerSourcePixel)
{
    if (levels.empty() || !(devicePixelsPerSourcePixel > 0.0))
        return 0;
    int best = 0;
    double bestFactor = 1.0;
    for (int level = 1; level < static_cast<int>(levels.size()); ++level) {
        const double factor = pixelFactor(levels, level);
        // A level pixel spans factor * devicePixelsPerSourcePixel device pixels: keep it <= 1 (with a
        // small allowance for the rounding of overview sizes, e.g. 188 x 313 for 1500 x 2500 / 8).
        if (factor * devicePixelsPerSourcePixel <= 1.0 + 1e-3 && factor > bestFactor) {
            best = level;
            bestFactor = factor;
        }
    }
    return best;
}

Affine2D levelToSource(const std::vector<RasterLevel>& levels, int level)
{
    if (levels.empty() || level <= 0 || level >= static_cast<int>(levels.size()))
        return Affine2D::identity();
    const RasterLevel& base = levels.front();
    const RasterLevel& l = levels[static_cast<std::size_t>(level)];
    if (l.width <= 0 || l.height <= 0)
        return Affine2D::identity();
    return Affine2D::scaling(static_cast<double>(base.width) / l.width, static_cast<double>(base.height) / l.height);
}

std::vector<TileKey> visibleTiles(const RasterLevel& size, int level, const Affine2D& levelToScreen,
    double viewWidth, double viewHeight)
{
    std::vector<TileKey> tiles;
    const auto screenToLevel = levelToScreen.inverse();
    if (!screenToLevel || size.width <= 0 || size.height <= 0)
        return tiles;
    const std::array<Point, 4> corners{
        Point{0.0, 0.0}, Point{viewWidth, 0.0}, Point{viewWidth, viewHeight}, Point{0.0, viewHeight}};
    double minX = INFINITY;
    double minY = INFINITY;
    double maxX = -INFINITY;
    double maxY = -INFINITY;
    for (const Point& corner : corners) {
        const Point p = screenToLevel->apply(corner);
        minX = std::min(minX, p.x);
        minY = std::min(minY, p.y);
        maxX = std::max(maxX, p.x);
        maxY = std::max(maxY, p.y);
    }
    minX = std::max(minX, 0.0);
    minY = std::max(minY, 0.0);
    maxX = std::min(maxX, static_cast<double>(size.width));
    maxY = std::min(maxY, static_cast<double>(size.height));
    if (minX >= maxX || minY >= maxY)
        return tiles;
    const int firstColumn = static_cast<int>(std::floor(minX / kTileSize));
    const int lastColumn = static_cast<int>(std::ceil(maxX / kTileSize)) - 1;
    const int firstRow = static_cast<int>(std::floor(minY / kTileSize));
    const int lastRow = static_cast<int>(std::ceil(maxY / kTileSize)) - 1;
    for (int row = firstRow; row <= lastRow; ++row)
        for (int column = firstColumn; column <= lastColumn; ++column)
            tiles.push_back({level, column, row});
    return tiles;
}

TileRect tileRect(const RasterLevel& size, const TileKey& key)
{
    const int x = key.column * kTileSize;
    const int y = key.row * kTileSize;
    return {x, y, std::max(0, std::min(kTileSize, size.width - x)), std::max(0, std::min(kTileSize, size.height - y))};
}

} // namespace sandtable::editor
