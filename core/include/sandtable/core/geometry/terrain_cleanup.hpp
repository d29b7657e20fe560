// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain clean-up on GEOS: polygons from raw pieces (traced or contoured: union, small holes and
// polygons dropped, topology-preserving simplify), snapping to neighbours, overlap resolution between
// classes that exclude each other, sliver detection. Units: working-CRS metres and square metres.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <string>
#include <vector>

namespace sandtable::core::geometry {

/// How raw polygon pieces (pixels polygonized from a mask, bands between contours) become features.
/// - `simplify`: GEOSTopologyPreserveSimplify tolerance, metres (0 = none);
/// - `minArea`: polygons smaller than this (square metres, after hole removal and simplification) are
///   dropped and counted;
/// - `holeArea`: holes smaller than this (square metres) are filled and counted.
struct PolygonCleanupOptions {
    double simplify = 0.0;
    double minArea = 0.0;
    double holeArea = 0.0;
};

/// The outcome of cleanPolygons: valid Polygons (one model Geometry each, largest first) and what was
/// dropped, so nothing disappears unreported.
struct PolygonCleanup {
    std::vector<Geometry> polygons;
    std::size_t droppedPolygons = 0;
    double droppedArea = 0.0;   ///< square metres
    std::size_t droppedHoles = 0;
    double droppedHoleArea = 0.0; ///< square metres
};

/// Unites `pieces` (polygonal; invalid ones made valid first, lines and points ignored), splits the union
/// into its connected polygons, fills holes below `holeArea`, simplifies (topology preserving, so a
/// polygon never self-intersects nor loses a kept hole), drops polygons below `minArea`, and makes any
/// result GEOS still finds invalid valid again. Throws std::invalid_argument for negative or non-finite
/// options, OperationError when GEOS fails.
PolygonCleanup cleanPolygons(const std::vector<Geometry>& pieces, const PolygonCleanupOptions& options = {});

/// Snapping to neighbours (issue #4: "snapping to neighbours within a tolerance in metres"): each
/// feature, in terrain order, has its vertices and segments snapped to the vertices of the features
/// *before* it within `tolerance` metres (GEOSSnap), so the earlier feature is the reference and a gap or
/// overlap narrower than the tolerance along a shared border closes onto it. A snapped geometry that is
/// invalid is repaired (MakeValid, parts of its dimension). Returns the replaced geometries and a
/// "terrain.snap.moved" info diagnostic per changed feature (area before/after). Throws
/// std::invalid_argument when `tolerance` is not positive and finite.
struct TerrainSnap {
    std::vector<std::pair<FeatureId, Geometry>> replacements;
    validation::Diagnostics diagnostics;
};
TerrainSnap snapTerrain(const Scenario& scenario, double tolerance);

/// One overlap rule: polygons of `winner` keep the ground where they overlap polygons of `loser`, which
/// lose it. `source` names the rule text it comes from.
struct ExclusionRule {
    std::string winner;
    std::string loser;
    std::string source;
};

/// The classes that exclude each other, as data. docs/model.md: "a village in a river = error" -> river
/// over village. docs/model.md gives no other exclusion (woods on a hill is cover once, hills overlay other
/// terrain), so the table holds only that pair; callers may pass more.
const std::vector<ExclusionRule>& defaultExclusionRules();

/// Overlap resolution: for every rule and every pair of polygonal features (winner class, loser class)
/// whose interiors overlap, the loser's geometry becomes loser minus winner (polygonal parts kept). The
/// diagnostics name both features and the area given up ("terrain.overlap.resolved", info). A loser that
/// would vanish entirely is left unchanged and reported ("terrain.overlap.collapsed", error): a feature is
/// never dropped silently (docs/model.md). Rules apply in table order to the geometries as already resolved.
struct OverlapResolution {
    std::vector<std::pair<FeatureId, Geometry>> replacements;
    validation::Diagnostics diagnostics;
};
OverlapResolution resolveOverlaps(const Scenario& scenario,
    const std::vector<ExclusionRule>& rules = defaultExclusionRules());

/// Overlaps between classes that exclude each other, as "terrain.overlap" warnings naming both features
/// and the overlap area (for `terrain check`).
validation::Diagnostics findExclusiveOverlaps(const Scenario& scenario,
    const std::vector<ExclusionRule>& rules = defaultExclusionRules());

/// Sliver thresholds: a polygonal part is a sliver when its area is below `area` (square metres) or its
/// mean width 2 x area / perimeter is below `width` (metres; a 1 m x 100 m strip has mean width ~0.99 m).
struct SliverOptions {
    double area = 1.0;
    double width = 1.0;
};

/// Slivers of the polygonal terrain, one "terrain.sliver" warning per part naming the feature's id and the
/// part's area and mean width (docs/model.md: "a sliver is reported with its id and area"); nothing is
/// changed or dropped. Invalid geometries are measured as made valid.
validation::Diagnostics findSlivers(const Scenario& scenario, const SliverOptions& options = {});

} // namespace sandtable::core::geometry
