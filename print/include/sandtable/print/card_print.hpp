// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles cards printed as poker cards: home 3 x 3 duplex sheets, print-shop pages, one SVG per face.
#pragma once

#include "sandtable/core/model/table_battles.hpp"
#include "sandtable/print/page.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::print {

/// Poker card trim size, mm (63.5 x 88.9 = 2.5 x 3.5 in).
inline constexpr double kCardWidthMm = 63.5;
inline constexpr double kCardHeightMm = 88.9;
/// Bleed: card art runs this far past the trim where a cut may wander, mm.
inline constexpr double kCardBleedMm = 3.0;
/// Safe zone: text and symbols stay at least this far inside the trim, mm.
inline constexpr double kCardSafeInsetMm = 4.0;
/// Crop marks start this far outside the bleed and are at most kCropMarkLengthMm long, 0.25 mm wide.
inline constexpr double kCropMarkGapMm = 1.0;
inline constexpr double kCropMarkLengthMm = 5.0;
inline constexpr double kCropMarkWidthMm = 0.25;

/// home: 3 x 3 cards per sheet, fronts page then backs page (mirrored for long-edge duplex).
/// shop: one card per page, trim + 3 mm bleed all round, fronts and backs on alternate pages, PDF
/// TrimBox and BleedBox set on every page.
enum class CardSheetMode { Home, Shop };
CardSheetMode cardSheetModeFromString(const std::string& text); ///< "home"/"shop"; throws core::util::OperationError

/// The 3 x 3 block on a home sheet, mm from the page's top-left corner. Cards share their cut lines (no
/// gutter); bleed is only on the block's outer edges (and, on a last partial sheet, towards an empty
/// slot), so the block is 3 x 63.5 + 6 = 196.5 mm wide and
/// 3 x 88.9 + 6 = 272.7 mm high, centred on the page.
struct HomeSheetLayout {
    double pageWidthMm = 0.0;
    double pageHeightMm = 0.0;
    double blockLeftMm = 0.0;  ///< outer bleed edge
    double blockTopMm = 0.0;
    double trimLeftMm = 0.0;   ///< first vertical cut; the cuts are trimLeftMm + k x 63.5, k = 0..3
    double trimTopMm = 0.0;    ///< first horizontal cut; the cuts are trimTopMm + k x 88.9, k = 0..3
};

/// Plans a home sheet on `page` (portrait). Throws core::util::OperationError when the 196.5 x 272.7 mm block
/// does not fit (A4 210 x 297 and Letter 215.9 x 279.4 mm both fit).
HomeSheetLayout planHomeSheet(const PageSize& page);

/// One physical card: the face printed on its front and the one on its back. A formation card number
/// prints its A face on the front and its B face on the back; a face the set does not use prints as the
/// generic card back. The scenario card comes first, with the generic back.
struct PhysicalCard {
    std::string label;                 ///< "scenario 38", "233"
    std::optional<core::CardRef> front; ///< unset = scenario card (index 0) or generic back
    std::optional<core::CardRef> back;
    bool scenarioCard = false;
};
std::vector<PhysicalCard> physicalCards(const core::TableBattlesSet& set);

struct CardPrintRequest {
    PageSize page;                       ///< home sheets only
    CardSheetMode mode = CardSheetMode::Home;
    std::optional<std::filesystem::path> svgFolder; ///< also write one SVG per face here (with bleed)
    std::string title;                   ///< PDF title and the backs' caption
};

struct CardPrintResult {
    int pages = 0;
    int cards = 0;      ///< physical cards printed (scenario card included)
    int svgFiles = 0;
};

/// Writes the PDF atomically. Home: for each group of nine cards, a fronts page (card i at row i / 3,
/// column i % 3) and a backs page with column c's card at column 2 - c, so that printed long-edge duplex
/// each back lands behind its front; crop marks at every cut, in the margin; a caption in the bottom
/// margin. Shop: pages of 69.5 x 94.9 mm, front then back per card, TrimBox [3 mm, 3 mm, 66.5 mm,
/// 91.9 mm] and BleedBox = the page (set by addPdfPageBoxes). SVG faces are (63.5 + 6) x (88.9 + 6) mm,
/// named "<card>.svg" (e.g. "233-A.svg") and "scenario-<number>.svg". Faces show the wing colour band,
/// name, army, strength, type, star, dice area, actions with their targets' names, link symbol and card
/// number, all inside the safe zone. Throws core::util::IoError / core::util::OperationError; no partial files.
CardPrintResult printCards(const core::TableBattlesSet& set, const CardPrintRequest& request,
    const std::filesystem::path& output);

/// One image per card face (issue 6: "One SVG/PNG per card too"): SVG in millimetres, or PNG at `dpi`.
enum class CardImageFormat { Svg, Png };

struct CardImageRequest {
    CardImageFormat format = CardImageFormat::Svg;
    double dpi = 300.0;     ///< PNG only: pixels = round(mm / 25.4 x dpi); 63.5 x 88.9 mm at 300 dpi = 750 x 1050
    bool bleed = false;     ///< false: the card at true (trim) size 63.5 x 88.9 mm; true: with 3 mm bleed all round
    std::string title;      ///< caption, as printCards
};

/// Writes one file per card face used by the set into `folder` (created when missing), named as printCards'
/// SVG faces ("233-A.png", "scenario-38.svg"). All or nothing: on failure no image is left. Returns the
/// files written, scenario card first. Throws core::util::IoError / core::util::OperationError (dpi not in 10..2400).
std::vector<std::filesystem::path> writeCardImages(const core::TableBattlesSet& set, const CardImageRequest& request,
    const std::filesystem::path& folder);

} // namespace sandtable::print
