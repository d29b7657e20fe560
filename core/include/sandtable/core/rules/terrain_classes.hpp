// SPDX-License-Identifier: GPL-3.0-or-later
// The canonical terrain classes of domain.md, with their geometry and rule effects as data.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::rules {

/// One canonical terrain class. `dimension` is the geometry it is digitised as (0 point, 1 line,
/// 2 polygon; rivers may also be polygons: `alsoPolygon`). Effects are the rules' text, `source` cites them.
struct TerrainClassInfo {
    std::string_view id;
    int dimension;
    bool alsoPolygon;
    std::string_view movement;
    std::string_view combat;
    std::string_view source;
};

/// All canonical classes (valid in every game system), in domain.md's order.
const std::vector<TerrainClassInfo>& canonicalTerrainClasses();

/// The class with that id, or nullptr.
const TerrainClassInfo* findTerrainClass(std::string_view id);

} // namespace sandtable::core::rules
