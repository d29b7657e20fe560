// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo::referenceFrame and usableWorkingCrs: the frame a scenario without a working CRS is viewed
// in, from its reference layer (issue 46 item 1).
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/reference_layer.hpp"

#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;
namespace utf = boost::unit_test;
namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(geo_reference_frame)

BOOST_AUTO_TEST_CASE(a_working_crs_is_projected_in_metres_and_no_web_mercator)
{
    BOOST_TEST(geo::usableWorkingCrs(geo::describeCrs("EPSG:32618")));
    BOOST_TEST(geo::usableWorkingCrs(geo::describeCrs("EPSG:26711")));
    BOOST_TEST(!geo::usableWorkingCrs(geo::describeCrs("EPSG:4326")));  // degrees
    BOOST_TEST(!geo::usableWorkingCrs(geo::describeCrs("EPSG:3857")));  // 1 / cos(latitude) off
    BOOST_TEST(!geo::usableWorkingCrs(geo::describeCrs("EPSG:2263")));  // US survey feet
}

BOOST_AUTO_TEST_CASE(a_raster_in_a_usable_crs_is_viewed_in_its_own)
{
    // GDAL's byte.tif: NAD27 / UTM 11N, 20 x 20 pixels of 60 m from (440720, 3751320).
    core::ReferenceLayer layer;
    layer.name = "byte";
    layer.path = test::sharedData("rasters/byte.tif").string();
    layer.crs = "EPSG:26711";
    const geo::ReferenceFrame frame = geo::referenceFrame(layer, {});
    BOOST_TEST(frame.crs == "EPSG:26711");
    BOOST_TEST(frame.extent.minX == 440720.0, tt::tolerance(1e-9));
    BOOST_TEST(frame.extent.minY == 3750120.0, tt::tolerance(1e-9));
    BOOST_TEST(frame.extent.maxX == 441920.0, tt::tolerance(1e-9));
    BOOST_TEST(frame.extent.maxY == 3751320.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(a_vector_in_degrees_is_viewed_in_the_utm_zone_of_its_centre)
{
    // The OpenStreetMap extract around Melun, 2.66 E 48.54 N (OSM knows no extent before reading: every feature's
    // envelope). Its admin relations reach far beyond the town, but its centre stays in zone
    // floor((180 + 3) / 6) + 1 = 31 north, and the frame holds Melun, 0.34 degrees (about 25 km) west of the
    // zone's central meridian 3 E: near 475 km E, 5377 km N.
    core::ReferenceLayer layer;
    layer.name = "melun";
    layer.kind = core::ReferenceKind::Vector;
    layer.path = test::sharedData("vector/melun_osm_fixture.osm.pbf").string();
    layer.crs = "EPSG:4326";
    const geo::ReferenceFrame frame = geo::referenceFrame(layer, {});
    BOOST_TEST(frame.crs == "EPSG:32631");
    BOOST_TEST(frame.extent.minX < 470000.0);
    BOOST_TEST(frame.extent.maxX > 480000.0);
    BOOST_TEST(frame.extent.minY < 5370000.0);
    BOOST_TEST(frame.extent.maxY > 5385000.0);
}

BOOST_AUTO_TEST_CASE(a_missing_file_names_the_layer)
{
    core::ReferenceLayer layer;
    layer.name = "gone";
    layer.path = "/nonexistent/gone.tif";
    layer.crs = "EPSG:4326";
    try {
        geo::referenceFrame(layer, {});
        BOOST_FAIL("no error");
    } catch (const core::util::IoError& e) {
        BOOST_TEST(std::string(e.what()).find("gone.tif") != std::string::npos, e.what());
        BOOST_TEST(std::string(e.what()).find("reference 'gone'") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_SUITE_END()
