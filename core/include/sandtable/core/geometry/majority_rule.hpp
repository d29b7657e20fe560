// SPDX-License-Identifier: GPL-3.0-or-later
// The majority rule: which terrain class a block footprint is in (docs/model.md, "Majority rule").
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::core::geometry {

/// How a block stands (docs/model.md): in line its length is the frontage, perpendicular to the facing, and
/// its depth runs along the facing; in route column it is turned lengthwise, its length along the facing.
enum class BlockFormation { Line, Column };

/// "line" or "column"; blockFormationFromString throws std::invalid_argument for anything else.
const char* toString(BlockFormation formation);
BlockFormation blockFormationFromString(const std::string& name);

/// A block on the map: centre in working-CRS metres, length and depth in ground metres (> 0), facing in
/// degrees clockwise from grid north (any value; 0 = facing north, 90 = facing east).
struct BlockFootprint {
    Coordinate centre;
    double length = 0.0;
    double depth = 0.0;
    double facing = 0.0;
    BlockFormation formation = BlockFormation::Line;
};

/// The footprint's four corners, counter-clockwise (rear-left, rear-right, front-right, front-left as seen
/// by the block). Throws std::invalid_argument when length or depth is not a positive finite number.
std::array<Coordinate, 4> footprintCorners(const BlockFootprint& footprint);

/// Fractions below this distance from one half count as exactly half: the rounding noise of the area
/// computation (about 1e-16 relative) must not turn "exactly half = no effect" into a majority.
inline constexpr double kHalfTolerance = 1e-9;

/// What the majority rule says for one footprint.
/// - `fractions`: class -> area of that class under the footprint / the footprint's whole area (uncovered
///   ground counts in the denominator), sorted by class id, only classes with a positive share. Features of
///   one class are united first, so overlapping woods count once; different classes may overlap (woods on
///   a hill give woods and hill each their share: cover once, per class).
/// - `majorities`: the classes covering strictly more than half (fraction > 1/2 + kHalfTolerance),
///   largest share first (ties by class id). More than one only where classes overlap (woods on a hill).
/// - `majority`: the first of `majorities`, or empty when none (docs/model.md: exactly half = no effect).
struct MajorityResult {
    std::vector<std::pair<std::string, double>> fractions;
    std::vector<std::string> majorities;
    std::string majority;
    double footprintArea = 0.0; ///< square metres

    /// The fraction of `terrainClass` (0 when absent).
    double fraction(const std::string& terrainClass) const;
};

/// How areas under the footprint are computed. Both give the same areas (tests: to 1e-9 of the
/// footprint's area); Clipper is the fast path, Geos is the reference (GEOSIntersection + GEOSArea).
enum class AreaMethod { Clipper, Geos };

/// The polygonal terrain of a scenario prepared once for many majority queries: polygonal features
/// (woods, hill, marsh, village, river polygons, custom polygon classes; points and lines have no area)
/// are grouped by class, invalid ones are made valid (GEOSMakeValid, polygonal parts kept), overlapping
/// features of one class are united (GEOS unary union of each overlapping group; none when the shared edges
/// prove there is no overlap, as for a tiling), and the resulting polygons are put in a GEOS STRtree.
/// Immutable after construction; queries may run concurrently from several threads (each thread has its
/// own GEOS context).
class TerrainIndex {
public:
    /// Indexes the scenario's polygonal terrain. Throws OperationError when a feature cannot be built
    /// at all (an unclosed ring; the rules validator reports those).
    explicit TerrainIndex(const std::vector<TerrainFeature>& terrain);
    ~TerrainIndex();
    TerrainIndex(const TerrainIndex&) = delete;
    TerrainIndex& operator=(const TerrainIndex&) = delete;
    TerrainIndex(TerrainIndex&&) noexcept;
    TerrainIndex& operator=(TerrainIndex&&) noexcept;

    /// The majority rule for a block.
    MajorityResult majority(const BlockFootprint& footprint, AreaMethod method = AreaMethod::Clipper) const;

    /// The majority rule for any convex footprint given by its corners in order (either orientation,
    /// without repeating the first). Throws std::invalid_argument for fewer than 3 corners or zero area.
    MajorityResult majority(const std::vector<Coordinate>& convexFootprint, AreaMethod method = AreaMethod::Clipper) const;

    /// Number of indexed polygons (after uniting overlapping same-class features).
    std::size_t polygonCount() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Area in square metres of (polygon or multipolygon) ∩ (convex polygon), by the exact convex clipper:
/// each ring is clipped to the convex footprint (Sutherland-Hodgman) and the signed areas summed, holes
/// subtracting. `polygon` must be valid; `convex` as for TerrainIndex::majority. 0 for points and lines.
double convexIntersectionArea(const Geometry& polygon, const std::vector<Coordinate>& convex);

/// The same area by GEOS (GEOSIntersection then GEOSArea): the reference the clipper is tested against.
double geosIntersectionArea(const Geometry& polygon, const std::vector<Coordinate>& convex);

} // namespace sandtable::core::geometry
