// SPDX-License-Identifier: GPL-3.0-or-later
// cairo PDF surface on an atomic file: creation, metadata, millimetre units, finish and commit.
#include "pdf_writer.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/print/page.hpp"

#include <cairo-pdf.h>

namespace sandtable::print {

PdfWriter::PdfWriter(const std::filesystem::path& output, double pageWidthMm, double pageHeightMm, const std::string& title)
    : m_output(output)
    , m_file(output)
    , m_surface(cairo_pdf_surface_create(m_file.temporaryPath().c_str(), pointsFromMillimetres(pageWidthMm),
                    pointsFromMillimetres(pageHeightMm)),
          &cairo_surface_destroy)
    , m_context(nullptr, &cairo_destroy)
{
    if (cairo_surface_status(m_surface.get()) != CAIRO_STATUS_SUCCESS)
        throw core::util::IoError(output.string(), "",
            core::i18n::format(_("cannot create the PDF: {1}"), {cairo_status_to_string(cairo_surface_status(m_surface.get()))}));
    cairo_pdf_surface_set_metadata(m_surface.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
    cairo_pdf_surface_set_metadata(m_surface.get(), CAIRO_PDF_METADATA_CREATOR, "sandtable");
    m_context.reset(cairo_create(m_surface.get()));
    cairo_scale(m_context.get(), 1.0 / kMillimetresPerPoint, 1.0 / kMillimetresPerPoint);
}

void PdfWriter::finish()
{
    if (!m_surface)
        return;
    m_context.reset();
    cairo_surface_finish(m_surface.get());
    const cairo_status_t status = cairo_surface_status(m_surface.get());
    m_surface.reset();
    if (status != CAIRO_STATUS_SUCCESS)
        throw core::util::IoError(m_output.string(), "", core::i18n::format(_("cannot write the PDF: {1}"), {cairo_status_to_string(status)}));
}

void PdfWriter::commit()
{
    finish();
    m_file.commit();
}

} // namespace sandtable::print
