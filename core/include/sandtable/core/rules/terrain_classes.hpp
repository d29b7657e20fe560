// SPDX-License-Identifier: GPL-3.0-or-later
// The canonical terrain classes of docs/model.md, with their geometry and rule effects as data.
#pragma once

#include "sandtable/core/model/scenario.hpp"

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

/// All canonical classes (valid in every game system), in docs/model.md's order.
const std::vector<TerrainClassInfo>& canonicalTerrainClasses();

/// The class with that id, or nullptr.
const TerrainClassInfo* findTerrainClass(std::string_view id);

/// The geometry a class is digitised as: `dimension` 0 point, 1 line, 2 polygon; `alsoPolygon` where a
/// line class may also be drawn as a polygon (rivers, docs/model.md).
struct ClassGeometry {
    int dimension = 2;
    bool alsoPolygon = false;
    bool takesPolygon() const { return dimension == 2 || alsoPolygon; }
};

/// The geometry of `id` among the canonical classes, then the scenario's own (custom_terrain_classes:
/// "point", "line", anything else a polygon); nullopt for a class that is neither.
std::optional<ClassGeometry> classGeometry(const Scenario& scenario, std::string_view id);

/// The class a designer most likely meant by an unknown `id` ("wood" -> "woods", "forest" -> "woods",
/// "Woods" -> "woods"): the canonical or scenario class of the same letters in another case, else a common
/// English synonym of a canonical class (forest, trees, wood -> woods; hamlet -> village; creek, brook ->
/// stream; swamp, bog -> marsh; track, lane -> road), else the one class within two edits (Levenshtein);
/// nullopt when none or several are that close.
std::optional<std::string> closestTerrainClass(const Scenario& scenario, std::string_view id);

/// The canonical ids, then the scenario's own, comma-separated ("woods, village, ..."): for messages.
std::string terrainClassList(const Scenario& scenario);

} // namespace sandtable::core::rules
