// SPDX-License-Identifier: GPL-3.0-or-later
// The arm symbol of a unit (NATO style) through cairo.
#include "unit_symbol.hpp"

#include <algorithm>
#include <numbers>

namespace sandtable::print::detail {

void drawUnitSymbol(cairo_t* cr, core::UnitType type, double x, double y, double w, double h, double minLine)
{
    cairo_save(cr);
    cairo_new_path(cr);
    const double line = std::max(minLine, std::min(w, h) * 0.08);
    cairo_set_line_width(cr, line);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    // The frame is stroked inside the box, so all ink stays in it; the marks are drawn in the frame's box.
    x += line / 2;
    y += line / 2;
    w = std::max(0.0, w - line);
    h = std::max(0.0, h - line);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    if (type != core::UnitType::Hq) {
        cairo_rectangle(cr, x, y, w, h);
        cairo_stroke(cr);
    }
    switch (type) {
    case core::UnitType::Infantry:
    case core::UnitType::Detachment: {
        const double inset = type == core::UnitType::Detachment ? 0.25 : 0.0;
        cairo_move_to(cr, x + w * inset, y + h * inset);
        cairo_line_to(cr, x + w * (1 - inset), y + h * (1 - inset));
        cairo_move_to(cr, x + w * inset, y + h * (1 - inset));
        cairo_line_to(cr, x + w * (1 - inset), y + h * inset);
        cairo_stroke(cr);
        break;
    }
    case core::UnitType::Cavalry:
    case core::UnitType::Dragoons:
        cairo_move_to(cr, x, y + h);
        cairo_line_to(cr, x + w, y);
        cairo_stroke(cr);
        if (type == core::UnitType::Dragoons) {
            cairo_move_to(cr, x + w * 0.5, y);
            cairo_line_to(cr, x + w * 0.5, y + h);
            cairo_stroke(cr);
        }
        break;
    case core::UnitType::Artillery:
        cairo_arc(cr, x + w / 2, y + h / 2, std::min(w, h) * 0.22, 0, 2 * std::numbers::pi);
        cairo_fill(cr);
        break;
    case core::UnitType::BaggageTrain:
        for (const double cx : {x + w * 0.3, x + w * 0.7}) {
            cairo_new_sub_path(cr);
            cairo_arc(cr, cx, y + h * 0.6, std::min(w, h) * 0.15, 0, 2 * std::numbers::pi);
            cairo_stroke(cr);
        }
        break;
    case core::UnitType::Hq:
        cairo_move_to(cr, x + w * 0.2, y + h);
        cairo_line_to(cr, x + w * 0.2, y);
        cairo_line_to(cr, x + w * 0.9, y + h * 0.25);
        cairo_line_to(cr, x + w * 0.2, y + h * 0.5);
        cairo_stroke(cr);
        break;
    }
    cairo_new_path(cr);
    cairo_restore(cr);
}

} // namespace sandtable::print::detail
