// SPDX-License-Identifier: GPL-3.0-or-later
// A new scenario, from nothing or from the designer's own raster: one function for `sandtable scenario new`
// and the editor's File > New from map (issue 42 item 1: the CLI had magic numbers, the importers named
// constants, for the same defaults).
#pragma once

#include "sandtable/app/reporter.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/geo/new_scenario.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::app {

/// What the designer asked for.
struct NewScenarioJob {
    core::GameSystem system = core::GameSystem::PubBattles;
    std::string title;
    /// The working CRS: "auto" or empty (from the raster, else none yet), "EPSG:n" (projected, metres), or
    /// "none" (a map raster is then started as a plain scan, as frame Scan).
    std::string crs;
    geo::RasterFrame frame = geo::RasterFrame::Auto; ///< how a raster with coordinates is placed
    std::filesystem::path map;            ///< the raster to start from; empty: a scenario without a map
    std::optional<double> scale;          ///< game scale 1:N; unset: the system's
};

/// Refuses to write a new file over an existing one unless `force` (issue 43 item 7: `scenario new -o`
/// emptied a scenario with 7 units and a campaign grid, exit 0): core::util::OperationError(output, "output",
/// "... exists already: ... --force ...") naming `forceOption`, the way out.
void refuseOverwrite(const std::filesystem::path& output, bool force, const std::string& forceOption = "--force");

/// Makes the new scenario in `document` (an empty document whose path is the scenario file to be; not
/// saved): its settings (geo::newScenarioSettings, the CRS of the job unless "auto") and, with a map,
/// the raster's placement (geo::newScenarioFromRaster: its CRS and extent when georeferenced, else the
/// scan ready for GCPs). Two undo steps, "New scenario" and "Set map". Returns what the raster gave (nothing
/// without a map). Throws as geo::newScenarioFromRaster, core::util::Cancelled.
std::optional<geo::NewScenario> newScenario(core::document::Document& document, const NewScenarioJob& job, const Reporter& reporter);

} // namespace sandtable::app
