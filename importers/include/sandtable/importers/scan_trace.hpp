// SPDX-License-Identifier: GPL-3.0-or-later
// Trace from the scan: a colour range of the georeferenced map raster (a magic wand with a tolerance)
// polygonized (GDALPolygonize), cleaned (core geometry: union, small holes and polygons dropped,
// topology-preserving simplify in metres) into ordinary terrain features of one class.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/core/validation/diagnostic.hpp"
#include "sandtable/geo/map_raster.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::importers {

/// What to trace.
/// - `colour`: the target RGB (0-255 each); a pixel matches when its Euclidean RGB distance to it is at
///   most `tolerance` (0 = exact colour; 441.7 = everything); transparent pixels (outside the scan) never match.
/// - `seed`: when set (working-CRS metres), only the matching pixels 4-connected to the seed's pixel (the
///   magic wand); else every matching pixel.
/// - `terrainClass`: a polygonal class (canonical, docs/model.md, or a declared custom class).
/// - `simplify` (metres), `minArea` and `holeArea` (square metres): geometry::cleanPolygons. When both
///   areas are set, regions of the mask smaller than the smaller of them are sieved away first
///   (GDALSieveFilter, 4-connected: specks dropped, pinholes filled) and not counted in the result.
/// - `resolution`: metres per pixel of the traced raster (0 = the scan's own pixel size, from its affine
///   georeference, else from the geotransform the raster carries when its CRS is in metres, as a
///   calibrated Kriegsspiel sheet's is; 2 m when neither is known).
/// - `window`: the working-CRS area traced (default: the scenario's extent, else the scan's footprint).
struct TraceOptions {
    std::array<int, 3> colour{0, 0, 0};
    double tolerance = 0.0;
    std::optional<core::Coordinate> seed;
    std::string terrainClass;
    double simplify = 0.0;
    double minArea = 0.0;
    double holeArea = 0.0;
    double resolution = 0.0;
    std::optional<core::Extent> window;
};

/// The traced polygons: each valid, in working-CRS metres, largest first, with counts of what the clean-up
/// dropped and of the pixels that matched.
struct TracedPolygons {
    std::vector<core::Geometry> polygons;
    std::size_t matchedPixels = 0;
    std::size_t droppedPolygons = 0;
    double droppedArea = 0.0;
    std::size_t droppedHoles = 0;
    double droppedHoleArea = 0.0;
};

/// Traces `raster` (RGBA, north up, its geotransform in working-CRS metres). Throws std::invalid_argument
/// for a colour component outside 0-255, a negative or non-finite tolerance or option, and
/// core::util::OperationError when the seed lies outside the raster or on a pixel that does not match, or GDAL
/// cannot polygonize.
TracedPolygons traceRaster(const geo::RenderedRaster& raster, const TraceOptions& options,
    const core::util::ProgressCallback& progress = {});

/// The traced features as one undoable edit ("Trace <class>": one created feature per polygon, ids
/// "<class>-<n>", attribute `note` "traced from the scan"), with the polygons' summary.
/// "trace.empty" (warning) when nothing matched or everything was dropped.
struct TraceResult {
    core::document::Edit edit;
    TracedPolygons traced;
    std::vector<std::string> ids;
    std::vector<double> areas; ///< square metres, per id
    core::validation::Diagnostics diagnostics;
};

/// Renders the scenario's map raster (renderMapRaster: warped GeoTIFF or scan with its georeference,
/// `map.path` resolved against `scenarioDir`) over the window and traces it. Throws
/// std::invalid_argument for an unknown or non-polygonal class or bad options, the errors of
/// renderMapRaster and traceRaster, core::util::OperationError when no window can be found.
TraceResult traceScan(const core::Scenario& scenario, const std::filesystem::path& scenarioDir,
    const TraceOptions& options, const core::util::ProgressCallback& progress = {});

} // namespace sandtable::importers
