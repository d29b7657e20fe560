// SPDX-License-Identifier: GPL-3.0-or-later
// The block stickers (one label per piece, a PDF): one function for `sandtable oob print` and the editor's
// File > Print stickers (issue 42 item 1).
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/print/sticker_print.hpp"

#include <filesystem>

namespace sandtable::app {

struct StickersJob {
    std::filesystem::path scenarioFile;  ///< named in errors
    std::filesystem::path output;        ///< the PDF to write
    print::StickerRequest request;       ///< page; sticker size 0 x 0 = the scenario's
};

/// Prints the stickers with print::printStickers. Errors are those of print::printStickers, with the
/// scenario file named as their file (core::util::OperationError, core::util::IoError).
print::StickerLayout printScenarioStickers(const core::Scenario& scenario, const StickersJob& job);

} // namespace sandtable::app
