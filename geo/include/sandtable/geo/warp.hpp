// SPDX-License-Identifier: GPL-3.0-or-later
// Warping a georeferenced scan into its target CRS as a GeoTIFF, through GDAL's warper.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"

#include <array>
#include <filesystem>
#include <string>

namespace sandtable::geo {

/// What to warp: the scan, its fitted georeference (method, target CRS, transform for
/// affine/poly1/helmert; for poly2/poly3/tps the enabled GCPs, refitted by GDAL in the target CRS).
struct WarpRequest {
    std::filesystem::path scan;
    core::Georeference georeference;
    std::filesystem::path output;
    std::string resampling = "bilinear"; ///< GDAL resampling name: near, bilinear, cubic, lanczos, ...
    std::string compression = "DEFLATE"; ///< GeoTIFF COMPRESS: DEFLATE, LZW, ZSTD, NONE, ...
    bool buildOverviews = true;         ///< internal overviews down to ~256 px
    core::util::ProgressCallback progress;
};

/// The GeoTIFF written.
struct WarpResult {
    std::string path;
    int width = 0;                      ///< pixels
    int height = 0;                     ///< pixels
    int bands = 0;                      ///< colour bands + 1 alpha band
    std::array<double, 6> geotransform{}; ///< target CRS units (metres)
    int overviewLevels = 0;
    std::string crs;                    ///< target CRS as given ("EPSG:n")
};

/// Warps `scan` into `georeference.crs`: output bounds from dense sampling of the scan's edges (nothing
/// clipped), square pixels at GDAL's suggested resolution, an alpha band marking where the scan is (no
/// black frame), a palette expanded to RGB, multithreaded (NUM_THREADS=ALL_CPUS for the warper and
/// the compressor), tiled + `compression`, internal overviews down to ~256 px (unless buildOverviews
/// is false). poly2/poly3/tps warp through our fit's exact inverse (InverseMesh over the scan: every output
/// pixel whose map point the fit covers gets a root of the forward fit, also where a spline through uneven
/// GCPs folds), not GDAL's separately fitted reverse, approximated by GDAL's approximate transformer
/// within 0.125 output px (gdalwarp's default), so every GCP lands within ~0.125 output px of where the
/// fit sends it; the warper samples each chunk on a grid to find the scan pixels it needs. Written to a temporary file beside `output` and renamed over it
/// at the end: nothing is left at `output` on failure or cancellation. Progress: warping then overviews.
/// Throws core::util::IoError/FormatError for the scan or the output, core::util::OperationError when GDAL cannot
/// build the transform, core::util::Cancelled when the progress callback asked to stop.
WarpResult warpToGeoTiff(const WarpRequest& request);

} // namespace sandtable::geo
