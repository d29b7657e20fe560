// SPDX-License-Identifier: GPL-3.0-or-later
// The printed sheets' text, set once: the map sheet and its furniture, the campaign sheets, the georeferencing
// report (the cards keep their own face, DejaVu Sans with italics, for the card layout of table-battles-rules.txt).
#pragma once

#include <cairo.h>

#include <string>

namespace sandtable::print {

/// Selects the sheets' face on `cr` (cairo's "sans-serif", normal or bold) and leaves the font size as it is.
void selectSheetFace(cairo_t* cr, bool bold = false);

/// Selects the sheets' face on `cr`: cairo's "sans-serif", normal or bold, `size` device units high (cairo's font
/// size; on a page in millimetres, millimetres). Changes the context's font face and size only.
void setSheetFont(cairo_t* cr, double size, bool bold = false);

/// Sets `text` (UTF-8) in the sheets' face with its baseline's left end at (x, y), device units. Leaves the
/// current point after the text and the face selected.
void showSheetText(cairo_t* cr, double x, double y, double size, const std::string& text, bool bold = false);

/// The advance width of `text` in the sheets' face at `size`, device units (what showSheetText moves by).
double sheetTextWidth(cairo_t* cr, double size, const std::string& text, bool bold = false);

} // namespace sandtable::print
