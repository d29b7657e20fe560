// SPDX-License-Identifier: GPL-3.0-or-later
// Which feature or piece lies under the cursor, and the footprints the canvas draws for pieces.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/editor/logic/selection.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"

#include <array>
#include <optional>

namespace sandtable::editor {

/// Distance in metres from `p` to the segment a-b.
double distanceToSegment(core::Coordinate p, core::Coordinate a, core::Coordinate b);

/// True when `p` is inside the polygon `rings` (shell then holes) by the even-odd rule.
bool insidePolygon(core::Coordinate p, const std::vector<std::vector<core::Coordinate>>& rings);

/// True when `feature` is within `tolerance` metres of `p`: points by distance, lines by distance to any
/// segment, polygons when `p` is inside (holes excluded) or within tolerance of a ring.
bool featureHit(const core::TerrainFeature& feature, core::Coordinate p, double tolerance);

/// The topmost feature under `p` as the canvas draws them (highest style layer first; within a layer the
/// later feature in the document, drawn last, first). `tolerance` is in metres (the canvas passes a few
/// pixels divided by the scale).
std::optional<core::FeatureId> hitTestFeature(const core::Scenario& scenario, core::Coordinate p, double tolerance);

/// The terrain features in drawing order (stable by style layer): the order the canvas paints them.
std::vector<const core::TerrainFeature*> featuresInDrawingOrder(const core::Scenario& scenario);

/// The four world corners of a placed piece's marker, clockwise from the front-left corner, for a view
/// of `pixelsPerMetre`: the piece as `map print` draws it (core::oob::pieceSizeMm, the scenario's block
/// size in table mm at its game scale: 20 x 10 mm = 320 x 160 m at 1:16,000, a SYW regiment 10 x 4 cm
/// of table), never shorter than `style.minimumPixels`. Facing is degrees clockwise from grid north; in
/// line the frontage runs across the facing, in route column along it.
std::array<core::Coordinate, 4> unitMarkerCorners(const core::Scenario& scenario, const core::Unit& unit,
    const core::Placement& placement, double pixelsPerMetre, const UnitMarkerStyle& style = UnitMarkerStyle{});

/// The topmost placed piece under `p` (later units in the document are drawn last, so they win), drawn
/// with `style` at `pixelsPerMetre`; `tolerance` in metres around its marker.
std::optional<core::UnitId> hitTestUnit(const core::Scenario& scenario, core::Coordinate p,
    double pixelsPerMetre, double tolerance, const UnitMarkerStyle& style = UnitMarkerStyle{});

} // namespace sandtable::editor
