// SPDX-License-Identifier: GPL-3.0-or-later
// How terrain classes look on paper: colours, line widths (mm) and drawing order.
#pragma once

#include <string>

namespace sandtable::print {

/// An sRGB colour with alpha, components 0..1.
struct Colour {
    double r = 0, g = 0, b = 0, a = 1;
};

/// The paper style of a terrain class. Polygons use fill + outline, lines use `line` at `lineWidthMm`,
/// points are drawn as a symbol of `symbolMm` across. `order` sorts drawing (low first: hills under woods
/// under villages under water under roads under crossings).
struct TerrainStyle {
    Colour fill;
    Colour line;
    double lineWidthMm = 0.2;
    double symbolMm = 3.0;
    bool dashed = false;
    int order = 50;
    std::string legend;  ///< legend label, e.g. "Woods (cover)"
};

/// Style of a canonical class (domain.md); unknown (custom) classes get a neutral grey style.
/// `level` darkens hills by level; `grade` widens major roads.
TerrainStyle terrainStyle(const std::string& terrainClass, int level = 1, const std::string& grade = "minor");

/// "#rrggbb" -> Colour; a malformed text gives `fallback`.
Colour parseHexColour(const std::string& text, Colour fallback);

} // namespace sandtable::print
