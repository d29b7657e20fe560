// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite rule checks: grid shape and coverage, references, stacking, lines of communication.
#include "sandtable/core/validation/campaign_validator.hpp"

#include "sandtable/core/geometry/grid_coverage.hpp"

#include <map>
#include <set>
#include <stdexcept>

namespace sandtable::core {

void checkCampaign(const Scenario& s, Diagnostics& out)
{
    if (!s.campaign)
        return;
    const Campaign& c = *s.campaign;
    try {
        checkGrid(c.grid);
    } catch (const std::invalid_argument& e) {
        out.push_back({"campaign.grid", Severity::Error, "/campaign/grid", std::string("campaign grid: ") + e.what()});
        return;
    }
    if (s.settings.extent) {
        std::string message;
        if (!geometry::gridCoversExtent(c.grid, *s.settings.extent, message))
            out.push_back({"campaign.grid.coverage", Severity::Warning, "/campaign/grid", message});
    }
    if (!(c.thresholds.half > 0 && c.thresholds.half <= c.thresholds.whole && c.thresholds.whole <= 1))
        out.push_back({"campaign.thresholds", Severity::Error, "/campaign/thresholds", "cover thresholds must satisfy 0 < half <= whole <= 1"});
    std::set<std::string> forceIds;
    std::map<std::string, SideId> forceSide;
    std::map<std::pair<SquareRef, std::string>, int> unitsInSquare;
    std::set<std::string> sidesWithForces;
    for (std::size_t i = 0; i < c.forces.size(); ++i) {
        const CampaignForce& f = c.forces[i];
        const std::string path = "/campaign/forces/" + std::to_string(i);
        if (!forceIds.insert(f.id).second)
            out.push_back({"id.duplicate", Severity::Error, path + "/id", "force '" + f.id + "': id used more than once"});
        forceSide[f.id] = f.side;
        if (!s.findSide(f.side))
            out.push_back({"ref.missing", Severity::Error, path + "/side", "force '" + f.id + "': no side '" + f.side.str() + "'"});
        if (f.infantry + f.cavalry + f.artillery == 0)
            out.push_back({"campaign.force.empty", Severity::Warning, path, "force '" + f.id + "' has no units"});
        unitsInSquare[{f.square, f.side.str()}] += f.infantry + f.cavalry + f.artillery;
        sidesWithForces.insert(f.side.str());
    }
    if (c.stackingLimit)
        for (const auto& [key, units] : unitsInSquare)
            if (units > *c.stackingLimit)
                out.push_back({"campaign.stacking", Severity::Warning, "/campaign/forces",
                    "side '" + key.second + "' has " + std::to_string(units) + " units in square " + squareName(c.grid, key.first)
                        + ", over the stacking limit of " + std::to_string(*c.stackingLimit)});
    std::set<std::string> objectiveIds;
    std::set<std::string> sidesWithLoc;
    for (std::size_t i = 0; i < c.objectives.size(); ++i) {
        const Objective& o = c.objectives[i];
        const std::string path = "/campaign/objectives/" + std::to_string(i);
        if (!objectiveIds.insert(o.id).second)
            out.push_back({"id.duplicate", Severity::Error, path + "/id", "objective '" + o.id + "': id used more than once"});
        if (o.side && !s.findSide(*o.side))
            out.push_back({"ref.missing", Severity::Error, path + "/side", "objective '" + o.id + "': no side '" + o.side->str() + "'"});
        if (o.kind == ObjectiveKind::LineOfCommunication && o.side)
            sidesWithLoc.insert(o.side->str());
    }
    for (const std::string& side : sidesWithForces)
        if (!sidesWithLoc.count(side))
            out.push_back({"campaign.loc.missing", Severity::Warning, "/campaign/objectives",
                "side '" + side + "' has no line of communication among the objectives (campaign-lite.txt: always one of them)"});
    for (std::size_t i = 0; i < c.intelligence.size(); ++i) {
        const StartingIntelligence& intel = c.intelligence[i];
        const std::string path = "/campaign/intelligence/" + std::to_string(i);
        if (!s.findSide(intel.side))
            out.push_back({"ref.missing", Severity::Error, path + "/side", "intelligence: no side '" + intel.side.str() + "'"});
        for (const std::string& seen : intel.seenForces) {
            const auto it = forceSide.find(seen);
            if (it == forceSide.end())
                out.push_back({"ref.missing", Severity::Error, path + "/seen_forces", "intelligence: no force '" + seen + "'"});
            else if (it->second == intel.side)
                out.push_back({"campaign.intelligence.side", Severity::Error, path + "/seen_forces",
                    "intelligence of side '" + intel.side.str() + "' lists its own force '" + seen + "' as seen"});
        }
    }
}

} // namespace sandtable::core
