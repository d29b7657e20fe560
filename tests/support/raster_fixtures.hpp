// SPDX-License-Identifier: GPL-3.0-or-later
// Small rasters made on the fly for the geo, vassal and importers tests (plain scans, world-file variants, feet CRSs).
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::test {

/// Writes a `width` x `height` raster with GDAL driver `driver` ("GTiff", "JPEG", "PNG") holding a
/// gradient pattern in `bands` Byte bands; with `geotransform`/`crs` when given, and GeoTIFF's
/// AREA_OR_POINT=Point when `pixelIsPoint`. Fails the test on error.
void writeRaster(const std::filesystem::path& path, const std::string& driver, int width, int height, int bands = 1,
    const std::optional<std::array<double, 6>>& geotransform = std::nullopt, const std::string& crs = {},
    bool pixelIsPoint = false);

/// Reads one pixel value of band `band` (1-based).
double readPixel(const std::filesystem::path& path, int band, int pixel, int line);

} // namespace sandtable::test
