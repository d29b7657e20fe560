// SPDX-License-Identifier: GPL-3.0-or-later
// QGIS Georeferencer `.points` files: read and write, and the raster frame their source columns use.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::geo {

/// One data row of a `.points` file, as written. `id` numbers the data rows from 1 in file order (the
/// file has no ids; cli.md). `sourceX`/`sourceY` are in the raster's source frame (see SourceFrame).
struct PointsRow {
    int id = 0;
    double mapX = 0.0;
    double mapY = 0.0;
    double sourceX = 0.0;
    double sourceY = 0.0;
    bool enabled = true;
};

/// A `.points` file: the map CRS from its `#CRS:` line (empty when the file has none) and its rows.
struct PointsFile {
    std::string crs;
    std::vector<PointsRow> rows;
};

/// The frame of the source columns. QGIS writes pixel and negated line for a raster without a
/// georeference, and the raster's own georeferenced coordinates (its geotransform applied to pixel/line)
/// for one that has a geotransform (e.g. a world file).
struct SourceFrame {
    std::optional<std::array<double, 6>> geotransform; ///< GDAL order; empty for a plain scan
};

/// Reads a `.points` file. Accepts both header variants (`mapX,mapY,pixelX,pixelY,enable,...` and
/// `mapX,mapY,sourceX,sourceY,enable,...`, the `enable` and residual columns optional, any column order),
/// an optional `#CRS:` line, CRLF line endings, blank lines. Throws core::util::IoError when the file cannot be
/// read, core::util::FormatError(path, "row N, column C", reason) for a row with a missing column, a value that
/// is not a number, NaN or infinite, and FormatError(path, "header", ...) for a header lacking a column.
PointsFile readPointsFile(const std::filesystem::path& path);

/// GCPs in GDAL's pixel/line convention (pixel (0,0) = top-left corner, line grows downwards), map
/// coordinates as in the file, ids = row numbers. Throws core::util::OperationError when the frame's
/// geotransform cannot be inverted.
std::vector<core::Gcp> toGcps(const PointsFile& file, const SourceFrame& frame, const std::string& context = {});

/// Pixel/line -> source-frame coordinates, and back (the inverse throws core::util::OperationError for a
/// singular geotransform).
core::Coordinate pixelToSource(const SourceFrame& frame, double pixel, double line);
core::Coordinate sourceToPixel(const SourceFrame& frame, double x, double y, const std::string& context = {});

/// Residual columns QGIS writes (dX, dY, residual), in scan pixels; zeros when not given.
struct PointsResidual {
    double dx = 0.0;
    double dy = 0.0;
    double residual = 0.0;
};

/// Writes a `.points` file atomically in QGIS's current layout: `#CRS: <crs>` (when not empty), then
/// `mapX,mapY,sourceX,sourceY,enable,dX,dY,residual`, numbers in shortest round-trip form. `residuals`
/// is empty or one per GCP. Throws core::util::IoError when the file cannot be written.
void writePointsFile(const std::filesystem::path& path, const std::string& crs, const std::vector<core::Gcp>& gcps,
    const SourceFrame& frame, const std::vector<PointsResidual>& residuals = {});

} // namespace sandtable::geo
