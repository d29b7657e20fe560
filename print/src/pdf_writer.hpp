// SPDX-License-Identifier: GPL-3.0-or-later
// One PDF document written through cairo onto an AtomicFile: the steps every sandtable print shares.
#pragma once

#include "sandtable/core/io/atomic_file.hpp"

#include <cairo.h>

#include <filesystem>
#include <memory>
#include <string>

namespace sandtable::print {

/// Creates the PDF surface on a temporary beside `output`, with a context drawing in millimetres.
/// finish() ends the surface (the temporary then holds the whole PDF, e.g. for post-processing);
/// commit() finishes if needed and renames it over `output`. Destruction without commit() leaves no file.
/// Throws core::util::IoError(output, "", reason) when cairo cannot create or write the PDF.
class PdfWriter {
public:
    PdfWriter(const std::filesystem::path& output, double pageWidthMm, double pageHeightMm, const std::string& title);

    cairo_t* context() const noexcept { return m_context.get(); }
    const std::filesystem::path& temporaryPath() const noexcept { return m_file.temporaryPath(); }
    void finish();
    void commit();

private:
    std::filesystem::path m_output;
    core::io::AtomicFile m_file;
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> m_surface;
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> m_context;
};

} // namespace sandtable::print
