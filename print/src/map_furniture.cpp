// SPDX-License-Identifier: GPL-3.0-or-later
// Scale bar, north arrow and legend, for the printed sheet and the editor's canvas.
#include "sandtable/print/map_furniture.hpp"

#include "sandtable/print/sheet_text.hpp"
#include "sandtable/print/terrain_painter.hpp"

namespace sandtable::print {

void setFurnitureText(cairo_t* cr, double x, double y, double size, const std::string& text, bool bold)
{
    showSheetText(cr, x, y, size, text, bold);
}

double drawScaleBar(const FurnitureContext& f, double x, double y, int segments, double segmentUnits,
    const std::string& label, const std::vector<std::string>& ticks)
{
    cairo_t* cr = f.cr;
    const double k = f.unitsPerMm;
    cairo_set_line_width(cr, 0.15 * k);
    for (int i = 0; i < segments; ++i) {
        cairo_rectangle(cr, x + i * segmentUnits, y, segmentUnits, 1.6 * k);
        cairo_set_source_rgb(cr, i % 2 ? 1 : 0, i % 2 ? 1 : 0, i % 2 ? 1 : 0);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_stroke(cr);
    }
    for (std::size_t i = 0; i < ticks.size(); ++i)
        f.text(cr, x + static_cast<double>(i) * segmentUnits - 0.6 * k, y + 4.2 * k, 2.2 * k, ticks[i], false);
    f.text(cr, x, y - 1.2 * k, 2.4 * k, label, false);
    return x + segments * segmentUnits;
}

void drawNorthArrow(const FurnitureContext& f, double x, double y)
{
    cairo_t* cr = f.cr;
    const double k = f.unitsPerMm;
    cairo_move_to(cr, x, y);
    cairo_line_to(cr, x - 2.2 * k, y + 7.0 * k);
    cairo_line_to(cr, x, y + 5.5 * k);
    cairo_line_to(cr, x + 2.2 * k, y + 7.0 * k);
    cairo_close_path(cr);
    cairo_fill(cr);
    f.text(cr, x - 1.3 * k, y + 11.0 * k, 3.0 * k, "N", true);
}

int drawLegend(const FurnitureContext& f, const std::vector<MapLegendEntry>& entries, double x0, double y0, double right)
{
    cairo_t* cr = f.cr;
    const double k = f.unitsPerMm;
    TerrainPaintOptions options;
    options.mmPerUnit = 1.0 / k;
    int n = 0;
    for (const MapLegendEntry& entry : entries) {
        const double x = x0 + (n / 6) * 44.0 * k, y = y0 + (n % 6) * 4.3 * k;
        if (x + 40 * k > right)
            break;
        paintSwatch(cr, *entry.style, entry.dimension, x, y, 5.0 * k, 2.6 * k, options);
        cairo_set_source_rgb(cr, 0, 0, 0);
        f.text(cr, x + 6.5 * k, y + 2.3 * k, 2.3 * k, entry.label, false);
        ++n;
    }
    return n;
}

} // namespace sandtable::print
