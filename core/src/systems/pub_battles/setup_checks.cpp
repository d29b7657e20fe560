// SPDX-License-Identifier: GPL-3.0-or-later
// Pub Battles' own set-up checks (pub-battles-antietam-rulebook.txt): stacking, terrain under the blocks,
// villages, command range.
#include "sandtable/core/systems/pub_battles/setup_checks.hpp"

#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/oob/setup_pieces.hpp"
#include "sandtable/core/systems/pub_battles/rules.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <memory>
#include <string>
#include <vector>

namespace sandtable::core::systems::pub_battles {
namespace {

void checkPlacedPieces(const Scenario& s, validation::Diagnostics& out)
{
    const std::vector<oob::PlacedPiece> placed = oob::placedPieces(s);
    oob::checkOverlaps(s, placed, N_("pieces may not stack (rulebook, Moving)"), out);
    // Terrain under each piece by the majority rule.
    bool polygonalTerrain = false;
    for (const TerrainFeature& f : s.terrain)
        polygonalTerrain = polygonalTerrain || dimension(f.geometry.type) == 2;
    if (placed.empty() || !polygonalTerrain)
        return;
    std::unique_ptr<geometry::TerrainIndex> index;
    try {
        index = std::make_unique<geometry::TerrainIndex>(s.terrain);
    } catch (const util::Error&) {
        return; // malformed terrain is reported by the terrain checks
    }
    for (const oob::PlacedPiece& p : placed) {
        const Unit& u = s.units[p.index];
        const geometry::MajorityResult result = index->majority(oob::footprintOf(s, u));
        for (const std::string& cls : result.majorities) {
            if (terrainForbidden(u.type, cls))
                out.push_back({"setup.forbidden_terrain", validation::Severity::Error, oob::unitPointer(p.index, "placement"),
                    i18n::format(_("unit '{1}' ({2}): stands in {3}, forbidden to its type (Terrain Effects Chart)"), {u.id.str(), toString(u.type), cls})});
            if (cls == kDisorganizingTerrain)
                out.push_back({"setup.village", validation::Severity::Warning, oob::unitPointer(p.index, "placement"),
                    i18n::format(_("unit '{1}': starts in a village, so it starts disorganized and cannot rally there"), {u.id.str()})});
        }
    }
}

void checkCommandRange(const Scenario& s, validation::Diagnostics& out)
{
    const double range = commandRangeMetres(s.settings.scaleDenominator);
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        // Command range gates attacks (rulebook, Command Range); baggage trains never attack.
        if (!u.placement || u.type == UnitType::Hq || u.type == UnitType::BaggageTrain || !oob::isPiece(s, u))
            continue;
        // A piece off the map is reported as such ("setup.off_map"); its range would only repeat that.
        if (s.settings.extent && !s.settings.extent->contains(u.placement->position))
            continue;
        // Its HQ: the one of its own formation, else of the nearest ancestor that has one.
        const Unit* hq = oob::commandingHq(s, u.formation);
        if (!hq || !hq->placement)
            continue;
        const double distance = oob::distanceToFootprint(hq->placement->position, geometry::footprintCorners(oob::footprintOf(s, u)));
        if (distance > range)
            out.push_back({"setup.command_range", validation::Severity::Warning, oob::unitPointer(i, "placement"),
                i18n::format(_("unit '{1}': {2} from its HQ '{3}', beyond the command range of {4} (it cannot attack)"),
                    {u.id.str(), oob::formatMetres(distance), hq->id.str(), oob::formatMetres(range)})});
    }
}

} // namespace

void checkSetUp(const Scenario& s, validation::Diagnostics& out)
{
    checkPlacedPieces(s, out);
    checkCommandRange(s, out);
}

} // namespace sandtable::core::systems::pub_battles
