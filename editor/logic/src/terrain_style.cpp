// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain styles on screen (core's table in pixels) and side colours.
#include "sandtable/editor/logic/terrain_style.hpp"

#include <algorithm>

namespace sandtable::editor {

TerrainStyle terrainStyle(std::string_view cls, const core::Attributes& attributes)
{
    const core::style::TerrainStyle& table = core::style::terrainStyle(cls, attributes);
    TerrainStyle s;
    s.source = &table;
    s.fill = table.fill;
    s.stroke = table.outline;
    s.strokeWidth = std::max(1.0, table.lineWidthMm * kScreenPixelsPerMm);
    for (const double mm : table.dashMm)
        s.dash.push_back(mm * kScreenPixelsPerMm);
    s.hatch = table.hatch;
    s.hatchColour = table.hatchColour;
    s.edgeBand = table.edgeBand;
    s.edgeBandWidth = table.edgeBandMm * kScreenPixelsPerMm;
    s.casing = table.casing;
    s.casingWidth = table.casingMm * kScreenPixelsPerMm;
    s.symbol = table.symbol;
    s.pointRadius = table.symbolMm * kScreenPixelsPerMm / 2.0;
    s.layer = table.order;
    return s;
}

core::SideId sideOfUnit(const core::Scenario& scenario, const core::Unit& unit)
{
    const core::Formation* formation = scenario.findFormation(unit.formation);
    return formation ? formation->side : core::SideId();
}

Rgba sideColour(const core::Scenario& scenario, const core::SideId& side)
{
    if (const core::Side* found = scenario.findSide(side))
        if (const auto colour = parseHexColour(found->colour))
            return *colour;
    return {128, 128, 128, 255};
}

} // namespace sandtable::editor
