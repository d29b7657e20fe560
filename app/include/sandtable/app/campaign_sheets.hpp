// SPDX-License-Identifier: GPL-3.0-or-later
// The Campaign Lite sheets (PDF, SVG or PNG): one function for `sandtable grid print` and the editor's Grid
// pane (preview and print), so the scale, the base-map underlay and the sheet's source note are the same in
// both (issue 42 item 1).
#pragma once

#include "sandtable/app/reporter.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/print/campaign_print.hpp"

#include <filesystem>

namespace sandtable::app {

/// What to print. The request carries page, copies, scale (empty: the grid fits one page), format, PNG
/// resolution and the player aid; the underlay and the source note are made here.
struct CampaignSheetsJob {
    std::filesystem::path scenarioFile;  ///< a relative map path resolves against its folder
    std::filesystem::path output;        ///< the PDF (or first SVG/PNG) to write
    print::CampaignPrintRequest request;
    /// Print the scenario's base map (its warped GeoTIFF when there is one, else its map raster) under the
    /// grid, rendered at `underlayDpi` dots per inch of paper. A scenario whose raster is not found prints
    /// without it, with a notice.
    bool underlay = false;
    double underlayDpi = 150.0;
};

struct CampaignSheetsOutcome {
    print::CampaignPrintResult result;
    bool underlayPrinted = false;
};

/// Prints the scenario's campaign sheets with print::printCampaignSheets at the scale print::campaignPrintScale
/// gives the request, the base map under the grid when asked and found, and the source note "Base map: FILE;
/// working CRS CRS; printed by sandtable" (print::baseMapNote). Throws as print::printCampaignSheets
/// (core::util::OperationError without a campaign), as geo::renderMapRaster for an unreadable raster,
/// core::util::Cancelled when the reporter cancels; an OperationError names `job.scenarioFile` (core::util::inFile).
CampaignSheetsOutcome printCampaignSheets(const core::Scenario& scenario, CampaignSheetsJob job, const Reporter& reporter);

} // namespace sandtable::app
