// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain that runs past the scenario's map extent: which features, and how far past each edge.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace sandtable::core {

/// Digitising noise along the extent's edge, metres: a feature running past it by no more is not reported.
inline constexpr double kExtentOverrunTolerance = 1.0;

/// How far one terrain feature's vertices run past the map extent, in metres of the working CRS past each
/// edge (0 where the feature stays inside that edge, or past it by no more than the tolerance). A printed map or a board image cuts the feature at
/// the extent, so this much of it is not shown (issue 24 item 4: reported, never clipped silently).
struct ExtentOverrun {
    std::size_t index = 0;  ///< the feature's index in Scenario::terrain
    FeatureId id;
    std::string name;
    double west = 0.0, south = 0.0, east = 0.0, north = 0.0;
    bool wholly = false;    ///< no vertex inside the extent: the feature is not shown at all
    double most() const;    ///< the largest of the four, metres
};

/// The terrain features of `scenario` that run past its extent by more than `tolerance` metres on some
/// edge, in document order; empty without an extent. Judged on the features' vertices (a line or ring
/// between two vertices inside the extent stays inside, the extent being a rectangle).
std::vector<ExtentOverrun> terrainPastExtent(const Scenario& scenario, double tolerance = kExtentOverrunTolerance);

/// "444 m south", "12 m east and 30 m north", in the process language, whole metres (at least 1), edges
/// in the order west, south, east, north.
std::string describeOverrun(const ExtentOverrun& overrun);

} // namespace sandtable::core
