// SPDX-License-Identifier: GPL-3.0-or-later
// Kriegsspiel maps: a scan with no geography, put into a local metric frame by its scale alone.
#pragma once

#include "sandtable/core/util/progress.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::geo {

/// Two points on the scan's scale bar (pixel/line, pixel (0,0) = top-left corner) and the ground
/// distance between them in metres.
struct ScaleBar {
    double x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0;
    double metres = 0.0;
};

/// Ground metres per scan pixel from the map's scale 1:`scaleDenominator` and the scan resolution in
/// dots per inch: denominator x 0.0254 / dpi (1:8000 at 300 dpi = 0.677 m). Throws
/// core::util::OperationError for a non-positive or non-finite input.
double metresPerPixelFromDpi(double scaleDenominator, double dpi);

/// Ground metres per scan pixel from a scale bar: metres / pixel distance. Throws core::util::OperationError
/// when the two points coincide or the distance is not positive.
double metresPerPixelFromScaleBar(const ScaleBar& bar);

struct CalibrationRequest {
    std::filesystem::path scan;
    double scaleDenominator = 8000.0;   ///< the drawn map's scale 1:N
    std::optional<double> dpi;          ///< scan resolution; exactly one of dpi and scaleBar
    std::optional<ScaleBar> scaleBar;
    std::filesystem::path output;       ///< GeoTIFF to write (atomically)
    core::util::ProgressCallback progress;
};

struct CalibrationResult {
    double metresPerPixel = 0.0;        ///< ground metres per scan pixel (square pixels assumed)
    double scaleDenominator = 0.0;
    double dpi = 0.0;                   ///< the scan resolution given, or the one the scale bar implies
    int width = 0;                      ///< pixels
    int height = 0;
    std::array<double, 6> geotransform{}; ///< local frame, metres; the scan's bottom-left corner is (0, 0)
    std::string crsWkt;                 ///< the engineering (local) CRS written
    std::string path;
};

/// Copies the scan to a GeoTIFF whose geotransform puts it in a local metric frame (x east, y north,
/// origin at the bottom-left corner, square pixels of metresPerPixel) with an engineering CRS in metres.
/// Throws core::util::OperationError when neither or both of dpi and scaleBar are given or they are invalid,
/// core::util::IoError/FormatError for the scan or the output (nothing is left at `output` on failure).
CalibrationResult calibrateScan(const CalibrationRequest& request);

/// The local engineering CRS of calibrated scans (WKT1 LOCAL_CS, metres).
std::string localFrameWkt(double scaleDenominator);

} // namespace sandtable::geo
