// SPDX-License-Identifier: GPL-3.0-or-later
// Set-up checks over placed pieces, reserves, reinforcements and lines of communication.
#include "sandtable/core/oob/setup_checks.hpp"

#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/oob/setup_pieces.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <cmath>
#include <memory>
#include <set>
#include <sstream>

namespace sandtable::core::oob {
namespace {

// Roads meeting within this distance (metres) are joined; a road within it of the extent's edge reaches it.
constexpr double kJoinMetres = 1.0;

/// A shared area: m2 on a map, cm2 on a SYW table.
std::string formatArea(const Scenario& s, double squareMetres)
{
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(0);
    if (systems::describe(s.settings.system).ground == systems::Ground::Table)
        text << squareMetres * 1e4 << " cm2";
    else
        text << squareMetres << " m2";
    return text.str();
}

double pointSegmentDistance(Coordinate p, Coordinate a, Coordinate b)
{
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

double distanceToExtentEdge(Coordinate p, const Extent& e)
{
    if (!e.contains(p))
        return 0.0;
    return std::min({p.x - e.minX, e.maxX - p.x, p.y - e.minY, e.maxY - p.y});
}

/// The vertex lists of a line feature (each LineString part), empty for other geometries.
std::vector<std::vector<Coordinate>> lines(const Geometry& g)
{
    std::vector<std::vector<Coordinate>> out;
    if (dimension(g.type) != 1)
        return out;
    for (const auto& part : g.parts)
        if (!part.empty())
            out.push_back(part.front());
    return out;
}

double pointLinesDistance(Coordinate p, const std::vector<std::vector<Coordinate>>& ls)
{
    double best = std::numeric_limits<double>::infinity();
    for (const auto& line : ls) {
        if (line.size() == 1)
            best = std::min(best, std::hypot(p.x - line[0].x, p.y - line[0].y));
        for (std::size_t i = 1; i < line.size(); ++i)
            best = std::min(best, pointSegmentDistance(p, line[i - 1], line[i]));
    }
    return best;
}

bool linesReachEdge(const std::vector<std::vector<Coordinate>>& ls, const Extent& e)
{
    for (const auto& line : ls)
        for (Coordinate c : line)
            if (distanceToExtentEdge(c, e) <= kJoinMetres)
                return true;
    return false;
}

bool linesJoin(const std::vector<std::vector<Coordinate>>& a, const std::vector<std::vector<Coordinate>>& b)
{
    // Roads join where a vertex of one lies on the other (an end on a line, or a shared junction vertex).
    for (const auto& line : a)
        for (Coordinate c : line)
            if (pointLinesDistance(c, b) <= kJoinMetres)
                return true;
    for (const auto& line : b)
        for (Coordinate c : line)
            if (pointLinesDistance(c, a) <= kJoinMetres)
                return true;
    return false;
}

/// Whether the road network joined to road `start` (an index into the scenario's terrain) reaches the edge.
bool roadNetworkReachesEdge(const Scenario& s, std::size_t start, const Extent& extent)
{
    std::vector<std::size_t> roads;
    for (std::size_t i = 0; i < s.terrain.size(); ++i)
        if (s.terrain[i].terrainClass == "road")
            roads.push_back(i);
    std::set<std::size_t> seen{start};
    std::vector<std::size_t> queue{start};
    while (!queue.empty()) {
        const std::size_t current = queue.back();
        queue.pop_back();
        const auto currentLines = lines(s.terrain[current].geometry);
        if (linesReachEdge(currentLines, extent))
            return true;
        for (std::size_t other : roads)
            if (!seen.count(other) && linesJoin(currentLines, lines(s.terrain[other].geometry))) {
                seen.insert(other);
                queue.push_back(other);
            }
    }
    return false;
}

std::ptrdiff_t featureIndex(const Scenario& s, const FeatureId& id)
{
    for (std::size_t i = 0; i < s.terrain.size(); ++i)
        if (s.terrain[i].id == id)
            return static_cast<std::ptrdiff_t>(i);
    return -1;
}

void checkSideReferences(const Scenario& s, validation::Diagnostics& out)
{
    const auto checkSide = [&](const std::optional<SideId>& side, const char* path, const char* what) {
        if (side && !s.findSide(*side))
            out.push_back({"ref.missing", validation::Severity::Error, path, i18n::format(_(what), {side->str()})});
    };
    checkSide(s.settings.combatOrderSide, "/setup/combat_order_side", N_("combat order: side '{1}' does not exist"));
    checkSide(s.settings.attacker, "/syw/attacker", N_("attacker: side '{1}' does not exist"));
    checkSide(s.settings.defender, "/syw/defender", N_("defender: side '{1}' does not exist"));
    if (s.settings.attacker && s.settings.defender && *s.settings.attacker == *s.settings.defender)
        out.push_back({"syw.sides", validation::Severity::Error, "/syw/defender",
            i18n::format(_("side '{1}' is both attacker and defender"), {s.settings.attacker->str()})});
}

void checkLinesOfCommunication(const Scenario& s, validation::Diagnostics& out)
{
    for (std::size_t i = 0; i < s.sides.size(); ++i) {
        const Side& side = s.sides[i];
        for (std::size_t k = 0; k < side.linesOfCommunication.size(); ++k) {
            const FeatureId& road = side.linesOfCommunication[k];
            const std::string path = "/sides/" + std::to_string(i) + "/lines_of_communication/" + std::to_string(k);
            const std::string name = i18n::format(_("side '{1}': line of communication '{2}'"), {side.id.str(), road.str()});
            const auto at = featureIndex(s, road);
            if (at < 0) {
                out.push_back({"ref.missing", validation::Severity::Error, path, i18n::format(_("{1}: no such terrain feature"), {name})});
                continue;
            }
            const TerrainFeature& f = s.terrain[static_cast<std::size_t>(at)];
            if (f.terrainClass != "road" || dimension(f.geometry.type) != 1) {
                out.push_back({"setup.loc", validation::Severity::Error, path,
                    i18n::format(_("{1}: is {2}, not a road (rulebook, Supply Source: a clear road off the map)"), {name, f.terrainClass})});
                continue;
            }
            if (s.settings.extent && !roadNetworkReachesEdge(s, static_cast<std::size_t>(at), *s.settings.extent))
                out.push_back({"setup.loc", validation::Severity::Error, path,
                    i18n::format(_("{1}: neither it nor any road joined to it reaches the map edge"), {name})});
        }
    }
}

void checkArrivals(const Scenario& s, validation::Diagnostics& out)
{
    const int startDay = s.settings.startDay.value_or(1);
    const int startTurn = s.settings.startTurn.value_or(1);
    const int lastDay = startDay + s.settings.days.value_or(1) - 1;
    const double tolerance = kEntryToleranceMm * s.settings.scaleDenominator / 1000.0;
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        if (!u.arrival)
            continue;
        const Arrival& a = *u.arrival;
        const std::string name = i18n::format(_("unit '{1}'"), {u.id.str()});
        const std::string when = a.turn == kNightTurn ? i18n::format(_("day {1} night"), {std::to_string(a.day)})
                                                      : i18n::format(_("day {1} turn {2}"), {std::to_string(a.day), std::to_string(a.turn)});
        if (a.day < startDay || a.day > lastDay || a.turn < 1 || a.turn > kNightTurn)
            out.push_back({"setup.arrival", validation::Severity::Error, unitPointer(i, "arrival"),
                i18n::format(_("{1}: arrives on {2}, which the scenario does not have (days {3}-{4}, turns 1-8 and night)"),
                    {name, when, std::to_string(startDay), std::to_string(lastDay)})});
        else if (a.day == startDay && a.turn < startTurn)
            out.push_back({"setup.arrival", validation::Severity::Error, unitPointer(i, "arrival"),
                i18n::format(_("{1}: arrives on {2}, before the scenario starts (turn {3})"), {name, when, std::to_string(startTurn)})});
        std::vector<std::vector<Coordinate>> roadLines;
        if (a.road) {
            const auto at = featureIndex(s, *a.road);
            if (at < 0 || s.terrain[static_cast<std::size_t>(at)].terrainClass != "road") {
                out.push_back({"ref.missing", validation::Severity::Error, unitPointer(i, "arrival"),
                    i18n::format(_("{1}: entry road '{2}' is not a road feature of the scenario"), {name, a.road->str()})});
                continue;
            }
            roadLines = lines(s.terrain[static_cast<std::size_t>(at)].geometry);
        }
        if (!a.entry || !s.settings.extent)
            continue;
        const bool onEdge = s.settings.extent->contains(*a.entry) && distanceToExtentEdge(*a.entry, *s.settings.extent) <= tolerance;
        const bool onRoad = !roadLines.empty() && pointLinesDistance(*a.entry, roadLines) <= tolerance;
        if (!onEdge && !onRoad)
            out.push_back({"setup.arrival", validation::Severity::Error, unitPointer(i, "arrival"),
                i18n::format(_("{1}: enters at a point neither on the map edge nor on its road (within {2})"), {name, formatMetres(tolerance)})});
    }
}

void checkReservesAndConflicts(const Scenario& s, validation::Diagnostics& out)
{
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        const std::string name = i18n::format(_("unit '{1}'"), {u.id.str()});
        if (u.formation.empty())
            out.push_back({"oob.unit.no_formation", validation::Severity::Error, unitPointer(i, "formation"),
                i18n::format(_("{1} ({2}): belongs to no formation; every unit belongs to a formation with an HQ"), {name, u.name})});
        const int setups = (u.placement ? 1 : 0) + (u.reserve ? 1 : 0) + (u.arrival ? 1 : 0);
        if (setups > 1)
            out.push_back({"setup.conflict", validation::Severity::Error, unitPointer(i),
                i18n::format(_("{1}: set up more than once (placed, in a reserve, arriving: choose one)"), {name})});
        if (u.reserve) {
            const Unit* hq = s.findUnit(*u.reserve);
            const Side* side = sideOf(s, u);
            const Side* hqSide = hq ? sideOf(s, *hq) : nullptr;
            if (!hq || hq->type != UnitType::Hq || (side && hqSide && side->id != hqSide->id))
                out.push_back({"setup.reserve", validation::Severity::Error, unitPointer(i, "reserve"),
                    i18n::format(_("{1}: reserve '{2}' is not an HQ of its side"), {name, u.reserve->str()})});
        }
    }
}

/// Blocks at one level (oob blocks): a block's strength is that of the units it stands for; one block
/// per branch of the tree.
void checkBlocks(const Scenario& s, validation::Diagnostics& out)
{
    std::set<std::string> blockFormations;
    for (const Unit& u : s.units)
        if (u.block)
            blockFormations.insert(u.formation.str());
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        if (!u.block)
            continue;
        const BlockDerivation d = deriveBlock(s, u.formation);
        if (d.units > 0 && d.strength != u.strength)
            out.push_back({"oob.block.strength", validation::Severity::Warning, unitPointer(i, "strength"),
                i18n::format(P_("block '{1}' ({2}): strength {3} but the {4} unit it stands for has {5} (run oob blocks again to derive it)",
                                 "block '{1}' ({2}): strength {3} but the {4} units it stands for have {5} (run oob blocks again to derive it)", d.units),
                    {u.id.str(), formationPath(s, u.formation), std::to_string(u.strength), std::to_string(d.units), std::to_string(d.strength)})});
        for (const Formation* a : ancestors(s, u.formation))
            if (blockFormations.count(a->id.str()))
                out.push_back({"oob.block.nested", validation::Severity::Error, unitPointer(i),
                    i18n::format(_("block '{1}' ({2}) is below the block of '{3}': one block per branch (oob blocks keeps the upper one)"),
                        {u.id.str(), formationPath(s, u.formation), a->id.str()})});
    }
}

} // namespace

std::string unitPointer(std::size_t index, const char* member)
{
    std::string p = "/units/" + std::to_string(index);
    if (member)
        p += std::string("/") + member;
    return p;
}

std::string formatMetres(double metres)
{
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(0);
    text << metres << " m";
    return text.str();
}

std::string formatCentimetres(double metres)
{
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(std::abs(metres * 100.0 - std::round(metres * 100.0)) < 0.05 ? 0 : 1);
    text << metres * 100.0 << " cm";
    return text.str();
}

double distanceToFootprint(Coordinate p, const std::array<Coordinate, 4>& corners)
{
    bool inside = true;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const Coordinate a = corners[i], b = corners[(i + 1) % corners.size()];
        if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0)
            inside = false;
        best = std::min(best, pointSegmentDistance(p, a, b));
    }
    return inside ? 0.0 : best;
}

std::vector<PlacedPiece> placedPieces(const Scenario& s)
{
    std::vector<PlacedPiece> placed;
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        if (!u.placement || u.type == UnitType::Hq || !isPiece(s, u))
            continue;
        try {
            const geometry::BlockFootprint f = footprintOf(s, u);
            placed.push_back({i, geometry::footprintCorners(f), std::hypot(f.length, f.depth) / 2.0});
        } catch (const std::invalid_argument&) {
            // A non-positive block size is refused by the schema; nothing to check here.
        }
    }
    return placed;
}

void checkOverlaps(const Scenario& s, const std::vector<PlacedPiece>& placed, const char* why, validation::Diagnostics& out)
{
    for (std::size_t a = 0; a < placed.size(); ++a) {
        const Unit& ua = s.units[placed[a].index];
        const std::vector<Coordinate> ca(placed[a].corners.begin(), placed[a].corners.end());
        std::vector<Coordinate> ring = ca;
        ring.push_back(ca.front());
        const Geometry polygonA = Geometry::polygon({ring});
        const double areaA = std::abs((ca[1].x - ca[0].x) * (ca[3].y - ca[0].y) - (ca[1].y - ca[0].y) * (ca[3].x - ca[0].x));
        for (std::size_t b = a + 1; b < placed.size(); ++b) {
            const Unit& ub = s.units[placed[b].index];
            if (std::hypot(ua.placement->position.x - ub.placement->position.x, ua.placement->position.y - ub.placement->position.y)
                >= placed[a].radius + placed[b].radius)
                continue;
            const std::vector<Coordinate> cb(placed[b].corners.begin(), placed[b].corners.end());
            const double shared = geometry::convexIntersectionArea(polygonA, cb);
            if (shared > 1e-9 * areaA)
                out.push_back({"setup.overlap", validation::Severity::Error, unitPointer(placed[b].index, "placement"),
                    i18n::format(_("units '{1}' and '{2}' overlap ({3} shared); {4}"), {ua.id.str(), ub.id.str(), formatArea(s, shared), _(why)})});
        }
    }
}

void checkSetUp(const Scenario& s, validation::Diagnostics& out)
{
    checkSideReferences(s, out);
    checkBlocks(s, out);
    checkReservesAndConflicts(s, out);
    checkArrivals(s, out);
    checkLinesOfCommunication(s, out);
    if (const auto& own = systems::describe(s.settings.system).setUpChecks)
        own(s, out);
}

} // namespace sandtable::core::oob
