// SPDX-License-Identifier: GPL-3.0-or-later
// Same-class polygons united where they overlap, shared by the grid coverage and the majority index: a
// cheap proof that they do not overlap (what a tiling or separate digitised features give), GEOS union of
// the overlapping groups where the proof fails. Private to core/src/geometry/.
#pragma once

#include "geos_handle.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <map>
#include <string>
#include <vector>

namespace sandtable::core::geometry {

/// The polygons of every polygonal feature, per class (sorted by class id): each feature made valid
/// (validPartsOf: GEOSMakeValid STRUCTURE, polygonal parts kept) and split into single Polygons. Points and
/// lines are left out. Throws OperationError naming the feature when one cannot be built (an unclosed ring).
std::map<std::string, std::vector<GeosGeometryPtr>> validPolygonsByClass(const std::vector<TerrainFeature>& terrain);

/// Whether the interiors of `polygons` (valid GEOS Polygons) are proven pairwise disjoint. The proof:
/// every ring is oriented with the interior on its left (shells counter-clockwise, holes clockwise, by
/// GEOS's robust orientation test) and cut into directed segments; a segment cancels one copy of its exact
/// reverse (coordinates equal bit for bit), as an edge shared by two neighbours does. The segments left
/// are chained into rings, counter-clockwise rings become shells and clockwise ones holes of the smallest
/// shell around them, and GEOS checks the resulting multipolygon P. When P is valid, the winding number of
/// the left segments, which is the number of polygons covering a point (cancelling a segment against its
/// reverse does not change it), equals P's indicator: 0 or 1 everywhere, so no two polygons overlap (and
/// their union is P). False means "not proven": overlapping polygons, an edge of one lying along part of
/// a neighbour's edge (a T-junction), or rings that touch where the chaining went the wrong way.
/// Costs a hash of every segment and one validity check of the union's boundary.
bool interiorsProvenDisjoint(const std::vector<GeosGeometryPtr>& polygons);

/// The polygons of one class with overlapping ones united (the class's ground counted once): returned as
/// they are when interiorsProvenDisjoint, else polygons whose interiors intersect (GEOS relate "2********",
/// pairs found through an STRtree) are grouped and each group united by GEOSUnaryUnion; polygons that only
/// touch stay separate, which keeps them small for the clipper. `terrainClass` names the class in errors.
/// Throws OperationError when GEOS cannot unite a group.
std::vector<GeosGeometryPtr> uniteOverlapping(std::vector<GeosGeometryPtr> polygons, const std::string& terrainClass);

} // namespace sandtable::core::geometry
