// SPDX-License-Identifier: GPL-3.0-or-later
// Scale-only calibration of unreferenced scans into a local metric frame.
#include "sandtable/geo/calibrate.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/io/atomic_file.hpp"

#include <cpl_string.h>

#include <cmath>

namespace sandtable::geo {

namespace {
constexpr double kMetresPerInch = 0.0254;
}

double metresPerPixelFromDpi(double scaleDenominator, double dpi)
{
    if (!(scaleDenominator > 0.0) || !std::isfinite(scaleDenominator))
        throw core::util::OperationError("", _("scale"), _("the scale denominator must be a positive number"));
    if (!(dpi > 0.0) || !std::isfinite(dpi))
        throw core::util::OperationError("", _("dpi"), _("the scan resolution must be a positive number of dots per inch"));
    return scaleDenominator * kMetresPerInch / dpi;
}

double metresPerPixelFromScaleBar(const ScaleBar& bar)
{
    const double pixels = std::hypot(bar.x2 - bar.x1, bar.y2 - bar.y1);
    if (!std::isfinite(pixels) || pixels <= 0.0)
        throw core::util::OperationError("", _("scale bar"), _("its two points are the same pixel: pick the bar's two ends"));
    if (!(bar.metres > 0.0) || !std::isfinite(bar.metres))
        throw core::util::OperationError("", _("scale bar"), _("the distance in metres must be a positive number"));
    return bar.metres / pixels;
}

std::string localFrameWkt(double scaleDenominator)
{
    return "LOCAL_CS[\"sandtable local frame (scan at 1:" + gdal::formatNumber(scaleDenominator)
        + ")\",LOCAL_DATUM[\"scan\",32767],UNIT[\"metre\",1,AUTHORITY[\"EPSG\",\"9001\"]],"
          "AXIS[\"Easting\",EAST],AXIS[\"Northing\",NORTH]]";
}

CalibrationResult calibrateScan(const CalibrationRequest& request)
{
    const std::string outName = request.output.string();
    if (request.dpi.has_value() == request.scaleBar.has_value())
        throw core::util::OperationError(request.scan.string(), _("calibration"), _("give either the scan resolution (dpi) or a scale bar, not both or neither"));
    CalibrationResult result;
    result.scaleDenominator = request.scaleDenominator;
    try {
        if (request.dpi) {
            result.metresPerPixel = metresPerPixelFromDpi(request.scaleDenominator, *request.dpi);
            result.dpi = *request.dpi;
        } else {
            result.metresPerPixel = metresPerPixelFromScaleBar(*request.scaleBar);
            // Pixels per inch of paper at this scale: a check on the scan against the scanner's setting.
            result.dpi = metresPerPixelFromDpi(request.scaleDenominator, 1.0) / result.metresPerPixel;
        }
    } catch (const core::util::OperationError& e) {
        throw core::util::OperationError(request.scan.string(), e.object(), e.reason());
    }

    gdal::Dataset scan = gdal::openRaster(request.scan);
    gdal::GdalErrorScope errors;
    result.width = GDALGetRasterXSize(scan.get());
    result.height = GDALGetRasterYSize(scan.get());
    const double m = result.metresPerPixel;
    result.geotransform = {0.0, m, 0.0, m * result.height, 0.0, -m};
    result.crsWkt = localFrameWkt(request.scaleDenominator);

    gdal::Dataset source(GDALCreateCopy(GDALGetDriverByName("VRT"), "", scan.get(), FALSE, nullptr, nullptr, nullptr));
    if (!source)
        errors.raise(request.scan.string(), "", _("cannot prepare the scan"));
    GDALSetGeoTransform(source.get(), result.geotransform.data());
    GDALSetProjection(source.get(), result.crsWkt.c_str());

    core::io::AtomicFile file(request.output);
    {
        char** options = nullptr;
        options = CSLSetNameValue(options, "TILED", "YES");
        options = CSLSetNameValue(options, "COMPRESS", "DEFLATE");
        options = CSLSetNameValue(options, "BIGTIFF", "IF_SAFER");
        gdal::ProgressRange progress{&request.progress, 0.0, 1.0, N_("calibrating"), false};
        gdal::Dataset out(GDALCreateCopy(GDALGetDriverByName("GTiff"), file.temporaryPath().c_str(), source.get(), FALSE,
            options, gdal::forwardProgress, &progress));
        CSLDestroy(options);
        if (progress.cancelled)
            throw core::util::Cancelled{};
        if (!out)
            errors.raise(outName, "", _("cannot write the GeoTIFF"));
        errors.clear();
        out.reset();
        if (!errors.lastFailure().empty())
            errors.raise(outName, "", _("cannot write the GeoTIFF"));
    }
    file.commit();
    result.path = outName;
    return result;
}

} // namespace sandtable::geo
