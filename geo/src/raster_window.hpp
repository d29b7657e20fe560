// SPDX-License-Identifier: GPL-3.0-or-later
// One way to draw a raster for display and print: resampled by GDALWarp into a window of the working CRS,
// as RGBA (private to importers/src).
#pragma once

#include "sandtable/geo/map_raster.hpp"

#include <gdal.h>

#include <string>
#include <vector>

namespace sandtable::geo::detail {

/// `input` (anything GDAL can warp: a georeferenced file, a VRT carrying GCPs) resampled bilinearly into
/// `window` (working-CRS metres, `crs` as GDAL reads it) at `width` x `height` pixels, north up, as RGBA:
/// palettes expanded first, grey replicated, 16-bit data stretched to 8 bits by one range for all colour
/// bands, outside the raster A = 0. `extraArguments` go to GDALWarp as they are (e.g. "-tps").
/// Throws as GdalErrorScope::raise naming `sourceName`; core::util::Cancelled when `progress` cancels.
RenderedRaster warpIntoWindow(GDALDatasetH input, const std::string& crs, const core::Extent& window, int width,
    int height, const std::vector<std::string>& extraArguments, const core::util::ProgressCallback& progress,
    const std::string& sourceName, const std::string& what);

} // namespace sandtable::geo::detail
