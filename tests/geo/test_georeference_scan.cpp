// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/georeference_scan.hpp: the Gettysburg scan end to end,
// world files, refusals that write nothing.
#include "sandtable/geo/georeference_scan.hpp"

#include "support/raster_fixtures.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/world_file.hpp"
#include "support/test_data.hpp"
#include "support/gettysburg_survey.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>

using namespace sandtable;
namespace utf = boost::unit_test;
namespace tt = boost::test_tools;


BOOST_AUTO_TEST_SUITE(geo_georeference_scan)

BOOST_AUTO_TEST_CASE(gettysburg_auto_target_is_utm_18n_and_rms_matches_gdal)
{
    const auto result = geo::georeferenceScan(test::gettysburgSurvey());
    BOOST_TEST(result.targetCrs == "EPSG:32618");
    BOOST_TEST(result.targetCrsDescription.linearUnit == "metre");
    // GDAL reference (osgeo.gdal.GCPsToGeoTransform on the GCPs projected with osgeo.osr): see test_gcp_fit.cpp.
    BOOST_TEST(result.fit.rmsMap == 317.35525515507163, tt::tolerance(1e-6));
    BOOST_TEST(result.fit.meanErrorMap.value_or(0) == 388.67922116034316, tt::tolerance(1e-6));
    BOOST_TEST(result.fit.rmsPx == 105.37903168591801, tt::tolerance(1e-6));
    const core::Georeference& geo = result.georeference;
    BOOST_TEST(geo.gcpCrs == "EPSG:4326");
    BOOST_TEST(geo.crs == "EPSG:32618");
    BOOST_TEST(std::string(core::toString(geo.method)) == "affine");
    BOOST_REQUIRE(geo.gcps.size() == 9u);
    BOOST_TEST(geo.gcps[0].line == 600.0);
    BOOST_TEST(geo.gcps[0].mapX == -77.2311);
    BOOST_REQUIRE(geo.transform.size() == 6u);
    BOOST_TEST(geo.transform[0] == 305322.9365245155, tt::tolerance(1e-9));
    BOOST_TEST(geo.rmsMap.value_or(0) == result.fit.rmsMap);
    BOOST_TEST(geo.rmsPixels.value_or(0) == result.fit.rmsPx);
    BOOST_TEST(result.diagnostics.empty());
}

BOOST_AUTO_TEST_CASE(every_method_fits_the_gettysburg_scan)
{
    for (const auto method : {core::GeoreferenceMethod::Helmert, core::GeoreferenceMethod::Poly1, core::GeoreferenceMethod::Poly2,
             core::GeoreferenceMethod::Tps}) {
        auto request = test::gettysburgSurvey();
        request.method = method;
        const auto result = geo::georeferenceScan(request);
        BOOST_TEST(result.fit.rmsMap > 0.0, core::toString(method));
        BOOST_TEST(result.fit.residuals.size() == 9u);
    }
    // 9 GCPs are one short of a cubic.
    auto poly3 = test::gettysburgSurvey();
    poly3.method = core::GeoreferenceMethod::Poly3;
    BOOST_CHECK_THROW(geo::georeferenceScan(poly3), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(explicit_target_crs_is_used)
{
    auto request = test::gettysburgSurvey();
    request.targetCrs = "EPSG:32617"; // the neighbouring zone: a valid choice, different numbers
    const auto result = geo::georeferenceScan(request);
    BOOST_TEST(result.targetCrs == "EPSG:32617");
    BOOST_TEST(result.fitPoints[0].x > 700000.0); // far east of zone 17's central meridian
}

BOOST_AUTO_TEST_CASE(world_file_holds_the_fitted_geotransform)
{
    test::TemporaryFolder folder;
    auto request = test::gettysburgSurvey();
    request.worldFile = folder / "field_base.jgw";
    const auto result = geo::georeferenceScan(request);
    const auto read = geo::readWorldFile(folder / "field_base.jgw");
    for (std::size_t i = 0; i < 6; ++i)
        BOOST_TEST(read[i] == result.georeference.transform[i], tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(world_file_for_a_polynomial_is_refused_and_nothing_written)
{
    test::TemporaryFolder folder;
    auto request = test::gettysburgSurvey();
    request.method = core::GeoreferenceMethod::Poly2;
    request.worldFile = folder / "x.wld";
    request.outputTiff = folder / "x.tif";
    BOOST_CHECK_THROW(geo::georeferenceScan(request), core::util::OperationError);
    BOOST_TEST(std::filesystem::is_empty(folder.path()));
}

BOOST_AUTO_TEST_CASE(bad_points_row_writes_nothing)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.png", "PNG", 50, 40, 1);
    core::io::writeFileAtomically(folder / "scan.points", "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n1,2,3,-4,1\n5,,7,-8,1\n");
    geo::GeorefRequest request;
    request.scan = folder / "scan.png";
    request.points = folder / "scan.points";
    request.outputTiff = folder / "out.tif";
    try {
        geo::georeferenceScan(request);
        BOOST_FAIL("expected an error");
    } catch (const core::util::FormatError& e) {
        BOOST_TEST(e.object() == "row 2, column mapY");
    }
    BOOST_TEST(!std::filesystem::exists(folder / "out.tif"));
}

BOOST_AUTO_TEST_CASE(gcps_outside_the_image_warn_but_fit)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.png", "PNG", 50, 40, 1);
    geo::GeorefRequest request;
    request.scan = folder / "scan.png";
    request.gcpCrs = "EPSG:32618";
    request.gcps = {{1, 0, 0, 500000, 4400000, true}, {2, 50, 0, 500100, 4400000, true}, {3, 0, 40, 500000, 4399920, true},
        {4, 70, 45, 500140, 4399910, true}};
    const auto result = geo::georeferenceScan(request);
    BOOST_TEST(result.targetCrs == "EPSG:32618"); // auto keeps a projected GCP CRS
    BOOST_REQUIRE(result.diagnostics.size() == 1u);
    BOOST_TEST(result.diagnostics[0].code == "georef.gcp_outside_image");
    BOOST_TEST(result.diagnostics[0].message.find("GCP 4") != std::string::npos);
    BOOST_TEST(result.fit.rmsMap < 1e-6);
}

BOOST_AUTO_TEST_CASE(points_without_crs_need_an_explicit_target)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "scan.png", "PNG", 50, 40, 1);
    geo::GeorefRequest request;
    request.scan = folder / "scan.png";
    // Map points in UTM 18N metres (near 75 W, 39.7 N), but the GCPs do not say so.
    request.gcps = {{1, 0, 0, 500000, 4400000, true}, {2, 50, 0, 500100, 4400000, true}, {3, 0, 40, 500000, 4399920, true}};
    BOOST_CHECK_THROW(geo::georeferenceScan(request), core::util::OperationError);
    request.targetCrs = "EPSG:32618";
    BOOST_TEST(geo::georeferenceScan(request).fit.rmsMap < 1e-9);
}

namespace {
core::Georeference lonLatGettysburg()
{
    core::Georeference g;
    g.gcpCrs = "EPSG:4326";
    g.gcps = {core::Gcp{1, 10, 20, -77.2311, 39.8309, true}, core::Gcp{2, 900, 40, -77.2100, 39.8305, true},
        core::Gcp{3, 450, 800, -77.2200, 39.8100, true}};
    return g;
}
} // namespace

BOOST_AUTO_TEST_CASE(fits_are_computed_in_a_projected_crs_never_in_degrees)
{
    // No target, no working CRS: auto, the UTM zone of the GCPs (77 W, 39.8 N: zone 18 north).
    const geo::FitFrame frame = geo::fitFrame(lonLatGettysburg(), "");
    BOOST_TEST(frame.targetCrs == "EPSG:32618");
    // osgeo.osr EPSG:4326 -> EPSG:32618, traditional order, TransformPoint(-77.2311, 39.8309) (test_crs.cpp).
    BOOST_TEST(frame.points.at(0).x == 309076.2683026958, tt::tolerance(1e-12));
    BOOST_TEST(frame.points.at(0).y == 4411370.720766305, tt::tolerance(1e-12));
    // The working CRS when the georeference names none.
    BOOST_TEST(geo::fitFrame(lonLatGettysburg(), "EPSG:26918").targetCrs == "EPSG:26918");
    // A geographic target is refused: the fit would be in degrees.
    core::Georeference inDegrees = lonLatGettysburg();
    inDegrees.crs = "EPSG:4326";
    try {
        geo::fitFrame(inDegrees, "", "scan.points");
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.object() == "target CRS");
        BOOST_TEST(std::string(e.what()).find("degrees") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(gcps_that_do_not_fit_their_crs_are_refused_naming_the_gcp)
{
    // GCP 2's latitude 120 fits only as a longitude: swapped.
    core::Georeference swapped = lonLatGettysburg();
    swapped.gcps[1].mapX = 10.0;
    swapped.gcps[1].mapY = 120.0;
    try {
        geo::fitFrame(swapped, "", "scan.points");
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.object() == "GCP 2");
        BOOST_TEST(std::string(e.what()).find("swapped") != std::string::npos, e.what());
    }
    // Degrees with no CRS of their own, fitted into UTM: they would be read as metres.
    core::Georeference noCrs = lonLatGettysburg();
    noCrs.gcpCrs.clear();
    noCrs.crs = "EPSG:32618";
    try {
        geo::fitFrame(noCrs, "");
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.object() == "GCP 1");
        BOOST_TEST(std::string(e.what()).find("EPSG:4326") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(a_real_points_file_with_swapped_or_mislabelled_columns_is_refused)
{
    // The Gettysburg GCPs (EPSG:4326) with mapX and mapY swapped: (39.83, -77.23) is a place on the globe
    // (77 S, 39 E), so only the turned-over fit shows the swap.
    const std::string original = core::io::readFile(test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points"));
    std::istringstream in(original);
    std::string swapped, line;
    while (std::getline(in, line)) {
        if (!line.empty() && line[0] != '#' && line.rfind("mapX", 0) != 0) {
            const std::size_t comma = line.find(',');
            const std::size_t second = line.find(',', comma + 1);
            line = line.substr(comma + 1, second - comma - 1) + "," + line.substr(0, comma) + line.substr(second);
        }
        swapped += line + "\n";
    }
    test::TemporaryFolder folder;
    core::io::writeFileAtomically(folder / "swapped.points", swapped);
    geo::GeorefRequest request = test::gettysburgSurvey();
    request.points = folder / "swapped.points";
    try {
        geo::georeferenceScan(request);
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.file() == (folder / "swapped.points").string());
        BOOST_TEST(std::string(e.what()).find("look swapped") != std::string::npos, e.what());
    }
    // The same degrees labelled UTM 18N: refused at the first GCP, with the CRS to declare.
    std::string utm = original;
    utm.replace(0, utm.find('\n'), "#CRS: EPSG:32618");
    core::io::writeFileAtomically(folder / "utm.points", utm);
    request.points = folder / "utm.points";
    try {
        geo::georeferenceScan(request);
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.object() == "GCP 1");
        BOOST_TEST(std::string(e.what()).find("declare their CRS as EPSG:4326") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_SUITE_END()
