// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/print/.../campaign_print.hpp: the one-page scale, copies, tiling, and squares measured on the PDF.
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/campaign_print.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace sandtable;

namespace {
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

bool commandAvailable(const std::string& name)
{
    return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
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
    BOOST_CHECK_THROW(print::campaignPrintScale(none, request), core::OperationError);
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
    BOOST_CHECK_THROW(print::printCampaignSheets(gridScenario(4, 3, 1000.0), request, folder / "none.pdf"), core::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "none.pdf"));
}

BOOST_AUTO_TEST_CASE(a_square_measures_true_on_the_rendered_page)
{
    if (!commandAvailable("pdftocairo")) {
        BOOST_TEST_MESSAGE("SKIPPED: pdftocairo (poppler-utils) is not installed");
        return;
    }
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

BOOST_AUTO_TEST_SUITE_END()
