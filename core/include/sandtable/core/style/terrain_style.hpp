// SPDX-License-Identifier: GPL-3.0-or-later
// The one table of how terrain looks, on paper and on screen: colours, widths, dashes, hatching, order.
#pragma once

#include "sandtable/core/model/attributes.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::style {

/// An 8-bit sRGB colour with straight (not premultiplied) alpha; alpha 0 = not drawn.
struct Rgba {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    std::uint8_t a = 255;
    bool operator==(const Rgba&) const = default;
};

/// "#rrggbb" or "#rrggbbaa" (case-insensitive); nullopt for anything else (side colours of the scenario file).
std::optional<Rgba> parseHexColour(std::string_view text);

/// Lines drawn across an area's fill, clipped to the area (orienteering maps hatch marsh in blue).
enum class Hatch { None, Horizontal };

/// How a point feature is drawn: a disc (ford) or a bar across the stream (bridge), `symbolMm` across.
enum class PointSymbol { Disc, Bar };

/// The look of one kind of terrain feature. All lengths are millimetres on paper; the screen draws them at
/// a fixed number of pixels per millimetre, so the two keep the same proportions. Areas are filled with
/// `fill`, hatched when `hatch` is set, banded inside their edge, cased, then outlined; lines are drawn in
/// `outline`; points as `symbol`.
/// Lower `order` is drawn first (fields under hills under woods under water under roads under crossings).
struct TerrainStyle {
    std::string_view key;          ///< unique, e.g. "woods", "hill-upper", "road-major"; "custom" for other classes
    std::string_view terrainClass; ///< the canonical class it draws; empty for the custom style
    Rgba fill;                     ///< areas and point symbols; alpha 0 = no fill (lines)
    Rgba outline;                  ///< area edges, lines, symbol edges
    double lineWidthMm = 0.25;
    std::vector<double> dashMm;    ///< on/off lengths in mm; empty = solid
    Hatch hatch = Hatch::None;
    Rgba hatchColour;
    double hatchSpacingMm = 1.0;
    double hatchWidthMm = 0.2;
    PointSymbol symbol = PointSymbol::Disc;
    double symbolMm = 3.0;
    int order = 50;
    std::string_view legend;       ///< the legend's label
    /// A band of `edgeBand` `edgeBandMm` wide just inside an area's edge, and a `casing` line `casingMm`
    /// wide under its outline: the darker edge and light casing that keep a hill visible on any scan, busy
    /// or dark (issue 24 item 4; wargame maps draw hill levels so). 0 = none.
    Rgba edgeBand{0, 0, 0, 0};
    double edgeBandMm = 0.0;
    Rgba casing{0, 0, 0, 0};
    double casingMm = 0.0;
};

/// Every style, sorted by `order` (the last one is "custom"). One entry per look that is drawn, so a legend
/// built from the entries used shows exactly what the map shows. Colours chosen after orienteering maps
/// (ISOM 2017: vegetation green, water blue, marsh blue horizontal hatching, landforms brown), kept light
/// enough that a scan under them and black print over them stay readable.
const std::vector<TerrainStyle>& terrainStyles();

/// The entry with that key, or nullptr.
const TerrainStyle* findTerrainStyle(std::string_view key);

/// The style of a feature of `terrainClass` with these class attributes (docs/model.md): hill `level` >= 2 is
/// "hill-upper", road `grade` "major" is "road-major" (any other grade, or none, "road-minor"), woods
/// `dense` true is "woods-dense". Any class outside docs/model.md's canonical list gets "custom".
const TerrainStyle& terrainStyle(std::string_view terrainClass, const Attributes& attributes);

/// The legend label for a feature of `terrainClass` in `style`: the style's label, except for the custom
/// style, which names the scenario's own class ("sunken-lane (scenario terrain)").
std::string legendLabel(const TerrainStyle& style, std::string_view terrainClass);

} // namespace sandtable::core::style
