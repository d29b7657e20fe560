// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite rule checks: grid shape and coverage, references, stacking, lines of communication.
#include "sandtable/core/validation/campaign_validator.hpp"

#include "sandtable/core/geometry/grid_coverage.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

namespace sandtable::core::validation {
namespace {

/// The name of a square, or "column,row" when it is off the grid.
std::string nameOf(const CampaignGrid& g, SquareRef q)
{
    return onGrid(g, q) ? squareName(g, q)
                        : i18n::format(_("(column {1}, row {2})"), {std::to_string(q.column), std::to_string(q.row)});
}

double cross(Coordinate o, Coordinate a, Coordinate b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

/// True when segments p1-p2 and q1-q2 share a point (touching counts).
bool segmentsMeet(Coordinate p1, Coordinate p2, Coordinate q1, Coordinate q2)
{
    const double d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2), d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return true;
    auto within = [](Coordinate a, Coordinate b, Coordinate c) {
        return std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= c.y && c.y <= std::max(a.y, b.y);
    };
    return (d1 == 0 && within(q1, q2, p1)) || (d2 == 0 && within(q1, q2, p2)) || (d3 == 0 && within(p1, p2, q1))
        || (d4 == 0 && within(p1, p2, q2));
}

/// The rivers (class "river": streams do not stop movement, campaign-lite.txt "Streams: No effect on movement")
/// crossed by the straight march from the centre of `a` to the centre of `b`.
std::vector<const TerrainFeature*> riversCrossed(const Scenario& s, const CampaignGrid& g, SquareRef a, SquareRef b)
{
    std::vector<const TerrainFeature*> out;
    const Coordinate p = squareCentre(g, a), q = squareCentre(g, b);
    for (const TerrainFeature& f : s.terrain) {
        if (f.terrainClass != "river")
            continue;
        bool meets = false;
        for (const auto& part : f.geometry.parts)
            for (const auto& ring : part)
                for (std::size_t i = 1; i < ring.size() && !meets; ++i)
                    meets = segmentsMeet(p, q, ring[i - 1], ring[i]);
        if (meets)
            out.push_back(&f);
    }
    return out;
}

/// True when a bridge or ford lies in square `a` or `b` (campaign-lite.txt: bridges "on the line between two
/// squares or right in the middle"; fords are crossing places too, docs/model.md).
bool crossingIn(const Scenario& s, const CampaignGrid& g, SquareRef a, SquareRef b)
{
    for (const TerrainFeature& f : s.terrain) {
        if (f.terrainClass != "bridge" && f.terrainClass != "ford")
            continue;
        for (const auto& part : f.geometry.parts)
            for (const auto& ring : part)
                for (const Coordinate& c : ring) {
                    // squareAt gives a point on the shared edge to the east / south square: one of the two.
                    const auto at = squareAt(g, c);
                    if (at && (*at == a || *at == b))
                        return true;
                }
    }
    return false;
}

} // namespace

void checkCampaign(const Scenario& s, Diagnostics& out)
{
    if (!s.campaign)
        return;
    const Campaign& c = *s.campaign;
    // Forces, objectives and table squares are checked against the grid (issue 7: "forces on the grid, rivers
    // crossed only at bridges for the start positions, objectives on squares that exist").
    try {
        checkGrid(c.grid);
    } catch (const std::invalid_argument& e) {
        out.push_back({"campaign.grid", Severity::Error, "/campaign/grid", i18n::format(_("campaign grid: {1}"), {e.what()})});
        return;
    }
    if (s.settings.extent) {
        std::string message;
        if (!geometry::gridCoversExtent(c.grid, *s.settings.extent, message))
            out.push_back({"campaign.grid.coverage", Severity::Warning, "/campaign/grid", message});
    }
    if (!(c.thresholds.half > 0 && c.thresholds.half <= c.thresholds.whole && c.thresholds.whole <= 1))
        out.push_back({"campaign.thresholds", Severity::Error, "/campaign/thresholds", _("cover thresholds must satisfy 0 < half <= whole <= 1")});
    std::set<std::string> forceIds;
    std::map<std::string, SideId> forceSide;
    std::map<std::pair<SquareRef, std::string>, int> unitsInSquare;
    std::set<std::string> sidesWithForces;
    for (std::size_t i = 0; i < c.forces.size(); ++i) {
        const CampaignForce& f = c.forces[i];
        const std::string path = "/campaign/forces/" + std::to_string(i);
        if (!forceIds.insert(f.id).second)
            out.push_back({"id.duplicate", Severity::Error, path + "/id", i18n::format(_("force '{1}': id used more than once"), {f.id})});
        forceSide[f.id] = f.side;
        if (!s.findSide(f.side))
            out.push_back({"ref.missing", Severity::Error, path + "/side", i18n::format(_("force '{1}': no side '{2}'"), {f.id, f.side.str()})});
        if (f.infantry + f.cavalry + f.artillery == 0)
            out.push_back({"campaign.force.empty", Severity::Warning, path, i18n::format(_("force '{1}' has no units"), {f.id})});
        unitsInSquare[{f.square, f.side.str()}] += f.infantry + f.cavalry + f.artillery;
        sidesWithForces.insert(f.side.str());
        if (!onGrid(c.grid, f.square)) {
            out.push_back({"campaign.force.off_grid", Severity::Error, path + "/square",
                i18n::format(_("force '{1}' stands on square {2}, off the {3} x {4} grid"),
                    {f.id, nameOf(c.grid, f.square), std::to_string(c.grid.columns), std::to_string(c.grid.rows)})});
            continue;
        }
        // The march to the start square: each step to a square sharing an edge, rivers only at bridges or fords.
        std::vector<SquareRef> steps = f.route;
        if (!steps.empty() && steps.back() != f.square)
            steps.push_back(f.square);
        for (std::size_t k = 0; k < steps.size(); ++k) {
            if (!onGrid(c.grid, steps[k])) {
                out.push_back({"campaign.force.route", Severity::Error, path + "/route",
                    i18n::format(_("force '{1}': route square {2} is off the grid"), {f.id, nameOf(c.grid, steps[k])})});
                break;
            }
            if (k == 0)
                continue;
            const SquareRef a = steps[k - 1], b = steps[k];
            if (std::abs(a.column - b.column) + std::abs(a.row - b.row) != 1) {
                out.push_back({"campaign.force.route", Severity::Error, path + "/route",
                    i18n::format(_("force '{1}': route step {2} -> {3} does not go to a square sharing an edge"),
                        {f.id, squareName(c.grid, a), squareName(c.grid, b)})});
                break;
            }
            const auto rivers = riversCrossed(s, c.grid, a, b);
            if (!rivers.empty() && !crossingIn(s, c.grid, a, b))
                out.push_back({"campaign.force.river", Severity::Error, path + "/route",
                    i18n::format(_("force '{1}' crosses river '{2}' between {3} and {4} with no bridge or ford in either square "
                                   "(campaign-lite.txt: rivers can only be crossed at bridges)"),
                        {f.id, rivers.front()->name.empty() ? rivers.front()->id.str() : rivers.front()->name, squareName(c.grid, a),
                            squareName(c.grid, b)})});
        }
    }
    for (std::size_t i = 0; i < c.tableSquares.size(); ++i)
        if (!onGrid(c.grid, c.tableSquares[i]))
            out.push_back({"campaign.table.off_grid", Severity::Error, "/campaign/table_squares/" + std::to_string(i),
                i18n::format(_("table square {1} is off the grid"), {nameOf(c.grid, c.tableSquares[i])})});
    if (c.stackingLimit)
        for (const auto& [key, units] : unitsInSquare)
            if (units > *c.stackingLimit)
                out.push_back({"campaign.stacking", Severity::Warning, "/campaign/forces",
                    i18n::format(_("side '{1}' has {2} units in square {3}, over the stacking limit of {4}"),
                        {key.second, std::to_string(units), squareName(c.grid, key.first), std::to_string(*c.stackingLimit)})});
    std::set<std::string> objectiveIds;
    std::set<std::string> sidesWithLoc;
    for (std::size_t i = 0; i < c.objectives.size(); ++i) {
        const Objective& o = c.objectives[i];
        const std::string path = "/campaign/objectives/" + std::to_string(i);
        if (!objectiveIds.insert(o.id).second)
            out.push_back({"id.duplicate", Severity::Error, path + "/id", i18n::format(_("objective '{1}': id used more than once"), {o.id})});
        if (o.side && !s.findSide(*o.side))
            out.push_back({"ref.missing", Severity::Error, path + "/side", i18n::format(_("objective '{1}': no side '{2}'"), {o.id, o.side->str()})});
        if (o.kind == ObjectiveKind::LineOfCommunication && o.side)
            sidesWithLoc.insert(o.side->str());
        if (!onGrid(c.grid, o.square))
            out.push_back({"campaign.objective.off_grid", Severity::Error, path + "/square",
                i18n::format(_("objective '{1}' is on square {2}, which the {3} x {4} grid does not have"),
                    {o.id, nameOf(c.grid, o.square), std::to_string(c.grid.columns), std::to_string(c.grid.rows)})});
    }
    for (const std::string& side : sidesWithForces)
        if (!sidesWithLoc.count(side))
            out.push_back({"campaign.loc.missing", Severity::Warning, "/campaign/objectives",
                i18n::format(_("side '{1}' has no line of communication among the objectives (campaign-lite.txt: always one of them)"), {side})});
    for (std::size_t i = 0; i < c.intelligence.size(); ++i) {
        const StartingIntelligence& intel = c.intelligence[i];
        const std::string path = "/campaign/intelligence/" + std::to_string(i);
        if (!s.findSide(intel.side))
            out.push_back({"ref.missing", Severity::Error, path + "/side", i18n::format(_("intelligence: no side '{1}'"), {intel.side.str()})});
        for (const std::string& seen : intel.seenForces) {
            const auto it = forceSide.find(seen);
            if (it == forceSide.end())
                out.push_back({"ref.missing", Severity::Error, path + "/seen_forces", i18n::format(_("intelligence: no force '{1}'"), {seen})});
            else if (it->second == intel.side)
                out.push_back({"campaign.intelligence.side", Severity::Error, path + "/seen_forces",
                    i18n::format(_("intelligence of side '{1}' lists its own force '{2}' as seen"), {intel.side.str(), seen})});
        }
    }
}

} // namespace sandtable::core::validation
