// SPDX-License-Identifier: GPL-3.0-or-later
// The order terrain is drawn in, the same on paper, on the canvas and in the thumbnail.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <vector>

namespace sandtable::core::style {

/// The scenario's terrain features in the order they are drawn: by their style's `order`
/// (terrainStyle(class, attributes)): fields under woods, roads over streams; the file's order within one
/// order value. Pointers into scenario.terrain.
std::vector<const TerrainFeature*> terrainInDrawingOrder(const Scenario& scenario);

} // namespace sandtable::core::style
