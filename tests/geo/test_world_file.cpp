// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/world_file.hpp: pixel-centre convention, 0 px round trip.
#include "sandtable/geo/world_file.hpp"

#include "support/raster_fixtures.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>

using namespace sandtable;
using Gt = std::array<double, 6>;

BOOST_AUTO_TEST_SUITE(geo_world_file)

BOOST_AUTO_TEST_CASE(writes_the_centre_of_the_top_left_pixel)
{
    test::TemporaryFolder folder;
    // Corner (1000, 3000), 2.5 m pixels: the centre of pixel (0,0) is (1001.25, 2998.75).
    geo::writeWorldFile(folder / "a.wld", Gt{1000, 2.5, 0, 3000, 0, -2.5});
    BOOST_TEST(core::io::readFile(folder / "a.wld") == "2.5\n0\n0\n-2.5\n1001.25\n2998.75\n");
}

BOOST_AUTO_TEST_CASE(reads_padded_crlf_world_files)
{
    test::TemporaryFolder folder;
    core::io::writeFileAtomically(folder / "a.tfw", "          100.0000000000\r\n  0.0\r\n0.0\r\n -100.0\r\n  456850.0\r\n 4957100.0\r\n");
    BOOST_TEST((geo::readWorldFile(folder / "a.tfw") == Gt{456800, 100, 0, 4957150, 0, -100}));
    core::io::writeFileAtomically(folder / "b.wld", "1\n0\nx\n");
    BOOST_CHECK_THROW(geo::readWorldFile(folder / "b.wld"), core::util::FormatError);
    core::io::writeFileAtomically(folder / "c.wld", "1\n0\n0\n-1\n");
    BOOST_CHECK_THROW(geo::readWorldFile(folder / "c.wld"), core::util::FormatError);
}

BOOST_AUTO_TEST_CASE(round_trip_through_gdal_drifts_zero_pixels)
{
    test::TemporaryFolder folder;
    const auto tif = folder / "scan.tif";
    test::writeRaster(tif, "GTiff", 40, 30, 1);
    // A rotated, sheared fit with awkward decimals, like a real GCP fit.
    const Gt gt{305322.9365245155, 4.173947834917583, 0.2089785470970724, 4413479.853253797, -0.6174190829106992, -2.8471712834827545};
    geo::writeWorldFile(folder / "scan.tfw", gt);
    const auto info = geo::inspectRaster(tif);
    BOOST_REQUIRE(geo::toString(info.georeference) == std::string("worldfile"));
    const Gt& read = *info.geotransform;
    // Drift in pixels at the far corner: the map-position difference divided by the pixel size.
    for (double pixel : {0.0, 40.0})
        for (double line : {0.0, 30.0}) {
            const double dx = (read[0] + read[1] * pixel + read[2] * line) - (gt[0] + gt[1] * pixel + gt[2] * line);
            const double dy = (read[3] + read[4] * pixel + read[5] * line) - (gt[3] + gt[4] * pixel + gt[5] * line);
            BOOST_TEST(std::hypot(dx, dy) / 2.8 < 1e-9);
        }
    BOOST_TEST((geo::readWorldFile(folder / "scan.tfw")[1] == gt[1]));
}

BOOST_AUTO_TEST_CASE(unwritable_folder_is_an_io_error)
{
    BOOST_CHECK_THROW(geo::writeWorldFile("/nonexistent/folder/a.wld", Gt{0, 1, 0, 0, 0, -1}), core::util::IoError);
}

BOOST_AUTO_TEST_SUITE_END()
