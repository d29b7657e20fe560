// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/src/piece_image.cpp: VASSAL pieces a player can read at VASSAL's 100 % zoom (issue 44
// item 4), measured in pixels on the image the module carries.
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/print/vassal_images.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <cairo.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

namespace {

struct PngReader {
    const std::string& bytes;
    std::size_t at = 0;
};

cairo_status_t readPng(void* closure, unsigned char* data, unsigned int length)
{
    auto* r = static_cast<PngReader*>(closure);
    if (r->at + length > r->bytes.size())
        return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, r->bytes.data() + r->at, length);
    r->at += length;
    return CAIRO_STATUS_SUCCESS;
}

/// The rows [first, last] in which some pixel of columns [x0, x1) and rows [y0, y1) is white ink (each channel
/// at least 200); {-1, -1} when none.
std::pair<int, int> inkRows(cairo_surface_t* s, int x0, int x1, int y0, int y1)
{
    const unsigned char* data = cairo_image_surface_get_data(s);
    const int stride = cairo_image_surface_get_stride(s);
    int first = -1, last = -1;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const unsigned char* p = data + y * stride + x * 4; // ARGB32 or RGB24, little-endian: B G R, A or padding
            if (p[0] >= 200 && p[1] >= 200 && p[2] >= 200) {
                first = first < 0 ? y : first;
                last = y;
                break;
            }
        }
    return {first, last};
}

} // namespace

BOOST_AUTO_TEST_SUITE(print_piece_image)

// Gettysburg's "1st Division (Wadsworth, with the Iron Brigade)", 3850 men, of the Union side (#1f3a93, dark
// blue: luminance 0.299 x 31 + 0.587 x 58 + 0.114 x 147 = 60, so white ink). The module's default board is
// 100 px per inch of table at 1:16,000: 100 / 25.4 px per mm of table / 16 m per mm = 0.246063 px per ground
// metre; the 20 x 10 mm block is 320 x 160 m on the ground, 78.7 x 39.4 -> 79 x 39 px. The front edge takes
// the top 2.5 x 2.34 + 1 = 6.9 px; below it the symbol and the strength, then the name.
BOOST_AUTO_TEST_CASE(a_division_reads_at_play_zoom_with_its_strength_and_a_contrasting_symbol)
{
    const sandtable::core::io::LoadedScenario loaded
        = sandtable::core::io::loadScenario(sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json");
    const auto& units = loaded.scenario.units;
    const auto unit = std::find_if(units.begin(), units.end(), [](const auto& u) { return u.id.str() == "us-i-1"; });
    BOOST_TEST_REQUIRE((unit != units.end()));
    const double pxPerM = 100.0 / 25.4 / 16.0;
    const auto [w, h] = sandtable::print::piecePixelSize(loaded.scenario, *unit, pxPerM);
    BOOST_TEST(w == 79);
    BOOST_TEST(h == 39);
    const sandtable::print::PngImage png = sandtable::print::renderPieceImage(loaded.scenario, *unit, pxPerM);
    PngReader reader{png.bytes};
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> image(
        cairo_image_surface_create_from_png_stream(readPng, &reader), &cairo_surface_destroy);
    BOOST_TEST_REQUIRE(cairo_surface_status(image.get()) == CAIRO_STATUS_SUCCESS);
    // An opaque piece reads back as RGB24; either way 4 bytes a pixel, B G R then alpha or padding.
    const cairo_format_t format = cairo_image_surface_get_format(image.get());
    BOOST_TEST_REQUIRE((format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24));

    // The name's row (below the middle): its letters at least 7 px tall (a 10 px bold font's capitals), where the
    // name fitted into the block was about 3 px.
    const auto [nameTop, nameBottom] = inkRows(image.get(), 2, w - 2, 21, h - 2);
    BOOST_TEST_REQUIRE(nameTop >= 0);
    BOOST_TEST(nameBottom - nameTop + 1 >= 7, "name ink rows " << nameTop << ".." << nameBottom);
    // The strength, on the right of the upper row, in the same legible ink.
    const auto [strengthTop, strengthBottom] = inkRows(image.get(), w / 2, w - 2, 7, 21);
    BOOST_TEST_REQUIRE(strengthTop >= 0);
    BOOST_TEST(strengthBottom - strengthTop + 1 >= 7, "strength ink rows " << strengthTop << ".." << strengthBottom);
    // The arm symbol (left of the upper row) is drawn in the contrasting ink, not black on dark blue.
    BOOST_TEST(inkRows(image.get(), 2, 20, 7, 21).first >= 0);
}

BOOST_AUTO_TEST_SUITE_END()
