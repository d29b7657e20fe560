// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/campaign_grid.hpp"

#include "sandtable/core/util/error.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

namespace sandtable::editor::panes {
namespace {

bool onGrid(const core::CampaignGrid& grid, core::SquareRef s)
{
    return s.column >= 0 && s.row >= 0 && s.column < grid.columns && s.row < grid.rows;
}

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
        throw std::invalid_argument("square size must be a positive number of metres");
    if (!scenario.settings.extent)
        throw core::OperationError("", "scenario", "has no map extent to lay a grid over");
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

core::Edit campaignEdit(const core::Scenario& scenario, std::string label, std::optional<core::Campaign> after,
    std::string mergeKey)
{
    core::Edit edit{std::move(label), {}, std::move(mergeKey)};
    if (scenario.campaign == after)
        return edit;
    edit.changes.push_back(core::CampaignChange{scenario.campaign, std::move(after)});
    return edit;
}

core::Campaign withGrid(const core::Scenario& scenario, const core::CampaignGrid& grid)
{
    core::checkGrid(grid);
    core::Campaign campaign = scenario.campaign.value_or(core::Campaign{});
    const core::CampaignGrid old = campaign.grid;
    campaign.grid = grid;
    const bool moved = old.squareSize != grid.squareSize || old.origin.x != grid.origin.x || old.origin.y != grid.origin.y
        || old.rotation != grid.rotation || old.rows != grid.rows || old.columns != grid.columns;
    if (moved)
        campaign.derived.clear();
    std::erase_if(campaign.overrides, [&](const core::CoverOverride& o) { return !onGrid(grid, o.square); });
    std::erase_if(campaign.tableSquares, [&](const core::SquareRef& s) { return !onGrid(grid, s); });
    if (campaign.secondary)
        std::erase_if(campaign.secondary->rolls, [&](const core::SecondaryRoll& r) { return !onGrid(grid, r.square); });
    return campaign;
}

core::Campaign withOverride(const core::Scenario& scenario, core::SquareRef square, const std::string& terrainClass,
    std::optional<core::Cover> cover, const std::string& note)
{
    if (!scenario.campaign)
        throw core::OperationError("", "scenario", "has no campaign grid");
    core::Campaign campaign = *scenario.campaign;
    if (!onGrid(campaign.grid, square))
        throw core::OperationError("", "square", "is off the grid");
    std::erase_if(campaign.overrides,
        [&](const core::CoverOverride& o) { return o.square == square && o.terrainClass == terrainClass; });
    if (cover)
        campaign.overrides.push_back(core::CoverOverride{square, terrainClass, *cover, note});
    return campaign;
}

SquareInspection inspectSquare(const core::Campaign& campaign, core::SquareRef square)
{
    if (!onGrid(campaign.grid, square))
        throw core::OperationError("", "square", "is off the grid");
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
