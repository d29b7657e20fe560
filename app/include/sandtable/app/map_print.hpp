// SPDX-License-Identifier: GPL-3.0-or-later
// The battle map as printed sheets (PDF, SVG or PNG): one function for `sandtable map print`, `demo` and the
// editor's Print pane (print and preview), so the scan, the reference layers, the JPEG handling of a JPEG
// scan and a scale-only local frame are the same in both (issue 42 item 1).
#pragma once

#include "sandtable/app/reporter.hpp"
#include "sandtable/print/map_print.hpp"

#include <filesystem>
#include <set>
#include <string>

namespace sandtable::app {

/// What to print and how. The request carries page, scale, overlap, layers and output format; the rest says
/// how the raster layers are made.
struct MapPrintJob {
    std::filesystem::path scenarioFile;  ///< relative map and reference paths resolve against its folder
    std::filesystem::path output;        ///< the PDF (or first SVG/PNG) to write
    print::MapPrintRequest request;
    double dpi = 150.0;                  ///< scan and reference layer resolution on paper, dots per inch
    std::string mapOverride;             ///< a raster to use instead of the scenario's map path (empty: none)
    bool references = true;              ///< draw the scenario's visible reference layers under/over the scan
    /// The designer named the scan layer (--layers scan,...): a scan that cannot be drawn (no map raster,
    /// its file missing, no extent) is then a core::util::OperationError, not a notice and terrain only.
    bool scanRequired = false;
};

/// What was printed.
struct MapPrintOutcome {
    print::MapPrintResult result;
    bool scanPrinted = false;
    bool referencesPrinted = false;
};

/// The layer names of `--layers` ("scan,references,terrain,grid,setup", comma-separated, any order) as print
/// layers; `references` is true when "references" is among them (they are drawn into the raster underlay,
/// not as a print layer of their own). Throws core::util::OperationError (object "--layers") naming an unknown
/// layer.
std::set<print::MapLayer> parseMapLayers(const std::string& text, bool& references);

/// Renders the scan layer when asked and available (a missing raster prints terrain only, with a notice)
/// and the visible reference layers (`job.references`), each at its opacity, under or over the scan as the
/// scenario says, into one raster underlay at `job.dpi`; a JPEG scan's sheets carry the underlay as JPEG
/// (quality 90); a scale-only local frame ("LOCAL:name") is resampled through its calibrated GeoTIFF's own
/// CRS. Then prints with print::printMap, the source note in the scenario's language. Throws as
/// print::printMap, core::util::OperationError for a required scan that cannot be drawn, core::util::Cancelled; an
/// OperationError names `job.scenarioFile` (core::util::inFile).
MapPrintOutcome printScenarioMap(const core::Scenario& scenario, MapPrintJob job, const Reporter& reporter);

} // namespace sandtable::app
