// SPDX-License-Identifier: GPL-3.0-or-later
// gpkg_spatial_ref_sys rows: UTM WKT generated from the zone number, GeoPackage's mandatory rows.
#include "sandtable/catalogue/srs.hpp"

#include "sandtable/core/util/i18n.hpp"

#include <charconv>
#include <stdexcept>

namespace sandtable::catalogue {
namespace {

constexpr const char* kWgs84Geogcs =
    "GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,298.257223563,AUTHORITY[\"EPSG\",\"7030\"]],"
    "AUTHORITY[\"EPSG\",\"6326\"]],PRIMEM[\"Greenwich\",0,AUTHORITY[\"EPSG\",\"8901\"]],"
    "UNIT[\"degree\",0.0174532925199433,AUTHORITY[\"EPSG\",\"9122\"]]";

std::int32_t parseCode(const std::string& digits, const std::string& crs)
{
    std::int32_t code = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), code);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() || code <= 0)
        throw std::invalid_argument(core::i18n::format(_("not a CRS sandtable knows: '{1}'"), {crs}));
    return code;
}

} // namespace

std::string wgs84Wkt()
{
    return std::string(kWgs84Geogcs) + ",AXIS[\"Latitude\",NORTH],AXIS[\"Longitude\",EAST],AUTHORITY[\"EPSG\",\"4326\"]]";
}

std::string utmWkt(int zone, bool north)
{
    if (zone < 1 || zone > 60)
        throw std::invalid_argument(core::i18n::format(_("UTM zone {1} is outside 1..60"), {std::to_string(zone)}));
    const int centralMeridian = 6 * zone - 183;
    const int code = (north ? 32600 : 32700) + zone;
    return "PROJCS[\"WGS 84 / UTM zone " + std::to_string(zone) + (north ? "N" : "S") + "\"," + kWgs84Geogcs
        + ",AUTHORITY[\"EPSG\",\"4326\"]],PROJECTION[\"Transverse_Mercator\"],PARAMETER[\"latitude_of_origin\",0],"
          "PARAMETER[\"central_meridian\","
        + std::to_string(centralMeridian)
        + "],PARAMETER[\"scale_factor\",0.9996],PARAMETER[\"false_easting\",500000],PARAMETER[\"false_northing\","
        + (north ? "0" : "10000000")
        + "],UNIT[\"metre\",1,AUTHORITY[\"EPSG\",\"9001\"]],AXIS[\"Easting\",EAST],AXIS[\"Northing\",NORTH],"
          "AUTHORITY[\"EPSG\",\""
        + std::to_string(code) + "\"]]";
}

SrsDefinition srsForCrs(const std::string& crs)
{
    if (crs.empty() || crs.rfind("LOCAL:", 0) == 0)
        return SrsDefinition{-1, "Undefined Cartesian SRS", "NONE", -1, "undefined", "undefined Cartesian coordinate reference system"};
    if (crs.rfind("EPSG:", 0) != 0)
        throw std::invalid_argument(core::i18n::format(_("not a CRS sandtable knows: '{1}' (expected EPSG:n or LOCAL:name)"), {crs}));
    const std::int32_t code = parseCode(crs.substr(5), crs);
    if (code == 4326)
        return SrsDefinition{4326, "WGS 84 geodetic", "EPSG", 4326, wgs84Wkt(), "longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid"};
    if ((code > 32600 && code <= 32660) || (code > 32700 && code <= 32760)) {
        const bool north = code < 32700;
        const int zone = code - (north ? 32600 : 32700);
        return SrsDefinition{code, "WGS 84 / UTM zone " + std::to_string(zone) + (north ? "N" : "S"), "EPSG", code,
            utmWkt(zone, north), "WGS 84 / UTM zone " + std::to_string(zone) + (north ? " north" : " south")};
    }
    return SrsDefinition{code, crs, "EPSG", code, "undefined", crs + " (definition resolved from the EPSG registry by the reader)"};
}

std::string terrainTableName(const SrsDefinition& srs)
{
    if (srs.srsId < 0 || srs.organization != "EPSG")
        return "terrain_local";
    return "terrain_epsg_" + std::to_string(srs.organizationCoordsysId);
}

const char* terrainGeometryKind(int dimension)
{
    switch (dimension) {
    case 0: return "points";
    case 1: return "lines";
    case 2: return "polygons";
    default: throw std::invalid_argument("no terrain table for geometries of dimension " + std::to_string(dimension));
    }
}

std::string terrainTableName(const SrsDefinition& srs, int dimension)
{
    return terrainTableName(srs) + "_" + terrainGeometryKind(dimension);
}

std::string unitsTableName(const SrsDefinition& srs)
{
    if (srs.srsId < 0 || srs.organization != "EPSG")
        return "units_local";
    return "units_epsg_" + std::to_string(srs.organizationCoordsysId);
}

} // namespace sandtable::catalogue
