// SPDX-License-Identifier: GPL-3.0-or-later
// The georeferencing report as an A4 PDF (issue 19 item 6, after QGIS's Georeferencer report): method,
// CRSs, RMS, a picture of the scan with its GCPs and residual arrows, and the GCP table worst first.
#pragma once

#include "sandtable/core/model/georef_report.hpp"

#include <cstddef>
#include <filesystem>

namespace sandtable::print {

/// GCP table rows on the first page (under the figures and the picture) and on each further page.
inline constexpr int kGeorefReportRowsFirstPage = 19;
inline constexpr int kGeorefReportRowsPerPage = 63;

/// The scan's picture fits in a box this size (mm) on the first page, keeping its aspect.
inline constexpr double kGeorefReportPictureWidthMm = 180.0;
inline constexpr double kGeorefReportPictureHeightMm = 125.0;

/// The longest residual arrow is drawn at most this long on paper (mm) when it is exaggerated.
inline constexpr double kGeorefReportLongestArrowMm = 20.0;

/// Pages of a report with `gcps` table rows: 1 when they fit on the first page, else
/// 1 + ceil((gcps - kGeorefReportRowsFirstPage) / kGeorefReportRowsPerPage) (343 GCPs: 1 + ceil(324 / 63) = 7).
int georefReportPages(std::size_t gcps);

/// Millimetres on paper of one scan pixel in the picture: min(180 / width, 125 / height).
/// Throws core::util::OperationError when a side is not positive.
double georefPictureScale(int scanWidth, int scanHeight);

/// The residual arrows' factor for a longest true-length arrow of `longestArrowMm` on paper: the largest
/// of 1, 2, 5, 10, 20, 50, ... 1,000,000 at which it is at most kGeorefReportLongestArrowMm long; 1 when the
/// true length is already longer (arrows are never shortened) or when there are no residuals (0 or not finite).
/// printGeorefReport takes the longest over every GCP, enabled or not, whose back point is known:
/// max residualPx x georefPictureScale.
double georefArrowFactor(double longestArrowMm);

/// What printing did.
struct GeorefReportResult {
    int pages = 0;
    double exaggeration = 1.0;   ///< the arrows' factor used (the report's own, or georefArrowFactor)
    double mmPerScanPixel = 0.0; ///< georefPictureScale of the scan
};

/// Writes the report as an A4 portrait PDF, atomically (a temporary beside `output` renamed over it; on
/// failure no file is left and an existing `output` is untouched). Page 1: the title (the scan's file name),
/// the method, the GCP CRS and the target CRS (name and EPSG code), n enabled of the total, RMS in the
/// target unit and in pixels, the mean error; the scan (report.picture) with every GCP marked and numbered
/// (enabled: red dots, disabled: grey rings with a cross) and its residual arrow from the GCP towards where
/// the fit sends its map point back onto the scan (core::residualArrowHead), drawn `exaggeration` times its
/// length, the factor stated in the caption; then the GCP table worst first (core::worstFirst: id, enabled,
/// pixel, line, map x, map y, dx, dy, residual in the target unit and in pixels), continued on further pages.
/// Numbers are written with '.' whatever the locale; a figure that is not finite prints "n/a".
/// Throws core::util::OperationError (no scan size, a picture buffer that does not match its size, an
/// exaggeration that is not positive), core::util::IoError (the file cannot be written, e.g. a missing folder).
GeorefReportResult printGeorefReport(const core::GeorefReport& report, const std::filesystem::path& output);

} // namespace sandtable::print
