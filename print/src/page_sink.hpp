// SPDX-License-Identifier: GPL-3.0-or-later
// Where printed pages go: one multi-page PDF, or one SVG / PNG file per page, all committed at the end.
#pragma once

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/print/map_print.hpp"

#include "pdf_writer.hpp"

#include <cairo.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace sandtable::print {

/// The pages of one print job in `format`. Every page is drawn in millimetres from its top-left corner
/// whatever the format: PDF through PdfWriter (points scaled to mm), SVG sized in mm (one user unit = 1 mm),
/// PNG on a white ARGB32 page of round(mm / 25.4 x pngDpi) pixels each way.
/// Page files are named by mapPageFile(output, format, page, pages): `output` itself for a PDF or a single
/// page, else "name-1.svg", "name-2.svg", ... Nothing reaches its target before commit(); destruction
/// without commit() leaves no file, not even earlier pages.
/// Throws core::util::OperationError(output, ...) when pngDpi is not positive or a PNG page would exceed
/// 400 million pixels; core::util::IoError(file, "", reason) when cairo cannot create or write a page.
class PageSink {
public:
    PageSink(const std::filesystem::path& output, MapOutputFormat format, double pngDpi, double pageWidthMm,
        double pageHeightMm, int pages, const std::string& title);

    /// Starts the next page and returns the context to draw it with (owned by the sink; valid until end()).
    cairo_t* begin();
    /// Ends the page begun last: shows it in the PDF, or writes the SVG / PNG page to its temporary file.
    void end();
    /// Renames every temporary over its target and returns the files written, in page order.
    std::vector<std::filesystem::path> commit();

private:
    void check(const char* what) const;

    std::filesystem::path m_output;
    MapOutputFormat m_format;
    double m_dpi;
    double m_pageW, m_pageH;
    int m_pages;
    int m_page = 0;
    std::unique_ptr<PdfWriter> m_pdf;
    std::vector<std::unique_ptr<core::io::AtomicFile>> m_files;
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> m_surface{nullptr, &cairo_surface_destroy};
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> m_context{nullptr, &cairo_destroy};
};

} // namespace sandtable::print
