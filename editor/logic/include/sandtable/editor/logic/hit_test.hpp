// SPDX-License-Identifier: GPL-3.0-or-later
// Which feature lies under the cursor, and the footprints the canvas draws for pieces.
#pragma once

#include "sandtable/core/model/scenario.hpp"
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
/// of `pixelsPerMetre`. Facing is degrees clockwise from grid north; in line the frontage runs across
/// the facing, in route column along it. HQs are squares of side `style.depth`.
std::array<core::Coordinate, 4> unitMarkerCorners(const core::Unit& unit, const core::Placement& placement,
    const UnitMarkerStyle& style, double pixelsPerMetre);

/// The editor's selection: at most one terrain feature in this first cut, held by id (never a pointer).
class Selection {
public:
    const std::optional<core::FeatureId>& feature() const noexcept { return m_feature; }
    bool empty() const noexcept { return !m_feature.has_value(); }
    void select(core::FeatureId id) { m_feature = std::move(id); }
    void clear() noexcept { m_feature.reset(); }
    /// Drops the selection when its feature no longer exists (after an undo, a delete, a reload).
    /// Returns true when the selection changed.
    bool prune(const core::Scenario& scenario);

private:
    std::optional<core::FeatureId> m_feature;
};

} // namespace sandtable::editor
