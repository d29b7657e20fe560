// SPDX-License-Identifier: GPL-3.0-or-later
// GDAL registration, the scoped CPL error handler, dataset/SRS handles, progress forwarding.
#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cpl_conv.h>
#include <cpl_error.h>

#include <algorithm>
#include <charconv>
#include <mutex>

namespace sandtable::geo::gdal {

void ensureGdalRegistered()
{
    static std::once_flag once;
    std::call_once(once, [] {
        // A truncated or corrupt JPEG is an error, not a warning with grey rows filled in: designers must
        // learn their scan is damaged before they digitise on it.
        CPLSetConfigOption("GDAL_ERROR_ON_LIBJPEG_WARNING", "TRUE");
        GDALAllRegister();
    });
}

namespace {

// GDAL's worker threads (the warper's) report through the process-wide handler, not the handler stack
// of the thread that started the work. That handler forwards to the most recent live scope, so those
// messages are captured too instead of going to stderr.
std::mutex g_scopesMutex;
std::vector<GdalErrorScope*> g_scopes;

void CPL_STDCALL forwardFromOtherThreads(CPLErr level, CPLErrorNum number, const char* message)
{
    const std::lock_guard lock(g_scopesMutex);
    if (g_scopes.empty()) {
        CPLDefaultErrorHandler(level, number, message);
        return;
    }
    g_scopes.back()->record(level, number, message);
}

} // namespace

GdalErrorScope::GdalErrorScope()
{
    ensureGdalRegistered();
    static std::once_flag once;
    std::call_once(once, [] { CPLSetErrorHandler(&forwardFromOtherThreads); });
    {
        const std::lock_guard lock(g_scopesMutex);
        g_scopes.push_back(this);
    }
    CPLPushErrorHandlerEx(&GdalErrorScope::handler, this);
}

GdalErrorScope::~GdalErrorScope()
{
    CPLPopErrorHandler();
    const std::lock_guard lock(g_scopesMutex);
    g_scopes.erase(std::remove(g_scopes.begin(), g_scopes.end(), this), g_scopes.end());
}

void CPL_STDCALL GdalErrorScope::handler(CPLErr level, CPLErrorNum number, const char* message)
{
    if (auto* self = static_cast<GdalErrorScope*>(CPLGetErrorHandlerUserData())) {
        const std::lock_guard lock(g_scopesMutex);
        self->record(level, number, message);
    }
}

void GdalErrorScope::record(int level, int number, const char* message)
{
    const std::string text = message ? message : "";
    if (level == CE_Failure || level == CE_Fatal) {
        // A user interrupt is the cause; the failures GDAL reports after it are consequences.
        if (m_lastFailureNumber == CPLE_UserInterrupt)
            return;
        m_lastFailure = text;
        m_lastFailureNumber = number;
    } else if (level == CE_Warning) {
        m_warnings.push_back(text);
    }
}

std::string GdalErrorScope::reason(const std::string& fallback) const
{
    if (m_lastFailure.empty())
        return fallback;
    if (fallback.empty())
        return m_lastFailure;
    return core::i18n::format(_("{1} (GDAL: {2})"), {fallback, m_lastFailure});
}

void GdalErrorScope::clear()
{
    m_lastFailure.clear();
    m_lastFailureNumber = 0;
    m_warnings.clear();
}

void GdalErrorScope::raise(const std::string& file, const std::string& object, const std::string& fallback) const
{
    const std::string why = reason(fallback);
    switch (m_lastFailureNumber) {
    case CPLE_UserInterrupt:
        throw core::util::Cancelled{};
    case CPLE_OpenFailed:
    case CPLE_FileIO:
    case CPLE_NoWriteAccess:
    case CPLE_OutOfMemory:
        throw core::util::IoError(file, object, why);
    case CPLE_NotSupported:
    case CPLE_AssertionFailed:
        throw core::util::FormatError(file, object, why);
    default:
        throw core::util::OperationError(file, object, why);
    }
}

void DatasetCloser::operator()(GDALDatasetH dataset) const noexcept
{
    if (dataset)
        GDALClose(dataset);
}

void SrsReleaser::operator()(OGRSpatialReferenceH srs) const noexcept
{
    if (srs)
        OSRRelease(srs);
}

Dataset openRaster(const std::filesystem::path& path)
{
    GdalErrorScope errors;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw core::util::IoError(path.string(), "", _("no such file"));
    if (std::filesystem::is_directory(path, ec))
        throw core::util::IoError(path.string(), "", _("is a folder, not a raster file"));
    GDALDatasetH handle = GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
    if (!handle) {
        // GDAL says CPLE_OpenFailed both for unreadable files and for formats it does not know; the file
        // exists, so tell the user it is the content.
        FILE* probe = std::fopen(path.c_str(), "rb");
        if (!probe)
            throw core::util::IoError(path.string(), "", _("cannot open for reading"));
        std::fclose(probe);
        throw core::util::FormatError(path.string(), "", errors.reason(_("not a raster format GDAL can read, or a corrupt file")));
    }
    return Dataset(handle);
}

Srs makeSrs(const std::string& text, const std::string& context)
{
    GdalErrorScope errors;
    Srs srs(OSRNewSpatialReference(nullptr));
    if (isLocalFrame(text)) {
        // A calibrated map's local metric frame: an engineering CRS in metres, with no way to the globe.
        if (OSRSetLocalCS(srs.get(), text.substr(6).c_str()) != OGRERR_NONE
            || OSRSetLinearUnits(srs.get(), SRS_UL_METER, 1.0) != OGRERR_NONE)
            throw core::util::OperationError(context, "CRS", errors.reason(core::i18n::format(_("cannot make the local frame '{1}'"), {text})));
        return srs;
    }
    if (text.empty() || OSRSetFromUserInput(srs.get(), text.c_str()) != OGRERR_NONE)
        throw core::util::OperationError(context, "CRS", errors.reason(core::i18n::format(_("cannot read the CRS '{1}'"), {text})));
    OSRSetAxisMappingStrategy(srs.get(), OAMS_TRADITIONAL_GIS_ORDER);
    return srs;
}

int CPL_STDCALL forwardProgress(double fraction, const char* /*message*/, void* range)
{
    auto* r = static_cast<ProgressRange*>(range);
    if (!r || !r->callback || !*r->callback)
        return TRUE;
    // The warper may report from its worker threads; callbacks are not required to be thread-safe.
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    // Once cancelled, always cancelled. GDAL 3.6's multi-threaded warp keeps the kernel's stop flag from one
    // chunk to the next: a later chunk that the progress let start (a callback that said yes again, or a
    // chunk whose start lies before the fraction that was refused) ran its jobs into that stale flag, and
    // ChunkAndWarpMulti then waited for rows that never came (1 run in 10 of cancelled_warp_leaves_nothing
    // hung under load). Refusing every later call stops each chunk before its jobs start.
    if (r->cancelled)
        return FALSE;
    const double whole = r->start + (r->end - r->start) * fraction;
    if (!(*r->callback)(whole, r->what)) {
        r->cancelled = true;
        return FALSE;
    }
    return TRUE;
}

core::Geometry toModelGeometry(OGRGeometryH geometry)
{
    char* wkt = nullptr;
    OGR_G_ExportToWkt(geometry, &wkt);
    const std::string text = wkt ? wkt : "";
    CPLFree(wkt);
    return core::geometry::fromWkt(text);
}

std::string formatNumber(double value)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

} // namespace sandtable::geo::gdal
