// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of importers/include/sandtable/importers/crs.hpp: descriptions, UTM zone choice, transformation.
#include "sandtable/importers/crs.hpp"

#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;

BOOST_AUTO_TEST_SUITE(importers_crs)

BOOST_AUTO_TEST_CASE(describes_a_projected_crs_in_us_survey_feet)
{
    // EPSG:2263 is NAD83 / New York Long Island (ftUS).
    const auto crs = importers::describeCrs("EPSG:2263");
    BOOST_TEST(crs.projected);
    BOOST_TEST(!crs.geographic);
    BOOST_TEST(crs.epsg.value_or(0) == 2263);
    BOOST_TEST(crs.linearUnit == "US survey foot");
    BOOST_TEST(crs.metresPerUnit == 1200.0 / 3937.0, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(geographic_crs_has_no_linear_unit)
{
    const auto crs = importers::describeCrs("EPSG:4326");
    BOOST_TEST(crs.geographic);
    BOOST_TEST(crs.linearUnit.empty());
    BOOST_TEST(importers::crsIdentifier(crs) == "EPSG:4326");
}

BOOST_AUTO_TEST_CASE(auto_utm_zone_is_the_one_holding_the_centre)
{
    // Gettysburg, 77.24 W: zone floor((180 - 77.24) / 6) + 1 = 18, north.
    BOOST_TEST(importers::utmCrsForCentre("EPSG:4326", {{-77.2311, 39.8309}, {-77.2520, 39.7875}}) == "EPSG:32618");
    // Sydney, 151.2 E, 33.9 S: zone floor(331.2 / 6) + 1 = 56, south.
    BOOST_TEST(importers::utmCrsForCentre("EPSG:4326", {{151.2, -33.9}}) == "EPSG:32756");
    BOOST_CHECK_THROW(importers::utmCrsForCentre("EPSG:4326", {}), core::OperationError);
}

BOOST_AUTO_TEST_CASE(auto_utm_zone_refuses_coordinates_that_do_not_fit_the_crs)
{
    // UTM metres of Gettysburg (309,000 E, 4,410,000 N) labelled WGS 84: "longitude" 309,000 degrees is not
    // on the globe. Before, the zone number overflowed an int (found by fuzz_terrain_geojson).
    try {
        importers::utmCrsForCentre("EPSG:4326", {{304500, 4410000}, {313500, 4410000}});
        BOOST_FAIL("no error");
    } catch (const core::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("not on the globe") != std::string::npos, e.what());
        BOOST_TEST(std::string(e.what()).find("(309000, 4410000)") != std::string::npos, e.what());
    }
    // Latitude beyond the pole: 95 N.
    BOOST_CHECK_THROW(importers::utmCrsForCentre("EPSG:4326", {{10.0, 95.0}}), core::OperationError);
}

BOOST_AUTO_TEST_CASE(transforms_lon_lat_to_utm_like_gdal)
{
    // Reference: /usr/bin/python3, osgeo.osr CoordinateTransformation EPSG:4326 -> EPSG:32618 with
    // OAMS_TRADITIONAL_GIS_ORDER, TransformPoint(-77.2311, 39.8309).
    const auto out = importers::transformPoints("EPSG:4326", "EPSG:32618", {{-77.2311, 39.8309}});
    BOOST_TEST(out.at(0).x == 309076.2683026958, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(out.at(0).y == 4411370.720766305, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(unreadable_crs_is_an_operation_error_naming_the_context)
{
    try {
        importers::describeCrs("EPSG:999999999", "points.points");
        BOOST_FAIL("expected an error");
    } catch (const core::OperationError& e) {
        BOOST_TEST(e.file() == "points.points");
        BOOST_TEST(e.object() == "CRS");
    }
}

BOOST_AUTO_TEST_SUITE_END()
