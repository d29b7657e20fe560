// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/.../card_print.hpp and pdf_page_boxes.hpp: sheet arithmetic, and card size, bleed,
// crop marks and duplex alignment measured on the PDF as pdftocairo renders it; TrimBox read by pdfinfo.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/card_print.hpp"
#include "sandtable/print/pdf_page_boxes.hpp"
#include "support/rendered_page.hpp"
#include "support/table_battles_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>

using namespace sandtable;

namespace {

using sandtable::test::commandAvailable;

/// A rendered page at 254 dpi: 10 pixels per millimetre.
class Page {
public:
    Page(const std::filesystem::path& pdf, int page, const test::TemporaryFolder& folder)
    {
        const auto stem = folder / ("page" + std::to_string(page));
        const std::string command = "pdftocairo -png -singlefile -r 254 -f " + std::to_string(page) + " -l "
            + std::to_string(page) + " '" + pdf.string() + "' '" + stem.string() + "'";
        BOOST_REQUIRE(std::system(command.c_str()) == 0);
        m_surface = cairo_image_surface_create_from_png((stem.string() + ".png").c_str());
        BOOST_REQUIRE(cairo_surface_status(m_surface) == CAIRO_STATUS_SUCCESS);
    }
    ~Page() { cairo_surface_destroy(m_surface); }
    Page(const Page&) = delete;
    Page& operator=(const Page&) = delete;

    int width() const { return cairo_image_surface_get_width(m_surface); }
    int height() const { return cairo_image_surface_get_height(m_surface); }
    std::array<int, 3> rgb(int x, int y) const
    {
        const unsigned char* data = cairo_image_surface_get_data(m_surface);
        const auto pixel = *reinterpret_cast<const std::uint32_t*>(data + y * cairo_image_surface_get_stride(m_surface) + x * 4);
        return {static_cast<int>((pixel >> 16) & 255), static_cast<int>((pixel >> 8) & 255), static_cast<int>(pixel & 255)};
    }
    bool dark(int x, int y) const
    {
        const auto c = rgb(x, y);
        return c[0] < 100 && c[1] < 100 && c[2] < 100;
    }
    bool white(int x, int y) const
    {
        const auto c = rgb(x, y);
        return c[0] > 250 && c[1] > 250 && c[2] > 250;
    }

    /// Centres (mm) of the runs of dark pixels along row `yMm` (horizontal) or column `xMm` (vertical).
    std::vector<double> darkRunCentres(double atMm, bool alongRow) const
    {
        std::vector<double> centres;
        const int fixed = static_cast<int>(atMm * 10.0);
        const int n = alongRow ? width() : height();
        int start = -1;
        for (int i = 0; i <= n; ++i) {
            const bool d = i < n && (alongRow ? dark(i, fixed) : dark(fixed, i));
            if (d && start < 0)
                start = i;
            if (!d && start >= 0) {
                centres.push_back((start + i) / 2.0 / 10.0); // pixel i spans [i, i+1) / 10 mm
                start = -1;
            }
        }
        return centres;
    }

    /// Left and right edges (mm) of the run of pixels of colour `c` (+-6 per channel) along row `yMm`,
    /// to a tenth of a pixel.
    std::pair<double, double> colourRun(double yMm, std::array<int, 3> c) const
    {
        const int y = static_cast<int>(yMm * 10.0);
        int first = -1, last = -1;
        for (int x = 0; x < width(); ++x) {
            const auto p = rgb(x, y);
            if (std::abs(p[0] - c[0]) <= 6 && std::abs(p[1] - c[1]) <= 6 && std::abs(p[2] - c[2]) <= 6) {
                if (first < 0)
                    first = x;
                last = x;
            }
        }
        BOOST_REQUIRE(first >= 0);
        // Sub-pixel edges: a pixel the edge cuts through is a blend of the run's colour and the colour
        // beyond it; its share of the run's colour is the covered fraction of that pixel.
        return {(first - coverage(first - 1, first - 2, y, c)) / 10.0, (last + 1 + coverage(last + 1, last + 2, y, c)) / 10.0};
    }

    /// Fraction of pixel `x` covered by colour `c`, against the colour of pixel `beyond`.
    double coverage(int x, int beyond, int y, std::array<int, 3> c) const
    {
        if (x < 0 || beyond < 0 || x >= width() || beyond >= width())
            return 0.0;
        const auto p = rgb(x, y), o = rgb(beyond, y);
        int channel = 0;
        for (int k = 1; k < 3; ++k)
            if (std::abs(c[static_cast<std::size_t>(k)] - o[static_cast<std::size_t>(k)]) > std::abs(c[static_cast<std::size_t>(channel)] - o[static_cast<std::size_t>(channel)]))
                channel = k;
        const auto ch = static_cast<std::size_t>(channel);
        if (c[ch] == o[ch])
            return 0.0;
        return std::clamp(static_cast<double>(p[ch] - o[ch]) / (c[ch] - o[ch]), 0.0, 1.0);
    }

private:
    cairo_surface_t* m_surface = nullptr;
};

/// Eight numbered cards with both faces, each number with its own wing colour (A and B alike), so a
/// card's band can be found on the fronts page and on the backs page.
core::TableBattlesSet colouredDeck()
{
    core::TableBattlesSet set = test::smallCardSet();
    set.cards.clear();
    set.scenario.armies[0].cards.clear();
    set.scenario.armies[1].cards.clear();
    const char* colours[] = {"#ff0000", "#00a000", "#0000ff", "#ff00ff", "#00c0c0", "#808000", "#800080", "#ff8000"};
    for (int n = 1; n <= 8; ++n) {
        for (char face : {'A', 'B'}) {
            core::FormationCard c;
            c.ref = core::CardRef{n, face};
            c.name = "Card " + std::to_string(n);
            c.army = "Blue";
            c.wingColour = colours[n - 1];
            c.stickColour = "blue";
            c.dice = core::parseDicePattern("6");
            set.cards.push_back(c);
        }
    }
    return set;
}

std::array<int, 3> colourOf(const std::string& hex)
{
    const unsigned long v = std::stoul(hex.substr(1), nullptr, 16);
    return {static_cast<int>((v >> 16) & 255), static_cast<int>((v >> 8) & 255), static_cast<int>(v & 255)};
}

std::string runCommand(const std::string& command)
{
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    BOOST_REQUIRE(pipe);
    std::string out;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe.get()))
        out.append(buffer, n);
    return out;
}

constexpr double kTolerance = 0.1; // mm, the alignment requirement

} // namespace

BOOST_AUTO_TEST_SUITE(print_cards)

BOOST_AUTO_TEST_CASE(home_sheet_block_is_centred_with_bleed_on_the_outside)
{
    // Block 3 x 63.5 + 6 = 196.5 mm by 3 x 88.9 + 6 = 272.7 mm.
    // A4 210 x 297: left (210 - 196.5) / 2 = 6.75, top (297 - 272.7) / 2 = 12.15; cuts 3 mm further in.
    const print::HomeSheetLayout a4 = print::planHomeSheet(print::parsePageSize("A4"));
    BOOST_TEST(a4.blockLeftMm == 6.75, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(a4.blockTopMm == 12.15, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(a4.trimLeftMm == 9.75, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(a4.trimTopMm == 15.15, boost::test_tools::tolerance(1e-9));
    // Letter 215.9 x 279.4: left (215.9 - 196.5) / 2 = 9.7, top (279.4 - 272.7) / 2 = 3.35.
    const print::HomeSheetLayout letter = print::planHomeSheet(print::parsePageSize("letter"));
    BOOST_TEST(letter.blockLeftMm == 9.7, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(letter.blockTopMm == 3.35, boost::test_tools::tolerance(1e-9));
    BOOST_CHECK_THROW(print::planHomeSheet(print::parsePageSize("200x270mm")), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(physical_cards_pair_a_and_b_faces_after_the_scenario_card)
{
    core::TableBattlesSet set = test::smallCardSet();
    core::FormationCard back = set.cards[1];
    back.ref = core::CardRef{2, 'B'};
    set.cards.push_back(back);
    const auto cards = print::physicalCards(set);
    BOOST_REQUIRE_EQUAL(cards.size(), 7u); // scenario card + numbers 1..6
    BOOST_TEST(cards[0].scenarioCard);
    BOOST_TEST((cards[2].front == core::CardRef{2, 'A'}));
    BOOST_TEST((cards[2].back == core::CardRef{2, 'B'}));
    BOOST_TEST(!cards[1].back.has_value());
}

BOOST_AUTO_TEST_CASE(a4_sheet_measures_true_and_backs_align_with_fronts)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    const core::TableBattlesSet deck = colouredDeck();
    print::CardPrintRequest request;
    request.page = print::parsePageSize("A4");
    const auto pdf = folder / "cards.pdf";
    const print::CardPrintResult result = print::printCards(deck, request, pdf);
    BOOST_TEST(result.cards == 9); // scenario card + 8 numbers: one full sheet
    BOOST_TEST(result.pages == 2);

    const Page front(pdf, 1, folder);
    const Page back(pdf, 2, folder);
    // A4 at 10 px/mm: 2100 x 2970 (poppler may round up by one pixel).
    BOOST_TEST(std::abs(front.width() - 2100) <= 1);
    BOOST_TEST(std::abs(front.height() - 2970) <= 1);

    for (const Page* page : {&front, &back}) {
        // Vertical crop marks in the top margin, 1.5 mm above the bleed (12.15 - 1.5 = 10.65 mm): at the
        // cuts 9.75, 73.25, 136.75, 200.25 mm.
        const auto xs = page->darkRunCentres(10.65, true);
        BOOST_REQUIRE_EQUAL(xs.size(), 4u);
        const double expectedX[] = {9.75, 73.25, 136.75, 200.25};
        for (int k = 0; k < 4; ++k)
            BOOST_TEST(std::abs(xs[static_cast<std::size_t>(k)] - expectedX[k]) <= kTolerance);
        for (int k = 0; k < 3; ++k)
            BOOST_TEST(std::abs(xs[static_cast<std::size_t>(k + 1)] - xs[static_cast<std::size_t>(k)] - 63.5) <= kTolerance);
        // Horizontal crop marks in the left margin, 1.5 mm left of the bleed (6.75 - 1.5 = 5.25 mm): at the
        // cuts 15.15, 104.05, 192.95, 281.85 mm.
        const auto ys = page->darkRunCentres(5.25, false);
        BOOST_REQUIRE_EQUAL(ys.size(), 4u);
        const double expectedY[] = {15.15, 104.05, 192.95, 281.85};
        for (int k = 0; k < 4; ++k)
            BOOST_TEST(std::abs(ys[static_cast<std::size_t>(k)] - expectedY[k]) <= kTolerance);
        for (int k = 0; k < 3; ++k)
            BOOST_TEST(std::abs(ys[static_cast<std::size_t>(k + 1)] - ys[static_cast<std::size_t>(k)] - 88.9) <= kTolerance);
        // Bleed: the art starts 3 mm outside the outer cuts and not a pixel further. Along the middle of the
        // first card row (15.15 + 44.45 = 59.6 mm) the first non-white pixel is at 6.75 mm, the last ends at
        // 203.25 mm; down the middle of the first column (9.75 + 31.75 = 41.5 mm) from 12.15 to 284.85 mm.
        int left = 0;
        while (page->white(left, 596))
            ++left;
        int right = page->width() - 1;
        while (page->white(right, 596))
            --right;
        BOOST_TEST(std::abs(left / 10.0 - 6.75) <= kTolerance);
        BOOST_TEST(std::abs((right + 1) / 10.0 - 203.25) <= kTolerance);
        BOOST_TEST(std::abs(xs[0] - left / 10.0 - 3.0) <= kTolerance);
        int top = 0;
        while (page->white(415, top))
            ++top;
        int bottom = page->height() - 1;
        while (page->white(415, bottom))
            --bottom;
        BOOST_TEST(std::abs(top / 10.0 - 12.15) <= kTolerance);
        BOOST_TEST(std::abs((bottom + 1) / 10.0 - 284.85) <= kTolerance);
    }

    // Duplex: each card's band on the backs page is the mirror image (x -> 210 - x) of its band on the
    // fronts page. Row 16.65 mm is 1.5 mm below the top cut, in the band above the name. Slot 0 holds the
    // scenario card, so cards 1 and 2 sit in columns 1 and 2 of the first row.
    for (int n : {1, 2}) {
        const auto colour = colourOf(deck.cards[static_cast<std::size_t>(2 * (n - 1))].wingColour);
        const auto [fl, fr] = front.colourRun(16.65, colour);
        const auto [bl, br] = back.colourRun(16.65, colour);
        BOOST_TEST(std::abs(bl - (210.0 - fr)) <= kTolerance);
        BOOST_TEST(std::abs(br - (210.0 - fl)) <= kTolerance);
        // Width of the band = the card: 63.5 mm in the middle column, 63.5 + 3 mm bleed in an outer one.
        BOOST_TEST(std::abs((fr - fl) - (n == 1 ? 63.5 : 66.5)) <= kTolerance);
    }
    // Card 2 (front column 2) has its bleed on the right of the fronts page and on the left of the backs.
    const auto [fl2, fr2] = front.colourRun(16.65, colourOf("#00a000"));
    BOOST_TEST(std::abs(fl2 - 136.75) <= kTolerance);
    BOOST_TEST(std::abs(fr2 - 203.25) <= kTolerance);
    // Second row: card 3 in column 0 on the front, column 2 on the back (16.65 + 88.9 = 105.55 mm).
    const auto [fl3, fr3] = front.colourRun(105.55, colourOf("#0000ff"));
    const auto [bl3, br3] = back.colourRun(105.55, colourOf("#0000ff"));
    BOOST_TEST(std::abs(fl3 - 6.75) <= kTolerance);
    BOOST_TEST(std::abs(fr3 - 73.25) <= kTolerance);
    BOOST_TEST(std::abs(bl3 - 136.75) <= kTolerance);
    BOOST_TEST(std::abs(br3 - 203.25) <= kTolerance);
}

BOOST_AUTO_TEST_CASE(letter_sheet_keeps_the_block_centred)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    print::CardPrintRequest request;
    request.page = print::parsePageSize("letter");
    const auto pdf = folder / "letter.pdf";
    print::printCards(test::smallCardSet(), request, pdf);
    const Page page(pdf, 1, folder);
    // 215.9 x 279.4 mm at 10 px/mm.
    BOOST_TEST(std::abs(page.width() - 2159) <= 1);
    BOOST_TEST(std::abs(page.height() - 2794) <= 1);
    // Cuts at 9.7 + 3 = 12.7 mm and every 63.5 mm; marks 1.5 mm above the bleed (3.35 - 1.5 = 1.85 mm).
    const auto xs = page.darkRunCentres(1.85, true);
    BOOST_REQUIRE_EQUAL(xs.size(), 4u);
    const double expectedX[] = {12.7, 76.2, 139.7, 203.2};
    for (int k = 0; k < 4; ++k)
        BOOST_TEST(std::abs(xs[static_cast<std::size_t>(k)] - expectedX[k]) <= kTolerance);
    // Cuts at 3.35 + 3 = 6.35 mm and every 88.9 mm; marks 1.5 mm left of the bleed (9.7 - 1.5 = 8.2 mm).
    const auto ys = page.darkRunCentres(8.2, false);
    BOOST_REQUIRE_EQUAL(ys.size(), 4u);
    const double expectedY[] = {6.35, 95.25, 184.15, 273.05};
    for (int k = 0; k < 4; ++k)
        BOOST_TEST(std::abs(ys[static_cast<std::size_t>(k)] - expectedY[k]) <= kTolerance);
}

BOOST_AUTO_TEST_CASE(shop_pages_carry_trim_and_bleed_boxes)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdfinfo") || !commandAvailable("pdftocairo")), "cannot run: pdfinfo/pdftocairo (poppler-utils) are not installed");
    test::TemporaryFolder folder;
    print::CardPrintRequest request;
    request.mode = print::CardSheetMode::Shop;
    const auto pdf = folder / "shop.pdf";
    const print::CardPrintResult result = print::printCards(test::smallCardSet(), request, pdf);
    BOOST_TEST(result.cards == 7);
    BOOST_TEST(result.pages == 14); // front and back of each card
    // Page 69.5 x 94.9 mm = 197.008 x 269.008 pt; trim 3 mm = 8.504 pt in from every edge.
    const double pt = 72.0 / 25.4;
    const std::string info = runCommand("pdfinfo -box -f 1 -l 14 '" + pdf.string() + "'");
    int trimBoxes = 0, bleedBoxes = 0;
    std::istringstream lines(info);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string pageWord, name;
        int number = 0;
        double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        if (!(words >> pageWord >> number >> name >> x0 >> y0 >> x1 >> y1) || pageWord != "Page")
            continue;
        if (name == "TrimBox:") {
            ++trimBoxes;
            BOOST_TEST(std::abs(x0 - 3.0 * pt) < 0.01);
            BOOST_TEST(std::abs(y0 - 3.0 * pt) < 0.01);
            BOOST_TEST(std::abs(x1 - 66.5 * pt) < 0.01);
            BOOST_TEST(std::abs(y1 - 91.9 * pt) < 0.01);
            BOOST_TEST(std::abs((x1 - x0) / pt - 63.5) < 0.01); // the card
            BOOST_TEST(std::abs((y1 - y0) / pt - 88.9) < 0.01);
        } else if (name == "BleedBox:") {
            ++bleedBoxes;
            BOOST_TEST(std::abs(x0) < 0.01);
            BOOST_TEST(std::abs(x1 - 69.5 * pt) < 0.01);
            BOOST_TEST(std::abs(y1 - 94.9 * pt) < 0.01);
        }
    }
    BOOST_TEST(trimBoxes == 14);
    BOOST_TEST(bleedBoxes == 14);
    // The art fills the whole bleed: a rendered page is 695 x 949 px with no white border.
    const Page page(pdf, 2, folder);
    BOOST_TEST(std::abs(page.width() - 695) <= 1);
    BOOST_TEST(std::abs(page.height() - 949) <= 1);
    BOOST_TEST(!page.white(0, 0));
    BOOST_TEST(!page.white(page.width() - 1, page.height() - 1));
}

BOOST_AUTO_TEST_CASE(page_boxes_refuse_what_is_not_a_finished_cairo_pdf)
{
    const print::PdfBox box{0, 0, 10, 10};
    BOOST_CHECK_THROW(print::addPdfPageBoxes("not a pdf", box, box), core::util::OperationError);
    BOOST_CHECK_THROW(print::addPdfPageBoxes("%PDF-1.5\ntrailer\n<< /Size 1 >>\nstartxref\n0\n%%EOF\n", box, box),
        core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(one_svg_per_face_at_card_size_with_bleed)
{
    test::TemporaryFolder folder;
    print::CardPrintRequest request;
    request.page = print::parsePageSize("A4");
    request.svgFolder = folder / "svg";
    const print::CardPrintResult result = print::printCards(test::smallCardSet(), request, folder / "cards.pdf");
    BOOST_TEST(result.svgFiles == 7); // the scenario card and six formation faces
    const std::string svg = core::io::readFile(folder / "svg" / "4-A.svg");
    BOOST_TEST(std::filesystem::exists(folder / "svg" / "scenario-90.svg"));
    // (63.5 + 6) mm = 197.008 pt wide, (88.9 + 6) mm = 269.008 pt high.
    const auto width = svg.find("width=\"");
    BOOST_REQUIRE(width != std::string::npos);
    BOOST_TEST(std::abs(std::stod(svg.substr(width + 7)) - 197.008) < 0.01);
    const auto height = svg.find("height=\"");
    BOOST_TEST(std::abs(std::stod(svg.substr(height + 8)) - 269.008) < 0.01);
    BOOST_TEST(svg.find("<svg") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(failed_print_leaves_no_file)
{
    test::TemporaryFolder folder;
    print::CardPrintRequest request;
    request.page = print::parsePageSize("150x200mm");
    BOOST_CHECK_THROW(print::printCards(test::smallCardSet(), request, folder / "x.pdf"), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "x.pdf"));
}

BOOST_AUTO_TEST_CASE(one_png_and_one_svg_per_card_face_at_true_size)
{
    test::TemporaryFolder folder;
    print::CardImageRequest request;
    request.format = print::CardImageFormat::Png;
    request.dpi = 300;
    const auto files = print::writeCardImages(test::smallCardSet(), request, folder / "png");
    BOOST_TEST(files.size() == 7u); // the scenario card and six formation faces
    BOOST_TEST(files.front() == folder / "png" / "scenario-90.png");
    BOOST_TEST(std::filesystem::exists(folder / "png" / "4-A.png"));
    cairo_surface_t* png = cairo_image_surface_create_from_png((folder / "png" / "4-A.png").c_str());
    BOOST_REQUIRE(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS);
    // 63.5 mm = 2.5 in x 300 dpi = 750 pixels; 88.9 mm = 3.5 in = 1050 pixels.
    BOOST_TEST(cairo_image_surface_get_width(png) == 750);
    BOOST_TEST(cairo_image_surface_get_height(png) == 1050);
    cairo_surface_destroy(png);
    // 254 dpi = 10 px/mm: 635 x 889; with the bleed (69.5 x 94.9 mm) 695 x 949.
    request.dpi = 254;
    request.bleed = true;
    print::writeCardImages(test::smallCardSet(), request, folder / "bleed");
    png = cairo_image_surface_create_from_png((folder / "bleed" / "4-A.png").c_str());
    BOOST_TEST(cairo_image_surface_get_width(png) == 695);
    BOOST_TEST(cairo_image_surface_get_height(png) == 949);
    cairo_surface_destroy(png);
    request.bleed = false;
    request.format = print::CardImageFormat::Svg;
    print::writeCardImages(test::smallCardSet(), request, folder / "svg");
    const std::string svg = core::io::readFile(folder / "svg" / "4-A.svg");
    // The SVG in millimetres: 63.5 x 88.9.
    const auto width = svg.find("width=\"");
    BOOST_REQUIRE(width != std::string::npos);
    BOOST_TEST(std::abs(std::stod(svg.substr(width + 7)) - 63.5) < 0.01, svg.substr(width, 40));
    BOOST_TEST(svg.find("mm\"") != std::string::npos);
    const auto height = svg.find("height=\"");
    BOOST_TEST(std::abs(std::stod(svg.substr(height + 8)) - 88.9) < 0.01);
    request.format = print::CardImageFormat::Png;
    request.dpi = 5;
    BOOST_CHECK_THROW(print::writeCardImages(test::smallCardSet(), request, folder / "bad"), core::util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
