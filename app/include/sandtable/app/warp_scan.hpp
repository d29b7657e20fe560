// SPDX-License-Identifier: GPL-3.0-or-later
// Warping the scenario's scan into its fit's CRS: one function for `sandtable map warp` and the editor's
// Georeference > Warp (issue 42 item 1: it existed in the editor only).
#pragma once

#include "sandtable/app/reporter.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/geo/warp.hpp"

#include <filesystem>

namespace sandtable::app {

/// Where the warped GeoTIFF goes by default: "<scan stem>_warped.tif" in the scenario's folder (the scan's
/// folder when the document has no file yet).
std::filesystem::path defaultWarpOutput(const core::document::Document& document);

/// Warps the scenario's scan through its fitted georeference (geo::warpToGeoTiff: every output pixel
/// from the source pixel the fit's exact inverse names) into `output`. Touches no document, so the editor
/// runs it off the UI thread. Throws core::util::OperationError (naming `scenarioFile`) when the scenario has no
/// scan or no fit, as warpToGeoTiff does (IoError/FormatError/OperationError), core::util::Cancelled; nothing is
/// left at `output` then.
geo::WarpResult warpScanFile(const core::Scenario& scenario, const std::filesystem::path& scenarioFile,
    const std::filesystem::path& output, const Reporter& reporter);

/// Points the document's map at the warped GeoTIFF `output` (relative to the scenario's folder when it can
/// be) and gives it the map frame the fit gives (mapFrameFromFit): one or two undo steps.
void useWarpedScan(core::document::Document& document, const std::filesystem::path& output);

/// `map warp`: warpScanFile into `output` (empty: defaultWarpOutput), then useWarpedScan.
geo::WarpResult warpScan(core::document::Document& document, std::filesystem::path output, const Reporter& reporter);

} // namespace sandtable::app
