// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/.../sticker_print.hpp: layout arithmetic, the label text fitting its box for any label
// and sticker size, and the sticker size measured on the PDF.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/sticker_print.hpp"
#include "support/rendered_page.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace sandtable;

namespace {

using sandtable::test::commandAvailable;
bool dark(const unsigned char* data, int stride, int x, int y)
{
    const auto pixel = *reinterpret_cast<const std::uint32_t*>(data + y * stride + x * 4);
    return ((pixel >> 16) & 255) < 128 && ((pixel >> 8) & 255) < 128 && (pixel & 255) < 200;
}

const std::string kEllipsis = "\xE2\x80\xA6";

struct Ink {
    double x0, y0, x1, y1; // the line's ink and pen advance, mm from the sticker's top-left corner
};

/// Measures `line` the way it is printed: cairo's toy "sans-serif", hint metrics off, on a vector surface.
Ink measure(const print::StickerTextLine& line)
{
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_set_font_options(cr, options);
    cairo_font_options_destroy(options);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, line.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, line.sizeMm);
    cairo_text_extents_t e;
    cairo_text_extents(cr, line.text.c_str(), &e);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    const Ink ink{line.xMm + std::min(0.0, e.x_bearing), line.baselineMm + e.y_bearing,
        line.xMm + std::max(e.x_advance, e.x_bearing + e.width), line.baselineMm + e.y_bearing + e.height};
    return ink;
}

/// Ascent + descent of the toy "sans-serif" at `size` mm: the height one line needs.
double lineHeight(double size, bool bold)
{
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_set_font_options(cr, options);
    cairo_font_options_destroy(options);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_font_extents_t e;
    cairo_font_extents(cr, &e);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return e.ascent + e.descent;
}

bool endsWith(const std::string& text, const std::string& tail)
{
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::string withoutSpaces(std::string text)
{
    std::erase(text, ' ');
    return text;
}

/// Labels of 0 to 200 characters: one long word without spaces, many short words, real names with accents.
std::vector<std::string> labels()
{
    std::vector<std::string> out;
    for (int length : {0, 1, 2, 3, 5, 8, 13, 20, 30, 45, 60, 90, 130, 200}) {
        std::string word, shortWords, mixed;
        for (int i = 0; i < length; ++i) {
            word += static_cast<char>('A' + i % 26);
            shortWords += (i % 3 == 2) ? ' ' : static_cast<char>('a' + i % 26);
        }
        const std::string name = "W\xC3\xBCrttemberg Grenadier-Bataillon von Ki\xC3\xA9ll ";
        while (mixed.size() < static_cast<std::size_t>(length))
            mixed += name;
        out.push_back(word);
        out.push_back(shortWords);
        out.push_back(mixed.substr(0, mixed.find(' ', static_cast<std::size_t>(length)))); // whole characters
        out.push_back("MMMMMMMMMMMMMMMM " + word);
    }
    out.push_back("   "); // spaces only
    return out;
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

BOOST_AUTO_TEST_CASE(every_label_fits_its_sticker_or_is_cut_with_an_ellipsis, *boost::unit_test::timeout(120))
{
    const std::vector<std::pair<double, double>> sizes{{1, 1}, {2, 3}, {5, 3}, {8, 4}, {10, 5}, {15, 8}, {20, 10},
        {25, 12}, {40, 12}, {60, 15}, {100, 40}, {180, 250}};
    const std::vector<std::string> all = labels();
    const std::string info = "infantry \xC2\xB7 veteran \xC2\xB7 1,420 men";
    int checked = 0, wrapped = 0, cut = 0;
    for (const auto& [w, h] : sizes) {
        for (const std::string& label : all) {
            for (const std::string& second : {info, std::string()}) {
              for (const bool symbol : {false, true}) {
                const print::StickerText text = print::layoutStickerText(label, second, w, h, symbol); // returns: no endless loop
                BOOST_TEST_CONTEXT(w << " x " << h << " mm, label \"" << label << "\", info \"" << second << "\", symbol " << symbol)
                {
                    // The arm symbol: only when asked and only with an info line, inside the box, before the
                    // info text and under the name.
                    const bool infoShown = std::any_of(text.lines.begin(), text.lines.end(), [](const auto& l) { return !l.bold; });
                    BOOST_TEST(text.hasSymbol() == (symbol && infoShown));
                    if (text.hasSymbol()) {
                        BOOST_TEST(text.symbolX0Mm >= text.boxX0Mm - 1e-9);
                        BOOST_TEST(text.symbolY0Mm >= text.boxY0Mm - 1e-9);
                        BOOST_TEST(text.symbolY1Mm <= text.boxY1Mm + 1e-9);
                        for (const print::StickerTextLine& line : text.lines) {
                            if (line.bold)
                                BOOST_TEST(measure(line).y1 <= text.symbolY0Mm + 1e-9);
                            else
                                BOOST_TEST(measure(line).x0 >= text.symbolX1Mm - 1e-9);
                        }
                    }
                    // Inside the sticker and right of the colour band (2 mm or 8 % of the width).
                    BOOST_TEST(text.boxX0Mm >= std::min(2.0, 0.08 * w));
                    BOOST_TEST(text.boxX1Mm <= w);
                    BOOST_TEST(text.boxY0Mm >= 0.0);
                    BOOST_TEST(text.boxY1Mm <= h);
                    std::string shown;
                    int nameLines = 0;
                    for (const print::StickerTextLine& line : text.lines) {
                        const Ink ink = measure(line);
                        BOOST_TEST(ink.x0 >= text.boxX0Mm - 1e-9);
                        BOOST_TEST(ink.x1 <= text.boxX1Mm + 1e-9);
                        BOOST_TEST(ink.y0 >= text.boxY0Mm - 1e-9);
                        BOOST_TEST(ink.y1 <= text.boxY1Mm + 1e-9);
                        BOOST_TEST(!line.text.empty());
                        BOOST_TEST(line.sizeMm >= (line.bold ? 1.0 : 0.8)); // never below the legible minimum
                        BOOST_TEST(line.sizeMm <= (line.bold ? 4.0 : 2.8));
                        if (line.bold) {
                            shown += line.text;
                            ++nameLines;
                        } else {
                            // The info line: whole, or cut with an ellipsis.
                            BOOST_TEST((line.text == second || endsWith(line.text, kEllipsis)), line.text);
                        }
                    }
                    // Lines do not overlap: each baseline below the one before.
                    for (std::size_t i = 1; i < text.lines.size(); ++i)
                        BOOST_TEST(measure(text.lines[i]).y0 >= measure(text.lines[i - 1]).y1 - 0.05 * text.lines[i].sizeMm);
                    BOOST_TEST(nameLines <= 2);
                    const bool complete = withoutSpaces(shown) == withoutSpaces(label);
                    if (shown.empty() && !withoutSpaces(label).empty()) {
                        // No name at all only on a sticker too small for one 1 mm line or for the bare ellipsis.
                        const double boxW = text.boxX1Mm - text.boxX0Mm, boxH = text.boxY1Mm - text.boxY0Mm;
                        BOOST_TEST((boxH < lineHeight(1.0, true) || boxW < measure({kEllipsis, 1.0, true, 0, 0}).x1),
                            boxW << " x " << boxH << " mm box left empty");
                    } else {
                        BOOST_TEST((complete || endsWith(shown, kEllipsis)), "shown \"" << shown << "\"");
                    }
                    // A sticker of 10 x 5 mm or more always shows something of a non-blank name.
                    if (w >= 10 && h >= 5 && !withoutSpaces(label).empty())
                        BOOST_TEST(nameLines >= 1);
                    wrapped += nameLines == 2 ? 1 : 0;
                    cut += complete ? 0 : 1;
                    ++checked;
                }
              }
            }
        }
    }
    BOOST_TEST_MESSAGE(checked << " layouts, " << wrapped << " on two lines, " << cut << " names cut");
    BOOST_TEST(wrapped > 0);
    BOOST_TEST(cut > 0);
}

BOOST_AUTO_TEST_CASE(a_long_name_wraps_to_two_lines_before_it_shrinks)
{
    // A 60 x 25 mm sticker: the name's largest size is 4 mm (25 x 0.38 = 9.5 > 4); its text box is 60 - 2 (band)
    // - 2 x 1.2 (padding) = 55.6 mm wide and 22.6 mm high, room for two 4 mm lines and the info line. In 4 mm
    // bold sans-serif (0.6 to 0.75 em a letter) "Grenadier Brigade" is 41 to 51 mm wide, three words 65 mm or more.
    const std::string name = "Grenadier Brigade Grenadier Brigade";
    const print::StickerText text = print::layoutStickerText(name, "infantry", 60, 25);
    BOOST_REQUIRE(text.lines.size() == 3u);
    BOOST_TEST(text.lines[0].sizeMm == 4.0);
    BOOST_TEST(text.lines[1].sizeMm == 4.0);
    BOOST_TEST(text.lines[0].text + " " + text.lines[1].text == name);
    BOOST_TEST(text.lines[1].baselineMm > text.lines[0].baselineMm);
    BOOST_TEST(text.lines[2].text == "infantry");
    // A short name stays on one line at the largest size.
    const print::StickerText single = print::layoutStickerText("1st Brigade", "infantry", 60, 25);
    BOOST_REQUIRE(single.lines.size() == 2u);
    BOOST_TEST(single.lines[0].text == "1st Brigade");
    BOOST_TEST(single.lines[0].sizeMm == 4.0);
}

BOOST_AUTO_TEST_CASE(stickers_show_the_arm_symbol_before_the_info_line)
{
    // Issue 24 item 4. A 60 x 25 mm sticker's info line is at most min(2.8, 0.22 x 25) = 2.8 mm; "infantry ·
    // regular · 3456 men" fits at that size (55.6 mm of box, some 35 mm of text less the symbol's room), so the
    // symbol is 0.8 of that line's height high and 1.5 times as wide, at the box's left edge (2 + 1.2 = 3.2 mm).
    const std::string info = "infantry \xC2\xB7 regular \xC2\xB7 3456 men";
    const print::StickerText text = print::layoutStickerText("1st Division", info, 60, 25, true);
    BOOST_REQUIRE(text.hasSymbol());
    BOOST_REQUIRE(text.lines.size() == 2u);
    const print::StickerTextLine& infoLine = text.lines[1];
    BOOST_TEST(infoLine.text == info);
    BOOST_TEST(infoLine.sizeMm == 2.8);
    const double height = 0.8 * lineHeight(2.8, false);
    BOOST_TEST(text.symbolY1Mm - text.symbolY0Mm == height, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(text.symbolX1Mm - text.symbolX0Mm == 1.5 * height, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(text.symbolX0Mm == 3.2, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(infoLine.xMm >= text.symbolX1Mm + 0.4 * height - 1e-9);
    // Without the symbol the info line starts at the box's edge.
    BOOST_TEST(print::layoutStickerText("1st Division", info, 60, 25).lines[1].xMm < text.symbolX1Mm);

    // On the sheet (20 px/mm): an infantry sticker's symbol has both diagonals, an artillery one a dot and none.
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    core::Scenario s = test::smallScenario();
    s.settings.stickerWidthMm = 60.0;
    s.settings.stickerHeightMm = 25.0;
    s.units = {core::Unit{core::UnitId("inf"), core::FormationId("blue-1"), "1st Division", core::UnitType::Infantry,
                   core::UnitQuality::Regular, 3456, std::nullopt, std::nullopt},
        core::Unit{core::UnitId("art"), core::FormationId("blue-1"), "1st Division", core::UnitType::Artillery,
            core::UnitQuality::Regular, 3456, std::nullopt, std::nullopt}};
    print::StickerRequest request;
    request.page = print::parsePageSize("A4");
    const auto pdf = folder / "stickers.pdf";
    print::printStickers(s, request, pdf);
    const std::string command = "pdftocairo -png -singlefile -r 508 '" + pdf.string() + "' '" + (folder / "page").string() + "'";
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    cairo_surface_t* png = cairo_image_surface_create_from_png((folder / "page.png").c_str());
    BOOST_REQUIRE(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS);
    const unsigned char* data = cairo_image_surface_get_data(png);
    const int stride = cairo_image_surface_get_stride(png);
    // The sheet prints the info lines "regular · 3456 men" and "regular · 3456 guns" (the symbol says the
    // type): at 2.8 mm too, so the symbol boxes are the ones above.
    for (const char* printed : {"regular \xC2\xB7 3456 men", "regular \xC2\xB7 3456 guns"}) {
        const print::StickerText onSheet = print::layoutStickerText("1st Division", printed, 60, 25, true);
        BOOST_REQUIRE(onSheet.hasSymbol());
        BOOST_TEST(onSheet.lines.back().sizeMm == 2.8);
        BOOST_TEST(onSheet.symbolX0Mm == text.symbolX0Mm);
        BOOST_TEST(onSheet.symbolY0Mm == text.symbolY0Mm);
    }
    // The frame's line, 0.08 x the height, lies inside the box; the marks are in the line's box.
    const double line = std::max(0.1, 0.08 * height);
    const double x0 = text.symbolX0Mm + line / 2, y0 = text.symbolY0Mm + line / 2;
    const double w = 1.5 * height - line, h = height - line;
    const auto inked = [&](double stickerX, double fx, double fy) {
        const int px = static_cast<int>(std::lround((stickerX + x0 + fx * w) * 20.0));
        const int py = static_cast<int>(std::lround((10.0 + y0 + fy * h) * 20.0));
        return dark(data, stride, px, py);
    };
    // Stickers at x = 10 mm and 10 + 60 + 3 = 73 mm, y = 10 mm.
    BOOST_TEST(inked(10.0, 0.25, 0.25));
    BOOST_TEST(inked(10.0, 0.25, 0.75));
    BOOST_TEST(inked(10.0, 0.5, 0.5));
    BOOST_TEST(inked(73.0, 0.5, 0.5));
    BOOST_TEST(!inked(73.0, 0.25, 0.25));
    BOOST_TEST(!inked(73.0, 0.25, 0.75));
    cairo_surface_destroy(png);
    if (commandAvailable("pdftotext")) {
        BOOST_REQUIRE(std::system(("pdftotext '" + pdf.string() + "' '" + (folder / "s.txt").string() + "'").c_str()) == 0);
        const std::string printed = core::io::readFile(folder / "s.txt");
        BOOST_TEST(printed.find("3456 men") != std::string::npos);
        BOOST_TEST(printed.find("3456 guns") != std::string::npos);
        BOOST_TEST(printed.find("infantry") == std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(a_sticker_larger_than_the_page_is_refused_leaving_no_file)
{
    test::TemporaryFolder folder;
    core::Scenario s = test::smallScenario();
    s.settings.stickerWidthMm = 300.0;
    print::StickerRequest request;
    request.page = print::parsePageSize("A4");
    BOOST_CHECK_THROW(print::printStickers(s, request, folder / "s.pdf"), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "s.pdf"));
}

BOOST_AUTO_TEST_CASE(the_sticker_measures_its_size_on_the_rendered_page)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
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
