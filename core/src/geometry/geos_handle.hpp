// SPDX-License-Identifier: GPL-3.0-or-later
// The one wrapper of the GEOS C API (reentrant _r functions): a per-thread context, owning pointers,
// and conversions. Private to core/src/geometry/ (the dependency_rules test checks no other folder
// includes geos_c.h).
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <geos_c.h>

#include <memory>
#include <string>

namespace sandtable::core::geometry {

/// The calling thread's GEOS context; GEOS notices and errors are collected, not printed.
GEOSContextHandle_t geosContext();

/// The last error GEOS reported on this thread (empty when none).
std::string lastGeosError();

struct GeosGeometryDeleter {
    void operator()(GEOSGeometry* g) const noexcept;
};
using GeosGeometryPtr = std::unique_ptr<GEOSGeometry, GeosGeometryDeleter>;

/// Whether toGeos() accepts a geometry (or a member of one) without coordinates.
enum class EmptyGeometry { Refused, Allowed };

/// Model geometry -> GEOS. Throws OperationError when GEOS refuses it (too few points for a ring, ...), and
/// for a geometry or member without coordinates unless `empty` is Allowed (then it is GEOS's empty one).
GeosGeometryPtr toGeos(const Geometry& geometry, EmptyGeometry empty = EmptyGeometry::Refused);

/// GEOS -> model geometry (Point, LineString, Polygon and their Multi forms; a GeometryCollection is
/// refused with OperationError, callers split it first). Z is dropped.
Geometry fromGeos(const GEOSGeometry* geometry);

} // namespace sandtable::core::geometry
