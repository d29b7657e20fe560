// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain in drawing order.
#include "sandtable/core/style/drawing_order.hpp"

#include "sandtable/core/style/terrain_style.hpp"

#include <algorithm>
#include <utility>

namespace sandtable::core::style {

std::vector<const TerrainFeature*> terrainInDrawingOrder(const Scenario& scenario)
{
    // Each feature's style looked up once (the canvas orders every feature on every frame: with 10,000
    // polygons, a style lookup in each comparison cost about 1 ms a frame).
    std::vector<std::pair<int, const TerrainFeature*>> keyed;
    keyed.reserve(scenario.terrain.size());
    for (const TerrainFeature& f : scenario.terrain)
        keyed.emplace_back(terrainStyle(f.terrainClass, f.attributes).order, &f);
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<const TerrainFeature*> out;
    out.reserve(keyed.size());
    for (const auto& k : keyed)
        out.push_back(k.second);
    return out;
}

} // namespace sandtable::core::style
