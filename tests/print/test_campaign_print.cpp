// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/.../campaign_print.hpp: the one-page scale, copies, tiling, and squares measured on the
// PDF and on the PNG pages; SVG page size; per-page file names.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/campaign_print.hpp"
#include "support/rendered_page.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

using namespace sandtable;

namespace {

using sandtable::test::commandAvailable;
core::Scenario gridScenario(int columns, int rows, double square)
{
    core::Scenario s;
    s.settings.id = "campaign-print";
    s.settings.title = "Campaign print test";
    s.settings.crs = "EPSG:32618";
    core::Campaign c;
    c.grid.squareSize = square;
    c.grid.origin = {300000.0, 4400000.0};
    c.grid.columns = columns;
    c.grid.rows = rows;
    s.campaign = c;
    return s;
}

int pdfPages(const std::filesystem::path& pdf, const std::filesystem::path& folder)
{
    const auto info = folder / "info.txt";
    if (std::system(("pdfinfo '" + pdf.string() + "' > '" + info.string() + "'").c_str()) != 0)
        return -1;
    std::ifstream in(info);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("Pages:", 0) == 0)
            return std::stoi(line.substr(6));
    return -1;
}

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

Surface loadPng(const std::filesystem::path& path)
{
    return Surface(cairo_image_surface_create_from_png(path.c_str()), &cairo_surface_destroy);
}

/// Darkness 0 (white) .. 255 (black) of pixel (x, y): 255 less the mean of R, G and B.
double darkness(cairo_surface_t* png, int x, int y)
{
    const auto pixel = *reinterpret_cast<const std::uint32_t*>(
        cairo_image_surface_get_data(png) + y * cairo_image_surface_get_stride(png) + x * 4);
    return 255.0 - (((pixel >> 16) & 255) + ((pixel >> 8) & 255) + (pixel & 255)) / 3.0;
}

/// The centres, in pixels from the image edge, of the lines crossing row `y` (horizontal == true: along
/// the row; else along column `y`) between pixel 0 and `limit`. A thin line covers two or three pixels
/// partly, so each run of non-white pixels is reduced to its darkness-weighted mean of pixel centres (i + 0.5).
std::vector<double> lineCentres(cairo_surface_t* png, int y, bool horizontal, int limit)
{
    std::vector<double> centres;
    double sum = 0.0, weighted = 0.0;
    for (int i = 0; i <= limit; ++i) {
        const double d = i < limit ? (horizontal ? darkness(png, i, y) : darkness(png, y, i)) : 0.0;
        if (d > 5.0) {
            sum += d;
            weighted += d * (i + 0.5);
        } else if (sum > 0.0) {
            centres.push_back(weighted / sum);
            sum = weighted = 0.0;
        }
    }
    return centres;
}
} // namespace

BOOST_AUTO_TEST_SUITE(print_campaign)

BOOST_AUTO_TEST_CASE(the_default_scale_fits_the_grid_on_one_page)
{
    // 6 x 8 squares of 1000 m: 6 km x 8 km. Portrait A4 map area 186 x 243 mm: 8000 m / 243 mm = 1:32,922,
    // 6000 / 186 = 1:32,258; landscape 273 x 156 mm: 8000 / 156 = 1:51,282. The portrait fit, rounded up to
    // a whole thousand: 1:33,000.
    print::CampaignPrintRequest request;
    request.page = print::parsePageSize("A4");
    BOOST_TEST(print::campaignPrintScale(gridScenario(6, 8, 1000.0), request) == 33000.0);
    request.scaleDenominator = 25000.0;
    BOOST_TEST(print::campaignPrintScale(gridScenario(6, 8, 1000.0), request) == 25000.0);
    core::Scenario none = gridScenario(1, 1, 1000.0);
    none.campaign.reset();
    BOOST_CHECK_THROW(print::campaignPrintScale(none, request), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(the_player_aid_is_one_more_page_with_the_rules_numbers_and_the_objectives)
{
    test::TemporaryFolder folder;
    core::Scenario s = gridScenario(4, 3, 1000.0);
    s.campaign->objectives.push_back(core::Objective{"junction", "Cross roads", core::ObjectiveKind::Junction, {1, 2}, 2, std::nullopt});
    print::CampaignPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.copies = 2;
    request.playerAid = true;
    const auto result = print::printCampaignSheets(s, request, folder / "aid.pdf");
    BOOST_TEST(result.pages == 3); // two copies of one sheet, then the aid
    BOOST_REQUIRE(commandAvailable("pdftotext")); // poppler-utils: packaging/install-deps.sh
    const auto txt = folder / "aid.txt";
    BOOST_REQUIRE(std::system(("pdftotext -f 3 -l 3 '" + (folder / "aid.pdf").string() + "' '" + txt.string() + "'").c_str()) == 0);
    const std::string aid = core::io::readFile(txt);
    BOOST_TEST_INFO(aid);
    // campaign-lite.txt line 124: "Infantry: two squares per turn, Cavalry: four squares per turn, Artillery: one square".
    BOOST_TEST(aid.find("Infantry 2, cavalry 4, artillery 1 [line 124]") != std::string::npos);
    // Line 138: "Minor Road-One Square Major Road-Two Squares"; line 231: recon points 1 / 2 / 0.
    BOOST_TEST(aid.find("minor road +1, major road +2") != std::string::npos);
    BOOST_TEST(aid.find("Reconnaissance points: infantry 1, cavalry 2, artillery 0 [line 231]") != std::string::npos);
    // Line 312 on: the reinforcement d10, 8 = one turn late.
    BOOST_TEST(aid.find("One turn delay") != std::string::npos);
    BOOST_TEST(aid.find("causing twice or more casualties than suffered [line 358]") != std::string::npos);
    BOOST_TEST(aid.find("Cross roads (junction, square ") != std::string::npos);
    BOOST_TEST(aid.find("2 points") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(copies_and_tiling_give_the_expected_pages)
{
    test::TemporaryFolder folder;
    print::CampaignPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.copies = 3;
    const auto one = print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, folder / "one.pdf");
    BOOST_TEST(one.pages == 3); // one sheet per copy
    // 4 x 3 km at 1:10,000 = 400 x 300 mm: landscape A4 (273 x 156 mm map area, 10 mm overlap) needs
    // ceil(390 / 263) = 2 columns and ceil(290 / 146) = 2 rows: 4 sheets + an assembly page, per copy.
    request.copies = 2;
    request.scaleDenominator = 10000.0;
    const auto tiled = print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, folder / "tiled.pdf");
    BOOST_TEST(tiled.layout.sheets.size() == 4u);
    BOOST_TEST(tiled.pages == 10);
    if (commandAvailable("pdfinfo"))
        BOOST_TEST(pdfPages(folder / "tiled.pdf", folder.path()) == 10);
    request.copies = 0;
    BOOST_CHECK_THROW(print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, folder / "none.pdf"), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "none.pdf"));
}

BOOST_AUTO_TEST_CASE(a_square_measures_true_on_the_rendered_page)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    print::CampaignPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 25000.0;
    // 4 x 3 squares of 1000 m at 1:25,000: each square 40 mm, the grid 160 x 120 mm from the map area's
    // top-left corner at (12 mm, 12 mm).
    const auto pdf = folder / "grid.pdf";
    const auto result = print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, pdf);
    BOOST_REQUIRE(result.pages == 1);
    const std::string command = "pdftocairo -png -singlefile -r 254 '" + pdf.string() + "' '" + (folder / "page").string() + "'";
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    cairo_surface_t* png = cairo_image_surface_create_from_png((folder / "page.png").c_str());
    BOOST_REQUIRE(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS);
    const int width = cairo_image_surface_get_width(png);
    const unsigned char* data = cairo_image_surface_get_data(png);
    const int stride = cairo_image_surface_get_stride(png);
    // Across the middle of the second row (12 + 60 mm down, 10 px/mm) the vertical grid lines are the dark runs.
    const int row = 720;
    std::vector<double> centres;
    int start = -1;
    for (int x = 0; x <= width; ++x) {
        bool dark = false;
        if (x < width) {
            const auto pixel = *reinterpret_cast<const std::uint32_t*>(data + row * stride + x * 4);
            dark = ((pixel >> 16) & 255) < 100 && ((pixel >> 8) & 255) < 100 && (pixel & 255) < 100;
        }
        if (dark && start < 0)
            start = x;
        if (!dark && start >= 0) {
            centres.push_back((start + x) / 2.0 / 10.0);
            start = -1;
        }
    }
    cairo_surface_destroy(png);
    BOOST_REQUIRE_EQUAL(centres.size(), 5u);
    BOOST_TEST(centres.front() == 12.0, boost::test_tools::tolerance(0.2 / 12.0));
    for (std::size_t i = 1; i < centres.size(); ++i)
        BOOST_TEST(centres[i] - centres[i - 1] == 40.0, boost::test_tools::tolerance(0.2 / 40.0)); // 1000 m at 1:25,000
    BOOST_TEST(centres.back() - centres.front() == 160.0, boost::test_tools::tolerance(0.2 / 160.0));
}

BOOST_AUTO_TEST_CASE(a_png_sheet_has_the_page_size_at_the_dpi_and_squares_measure_true)
{
    test::TemporaryFolder folder;
    // 8 x 4 squares of 1000 m at 1:40,000: 25 mm squares, the grid 200 x 100 mm. Portrait A4's map area
    // (186 mm wide) would need two sheets, landscape's (273 x 156 mm) holds it: one landscape page.
    print::CampaignPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 40000.0;
    request.format = print::MapOutputFormat::Png;
    request.pngDpi = 100.0;
    const auto result = print::printCampaignSheets(gridScenario(8, 4, 1000.0), request, folder / "sheet.png");
    BOOST_TEST(result.pages == 1);
    BOOST_REQUIRE(result.files.size() == 1u);
    BOOST_TEST(result.files[0] == folder / "sheet.png"); // one page: the file named, not "sheet-1.png"
    const Surface png = loadPng(folder / "sheet.png");
    BOOST_REQUIRE(cairo_surface_status(png.get()) == CAIRO_STATUS_SUCCESS);
    // A4 landscape, 297 x 210 mm at 100 dpi: 297 / 25.4 x 100 = 1169.3 -> 1169 px, 210 / 25.4 x 100 = 826.8 -> 827 px.
    BOOST_TEST(cairo_image_surface_get_width(png.get()) == 1169);
    BOOST_TEST(cairo_image_surface_get_height(png.get()) == 827);
    // The page is painted white, not left transparent: the middle of square B2 (12 + 37.5 mm each way).
    const auto middle = *reinterpret_cast<const std::uint32_t*>(
        cairo_image_surface_get_data(png.get()) + 195 * cairo_image_surface_get_stride(png.get()) + 195 * 4);
    BOOST_TEST(middle == 0xffffffffu);

    // At 100 dpi one mm is 100 / 25.4 = 3.937 px. The grid's north-west corner is the map area's, 12 mm
    // = 47.24 px from the page's top and left edges; a 1000 m square at 1:40,000 is 1000 x 1000 / 40000 = 25 mm
    // = 98.43 px. Along the row through the middle of the second row of squares (12 + 25 + 12.5 = 49.5 mm
    // = 194.9 px) the nine vertical lines stand at 47.24 + k x 98.43 px, k = 0..8, spanning 200 mm = 787.40 px.
    // Only the map area (12 + 273 mm = 1122 px) is searched. Tolerance 1.5 px.
    const double pxPerMm = 100.0 / 25.4;
    const auto across = lineCentres(png.get(), 195, true, 1122);
    std::ostringstream measured;
    for (double c : across)
        measured << " " << c;
    BOOST_REQUIRE_EQUAL(across.size(), 9u);
    BOOST_TEST(across.front() == 47.24, boost::test_tools::tolerance(1.5 / 47.24));
    for (std::size_t i = 1; i < across.size(); ++i)
        BOOST_TEST(across[i] - across[i - 1] == 98.43, boost::test_tools::tolerance(1.5 / 98.43));
    BOOST_TEST(across.back() - across.front() == 200.0 * pxPerMm, boost::test_tools::tolerance(1.5 / 787.40));
    // Down the column through the middle of the first column of squares (12 + 12.5 = 24.5 mm = 96.5 px; the
    // square names sit in the north-west corners, 12.3 .. about 17 mm) the five horizontal lines stand at
    // 47.24 + k x 98.43 px, k = 0..4, spanning 100 mm = 393.70 px; searched above the legend band (12 + 156 mm
    // = 661 px).
    const auto down = lineCentres(png.get(), 96, false, 661);
    measured << " |";
    for (double c : down)
        measured << " " << c;
    BOOST_TEST_MESSAGE("grid line centres (px), across | down:" << measured.str());
    BOOST_REQUIRE_EQUAL(down.size(), 5u);
    BOOST_TEST(down.front() == 47.24, boost::test_tools::tolerance(1.5 / 47.24));
    for (std::size_t i = 1; i < down.size(); ++i)
        BOOST_TEST(down[i] - down[i - 1] == 98.43, boost::test_tools::tolerance(1.5 / 98.43));
    BOOST_TEST(down.back() - down.front() == 100.0 * pxPerMm, boost::test_tools::tolerance(1.5 / 393.70));
}

BOOST_AUTO_TEST_CASE(svg_pages_are_sized_in_millimetres)
{
    test::TemporaryFolder folder;
    // The landscape page of the PNG case above: 297 x 210 mm, one user unit = 1 mm.
    print::CampaignPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.scaleDenominator = 40000.0;
    request.format = print::mapOutputFormat(folder / "sheet.svg");
    BOOST_TEST((request.format == print::MapOutputFormat::Svg));
    const auto result = print::printCampaignSheets(gridScenario(8, 4, 1000.0), request, folder / "sheet.svg");
    BOOST_REQUIRE(result.files.size() == 1u);
    const std::string svg = core::io::readFile(folder / "sheet.svg");
    BOOST_TEST(svg.find("width=\"297mm\"") != std::string::npos);
    BOOST_TEST(svg.find("height=\"210mm\"") != std::string::npos);
    BOOST_TEST(svg.find("viewBox=\"0 0 297 210\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(png_pages_are_numbered_files_and_failures_leave_none)
{
    test::TemporaryFolder folder;
    print::CampaignPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.format = print::MapOutputFormat::Png;
    request.pngDpi = 50.0;
    // 4 x 3 km at 1:10,000 tiles over 4 landscape sheets plus the assembly page (copies_and_tiling_give_the_
    // expected_pages): 2 copies are 10 pages, "preview-1.png" .. "preview-10.png", and no "preview.png".
    request.copies = 2;
    request.scaleDenominator = 10000.0;
    const auto tiled = print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, folder / "preview.png");
    BOOST_TEST(tiled.pages == 10);
    BOOST_REQUIRE(tiled.files.size() == 10u);
    for (int page = 1; page <= 10; ++page) {
        const auto file = folder / ("preview-" + std::to_string(page) + ".png");
        BOOST_TEST(tiled.files[static_cast<std::size_t>(page - 1)] == file);
        const Surface png = loadPng(file);
        BOOST_REQUIRE(cairo_surface_status(png.get()) == CAIRO_STATUS_SUCCESS);
        // Landscape A4 at 50 dpi: 297 / 25.4 x 50 = 584.6 -> 585 px, 210 / 25.4 x 50 = 413.4 -> 413 px.
        BOOST_TEST(cairo_image_surface_get_width(png.get()) == 585);
        BOOST_TEST(cairo_image_surface_get_height(png.get()) == 413);
    }
    BOOST_TEST(!std::filesystem::exists(folder / "preview.png"));
    {
        // Page 3 is sheet A2 (row 0, column 1). Its map area is 273 mm wide and sheets step 273 - 10 = 263 mm
        // = 2630 m, so A2 shows 2630 .. 5360 m east of the grid's west edge: the grid lines at 3000 and 4000 m
        // (the east edge) fall 12 + 37 = 49 mm and 12 + 137 = 149 mm from the page's left edge, 96.5 and
        // 293.3 px at 50 dpi. Along the middle of the first row of squares (12 + 50 mm = 122 px) nothing else
        // may be drawn: no stroke from the last square name to a registration mark.
        const Surface a2 = loadPng(folder / "preview-3.png");
        BOOST_REQUIRE(cairo_surface_status(a2.get()) == CAIRO_STATUS_SUCCESS);
        const auto lines = lineCentres(a2.get(), 122, true, 585);
        BOOST_REQUIRE_EQUAL(lines.size(), 2u);
        BOOST_TEST(lines[0] == 49.0 / 25.4 * 50.0, boost::test_tools::tolerance(1.0 / 96.5));
        BOOST_TEST(lines[1] == 149.0 / 25.4 * 50.0, boost::test_tools::tolerance(1.0 / 293.3));
    }

    // A resolution that is not positive, or an A0 page at 1200 dpi (841 x 1189 mm / 25.4 x 1200 = 39732 x
    // 56173 px, 2232 million: over the cap of 400 million pixels), is refused and writes nothing.
    request.copies = 1;
    request.scaleDenominator.reset();
    request.pngDpi = 0.0;
    BOOST_CHECK_THROW(print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, folder / "bad.png"), core::util::OperationError);
    request.page = print::parsePageSize("A0");
    request.pngDpi = 1200.0;
    BOOST_CHECK_THROW(print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, folder / "huge.png"), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "bad.png"));
    BOOST_TEST(!std::filesystem::exists(folder / "huge.png"));
}

BOOST_AUTO_TEST_SUITE_END()
