// SPDX-License-Identifier: GPL-3.0-or-later
// PageSink: cairo PDF, SVG and image surfaces behind one begin/end/commit, on atomic files.
#include "page_sink.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cairo-svg.h>

#include <cmath>
#include <sstream>

namespace sandtable::print {
namespace {

// PNG pages larger than this many pixels are refused (an A0 page at 300 dpi is 139 million).
constexpr double kMaxPngPixels = 400.0e6;

} // namespace

PageSink::PageSink(const std::filesystem::path& output, MapOutputFormat format, double pngDpi, double pageWidthMm,
    double pageHeightMm, int pages, const std::string& title)
    : m_output(output), m_format(format), m_dpi(pngDpi), m_pageW(pageWidthMm), m_pageH(pageHeightMm), m_pages(pages)
{
    if (m_format == MapOutputFormat::Pdf) {
        m_pdf = std::make_unique<PdfWriter>(output, m_pageW, m_pageH, title);
    } else if (m_format == MapOutputFormat::Png) {
        if (!(m_dpi > 0))
            throw core::util::OperationError(output.string(), "--dpi", _("the PNG resolution must be positive"));
        const double w = std::round(m_pageW / 25.4 * m_dpi), h = std::round(m_pageH / 25.4 * m_dpi);
        if (w * h > kMaxPngPixels) {
            const auto figure = [](double v) {
                std::ostringstream text;
                text << v;
                return text.str();
            };
            throw core::util::OperationError(output.string(), _("PNG page"),
                core::i18n::format(_("a {1} x {2} mm page at {3} dpi is {4} x {5} pixels, over the cap of {6} million; lower --dpi or use a smaller page"),
                    {figure(m_pageW), figure(m_pageH), figure(m_dpi), std::to_string(static_cast<long long>(w)),
                        std::to_string(static_cast<long long>(h)), figure(kMaxPngPixels / 1e6)}));
        }
    }
}

cairo_t* PageSink::begin()
{
    ++m_page;
    if (m_pdf)
        return m_pdf->context();
    m_files.push_back(std::make_unique<core::io::AtomicFile>(mapPageFile(m_output, m_format, m_page, m_pages)));
    if (m_format == MapOutputFormat::Svg) {
        // cairo writes the surface's size with the document unit as given: sized in mm, one user unit = 1 mm.
        m_surface.reset(cairo_svg_surface_create(m_files.back()->temporaryPath().c_str(), m_pageW, m_pageH));
        check(_("cannot create the SVG"));
        cairo_svg_surface_set_document_unit(m_surface.get(), CAIRO_SVG_UNIT_MM);
        m_context.reset(cairo_create(m_surface.get()));
    } else {
        const int w = static_cast<int>(std::lround(m_pageW / 25.4 * m_dpi));
        const int h = static_cast<int>(std::lround(m_pageH / 25.4 * m_dpi));
        m_surface.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h));
        check(_("cannot allocate the PNG page"));
        m_context.reset(cairo_create(m_surface.get()));
        cairo_set_source_rgb(m_context.get(), 1, 1, 1);
        cairo_paint(m_context.get());
        cairo_scale(m_context.get(), m_dpi / 25.4, m_dpi / 25.4);
    }
    return m_context.get();
}

void PageSink::end()
{
    if (m_pdf) {
        cairo_show_page(m_pdf->context());
        return;
    }
    m_context.reset();
    if (m_format == MapOutputFormat::Png) {
        cairo_surface_flush(m_surface.get());
        const cairo_status_t status = cairo_surface_write_to_png(m_surface.get(), m_files.back()->temporaryPath().c_str());
        if (status != CAIRO_STATUS_SUCCESS)
            throw core::util::IoError(m_files.back()->target().string(), "", core::i18n::format(_("cannot write the PNG: {1}"), {cairo_status_to_string(status)}));
    } else {
        cairo_surface_finish(m_surface.get());
        check(_("cannot write the SVG"));
    }
    m_surface.reset();
}

std::vector<std::filesystem::path> PageSink::commit()
{
    std::vector<std::filesystem::path> written;
    if (m_pdf) {
        m_pdf->commit();
        written.push_back(m_output);
        return written;
    }
    for (auto& f : m_files) {
        f->commit();
        written.push_back(f->target());
    }
    return written;
}

void PageSink::check(const char* what) const
{
    const cairo_status_t status = cairo_surface_status(m_surface.get());
    if (status != CAIRO_STATUS_SUCCESS)
        throw core::util::IoError(m_files.empty() ? m_output.string() : m_files.back()->target().string(), "",
            std::string(what) + ": " + cairo_status_to_string(status));
}

} // namespace sandtable::print
