// SPDX-License-Identifier: GPL-3.0-or-later
// The georeferencing workspace's logic, without wx: the residual table ordered worst first, residual arrows
// on the scan, and the method's minimum-points guidance. The GCP edits are core::document::operations
// (core/document/map_operations.hpp).
#pragma once

#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::panes {

/// A GCP's scan and map position; the GCP edits themselves are core operations (map_operations.hpp).
using GcpPosition = core::document::operations::GcpPosition;
using core::document::operations::nextGcpId;

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
/// no figure) by map residual; equal residuals by id, ascending (core::worstFirst, the rule the CLI's table
/// and the georeferencing report use too).
std::vector<ResidualRow> worstFirst(std::vector<ResidualRow> rows);

/// A residual arrow on the scan, pixel/line: from the GCP's pixel towards where the fit puts its map
/// point, lengthened `exaggeration` times (1 = true length; core::residualArrowHead).
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
