// SPDX-License-Identifier: GPL-3.0-or-later
// Derived order-of-battle figures from the Pub Battles and SYW rules data.
#include "sandtable/core/oob/order_of_battle.hpp"

#include "sandtable/core/oob/blocks.hpp"

#include "sandtable/core/systems/pub_battles/rules.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

namespace sandtable::core::oob {

namespace pb = systems::pub_battles;

const Side* sideOf(const Scenario& s, const Unit& unit)
{
    const Formation* f = s.findFormation(unit.formation);
    return f ? s.findSide(f->side) : nullptr;
}

const Unit* hqOf(const Scenario& s, const FormationId& formation)
{
    for (const Unit& u : s.units)
        if (u.type == UnitType::Hq && u.formation == formation)
            return &u;
    return nullptr;
}

std::vector<const Formation*> ancestors(const Scenario& s, const FormationId& formation)
{
    std::vector<const Formation*> out;
    const Formation* f = s.findFormation(formation);
    std::set<std::string> seen;
    if (f)
        seen.insert(f->id.str());
    while (f && f->parent) {
        const Formation* parent = s.findFormation(*f->parent);
        if (!parent || !seen.insert(parent->id.str()).second)
            break;
        out.push_back(parent);
        f = parent;
    }
    return out;
}

std::vector<const Formation*> children(const Scenario& s, const FormationId& formation)
{
    std::vector<const Formation*> out;
    for (const Formation& f : s.formations) {
        if (formation.empty()) {
            if (!f.parent || !s.findFormation(*f.parent))
                out.push_back(&f);
        } else if (f.parent && *f.parent == formation) {
            out.push_back(&f);
        }
    }
    return out;
}

std::vector<const Formation*> topLevelFormations(const Scenario& s, const SideId& side)
{
    std::vector<const Formation*> out;
    for (const Formation* f : children(s, FormationId()))
        if (f->side == side)
            out.push_back(f);
    return out;
}

std::size_t depth(const Scenario& s, const FormationId& formation) { return ancestors(s, formation).size(); }

std::vector<const Formation*> descendants(const Scenario& s, const FormationId& formation)
{
    std::vector<const Formation*> out;
    const Formation* root = s.findFormation(formation);
    if (!root)
        return out;
    std::set<std::string> seen{root->id.str()};
    out.push_back(root);
    for (std::size_t i = 0; i < out.size(); ++i)
        for (const Formation* child : children(s, out[i]->id))
            if (seen.insert(child->id.str()).second)
                out.push_back(child);
    return out;
}

std::vector<const Unit*> unitsOf(const Scenario& s, const FormationId& formation)
{
    std::vector<const Unit*> out;
    for (const Unit& u : s.units)
        if (u.formation == formation)
            out.push_back(&u);
    return out;
}

const Unit* commandingHq(const Scenario& s, const FormationId& formation)
{
    if (const Unit* hq = hqOf(s, formation))
        return hq;
    for (const Formation* a : ancestors(s, formation))
        if (const Unit* hq = hqOf(s, a->id))
            return hq;
    return nullptr;
}

Arm armOf(UnitType type)
{
    switch (type) {
    case UnitType::Artillery: return Arm::Guns;
    case UnitType::Cavalry:
    case UnitType::Dragoons: return Arm::Sabres;
    case UnitType::Infantry:
    case UnitType::Detachment:
    case UnitType::BaggageTrain:
    case UnitType::Hq: break;
    }
    return Arm::Men;
}

const char* toString(Arm arm)
{
    switch (arm) {
    case Arm::Guns: return "guns";
    case Arm::Sabres: return "sabres";
    case Arm::Men: break;
    }
    return "men";
}

ArmStrength& ArmStrength::operator+=(const ArmStrength& other)
{
    men += other.men;
    guns += other.guns;
    sabres += other.sabres;
    return *this;
}

long long ArmStrength::of(Arm arm) const { return arm == Arm::Guns ? guns : arm == Arm::Sabres ? sabres : men; }

ArmStrength strengthOf(const Scenario& s, const FormationId& formation)
{
    std::set<std::string> below;
    for (const Formation* f : descendants(s, formation))
        below.insert(f->id.str());
    ArmStrength total;
    for (const Unit& u : s.units) {
        if (!below.count(u.formation.str()) || u.block) // a block's strength is its units' (oob blocks)
            continue;
        switch (armOf(u.type)) {
        case Arm::Men: total.men += u.strength; break;
        case Arm::Guns: total.guns += u.strength; break;
        case Arm::Sabres: total.sabres += u.strength; break;
        }
    }
    return total;
}

std::string strengthText(const ArmStrength& strength)
{
    const auto count = [](long long n) { return i18n::formatFigure(static_cast<double>(n), 0); };
    std::string text;
    const auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (strength.men != 0)
        add(i18n::format(P_("{1} man", "{1} men", strength.men), {count(strength.men)}));
    if (strength.guns != 0)
        add(i18n::format(P_("{1} gun", "{1} guns", strength.guns), {count(strength.guns)}));
    if (strength.sabres != 0)
        add(i18n::format(P_("{1} sabre", "{1} sabres", strength.sabres), {count(strength.sabres)}));
    return text.empty() ? i18n::format(P_("{1} man", "{1} men", 0), {count(0)}) : text;
}

std::vector<const Formation*> formationsWithoutHq(const Scenario& s)
{
    std::vector<const Formation*> out;
    if (!systems::describe(s.settings.system).victoryPointBlocks) // a formation needs its HQ: Pub Battles' rule
        return out;
    std::map<std::string, int> hqs, ownUnits;
    for (const Unit& u : s.units)
        ++(u.type == UnitType::Hq ? hqs : ownUnits)[u.formation.str()];
    for (const Formation& f : s.formations) {
        if (hqs[f.id.str()] > 0 || f.echelon == "army")
            continue;
        // In a tree a level without its own HQ answers to the nearest ancestor's, and a level above others
        // with no units of its own needs none.
        const bool leaf = children(s, f.id).empty();
        if ((leaf || ownUnits[f.id.str()] > 0) && !commandingHq(s, f.id))
            out.push_back(&f);
    }
    return out;
}

std::string formationPath(const Scenario& s, const FormationId& formation)
{
    const Formation* f = s.findFormation(formation);
    if (!f)
        return formation.str();
    const auto label = [](const Formation& g) { return g.name.empty() ? g.id.str() : g.name; };
    std::string path = label(*f);
    const Formation* top = f;
    for (const Formation* a : ancestors(s, formation)) {
        path = label(*a) + " > " + path;
        top = a;
    }
    if (const Side* side = s.findSide(top->side))
        path = (side->name.empty() ? side->id.str() : side->name) + " > " + path;
    return path;
}

double blockLengthMm(const ScenarioSettings& st, bool routeColumn)
{
    if (routeColumn && st.routeColumnLengthMm)
        return *st.routeColumnLengthMm;
    return st.blockLengthMm.value_or(systems::describe(st.system).defaultPieceLengthMm);
}

double blockDepthMm(const ScenarioSettings& st)
{
    return st.blockDepthMm.value_or(systems::describe(st.system).defaultPieceDepthMm);
}

PieceSizeMm pieceSizeMm(const ScenarioSettings& st, const Unit& unit, bool routeColumn)
{
    if (unit.type == UnitType::Hq) {
        const double side = blockDepthMm(st) * 0.8;
        return {side, side};
    }
    return {blockLengthMm(st, routeColumn), blockDepthMm(st)};
}

double stickerWidthMm(const ScenarioSettings& st) { return st.stickerWidthMm.value_or(blockLengthMm(st, false)); }

double stickerHeightMm(const ScenarioSettings& st) { return st.stickerHeightMm.value_or(blockDepthMm(st)); }

geometry::BlockFootprint footprintOf(const Scenario& s, const Unit& unit)
{
    if (!unit.placement)
        throw std::invalid_argument(i18n::format(_("unit '{1}' is not placed"), {unit.id.str()}));
    const ScenarioSettings& st = s.settings;
    const double metresPerMm = st.scaleDenominator / 1000.0;
    const bool column = unit.placement->column;
    geometry::BlockFootprint f;
    f.centre = unit.placement->position;
    f.facing = unit.placement->facing;
    f.length = blockLengthMm(st, column) * metresPerMm;
    f.depth = blockDepthMm(st) * metresPerMm;
    f.formation = column ? geometry::BlockFormation::Column : geometry::BlockFormation::Line;
    return f;
}

OrderOfBattleSummary summarize(const Scenario& s)
{
    OrderOfBattleSummary out;
    const double n = s.settings.scaleDenominator;
    out.scaleDenominator = n;
    out.footSegmentMetres = pb::footSegmentMetres(n);
    out.mountedSegmentMetres = pb::mountedSegmentMetres(n);
    out.commandRangeMetres = pb::commandRangeMetres(n);
    out.fieldOfFireMetres = pb::fieldOfFireMetres(n);
    out.spottingRangeMetres = pb::spottingRangeMetres(n);
    for (const Formation& f : s.formations) {
        // Its infantry at the start (reinforcements aside, as for the side's rout): its own and its descendants'.
        FormationFigures figures;
        figures.id = f.id;
        for (const Formation* level : descendants(s, f.id))
            for (const Unit* u : unitsOf(s, level->id))
                if (isPiece(s, *u)) {
                    ++figures.pieces;
                    figures.victoryPoints += pb::victoryPoints(u->type, u->quality);
                    if (pb::countsForRout(u->type) && !u->arrival)
                        ++figures.infantryBlocksAtStart;
                }
        figures.ineffectiveAt = pb::ineffectiveThreshold(figures.infantryBlocksAtStart);
        if (figures.pieces > 0)
            out.formations.push_back(figures);
    }
    out.startDay = s.settings.startDay.value_or(1);
    out.days = s.settings.days.value_or(1);
    for (const Side& side : s.sides) {
        SideFigures figures;
        figures.id = side.id;
        figures.infantryBlocksByDay.assign(static_cast<std::size_t>(out.days), 0);
        out.sides.push_back(std::move(figures));
    }
    for (const Unit& u : s.units) {
        if (!isPiece(s, u))
            continue; // the historical detail a block stands for (oob blocks)
        PieceFigures piece;
        piece.id = u.id;
        const Side* side = sideOf(s, u);
        if (side)
            piece.side = side->id;
        piece.victoryPoints = pb::victoryPoints(u.type, u.quality);
        piece.combatDice = pb::combatDice(u.type);
        piece.countsForRout = pb::countsForRout(u.type);
        if (u.figures) {
            piece.meleePoints = systems::syw_miniatures::meleePoints(*u.figures, false);
            piece.meleePointsVsCavalry = systems::syw_miniatures::meleePoints(*u.figures, true);
            piece.firePoints = systems::syw_miniatures::firePoints(*u.figures);
        }
        out.pieces.push_back(piece);
        if (!side)
            continue;
        for (SideFigures& figures : out.sides) {
            if (figures.id != side->id)
                continue;
            ++figures.pieces;
            figures.victoryPoints += piece.victoryPoints;
            if (!piece.countsForRout)
                break;
            // A reinforcement counts from the day it arrives; everything else from the start.
            const int fromDay = u.arrival ? u.arrival->day : out.startDay;
            if (!u.arrival)
                ++figures.infantryBlocksAtStart;
            for (int k = 0; k < out.days; ++k)
                if (fromDay <= out.startDay + k)
                    ++figures.infantryBlocksByDay[static_cast<std::size_t>(k)];
            break;
        }
    }
    for (SideFigures& figures : out.sides)
        for (int blocks : figures.infantryBlocksByDay)
            figures.routThresholds.push_back(pb::routThreshold(blocks));
    return out;
}

SywSummary summarizeSyw(const Scenario& s)
{
    namespace syw = systems::syw_miniatures;
    SywSummary out;
    out.fieldCm = syw::kFieldCm;
    out.tableWidthCm = s.settings.tableWidthCm;
    out.tableDepthCm = s.settings.tableDepthCm;
    if (s.settings.defender && s.settings.attacker)
        out.deploymentOrder = {*s.settings.defender, *s.settings.attacker};
    out.sectors = static_cast<int>(s.settings.sectors.size());
    out.sectorsToWin = static_cast<int>(std::ceil(syw::kVictoryTerritoryShare * out.sectors - 1e-9));
    for (const Side& side : s.sides) {
        SywSideFigures figures;
        figures.id = side.id;
        figures.general = side.general;
        figures.attacker = s.settings.attacker && *s.settings.attacker == side.id;
        figures.defender = s.settings.defender && *s.settings.defender == side.id;
        out.sides.push_back(std::move(figures));
    }
    for (const Unit& u : s.units) {
        SywRegimentFigures r;
        r.id = u.id;
        r.formation = u.formation;
        if (const Side* side = sideOf(s, u))
            r.side = side->id;
        if (u.figures)
            r.figures = *u.figures;
        r.men = r.figures.total() - r.figures.cannon - r.figures.mortars - r.figures.limbers;
        r.meleePoints = syw::meleePoints(r.figures, false);
        r.meleePointsVsCavalry = syw::meleePoints(r.figures, true);
        r.firePoints = syw::firePoints(r.figures);
        r.grenadeKills = syw::grenadeKills(r.figures);
        r.moveFields = syw::moveFields(u.type);
        // 2.B: "If you have a limber, move the cannon/mortar also 30 cm."
        if (u.type == UnitType::Artillery && r.figures.limbers > 0)
            r.moveFields = syw::kLimberedMoveCm / syw::kFieldCm;
        for (SywSideFigures& side : out.sides) {
            if (side.id != r.side)
                continue;
            if (u.type != UnitType::Hq)
                ++side.regiments;
            side.men += r.men;
            side.cannon += r.figures.cannon;
            side.mortars += r.figures.mortars;
            side.meleePoints += r.meleePoints;
            side.firePoints += r.firePoints;
        }
        out.regiments.push_back(std::move(r));
    }
    return out;
}

} // namespace sandtable::core::oob
