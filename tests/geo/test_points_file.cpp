// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/points_file.hpp: QGIS .points reading, writing, frames.
#include "sandtable/geo/points_file.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <initializer_list>
#include <string>
#include <string_view>

using namespace sandtable;
namespace utf = boost::unit_test;

namespace {

geo::PointsFile readText(const test::TemporaryFolder& folder, const std::string& text)
{
    const auto path = folder / "gcps.points";
    core::io::writeFileAtomically(path, text);
    return geo::readPointsFile(path);
}

/// The FormatError a bad file gives; fails the test when there is none.
core::util::FormatError formatErrorOf(const test::TemporaryFolder& folder, const std::string& text)
{
    try {
        readText(folder, text);
    } catch (const core::util::FormatError& e) {
        return e;
    }
    BOOST_FAIL("expected a FormatError");
    return core::util::FormatError("", "", "");
}

const char* kHeader = "mapX,mapY,pixelX,pixelY,enable,dX,dY,residual\n";

/// The file's text from its parts, appended in place (GCC 12 at -O2 warns falsely, -Warray-bounds, on a chain of
/// std::string temporaries built from literals).
std::string joined(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (const std::string_view part : parts)
        out.append(part);
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(geo_points_file)

BOOST_AUTO_TEST_CASE(reads_the_gettysburg_points_with_negated_pixel_y)
{
    const auto file = geo::readPointsFile(test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points"));
    BOOST_TEST(file.crs == "EPSG:4326");
    BOOST_REQUIRE(file.rows.size() == 9u);
    // First data row: -77.2311,39.8309,895,-600,1
    BOOST_TEST(file.rows[0].id == 1);
    BOOST_TEST(file.rows[0].mapX == -77.2311);
    BOOST_TEST(file.rows[0].mapY == 39.8309);
    BOOST_TEST(file.rows[0].sourceX == 895.0);
    BOOST_TEST(file.rows[0].sourceY == -600.0);
    BOOST_TEST(file.rows[8].id == 9);
    const auto gcps = geo::toGcps(file, {});
    BOOST_TEST(gcps[0].pixel == 895.0);
    BOOST_TEST(gcps[0].line == 600.0);
    BOOST_TEST(gcps[8].line == 150.0);
    BOOST_TEST(gcps[8].enabled);
}

BOOST_AUTO_TEST_CASE(reads_the_source_header_variant_crlf_and_disabled_rows)
{
    test::TemporaryFolder folder;
    const auto file = readText(folder,
        "#CRS: EPSG:32618\r\nmapX,mapY,sourceX,sourceY,enable,dX,dY,residual\r\n"
        "300000,4400000,10,-20,1,0,0,0\r\n\r\n300100,4400000,110,-20,0,0,0,0\r\n");
    BOOST_TEST(file.crs == "EPSG:32618");
    BOOST_REQUIRE(file.rows.size() == 2u);
    BOOST_TEST(file.rows[0].enabled);
    BOOST_TEST(!file.rows[1].enabled);
    BOOST_TEST(file.rows[1].id == 2);
    BOOST_TEST(file.rows[1].sourceX == 110.0);
}

BOOST_AUTO_TEST_CASE(reads_a_file_without_crs_or_enable_column)
{
    test::TemporaryFolder folder;
    const auto file = readText(folder, "mapX,mapY,pixelX,pixelY\n1,2,3,-4\n5,6,7,-8\n");
    BOOST_TEST(file.crs.empty());
    BOOST_REQUIRE(file.rows.size() == 2u);
    BOOST_TEST(file.rows[1].enabled);
    BOOST_TEST(file.rows[1].sourceY == -8.0);
}

BOOST_AUTO_TEST_CASE(missing_column_names_file_row_and_column)
{
    test::TemporaryFolder folder;
    const auto e = formatErrorOf(folder, joined({"#CRS: EPSG:4326\n", kHeader, "1,2,3,-4,1,0,0,0\n5,6,7\n"}));
    BOOST_TEST(e.file() == (folder / "gcps.points").string());
    BOOST_TEST(e.object() == "row 2, column sourceY");
    BOOST_TEST(e.reason().find("missing value") != std::string::npos);
    BOOST_TEST(e.reason().find("line 4") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(nan_and_infinity_are_refused_with_row_numbers)
{
    test::TemporaryFolder folder;
    const auto nan = formatErrorOf(folder, joined({kHeader, "1,2,3,-4,1\n1,2,3,-4,1\nnan,2,3,-4,1\n"}));
    BOOST_TEST(nan.object() == "row 3, column mapX");
    const auto inf = formatErrorOf(folder, joined({kHeader, "1,inf,3,-4,1\n"}));
    BOOST_TEST(inf.object() == "row 1, column mapY");
    const auto text = formatErrorOf(folder, joined({kHeader, "1,2,3x,-4,1\n"}));
    BOOST_TEST(text.object() == "row 1, column sourceX");
    BOOST_TEST(text.reason().find("'3x' is not a number") != std::string::npos);
    const auto enable = formatErrorOf(folder, joined({kHeader, "1,2,3,-4,7\n"}));
    BOOST_TEST(enable.object() == "row 1, column enable");
}

BOOST_AUTO_TEST_CASE(header_without_map_columns_is_refused)
{
    test::TemporaryFolder folder;
    const auto e = formatErrorOf(folder, "x,y,pixelX,pixelY\n1,2,3,4\n");
    BOOST_TEST(e.object() == "header");
}

BOOST_AUTO_TEST_CASE(source_columns_use_the_raster_geotransform_when_it_has_one)
{
    // A world-file raster: x = 1000 + 2 * pixel, y = 3000 - 2 * line. Source (1010, 2980) is pixel (5, 10).
    geo::SourceFrame frame{std::array<double, 6>{1000, 2, 0, 3000, 0, -2}};
    const auto pixel = geo::sourceToPixel(frame, 1010, 2980);
    BOOST_TEST(pixel.x == 5.0);
    BOOST_TEST(pixel.y == 10.0);
    const auto back = geo::pixelToSource(frame, 5, 10);
    BOOST_TEST(back.x == 1010.0);
    BOOST_TEST(back.y == 2980.0);
    BOOST_CHECK_THROW(geo::sourceToPixel({std::array<double, 6>{0, 1, 1, 0, 1, 1}}, 1, 1), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(written_file_reads_back_the_same_gcps)
{
    test::TemporaryFolder folder;
    const std::vector<core::Gcp> gcps{{1, 895.25, 600.5, -77.2311, 39.8309, true}, {2, 0.1, 0.2, -77.1, 39.7, false},
        {3, 1499.999, 2499.5, 1.0 / 3.0, 2.0 / 3.0, true}};
    const auto path = folder / "out.points";
    geo::writePointsFile(path, "EPSG:4326", gcps, {}, {{0.5, -0.25, 0.559}, {}, {}});
    const std::string text = core::io::readFile(path);
    BOOST_TEST(text.rfind("#CRS: EPSG:4326\nmapX,mapY,sourceX,sourceY,enable,dX,dY,residual\n-77.2311,39.8309,895.25,-600.5,1,0.5,-0.25,0.559\n", 0) == 0u);
    const auto read = geo::toGcps(geo::readPointsFile(path), {});
    BOOST_TEST((read == gcps));
}

BOOST_AUTO_TEST_SUITE_END()
