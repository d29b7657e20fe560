// SPDX-License-Identifier: GPL-3.0-or-later
// The one place GDAL's CPL errors become sandtable's typed exceptions, plus RAII handles for GDAL objects.
#pragma once

#include "sandtable/core/model/geometry.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/progress.hpp"

#include <gdal.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace sandtable::geo::gdal {

/// Registers GDAL's drivers once per process.
void ensureGdalRegistered();

/// While alive, CPL errors raised on this thread are captured here instead of printed on stderr (GDAL's
/// default handler). Warnings are kept for diagnostics; the last failure feeds the exception thrown.
class GdalErrorScope {
public:
    GdalErrorScope();
    ~GdalErrorScope();
    GdalErrorScope(const GdalErrorScope&) = delete;
    GdalErrorScope& operator=(const GdalErrorScope&) = delete;

    /// The last CE_Failure / CE_Fatal message (empty when none).
    const std::string& lastFailure() const noexcept { return m_lastFailure; }
    int lastFailureNumber() const noexcept { return m_lastFailureNumber; }
    const std::vector<std::string>& warnings() const noexcept { return m_warnings; }

    /// The reason to put into an exception: GDAL's own message when it gave one, else `fallback`.
    std::string reason(const std::string& fallback) const;
    /// Forgets what was captured so far (before a step whose own failure is to be judged).
    void clear();
    /// Records one CPL message (called by the handlers; callers hold the scopes' lock).
    void record(int level, int number, const char* message);

    /// Throws IoError for GDAL's I/O failures (open, read, write), FormatError for unsupported or
    /// corrupt files, OperationError otherwise; core::util::Cancelled when the user interrupted.
    [[noreturn]] void raise(const std::string& file, const std::string& object, const std::string& fallback) const;

private:
    static void CPL_STDCALL handler(CPLErr level, CPLErrorNum number, const char* message);
    std::string m_lastFailure;
    int m_lastFailureNumber = 0;
    std::vector<std::string> m_warnings;
};

struct DatasetCloser {
    void operator()(GDALDatasetH dataset) const noexcept;
};
/// Owns a GDAL dataset (closed, and flushed, when reset).
using Dataset = std::unique_ptr<std::remove_pointer_t<GDALDatasetH>, DatasetCloser>;

struct SrsReleaser {
    void operator()(OGRSpatialReferenceH srs) const noexcept;
};
/// Owns an OSR spatial reference.
using Srs = std::unique_ptr<std::remove_pointer_t<OGRSpatialReferenceH>, SrsReleaser>;

/// Opens a raster read-only; IoError when missing/unreadable, FormatError when GDAL cannot read it.
Dataset openRaster(const std::filesystem::path& path);

/// Parses "EPSG:n", WKT, PROJ strings, ... (anything OSRSetFromUserInput takes), with the traditional
/// GIS axis order (x = easting/longitude). Throws OperationError(context, "CRS", reason) when unreadable.
Srs makeSrs(const std::string& text, const std::string& context);

/// A GDALProgressFunc forwarding to a ProgressCallback over [start, end] of the whole job.
struct ProgressRange {
    const core::util::ProgressCallback* callback = nullptr;
    double start = 0.0;
    double end = 1.0;
    std::string what;
    bool cancelled = false;
};
int CPL_STDCALL forwardProgress(double fraction, const char* message, void* range);

/// The options object a GDAL utility (GDALWarpAppOptionsNew, GDALTranslateOptionsNew, ...) returned, or
/// `errors.raise(file, tool, ...)` with GDAL's reason when it returned null (an argument it refused, such
/// as a CRS it cannot read): using a null options object crashes or writes a file named "".
template <typename Options>
Options* requireOptions(Options* options, const GdalErrorScope& errors, const std::string& file, const std::string& tool)
{
    if (!options)
        errors.raise(file, tool, core::i18n::format(_("GDAL refused the {1} options"), {tool}));
    return options;
}

/// True for a local metric frame ("LOCAL:name", a calibrated Kriegsspiel map): no CRS GDAL can reproject
/// to or from; rasters in it are used in their own frame (no -t_srs).
inline bool isLocalFrame(const std::string& crs) { return crs.rfind("LOCAL:", 0) == 0; }

/// An OGR geometry as the model's Geometry (through its WKT, so every type fromWkt reads; 3D is flattened
/// by the WKT reader). Throws what core::geometry::fromWkt throws for a type the model does not hold.
core::Geometry toModelGeometry(OGRGeometryH geometry);

/// Shortest text that reads back to the same double (std::to_chars).
std::string formatNumber(double value);

} // namespace sandtable::geo::gdal
