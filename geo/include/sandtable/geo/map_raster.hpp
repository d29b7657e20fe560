// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario's map raster resampled into the working CRS for display and print (GDAL warper).
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::geo {

/// Largest raster rendered at once, in pixels (a cap against unbounded allocation: 64 Mpx = 256 MB RGBA).
inline constexpr std::int64_t kMaxRenderPixels = std::int64_t{64} << 20;

/// RGBA pixels (R, G, B, A bytes; rows top to bottom) covering a window of the working CRS.
/// `geotransform` maps pixel/line to working-CRS metres (GDAL order); areas outside the scan have A = 0.
struct RenderedRaster {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;
    std::array<double, 6> geotransform{};
};

/// Where the scenario's map raster is on disk: `map.path` resolved against the scenario file's folder
/// (absolute paths kept).
std::filesystem::path resolveMapPath(const std::string& path, const std::filesystem::path& scenarioDir);

/// The warped GeoTIFF that renderMapRaster draws instead of the scan (`map.warpedPath` resolved), when the
/// scenario names one and the file exists; nothing otherwise (no map, none named, or missing).
std::optional<std::filesystem::path> warpedMapPath(const core::Scenario& scenario, const std::filesystem::path& scenarioDir);

/// Renders the map raster over `window` (working-CRS metres) at `metresPerPixel`, north up, in the
/// scenario's working CRS. Source: the warped GeoTIFF (`map.warpedPath`) when it exists, else the scan
/// with its georeference (affine/helmert/poly1 geotransform; poly2/poly3/tps through its GCPs). Palette
/// rasters are expanded, grey replicated to RGB, nodata made transparent.
/// Throws core::util::IoError when the raster is missing, core::util::OperationError when the scenario has no map
/// or georeference, or the render would exceed kMaxRenderPixels (naming the cap).
RenderedRaster renderMapRaster(const core::Scenario& scenario, const std::filesystem::path& scenarioDir,
    const core::Extent& window, double metresPerPixel, const core::util::ProgressCallback& progress = {});

} // namespace sandtable::geo
