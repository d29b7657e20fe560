// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite sheets: the numbered grid with primary terrain, legend and scale bar, in N copies (PDF, SVG or PNG).
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/print/map_print.hpp"
#include "sandtable/print/page.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::print {

/// What to print. Paper lengths in millimetres.
/// - `scaleDenominator`: print at 1:N; unset = the smallest whole thousand N at which the grid fits one
///   page (either orientation).
/// - `copies`: the sheets are repeated this many times (campaign-lite.txt: "copying off twenty maps is all
///   that is required for two players"), each copy numbered on its pages.
/// - `underlay`: the base map (RGBA in the working CRS), drawn pale under the grid.
/// - `format`: one multi-page PDF, or one SVG / PNG file per page named as mapPageFile() says
///   ("sheets.png" -> "sheets-1.png", "sheets-2.png", ...; "sheets.png" itself when there is one page).
///   mapOutputFormat() gives it from a file name or a --format word.
/// - `pngDpi`: PNG pages only, pixels per inch of paper: a page is round(mm / 25.4 x pngDpi) pixels each
///   way (A4 landscape, 297 x 210 mm, at 100 dpi: 1169 x 827 px), so a square of S metres at 1:N is
///   S x 1000 / N mm = S x 1000 / N / 25.4 x pngDpi px. SVG pages are sized in mm, one user unit = 1 mm.
struct CampaignPrintRequest {
    std::optional<double> scaleDenominator;
    PageSize page;
    double marginMm = 12.0;
    double overlapMm = 10.0;
    int copies = 1;
    std::optional<PrintRaster> underlay;
    std::string sourceNote;
    std::size_t maxPages = 2000;
    MapOutputFormat format = MapOutputFormat::Pdf;
    double pngDpi = 150.0;  ///< pixels per inch of paper, PNG pages only
    /// One more page at the end: the Campaign Lite player aid (movement per arm and road bonuses, forced
    /// march, searches and reconnaissance points, the situation and reinforcement tables, the victory
    /// conditions, each citing its line of campaign-lite.txt; the scenario's objectives and points).
    bool playerAid = false;
};

/// Printing's outcome: pages written (copies x sheets, plus an assembly page per copy when tiled, plus the
/// player aid when asked for), the
/// scale used, the layout of one copy and the files written (the PDF; or one SVG / PNG per page, in page
/// order: per copy the assembly page first when tiled, then the sheets row by row).
struct CampaignPrintResult {
    int pages = 0;
    double scaleDenominator = 0.0;
    MapLayout layout;
    std::vector<std::filesystem::path> files;
};

/// The scale the grid is printed at for `request` (its own, or the one-page fit).
/// Throws core::util::OperationError when the scenario has no campaign or the page is smaller than its margins.
double campaignPrintScale(const core::Scenario& scenario, const CampaignPrintRequest& request);

/// Writes the sheets atomically. Each sheet: the grid with every square's name, primary terrain as
/// symbols (a class covering a whole square tints it, half a square tints its north-west half; roads and
/// water drawn through the square's centre to the edges they cross, bridges and fords on their edge or in
/// the middle), objectives, a legend, a scale bar in metres and in squares, a north arrow, "Turn / Player"
/// boxes, and when tiled, registration marks and neighbour names. One square of S metres measures
/// S * 1000 / N mm. A failure while drawing leaves no file, not even earlier pages.
/// Throws core::util::OperationError (no campaign, too many pages, copies < 1, pngDpi not positive, a PNG page
/// over 400 million pixels), core::util::IoError (a file cannot be written).
CampaignPrintResult printCampaignSheets(const core::Scenario& scenario, const CampaignPrintRequest& request,
    const std::filesystem::path& output, const core::util::ProgressCallback& progress = {});

} // namespace sandtable::print
