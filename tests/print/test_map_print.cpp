// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/print/.../map_print.hpp: sheet layout arithmetic and true scale measured on the rendered PDF.
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/map_print.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <cstdlib>

using namespace sandtable;

namespace {
core::Scenario oneKilometreRoad()
{
    core::Scenario s;
    s.settings.id = "scale-test";
    s.settings.title = "Scale test";
    s.settings.crs = "EPSG:32618";
    s.settings.extent = core::Extent{300000, 4400000, 301400, 4401000};
    // A major road exactly 1,000 m long, east-west.
    s.terrain.push_back({core::FeatureId("road-1"), "road", "", core::Geometry::lineString({{300200, 4400500}, {301200, 4400500}}),
        nlohmann::ordered_json{{"grade", "major"}}});
    return s;
}

bool commandAvailable(const std::string& name)
{
    return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}
} // namespace

BOOST_AUTO_TEST_SUITE(print_map)

BOOST_AUTO_TEST_CASE(plans_sheets_for_a_known_extent)
{
    core::Scenario s = oneKilometreRoad();
    s.settings.extent = core::Extent{0, 0, 6300, 7100}; // the Gettysburg scan is about 6.3 x 7.1 km
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    const print::MapLayout layout = print::planMapSheets(s, request);
    // 6300 m at 1:16,000 = 393.75 mm; 7100 m = 443.75 mm.
    BOOST_TEST(layout.extentWidthMm == 393.75);
    BOOST_TEST(layout.extentHeightMm == 443.75);
    // Portrait A4 map area: 210 - 2 x 12 = 186 mm wide, 297 - 2 x 12 - 30 = 243 mm high; 10 mm overlap:
    // columns = ceil((393.75 - 10) / 176) = 3, rows = ceil((443.75 - 10) / 233) = 2. Landscape also needs 6.
    BOOST_TEST(layout.columns == 3);
    BOOST_TEST(layout.rows == 2);
    BOOST_TEST(layout.sheets.size() == 6u);
    // Neighbouring sheets share exactly the overlap: 10 mm = 160 m of ground.
    BOOST_TEST(layout.sheets[0].ground.maxX - layout.sheets[1].ground.minX == 160.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(layout.sheets[0].ground.minY - layout.sheets[3].ground.maxY == -160.0, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(refuses_thousands_of_pages_and_pages_smaller_than_margins)
{
    const core::Scenario s = oneKilometreRoad();
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 100; // 2 km at 1:100 = 20 m of paper
    BOOST_CHECK_THROW(print::planMapSheets(s, request), core::OperationError);
    request.scaleDenominator = 16000;
    request.page = print::parsePageSize("30x40mm");
    BOOST_CHECK_THROW(print::planMapSheets(s, request), core::OperationError);
    core::Scenario noExtent = s;
    noExtent.settings.extent.reset();
    request.page = print::parsePageSize("A4");
    BOOST_CHECK_THROW(print::planMapSheets(noExtent, request), core::OperationError);
}

BOOST_AUTO_TEST_CASE(a_kilometre_measures_true_on_the_rendered_page)
{
    if (!commandAvailable("pdftocairo")) {
        BOOST_TEST_MESSAGE("SKIPPED: pdftocairo (poppler-utils) is not installed");
        return;
    }
    test::TemporaryFolder folder;
    for (double scale : {16000.0, 8000.0}) {
        print::MapPrintRequest request;
        request.page = print::parsePageSize("A4");
        request.scaleDenominator = scale;
        request.layers = {print::MapLayer::Terrain};
        const auto pdf = folder / "map.pdf";
        const print::MapPrintResult result = print::printMap(oneKilometreRoad(), request, pdf);
        BOOST_TEST(result.pages == 1);
        // 254 dpi = 10 pixels per millimetre.
        const std::string command = "pdftocairo -png -singlefile -r 254 '" + pdf.string() + "' '" + (folder / "page").string() + "'";
        BOOST_REQUIRE(std::system(command.c_str()) == 0);
        cairo_surface_t* png = cairo_image_surface_create_from_png((folder / "page.png").c_str());
        BOOST_REQUIRE(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS);
        const int width = cairo_image_surface_get_width(png);
        const int height = cairo_image_surface_get_height(png);
        // A4 at 10 px/mm (poppler rounds the 595.276 pt width up to 2101 px).
        BOOST_TEST(std::abs(width - 2100) <= 1);
        BOOST_TEST(std::abs(height - 2970) <= 1);
        // The road lies at ground y = 4400500, 500 m below the top of the extent: 12 mm margin + 500 m at 1:N.
        const int row = static_cast<int>(std::lround((12.0 + 500.0 * 1000.0 / scale) * 10.0));
        const unsigned char* data = cairo_image_surface_get_data(png);
        const int stride = cairo_image_surface_get_stride(png);
        // The road is the longest run of dark pixels on that row (the frame lines are thin runs).
        int longest = 0, run = 0;
        for (int x = 0; x < width; ++x) {
            const auto pixel = *reinterpret_cast<const std::uint32_t*>(data + row * stride + x * 4);
            const int r = (pixel >> 16) & 255, g = (pixel >> 8) & 255, b = pixel & 255;
            run = (r < 120 && g < 120 && b < 120) ? run + 1 : 0;
            longest = std::max(longest, run);
        }
        cairo_surface_destroy(png);
        const double measuredMm = longest / 10.0;
        // domain.md: 62.5 mm at 1:16,000 and 125 mm at 1:8000; 0.2 mm tolerance.
        BOOST_TEST(measuredMm == 1000.0 * 1000.0 / scale, boost::test_tools::tolerance(0.2 / (1e6 / scale)));
    }
}

BOOST_AUTO_TEST_CASE(failed_print_leaves_no_file)
{
    test::TemporaryFolder folder;
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scan = print::PrintRaster{2, 2, std::vector<std::uint8_t>(3), {0, 1, 0, 0, 0, -1}}; // wrong buffer size
    BOOST_CHECK_THROW(print::printMap(oneKilometreRoad(), request, folder / "x.pdf"), core::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "x.pdf"));
}

BOOST_AUTO_TEST_SUITE_END()
