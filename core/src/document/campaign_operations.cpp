// SPDX-License-Identifier: GPL-3.0-or-later
// Edit builders for the Campaign Lite part of a scenario: grid, derivation, overrides, rolls, table squares.
#include "sandtable/core/document/campaign_operations.hpp"

#include "sandtable/core/geometry/grid_coverage.hpp"
#include "sandtable/core/systems/campaign_lite/rules.hpp"
#include "sandtable/core/systems/campaign_lite/secondary_terrain.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <stdexcept>

namespace sandtable::core::document::operations {
namespace {

/// The one CampaignChange taking the campaign to `after`; empty when nothing changes.
Edit campaignEdit(const Scenario& s, std::string label, Campaign after, std::string mergeKey = {})
{
    Edit edit{std::move(label), {}, std::move(mergeKey)};
    if (s.campaign && *s.campaign == after)
        return edit;
    edit.changes.push_back(CampaignChange{s.campaign, std::move(after)});
    return edit;
}

const Campaign& campaignOf(const Scenario& s)
{
    if (!s.campaign)
        throw util::OperationError("", _("scenario"), _("has no campaign grid yet: lay one first"));
    return *s.campaign;
}

/// "(column 3, row 0)" for a square off `grid` (squareName cannot name it).
std::string squareLabel(const CampaignGrid& grid, SquareRef q)
{
    return onGrid(grid, q) ? squareName(grid, q) : "(column " + std::to_string(q.column) + ", row " + std::to_string(q.row) + ")";
}

} // namespace

bool sameGridGeometry(const CampaignGrid& a, const CampaignGrid& b) noexcept
{
    return a.squareSize == b.squareSize && a.origin == b.origin && a.rotation == b.rotation && a.rows == b.rows
        && a.columns == b.columns;
}

Edit setCampaignGrid(const Scenario& s, const CampaignGrid& grid, validation::Diagnostics& findings, std::string label,
    std::string mergeKey)
{
    if (label.empty())
        label = _("Campaign grid");
    try {
        checkGrid(grid);
    } catch (const std::invalid_argument& e) {
        throw util::OperationError("", _("campaign grid"), e.what());
    }
    Campaign campaign = s.campaign.value_or(Campaign{});
    const CampaignGrid old = campaign.grid;
    std::string stranded;
    auto strand = [&](const std::string& what, SquareRef q) {
        stranded += (stranded.empty() ? "" : ", ") + what + " at " + squareLabel(old, q);
    };
    for (const CampaignForce& f : campaign.forces) {
        if (!onGrid(grid, f.square))
            strand("force '" + f.id + "'", f.square);
        for (SquareRef step : f.route)
            if (!onGrid(grid, step)) {
                strand("the route of force '" + f.id + "'", step);
                break;
            }
    }
    for (const Objective& o : campaign.objectives)
        if (!onGrid(grid, o.square))
            strand("objective '" + o.id + "'", o.square);
    if (!stranded.empty())
        throw util::OperationError("", _("campaign grid"), i18n::format(_("{1}: off the new {2} x {3} grid; move them first"),
                {stranded, std::to_string(grid.columns), std::to_string(grid.rows)}));

    const bool moved = s.campaign && !sameGridGeometry(old, grid);
    campaign.grid = grid;
    std::erase_if(campaign.overrides, [&](const CoverOverride& o) { return !onGrid(grid, o.square); });
    std::erase_if(campaign.tableSquares, [&](SquareRef q) { return !onGrid(grid, q); });
    if (moved) {
        campaign.derived.clear();
        campaign.secondary.reset();
    }
    if (s.settings.extent) {
        std::string message;
        if (!geometry::gridCoversExtent(grid, *s.settings.extent, message))
            findings.push_back({"campaign.grid.coverage", validation::Severity::Warning, "/campaign/grid", message});
    }
    return campaignEdit(s, std::move(label), std::move(campaign), std::move(mergeKey));
}

Edit deriveCampaign(const Scenario& s, std::optional<double> whole, std::optional<double> half)
{
    Scenario next;
    next.settings = s.settings;
    next.terrain = s.terrain;
    next.campaign = campaignOf(s);
    CoverThresholds& t = next.campaign->thresholds;
    if (whole)
        t.whole = *whole;
    if (half)
        t.half = *half;
    if (!(t.half > 0 && t.half <= t.whole && t.whole <= 1))
        throw util::OperationError("", _("thresholds"), _("cover thresholds must satisfy 0 < half <= whole <= 1"));
    return campaignEdit(s, _("Derive primary terrain"), geometry::rederiveCampaign(next));
}

Edit setCoverOverride(const Scenario& s, SquareRef square, const std::string& terrainClass, std::optional<Cover> cover,
    const std::string& note)
{
    Campaign campaign = campaignOf(s);
    if (!onGrid(campaign.grid, square))
        throw util::OperationError("", i18n::format(_("square {1}"), {squareLabel(campaign.grid, square)}), _("is off the grid"));
    if (terrainClass.empty())
        throw util::OperationError("", _("override"), _("names no terrain class"));
    const auto same = [&](const CoverOverride& o) { return o.square == square && o.terrainClass == terrainClass; };
    auto it = std::find_if(campaign.overrides.begin(), campaign.overrides.end(), same);
    if (cover) {
        const CoverOverride wanted{square, terrainClass, *cover, note};
        if (it != campaign.overrides.end())
            *it = wanted; // in place: the list keeps its order
        else
            campaign.overrides.push_back(wanted);
    } else if (it != campaign.overrides.end()) {
        campaign.overrides.erase(it);
    }
    return campaignEdit(s, cover ? _("Override cover") : _("Remove override"), std::move(campaign));
}

Edit rollSecondaryTerrain(const Scenario& s, std::uint64_t seed, std::string_view region)
{
    Campaign campaign = campaignOf(s);
    try {
        campaign.secondary = systems::campaign_lite::rollSecondaryTerrain(campaign, seed, region);
    } catch (const std::invalid_argument& e) {
        throw util::OperationError("", _("secondary terrain"), e.what());
    }
    return campaignEdit(s, _("Roll secondary terrain"), std::move(campaign));
}

Edit setTableSquares(const Scenario& s, std::vector<SquareRef> squares)
{
    Campaign campaign = campaignOf(s);
    try {
        systems::campaign_lite::planBattle(campaign, squares, 1.0); // the scale does not change which tables are valid
    } catch (const std::invalid_argument& e) {
        throw util::OperationError("", _("table squares"), e.what());
    }
    campaign.tableSquares = std::move(squares);
    return campaignEdit(s, _("Choose table squares"), std::move(campaign));
}

Edit setCampaignForces(const Scenario& s, std::vector<CampaignForce> forces)
{
    Campaign campaign = campaignOf(s);
    std::vector<std::string> ids;
    for (const CampaignForce& f : forces) {
        const std::string what = "force '" + f.id + "'";
        if (f.id.empty() || std::find(ids.begin(), ids.end(), f.id) != ids.end())
            throw util::OperationError("", what, f.id.empty() ? _("has no id") : _("is named twice"));
        ids.push_back(f.id);
        if (!s.findSide(f.side))
            throw util::OperationError("", what, i18n::format(_("side '{1}' is not a side of the scenario"), {f.side.str()}));
        if (!onGrid(campaign.grid, f.square))
            throw util::OperationError("", what, i18n::format(_("stands at {1}, off the campaign grid"), {squareLabel(campaign.grid, f.square)}));
        for (const SquareRef q : f.route)
            if (!onGrid(campaign.grid, q))
                throw util::OperationError("", what, i18n::format(_("marches through {1}, off the campaign grid"), {squareLabel(campaign.grid, q)}));
        if (f.infantry < 0 || f.cavalry < 0 || f.artillery < 0)
            throw util::OperationError("", what, _("has a negative count of infantry, cavalry or artillery"));
    }
    campaign.forces = std::move(forces);
    return campaignEdit(s, _("Set campaign forces"), std::move(campaign));
}

} // namespace sandtable::core::document::operations
