// SPDX-License-Identifier: GPL-3.0-or-later
// The Table Battles cards (a PDF of home sheets or print-shop pages, or one SVG/PNG per face): one function
// for `sandtable cards print` and the editor's Cards pane, so the title, the faces and the sheets are the same
// in both (issue 42 item 1).
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/print/card_print.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace sandtable::app {

/// How the cards are printed: a PDF (`images` empty), or one image per face into the folder `output`.
struct CardsJob {
    std::filesystem::path scenarioFile;  ///< named in errors
    std::filesystem::path output;        ///< the PDF, or the folder of the images
    std::optional<print::CardImageFormat> images;  ///< SVG or PNG faces instead of a PDF
    print::PageSize page;                ///< home sheets (PDF) only
    print::CardSheetMode mode = print::CardSheetMode::Home;
    std::optional<std::filesystem::path> svgFolder;  ///< PDF: also one SVG per face here
    double dpi = 300.0;                  ///< PNG faces: pixels per inch
    bool bleed = false;                  ///< faces: with 3 mm bleed all round (else the trim size 63.5 x 88.9 mm)
};

struct CardsOutcome {
    print::CardPrintResult pdf;                  ///< a PDF: pages, cards and SVG faces written
    std::vector<std::filesystem::path> images;   ///< faces: the files written, scenario card first
};

/// The scenario's card set. Throws core::util::OperationError (job's file, "table_battles") when it has none.
const core::TableBattlesSet& scenarioCards(const core::Scenario& scenario, const std::filesystem::path& scenarioFile);

/// Prints the scenario's cards with the scenario's title as the PDF title and the backs' caption
/// (print::printCards, or print::writeCardImages for faces). Throws as scenarioCards and as those, an
/// OperationError naming `job.scenarioFile`.
CardsOutcome printScenarioCards(const core::Scenario& scenario, const CardsJob& job);

} // namespace sandtable::app
