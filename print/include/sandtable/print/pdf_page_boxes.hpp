// SPDX-License-Identifier: GPL-3.0-or-later
// Setting TrimBox and BleedBox on every page of a finished PDF (through qpdf).
#pragma once

#include <string>

namespace sandtable::print {

/// A PDF rectangle in points (1/72 in), origin at the page's lower-left corner.
struct PdfBox {
    double x0 = 0.0;
    double y0 = 0.0;
    double x1 = 0.0;
    double y1 = 0.0;
};

/// Returns `pdf` rewritten with /TrimBox `trim` and /BleedBox `bleed` on every page (ISO 32000-1
/// section 14.11.2, "Page Boundaries"); a box a page had already is replaced. Content streams pass through
/// unchanged; the file keeps its PDF version and its kind of cross-reference (a classic xref table stays
/// one, object streams and an xref stream stay so). The /ID is derived from the content, so the same input
/// gives the same bytes.
///
/// Why qpdf: cairo has no API for the print-production boxes, and its output changes form between
/// versions (cairo 1.18 writes PDF 1.7 with object streams); qpdf reads and writes every form.
///
/// Throws core::util::OperationError (object "PDF page boxes") naming the reason when `pdf` cannot be read as
/// a PDF or qpdf had to repair it, when it has no page, when a box is empty, inverted or not finite, when
/// `trim` is not inside `bleed`, or when `bleed` is not inside a page's MediaBox (the page is named,
/// 1-based, with both rectangles).
std::string addPdfPageBoxes(const std::string& pdf, const PdfBox& trim, const PdfBox& bleed);

} // namespace sandtable::print
