// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/.../map_print.hpp: sheet layout arithmetic and true scale measured on the rendered PDF.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/print/map_print.hpp"
#include "support/rendered_page.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>

using namespace sandtable;

namespace {

using sandtable::test::commandAvailable;
using Png = sandtable::test::RenderedPage;
core::Scenario oneKilometreRoad()
{
    core::Scenario s;
    s.settings.id = "scale-test";
    s.settings.title = "Scale test";
    s.settings.crs = "EPSG:32618";
    s.settings.extent = core::Extent{300000, 4400000, 301400, 4401000};
    // A major road exactly 1,000 m long, east-west.
    s.terrain.push_back({core::FeatureId("road-1"), "road", "", core::Geometry::lineString({{300200, 4400500}, {301200, 4400500}}),
        core::Attributes{{"grade", "major"}}});
    return s;
}

/// Renders the first page of a PDF at 254 dpi (10 px/mm) with pdftocairo; false when it cannot.
bool renderPage(const std::filesystem::path& pdf, const std::filesystem::path& stem, int page = 1)
{
    const std::string command = "pdftocairo -png -singlefile -r 254 -f " + std::to_string(page) + " -l " + std::to_string(page)
        + " '" + pdf.string() + "' '" + stem.string() + "'";
    return std::system(command.c_str()) == 0;
}

bool isGridBlue(const std::array<int, 3>& c) { return c[2] > 90 && c[0] < 110 && c[2] - c[0] > 50; }
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
    BOOST_CHECK_THROW(print::planMapSheets(s, request), core::util::OperationError);
    request.scaleDenominator = 16000;
    request.page = print::parsePageSize("30x40mm");
    BOOST_CHECK_THROW(print::planMapSheets(s, request), core::util::OperationError);
    core::Scenario noExtent = s;
    noExtent.settings.extent.reset();
    request.page = print::parsePageSize("A4");
    BOOST_CHECK_THROW(print::planMapSheets(noExtent, request), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(a_kilometre_measures_true_on_the_rendered_page)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
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
        // docs/model.md: 62.5 mm at 1:16,000 and 125 mm at 1:8000; 0.2 mm tolerance.
        BOOST_TEST(measuredMm == 1000.0 * 1000.0 / scale, boost::test_tools::tolerance(0.2 / (1e6 / scale)));
    }
}

BOOST_AUTO_TEST_CASE(failed_print_leaves_no_file)
{
    test::TemporaryFolder folder;
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scan = print::PrintRaster{2, 2, std::vector<std::uint8_t>(3), {0, 1, 0, 0, 0, -1}}; // wrong buffer size
    BOOST_CHECK_THROW(print::printMap(oneKilometreRoad(), request, folder / "x.pdf"), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "x.pdf"));
}


BOOST_AUTO_TEST_CASE(a_jpeg_scan_is_embedded_as_dct_and_smaller_than_flate)
{
    // The scan at 300 dpi on paper at 1:16,000: 25.4 / 300 mm a pixel = 1.3547 m of ground; the 1400 x 1000 m
    // extent is 1034 x 739 pixels. Top-left quadrant (x < 300700, y > 4400500) flat red (200, 60, 40); the rest a
    // grey texture with deterministic noise of +-24 levels (scan grain, which Flate cannot squeeze and JPEG can);
    // the bottom 150 m transparent (outside the scan).
    const double mpp = 25.4 / 300.0 * 16000.0 / 1000.0;
    const int w = static_cast<int>(std::ceil(1400 / mpp)), h = static_cast<int>(std::ceil(1000 / mpp));
    print::PrintRaster scan{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4),
        {300000, mpp, 0, 4401000, 0, -mpp}};
    std::uint32_t seed = 12345;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            std::uint8_t* p = scan.pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4;
            const double groundX = 300000 + (x + 0.5) * mpp, groundY = 4401000 - (y + 0.5) * mpp;
            seed = seed * 1664525u + 1013904223u;
            const int noise = static_cast<int>((seed >> 24) % 49) - 24;
            const int grey = 150 + noise;
            if (groundX < 300700 && groundY > 4400500) {
                p[0] = 200, p[1] = 60, p[2] = 40, p[3] = 255;
            } else {
                p[0] = p[1] = p[2] = static_cast<std::uint8_t>(grey);
                p[3] = groundY < 4400150 ? 0 : 255;
            }
        }
    test::TemporaryFolder folder;
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.layers = {print::MapLayer::Scan};
    request.scan = scan;
    print::printMap(oneKilometreRoad(), request, folder / "flate.pdf");
    request.scan->jpegQuality = 85;
    print::printMap(oneKilometreRoad(), request, folder / "jpeg.pdf");
    const std::string flate = core::io::readFile(folder / "flate.pdf"), jpeg = core::io::readFile(folder / "jpeg.pdf");
    BOOST_TEST(flate.find("/DCTDecode") == std::string::npos);
    BOOST_TEST(jpeg.find("/DCTDecode") != std::string::npos);
    BOOST_TEST_MESSAGE("scan page: Flate " << flate.size() << " bytes, JPEG " << jpeg.size() << " bytes");
    BOOST_TEST(jpeg.size() * 2 < flate.size());
    request.scan->jpegQuality = 101;
    BOOST_CHECK_THROW(print::printMap(oneKilometreRoad(), request, folder / "bad.pdf"), core::util::OperationError);

    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    BOOST_REQUIRE(renderPage(folder / "jpeg.pdf", folder / "jpeg"));
    const Png png(folder / "jpeg.png");
    BOOST_REQUIRE(png.ok());
    // Paper = 12 mm margin + ground metres / 16 (1:16,000), at 10 px/mm. The red quadrant's middle, ground
    // (300350, 4400750): 33.9, 27.6 mm. The transparent strip, ground (300700, 4400075): 55.75, 69.8 mm.
    const std::array<int, 3> red = png.rgb(339, 276);
    BOOST_TEST_INFO("red quadrant " << red[0] << " " << red[1] << " " << red[2]);
    BOOST_TEST(std::abs(red[0] - 200) <= 12);
    BOOST_TEST(std::abs(red[1] - 60) <= 12);
    BOOST_TEST(std::abs(red[2] - 40) <= 12);
    const std::array<int, 3> outside = png.rgb(557, 698);
    BOOST_TEST_INFO("outside the scan " << outside[0] << " " << outside[1] << " " << outside[2]);
    BOOST_TEST(std::min({outside[0], outside[1], outside[2]}) >= 245);
}

BOOST_AUTO_TEST_CASE(campaign_grid_squares_measure_a_mile_at_1_16000)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    core::Scenario s = oneKilometreRoad();
    s.settings.extent = core::Extent{0, 0, 4000, 2000};
    core::Campaign c;
    c.grid.squareSize = core::kMileMetres;
    c.grid.origin = {100, 100};
    c.grid.columns = 2;
    c.grid.rows = 1;
    s.campaign = c;
    s.terrain.clear();
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Grid};
    const auto pdf = folder / "grid.pdf";
    const print::MapPrintResult result = print::printMap(s, request, pdf);
    BOOST_TEST(result.gridPrinted);
    // 4000 x 2000 m at 1:16,000 = 250 x 125 mm: one landscape A4 sheet (273 x 156 mm map area).
    BOOST_TEST(result.pages == 1);
    BOOST_TEST(result.layout.pageWidthMm == 297.0);
    BOOST_REQUIRE(renderPage(pdf, folder / "grid"));
    const Png png(folder / "grid.png");
    BOOST_REQUIRE(png.ok());
    // The square's middle row: ground y = 100 + 1609.344 / 2 = 904.672 m, 2000 - 904.672 = 1095.328 m below the
    // top: 12 + 68.458 = 80.458 mm down the page.
    const int row = static_cast<int>(std::lround(80.458 * 10));
    const std::vector<double> lines = png.runCentres(row, isGridBlue);
    BOOST_REQUIRE(lines.size() == 3u);
    // West edge at 12 mm + 100 m / 16 = 18.25 mm; squares 1609.344 m / 16 = 100.584 mm wide (to 0.2 mm).
    BOOST_TEST(lines[0] / 10.0 == 18.25, boost::test_tools::tolerance(0.2 / 18.25));
    BOOST_TEST((lines[1] - lines[0]) / 10.0 == 100.584, boost::test_tools::tolerance(0.2 / 100.584));
    BOOST_TEST((lines[2] - lines[1]) / 10.0 == 100.584, boost::test_tools::tolerance(0.2 / 100.584));
    // Without a campaign the grid layer draws nothing and says so.
    s.campaign.reset();
    BOOST_TEST(!print::printMap(s, request, pdf).gridPrinted);
}

BOOST_AUTO_TEST_CASE(setup_blocks_use_the_scenarios_block_size)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    core::Scenario s = oneKilometreRoad();
    s.terrain.clear();
    s.settings.scaleDenominator = 16000;
    s.settings.blockLengthMm = 30.0;
    s.settings.blockDepthMm = 15.0;
    s.sides = {core::Side{core::SideId("red"), "Red", "#ff0000"}};
    s.formations = {core::Formation{core::FormationId("f"), core::SideId("red"), "Corps", "corps"}};
    // Facing north (0 degrees): the 30 mm frontage runs east-west. Centre 700 m east, 500 m south of the NW corner.
    s.units = {core::Unit{core::UnitId("u"), core::FormationId("f"), "", core::UnitType::Infantry, core::UnitQuality::Regular, 3000,
        std::nullopt, core::Placement{{300700, 4400500}, 0.0, false}}};
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Setup};
    const auto pdf = folder / "setup.pdf";
    print::printMap(s, request, pdf);
    BOOST_REQUIRE(renderPage(pdf, folder / "setup"));
    const Png png(folder / "setup.png");
    BOOST_REQUIRE(png.ok());
    // Centre on paper: x = 12 + 700 / 16 = 55.75 mm, y = 12 + 500 / 16 = 43.25 mm.
    auto notWhite = [](const std::array<int, 3>& c) { return c[0] < 245 || c[1] < 245 || c[2] < 245; };
    // The block's face (its symbol and strength, in white on red) is inside it: measure the outermost ink
    // on the row and the column through the centre, between the map frame's edges (12 and 99.5 mm).
    int left = -1, right = -1;
    for (int x = 358; x < 758; ++x)
        if (notWhite(png.rgb(x, 432))) {
            left = left < 0 ? x : left;
            right = x;
        }
    // 30 mm long, plus half of the 0.25 mm outline on either end.
    BOOST_TEST((right - left + 1) / 10.0 == 30.25, boost::test_tools::tolerance(0.2 / 30.25));
    // Depth along the column through the centre: 15 mm (+ outline; the 0.8 mm facing edge adds 0.275 mm north).
    int top = -1, bottom = -1;
    for (int y = 300; y < 600; ++y)
        if (notWhite(png.rgb(558, y))) {
            top = top < 0 ? y : top;
            bottom = y;
        }
    BOOST_TEST((bottom - top + 1) / 10.0 == 15.0 + 0.4 + 0.125, boost::test_tools::tolerance(0.2 / 15.5));
}

BOOST_AUTO_TEST_CASE(png_pages_have_the_page_size_at_the_dpi_and_tiles_overlap)
{
    test::TemporaryFolder folder;
    core::Scenario s = oneKilometreRoad();
    // 6300 x 7100 m at 1:16,000 tiles over 3 x 2 A4 sheets (plans_sheets_for_a_known_extent): 7 pages.
    s.settings.extent = core::Extent{0, 0, 6300, 7100};
    // A north-south road 3000 m east of the west edge: 187.5 mm in, inside the first join's overlap
    // (sheet A1 shows 0..186 mm, A2 starts at 176 mm).
    s.terrain = {core::TerrainFeature{core::FeatureId("r"), "road", "", core::Geometry::lineString({{2900, 100}, {2900, 7000}}),
        core::Attributes{{"grade", "major"}}}};
    s.terrain[0].geometry = core::Geometry::lineString({{2880, 100}, {2880, 7000}}); // 180 mm from the west edge
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Terrain};
    request.format = print::MapOutputFormat::Png;
    request.pngDpi = 254;
    const print::MapPrintResult result = print::printMap(s, request, folder / "map.png");
    BOOST_TEST(result.pages == 7);
    BOOST_REQUIRE(result.files.size() == 7u);
    BOOST_TEST(result.files[0] == folder / "map-1.png");
    BOOST_TEST(result.files[6] == folder / "map-7.png");
    BOOST_TEST(!std::filesystem::exists(folder / "map.png"));
    const Png a1(result.files[1]), a2(result.files[2]);
    BOOST_REQUIRE(a1.ok());
    // A4 at 254 dpi: 210 / 25.4 x 254 = 2100 x 2970 pixels.
    BOOST_TEST(a1.width() == 2100);
    BOOST_TEST(a1.height() == 2970);
    auto dark = [](const std::array<int, 3>& c) { return c[0] < 150 && c[1] < 150 && c[2] < 150; };
    auto roadX = [&](const Png& png) {
        // Row 1015 (101.5 mm) falls in a gap of the dashed overlap line (1 mm dashes from the 12 mm margin).
        for (double x : png.runCentres(1015, dark))
            if (x > 150 && x < 1970)
                return x / 10.0;
        return -1.0;
    };
    // On A1 the road is 12 + 180 = 192 mm from the page edge; on A2 (which starts 176 mm east) 12 + 4 = 16 mm.
    BOOST_TEST(roadX(a1) == 192.0, boost::test_tools::tolerance(0.2 / 192.0));
    BOOST_TEST(roadX(a2) == 16.0, boost::test_tools::tolerance(0.2 / 16.0));
}

BOOST_AUTO_TEST_CASE(svg_pages_are_numbered_files_and_failures_leave_none)
{
    test::TemporaryFolder folder;
    core::Scenario s = oneKilometreRoad();
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.format = print::mapOutputFormat(folder / "one.SVG");
    BOOST_TEST((request.format == print::MapOutputFormat::Svg));
    const print::MapPrintResult one = print::printMap(s, request, folder / "one.SVG");
    BOOST_TEST(one.pages == 1);
    BOOST_REQUIRE(one.files.size() == 1u);
    BOOST_TEST(one.files[0] == folder / "one.SVG");
    const std::string svg = core::io::readFile(folder / "one.SVG");
    // An A4 page in millimetres.
    BOOST_TEST(svg.find("width=\"210mm\"") != std::string::npos);
    BOOST_TEST(svg.find("height=\"297mm\"") != std::string::npos);
    // Tiled: four sheets and the assembly page; a broken scan fails on the first sheet and leaves no page.
    s.settings.extent = core::Extent{300000, 4400000, 305000, 4405000};
    request.scan = print::PrintRaster{2, 2, std::vector<std::uint8_t>(3), {300000, 1, 0, 4405000, 0, -1}};
    BOOST_CHECK_THROW(print::printMap(s, request, folder / "tiled.svg"), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "tiled-1.svg"));
    BOOST_TEST(!std::filesystem::exists(folder / "tiled.svg"));
    BOOST_CHECK_THROW(print::mapOutputFormat(folder / "map.tiff"), core::util::OperationError);
    BOOST_CHECK_THROW(print::mapOutputFormat(folder / "map.pdf", "eps"), core::util::OperationError);
    BOOST_TEST((print::mapOutputFormat(folder / "map.pdf", "png") == print::MapOutputFormat::Png));
    BOOST_TEST(print::mapPageFile(folder / "m.png", print::MapOutputFormat::Png, 3, 7) == folder / "m-3.png");
}

BOOST_AUTO_TEST_CASE(too_many_pages_names_the_count_and_a_scale_that_fits)
{
    const core::Scenario s = oneKilometreRoad(); // 1400 x 1000 m
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 100; // 14 x 10 m of paper
    try {
        print::planMapSheets(s, request);
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        const std::string what = e.what();
        // Landscape A4 map area 273 x 156 mm, 10 mm overlap: ceil(13990 / 263) = 54 columns x ceil(9990 / 146) = 69 rows
        // = 3726 pages (portrait: ceil(13990/176)=80 x ceil(9990/233)=43 = 3440 pages, the fewer).
        BOOST_TEST(what.find("3440 pages") != std::string::npos, what);
        BOOST_TEST(what.find("print at 1:") != std::string::npos, what);
    }
    request.scaleDenominator = 16000;
    request.page = print::parsePageSize("30x40mm");
    try {
        print::planMapSheets(s, request);
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("smaller than its margins") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(the_legend_lists_the_table_styles_the_terrain_is_drawn_with)
{
    core::Scenario s = oneKilometreRoad(); // a major road
    using Json = sandtable::core::Attributes;
    const auto square = [](double x0, double y0, double x1, double y1) {
        return core::Geometry::polygon({{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}});
    };
    s.terrain.push_back({core::FeatureId("w"), "woods", "", square(300200, 4400200, 300600, 4400400), Json()});
    s.terrain.push_back({core::FeatureId("w2"), "woods", "", square(300700, 4400200, 300900, 4400400), Json()});
    s.terrain.push_back({core::FeatureId("h"), "hill", "", square(300100, 4400100, 300300, 4400300), Json{{"level", 2}}});
    s.terrain.push_back({core::FeatureId("r2"), "road", "", core::Geometry::lineString({{300200, 4400600}, {300900, 4400600}}),
        Json{{"grade", "minor"}}});
    s.terrain.push_back({core::FeatureId("l"), "sunken-lane", "", core::Geometry::lineString({{300200, 4400700}, {300900, 4400700}}),
        Json()});
    s.terrain.push_back({core::FeatureId("b"), "bridge", "", core::Geometry::point({300500, 4400500}), Json()});
    const std::vector<print::MapLegendEntry> legend = print::mapLegend(s);
    // One line per style drawn, in the table's order: hill-upper 15, woods 20, custom 28, road-minor 40,
    // road-major 41, bridge 50; the two woods share one line.
    const std::vector<std::string> keys = {"hill-upper", "woods", "custom", "road-minor", "road-major", "bridge"};
    const std::vector<int> dimensions = {2, 2, 1, 1, 1, 0};
    BOOST_REQUIRE(legend.size() == keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        BOOST_TEST(legend[i].style == core::style::findTerrainStyle(keys[i]), keys[i]);
        BOOST_TEST(legend[i].dimension == dimensions[i], keys[i]);
    }
    BOOST_TEST(legend[1].label == "Woods (cover)");
    BOOST_TEST(legend[2].label == "sunken-lane (scenario terrain)");
    BOOST_TEST(legend[4].label == "Road (major)");
    // And every feature's style is on it.
    for (const core::TerrainFeature& f : s.terrain) {
        const core::style::TerrainStyle* drawn = &core::style::terrainStyle(f.terrainClass, f.attributes);
        BOOST_TEST(std::any_of(legend.begin(), legend.end(), [&](const auto& e) { return e.style == drawn; }), f.id.str());
    }
}

BOOST_AUTO_TEST_CASE(woods_print_in_the_table_colour_on_the_map_and_in_the_legend)
{
    test::TemporaryFolder folder;
    core::Scenario s = oneKilometreRoad();
    // Extent 1400 x 1000 m at 1:16,000: 87.5 x 62.5 mm, one A4 portrait sheet, map area from (12, 12) mm.
    s.terrain = {core::TerrainFeature{core::FeatureId("w"), "woods", "",
        core::Geometry::polygon({{{300200, 4400200}, {301200, 4400200}, {301200, 4400800}, {300200, 4400800}, {300200, 4400200}}}),
        core::Attributes()}};
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.layers = {print::MapLayer::Terrain};
    request.format = print::MapOutputFormat::Png;
    request.pngDpi = 254; // 10 px per mm
    const print::MapPrintResult result = print::printMap(s, request, folder / "woods.png");
    BOOST_REQUIRE(result.files.size() == 1u);
    const Png png(result.files[0]);
    BOOST_REQUIRE(png.ok());
    // The table's fill over white paper: v x a + 255 x (1 - a).
    const core::style::Rgba fill = core::style::findTerrainStyle("woods")->fill;
    const double a = fill.a / 255.0;
    const std::array<int, 3> expected = {static_cast<int>(std::lround(fill.r * a + 255 * (1 - a))),
        static_cast<int>(std::lround(fill.g * a + 255 * (1 - a))), static_cast<int>(std::lround(fill.b * a + 255 * (1 - a)))};
    const auto isWoods = [&](const std::array<int, 3>& c) {
        return std::abs(c[0] - expected[0]) <= 2 && std::abs(c[1] - expected[1]) <= 2 && std::abs(c[2] - expected[2]) <= 2;
    };
    // The centre of the woods, ground (300700, 4400500): 12 + 700 / 16 = 55.75 mm from the left edge,
    // 12 + 500 / 16 = 43.25 mm from the top.
    const std::array<int, 3> centre = png.rgb(557, 432);
    BOOST_TEST(isWoods(centre), centre[0] << "," << centre[1] << "," << centre[2]);
    // The legend band (the 30 mm under the map area, from 297 - 12 - 30 = 255 mm) holds a 5 x 2.6 mm swatch
    // of the same colour: 50 x 26 px less its outline.
    int swatch = 0;
    for (int y = 2550; y < 2850; ++y)
        for (int x = 0; x < png.width(); ++x)
            swatch += isWoods(png.rgb(x, y)) ? 1 : 0;
    BOOST_TEST(swatch >= 46 * 22);
    BOOST_TEST(swatch <= 50 * 26);
}

BOOST_AUTO_TEST_CASE(the_assembly_page_fits_its_page)
{
    // Issue 24 item 4: an extent of 424 x 503 mm at 1:16,000 (6784 x 8048 m) on A3 needs 2 x 2 sheets whose
    // paper runs past the extent to the east and south; the assembly picture drew the sheets at the scale
    // that fits the extent alone, so they ran off the page. Nothing may be drawn in the right and bottom
    // margins (12 mm) of the assembly page.
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    core::Scenario s = oneKilometreRoad();
    s.settings.extent = core::Extent{300000, 4400000, 306784, 4408048};
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A3");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Terrain};
    test::TemporaryFolder folder;
    const auto pdf = folder / "map.pdf";
    const print::MapPrintResult result = print::printMap(s, request, pdf);
    BOOST_REQUIRE(result.pages == 5); // the assembly page and 4 sheets
    const std::string command = "pdftocairo -png -singlefile -f 1 -l 1 -r 127 '" + pdf.string() + "' '" + (folder / "a").string() + "'";
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    const Png page(folder / "a.png");
    BOOST_REQUIRE(page.ok());
    // 127 dpi = 5 px a millimetre: A3 is 1485 x 2100 px; the margins are the last 60 px.
    int inked = 0;
    for (int y = 0; y < page.height(); ++y)
        for (int x = 0; x < page.width(); ++x) {
            if (x < page.width() - 55 && y < page.height() - 55)
                continue;
            const auto c = page.rgb(x, y);
            inked += c[0] < 240 || c[1] < 240 || c[2] < 240 ? 1 : 0;
        }
    BOOST_TEST(inked == 0);
}

BOOST_AUTO_TEST_CASE(a_unit_name_near_the_sheet_edge_is_set_inside_with_a_halo)
{
    // Issue 24 item 4: a block 40 m from the east edge of the map (2.5 mm on paper at 1:16,000): its name,
    // some 20 mm long, would run off the sheet on the right. It is set to the left of the block instead, and
    // drawn with a white halo, so on a black scan its letters are ringed by white.
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    core::Scenario s = oneKilometreRoad();
    s.terrain.clear();
    s.settings.scaleDenominator = 16000;
    s.settings.blockLengthMm = 8.0;
    s.settings.blockDepthMm = 4.0;
    s.sides = {core::Side{core::SideId("red"), "Red", "#ff0000"}};
    s.formations = {core::Formation{core::FormationId("f"), core::SideId("red"), "Corps", "corps"}};
    // East edge of the extent: 301400. Block centre 301336 (4 mm west of the edge, its half-length), 500 m south.
    s.units = {core::Unit{core::UnitId("u"), core::FormationId("f"), "Wadsworth's Division", core::UnitType::Infantry,
        core::UnitQuality::Regular, 3000, std::nullopt, core::Placement{{301336, 4400500}, 0.0, false}}};
    // A black scan under everything, so that the halo shows as white.
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Scan, print::MapLayer::Setup};
    request.scan = print::PrintRaster{4, 4, std::vector<std::uint8_t>(4 * 4 * 4, 0), {300000, 350, 0, 4401000, 0, -250}};
    for (std::size_t i = 3; i < request.scan->pixels.size(); i += 4)
        request.scan->pixels[i] = 255; // opaque black
    const auto pdf = folder / "label.pdf";
    print::printMap(s, request, pdf);
    BOOST_REQUIRE(renderPage(pdf, folder / "label"));
    const Png png(folder / "label.png");
    BOOST_REQUIRE(png.ok());
    // The map area: x from 12 mm to 12 + 1400 / 16 = 99.5 mm; the block from 95.5 to 99.5 mm, row 43.25 mm.
    const int row = 432;
    const auto white = [](const std::array<int, 3>& c) { return c[0] > 200 && c[1] > 200 && c[2] > 200; };
    // West of the block the scan is black but for the name's halo (placed on the right, as before, the
    // name was clipped away at the map's edge and nothing here was white).
    int whiteLeft = 0;
    for (int x = 130; x < 950; ++x)
        whiteLeft += white(png.rgb(x, row)) ? 1 : 0;
    BOOST_TEST(whiteLeft > 20);
}

BOOST_AUTO_TEST_CASE(the_orientation_with_fewer_sheets_is_chosen)
{
    // Issue 24 item 4: sheets waste no paper. 4000 x 4480 m at 1:16,000 = 250 x 280 mm.
    // Portrait A4 map area 186 x 243 mm (210 - 2 x 12; 297 - 2 x 12 - 30), 10 mm overlap:
    //   columns = ceil((250 - 10) / 176) = 2, rows = ceil((280 - 10) / 233) = 2: 4 sheets.
    // Landscape A4 map area 273 x 156 mm (297 - 2 x 12; 210 - 2 x 12 - 30):
    //   columns = 1 (250 <= 273), rows = ceil((280 - 10) / 146) = 2: 2 sheets, the fewer.
    core::Scenario s = oneKilometreRoad();
    s.settings.extent = core::Extent{300000, 4400000, 304000, 4404480};
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    const print::MapLayout layout = print::planMapSheets(s, request);
    BOOST_TEST(layout.extentWidthMm == 250.0);
    BOOST_TEST(layout.extentHeightMm == 280.0);
    BOOST_TEST(layout.columns == 1);
    BOOST_TEST(layout.rows == 2);
    BOOST_TEST(layout.sheets.size() == 2u);
    BOOST_TEST(layout.pageWidthMm == 297.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(layout.pageHeightMm == 210.0, boost::test_tools::tolerance(1e-9));
    // 24 mm wider (274 mm) no longer fits one landscape column (273 mm): landscape needs
    // ceil(264 / 263) = 2 x 2 = 4 like portrait (ceil(264 / 176) = 2 x 2), which wins the tie.
    s.settings.extent->maxX = 304000 + 24 * 16;
    const print::MapLayout wider = print::planMapSheets(s, request);
    BOOST_TEST(wider.sheets.size() == 4u);
    BOOST_TEST(wider.pageWidthMm == 210.0, boost::test_tools::tolerance(1e-9));
}

namespace {
/// Word boxes of page `page` of a PDF as pdftotext -bbox gives them, in mm from the page's top-left corner.
struct Word {
    std::string text;
    double x0, y0, x1, y1;
};
std::vector<Word> pdfWords(const std::filesystem::path& pdf, int page)
{
    const std::filesystem::path html = pdf.string() + ".html";
    const std::string command = "pdftotext -bbox -f " + std::to_string(page) + " -l " + std::to_string(page) + " '"
        + pdf.string() + "' '" + html.string() + "'";
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    const std::string text = core::io::readFile(html);
    std::vector<Word> words;
    const double mm = 25.4 / 72.0;
    for (std::size_t at = text.find("<word "); at != std::string::npos; at = text.find("<word ", at + 1)) {
        const auto attribute = [&](const char* name) {
            const std::size_t p = text.find(name, at) + std::string(name).size() + 2;
            return std::stod(text.substr(p, text.find('"', p) - p));
        };
        const std::size_t open = text.find('>', at) + 1;
        words.push_back({text.substr(open, text.find('<', open) - open), attribute("xMin") * mm, attribute("yMin") * mm,
            attribute("xMax") * mm, attribute("yMax") * mm});
    }
    return words;
}
} // namespace

BOOST_AUTO_TEST_CASE(sheet_marks_never_print_over_the_legend)
{
    // Issue 24 item 4. 2400 x 4800 m at 1:16,000 = 150 x 300 mm on A4: portrait 1 column x ceil(290 / 233) = 2
    // rows; landscape 1 x ceil(290 / 146) = 2 as well, and portrait wins the tie. Sheet A1's map area ends
    // 12 + 243 = 255 mm down; under it the neighbour label "v B1" (baseline 3 mm lower) and the registration
    // crosses (arms 4 mm long) at x = 12 and 198 mm. The title, the sheet label, the scale bars and the legend
    // start below 255 + 4 = 259 mm, and nothing printed meets the label.
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftotext")), "cannot run: pdftotext (poppler-utils) is not installed");
    core::Scenario s = oneKilometreRoad();
    s.settings.extent = core::Extent{300000, 4400000, 302400, 4404800};
    s.terrain.push_back({core::FeatureId("wood-1"), "woods", "", core::Geometry::polygon({{{300100, 4400100}, {300300, 4400100},
        {300300, 4400300}, {300100, 4400300}, {300100, 4400100}}}), core::Attributes()});
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Terrain};
    test::TemporaryFolder folder;
    const auto pdf = folder / "marks.pdf";
    const print::MapPrintResult result = print::printMap(s, request, pdf);
    BOOST_REQUIRE(result.layout.rows == 2);
    BOOST_REQUIRE(result.layout.columns == 1);
    const std::vector<Word> words = pdfWords(pdf, 2); // page 1 is the assembly page
    const auto label = std::find_if(words.begin(), words.end(), [](const Word& w) { return w.text == "B1"; });
    BOOST_REQUIRE(label != words.end());
    BOOST_TEST(label->y0 >= 255.0);
    BOOST_TEST(label->y1 <= 259.0);
    int furniture = 0;
    for (const Word& w : words) {
        if (&w == &*label || w.text == "v" || w.y1 <= 255.0 || w.y0 >= 297.0 - 12.0)
            continue; // the label, the map area above it, the source note in the bottom margin
        ++furniture;
        BOOST_TEST_INFO(w.text << " at y " << w.y0 << ".." << w.y1);
        BOOST_TEST(w.y0 >= 259.0);
        BOOST_TEST((w.x1 <= label->x0 || w.x0 >= label->x1 || w.y0 >= label->y1));
    }
    // Title, sheet label, scale bar, rulers, "N", and the legend's "Woods" and "Major road".
    BOOST_TEST(furniture > 10);
    const bool legend = std::any_of(words.begin(), words.end(), [](const Word& w) { return w.text == "Woods"; });
    BOOST_TEST(legend);
}

BOOST_AUTO_TEST_CASE(blocks_show_their_arm_symbol_and_strength)
{
    // Issue 24 item 4. Blocks 30 x 14 mm at 1:16,000 (480 x 224 m), facing north, on a white side, so their
    // face is drawn in black on white. Block centres at ground x 300400 and y 4400800 / 4400500 / 4400200:
    // paper x 12 + 400 / 16 = 37 mm, y 12 + 200 / 16 = 24.5, 43.25 and 62 mm.
    // The symbol box: 0.55 x 14 = 7.7 mm high, min(1.5 x 7.7, 0.45 x 30) = 11.55 mm wide, from 0.2 x 14 = 2.8 mm
    // in from the left end: x from 37 - 15 + 2.8 = 24.8 to 36.35 mm, y centre +-3.85 mm. Its line is
    // 0.08 x 7.7 = 0.616 mm, the frame inside the box, the marks in the line's box: x 25.108..36.042,
    // y centre +-3.542. A quarter of the way along its diagonals: x 25.108 + 10.934 / 4 = 27.84 mm,
    // y centre -+1.771 mm; its centre x 30.575 mm.
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo") || !commandAvailable("pdftotext")), "cannot run: pdftocairo / pdftotext (poppler-utils) are not installed");
    core::Scenario s = oneKilometreRoad();
    s.terrain.clear();
    s.settings.blockLengthMm = 30.0;
    s.settings.blockDepthMm = 14.0;
    s.sides = {core::Side{core::SideId("white"), "White", "#ffffff"}};
    s.formations = {core::Formation{core::FormationId("f"), core::SideId("white"), "Corps", "corps"}};
    const auto unit = [](const char* id, core::UnitType type, int strength, double y) {
        return core::Unit{core::UnitId(id), core::FormationId("f"), "", type, core::UnitQuality::Regular, strength, std::nullopt,
            core::Placement{{300400, y}, 0.0, false}};
    };
    s.units = {unit("inf", core::UnitType::Infantry, 3456, 4400800), unit("cav", core::UnitType::Cavalry, 789, 4400500),
        unit("art", core::UnitType::Artillery, 17, 4400200)};
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Setup};
    test::TemporaryFolder folder;
    const auto pdf = folder / "blocks.pdf";
    print::printMap(s, request, pdf);
    BOOST_REQUIRE(renderPage(pdf, folder / "blocks"));
    const Png png(folder / "blocks.png");
    BOOST_REQUIRE(png.ok());
    const auto inked = [&](double xMm, double yMm) {
        int dark = 0; // a 3 x 3 pixel patch at 10 px/mm
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const auto c = png.rgb(static_cast<int>(std::lround(xMm * 10)) + dx, static_cast<int>(std::lround(yMm * 10)) + dy);
                dark += c[0] < 100 && c[1] < 100 && c[2] < 100 ? 1 : 0;
            }
        return dark == 9;
    };
    // Infantry: both diagonals (a cross).
    BOOST_TEST(inked(27.84, 24.5 - 1.771));
    BOOST_TEST(inked(27.84, 24.5 + 1.771));
    // Cavalry: the diagonal from lower left to upper right only.
    BOOST_TEST(inked(27.84, 43.25 + 1.771));
    BOOST_TEST(!inked(27.84, 43.25 - 1.771));
    // Artillery: a dot of radius 0.22 x 7.084 = 1.56 mm at the centre, no diagonal.
    BOOST_TEST(inked(30.575, 62.0));
    BOOST_TEST(inked(30.575 + 1.2, 62.0));
    BOOST_TEST(!inked(27.84, 62.0 - 1.771));
    BOOST_TEST(!inked(27.84, 62.0 + 1.771));
    // The strengths right of the symbols: between 36.35 + 0.15 x 14 = 38.45 and 37 + 15 - 2.1 = 49.9 mm,
    // centred on 44.175 mm, on the block's middle line.
    const std::vector<Word> words = pdfWords(pdf, 1);
    for (const auto& expected : {std::pair{"3456", 24.5}, std::pair{"789", 43.25}, std::pair{"17", 62.0}}) {
        const std::string figure = expected.first;
        const double y = expected.second;
        const auto w = std::find_if(words.begin(), words.end(), [&](const Word& v) { return v.text == figure; });
        BOOST_TEST_INFO(figure);
        BOOST_REQUIRE(w != words.end());
        BOOST_TEST(w->x0 >= 38.45 - 0.3);
        BOOST_TEST(w->x1 <= 49.9 + 0.3);
        BOOST_TEST(std::abs((w->x0 + w->x1) / 2 - 44.175) <= 0.3);
        BOOST_TEST(std::abs((w->y0 + w->y1) / 2 - y) <= 1.5);
    }
}

BOOST_AUTO_TEST_CASE(terrain_past_the_extent_is_reported)
{
    // Issue 24 item 4: a wood from x 301300 to 301500 and y 4400900 to 4401040 in the extent 300000..301400 x
    // 4400000..4401000 runs 100 m past the east edge and 40 m past the north edge; the road stays inside.
    core::Scenario s = oneKilometreRoad();
    s.terrain.push_back({core::FeatureId("wood-1"), "woods", "Big Wood", core::Geometry::polygon({{{301300, 4400900}, {301500, 4400900},
        {301500, 4401040}, {301300, 4401040}, {301300, 4400900}}}), core::Attributes()});
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    request.layers = {print::MapLayer::Terrain};
    test::TemporaryFolder folder;
    const print::MapPrintResult result = print::printMap(s, request, folder / "past.pdf");
    BOOST_REQUIRE(result.terrainPastExtent.size() == 1u);
    const core::ExtentOverrun& o = result.terrainPastExtent.front();
    BOOST_TEST(o.id.str() == "wood-1");
    BOOST_TEST(o.index == 1u);
    BOOST_TEST(o.east == 100.0);
    BOOST_TEST(o.north == 40.0);
    BOOST_TEST(o.west == 0.0);
    BOOST_TEST(o.south == 0.0);
    BOOST_TEST(!o.wholly);
    // Without the terrain layer nothing is cut, so nothing is reported.
    request.layers = {print::MapLayer::Setup};
    BOOST_TEST(print::printMap(s, request, folder / "setup.pdf").terrainPastExtent.empty());
}

BOOST_AUTO_TEST_SUITE_END()

// Issue 25: a sheet's fixed texts print in the scenario's language, whatever the process's; the catalogues
// are this build's (<build>/locale), the expected texts those of packaging/po/fr.po and de.po.
BOOST_AUTO_TEST_SUITE(print_map_language)

BOOST_AUTO_TEST_CASE(sheet_texts_print_in_the_scenarios_language)
{
    BOOST_REQUIRE_MESSAGE(commandAvailable("pdftotext"), "pdftotext (poppler-utils) is needed to read the printed text");
    const std::filesystem::path locale = std::filesystem::path(SANDTABLE_BINARY_DIR) / "locale";
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(locale / "de" / "LC_MESSAGES" / "sandtable.mo"),
        locale.string() + ": no compiled catalogues (build the target sandtable_translations)");
    core::i18n::bindCatalogues(locale);
    test::TemporaryFolder folder;
    print::MapPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 16000;
    const auto printedText = [&](const std::string& language) {
        core::Scenario s = oneKilometreRoad();
        s.settings.language = language;
        const std::filesystem::path pdf = folder / ("map-" + (language.empty() ? std::string("en") : language) + ".pdf");
        print::printMap(s, request, pdf);
        const std::string txt = pdf.string() + ".txt";
        BOOST_REQUIRE(std::system(("pdftotext -layout '" + pdf.string() + "' '" + txt + "'").c_str()) == 0);
        return core::io::readFile(txt);
    };
    const std::string english = printedText("");
    BOOST_TEST(english.find("Sheet A1 of 1") != std::string::npos);
    BOOST_TEST(english.find("Ground (metres)") != std::string::npos);
    const std::string french = printedText("fr");
    BOOST_TEST(french.find("Feuille A1 sur 1") != std::string::npos);
    BOOST_TEST(french.find("Terrain (mètres)") != std::string::npos);
    BOOST_TEST(french.find("Sheet A1") == std::string::npos);
    const std::string german = printedText("de");
    BOOST_TEST(german.find("Bogen A1 von 1") != std::string::npos);
    BOOST_TEST(german.find("Gelände (Meter)") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
