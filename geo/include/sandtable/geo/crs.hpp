// SPDX-License-Identifier: GPL-3.0-or-later
// CRS descriptions and coordinate transformation through OSR, with the traditional GIS axis order
// (x = easting or longitude, y = northing or latitude) everywhere.
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::geo {

/// What a CRS is, as OSR reads it.
struct CrsDescription {
    std::string wkt;                ///< WKT2 (2019)
    std::optional<int> epsg;        ///< when the CRS is, or is identified as, an EPSG one
    bool geographic = false;        ///< angular coordinates (degrees)
    bool projected = false;
    bool local = false;             ///< an engineering / LOCAL_CS frame
    std::string linearUnit;         ///< e.g. "metre", "US survey foot"; empty for a geographic CRS
    double metresPerUnit = 1.0;     ///< of the linear unit
    std::string name;               ///< e.g. "NAD27 / UTM zone 11N"
};

/// Describes a CRS given as "EPSG:n", WKT or anything OSRSetFromUserInput accepts.
/// Throws core::util::OperationError(context, "CRS", reason) when it cannot be read.
CrsDescription describeCrs(const std::string& crs, const std::string& context = {});

/// "EPSG:n" when the CRS has an EPSG code, else its WKT.
std::string crsIdentifier(const CrsDescription& crs);

/// A CRS a scenario may work in: projected, in metres, with an EPSG code, and not a Mercator of the web (whose
/// scale is off by 1 / cos(latitude): 30 % at 40 degrees). New scenarios from a raster and the editor's view of
/// a reference layer (referenceFrame) take a layer's own CRS only when it is one of these.
bool usableWorkingCrs(const CrsDescription& crs);

/// The WGS 84 UTM zone (EPSG:326zz north, 327zz south) holding the centre of the points' bounding box.
/// `points` are in `crs` (any CRS OSR can transform to WGS 84). Throws core::util::OperationError when the
/// points are empty, cannot be transformed, or their centre falls off the globe (longitude beyond 180 or
/// latitude beyond 90 degrees: coordinates that do not fit the CRS, such as UTM metres labelled WGS 84).
std::string utmCrsForCentre(const std::string& crs, const std::vector<core::Coordinate>& points,
    const std::string& context = {});

/// Transforms points from one CRS to another (OSR, traditional axis order). Throws
/// core::util::OperationError(context, "point N", reason) naming the first point (1-based) that fails.
std::vector<core::Coordinate> transformPoints(const std::string& fromCrs, const std::string& toCrs,
    const std::vector<core::Coordinate>& points, const std::string& context = {});

/// Why a point's coordinates do not fit `crs`, or nullopt when they do. A point fits a geographic CRS when
/// its longitude is within [-180, 360] and its latitude within [-90, 90] and it lies within the CRS's area
/// of use (EPSG, widened by 2 degrees); it fits a projected one when it transforms to longitude/latitude
/// inside that widened area of use, and, when both |x| <= 180 and |y| <= 90 (numbers that look like
/// degrees), inside the area itself. A local (engineering) frame takes any point. The reason says what the
/// numbers look like instead: "x and y look swapped" when (y, x) would fit, "look like degrees: declare
/// EPSG:4326" or "look like projected coordinates, not degrees". Throws core::util::OperationError when the CRS
/// cannot be read.
std::optional<std::string> crsMisfit(const std::string& crs, core::Coordinate point, const std::string& context = {});

/// crsMisfit over `points`; throws core::util::OperationError(context, names[i], reason) for the first point
/// that does not fit (names[i], e.g. "GCP 4", or "point i+1" when `names` is shorter).
void checkPointsFitCrs(const std::string& crs, const std::vector<core::Coordinate>& points,
    const std::vector<std::string>& names, const std::string& context = {});

} // namespace sandtable::geo
