// SPDX-License-Identifier: GPL-3.0-or-later
// Drawing core's terrain styles with cairo (paper mm): colours, dashes, hatching, point symbols, swatches.
#pragma once

#include "sandtable/core/style/terrain_style.hpp"

#include <cairo.h>

namespace sandtable::print::detail {

/// Sets the source colour (8-bit straight alpha to cairo's 0..1).
void setColour(cairo_t* cr, const core::style::Rgba& c);

/// Sets the line width and dash of `style` (its mm are the page's user units).
void setLine(cairo_t* cr, const core::style::TerrainStyle& style);

/// Fills the current path with `style`'s fill, hatches it (lines on a page-aligned pitch, so two areas
/// side by side hatch as one) and, when `outline`, strokes it. Consumes the path. Uses the even-odd rule.
void paintArea(cairo_t* cr, const core::style::TerrainStyle& style, bool outline = true);

/// A point symbol of `style` centred at (x, y) mm.
void paintPoint(cairo_t* cr, const core::style::TerrainStyle& style, double x, double y);

/// The legend swatch of `style` in the box (x, y, w, h) mm: an area for fills, a line for lines, the
/// symbol for points; drawn by the same calls as the map.
void paintSwatch(cairo_t* cr, const core::style::TerrainStyle& style, int dimension, double x, double y, double w, double h);

} // namespace sandtable::print::detail
