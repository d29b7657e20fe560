// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/print/.../sticker_print.hpp: layout arithmetic and the sticker size measured on the PDF.
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/sticker_print.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <cstdint>
#include <cstdlib>

using namespace sandtable;

namespace {
bool commandAvailable(const std::string& name)
{
    return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

bool dark(const unsigned char* data, int stride, int x, int y)
{
    const auto pixel = *reinterpret_cast<const std::uint32_t*>(data + y * stride + x * 4);
    return ((pixel >> 16) & 255) < 128 && ((pixel >> 8) & 255) < 128 && (pixel & 255) < 200;
}
} // namespace

BOOST_AUTO_TEST_SUITE(print_stickers)

BOOST_AUTO_TEST_CASE(plans_columns_rows_and_pages)
{
    core::Scenario s = test::smallScenario();
    s.settings.stickerWidthMm = 60.0;
    s.settings.stickerHeightMm = 15.0;
    print::StickerRequest request;
    request.page = print::parsePageSize("A4");
    const print::StickerLayout layout = print::planStickers(s, request);
    // A4 less 10 mm margins: 190 x 277 mm; with 3 mm gaps: floor(193 / 63) = 3 columns, floor(280 / 18) = 15 rows.
    BOOST_TEST(layout.columns == 3);
    BOOST_TEST(layout.rows == 15);
    BOOST_TEST(layout.stickers == 3);
    BOOST_TEST(layout.pages == 1);
    // Without a sticker size the block size is used: the 20 x 10 mm default.
    s.settings.stickerWidthMm.reset();
    s.settings.stickerHeightMm.reset();
    BOOST_TEST(print::planStickers(s, request).stickerWidthMm == 20.0);
    BOOST_TEST(print::planStickers(s, request).stickerHeightMm == 10.0);
    s.settings.blockLengthMm = 40.0;
    BOOST_TEST(print::planStickers(s, request).stickerWidthMm == 40.0);
}

BOOST_AUTO_TEST_CASE(a_sticker_larger_than_the_page_is_refused_leaving_no_file)
{
    test::TemporaryFolder folder;
    core::Scenario s = test::smallScenario();
    s.settings.stickerWidthMm = 300.0;
    print::StickerRequest request;
    request.page = print::parsePageSize("A4");
    BOOST_CHECK_THROW(print::printStickers(s, request, folder / "s.pdf"), core::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "s.pdf"));
}

BOOST_AUTO_TEST_CASE(the_sticker_measures_its_size_on_the_rendered_page)
{
    if (!commandAvailable("pdftocairo")) {
        BOOST_TEST_MESSAGE("SKIPPED: pdftocairo (poppler-utils) is not installed");
        return;
    }
    test::TemporaryFolder folder;
    core::Scenario s = test::smallScenario();
    s.settings.stickerWidthMm = 60.0;
    s.settings.stickerHeightMm = 15.0;
    print::StickerRequest request;
    request.page = print::parsePageSize("A4");
    const auto pdf = folder / "stickers.pdf";
    BOOST_TEST(print::printStickers(s, request, pdf).pages == 1);
    // 254 dpi = 10 pixels per millimetre.
    const std::string command = "pdftocairo -png -singlefile -r 254 '" + pdf.string() + "' '" + (folder / "page").string() + "'";
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    cairo_surface_t* png = cairo_image_surface_create_from_png((folder / "page.png").c_str());
    BOOST_REQUIRE(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS);
    const unsigned char* data = cairo_image_surface_get_data(png);
    const int stride = cairo_image_surface_get_stride(png);
    // The first sticker's corner is at (10 mm, 10 mm); the next one starts 3 mm after its right edge, so scan
    // the middle row from 0 to 71.5 mm and the middle column from 0 to 26.5 mm for the outermost dark pixels.
    const int midRow = 100 + 75, midColumn = 100 + 300;
    int left = -1, right = -1, top = -1, bottom = -1;
    for (int x = 0; x < 715; ++x)
        if (dark(data, stride, x, midRow)) {
            left = left < 0 ? x : left;
            right = x;
        }
    for (int y = 0; y < 265; ++y)
        if (dark(data, stride, midColumn, y)) {
            top = top < 0 ? y : top;
            bottom = y;
        }
    cairo_surface_destroy(png);
    BOOST_TEST_INFO("left " << left << " right " << right << " top " << top << " bottom " << bottom);
    // 60 x 15 mm within 0.2 mm (two pixels of anti-aliasing).
    BOOST_TEST(std::abs((right - left + 1) / 10.0 - 60.0) <= 0.2);
    BOOST_TEST(std::abs((bottom - top + 1) / 10.0 - 15.0) <= 0.2);
    BOOST_TEST(std::abs(left / 10.0 - 10.0) <= 0.2);
}

BOOST_AUTO_TEST_SUITE_END()
