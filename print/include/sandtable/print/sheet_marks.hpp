// SPDX-License-Identifier: GPL-3.0-or-later
// Sheet names, registration marks, overlap lines and neighbour labels of tiled printed products, as data.
#pragma once

#include "sandtable/print/map_print.hpp"

#include <array>
#include <string>
#include <vector>

namespace sandtable::print {

/// The name of the sheet in `row`, `column` (0-based from the north-west): rows lettered A..Z, AA.., columns
/// numbered from 1, e.g. (0, 0) "A1", (1, 2) "B3", (26, 0) "AA1".
std::string sheetName(int row, int column);

/// The source line printed at the foot of a battle map sheet, in the scenario's language (issue 25 item 4):
/// "Map: cope.jpg, affine fit of 9 GCPs, RMS 317 m; working CRS EPSG:32618; printed by sandtable". Empty
/// when the scenario has no map. The CLI's `print` and the editor's Print pane use this one text.
std::string mapSourceNote(const core::Scenario& scenario);
/// The same for a Campaign Lite sheet over its base map: "Base map: FILE; working CRS CRS; printed by sandtable".
std::string baseMapNote(const core::Scenario& scenario);

/// A point on the page, mm from its top-left corner (y down).
struct PagePoint {
    double x = 0.0;
    double y = 0.0;
};

/// A text placed on the page: `at` is the start of its baseline (mm), size 2.4 mm.
struct SheetLabel {
    std::string text;
    PagePoint at;
};

/// A straight line on the page (mm).
struct PageSegment {
    PagePoint from;
    PagePoint to;
};

/// How far a sheet's marks reach below its map area, mm: the registration crosses' arms (4 mm) and the
/// south neighbour's label (baseline 3 mm under the area, its descent less than 0.6 mm). The map sheet's
/// furniture (title, scale bars, legend) starts below this (issue 24 item 4: marks never print over it).
inline constexpr double kMarksBelowAreaMm = 4.0;

/// The band at the bottom of a sheet's printable area for title, scale bars, legend and sheet index, mm:
/// the same on map sheets and campaign sheets, so planMapSheets' layout holds for both.
inline constexpr double kFurnitureMm = 30.0;

/// Everything that tells a player where a sheet goes. The map area is the rectangle at (margin, margin)
/// of `areaWidthMm` x `areaHeightMm`.
struct SheetMarks {
    std::array<PagePoint, 4> registration{}; ///< corners of the map area: NW, NE, SW, SE
    std::vector<PageSegment> overlapLines;  ///< `overlapMm` inside each edge that joins a neighbour
    std::vector<SheetLabel> neighbours;     ///< "> A2" east, "A1 <" west, "v B1" south, "^ A1" north
};

/// The marks of `sheet` in `layout`: registration marks at the map area's corners; for each neighbour an
/// overlap line `overlapMm` inside the shared edge and its name in the margin beside that edge (east: 1 mm
/// right of the area, half-way down; west: 1 mm from the page edge; south: 3 mm under the area, half-way
/// across; north: 1.5 mm above it). Only edges with a neighbour get a line and a label.
SheetMarks sheetMarks(const MapLayout& layout, const MapSheet& sheet, double marginMm, double areaWidthMm,
    double areaHeightMm, double overlapMm);

} // namespace sandtable::print
