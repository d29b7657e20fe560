// SPDX-License-Identifier: GPL-3.0-or-later
// Block sticker sheets: one label per piece at the scenario's sticker size, as a PDF.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/print/page.hpp"

#include <filesystem>

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
/// core::OperationError when a sticker does not fit inside the page's margins.
StickerLayout planStickers(const core::Scenario& scenario, const StickerRequest& request);

/// Writes the sheet PDF atomically (nothing at `output` on failure). Each sticker is a rectangle of exactly
/// the sticker size (its outline drawn inside the edge, so the printed label measures true), a band in the
/// side's colour along the left edge, the unit's name (shrunk to fit), and its type and quality (with
/// strength when known). Throws core::IoError / core::OperationError.
StickerLayout printStickers(const core::Scenario& scenario, const StickerRequest& request, const std::filesystem::path& output);

} // namespace sandtable::print
