// SPDX-License-Identifier: GPL-3.0-or-later
// Measures and validity of model geometries, computed by GEOS (the only place core talks to GEOS).
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <optional>
#include <string>

namespace sandtable::core::geometry {

/// GEOS's verdict on a geometry: `reason` and `location` (working-CRS metres) are set when invalid. The
/// reason is GEOS's ("Self-intersection"), in the person's language where the catalogue translates it.
struct Validity {
    bool valid = true;
    std::string reason;
    std::optional<Coordinate> location;
};

/// OGC validity as GEOS judges it (GEOSisValidDetail). Never throws for malformed input: a geometry
/// GEOS cannot even build (a ring of 3 points, NaN) is invalid with the reason.
Validity checkValidity(const Geometry& geometry);

/// Area in square metres (0 for points and lines). Throws OperationError if GEOS cannot build it.
double area(const Geometry& geometry);

/// Length in metres (perimeter for polygons, 0 for points).
double length(const Geometry& geometry);

/// Where a feature is: its centroid (GEOS, the centre of mass of its area, lines or points; it may lie
/// outside a bent shape) and its bounding box, working-CRS metres. Throws OperationError when GEOS cannot
/// build the geometry or it is empty.
struct Placement {
    Coordinate centroid;
    double minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0;
};
Placement placement(const Geometry& geometry);

/// Well-known text of the geometry (for messages and tests).
std::string toWkt(const Geometry& geometry);

/// Parses WKT (tests and imports); throws OperationError on malformed text or unsupported types.
Geometry fromWkt(const std::string& wkt);

} // namespace sandtable::core::geometry
