// SPDX-License-Identifier: GPL-3.0-or-later
// How the terrain checks and the terrain clean-up name a feature and its geometry in findings (private).
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <cstddef>
#include <string>

namespace sandtable::core::geometry::detail {

/// The JSON pointer of the geometry of terrain feature number `index`: "/terrain/3/geometry".
inline std::string geometryPointer(std::size_t index) { return "/terrain/" + std::to_string(index) + "/geometry"; }

/// A feature as a finding names it: "woods 'woods-3'" (class, then id).
inline std::string describe(const TerrainFeature& f) { return f.terrainClass + " '" + f.id.str() + "'"; }

} // namespace sandtable::core::geometry::detail
