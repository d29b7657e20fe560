// SPDX-License-Identifier: GPL-3.0-or-later
// Drawing a sheet's marks (sheet_marks.hpp) with cairo, for every tiled printed product.
#pragma once

#include "sandtable/print/sheet_marks.hpp"

#include <cairo.h>

namespace sandtable::print::detail {

/// A registration mark: a 2 mm radius circle and 8 mm cross hairs, 0.15 mm black lines, centred at `at`.
void drawRegistrationMark(cairo_t* cr, PagePoint at);

/// The registration marks, then (when `overlapLines`) the dashed overlap lines, then the neighbour labels.
void drawSheetMarks(cairo_t* cr, const SheetMarks& marks, bool overlapLines);

} // namespace sandtable::print::detail
