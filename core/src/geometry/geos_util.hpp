// SPDX-License-Identifier: GPL-3.0-or-later
// Private GEOS helpers shared by the terrain checks, repair, edits and the majority index.
#pragma once

#include "geos_handle.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"

#include <vector>

namespace sandtable::core::geometry {

/// A copy of `g` owned by the caller.
GeosGeometryPtr cloneGeos(const GEOSGeometry* g);

/// The non-empty simple members of `g` (Point, LineString or Polygon) whose dimension is `dimension`,
/// walking nested collections; copies.
std::vector<GeosGeometryPtr> simplePartsOfDimension(const GEOSGeometry* g, int dimension);

/// Collects simple parts of one dimension into one geometry: the single part itself when there is one,
/// else a Multi*; nullptr when `parts` is empty. Takes ownership of the parts.
GeosGeometryPtr collectParts(std::vector<GeosGeometryPtr> parts, int dimension);

/// Area in square metres of a GEOS geometry (0 when GEOS cannot tell).
double geosArea(const GEOSGeometry* g);

/// Length in metres of a GEOS geometry (perimeter for polygons).
double geosLength(const GEOSGeometry* g);

/// GEOS's own validity verdict (1 valid, 0 invalid, 2 exception counted as invalid).
bool geosIsValid(const GEOSGeometry* g);

/// checkValidity's verdict on a built GEOS geometry (GEOSisValidDetail, reason and location when invalid).
Validity geosValidity(const GEOSGeometry* g);

/// GEOSMakeValid with the STRUCTURE method, collapsed rings dropped: shells united, holes subtracted (a
/// hole sharing edges with its shell stays a hole, where LINEWORK's even-odd rule would make it lines).
/// Throws OperationError when GEOS fails.
GeosGeometryPtr makeValidStructure(const GEOSGeometry* g);

/// A model geometry made valid (makeValidStructure) and reduced to its parts of `dimension`;
/// nullptr when nothing of that dimension remains. Valid input is returned as built, unchanged.
GeosGeometryPtr validPartsOf(const Geometry& geometry, int dimension);

} // namespace sandtable::core::geometry
