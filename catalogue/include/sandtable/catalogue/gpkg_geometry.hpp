// SPDX-License-Identifier: GPL-3.0-or-later
// GeoPackage binary geometry (OGC 12-128r18 clause 2.1.3): the "GP" header with an envelope, then WKB.
#pragma once

#include "sandtable/core/geometry/wkb.hpp"
#include "sandtable/core/model/geometry.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable::catalogue {

/// A 2D envelope in the geometry's CRS units (metres for sandtable's working CRS).
struct Envelope {
    double minX = 0.0;
    double maxX = 0.0;
    double minY = 0.0;
    double maxY = 0.0;
    bool operator==(const Envelope&) const = default;
    /// The smallest envelope holding both.
    Envelope merged(const Envelope& other) const;
};

/// How a single geometry is written: as it is, or as a one-member multi geometry, for a feature table
/// declared with the multi type (GeoPackage requirement 32: a column declared MULTIPOLYGON holds
/// MultiPolygons only). core's, as the WKB itself.
using WkbForm = core::geometry::WkbForm;

/// ISO WKB of `geometry` by GEOS's writer (core::geometry::appendWkb): little-endian, 2D (type codes 1..6: Point ..
/// MultiPolygon). An empty Point is written with NaN coordinates (GeoPackage's convention), as
/// WkbForm::Multi a MultiPoint of no member; other empty geometries with zero members. Throws
/// core::util::OperationError for a geometry GEOS refuses (a ring not closed or of fewer than 4 coordinates).
std::string toWkb(const core::Geometry& geometry, WkbForm form = WkbForm::AsIs);

/// The envelope of a geometry's coordinates, or nothing for an empty geometry.
std::optional<Envelope> envelopeOf(const core::Geometry& geometry);

/// GeoPackage binary: magic "GP", version 0, flags (little-endian, envelope [minx, maxx, miny, maxy] for
/// non-empty geometries, empty bit otherwise, standard binary), the int32 `srsId`, then toWkb(geometry).
std::string toGeoPackageBinary(const core::Geometry& geometry, std::int32_t srsId);

/// toGeoPackageBinary appended to `out`, with the geometry's envelope given (envelopeOf(geometry)).
void appendGeoPackageBinary(std::string& out, const core::Geometry& geometry, std::int32_t srsId, const std::optional<Envelope>& envelope,
    WkbForm form = WkbForm::AsIs);

/// The envelope stored in a GeoPackage binary header (nothing when the header carries none or the geometry
/// is empty). Throws core::util::FormatError(file-less, "geometry", reason) for a blob that is not GeoPackage binary.
std::optional<Envelope> headerEnvelope(std::string_view geoPackageBinary);

/// The WKB geometry type code of a GeoPackage binary geometry (1..6 for sandtable's own; 1001.. for Z and
/// so on in other files), read in the WKB's own byte order. Throws core::util::FormatError(file-less, "geometry",
/// reason) for a blob that is not GeoPackage binary or too short to hold a WKB header.
std::uint32_t wkbGeometryType(std::string_view geoPackageBinary);

/// The same GeoPackage binary with a 2D Point, LineString or Polygon wrapped as a one-member MultiPoint,
/// MultiLineString or MultiPolygon (header and envelope unchanged); 2D multi geometries are returned as
/// they are. Throws core::util::FormatError(file-less, "geometry", reason) for any other type (sandtable writes
/// none) or a blob that is not GeoPackage binary.
std::string promotedToMulti(std::string_view geoPackageBinary);

} // namespace sandtable::catalogue
