// SPDX-License-Identifier: GPL-3.0-or-later
// The whole georeferencing job the CLI, the demo and the editor share: read GCPs, move them into the
// target CRS, fit, report, and optionally write a world file and a warped GeoTIFF.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/core/validation/diagnostic.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/gcp_fit.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "sandtable/geo/warp.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::geo {

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
    core::util::ProgressCallback progress;
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
    core::validation::Diagnostics diagnostics;       ///< warnings, e.g. a GCP outside the image (allowed)
    std::optional<WarpResult> warp;      ///< when outputTiff was given
    std::optional<std::string> worldFile;///< when worldFile was given
};

/// Runs the job. Nothing is written unless the fit succeeds. Throws core::util::IoError / FormatError for
/// unreadable inputs (a bad `.points` row names file, row and column), core::util::OperationError for a fit
/// that is refused (too few GCPs, degenerate layout: the GCP ids are named) or a world file asked for a
/// non-affine method, core::util::Cancelled when the progress callback says stop.
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
/// Throws core::util::OperationError(context, "GCP id", why) for a GCP that does not fit its CRS,
/// (context, "target CRS", ...) when the target is geographic (the fit would be in degrees), and
/// (context, "CRS", ...) when neither the GCPs, the georeference nor the scenario has a CRS.
FitFrame fitFrame(const core::Georeference& georeference, const std::string& workingCrs, const std::string& context = {});

/// The fitter every GCP edit refits with (core::document::operations::GeoreferenceFitter), the CLI's `map georef` and
/// the editor's Georeference pane alike: the GCPs moved into the fit's frame (fitFrame; the operations have
/// put the working CRS in `crs` when there is one, an empty one is auto and is resolved here), refused when
/// the fit would mirror the scan (mirroredFit), fitted (fitGcps); sets `crs`, `transform`, `rmsMap` and
/// `rmsPixels`. Throws core::util::OperationError as fitFrame and fitGcps do, ("", "GCPs", why) for a mirror.
void fitStoredGeoreference(core::Georeference& georeference);

/// The fit fitStoredGeoreference makes, returned instead of stored: the frame (fitFrame with `workingCrs`)
/// and the fit of its points by the georeference's method, for a product drawn from it (the georeferencing
/// report). Throws core::util::OperationError(context, ...) as fitFrame and fitGcps do, (context, "GCPs", why) when
/// the fit would mirror the scan.
struct StoredFit {
    FitFrame frame;
    GcpFit fit;
};
StoredFit fitStored(const core::Georeference& georeference, const std::string& workingCrs, const std::string& context = {});

/// The GCPs of a QGIS `.points` file as the scenario scan's GCPs, ids numbering the rows from 1: one
/// "Import GCPs" edit (core::document::operations::setGcps, refitted by fitStoredGeoreference), the CLI's `map georef`
/// and the editor's Import GCPs alike. The source columns are pixel and negated line, as QGIS writes them
/// for a plain scan. The GCPs are in the file's CRS, else `defaultCrs`. Throws core::util::IoError / FormatError
/// for a file that cannot be read (row and column named), core::util::OperationError naming the GCP whose values
/// do not fit the CRS and as the fit does; nothing is changed then.
core::document::Edit importGcps(const core::Scenario& scenario, const std::filesystem::path& points, const std::string& defaultCrs);

/// Scan pixel/line -> the scenario's working CRS (metres) through the map's stored georeference: for
/// affine, poly1 and helmert with a stored geotransform (a calibrated scan has no GCPs) that geotransform,
/// otherwise the fit of the GCPs (fitFrame, then GcpTransform::toMap); then from the fit's CRS to the
/// working CRS when they differ. Used to make terrain of the places read off a scan
/// (core::document::operations::placesToTerrain). Throws core::util::OperationError(context, "map", why) when the scenario
/// has no map or the map no georeference, and as fitFrame and GcpTransform do.
core::document::operations::ScanToWorking scanToWorking(const core::Scenario& scenario, const std::string& context = {});

} // namespace sandtable::geo
