// SPDX-License-Identifier: GPL-3.0-or-later
// Which raster the canvas draws for a scenario, how it is placed in the working CRS, and what to fit.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/editor/logic/affine.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::editor {

/// The raster to draw. A warped GeoTIFF carries its own geotransform (read when it is opened);
/// a scan is placed by its georeference's fitted affine transform.
struct MapRaster {
    enum class Kind { Warped, Scan };
    Kind kind = Kind::Scan;
    std::filesystem::path path;            ///< resolved against the scenario file's folder
    std::optional<Affine2D> pixelToWorld;  ///< set for a scan; for a warped file, read from the file
};

/// The decision and, when nothing (or not the first choice) can be drawn, the reason for the status bar.
struct MapRasterChoice {
    std::optional<MapRaster> raster;
    std::string notice; ///< empty when the first choice is drawn
};

/// Picks the raster: `map.warped_path` when that file exists; else the scan at `map.path` when its
/// georeference has an affine transform (methods affine, helmert, poly1 with 6 numbers) and the file
/// exists; else nothing, with a notice naming what is missing. Relative paths resolve against
/// `scenarioFolder`. Existence is checked here so the canvas can say "terrain only" before opening.
MapRasterChoice chooseMapRaster(const core::Scenario& scenario, const std::filesystem::path& scenarioFolder);

/// The smallest extent holding both (either may be absent).
std::optional<core::Extent> unite(const std::optional<core::Extent>& a, const std::optional<core::Extent>& b);

/// The world extent of a w x h raster placed by `pixelToWorld` (its four corners' bounding box).
core::Extent rasterFootprint(const Affine2D& pixelToWorld, int width, int height);

/// What "fit" shows: the scenario's declared extent; without one, the bounding box of its terrain and
/// placed pieces. nullopt when the scenario has none of these.
std::optional<core::Extent> scenarioExtent(const core::Scenario& scenario);

} // namespace sandtable::editor
