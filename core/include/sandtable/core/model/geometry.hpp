// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry as a plain value in the working CRS (metres); GEOS works on it in core/geometry.
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace sandtable::core {

/// A position in the working CRS: x = easting, y = northing, both in metres.
struct Coordinate {
    double x = 0.0;
    double y = 0.0;
    bool operator==(const Coordinate&) const = default;
};

/// Euclidean distance between two coordinates, in the units of their CRS (metres in a working CRS).
inline double distance(Coordinate a, Coordinate b) { return std::hypot(a.x - b.x, a.y - b.y); }

enum class GeometryType { Point, LineString, Polygon, MultiPoint, MultiLineString, MultiPolygon };

/// "Point", "LineString", ... (GeoJSON spelling); throws std::invalid_argument for an unknown name.
const char* toString(GeometryType type);
GeometryType geometryTypeFromString(const std::string& name);

/// Topological dimension: 0 for points, 1 for lines, 2 for polygons.
int dimension(GeometryType type);

/// A simple-features geometry, stored uniformly as parts -> rings -> coordinates:
/// - Point: one part holding one ring of one coordinate;
/// - LineString: one part holding one ring (the line's vertices);
/// - Polygon: one part holding the shell then the holes (closed rings, first == last);
/// - MultiPoint / MultiLineString / MultiPolygon: one part per member, each as above.
/// Coordinates are metres in the scenario's working CRS. Serialised as a GeoJSON geometry object.
struct Geometry {
    GeometryType type = GeometryType::Point;
    std::vector<std::vector<std::vector<Coordinate>>> parts;

    bool operator==(const Geometry&) const = default;

    static Geometry point(Coordinate c);
    static Geometry lineString(std::vector<Coordinate> vertices);
    static Geometry polygon(std::vector<std::vector<Coordinate>> rings);

    /// Total number of coordinates.
    std::size_t vertexCount() const;
};

} // namespace sandtable::core
