// SPDX-License-Identifier: GPL-3.0-or-later
// Block sticker sheets: one label per piece at the scenario's sticker size, as a PDF.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/print/page.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace sandtable::print {

/// Sheet layout. Lengths in mm on paper. Sticker size: the request's when set, else the scenario's
/// (settings sticker_width_mm x sticker_height_mm, else its block length x depth, else 20 x 10 mm).
struct StickerRequest {
    PageSize page;                ///< portrait page
    double marginMm = 10.0;       ///< blank border of each page
    double gapMm = 3.0;           ///< space between neighbouring stickers (cutting room)
    double stickerWidthMm = 0.0;  ///< 0 = the scenario's
    double stickerHeightMm = 0.0; ///< 0 = the scenario's
};

/// How the stickers fall on the pages.
struct StickerLayout {
    double stickerWidthMm = 0.0;
    double stickerHeightMm = 0.0;
    int columns = 0;
    int rows = 0;
    int pages = 0;
    int stickers = 0;
};

/// Plans the sheets for one sticker per unit (HQs and baggage trains are blocks too). Throws
/// core::util::OperationError when a sticker does not fit inside the page's margins.
StickerLayout planStickers(const core::Scenario& scenario, const StickerRequest& request);

/// One line of a sticker's text, shown left-aligned with its baseline at (xMm, baselineMm), both measured
/// from the sticker's top-left corner (y down), in cairo's toy font "sans-serif" at `sizeMm` (the em size).
struct StickerTextLine {
    std::string text;        ///< UTF-8; a line that had to be cut ends in U+2026 (the ellipsis)
    double sizeMm = 0.0;
    bool bold = false;       ///< the name's lines are bold, the info line is regular
    double xMm = 0.0;
    double baselineMm = 0.0;
};

/// The text of one sticker: the rectangle all ink stays inside, and the lines (name first, info last).
struct StickerText {
    double boxX0Mm = 0.0, boxY0Mm = 0.0, boxX1Mm = 0.0, boxY1Mm = 0.0;
    std::vector<StickerTextLine> lines;
    /// The arm symbol's box (mm from the sticker's top-left corner), when there is one: at the start of the
    /// info line, as high as 0.8 of that line's ascent + descent and 1.5 times as wide; the info text starts
    /// 0.4 of its height to its right. Empty (all 0) without a symbol or without an info line.
    double symbolX0Mm = 0.0, symbolY0Mm = 0.0, symbolX1Mm = 0.0, symbolY1Mm = 0.0;
    bool hasSymbol() const { return symbolX1Mm > symbolX0Mm; }
};

/// Lays out a `widthMm` x `heightMm` sticker's text inside its box (right of the side's colour band, inside
/// the outline and a padding): the name (bold, 4 mm at most, 1 mm at least) and under it the info line
/// (2.8 mm at most, 0.8 mm at least). The name is tried at each size from the largest down, on one line,
/// then wrapped at spaces onto two lines when two fit the height; only then is it shrunk further. At the
/// minimum size what still does not fit is cut with an ellipsis (a word too long for the line is broken
/// between characters onto the second line first). The info line gives up its room when the name would
/// not fit at the minimum size otherwise, and shrinks towards 0.7 of the name's size when that lets a name
/// short of height grow; a sticker too small for one line at the minimum size gets no text.
/// Widths are measured with cairo's text extents, hint metrics off, as on the PDF surface; every line's
/// advance and ink extents stay inside the box. Ends for any input: each loop is bounded (see the source).
/// With `symbol`, the info line begins with room for the unit's arm symbol (StickerText::symbol*): the info
/// text is fitted to the width left of it; the symbol, like the ink, stays inside the box.
StickerText layoutStickerText(const std::string& name, const std::string& info, double widthMm, double heightMm,
    bool symbol = false);

/// Writes the sheet PDF atomically (nothing at `output` on failure). Each sticker is a rectangle of exactly
/// the sticker size (its outline drawn inside the edge, so the printed label measures true), a band in the
/// side's colour along the left edge, the unit's name and, on the info line, its arm symbol (as on the
/// printed map: infantry a cross in a box, cavalry a diagonal, artillery a dot, an HQ a flag), then its
/// quality (an HQ: its command) and its strength when known, e.g. "regular · 3600 men" (the type's word only
/// when the line would be empty otherwise, the symbol saying it), laid out by layoutStickerText with the
/// symbol; the info line is left out, symbol and all, on a sticker too small for it. Throws core::util::IoError / core::util::OperationError
/// (also when the scenario has no game piece: nothing is written).
StickerLayout printStickers(const core::Scenario& scenario, const StickerRequest& request, const std::filesystem::path& output);

} // namespace sandtable::print
