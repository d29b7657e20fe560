// SPDX-License-Identifier: GPL-3.0-or-later
// The whole georeferencing job the CLI, the demo and the editor share: read GCPs, move them into the
// target CRS, fit, report, and optionally write a world file and a warped GeoTIFF.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/core/validation/diagnostic.hpp"
#include "sandtable/importers/crs.hpp"
#include "sandtable/importers/gcp_fit.hpp"
#include "sandtable/importers/raster_info.hpp"
#include "sandtable/importers/warp.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::importers {

/// What to georeference and what to write.
struct GeorefRequest {
    std::filesystem::path scan;
    /// QGIS `.points` file; when empty, `gcps` and `gcpCrs` are used instead (e.g. from the editor).
    std::filesystem::path points;
    std::vector<core::Gcp> gcps;        ///< pixel/line (GDAL convention) + map x/y in gcpCrs
    std::string gcpCrs;                 ///< CRS of the GCPs' map coordinates, e.g. "EPSG:4326"
    core::GeoreferenceMethod method = core::GeoreferenceMethod::Affine;
    /// "EPSG:n" (or any CRS OSR reads), or "auto": the GCP CRS when it is projected, else the WGS 84
    /// UTM zone of the GCPs' centre (EPSG:32618 for Gettysburg).
    std::string targetCrs = "auto";
    std::optional<std::filesystem::path> outputTiff; ///< warped GeoTIFF to write (atomically)
    std::optional<std::filesystem::path> worldFile;  ///< world file to write for the scan (affine/poly1/helmert)
    std::string resampling = "bilinear";
    core::ProgressCallback progress;
};

/// The outcome: `georeference` is ready to store in a core::MapSource (GCPs in the points' CRS, method,
/// target CRS "EPSG:n", transform, RMS in metres and pixels).
struct GeorefResult {
    core::Georeference georeference;
    GcpFit fit;                          ///< residuals per GCP (input order), RMS, mean error
    std::string targetCrs;               ///< "EPSG:n" (or WKT when the CRS has no EPSG code)
    CrsDescription targetCrsDescription; ///< e.g. linearUnit "metre"
    RasterInfo scan;
    std::vector<FitPoint> fitPoints;     ///< the GCPs as fitted: map positions in the target CRS
    core::Diagnostics diagnostics;       ///< warnings, e.g. a GCP outside the image (allowed)
    std::optional<WarpResult> warp;      ///< when outputTiff was given
    std::optional<std::string> worldFile;///< when worldFile was given
};

/// Runs the job. Nothing is written unless the fit succeeds. Throws core::IoError / FormatError for
/// unreadable inputs (a bad `.points` row names file, row and column), core::OperationError for a fit
/// that is refused (too few GCPs, degenerate layout: the GCP ids are named) or a world file asked for a
/// non-affine method, core::Cancelled when the progress callback says stop.
GeorefResult georeferenceScan(const GeorefRequest& request);

/// The CRS "auto" resolves to for GCPs in `gcpCrs` (see GeorefRequest::targetCrs).
std::string autoTargetCrs(const std::string& gcpCrs, const std::vector<core::Coordinate>& gcpMapPoints,
    const std::string& context = {});

/// A stored georeference's GCPs in the frame the fit is computed in.
struct FitFrame {
    std::string targetCrs;               ///< "EPSG:n" (or WKT): projected or local, never geographic
    CrsDescription target;
    std::vector<FitPoint> points;        ///< one per GCP, input order, map positions in targetCrs
};

/// The one place that says where a fit is computed (CLI and editor alike, issue 19 item 3): in the
/// georeference's target `crs`; when it has none, in the scenario's `workingCrs`; when there is none
/// either, "auto" (autoTargetCrs: the GCP CRS when projected, else the UTM zone of the GCPs' centre).
/// Every GCP's map position is first checked against the GCP CRS (checkPointsFitCrs: degrees labelled
/// UTM, swapped axes), then transformed into the target. A GCP without CRS is taken to be in the target.
/// Throws core::OperationError(context, "GCP id", why) for a GCP that does not fit its CRS,
/// (context, "target CRS", ...) when the target is geographic (the fit would be in degrees), and
/// (context, "CRS", ...) when neither the GCPs, the georeference nor the scenario has a CRS.
FitFrame fitFrame(const core::Georeference& georeference, const std::string& workingCrs, const std::string& context = {});

} // namespace sandtable::importers
