// SPDX-License-Identifier: GPL-3.0-or-later
// The tile scheme of the map raster: which resolution level to read and which tiles the view needs.
#pragma once

#include "sandtable/editor/logic/affine.hpp"

#include <compare>
#include <cstddef>
#include <list>
#include <map>
#include <optional>
#include <vector>

namespace sandtable::editor {

/// Edge of a square raster tile, in pixels of its level.
inline constexpr int kTileSize = 256;

/// One resolution level of a raster: level 0 is the full-resolution image, the others its overviews
/// (GDAL's, or JPEG's reduced DCT decodes). Sizes in pixels of the level.
struct RasterLevel {
    int width = 0;
    int height = 0;
};

/// A tile: level, then column and row of kTileSize squares from the top-left.
struct TileKey {
    int level = 0;
    int column = 0;
    int row = 0;
    auto operator<=>(const TileKey&) const = default;
};

/// The level to read when one full-resolution pixel covers `devicePixelsPerSourcePixel` device pixels:
/// the coarsest level whose pixels are still no larger than a device pixel (so nothing is read that the
/// screen cannot show, and nothing is upsampled that a finer level could give). Level 0 when zoomed in.
int chooseLevel(const std::vector<RasterLevel>& levels, double devicePixelsPerSourcePixel);

/// The map from pixels of `level` to full-resolution pixels (overviews have a coarser pixel).
Affine2D levelToSource(const std::vector<RasterLevel>& levels, int level);

/// The tiles of `level` that intersect a viewport of `viewWidth` x `viewHeight` pixels, given the map
/// from that level's pixels to viewport pixels, row by row. Empty when nothing is visible.
std::vector<TileKey> visibleTiles(const RasterLevel& size, int level, const Affine2D& levelToScreen,
    double viewWidth, double viewHeight);

/// Pixel rectangle of a tile within its level (clipped at the right and bottom edges).
struct TileRect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    bool operator==(const TileRect&) const = default;
};
TileRect tileRect(const RasterLevel& size, const TileKey& key);

/// A least-recently-used cache of decoded tiles, bounded by a total cost (bytes of pixels). Inserting past
/// the budget evicts the least recently used tiles; a single tile larger than the budget is still kept
/// until the next insert, so the current frame can draw it.
template <class Value>
class TileCache {
public:
    explicit TileCache(std::size_t budget) : m_budget(budget) {}

    /// The tile, marked most recently used; nullptr when absent.
    const Value* find(const TileKey& key)
    {
        const auto it = m_index.find(key);
        if (it == m_index.end())
            return nullptr;
        m_entries.splice(m_entries.begin(), m_entries, it->second);
        return &it->second->value;
    }

    void insert(const TileKey& key, Value value, std::size_t cost)
    {
        if (const auto it = m_index.find(key); it != m_index.end()) {
            m_cost -= it->second->cost;
            m_entries.erase(it->second);
            m_index.erase(it);
        }
        while (!m_entries.empty() && m_cost + cost > m_budget) {
            m_cost -= m_entries.back().cost;
            m_index.erase(m_entries.back().key);
            m_entries.pop_back();
        }
        m_entries.push_front(Entry{key, std::move(value), cost});
        m_index[key] = m_entries.begin();
        m_cost += cost;
    }

    void clear()
    {
        m_entries.clear();
        m_index.clear();
        m_cost = 0;
    }

    std::size_t size() const noexcept { return m_entries.size(); }
    std::size_t cost() const noexcept { return m_cost; }
    bool contains(const TileKey& key) const { return m_index.count(key) != 0; }

private:
    struct Entry {
        TileKey key;
        Value value;
        std::size_t cost;
    };
    std::list<Entry> m_entries; // most recently used first
    std::map<TileKey, typename std::list<Entry>::iterator> m_index;
    std::size_t m_budget;
    std::size_t m_cost = 0;
};

} // namespace sandtable::editor
