// SPDX-License-Identifier: GPL-3.0-or-later
// The georeferencing report's content from a fit: the figures, the GCP rows, the CRS names and the scan
// down-sampled for its picture (print::printGeorefReport lays it out).
#pragma once

#include "sandtable/core/model/georef_report.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/geo/gcp_fit.hpp"
#include "sandtable/geo/georeference_scan.hpp"

#include <filesystem>
#include <string>

namespace sandtable::geo {

/// The longest side, in pixels, the scan is read at for the report's picture (DisplayRaster, nearest
/// neighbour from the best overview): about 240 dpi in the report's 180 x 125 mm picture box.
inline constexpr int kGeorefReportPictureMaxSide = 1200;

/// The report of `fit`, the fit of `georeference.gcps` (same order, as fitGcps returns it) in `targetCrs`
/// ("EPSG:n" or anything describeCrs reads). Rows take pixel, line and the map position as given in
/// `georeference.gcpCrs` from the GCPs, the residual figures from the fit. The CRS names and EPSG codes come
/// from OSR. The picture is the whole scan read through DisplayRaster with its longest side
/// kGeorefReportPictureMaxSide pixels (or the scan's own size when smaller).
/// Throws core::util::OperationError when the fit's residuals do not match the GCPs (count or ids) or a CRS cannot
/// be read; core::util::IoError / FormatError when the scan cannot be read.
core::GeorefReport georefReport(const std::filesystem::path& scan, const core::Georeference& georeference,
    const GcpFit& fit, const std::string& targetCrs);

/// The same from georeferenceScan()'s result.
core::GeorefReport georefReport(const std::filesystem::path& scan, const GeorefResult& result);

} // namespace sandtable::geo
