// SPDX-License-Identifier: GPL-3.0-or-later
// The georeferencing report of a scenario's scan (an A4 PDF: method, CRSs, RMS, the scan with residual arrows,
// the GCP table worst first): one function for `sandtable map report` and the editor's Georeference pane, so
// the fit, its frame and the report's language are the same in both (issue 42 item 1).
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/print/georef_report_print.hpp"

#include <filesystem>

namespace sandtable::app {

/// Fits the scenario's stored GCPs as every GCP edit does (geo::fitFrame in the georeference's CRS,
/// else the working CRS, else auto; refused when the fit would mirror the scan; geo::fitGcps with the
/// stored method), and writes the report of that fit in the scenario's language. The scan is the map
/// raster, a relative path resolved against `scenarioFile`'s folder. Throws core::util::OperationError (the
/// scenario file, "map", why) without a map or a georeference, and as the fit does (too few enabled GCPs);
/// core::util::IoError / FormatError for a scan that cannot be read or a PDF that cannot be written.
print::GeorefReportResult writeGeorefReport(const core::Scenario& scenario, const std::filesystem::path& scenarioFile,
    const std::filesystem::path& output);

} // namespace sandtable::app
