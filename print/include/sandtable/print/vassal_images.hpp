// SPDX-License-Identifier: GPL-3.0-or-later
// Images of a VASSAL module drawn by sandtable: the board (the map print's scan and terrain) and the pieces.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/print/map_print.hpp"

#include <map>
#include <optional>
#include <string>

namespace sandtable::print {

/// A PNG file in memory and its size in pixels.
struct PngImage {
    int width = 0;
    int height = 0;
    std::string bytes; ///< the whole PNG file
};

/// The board size in pixels for the scenario's extent at `pxPerM` pixels per ground metre:
/// round(width_m x pxPerM) by round(height_m x pxPerM), each at least 1. Throws core::util::OperationError when
/// the scenario has no extent or pxPerM is not a positive finite number.
std::pair<int, int> boardPixelSize(const core::Scenario& scenario, double pxPerM);

/// The battle map as one board image: pixel (0, 0) is the extent's north-west corner and one pixel is
/// 1 / pxPerM metres. Drawn by the same calls as printMap's sheets (the scan when given, resampled to this
/// grid; the terrain; the Campaign Lite grid when `grid` and the scenario has one), with no legend, title,
/// margin or setup blocks (the module's pieces show the setup). Line widths and symbols keep their paper
/// size at game scale (1:scale), so the board looks like the printed map at pxPerM x scale / 1000 px per mm.
/// Throws core::util::OperationError as boardPixelSize, or when the image cannot be allocated.
PngImage renderBoardImage(const core::Scenario& scenario, double pxPerM, const std::optional<PrintRaster>& scan, bool grid);

/// The piece image of `unit`: its block at true size on the board (the scenario's block length x depth in
/// mm on the table, docs/model.md, default 20 x 10 mm, times scale / 1000 m, times pxPerM; an HQ a square of
/// 0.8 x depth, as printMap draws it), in line, its front edge at the top (thicker), filled with its side's
/// colour. Drawn for the screen at VASSAL's 100 % zoom (issue 44 item 4), in ink that contrasts with the side's
/// colour (white when its luminance 0.299 R + 0.587 G + 0.114 B is under 140, else black): when the block has 20
/// px or more under its front edge, the arm symbol and the strength on one row and the name below, at 10 px
/// (shortened to fit: without its parenthesis, then with the usual abbreviations, "1st Div.", then cut with an
/// ellipsis; the whole name stays the piece's name in the module); else the symbol and the name on one row. At
/// least 1 x 1 pixel.
PngImage renderPieceImage(const core::Scenario& scenario, const core::Unit& unit, double pxPerM);

/// The counter of a Campaign Lite force: a square of 0.6 x the grid's square size (pxPerM pixels per metre,
/// at least 8 px), its side's colour, its name and its strength by arm ("I 2  C 0  A 1").
/// Throws core::util::OperationError when the scenario has no campaign or the counter would pass 4000 px.
PngImage renderForceImage(const core::Scenario& scenario, const core::CampaignForce& force, double pxPerM);

/// The piece size in pixels renderPieceImage draws `unit` at (width along the block's length).
std::pair<int, int> piecePixelSize(const core::Scenario& scenario, const core::Unit& unit, double pxPerM);

/// Every image of a VASSAL module of the scenario, as `vassal export` and the editor's export write them.
struct VassalImages {
    std::optional<PngImage> board;             ///< renderBoardImage with the grid (scenarios with an extent)
    std::map<std::string, PngImage> pieces;    ///< unit id -> renderPieceImage
    std::map<std::string, PngImage> forces;    ///< Campaign Lite force id -> renderForceImage (with an extent)
    std::map<std::string, PngImage> cardFaces; ///< Table Battles: writeCardImages' PNG names at 150 dpi, trim size
};

/// Draws them all at `pxPerM` (the board over `scan` when given). Throws as the functions it calls.
VassalImages drawVassalImages(const core::Scenario& scenario, double pxPerM, const std::optional<PrintRaster>& scan,
    const core::util::ProgressCallback& progress = {});

} // namespace sandtable::print
