// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/georef_report.hpp: the report's content from the
// Gettysburg fit (rows as the .points file gives them, CRS names, the picture's size), refusals.
#include "sandtable/geo/georef_report.hpp"

#include "sandtable/core/util/error.hpp"
#include "support/gettysburg_survey.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;
namespace utf = boost::unit_test;
namespace tt = boost::test_tools;


BOOST_AUTO_TEST_SUITE(geo_georef_report)

BOOST_AUTO_TEST_CASE(the_gettysburg_report_names_both_crss_and_keeps_the_gcps_as_given)
{
    const geo::GeorefResult result = geo::georeferenceScan(test::gettysburgSurvey());
    const core::GeorefReport report = geo::georefReport(test::gettysburgSurvey().scan, result);
    BOOST_TEST(report.scanName == "gettysburg_cope_survey_field_base.jpg");
    BOOST_TEST(report.scanWidth == 1500);
    BOOST_TEST(report.scanHeight == 2500);
    BOOST_TEST(report.gcpCrs == "EPSG:4326");
    BOOST_TEST(report.gcpCrsName == "WGS 84");
    BOOST_TEST(report.gcpCrsEpsg.value_or(0) == 4326);
    BOOST_TEST(report.gcpCrsGeographic);
    BOOST_TEST(report.targetCrs == "EPSG:32618");
    BOOST_TEST(report.targetCrsName == "WGS 84 / UTM zone 18N");
    BOOST_TEST(report.targetUnit == "metre");
    BOOST_TEST(report.enabledCount == 9);
    BOOST_TEST(report.minimum == 3);
    BOOST_TEST(report.rmsMap == 317.35525515507163, tt::tolerance(1e-6)); // GDAL's, see test_gcp_fit.cpp
    BOOST_REQUIRE(report.rows.size() == 9u);
    // Row 8 of the .points file: -77.2497,39.7969,525,-1775 (QGIS's negated pixelY: line 1775).
    const core::GeorefReportRow& eight = report.rows[7];
    BOOST_TEST(eight.id == 8);
    BOOST_TEST(eight.pixel == 525.0);
    BOOST_TEST(eight.line == 1775.0);
    BOOST_TEST(eight.mapX == -77.2497);
    BOOST_TEST(eight.mapY == 39.7969);
    BOOST_TEST(eight.residualMap == std::hypot(eight.dx, eight.dy), tt::tolerance(1e-12));
    BOOST_TEST(eight.residualMap > 600.0); // the README's worst GCP, about 680 m
    // The picture: the longest side 2500 -> 1200 pixels, so 1500 x 0.48 = 720 across; opaque; the survey's
    // buff paper is redder than it is blue.
    BOOST_TEST(report.picture.width == 720);
    BOOST_TEST(report.picture.height == 1200);
    BOOST_REQUIRE(report.picture.rgba.size() == 720u * 1200u * 4u);
    double red = 0, blue = 0;
    bool opaque = true;
    for (std::size_t i = 0; i < report.picture.rgba.size(); i += 4) {
        red += report.picture.rgba[i];
        blue += report.picture.rgba[i + 2];
        opaque = opaque && report.picture.rgba[i + 3] == 255;
    }
    BOOST_TEST(opaque);
    BOOST_TEST(red > 1.1 * blue);
}

BOOST_AUTO_TEST_CASE(a_fit_that_does_not_match_the_gcps_is_refused)
{
    const geo::GeorefResult result = geo::georeferenceScan(test::gettysburgSurvey());
    geo::GcpFit shorter = result.fit;
    shorter.residuals.pop_back();
    BOOST_CHECK_THROW(geo::georefReport(test::gettysburgSurvey().scan, result.georeference, shorter, result.targetCrs), core::util::OperationError);
    geo::GcpFit swapped = result.fit;
    std::swap(swapped.residuals[0], swapped.residuals[1]);
    try {
        geo::georefReport(test::gettysburgSurvey().scan, result.georeference, swapped, result.targetCrs);
        BOOST_FAIL("residuals in another order were accepted");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("GCP 1") != std::string::npos, e.what());
    }
    test::TemporaryFolder folder;
    BOOST_CHECK_THROW(geo::georefReport(folder / "no-such-scan.jpg", result), core::util::IoError);
}

BOOST_AUTO_TEST_SUITE_END()
