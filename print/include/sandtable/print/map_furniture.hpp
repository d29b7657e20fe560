// SPDX-License-Identifier: GPL-3.0-or-later
// Map furniture drawn once, for the printed sheet and the editor's canvas: scale bar, north arrow, legend.
#pragma once

#include "sandtable/print/map_print.hpp"

#include <cairo.h>

#include <functional>
#include <string>
#include <vector>

namespace sandtable::print {

/// Sets `text` with its baseline's left end at (x, y), `size` device units high (cairo's font size), bold or
/// not, in the current source colour.
using FurnitureText = std::function<void(cairo_t* cr, double x, double y, double size, const std::string& text, bool bold)>;

/// FurnitureText through cairo's own text ("sans-serif"), the printed sheet's face.
void setFurnitureText(cairo_t* cr, double x, double y, double size, const std::string& text, bool bold);

/// Where furniture is drawn: the context, its device units per paper millimetre (1 on a page in mm; the
/// canvas picks its own, about 5 logical pixels per mm so the texts read as the window's), and how texts
/// are set (the printed map records each one as it is set, for its label rule).
struct FurnitureContext {
    cairo_t* cr = nullptr;
    double unitsPerMm = 1.0;
    FurnitureText text = setFurnitureText;
};

/// A scale bar at (x, y) (its top-left): `segments` of `segmentUnits` device units each, alternately black
/// and white, 1.6 mm high with 0.15 mm edges; `ticks` (at most segments + 1) set 2.2 mm high under the
/// segments' starts; `label` 2.4 mm high over the bar. Returns the bar's right end (device units).
double drawScaleBar(const FurnitureContext& f, double x, double y, int segments, double segmentUnits,
    const std::string& label, const std::vector<std::string>& ticks);

/// The north arrow (grid north, up the device) in the current source colour: a barbed point 4.4 mm wide and
/// 7 mm long, its tip at (x, y), and a bold "N" 3 mm high under it; 11 mm tall in all.
void drawNorthArrow(const FurnitureContext& f, double x, double y);

/// The legend from (x, y) (the first swatch's top-left): columns of six entries 4.3 mm apart, columns 44 mm
/// apart, each a 5 x 2.6 mm swatch (print::paintSwatch: as the map draws the style) and its `label` in black
/// 2.3 mm high; entries whose column would reach past `right` (device units) are left out. Returns how many
/// entries were drawn.
int drawLegend(const FurnitureContext& f, const std::vector<MapLegendEntry>& entries, double x, double y, double right);

} // namespace sandtable::print
