// SPDX-License-Identifier: GPL-3.0-or-later
// How the canvas draws each terrain class and each side's pieces (colours, widths, layers), as data.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/style/terrain_style.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace sandtable::editor {

/// An 8-bit sRGB colour with straight alpha (core's, so screen and paper share their values).
using Rgba = core::style::Rgba;
using core::style::parseHexColour;

/// Screen lengths for core's paper millimetres: the canvas draws every width, dash and symbol of the
/// style table at this many logical pixels per paper millimetre, whatever the zoom (a 1 mm river is
/// 4 pixels wide), so the screen keeps the paper's proportions.
constexpr double kScreenPixelsPerMm = 4.0;

/// The look of one terrain feature on screen: core's style table (core/style/terrain_style.hpp) in logical
/// pixels. Lower `layer` values are drawn first (the table's `order`), so fields lie under woods and roads
/// over streams.
struct TerrainStyle {
    const core::style::TerrainStyle* source = nullptr; ///< the table's entry
    Rgba fill{0, 0, 0, 0};
    Rgba stroke{0, 0, 0, 255};
    double strokeWidth = 1.0;       ///< pixels
    std::vector<double> dash;       ///< on/off lengths in pixels; empty = solid
    core::style::Hatch hatch = core::style::Hatch::None;
    Rgba hatchColour{0, 0, 0, 0};
    Rgba edgeBand{0, 0, 0, 0};
    double edgeBandWidth = 0.0; ///< pixels inside an area's edge; 0 = none
    Rgba casing{0, 0, 0, 0};
    double casingWidth = 0.0;   ///< pixels, under the outline; 0 = none
    core::style::PointSymbol symbol = core::style::PointSymbol::Disc;
    double pointRadius = 4.0; ///< points (bridge, ford) are drawn this many pixels out from their centre
    int layer = 0;
};

/// The screen style of a feature of `terrainClass` with these attributes: core::style::terrainStyle's
/// entry, lengths times kScreenPixelsPerMm (a line never thinner than one pixel).
TerrainStyle terrainStyle(std::string_view terrainClass, const core::Attributes& attributes);
inline TerrainStyle terrainStyle(const core::TerrainFeature& feature)
{
    return terrainStyle(feature.terrainClass, feature.attributes);
}

/// How a placed piece is drawn on the canvas: at the scenario's piece size, as `map print` draws it
/// (unitMarkerCorners in hit_test.hpp, from core::oob::pieceSizeMm), and never smaller on screen than
/// `minimumPixels` along its length.
struct UnitMarkerStyle {
    double minimumPixels = 10.0; ///< a marker's length never falls below this on screen (its depth keeps the ratio)
};

/// The fill of a side's pieces: the side's "#rrggbb" colour, or grey when it is missing or malformed.
Rgba sideColour(const core::Scenario& scenario, const core::SideId& side);
/// The side a unit belongs to (through its formation); an empty id when the formation is unknown.
core::SideId sideOfUnit(const core::Scenario& scenario, const core::Unit& unit);

} // namespace sandtable::editor
