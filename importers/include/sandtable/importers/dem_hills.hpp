// SPDX-License-Identifier: GPL-3.0-or-later
// Hills from a DEM: Terrarium tiles or an elevation raster, reprojected to the working CRS (GDAL warp),
// contoured at fixed heights (GDALContourGenerateEx, polygonized) into hill polygons by level, each with
// a ridgeline.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace sandtable::importers {

/// An elevation grid in the working CRS: `values` row by row from the top, metres above the datum, NaN
/// where there is no data; `geotransform` maps pixel/line to working-CRS metres (GDAL order, north up).
struct ElevationGrid {
    int width = 0;
    int height = 0;
    std::vector<float> values;
    std::array<double, 6> geotransform{};
    std::string crs;

    /// Elevation at a working-CRS point (nearest cell), NaN outside the grid or where there is no data.
    double at(core::Coordinate point) const;
};

/// Reads a DEM into the CRS `crs` (GDALWarp, bilinear). `dem` is either
/// - a folder of Terrarium PNG tiles named t_Z_X_Y.png (web-mercator XYZ tiles of one zoom, EPSG:3857;
///   elevation in metres = R * 256 + G + B / 256 - 32768, the encoding of the Gettysburg tiles' README),
///   mosaicked in memory (missing tiles are no data), or
/// - a georeferenced raster: one band = elevation in metres; three or more Byte bands = Terrarium RGB.
/// `resolution` is the cell size in metres (0 = GDAL's choice, close to the source's).
/// Throws core::util::IoError when the folder or file is missing or unreadable, core::util::FormatError when it
/// holds no tiles or is not a raster, core::util::OperationError when it has no georeferencing or cannot be
/// reprojected; core::util::Cancelled when progress says stop.
ElevationGrid readDem(const std::filesystem::path& dem, const std::string& crs, double resolution = 0.0,
    const core::util::ProgressCallback& progress = {});

/// How hills are made.
/// - `levels`: contour heights in metres, strictly increasing; the ground at or above levels[k] forms
///   the hills of level k + 1 (docs/model.md: hill attribute `level` 1, 2, ...), so a level-2 hill always
///   lies inside a level-1 hill (docs/model.md: hills nest by level).
/// - `simplify`: topology-preserving simplification tolerance, metres (0 = none; the ridgeline is
///   simplified with the larger of it and the cell size).
/// - `minArea`: hills smaller than this (square metres) are dropped (counted in the result), and holes
///   (hollows) smaller than it are filled.
/// - `resolution`: DEM cell size in metres after reprojection (0 = GDAL's choice).
struct DemHillsOptions {
    std::vector<double> levels;
    double simplify = 0.0;
    double minArea = 0.0;
    double resolution = 0.0;
};

/// One hill made: its feature id, level (1-based), contour height and summit (highest DEM cell inside,
/// metres; its position in working-CRS metres), area (square metres), ridgeline vertex count.
struct DemHill {
    std::string id;
    int level = 0;
    double contour = 0.0;
    double summit = 0.0;
    core::Coordinate summitAt;
    double area = 0.0;
    std::size_t ridgelineVertices = 0;
};

/// The hills as one undoable edit ("Hills from DEM": one created hill feature per polygon, with
/// attributes `level`, `ridgeline` and `contour_m`; plus, when the scenario had no working CRS, setting
/// it to the UTM zone of the DEM's centre).
///
/// Ridgeline (docs/model.md: "hill (with level; a ridgeline)"), kept simple: the hill's DEM cells are
/// projected onto its principal axis (the main direction of the cells' spread), cut into slices along it
/// (about 20 per hill, at least 2 cells wide); the highest cell of each slice, in order along the axis, is a
/// vertex; the line is simplified (Douglas-Peucker) and stored as a GeoJSON LineString object, working-CRS
/// metres. A hill too small for two slices gets a ridgeline through its summit along the axis (2 cells
/// long). The attribute `summit_m` holds the summit height.
struct DemHillsResult {
    core::document::Edit edit;
    std::vector<DemHill> hills;
    std::string crs;
    std::size_t dropped = 0;     ///< hills below minArea
    double droppedArea = 0.0;    ///< square metres
    core::validation::Diagnostics diagnostics;
};

/// Contours `dem` (readDem) and builds the hills. Throws std::invalid_argument when `levels` is empty, not
/// strictly increasing or not finite, or an option is negative; the errors of readDem; core::util::OperationError
/// when GDAL cannot contour. "hills.level.empty" (warning) for a level that yields no hill.
DemHillsResult hillsFromDem(const core::Scenario& scenario, const std::filesystem::path& dem,
    const DemHillsOptions& options, const core::util::ProgressCallback& progress = {});

} // namespace sandtable::importers
