// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/campaign_grid.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

namespace sandtable::editor::panes {
namespace {

int coverRank(core::Cover c)
{
    return c == core::Cover::Whole ? 2 : c == core::Cover::Half ? 1 : 0;
}

} // namespace

std::vector<GridSquareShape> gridOverlayShapes(const core::CampaignGrid& grid)
{
    core::checkGrid(grid);
    std::vector<GridSquareShape> out;
    out.reserve(static_cast<std::size_t>(grid.rows) * static_cast<std::size_t>(grid.columns));
    for (int row = 0; row < grid.rows; ++row)
        for (int column = 0; column < grid.columns; ++column) {
            const core::SquareRef s{column, row};
            out.push_back(GridSquareShape{s, core::squareName(grid, s), core::squareCorners(grid, s), core::squareCentre(grid, s)});
        }
    return out;
}

core::CampaignGrid gridCoveringExtent(const core::Scenario& scenario, double squareSize)
{
    if (!(squareSize > 0) || !std::isfinite(squareSize))
        throw std::invalid_argument(_("square size must be a positive number of metres"));
    if (!scenario.settings.extent)
        throw core::util::OperationError("", _("scenario"), _("has no map extent to lay a grid over"));
    const core::Extent& e = *scenario.settings.extent;
    core::CampaignGrid grid;
    grid.squareSize = squareSize;
    grid.origin = {e.minX, e.minY};
    grid.columns = std::max(1, static_cast<int>(std::ceil((e.maxX - e.minX) / squareSize - 1e-9)));
    grid.rows = std::max(1, static_cast<int>(std::ceil((e.maxY - e.minY) / squareSize - 1e-9)));
    return grid;
}

core::CampaignGrid withOrigin(core::CampaignGrid grid, core::Coordinate origin)
{
    grid.origin = origin;
    return grid;
}

SquareInspection inspectSquare(const core::Campaign& campaign, core::SquareRef square)
{
    if (!core::onGrid(campaign.grid, square))
        throw core::util::OperationError("", _("square"), _("is off the grid"));
    SquareInspection out;
    out.square = square;
    out.name = core::squareName(campaign.grid, square);
    std::map<std::string, double> fractions;
    if (const core::SquareTerrain* t = campaign.derivedSquare(square)) {
        out.derived = true;
        for (const auto& [cls, fraction] : t->coverage)
            fractions[cls] = fraction;
        out.lines = t->lines;
        out.crossings = t->crossings;
    }
    for (const core::CoverOverride& o : campaign.overrides)
        if (o.square == square)
            fractions.try_emplace(o.terrainClass, 0.0);
    const InspectedClass* best = nullptr;
    for (const auto& [cls, fraction] : fractions) {
        out.classes.push_back(InspectedClass{cls, fraction, campaign.cover(square, cls), campaign.overridden(square, cls)});
    }
    for (const InspectedClass& c : out.classes) {
        if (c.cover == core::Cover::None)
            continue;
        if (!best || coverRank(c.cover) > coverRank(best->cover)
            || (coverRank(c.cover) == coverRank(best->cover) && c.fraction > best->fraction))
            best = &c;
    }
    out.primary = best ? best->terrainClass : "open";
    if (campaign.secondary)
        for (const core::SecondaryRoll& r : campaign.secondary->rolls)
            if (r.square == square)
                out.roll = r;
    return out;
}

} // namespace sandtable::editor::panes
