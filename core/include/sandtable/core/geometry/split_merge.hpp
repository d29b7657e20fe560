// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry of the split and merge feature edits (GEOS polygonize, difference, union, line merge).
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <vector>

namespace sandtable::core::geometry {

/// Cuts a polygon (or multipolygon) or a line (or multiline) with a blade line, working-CRS metres.
/// Returns the pieces, largest first (area for polygons, length for lines), each a Polygon or a
/// LineString; a polygon's holes stay with the piece that surrounds them. Throws OperationError when
/// the input is invalid, the blade is not a line, the geometry is a point, or the blade does not cut it
/// into at least two pieces.
std::vector<Geometry> splitGeometry(const Geometry& geometry, const Geometry& blade);

/// Unites geometries of one dimension (GEOS unary union; lines are then merged end to end): a Polygon
/// or LineString when the result is in one piece, else a MultiPolygon or MultiLineString. Throws
/// OperationError for an empty list, mixed dimensions, points, or invalid input.
Geometry uniteGeometries(const std::vector<Geometry>& geometries);

} // namespace sandtable::core::geometry
