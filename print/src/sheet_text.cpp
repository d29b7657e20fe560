// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/print/sheet_text.hpp"

namespace sandtable::print {

void selectSheetFace(cairo_t* cr, bool bold)
{
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
}

void setSheetFont(cairo_t* cr, double size, bool bold)
{
    selectSheetFace(cr, bold);
    cairo_set_font_size(cr, size);
}

void showSheetText(cairo_t* cr, double x, double y, double size, const std::string& text, bool bold)
{
    setSheetFont(cr, size, bold);
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text.c_str());
}

double sheetTextWidth(cairo_t* cr, double size, const std::string& text, bool bold)
{
    setSheetFont(cr, size, bold);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text.c_str(), &e);
    return e.x_advance;
}

} // namespace sandtable::print
