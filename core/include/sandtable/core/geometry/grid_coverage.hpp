// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite primary terrain: exact per-square class coverage, roads/water per square, crossings.
#pragma once

#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <string>
#include <vector>

namespace sandtable::core::geometry {

/// How coverage is computed.
/// - `uniteOverlaps`: invalid polygons are made valid (GEOSMakeValid) and features of one class that
///   overlap are united (GEOS), so a class's ground is counted once. Cheap where they do not overlap: when
///   the edges they share cancel out and what is left bounds a valid multipolygon, no two overlap and they
///   are clipped as they are; otherwise only the polygons whose interiors intersect are united. Off, every
///   polygon's share is summed as digitised (what a SQL SUM(ST_Area(ST_Intersection())) gives): right for a
///   tiling or any set of same-class polygons that do not overlap, and skips the make-valid and the proof.
struct CoverageOptions {
    bool uniteOverlaps = true;
};

/// Coverage of every square by every polygonal class: `fractions[(row * columns + column) * classes.size()
/// + c]` is the area of class `classes[c]` inside the square divided by the square's area (uncovered
/// ground counts in the denominator). Classes sorted by id.
struct GridCoverage {
    int rows = 0;
    int columns = 0;
    std::vector<std::string> classes;
    std::vector<double> fractions;
    double fraction(SquareRef square, std::size_t classIndex) const
    {
        return fractions[(static_cast<std::size_t>(square.row) * static_cast<std::size_t>(columns)
                             + static_cast<std::size_t>(square.column)) * classes.size() + classIndex];
    }
};

/// Exact coverage: each polygon is moved into the grid's frame (origin at the south-west corner, axes along
/// the columns and rows), its envelope gives the squares it can touch, a polygon inside one square adds its
/// whole area, others are clipped against each square they span (the convex clipper the majority rule
/// uses: Sutherland-Hodgman against the square's four sides; holes subtract). Agrees with GEOSIntersection + GEOSArea to about 1e-12 of a square's area.
/// Points and lines add nothing. Throws std::invalid_argument for a bad grid (checkGrid), OperationError
/// when a feature cannot be built (an unclosed ring).
GridCoverage computeGridCoverage(const CampaignGrid& grid, const std::vector<TerrainFeature>& terrain,
    const CoverageOptions& options = {});

/// A bridge or ford goes on the edge when it is nearer to the square's nearest edge than to its centre,
/// else in the middle (campaign-lite.txt: "on the line between two squares or right in the middle").
std::optional<Edge> crossingEdge(const CampaignGrid& grid, SquareRef square, Coordinate point);

/// Primary terrain of every square, row-major from the north-west: coverage fractions of the polygonal
/// classes; roads (with grade, default "minor"), rivers and streams drawn as lines, with the edges they
/// cross and their length in the square; bridges and fords with their edge or the middle.
std::vector<SquareTerrain> derivePrimaryTerrain(const CampaignGrid& grid, const std::vector<TerrainFeature>& terrain,
    const CoverageOptions& options = {});

/// `grid derive` on a scenario: the campaign with `derived` recomputed and everything else (overrides
/// above all) kept. Throws OperationError when the scenario has no campaign, the grid is malformed (zero or
/// negative square size, ...), or the grid does not cover the scenario's map extent (naming the sides
/// left uncovered, in metres).
Campaign rederiveCampaign(const Scenario& scenario);

/// Whether the grid covers the map extent; when not, the message names the sides left uncovered.
bool gridCoversExtent(const CampaignGrid& grid, const Extent& extent, std::string& message);

} // namespace sandtable::core::geometry
