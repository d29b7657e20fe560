// SPDX-License-Identifier: GPL-3.0-or-later
// TrimBox and BleedBox on every page of cairo's PDF, set through qpdf's object model.
#include "sandtable/print/pdf_page_boxes.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <cmath>
#include <cstdio>
#include <exception>

namespace sandtable::print {
namespace {

[[noreturn]] void fail(const std::string& reason)
{
    throw core::util::OperationError("", _("PDF page boxes"), reason);
}

std::string describe(double x0, double y0, double x1, double y1)
{
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, "[%.3f %.3f %.3f %.3f]", x0, y0, x1, y1);
    return buffer;
}

std::string describe(const PdfBox& b) { return describe(b.x0, b.y0, b.x1, b.y1); }

void checkBox(const char* name, const PdfBox& b)
{
    if (!std::isfinite(b.x0) || !std::isfinite(b.y0) || !std::isfinite(b.x1) || !std::isfinite(b.y1))
        fail(core::i18n::format(_("the {1} {2} is not finite"), {name, describe(b)}));
    if (!(b.x1 > b.x0) || !(b.y1 > b.y0))
        fail(core::i18n::format(_("the {1} {2} is empty or inverted (x0 < x1 and y0 < y1 needed)"), {name, describe(b)}));
}

// Rounding of the two boxes' own arithmetic (mm -> pt) must not make an exact fit an error.
constexpr double kSlackPt = 1e-6;

bool inside(const PdfBox& inner, double x0, double y0, double x1, double y1)
{
    return inner.x0 >= x0 - kSlackPt && inner.y0 >= y0 - kSlackPt && inner.x1 <= x1 + kSlackPt && inner.y1 <= y1 + kSlackPt;
}

QPDFObjectHandle rectangle(const PdfBox& b)
{
    return QPDFObjectHandle::newFromRectangle(QPDFObjectHandle::Rectangle(b.x0, b.y0, b.x1, b.y1));
}

} // namespace

std::string addPdfPageBoxes(const std::string& pdf, const PdfBox& trim, const PdfBox& bleed)
{
    checkBox("TrimBox", trim);
    checkBox("BleedBox", bleed);
    if (!inside(trim, bleed.x0, bleed.y0, bleed.x1, bleed.y1))
        fail(core::i18n::format(_("the TrimBox {1} is not inside the BleedBox {2}"), {describe(trim), describe(bleed)}));
    try {
        QPDF document;
        document.setSuppressWarnings(true);
        // cairo's output is never damaged: a file qpdf must repair is refused rather than rewritten.
        document.setAttemptRecovery(false);
        document.processMemoryFile("cairo PDF", pdf.data(), pdf.size());
        std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(document).getAllPages();
        if (pages.empty())
            fail(_("the PDF has no page"));
        for (std::size_t i = 0; i < pages.size(); ++i) {
            QPDFObjectHandle media = pages[i].getMediaBox();
            if (!media.isRectangle())
                fail(core::i18n::format(_("page {1} has no MediaBox rectangle"), {std::to_string(i + 1)}));
            const QPDFObjectHandle::Rectangle m = media.getArrayAsRectangle();
            if (!inside(bleed, m.llx, m.lly, m.urx, m.ury))
                fail(core::i18n::format(_("the BleedBox {1} is not inside page {2}'s MediaBox {3}"),
                    {describe(bleed), std::to_string(i + 1), describe(m.llx, m.lly, m.urx, m.ury)}));
            QPDFObjectHandle page = pages[i].getObjectHandle();
            page.replaceKey("/TrimBox", rectangle(trim));
            page.replaceKey("/BleedBox", rectangle(bleed));
        }
        if (document.anyWarnings())
            fail(core::i18n::format(_("qpdf found the PDF damaged: {1}"), {document.getWarnings().front().what()}));
        QPDFWriter writer(document);
        writer.setOutputMemory();
        writer.setDeterministicID(true);
        // Object streams are preserved by default; streams are copied as they are (no decoding, no new filter).
        writer.setDecodeLevel(qpdf_dl_none);
        writer.setCompressStreams(false);
        writer.write();
        const std::shared_ptr<Buffer> out = writer.getBufferSharedPointer();
        return std::string(reinterpret_cast<const char*>(out->getBuffer()), out->getSize());
    } catch (const core::util::OperationError&) {
        throw;
    } catch (const std::exception& e) {
        fail(core::i18n::format(_("qpdf cannot read or write the PDF: {1}"), {e.what()}));
    }
}

} // namespace sandtable::print
