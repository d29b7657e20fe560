// SPDX-License-Identifier: GPL-3.0-or-later
// The arm symbol of a unit as wargame maps and NATO draw it, shared by map sheets, stickers and VASSAL pieces.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <cairo.h>

namespace sandtable::print::detail {

/// Draws the symbol of `type` in the box (x, y, w, h) in the current user units, in the current source
/// colour: a frame (the box) with, inside it, for infantry a cross corner to corner, a detachment a cross
/// at half size, cavalry one diagonal (lower left to upper right), dragoons that diagonal and an upright bar,
/// artillery a filled dot (radius 0.22 of the smaller side) at the centre, a baggage train two wheels; an HQ
/// has no frame but a flag: a staff up the box's left fifth with a pennant to the right. Line width 0.08 of
/// the smaller side, at least `minLine`; the frame is stroked inside the box and the marks are placed in the
/// frame's line box, so all ink stays in the box (a diagonal's butt end reaches less than half a line past
/// its corner point). Leaves the path empty and the source as it was.
void drawUnitSymbol(cairo_t* cr, core::UnitType type, double x, double y, double w, double h, double minLine);

} // namespace sandtable::print::detail
