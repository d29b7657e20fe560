// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign grid panel's logic, without wx: the overlay's squares, the grids the panel proposes, and
// what the square inspector shows. Its edits are core::document::operations (core/document/campaign_operations.hpp).
#pragma once

#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::panes {

/// One square as the overlay draws it: its ref and name ("C4"), corners in working-CRS metres
/// (counter-clockwise from the south-west corner, as core::squareCorners) and its centre.
struct GridSquareShape {
    core::SquareRef square;
    std::string name;
    std::array<core::Coordinate, 4> corners;
    core::Coordinate centre;
};

/// Every square, row-major from the north-west. Throws std::invalid_argument for a malformed grid
/// (core::checkGrid).
std::vector<GridSquareShape> gridOverlayShapes(const core::CampaignGrid& grid);

/// A grid fitted over the scenario's extent: squares of `squareSize` metres, origin at the extent's
/// south-west corner, as many rows and columns as cover it (at least 1). Throws core::util::OperationError when
/// the scenario has no extent, std::invalid_argument for a non-positive square size.
core::CampaignGrid gridCoveringExtent(const core::Scenario& scenario, double squareSize);

/// The grid moved so its origin lies at `origin` (a drag of the origin handle).
core::CampaignGrid withOrigin(core::CampaignGrid grid, core::Coordinate origin);

/// One class's line in the inspector.
struct InspectedClass {
    std::string terrainClass;
    double fraction = 0.0;   ///< derived share of the square's area (0 when not derived)
    core::Cover cover = core::Cover::None; ///< the override when there is one, else the classified fraction
    bool overridden = false;
};

/// What the square inspector shows for one square.
struct SquareInspection {
    core::SquareRef square;
    std::string name;
    bool derived = false;                 ///< the square has a derived record
    std::vector<InspectedClass> classes;  ///< derived classes and overridden ones, by class id
    std::string primary;                  ///< the class with the largest cover (whole > half), ties by larger
                                          ///< fraction; "open" when none covers half or more
    std::vector<core::SquareLine> lines;
    std::vector<core::SquareCrossing> crossings;
    std::optional<core::SecondaryRoll> roll; ///< the square's recorded secondary roll
};
/// Throws core::util::OperationError when the campaign's grid does not hold `square`.
SquareInspection inspectSquare(const core::Campaign& campaign, core::SquareRef square);

} // namespace sandtable::editor::panes
