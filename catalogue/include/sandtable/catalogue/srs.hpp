// SPDX-License-Identifier: GPL-3.0-or-later
// The GeoPackage spatial reference system row for a scenario's working CRS (gpkg_spatial_ref_sys).
#pragma once

#include <cstdint>
#include <string>

namespace sandtable::catalogue {

/// One gpkg_spatial_ref_sys row. `definition` is OGC WKT 1 (GeoPackage's `definition` column), or
/// "undefined" when sandtable does not hold the CRS's definition (readers then resolve
/// `organization`:`organizationCoordsysId`, e.g. GDAL through PROJ's EPSG database).
struct SrsDefinition {
    std::int32_t srsId = -1;
    std::string name;
    std::string organization;
    std::int32_t organizationCoordsysId = -1;
    std::string definition;
    std::string description;
};

/// The row for a scenario CRS string as the scenario schema allows it:
/// - "EPSG:326zz" / "EPSG:327zz" (WGS 84 / UTM zone zz north / south, zz = 1..60): srs_id = the EPSG code,
///   the WKT of utmWkt() (central meridian 6 zz - 183 degrees, scale 0.9996, false easting 500 km, false
///   northing 0 north or 10,000 km south);
/// - "EPSG:4326": GeoPackage's mandatory WGS 84 row, the WKT of wgs84Wkt();
/// - any other "EPSG:n": srs_id n, organization EPSG, definition "undefined";
/// - "LOCAL:name" or "": srs_id -1, GeoPackage's "undefined Cartesian SRS" (a scale-only local frame).
/// Throws std::invalid_argument for text that is none of these, core::util::OperationError (object "EPSG:n") when
/// PROJ cannot read the definition of EPSG:4326 or a UTM zone from its database.
SrsDefinition srsForCrs(const std::string& crs);

/// OGC WKT 1 of WGS 84 / UTM zone `zone` (1..60), north or south hemisphere (EPSG:326zz / 327zz): PROJ's
/// definition from its EPSG database, written on one line as GDAL writes it (`gdalsrsinfo -o wkt1
/// --single-line`, WKT1_GDAL with the axes). Throws std::invalid_argument for a zone outside 1..60,
/// core::util::OperationError when PROJ cannot read the definition (no proj.db).
std::string utmWkt(int zone, bool north);

/// The WKT 1 of EPSG:4326 written in GeoPackage's mandatory row (PROJ's, as utmWkt(); the same errors).
std::string wgs84Wkt();

/// The stem of sandtable's terrain feature tables in this SRS: "terrain_epsg_<code>" for an EPSG CRS,
/// "terrain_local" for srs_id -1. Catalogue schema versions 1 and 2 kept all of an SRS's terrain in the one
/// table of this name (geometry type GEOMETRY, which QGIS opens as its polygons alone).
std::string terrainTableName(const SrsDefinition& srs);

/// "points", "lines", "polygons" for geometries of topological dimension 0, 1, 2 (core::dimension).
/// Throws std::invalid_argument for another dimension.
const char* terrainGeometryKind(int dimension);

/// Schema version 3: one feature table per SRS and geometry dimension, terrainTableName(srs) + "_points"
/// (declared MULTIPOINT), "_lines" (MULTILINESTRING) or "_polygons" (MULTIPOLYGON), e.g.
/// "terrain_epsg_32618_polygons". Throws std::invalid_argument for a dimension other than 0, 1, 2.
std::string terrainTableName(const SrsDefinition& srs, int dimension);

/// The feature table of the placed units of the packages in this SRS (declared POINT, issue 24: QGIS shows
/// the units): "units_epsg_<code>" for an EPSG CRS, "units_local" for srs_id -1.
std::string unitsTableName(const SrsDefinition& srs);

} // namespace sandtable::catalogue
