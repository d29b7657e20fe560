// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of catalogue/.../srs.hpp: gpkg_spatial_ref_sys rows for scenario CRSs.
#include "sandtable/catalogue/srs.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>

namespace catalogue = sandtable::catalogue;

BOOST_AUTO_TEST_SUITE(srs)

BOOST_AUTO_TEST_CASE(utm_18n_wkt_is_gdals_text_for_epsg_32618)
{
    // `gdalsrsinfo -o wkt1 --single-line EPSG:32618` (GDAL 3.6).
    const std::string gdal =
        R"(PROJCS["WGS 84 / UTM zone 18N",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-75],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","32618"]])";
    BOOST_TEST(catalogue::utmWkt(18, true) == gdal);
    const auto row = catalogue::srsForCrs("EPSG:32618");
    BOOST_TEST(row.srsId == 32618);
    BOOST_TEST(row.organization == "EPSG");
    BOOST_TEST(row.organizationCoordsysId == 32618);
    BOOST_TEST(row.definition == gdal);
    BOOST_TEST(catalogue::terrainTableName(row) == "terrain_epsg_32618");
    BOOST_TEST(catalogue::terrainTableName(row, 0) == "terrain_epsg_32618_points");
    BOOST_TEST(catalogue::terrainTableName(row, 1) == "terrain_epsg_32618_lines");
    BOOST_TEST(catalogue::terrainTableName(row, 2) == "terrain_epsg_32618_polygons");
    BOOST_CHECK_THROW(catalogue::terrainTableName(row, 3), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(southern_zones_have_a_ten_thousand_km_false_northing)
{
    // Zone 33: central meridian 6 x 33 - 183 = 15 degrees east.
    const std::string wkt = catalogue::srsForCrs("EPSG:32733").definition;
    BOOST_TEST(wkt.find(R"(PARAMETER["central_meridian",15])") != std::string::npos);
    BOOST_TEST(wkt.find(R"(PARAMETER["false_northing",10000000])") != std::string::npos);
    BOOST_TEST(wkt.find(R"(AUTHORITY["EPSG","32733"]])") != std::string::npos);
    // Zone 1: -177 degrees.
    BOOST_TEST(catalogue::utmWkt(1, true).find(R"(PARAMETER["central_meridian",-177])") != std::string::npos);
    BOOST_CHECK_THROW(catalogue::utmWkt(61, true), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(wgs84_wkt_is_gdals_text_for_epsg_4326)
{
    // `gdalsrsinfo -o wkt1 --single-line EPSG:4326` (GDAL 3.6): the axes are written.
    const std::string gdal =
        R"(GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]])";
    BOOST_TEST(catalogue::wgs84Wkt() == gdal);
    BOOST_TEST(catalogue::srsForCrs("EPSG:4326").definition == gdal);
}

BOOST_AUTO_TEST_CASE(every_utm_zone_has_its_central_meridian_and_false_northing)
{
    // The UTM definition: zone z is centred on 6 z - 183 degrees; false northing 0 north, 10,000 km south.
    for (int zone = 1; zone <= 60; ++zone)
        for (const bool north : {true, false}) {
            const std::string wkt = catalogue::utmWkt(zone, north);
            const std::string label = std::to_string(zone) + (north ? "N" : "S");
            BOOST_TEST_CONTEXT("zone " << label)
            {
                BOOST_TEST(wkt.rfind("PROJCS[\"WGS 84 / UTM zone " + label + "\",", 0) == 0u);
                BOOST_TEST(wkt.find("PARAMETER[\"central_meridian\"," + std::to_string(6 * zone - 183) + "]") != std::string::npos);
                BOOST_TEST(wkt.find(std::string("PARAMETER[\"false_northing\",") + (north ? "0]" : "10000000]")) != std::string::npos);
                BOOST_TEST(wkt.find("PARAMETER[\"scale_factor\",0.9996],PARAMETER[\"false_easting\",500000]") != std::string::npos);
                const std::string code = std::to_string((north ? 32600 : 32700) + zone);
                BOOST_TEST(wkt.substr(wkt.size() - 26) == "AUTHORITY[\"EPSG\",\"" + code + "\"]]");
            }
        }
    BOOST_CHECK_THROW(catalogue::utmWkt(0, false), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(local_frames_use_the_undefined_cartesian_srs)
{
    const auto row = catalogue::srsForCrs("LOCAL:kriegsspiel");
    BOOST_TEST(row.srsId == -1);
    BOOST_TEST(row.organization == "NONE");
    BOOST_TEST(row.definition == "undefined");
    BOOST_TEST(catalogue::terrainTableName(row) == "terrain_local");
}

BOOST_AUTO_TEST_CASE(other_epsg_codes_are_left_to_the_reader_to_resolve)
{
    const auto row = catalogue::srsForCrs("EPSG:2263");
    BOOST_TEST(row.srsId == 2263);
    BOOST_TEST(row.definition == "undefined");
    BOOST_TEST(catalogue::terrainTableName(row) == "terrain_epsg_2263");
    BOOST_TEST(catalogue::srsForCrs("EPSG:4326").definition.find("GEOGCS[\"WGS 84\"") == 0u);
    BOOST_CHECK_THROW(catalogue::srsForCrs("EPSG:abc"), std::invalid_argument);
    BOOST_CHECK_THROW(catalogue::srsForCrs("OGC:CRS84"), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
