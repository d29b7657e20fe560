// SPDX-License-Identifier: GPL-3.0-or-later
// Georeferencing a scenario's scan from its GCPs: one rule for `sandtable map georef` and the editor's
// Georeference pane (issue 43 item 1, issue 46 item 1), so that a scenario started from a plain scan has a
// working CRS and an extent once its scan is fitted, and every product can be made from it.
#pragma once

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::app {

/// The scan's footprint in `crs` (metres): the bounding box of its edge, 21 points per edge (corners
/// included), each sent through the stored fit (geo::scanToWorking) and on into `crs`. Pixel/line
/// (0, 0) is the scan's top-left corner, (width, height) its bottom-right (MapSource::width/height, pixels).
/// Throws core::util::OperationError when the scenario has no map, no size or no georeference, and as the fit does.
core::Extent scanFootprint(const core::Scenario& scenario, const std::string& crs);

/// The map frame the fitted scan gives a scenario: the working CRS is `workingCrs` when given, else the
/// scenario's own, else the fit's CRS (the georeference's target `crs`, as fitStoredGeoreference resolved
/// it: the GCPs' CRS when projected, else their UTM zone); the extent is scanFootprint in that CRS. Returns
/// a "Map frame from the fit" edit (core::document::operations::setSettings) when this changes the CRS or the
/// scenario has no extent yet; nothing when the scenario already has both (a designer's extent is kept) or
/// the scan is not fitted. A scale-only local frame ("LOCAL:name") is kept as it is. Throws
/// core::util::OperationError when `workingCrs` is not a projected CRS in metres, and as scanFootprint.
std::optional<core::document::Edit> mapFrameFromFit(const core::Scenario& scenario, const std::string& workingCrs = {});

/// A GCP edit of the editor's Georeference workspace (add, move, delete, enable, method, CRSs) with the map
/// frame the fit gives, in one undo step (the edit's label and merge key): mapFrameFromFit's frame when the
/// scenario has none; and while the scenario's extent is still the footprint of the fit before the edit (the
/// frame an earlier fit gave, within 1 mm, not one the designer set) the footprint of the new fit, so that
/// clicking GCPs one by one ends with the frame `map georef` gives the same GCPs at once. A designer's extent,
/// and a scenario whose new GCPs have no fit, keep their frame. Throws core::util::OperationError as applyEdit does
/// for an edit that does not fit `scenario`, and as scanFootprint.
core::document::Edit withMapFrame(const core::Scenario& scenario, core::document::Edit gcpEdit);

/// `map georef` and the editor's Import GCPs: the GCPs of a QGIS .points file (in the file's CRS, else
/// `gcpCrs`, else the working CRS, else EPSG:4326) as the scan's georeference, refitted with `method` when
/// given ("affine", "poly2", ... core::georeferenceMethodFromString), then the map frame (mapFrameFromFit
/// with `workingCrs`). Each is one undo step of `document`. The fit must succeed: core::util::OperationError
/// naming `document`'s file says why otherwise, and the document is left as it was (its edits undone).
/// Throws core::util::IoError / core::util::FormatError for a .points file that cannot be read.
struct GeorefJob {
    std::filesystem::path gcps;
    std::string method;     ///< empty: the scenario's method, else affine
    std::string gcpCrs;     ///< CRS of GCPs whose file names none
    std::string workingCrs; ///< the working CRS to take (empty: the scenario's, else the fit's)
};
void georeferenceMap(core::document::Document& document, const GeorefJob& job);

} // namespace sandtable::app
