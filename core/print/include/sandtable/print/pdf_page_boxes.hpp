// SPDX-License-Identifier: GPL-3.0-or-later
// Setting TrimBox and BleedBox on every page of a finished PDF by appending an incremental update.
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

/// Returns `pdf` with an incremental update appended (ISO 32000-1 section 7.5.6) that redefines every page
/// object with /TrimBox `trim` and /BleedBox `bleed` added, plus a new cross-reference section and a
/// trailer whose /Prev points at the old one. The original bytes are kept unchanged in front, so every
/// existing offset stays valid and nothing of the content streams is touched.
///
/// Why: cairo 1.16 has no API for the print-production boxes (cairo_pdf_surface_set_page_label only
/// sets a label) and writes page dictionaries uncompressed with a classic xref table, so the page objects
/// can be found and re-issued exactly. Throws core::OperationError when the file does not look like that
/// (no startxref, no trailer /Root, an xref stream, no page object, or a page that has a TrimBox already).
std::string addPdfPageBoxes(const std::string& pdf, const PdfBox& trim, const PdfBox& bleed);

} // namespace sandtable::print
