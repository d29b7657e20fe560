// SPDX-License-Identifier: GPL-3.0-or-later
// Printing a scenario's map with its scan layer: shared by `map print` and `demo`.
#pragma once

#include "sandtable/cli/context.hpp"
#include "sandtable/print/map_print.hpp"

#include <filesystem>
#include <string>

namespace sandtable::cli {

struct MapPrintJob {
    std::filesystem::path scenarioFile;  ///< relative map paths resolve against its folder
    std::filesystem::path output;        ///< the PDF
    print::MapPrintRequest request;
    double dpi = 150.0;                  ///< scan layer resolution on paper
    std::string mapOverride;             ///< a raster to use instead of the scenario's map path
    bool references = true;              ///< draw the scenario's visible reference layers under/over the scan
    /// The designer named the scan layer (--layers scan,...): a scan that cannot be drawn (no map raster,
    /// its file missing, no extent) is then an OperationError, not a notice and terrain only.
    bool scanRequired = false;
};

struct MapPrintOutcome {
    print::MapPrintResult result;
    bool scanPrinted = false;
    bool referencesPrinted = false;
};

/// Renders the scan layer when asked and available (a missing raster prints terrain only, with a notice
/// on stderr) and the visible reference layers (`references`), each at its opacity, under or over the
/// scan as the scenario says, into the one raster underlay; then prints. Throws as print::printMap.
MapPrintOutcome printScenarioMap(const core::Scenario& scenario, MapPrintJob job, Context& context);

} // namespace sandtable::cli
