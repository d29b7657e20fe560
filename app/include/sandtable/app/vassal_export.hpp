// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario as a VASSAL 3.7 module: one function for `sandtable vassal export` and the editor's
// File > Export VASSAL module (issue 42 item 1: the two made different boards for a scan in a local frame).
#pragma once

#include "sandtable/app/reporter.hpp"
#include "sandtable/vassal/vassal_module.hpp"
#include "sandtable/print/map_print.hpp"

#include <filesystem>
#include <optional>

namespace sandtable::app {

/// The scan resampled into the board's pixel grid (pixel (0,0) the extent's north-west corner, 1/pxPerM
/// metres a pixel), as `map print` renders its scan layer: the warped GeoTIFF when there is one (a scale-only
/// local frame "LOCAL:name" through that GeoTIFF's own engineering CRS), else the scan through its
/// georeference. Nothing, with a notice, when the scenario has no map raster, its file is not there, or it is
/// not georeferenced (the board is then terrain only); nothing without a notice when there is no map or
/// extent. Throws as geo::renderMapRaster.
std::optional<print::PrintRaster> boardScan(const core::Scenario& scenario, const std::filesystem::path& scenarioFile,
    double pxPerM, const Reporter& reporter);

/// Draws the board (the extent grown to the campaign grid where it runs past, vassal::vassalBoardExtent),
/// pieces, force counters and card faces (print::drawVassalImages) and writes the module `output` atomically
/// (vassal::writeVassalModule) with the scenario's document inside it for `vassal import`. `pxPerM` unset: vassal::defaultVassalPxPerM (100 px
/// per inch of table at game scale). Progress: board scan 0-0.4, images 0.4-0.8, the archive 0.8-1.
/// Throws core::util::OperationError (bad resolution, no extent for a board), core::util::Error from the writer,
/// core::util::Cancelled.
vassal::VassalExportResult exportVassalModule(const core::Scenario& scenario, const std::filesystem::path& scenarioFile,
    const std::filesystem::path& output, std::optional<double> pxPerM, const Reporter& reporter);

} // namespace sandtable::app
