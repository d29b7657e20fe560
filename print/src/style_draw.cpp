// SPDX-License-Identifier: GPL-3.0-or-later
// Core's terrain styles painted with cairo.
#include "style_draw.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace sandtable::print::detail {

using core::style::TerrainStyle;

void setColour(cairo_t* cr, const core::style::Rgba& c)
{
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
}

void setLine(cairo_t* cr, const TerrainStyle& style)
{
    cairo_set_line_width(cr, style.lineWidthMm);
    cairo_set_dash(cr, style.dashMm.empty() ? nullptr : style.dashMm.data(), static_cast<int>(style.dashMm.size()), 0);
}

void paintArea(cairo_t* cr, const TerrainStyle& style, bool outline)
{
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    if (style.fill.a > 0) {
        setColour(cr, style.fill);
        cairo_fill_preserve(cr);
    }
    if (style.hatch == core::style::Hatch::Horizontal && style.hatchSpacingMm > 0) {
        double x0, y0, x1, y1;
        cairo_path_extents(cr, &x0, &y0, &x1, &y1);
        cairo_save(cr);
        cairo_clip_preserve(cr);
        cairo_path_t* area = cairo_copy_path(cr);
        cairo_new_path(cr);
        const double pitch = style.hatchSpacingMm;
        for (double y = std::floor(y0 / pitch) * pitch + pitch / 2; y < y1; y += pitch) {
            cairo_move_to(cr, x0, y);
            cairo_line_to(cr, x1, y);
        }
        setColour(cr, style.hatchColour);
        cairo_set_line_width(cr, style.hatchWidthMm);
        cairo_set_dash(cr, nullptr, 0, 0);
        cairo_stroke(cr);
        cairo_restore(cr);
        cairo_new_path(cr);
        cairo_append_path(cr, area);
        cairo_path_destroy(area);
    }
    if (style.edgeBandMm > 0 && style.edgeBand.a > 0) {
        // Half of a stroke twice the band's width, the half inside the area.
        cairo_save(cr);
        cairo_clip_preserve(cr);
        setColour(cr, style.edgeBand);
        cairo_set_line_width(cr, 2 * style.edgeBandMm);
        cairo_set_dash(cr, nullptr, 0, 0);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke_preserve(cr);
        cairo_restore(cr);
    }
    if (outline && style.casingMm > 0 && style.casing.a > 0) {
        setColour(cr, style.casing);
        cairo_set_line_width(cr, style.casingMm);
        cairo_set_dash(cr, nullptr, 0, 0);
        cairo_stroke_preserve(cr);
    }
    if (outline && style.outline.a > 0) {
        setColour(cr, style.outline);
        setLine(cr, style);
        cairo_stroke(cr);
        cairo_set_dash(cr, nullptr, 0, 0);
    }
    cairo_new_path(cr);
}

void paintPoint(cairo_t* cr, const TerrainStyle& style, double x, double y)
{
    const double s = style.symbolMm;
    cairo_new_path(cr);
    if (style.symbol == core::style::PointSymbol::Bar)
        cairo_rectangle(cr, x - s / 2, y - s / 4, s, s / 2);
    else
        cairo_arc(cr, x, y, s / 2, 0, 2 * std::numbers::pi);
    setColour(cr, style.fill);
    cairo_fill_preserve(cr);
    setColour(cr, style.outline);
    cairo_set_line_width(cr, style.lineWidthMm);
    cairo_set_dash(cr, nullptr, 0, 0);
    cairo_stroke(cr);
}

void paintSwatch(cairo_t* cr, const TerrainStyle& style, int dimension, double x, double y, double w, double h)
{
    cairo_save(cr);
    cairo_new_path(cr); // text leaves a current point that an arc would join
    if (dimension == 0) {
        paintPoint(cr, style, x + w / 2, y + h / 2);
    } else if (dimension == 1) {
        cairo_move_to(cr, x, y + h / 2);
        cairo_line_to(cr, x + w, y + h / 2);
        setColour(cr, style.outline);
        setLine(cr, style);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
        cairo_stroke(cr);
    } else {
        cairo_rectangle(cr, x, y, w, h);
        paintArea(cr, style);
    }
    cairo_restore(cr);
}

} // namespace sandtable::print::detail
