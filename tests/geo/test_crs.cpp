// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/crs.hpp: descriptions, UTM zone choice, transformation.
#include "sandtable/geo/crs.hpp"

#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;

BOOST_AUTO_TEST_SUITE(geo_crs)

BOOST_AUTO_TEST_CASE(describes_a_projected_crs_in_us_survey_feet)
{
    // EPSG:2263 is NAD83 / New York Long Island (ftUS).
    const auto crs = geo::describeCrs("EPSG:2263");
    BOOST_TEST(crs.projected);
    BOOST_TEST(!crs.geographic);
    BOOST_TEST(crs.epsg.value_or(0) == 2263);
    BOOST_TEST(crs.linearUnit == "US survey foot");
    BOOST_TEST(crs.metresPerUnit == 1200.0 / 3937.0, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(geographic_crs_has_no_linear_unit)
{
    const auto crs = geo::describeCrs("EPSG:4326");
    BOOST_TEST(crs.geographic);
    BOOST_TEST(crs.linearUnit.empty());
    BOOST_TEST(geo::crsIdentifier(crs) == "EPSG:4326");
}

BOOST_AUTO_TEST_CASE(auto_utm_zone_is_the_one_holding_the_centre)
{
    // Gettysburg, 77.24 W: zone floor((180 - 77.24) / 6) + 1 = 18, north.
    BOOST_TEST(geo::utmCrsForCentre("EPSG:4326", {{-77.2311, 39.8309}, {-77.2520, 39.7875}}) == "EPSG:32618");
    // Sydney, 151.2 E, 33.9 S: zone floor(331.2 / 6) + 1 = 56, south.
    BOOST_TEST(geo::utmCrsForCentre("EPSG:4326", {{151.2, -33.9}}) == "EPSG:32756");
    BOOST_CHECK_THROW(geo::utmCrsForCentre("EPSG:4326", {}), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(auto_utm_zone_refuses_coordinates_that_do_not_fit_the_crs)
{
    // UTM metres of Gettysburg (309,000 E, 4,410,000 N) labelled WGS 84: "longitude" 309,000 degrees is not
    // on the globe. Before, the zone number overflowed an int (found by fuzz_terrain_geojson).
    try {
        geo::utmCrsForCentre("EPSG:4326", {{304500, 4410000}, {313500, 4410000}});
        BOOST_FAIL("no error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("not on the globe") != std::string::npos, e.what());
        BOOST_TEST(std::string(e.what()).find("(309000, 4410000)") != std::string::npos, e.what());
    }
    // Latitude beyond the pole: 95 N.
    BOOST_CHECK_THROW(geo::utmCrsForCentre("EPSG:4326", {{10.0, 95.0}}), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(transforms_lon_lat_to_utm_like_gdal)
{
    // Reference: /usr/bin/python3, osgeo.osr CoordinateTransformation EPSG:4326 -> EPSG:32618 with
    // OAMS_TRADITIONAL_GIS_ORDER, TransformPoint(-77.2311, 39.8309).
    const auto out = geo::transformPoints("EPSG:4326", "EPSG:32618", {{-77.2311, 39.8309}});
    BOOST_TEST(out.at(0).x == 309076.2683026958, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(out.at(0).y == 4411370.720766305, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(unreadable_crs_is_an_operation_error_naming_the_context)
{
    try {
        geo::describeCrs("EPSG:999999999", "points.points");
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.file() == "points.points");
        BOOST_TEST(e.object() == "CRS");
    }
}

namespace {
std::string misfit(const std::string& crs, sandtable::core::Coordinate p)
{
    return geo::crsMisfit(crs, p).value_or("");
}
} // namespace

BOOST_AUTO_TEST_CASE(points_that_fit_their_crs_pass)
{
    // Gettysburg: -77.2311 E, 39.8309 N is 309076 E, 4411370 N in UTM 18N (test above).
    BOOST_TEST(misfit("EPSG:4326", {-77.2311, 39.8309}).empty());
    BOOST_TEST(misfit("EPSG:32618", {309076.27, 4411370.72}).empty());
    // 1 km outside UTM 18N's 78-72 W band is still within the 2 degree margin.
    BOOST_TEST(misfit("EPSG:32618", {300000.0, 4411370.0}).empty());
}

BOOST_AUTO_TEST_CASE(degrees_labelled_projected_and_metres_labelled_degrees_are_named)
{
    // Degrees typed into UTM 18N: 77 m west of the false origin is 4.5 degrees west of 75 W, on the equator,
    // outside the zone's 78-72 W band.
    BOOST_TEST(misfit("EPSG:32618", {-77.2311, 39.8309}).find("look like longitude/latitude degrees") != std::string::npos);
    // UTM metres labelled WGS 84.
    BOOST_TEST(misfit("EPSG:4326", {309076.27, 4411370.72}).find("look like projected coordinates") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(swapped_axes_are_named_when_only_the_swap_fits)
{
    // Latitude 120 is off the globe; (120 E, 10 N) is not.
    BOOST_TEST(misfit("EPSG:4326", {10.0, 120.0}).find("x and y look swapped") != std::string::npos);
    // Northing typed as easting in UTM 18N: 4,411,370 m east is far outside the zone; the swap is Gettysburg.
    BOOST_TEST(misfit("EPSG:32618", {4411370.72, 309076.27}).find("x and y look swapped") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_batch_check_names_the_first_gcp_that_does_not_fit)
{
    try {
        geo::checkPointsFitCrs("EPSG:4326", {{-77.2311, 39.8309}, {10.0, 120.0}}, {"GCP 1", "GCP 7"}, "scan.points");
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.file() == "scan.points");
        BOOST_TEST(e.object() == "GCP 7");
    }
}

BOOST_AUTO_TEST_SUITE_END()
