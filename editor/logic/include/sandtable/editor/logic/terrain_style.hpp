// SPDX-License-Identifier: GPL-3.0-or-later
// How the canvas draws each terrain class and each side's pieces (colours, widths, layers), as data.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace sandtable::editor {

/// An 8-bit sRGB colour with straight (not premultiplied) alpha; alpha 0 = not drawn.
struct Rgba {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    std::uint8_t a = 255;
    bool operator==(const Rgba&) const = default;
};

/// "#rrggbb" or "#rrggbbaa" (case-insensitive); nullopt for anything else.
std::optional<Rgba> parseHexColour(std::string_view text);

enum class StrokePattern { Solid, Dashed, Dotted };

/// The look of one terrain feature. Widths and radii are logical pixels (constant on screen, whatever
/// the zoom). Lower `layer` values are drawn first, so fields lie under woods and roads over streams.
struct TerrainStyle {
    Rgba fill{0, 0, 0, 0};
    Rgba stroke{0, 0, 0, 255};
    double strokeWidth = 1.0;
    StrokePattern pattern = StrokePattern::Solid;
    double pointRadius = 4.0; ///< points (bridge, ford) are drawn as discs of this radius
    int layer = 0;
};

/// The style of a canonical class of domain.md: woods green, village red-brown, hill a brown outline
/// over a faint tint (level 2 stronger), stream and river blue lines, road brown by grade (major wide and
/// dark, minor narrow), marsh blue-green dashed, bridge and ford discs. Attributes used: hill `level`,
/// road `grade`, woods `dense`. Any other class (a scenario custom class) is magenta and dashed.
TerrainStyle terrainStyle(std::string_view terrainClass, const nlohmann::ordered_json& attributes);
inline TerrainStyle terrainStyle(const core::TerrainFeature& feature)
{
    return terrainStyle(feature.terrainClass, feature.attributes);
}

/// How a placed piece is drawn. The scenario format does not yet carry the block size (domain.md: a
/// scenario setting, the rules give none), so the canvas draws blocks at a display size: `frontage` x
/// `depth` metres in line (turned lengthwise in route column), never smaller on screen than
/// `minimumPixels` along the frontage. HQs are drawn as squares of side `depth`.
struct UnitMarkerStyle {
    double frontage = 300.0;
    double depth = 100.0;
    double minimumPixels = 10.0;
};

/// The fill of a side's pieces: the side's "#rrggbb" colour, or grey when it is missing or malformed.
Rgba sideColour(const core::Scenario& scenario, const core::SideId& side);
/// The side a unit belongs to (through its formation); an empty id when the formation is unknown.
core::SideId sideOfUnit(const core::Scenario& scenario, const core::Unit& unit);

} // namespace sandtable::editor
