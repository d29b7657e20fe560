// SPDX-License-Identifier: GPL-3.0-or-later
// The print preview's sheet plan drawn over the map, without wx: one rectangle per sheet with its label,
// and the strips neighbouring sheets share (the overlap).
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <string>
#include <vector>

namespace sandtable::editor::panes {

/// A sheet of the plan: row and column from the north-west (0-based) and the ground it shows, working-CRS
/// metres (print::MapSheet without the print library).
struct SheetWindow {
    int row = 0;
    int column = 0;
    core::Extent ground;
};

/// What the overlay draws: each sheet's rectangle with its label ("1", "2", ... in reading order, then
/// "r<row+1> c<column+1>") at its centre, and each shared strip between two sheets that touch along an
/// edge (their ground windows' intersection).
struct SheetOverlayShape {
    std::string label;
    core::Extent rect;
    core::Coordinate labelAt;
};
struct SheetPlanOverlay {
    std::vector<SheetOverlayShape> sheets;
    std::vector<core::Extent> overlaps;
};
/// Sheets are sorted into reading order (row, then column) before numbering.
SheetPlanOverlay sheetPlanOverlay(std::vector<SheetWindow> sheets);

} // namespace sandtable::editor::panes
