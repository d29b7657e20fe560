// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/raster_info.hpp on every file of shared/data/rasters and
// on fixtures for the cases those files lack (CRLF world files, .jpgw, feet, corrupt files).
#include "sandtable/geo/raster_info.hpp"

#include "support/raster_fixtures.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>

using namespace sandtable;
using geo::GeoreferenceKind;
namespace utf = boost::unit_test;

namespace {
geo::RasterInfo shared(const std::string& name) { return geo::inspectRaster(test::sharedData("rasters/" + name)); }
using Gt = std::array<double, 6>;
} // namespace

BOOST_AUTO_TEST_SUITE(geo_raster_info)

// Expected values: shared/data/README.md and `gdalinfo` of each file.

BOOST_AUTO_TEST_CASE(byte_tif_is_nad27_utm_11n_with_60_m_pixels)
{
    const auto info = shared("byte.tif");
    BOOST_TEST(info.width == 20);
    BOOST_TEST(info.height == 20);
    BOOST_TEST(info.bands == 1);
    BOOST_TEST(info.dataType == "Byte");
    BOOST_TEST(geo::toString(info.georeference) == "geotransform");
    BOOST_TEST(info.epsg.value_or(0) == 26711);
    BOOST_TEST(info.linearUnit == "metre");
    BOOST_TEST((info.geotransform == Gt{440720, 60, 0, 3751320, 0, -60}));
    BOOST_TEST(info.crsWkt.find("UTM zone 11N") != std::string::npos);
    BOOST_TEST(info.gcpCount == 0);
    BOOST_TEST(!info.palette);
    BOOST_TEST(info.overviews.empty());
}

BOOST_AUTO_TEST_CASE(uint16_tif_is_16_bit_epsg_26711)
{
    const auto info = shared("uint16.tif");
    BOOST_TEST(info.width == 20);
    BOOST_TEST(info.dataType == "UInt16");
    BOOST_TEST(info.epsg.value_or(0) == 26711);
    BOOST_TEST((info.geotransform == Gt{440720, 60, 0, 3751320, 0, -60}));
}

BOOST_AUTO_TEST_CASE(with_overviews_has_three_internal_levels_and_no_georeference)
{
    const auto info = shared("with-overviews.tif");
    BOOST_TEST(info.width == 2000);
    BOOST_TEST(info.height == 1000);
    BOOST_TEST(geo::toString(info.georeference) == "none");
    BOOST_TEST(!info.geotransform.has_value());
    BOOST_TEST(info.crsWkt.empty());
    BOOST_TEST(!info.epsg.has_value());
    BOOST_REQUIRE(info.overviews.size() == 3u);
    BOOST_TEST(info.overviews[0].width == 250);
    BOOST_TEST(info.overviews[0].height == 125);
    BOOST_TEST(info.overviews[2].width == 63);
    BOOST_TEST(info.overviews[2].height == 32);
    BOOST_TEST(info.overviewStorage == "internal");
}

BOOST_AUTO_TEST_CASE(grey_tif_is_georeferenced_by_its_world_file)
{
    // grey.wld: 10, 0, 0, -10, 5, 295 -> top-left corner (5 - 5, 295 + 5) = (0, 300).
    const auto info = shared("grey.tif");
    BOOST_TEST(geo::toString(info.georeference) == "worldfile");
    BOOST_TEST(std::filesystem::path(info.worldFile).filename() == "grey.wld");
    BOOST_TEST((info.geotransform == Gt{0, 10, 0, 300, 0, -10}));
    BOOST_TEST(info.crsWkt.empty());
    BOOST_TEST(info.linearUnit.empty());
}

BOOST_AUTO_TEST_CASE(pct22_has_a_palette_and_a_world_file)
{
    const auto info = shared("pct22.tif");
    BOOST_TEST(info.palette);
    BOOST_TEST(info.paletteEntries == 256);
    BOOST_TEST(info.colourInterpretations.at(0) == "Palette");
    BOOST_TEST(geo::toString(info.georeference) == "worldfile");
    BOOST_TEST((info.geotransform == Gt{0, 10, 0, 300, 0, -10}));
}

BOOST_AUTO_TEST_CASE(red_square_is_wgs84_with_nodata_and_external_overviews)
{
    const auto info = shared("red_square.tif");
    BOOST_TEST(info.epsg.value_or(0) == 4326);
    BOOST_TEST(info.geographic);
    BOOST_TEST(info.linearUnit.empty());
    BOOST_TEST(info.nodata.value_or(-1) == 0.0);
    BOOST_TEST(info.bands == 3);
    BOOST_REQUIRE(info.overviews.size() == 1u);
    BOOST_TEST(info.overviews[0].width == 50);
    BOOST_TEST(info.overviewStorage == "external");
    BOOST_TEST(info.geotransform->at(1) == 1.8, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(rgb16_is_three_uint16_bands_with_a_world_file)
{
    const auto info = shared("rgb16.tif");
    BOOST_TEST(info.bands == 3);
    BOOST_TEST(info.dataType == "UInt16");
    BOOST_TEST(geo::toString(info.georeference) == "worldfile");
}

BOOST_AUTO_TEST_CASE(toronto_reads_a_padded_tfw_with_100_m_pixels)
{
    // toronto.tfw: 100, 0, 0, -100, 456850.0, 4957100.0 (centre of the top-left pixel).
    const auto info = shared("toronto.tif");
    BOOST_TEST(geo::toString(info.georeference) == "worldfile");
    BOOST_TEST(std::filesystem::path(info.worldFile).filename() == "toronto.tfw");
    BOOST_TEST((info.geotransform == Gt{456800, 100, 0, 4957150, 0, -100}));
    BOOST_TEST(info.width == 125);
    BOOST_TEST(info.height == 112);
}

BOOST_AUTO_TEST_CASE(rotated_tif_reports_its_rotation_and_no_crs)
{
    // 30 degrees plus scaling: dx/dpixel = 20 cos 30, dy/dpixel = 20 sin 30 = 10.
    const auto info = shared("rotated.tif");
    BOOST_TEST(info.rotated);
    BOOST_TEST(geo::toString(info.georeference) == "geotransform");
    BOOST_TEST(info.geotransform->at(1) == 20.0 * std::cos(M_PI / 6), boost::test_tools::tolerance(1e-12));
    BOOST_TEST(info.geotransform->at(4) == 10.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(info.crsWkt.empty());
}

BOOST_AUTO_TEST_CASE(gcps_tif_has_100_gcps_in_wgs84_and_no_geotransform)
{
    const auto info = shared("gcps.tif");
    BOOST_TEST(geo::toString(info.georeference) == "gcps");
    BOOST_TEST(info.gcpCount == 100);
    BOOST_TEST(!info.geotransform.has_value());
    BOOST_TEST(info.epsg.value_or(0) == 4326);
    BOOST_TEST(info.width == 200);
}

BOOST_AUTO_TEST_CASE(gettysburg_scan_is_a_plain_jpeg)
{
    const auto info = geo::inspectRaster(test::sharedData("maps/gettysburg_cope_survey_field_base.jpg"));
    BOOST_TEST(info.driver == "JPEG");
    BOOST_TEST(info.width == 1500);
    BOOST_TEST(info.height == 2500);
    BOOST_TEST(geo::toString(info.georeference) == "none");
}

BOOST_AUTO_TEST_CASE(jpeg_with_a_crlf_jgw_is_worldfile)
{
    test::TemporaryFolder folder;
    const auto jpeg = folder / "scan.jpg";
    test::writeRaster(jpeg, "JPEG", 30, 20, 3);
    // Padded numbers and CRLF line endings, as Windows tools write them.
    core::io::writeFileAtomically(folder / "scan.jgw", "  2.5\r\n0.0\r\n0.0\r\n  -2.5\r\n1001.25\r\n2998.75\r\n");
    const auto info = geo::inspectRaster(jpeg);
    BOOST_TEST(geo::toString(info.georeference) == "worldfile");
    BOOST_TEST((info.geotransform == Gt{1000, 2.5, 0, 3000, 0, -2.5}));
}

BOOST_AUTO_TEST_CASE(png_with_a_pngw_world_file_is_worldfile)
{
    test::TemporaryFolder folder;
    const auto png = folder / "scan.png";
    test::writeRaster(png, "PNG", 10, 10, 1);
    core::io::writeFileAtomically(folder / "scan.pngw", "4\n0\n0\n-4\n2\n38\n");
    const auto info = geo::inspectRaster(png);
    BOOST_TEST(geo::toString(info.georeference) == "worldfile");
    BOOST_TEST((info.geotransform == Gt{0, 4, 0, 40, 0, -4}));
}

BOOST_AUTO_TEST_CASE(geotiff_in_us_survey_feet_reports_the_unit)
{
    test::TemporaryFolder folder;
    const auto tif = folder / "feet.tif";
    test::writeRaster(tif, "GTiff", 8, 8, 1, Gt{980000, 10, 0, 200000, 0, -10}, "EPSG:2263");
    const auto info = geo::inspectRaster(tif);
    BOOST_TEST(info.epsg.value_or(0) == 2263);
    BOOST_TEST(info.linearUnit == "US survey foot");
    BOOST_TEST(geo::toString(info.georeference) == "geotransform");
}

BOOST_AUTO_TEST_CASE(south_up_geotransform_is_flagged)
{
    test::TemporaryFolder folder;
    const auto tif = folder / "south.tif";
    test::writeRaster(tif, "GTiff", 8, 8, 1, Gt{500000, 10, 0, 4000000, 0, 10}, "EPSG:32618");
    const auto info = geo::inspectRaster(tif);
    BOOST_TEST(info.southUp);
    BOOST_TEST(!info.rotated);
}

BOOST_AUTO_TEST_CASE(pixel_is_point_geotiff_is_flagged_and_read_as_corner_geotransform)
{
    test::TemporaryFolder folder;
    const auto tif = folder / "point.tif";
    // Written with the corner convention; GeoTIFF stores the tie point at the pixel centre for
    // PixelIsPoint and GDAL shifts it back on reading, so the same corner geotransform comes back.
    test::writeRaster(tif, "GTiff", 8, 8, 1, Gt{500000, 10, 0, 4000000, 0, -10}, "EPSG:32618", true);
    const auto info = geo::inspectRaster(tif);
    BOOST_TEST(info.pixelIsPoint);
    BOOST_TEST((info.geotransform == Gt{500000, 10, 0, 4000000, 0, -10}));
}

BOOST_AUTO_TEST_CASE(missing_file_is_an_io_error_naming_it)
{
    try {
        geo::inspectRaster("/nonexistent/scan.tif");
        BOOST_FAIL("expected an error");
    } catch (const core::util::IoError& e) {
        BOOST_TEST(e.file() == "/nonexistent/scan.tif");
        BOOST_TEST(e.reason() == "no such file");
    }
}

BOOST_AUTO_TEST_CASE(a_file_gdal_cannot_read_is_a_format_error)
{
    test::TemporaryFolder folder;
    const auto bogus = folder / "notes.tif";
    core::io::writeFileAtomically(bogus, "this is not a raster\n");
    BOOST_CHECK_THROW(geo::inspectRaster(bogus), core::util::FormatError);
}

BOOST_AUTO_TEST_CASE(world_file_names_are_recognised)
{
    for (const char* name : {"a.wld", "a.tfw", "a.TFW", "a.jgw", "a.jpgw", "a.pgw", "a.pngw", "a.tifw"})
        BOOST_TEST(geo::isWorldFileName(name), name);
    for (const char* name : {"a.tif", "a.ovr", "a.aux.xml", "a.prj"})
        BOOST_TEST(!geo::isWorldFileName(name), name);
}

BOOST_AUTO_TEST_SUITE_END()
