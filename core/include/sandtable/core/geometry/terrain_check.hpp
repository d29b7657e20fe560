// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain geometry repair (GEOS MakeValid, precision grid, collapse and sliver reports) and topology rules.
#pragma once

#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::core::geometry {

/// How repair treats a geometry.
/// - `gridSize`: when set (metres, > 0), coordinates are snapped to a grid of that size after MakeValid
///   (GEOSGeom_setPrecision), which also merges vertices closer than the grid.
/// - a polygonal part is a **sliver** when its area is below `sliverArea` (square metres) or its mean
///   width, 2 x area / perimeter, is below `sliverWidth` (metres). Slivers are kept and reported.
struct RepairOptions {
    std::optional<double> gridSize;
    double sliverArea = 1.0;
    double sliverWidth = 0.5;
};

/// The outcome of repairing one geometry.
/// - `geometry`: the repaired geometry, of the input's dimension only (a Polygon, or a MultiPolygon when
///   the repair splits it; a collapsed hole never turns a polygon into a collection); empty when the
///   geometry collapsed (nothing of its dimension is left). Equal to the input when nothing changed.
/// - `changed`: the repaired geometry differs from the input.
/// - `areaBefore` / `areaAfter`: square metres (0 for points and lines); areaBefore is GEOS's area of the
///   input as digitised, shells minus holes, even when invalid.
/// - `droppedParts`: parts of a lower dimension that MakeValid produced and repair left out (a collapsed
///   hole's line), with their length in metres in `droppedLength`.
/// - `slivers`: areas (square metres) of the result's polygonal parts that are slivers (RepairOptions).
struct RepairResult {
    std::optional<Geometry> geometry;
    bool changed = false;
    double areaBefore = 0.0;
    double areaAfter = 0.0;
    std::size_t droppedParts = 0;
    double droppedLength = 0.0;
    std::vector<double> slivers;
};

/// Repairs one geometry: GEOSMakeValid with the STRUCTURE method (the area of the shells, united, minus
/// the holes: a bow tie keeps both lobes, a hole sharing an edge with its shell stays a hole, rings that
/// collapsed to lines are dropped), parts of the input's dimension kept, then optional snapping to the grid. Throws
/// OperationError when the geometry cannot even be built (an unclosed ring, fewer than 4 ring points),
/// or std::invalid_argument for a non-positive grid size.
RepairResult repairGeometry(const Geometry& geometry, const RepairOptions& options = {});

/// Repair of the scenario's terrain: one RepairResult per feature that changed, collapsed or has slivers,
/// with the diagnostics naming each feature (JSON pointer /terrain/<index>/geometry):
/// - "terrain.repair.fixed" (info): the geometry was rewritten, with the area before and after;
/// - "terrain.repair.dropped_parts" (warning): lower-dimension parts left out, with their count and length;
/// - "terrain.repair.sliver" (warning): a sliver part, with its area; it is kept;
/// - "terrain.repair.collapsed" (error): nothing of the feature's dimension remains, with the area it had;
///   the feature is left as it was (removing it is the designer's explicit choice);
/// - "terrain.repair.failed" (error): GEOS could not build the geometry, with the reason.
/// cli.md: repair never drops a feature silently.
struct TerrainRepair {
    std::vector<std::pair<FeatureId, Geometry>> replacements; ///< features whose geometry changed
    validation::Diagnostics diagnostics;
};
TerrainRepair repairTerrain(const Scenario& scenario, const RepairOptions& options = {});

/// Distance in metres within which a bridge or ford is "on" a watercourse or road, and a watercourse
/// "joins" another or "reaches" the map edge: digitising noise, not a gap a player would see (1 m is
/// 0.06 mm on a 1:16,000 map).
inline constexpr double kTopologyTolerance = 1.0;

/// The topology rules of docs/model.md, each a Diagnostic naming the features (path /terrain/<index>/geometry):
/// - "terrain.topology.bridge" (error): a bridge not on both a river/stream and a road;
/// - "terrain.topology.ford" (error): a ford not on a river/stream;
/// - "terrain.topology.watercourse" (warning): a stream/river that neither joins another stream/river nor
///   reaches the map edge (the declared extent; without one, the envelope of all terrain);
/// - "terrain.topology.village_in_river" (error): a village whose interior meets a river (a river polygon
///   overlapping it, or a river line running through its interior);
/// - "terrain.topology.hill_level" (warning): a hill of level n >= 2 not inside the hills of level n - 1
///   (the part outside is larger than tolerance x its perimeter).
/// Features whose geometry is invalid or of the wrong dimension for their class are skipped (the rules
/// validator reports those). `tolerance` in metres.
validation::Diagnostics checkTopology(const Scenario& scenario, double tolerance = kTopologyTolerance);

/// Every terrain feature of a scenario built once as a GEOS geometry, with its validity (checkValidity's
/// verdict, index for index), for the rules validator and checkTopology to share. Scenarios of many
/// features are built on up to `threads` threads. The scenario must outlive it and stay unchanged.
class TerrainGeometries {
public:
    explicit TerrainGeometries(const Scenario& scenario, unsigned threads = 2);
    ~TerrainGeometries();
    TerrainGeometries(const TerrainGeometries&) = delete;
    TerrainGeometries& operator=(const TerrainGeometries&) = delete;

    std::size_t size() const;
    const Validity& validity(std::size_t index) const;

    struct Impl;
    const Impl& impl() const { return *m_impl; }

private:
    std::unique_ptr<Impl> m_impl;
};

/// checkTopology over geometries already built (the same diagnostics).
validation::Diagnostics checkTopology(const Scenario& scenario, const TerrainGeometries& geometries, double tolerance = kTopologyTolerance);

} // namespace sandtable::core::geometry
