// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/.../pdf_page_boxes.hpp: TrimBox and BleedBox set on every form of PDF cairo or qpdf writes.
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/pdf_page_boxes.hpp"
#include "support/rendered_page.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo-pdf.h>
#include <cairo.h>
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace sandtable;

namespace {

using sandtable::test::commandAvailable;

// An A4 sheet (210 x 297 mm) printed with 3 mm bleed on every side, worked out by hand at 72 / 25.4 pt per mm:
// the page is 216 x 303 mm = 612.283 x 858.898 pt; 3 mm = 8.504 pt; A4 = 595.276 x 841.890 pt.
constexpr double kPageW = 612.283, kPageH = 858.898;
const print::PdfBox kBleed{0.0, 0.0, 612.283, 858.898};
const print::PdfBox kTrim{8.504, 8.504, 8.504 + 595.276, 8.504 + 841.890}; // [8.504 8.504 603.780 850.394]

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length)
{
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

/// A two-page PDF from cairo at `version`: each page filled white with a black 100 x 100 pt square whose
/// lower-left corner is at (100, 100) pt from the page's lower-left corner.
std::string cairoPdf(cairo_pdf_version_t version)
{
    std::string out;
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append, &out, kPageW, kPageH);
    cairo_pdf_surface_restrict_to_version(surface, version);
    cairo_t* cr = cairo_create(surface);
    for (int page = 0; page < 2; ++page) {
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_rectangle(cr, 100, kPageH - 200, 100, 100); // cairo's y runs down
        cairo_fill(cr);
        cairo_show_page(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    BOOST_REQUIRE(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy(surface);
    return out;
}

/// `pdf` rewritten by qpdf with its objects in object streams and a cross-reference stream (PDF 1.5+).
std::string withObjectStreams(const std::string& pdf)
{
    QPDF document;
    document.processMemoryFile("input", pdf.data(), pdf.size());
    QPDFWriter writer(document);
    writer.setOutputMemory();
    writer.setObjectStreamMode(qpdf_o_generate);
    writer.write();
    const auto buffer = writer.getBufferSharedPointer();
    return std::string(reinterpret_cast<const char*>(buffer->getBuffer()), buffer->getSize());
}

struct PageBoxes {
    QPDFObjectHandle::Rectangle media, trim, bleed;
    bool hasTrim = false, hasBleed = false;
};

std::vector<PageBoxes> readBoxes(const std::string& pdf)
{
    QPDF document;
    document.processMemoryFile("output", pdf.data(), pdf.size());
    BOOST_TEST(!document.anyWarnings());
    std::vector<PageBoxes> out;
    for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(document).getAllPages()) {
        QPDFObjectHandle dict = page.getObjectHandle();
        PageBoxes b;
        b.media = page.getMediaBox().getArrayAsRectangle();
        b.hasTrim = dict.getKey("/TrimBox").isRectangle();
        b.hasBleed = dict.getKey("/BleedBox").isRectangle();
        if (b.hasTrim)
            b.trim = dict.getKey("/TrimBox").getArrayAsRectangle();
        if (b.hasBleed)
            b.bleed = dict.getKey("/BleedBox").getArrayAsRectangle();
        out.push_back(b);
    }
    return out;
}

void checkRectangle(const QPDFObjectHandle::Rectangle& r, double x0, double y0, double x1, double y1)
{
    BOOST_TEST(std::abs(r.llx - x0) < 1e-3);
    BOOST_TEST(std::abs(r.lly - y0) < 1e-3);
    BOOST_TEST(std::abs(r.urx - x1) < 1e-3);
    BOOST_TEST(std::abs(r.ury - y1) < 1e-3);
}

/// Both pages carry the A4-with-bleed boxes and keep the page size.
void checkA4Boxes(const std::string& pdf)
{
    const std::vector<PageBoxes> pages = readBoxes(pdf);
    BOOST_REQUIRE(pages.size() == 2u);
    for (const PageBoxes& b : pages) {
        checkRectangle(b.media, 0, 0, 612.283, 858.898);
        BOOST_REQUIRE(b.hasTrim);
        BOOST_REQUIRE(b.hasBleed);
        checkRectangle(b.trim, 8.504, 8.504, 603.780, 850.394);
        checkRectangle(b.bleed, 0, 0, 612.283, 858.898);
        // The trim is the A4 sheet itself: 210 x 297 mm.
        BOOST_TEST(std::abs((b.trim.urx - b.trim.llx) * 25.4 / 72 - 210.0) < 1e-3);
        BOOST_TEST(std::abs((b.trim.ury - b.trim.lly) * 25.4 / 72 - 297.0) < 1e-3);
    }
}

/// Renders page 1 of `pdf` with poppler at 36 dpi (half a pixel per point) and checks the page's size and
/// the black square: its centre (150, 150) pt from the lower-left corner is black, a point beside it white.
void checkRenders(const std::string& pdf)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo")), "cannot run: pdftocairo (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    {
        std::ofstream file(folder / "boxed.pdf", std::ios::binary);
        file.write(pdf.data(), static_cast<std::streamsize>(pdf.size()));
    }
    const std::string command = "pdftocairo -png -singlefile -f 1 -l 1 -r 36 '" + (folder / "boxed.pdf").string() + "' '"
        + (folder / "page").string() + "' 2>&1";
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    cairo_surface_t* png = cairo_image_surface_create_from_png((folder / "page.png").c_str());
    BOOST_REQUIRE(cairo_surface_status(png) == CAIRO_STATUS_SUCCESS);
    // poppler renders the MediaBox (the CropBox, absent, defaults to it): 612.283 x 858.898 pt / 2 = 306 x 429 px.
    BOOST_TEST(std::abs(cairo_image_surface_get_width(png) - 306) <= 1);
    BOOST_TEST(std::abs(cairo_image_surface_get_height(png) - 429) <= 1);
    const int height = cairo_image_surface_get_height(png);
    const unsigned char* data = cairo_image_surface_get_data(png);
    const int stride = cairo_image_surface_get_stride(png);
    auto grey = [&](int x, int y) { return static_cast<int>(*(data + y * stride + x * 4)); }; // blue channel
    BOOST_TEST(grey(75, height - 75) < 60);  // (150, 150) pt: inside the square
    BOOST_TEST(grey(150, height - 75) > 200); // (300, 150) pt: beside it
    cairo_surface_destroy(png);
}

} // namespace

BOOST_AUTO_TEST_SUITE(print_pdf_page_boxes)

BOOST_AUTO_TEST_CASE(boxes_on_cairo_pdf_1_4_with_a_classic_xref_table)
{
    const std::string input = cairoPdf(CAIRO_PDF_VERSION_1_4);
    BOOST_REQUIRE(input.rfind("%PDF-1.4", 0) == 0);
    const std::string boxed = print::addPdfPageBoxes(input, kTrim, kBleed);
    BOOST_TEST(boxed.rfind("%PDF-1.4", 0) == 0);            // the version is kept
    BOOST_TEST(boxed.find("/ObjStm") == std::string::npos); // no object streams in a PDF 1.4 file
    checkA4Boxes(boxed);
    checkRenders(boxed);
}

BOOST_AUTO_TEST_CASE(boxes_on_cairo_pdf_1_5)
{
    const std::string input = cairoPdf(CAIRO_PDF_VERSION_1_5);
    BOOST_REQUIRE(input.rfind("%PDF-1.5", 0) == 0);
    const std::string boxed = print::addPdfPageBoxes(input, kTrim, kBleed);
    BOOST_TEST(boxed.rfind("%PDF-1.5", 0) == 0);
    checkA4Boxes(boxed);
    checkRenders(boxed);
}

BOOST_AUTO_TEST_CASE(boxes_on_a_pdf_with_object_streams_and_an_xref_stream)
{
    // The form cairo 1.18 writes: page dictionaries compressed inside object streams, no "xref" table.
    const std::string input = withObjectStreams(cairoPdf(CAIRO_PDF_VERSION_1_5));
    BOOST_REQUIRE(input.find("/ObjStm") != std::string::npos);
    BOOST_REQUIRE(input.find("/XRef") != std::string::npos);
    BOOST_REQUIRE(input.find("/Type /Page") == std::string::npos); // not findable as text
    const std::string boxed = print::addPdfPageBoxes(input, kTrim, kBleed);
    BOOST_TEST(boxed.find("/ObjStm") != std::string::npos); // the form is kept
    BOOST_TEST(boxed.find("/XRef") != std::string::npos);
    checkA4Boxes(boxed);
    checkRenders(boxed);
}

BOOST_AUTO_TEST_CASE(boxes_already_there_are_replaced_and_the_output_is_reproducible)
{
    const std::string input = cairoPdf(CAIRO_PDF_VERSION_1_5);
    const print::PdfBox inner{20, 20, 500, 700};
    const std::string once = print::addPdfPageBoxes(input, inner, inner);
    const std::string twice = print::addPdfPageBoxes(once, kTrim, kBleed);
    checkA4Boxes(twice);
    BOOST_TEST(print::addPdfPageBoxes(input, kTrim, kBleed) == print::addPdfPageBoxes(input, kTrim, kBleed));
}

BOOST_AUTO_TEST_CASE(refuses_boxes_that_do_not_nest_naming_them)
{
    const std::string input = cairoPdf(CAIRO_PDF_VERSION_1_5);
    auto message = [&](const print::PdfBox& trim, const print::PdfBox& bleed) {
        try {
            print::addPdfPageBoxes(input, trim, bleed);
        } catch (const core::util::OperationError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    // A bleed 1 pt wider than the page on the right.
    const std::string wide = message(kTrim, {0, 0, 613.283, 858.898});
    BOOST_TEST(wide.find("BleedBox [0.000 0.000 613.283 858.898]") != std::string::npos, wide);
    BOOST_TEST(wide.find("page 1's MediaBox [0.000 0.000 612.283 858.898]") != std::string::npos, wide);
    const std::string outside = message({-1, 8.504, 603.780, 850.394}, kBleed);
    BOOST_TEST(outside.find("TrimBox [-1.000 8.504 603.780 850.394] is not inside the BleedBox") != std::string::npos, outside);
    const std::string inverted = message({600, 8.504, 8.504, 850.394}, kBleed);
    BOOST_TEST(inverted.find("empty or inverted") != std::string::npos, inverted);
    const std::string nan = message({std::nan(""), 0, 1, 1}, kBleed);
    BOOST_TEST(nan.find("not finite") != std::string::npos, nan);
}

BOOST_AUTO_TEST_CASE(refuses_what_is_not_a_pdf)
{
    try {
        print::addPdfPageBoxes("not a pdf", kTrim, kBleed);
        BOOST_FAIL("no error");
    } catch (const core::util::OperationError& e) {
        const std::string what = e.what();
        BOOST_TEST(what.find("PDF page boxes") != std::string::npos, what);
        BOOST_TEST(what.find("qpdf") != std::string::npos, what);
    }
    // A cut-off file (the last third missing): qpdf would have to repair it.
    const std::string input = cairoPdf(CAIRO_PDF_VERSION_1_5);
    BOOST_CHECK_THROW(print::addPdfPageBoxes(input.substr(0, input.size() * 2 / 3), kTrim, kBleed), core::util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
