// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/catalogue/.../srs.hpp: gpkg_spatial_ref_sys rows for scenario CRSs.
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
