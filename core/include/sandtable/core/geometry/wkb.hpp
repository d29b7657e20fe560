// SPDX-License-Identifier: GPL-3.0-or-later
// Well-known binary (ISO WKB) of model geometries, by GEOS's WKB writer and reader.
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <string>
#include <string_view>

namespace sandtable::core::geometry {

/// How a single geometry is written: as it is, or as a one-member multi geometry (a Point as a MultiPoint,
/// a LineString as a MultiLineString, a Polygon as a MultiPolygon), e.g. for a GeoPackage feature table
/// declared with the multi type (GeoPackage requirement 32).
enum class WkbForm { AsIs, Multi };

/// Appends the ISO WKB of `geometry` to `out`: little-endian (NDR), 2D, type codes 1..6 (Point ..
/// MultiPolygon), coordinates as stored. An empty Point is written with NaN coordinates (GeoPackage's
/// convention), as WkbForm::Multi a MultiPoint of no member; other empty geometries (or members) with
/// zero coordinates, rings or members. Throws OperationError (object: the geometry type) when GEOS
/// refuses the geometry (a ring of fewer than 4 coordinates or not closed).
void appendWkb(std::string& out, const Geometry& geometry, WkbForm form = WkbForm::AsIs);

/// `wkb` (ISO WKB of a 2D Point, LineString or Polygon, either byte order) as the one-member multi
/// geometry holding it, little-endian; a Point with NaN coordinates (empty) becomes a MultiPoint of no
/// member, and a multi geometry is written back as it is. Throws FormatError (file-less, object
/// "geometry") when GEOS cannot read `wkb`.
std::string wkbAsMulti(std::string_view wkb);

} // namespace sandtable::core::geometry
