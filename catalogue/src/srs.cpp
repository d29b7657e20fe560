// SPDX-License-Identifier: GPL-3.0-or-later
// gpkg_spatial_ref_sys rows: the WKT 1 of WGS 84 and its UTM zones from PROJ's EPSG database, GeoPackage's
// mandatory rows.
#include "sandtable/catalogue/srs.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <proj.h>

#include <charconv>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace sandtable::catalogue {
namespace {

std::int32_t parseCode(const std::string& digits, const std::string& crs)
{
    std::int32_t code = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), code);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() || code <= 0)
        throw std::invalid_argument(core::i18n::format(_("not a CRS sandtable knows: '{1}'"), {crs}));
    return code;
}

/// The one-line OGC WKT 1 of EPSG:`code` as GDAL writes it (`gdalsrsinfo -o wkt1 --single-line`): PROJ's
/// WKT1_GDAL with the axes written, from PROJ's database (proj.db). Kept per code: the database is opened
/// once per code and process.
std::string epsgWkt1(int code)
{
    static std::mutex mutex;
    static std::map<int, std::string> known;
    const std::lock_guard lock(mutex);
    if (const auto it = known.find(code); it != known.end())
        return it->second;
    const auto context = std::unique_ptr<PJ_CONTEXT, decltype(&proj_context_destroy)>(proj_context_create(), &proj_context_destroy);
    const std::string name = "EPSG:" + std::to_string(code);
    const auto failed = [&]() {
        const int error = proj_context_errno(context.get());
        return core::util::OperationError("", name,
            core::i18n::format(_("PROJ could not give the definition of this CRS ({1}): is PROJ's database proj.db installed?"),
                {error != 0 ? proj_context_errno_string(context.get(), error) : "no WKT"}));
    };
    const auto crs = std::unique_ptr<PJ, decltype(&proj_destroy)>(
        proj_create_from_database(context.get(), "EPSG", std::to_string(code).c_str(), PJ_CATEGORY_CRS, 0, nullptr), &proj_destroy);
    if (!crs)
        throw failed();
    const char* const options[] = {"MULTILINE=NO", "OUTPUT_AXIS=YES", nullptr};
    const char* wkt = proj_as_wkt(context.get(), crs.get(), PJ_WKT1_GDAL, options);
    if (!wkt)
        throw failed();
    return known.emplace(code, wkt).first->second;
}

} // namespace

std::string wgs84Wkt() { return epsgWkt1(4326); }

std::string utmWkt(int zone, bool north)
{
    if (zone < 1 || zone > 60)
        throw std::invalid_argument(core::i18n::format(_("UTM zone {1} is outside 1..60"), {std::to_string(zone)}));
    return epsgWkt1((north ? 32600 : 32700) + zone);
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
