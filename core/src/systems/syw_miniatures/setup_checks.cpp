// SPDX-License-Identifier: GPL-3.0-or-later
// The SYW house rules' own set-up checks (syw-miniatures-house-rules.txt): deployment, figures, bases on the
// table, generals.
#include "sandtable/core/systems/syw_miniatures/setup_checks.hpp"

#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/oob/setup_pieces.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace sandtable::core::systems::syw_miniatures {
namespace {

/// Deployment, figures, bases on the table (2.A-2.D).
void checkTable(const Scenario& s, validation::Diagnostics& out)
{
    if (!s.settings.defender)
        out.push_back({"syw.deployment", validation::Severity::Warning, "/syw",
            _("no defender named: the defender deploys first, the attacker moves first (house rules 2.A)")});
    else if (!s.settings.attacker)
        out.push_back({"syw.deployment", validation::Severity::Warning, "/syw",
            _("no attacker named: the attacker moves first (house rules 2.A, 2.B)")});
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        if (u.type == UnitType::Hq)
            continue;
        if (!u.figures || u.figures->total() == 0)
            out.push_back({"syw.figures", validation::Severity::Warning, oob::unitPointer(i),
                i18n::format(_("unit '{1}' ({2}): no figures, so no melee or fire points (house rules 2.C, 2.D)"), {u.id.str(), oob::formationPath(s, u.formation)})});
        else if (u.strength != 0 && u.strength != u.figures->total())
            out.push_back({"syw.strength", validation::Severity::Warning, oob::unitPointer(i, "strength"),
                i18n::format(_("unit '{1}': strength {2} but {3} figures ({4})"),
                    {u.id.str(), std::to_string(u.strength), std::to_string(u.figures->total()), formatFigures(*u.figures)})});
    }
    const std::vector<oob::PlacedPiece> placed = oob::placedPieces(s);
    oob::checkOverlaps(s, placed, N_("regiments cannot share the table (their bases are one field wide unless the scenario says)"), out);
    // The table: positions are table metres from its south-west corner (TableSector's frame).
    if (!s.settings.tableWidthCm || !s.settings.tableDepthCm)
        return;
    const double w = *s.settings.tableWidthCm / 100.0, d = *s.settings.tableDepthCm / 100.0;
    for (const oob::PlacedPiece& p : placed) {
        double west = 0, east = 0, south = 0, north = 0;
        for (const Coordinate& c : p.corners) {
            west = std::max(west, -c.x);
            east = std::max(east, c.x - w);
            south = std::max(south, -c.y);
            north = std::max(north, c.y - d);
        }
        std::string past;
        const auto edge = [&](double by, const char* name) {
            if (by > 1e-6)
                past += (past.empty() ? "" : ", ") + i18n::format(_(name), {oob::formatCentimetres(by)});
        };
        edge(west, N_("{1} past the west edge"));
        edge(east, N_("{1} past the east edge"));
        edge(south, N_("{1} past the south edge"));
        edge(north, N_("{1} past the north edge"));
        if (!past.empty())
            out.push_back({"syw.table_edge", validation::Severity::Error, oob::unitPointer(p.index, "placement"),
                i18n::format(_("unit '{1}': its base stands {2} of the {3} x {4} table"),
                    {s.units[p.index].id.str(), past, oob::formatCentimetres(w), oob::formatCentimetres(d)})});
    }
}

} // namespace

void checkSetUp(const Scenario& s, validation::Diagnostics& out)
{
    checkTable(s, out);
    for (std::size_t i = 0; i < s.sides.size(); ++i)
        if (s.sides[i].general.empty())
            out.push_back({"syw.general", validation::Severity::Warning, "/sides/" + std::to_string(i),
                i18n::format(_("side '{1}' has no general (victory: capture him or make him give up)"), {s.sides[i].id.str()})});
}

} // namespace sandtable::core::systems::syw_miniatures
