// SPDX-License-Identifier: GPL-3.0-or-later
// Derived order-of-battle figures from the Pub Battles and SYW rules data.
#include "sandtable/core/oob/order_of_battle.hpp"

#include "sandtable/core/rules/pub_battles.hpp"
#include "sandtable/core/rules/syw_miniatures.hpp"

#include <stdexcept>

namespace sandtable::core::oob {

namespace pb = rules::pub_battles;

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

double blockLengthMm(const ScenarioSettings& st, bool routeColumn)
{
    if (routeColumn && st.routeColumnLengthMm)
        return *st.routeColumnLengthMm;
    return st.blockLengthMm.value_or(pb::kDefaultBlockLengthMm);
}

double blockDepthMm(const ScenarioSettings& st) { return st.blockDepthMm.value_or(pb::kDefaultBlockDepthMm); }

double stickerWidthMm(const ScenarioSettings& st) { return st.stickerWidthMm.value_or(blockLengthMm(st, false)); }

double stickerHeightMm(const ScenarioSettings& st) { return st.stickerHeightMm.value_or(blockDepthMm(st)); }

geometry::BlockFootprint footprintOf(const Scenario& s, const Unit& unit)
{
    if (!unit.placement)
        throw std::invalid_argument("unit '" + unit.id.str() + "' is not placed");
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
    out.startDay = s.settings.startDay.value_or(1);
    out.days = s.settings.days.value_or(1);
    for (const Side& side : s.sides) {
        SideFigures figures;
        figures.id = side.id;
        figures.infantryBlocksByDay.assign(static_cast<std::size_t>(out.days), 0);
        out.sides.push_back(std::move(figures));
    }
    for (const Unit& u : s.units) {
        PieceFigures piece;
        piece.id = u.id;
        const Side* side = sideOf(s, u);
        if (side)
            piece.side = side->id;
        piece.victoryPoints = pb::victoryPoints(u.type, u.quality);
        piece.combatDice = pb::combatDice(u.type);
        piece.countsForRout = pb::countsForRout(u.type);
        if (u.figures) {
            piece.meleePoints = rules::syw::meleePoints(*u.figures, false);
            piece.meleePointsVsCavalry = rules::syw::meleePoints(*u.figures, true);
            piece.firePoints = rules::syw::firePoints(*u.figures);
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

} // namespace sandtable::core::oob
