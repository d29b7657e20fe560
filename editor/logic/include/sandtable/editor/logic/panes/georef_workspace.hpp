// SPDX-License-Identifier: GPL-3.0-or-later
// The georeferencing workspace's logic, without wx: GCP edits as undoable MapChange edits, the residual
// table ordered worst first, residual arrows on the scan, and the method's minimum-points guidance.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::panes {

/// The id a new GCP gets: one more than the largest id in use (1 when there is none).
int nextGcpId(const core::Georeference& georeference);

/// A GCP's scan position (pixel/line, GDAL convention: (0,0) the top-left corner of the top-left pixel,
/// line grows downwards) and map position (x/y in the georeference's GCP CRS).
struct GcpPosition {
    double pixel = 0.0;
    double line = 0.0;
    double mapX = 0.0;
    double mapY = 0.0;
};

/// The map source with one GCP changed. Each throws core::OperationError when the scenario has no map,
/// or (for the id-taking ones) no GCP of that id. A map without a georeference gets one (GCP CRS and
/// target CRS = `defaultCrs`, method affine) on its first GCP. The fitted transform and RMS figures are
/// left as they were: the caller refits (see GeorefFigures) and stores the new ones in the same edit.
core::MapSource withGcpAdded(const core::Scenario& scenario, const GcpPosition& position, const std::string& defaultCrs);
core::MapSource withGcpMoved(const core::Scenario& scenario, int id, const GcpPosition& position);
core::MapSource withGcpRemoved(const core::Scenario& scenario, int id);
core::MapSource withGcpEnabled(const core::Scenario& scenario, int id, bool enabled);
core::MapSource withMethod(const core::Scenario& scenario, core::GeoreferenceMethod method);
/// All GCPs replaced (a `.points` import), ids kept as given.
core::MapSource withGcps(const core::Scenario& scenario, std::vector<core::Gcp> gcps, const std::string& gcpCrs);

/// The undoable edit taking the scenario's map to `after` (one MapChange). `mergeKey` non-empty merges
/// consecutive edits (a dragged GCP is one undo step).
core::Edit mapEdit(const core::Scenario& scenario, std::string label, core::MapSource after, std::string mergeKey = {});

/// One row of the residual table. Residuals in target-CRS units (metres) and scan pixels; `backPixel` /
/// `backLine` is the GCP's map point sent back onto the scan (the residual arrow's head at factor 1).
struct ResidualRow {
    int id = 0;
    bool enabled = true;
    double pixel = 0.0;
    double line = 0.0;
    double dx = 0.0;
    double dy = 0.0;
    double residualMap = 0.0;
    double backPixel = 0.0;
    double backLine = 0.0;
    double residualPx = 0.0;
};

/// The rows worst first: enabled GCPs by map residual, largest first, then the disabled ones (they count in
/// no figure) by map residual; equal residuals by id, ascending.
std::vector<ResidualRow> worstFirst(std::vector<ResidualRow> rows);

/// A residual arrow on the scan, pixel/line: from the GCP's pixel towards where the fit puts its map
/// point, lengthened `exaggeration` times (1 = true length).
struct ScanArrow {
    int id = 0;
    bool enabled = true;
    double fromPixel = 0.0;
    double fromLine = 0.0;
    double toPixel = 0.0;
    double toLine = 0.0;
};
ScanArrow residualArrow(const ResidualRow& row, double exaggeration);

/// What the method needs: "helmert needs at least 2 enabled GCPs", and when short of it how many to add
/// ("3 enabled: add 3 more" for poly2), or empty when there are enough.
struct MethodGuidance {
    int minimum = 0;
    int enabled = 0;
    std::string needs;     ///< always set, e.g. "poly2 needs at least 6 enabled GCPs (not all on one line)"
    std::string shortfall; ///< empty when enabled >= minimum
};
MethodGuidance methodGuidance(core::GeoreferenceMethod method, int enabledCount);

/// The methods in the chooser's order: affine, helmert, poly1, poly2, poly3, tps.
const std::vector<core::GeoreferenceMethod>& chooserMethods();

} // namespace sandtable::editor::panes
