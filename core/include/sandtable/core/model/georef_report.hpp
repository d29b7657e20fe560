// SPDX-License-Identifier: GPL-3.0-or-later
// What a georeferencing report shows (issue 19 item 6): the fit's figures, the GCP table and a picture of
// the scan. A plain description: the importers fill it from a fit (importers/georef_report.hpp), the print
// library lays it out as a PDF (print/georef_report_print.hpp).
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::core {

/// One GCP of the report. Pixel/line in GDAL's convention ((0,0) is the top-left corner of the top-left
/// pixel, line grows downwards). The residual figures are those of geo::GcpResidual.
struct GeorefReportRow {
    int id = 0;
    bool enabled = true;
    double pixel = 0.0;
    double line = 0.0;
    double mapX = 0.0;        ///< the GCP's map position as given, in the GCP CRS's units (degrees for EPSG:4326)
    double mapY = 0.0;
    double dx = 0.0;          ///< fitted minus given map position, target-CRS units (metres for UTM)
    double dy = 0.0;
    double residualMap = 0.0; ///< hypot(dx, dy), target-CRS units
    double backPixel = 0.0;   ///< the map point sent back onto the scan (NaN when the fit's inverse found none)
    double backLine = 0.0;
    double residualPx = 0.0;  ///< scan pixels from (pixel, line) to (backPixel, backLine); NaN with backPixel
};

/// The scan down-sampled for the report's picture: `rgba` holds width * height * 4 bytes (R, G, B, straight
/// alpha; rows top to bottom) covering the whole scan. Empty (0 x 0): the picture shows the scan's frame only.
struct GeorefReportPicture {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;
};

/// Everything the report prints.
struct GeorefReport {
    std::string scanName;            ///< the title: the scan's file name
    int scanWidth = 0;               ///< full-resolution scan pixels, the GCPs' frame (must be > 0)
    int scanHeight = 0;
    GeoreferenceMethod method = GeoreferenceMethod::Affine;
    std::string gcpCrs;              ///< the GCPs' CRS as given, e.g. "EPSG:4326" (empty: none)
    std::string gcpCrsName;          ///< e.g. "WGS 84"
    std::optional<int> gcpCrsEpsg;
    bool gcpCrsGeographic = false;   ///< map x/y are degrees (printed to 6 decimals, else to 2)
    std::string targetCrs;           ///< e.g. "EPSG:32618"
    std::string targetCrsName;       ///< e.g. "WGS 84 / UTM zone 18N"
    std::optional<int> targetCrsEpsg;
    std::string targetUnit = "metre";///< the target CRS's linear unit (dx, dy, residuals, RMS)
    int enabledCount = 0;            ///< n, the GCPs the figures are over
    int minimum = 0;                 ///< k, the method's minimum (core::minimumGcps)
    double rmsMap = 0.0;             ///< sqrt(sum residualMap^2 / n), target units
    std::optional<double> meanErrorMap; ///< sqrt(sum residualMap^2 / (n - k)); empty when n == k
    double rmsPx = 0.0;              ///< sqrt(sum residualPx^2 / n), scan pixels
    std::vector<GeorefReportRow> rows;  ///< every GCP, any order (the report lists them worst first)
    GeorefReportPicture picture;
    /// The residual arrows' length factor; unset: chosen by the print (print::georefArrowFactor).
    std::optional<double> exaggeration;
    std::string language;            ///< the fixed texts' language ("fr", "de"; "" English), the scenario's (issue 25)
};

} // namespace sandtable::core
