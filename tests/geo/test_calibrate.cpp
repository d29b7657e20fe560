// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/calibrate.hpp: Kriegsspiel scans by scale alone.
#include "sandtable/geo/calibrate.hpp"

#include "support/raster_fixtures.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;
namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(geo_calibrate)

BOOST_AUTO_TEST_CASE(scale_and_dpi_give_ground_metres_per_pixel)
{
    // 1:8000 at 300 dpi: one pixel is 1/300 inch = 0.0846667 mm of paper = 0.677333 m of ground.
    BOOST_TEST(geo::metresPerPixelFromDpi(8000, 300) == 8000 * 0.0254 / 300, tt::tolerance(1e-15));
    BOOST_TEST(geo::metresPerPixelFromDpi(16000, 300) == 2 * geo::metresPerPixelFromDpi(8000, 300), tt::tolerance(1e-15));
    BOOST_CHECK_THROW(geo::metresPerPixelFromDpi(8000, 0), core::util::OperationError);
    BOOST_CHECK_THROW(geo::metresPerPixelFromDpi(-1, 300), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(scale_bar_gives_metres_over_pixel_distance)
{
    // (100, 100) to (400, 500): a 3-4-5 triangle of 500 px; 1000 m -> 2 m per pixel.
    BOOST_TEST(geo::metresPerPixelFromScaleBar({100, 100, 400, 500, 1000}) == 2.0);
    BOOST_CHECK_THROW(geo::metresPerPixelFromScaleBar({5, 5, 5, 5, 1000}), core::util::OperationError);
    BOOST_CHECK_THROW(geo::metresPerPixelFromScaleBar({0, 0, 10, 0, 0}), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(calibrated_geotiff_is_in_a_local_metric_frame)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "kriegsspiel.png", "PNG", 80, 50, 3);
    geo::CalibrationRequest request;
    request.scan = folder / "kriegsspiel.png";
    request.scaleDenominator = 8000;
    request.scaleBar = geo::ScaleBar{10, 10, 40, 50, 500}; // 50 px = 500 m
    request.output = folder / "calibrated.tif";
    const auto result = geo::calibrateScan(request);
    BOOST_TEST(result.metresPerPixel == 10.0);
    // 10 m per pixel at 1:8000 is 1.25 mm of paper per pixel: 25.4 / 1.25 = 20.32 dpi.
    BOOST_TEST(result.dpi == 20.32, tt::tolerance(1e-12));
    const auto info = geo::inspectRaster(request.output);
    BOOST_TEST(geo::toString(info.georeference) == "geotransform");
    BOOST_TEST((*info.geotransform == std::array<double, 6>{0, 10, 0, 500, 0, -10}));
    BOOST_TEST(info.linearUnit == "metre");
    BOOST_TEST(!info.geographic);
    BOOST_TEST(!info.epsg.has_value());
    BOOST_TEST(info.bands == 3);
}

BOOST_AUTO_TEST_CASE(needs_exactly_one_of_dpi_and_scale_bar)
{
    test::TemporaryFolder folder;
    test::writeRaster(folder / "k.png", "PNG", 8, 8, 1);
    geo::CalibrationRequest request;
    request.scan = folder / "k.png";
    request.output = folder / "out.tif";
    BOOST_CHECK_THROW(geo::calibrateScan(request), core::util::OperationError);
    request.dpi = 300;
    request.scaleBar = geo::ScaleBar{0, 0, 10, 0, 100};
    BOOST_CHECK_THROW(geo::calibrateScan(request), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(request.output));
}

BOOST_AUTO_TEST_SUITE_END()
