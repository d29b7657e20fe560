// SPDX-License-Identifier: GPL-3.0-or-later
// The Campaign Lite tables, transcribed from shared/rules/campaign-lite.txt.
#include "sandtable/core/systems/campaign_lite/rules.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <stdexcept>
#include <set>
#include <cmath>
#include <string>

namespace sandtable::core::systems::campaign_lite {

const DieTableEntry& DieTable::lookup(int face) const
{
    for (const DieTableEntry& e : entries)
        if (face >= e.low && face <= e.high)
            return e;
    throw std::out_of_range(i18n::format(_("face {1} is not on the d{2} table '{3}'"), {std::to_string(face), std::to_string(faces), std::string(id)}));
}

std::string secondaryResultWord(std::string_view result)
{
    // TRANSLATORS: the result of a Campaign Lite secondary terrain roll, shown beside the dice.
    static constexpr const char* kWords[] = {N_("hill"), N_("stream"), N_("woods"), N_("field"), N_("orchard"),
        N_("village"), N_("nothing")};
    for (const char* word : kWords)
        if (result == word)
            return i18n::translate(word);
    return std::string(result);
}

const DieTable& secondaryTerrainTable(std::string_view region)
{
    // "Foothills: 1-2 A grid-sized hill / 3 Start of a stream / 4-5 A grid-sized wood / 6-10 Nothing"
    static const DieTable foothills{"foothills", 10,
        {{1, 2, "hill", N_("A grid-sized hill")}, {3, 3, "stream", N_("Start of a stream")}, {4, 5, "woods", N_("A grid-sized wood")},
            {6, 10, "nothing", N_("Nothing")}},
        kCampaignLiteSource, 64};
    // "Valley: 1 field / 2 hill / 3 Start of a stream / 4 orchard / 5 village / 6-10 Nothing"
    static const DieTable valley{"valley", 10,
        {{1, 1, "field", N_("A grid-sized field")}, {2, 2, "hill", N_("A grid-sized hill")}, {3, 3, "stream", N_("Start of a stream")},
            {4, 4, "orchard", N_("A grid-sized orchard")}, {5, 5, "village", N_("A grid-sized village")}, {6, 10, "nothing", N_("Nothing")}},
        kCampaignLiteSource, 72};
    // "Farming Plain: 1-2 field / 3 Start of a stream / 4 orchard / 5 village / 6-10 Nothing"
    static const DieTable farming{"farming-plain", 10,
        {{1, 2, "field", N_("A grid-sized field")}, {3, 3, "stream", N_("Start of a stream")}, {4, 4, "orchard", N_("A grid-sized orchard")},
            {5, 5, "village", N_("A grid-sized village")}, {6, 10, "nothing", N_("Nothing")}},
        kCampaignLiteSource, 82};
    if (region == "foothills")
        return foothills;
    if (region == "valley")
        return valley;
    if (region == "farming-plain")
        return farming;
    throw std::invalid_argument(i18n::format(_("unknown region '{1}' (foothills, valley or farming-plain)"), {std::string(region)}));
}

const std::vector<std::string_view>& secondaryRegions()
{
    static const std::vector<std::string_view> regions{"foothills", "valley", "farming-plain"};
    return regions;
}

const DieTable& wallsTable()
{
    static const DieTable table{"walls", 6,
        {{1, 3, "fence", N_("A wooden fence on two sides, any road side first")}, {4, 6, "stone-walls", N_("Stone walls on all sides")}},
        "campaign-lite.txt, Fields, woods, and orchards (damaged passage read as docs/model.md says)", 96};
    return table;
}

const DieTable& hedgeTable()
{
    static const DieTable table{"hedge", 6, {{1, 3, "hedge", N_("A hedge on two sides")}, {4, 6, "nothing", N_("Nothing")}},
        "campaign-lite.txt, Fields, woods, and orchards: \"Roll D6. One 1-3 a hedge is on two sides. Nothing.\"", 96};
    return table;
}

const DieTable& forcedMarchTable()
{
    static const DieTable table{"forced-march", 6, {{1, 5, "no-effect", N_("No effect")}, {6, 6, "roll-again", N_("Roll a D6 again")}},
        "campaign-lite.txt, Forced Marches", 128};
    return table;
}

const DieTable& forcedMarchSecondTable()
{
    // The second die gets +1 for each turn forced marched, so faces above 6 occur.
    static const DieTable table{"forced-march-second", 6,
        {{1, 2, "strength-loss", N_("Loss of one strength point")}, {3, 1000, "disorder", N_("Disorder or fatigue")}},
        "campaign-lite.txt, Forced Marches (+1 for each turn a unit is forced marched)", 130};
    return table;
}

const DieTable& reinforcementDelayTable()
{
    static const DieTable table{"reinforcement-delay", 10,
        {{1, 6, "on-time", N_("Arrive on time")},
            {7, 7, "wrong-road", N_("Takes the wrong road at the last fork passed marching to the battle")},
            {8, 8, "delay-1", N_("One turn delay")}, {9, 9, "delay-2", N_("Two turn delay")}, {10, 10, "delay-3", N_("Three turn delay")}},
        "campaign-lite.txt, Reinforcements (\"rolls a D 10\"; the table is headed 'Valley' by a copying slip)", 312};
    return table;
}

const DieTable& bothReconTable()
{
    static const DieTable table{"both-recon", 6, {{1, 2, "battle", N_("A battle is initiated")}, {3, 6, "resolved", N_("No battle")}},
        "campaign-lite.txt, Aggressive Reconnaissance (*When both sides chose Aggressive Recon)", 241};
    return table;
}

const DieTable& skirmishAgainstDeployedTable()
{
    static const DieTable table{"skirmish-vs-deployed", 6,
        {{1, 3, "contested", N_("Contested Square")}, {4, 6, "battle", N_("Battle ensues")}}, "campaign-lite.txt, Deploy: Skirmish Combat", 263};
    return table;
}

const std::vector<VictoryCondition>& victoryConditions()
{
    static const std::vector<VictoryCondition> conditions{
        {"strategic-objectives", N_("Strategic objectives: defending or capturing forts, important resources or towns, road junctions"), 356},
        {"line-of-communication", N_("Line of communication: a road off the campaign map, always one of the objectives; blocked by the enemy, it is his point"), 360},
        {"destruction", N_("Destruction of the enemy: causing twice or more casualties than suffered"), 358},
        {"retreat", N_("Force the enemy to retreat (leave the game table) or surrender"), 358},
    };
    return conditions;
}

const MovementRules& movementRules()
{
    static const MovementRules rules{};
    return rules;
}

int squaresPerTurn(std::string_view arm, std::string_view road, bool forcedMarch, bool night)
{
    const MovementRules& m = movementRules();
    int base = 0;
    if (arm == "infantry")
        base = m.infantry;
    else if (arm == "cavalry")
        base = m.cavalry;
    else if (arm == "artillery")
        base = m.artillery;
    else
        throw std::invalid_argument(i18n::format(_("unknown arm '{1}' (infantry, cavalry, artillery)"), {std::string(arm)}));
    int bonus = 0;
    if (road == "minor")
        bonus = m.minorRoadBonus;
    else if (road == "major")
        bonus = m.majorRoadBonus;
    else if (!road.empty())
        throw std::invalid_argument(i18n::format(_("unknown road grade '{1}' (minor, major or none)"), {std::string(road)}));
    // "On roads, artillery can move the same distances as infantry."
    if (!road.empty() && arm == "artillery" && m.artilleryOnRoadAsInfantry)
        base = m.infantry;
    int total = base + bonus + (forcedMarch ? m.forcedMarchBonus : 0);
    if (night)
        total = static_cast<int>(total * m.nightFactor);
    return total;
}

const SearchRules& searchRules()
{
    static const SearchRules rules{};
    return rules;
}

int searchSquares(std::string_view arm, bool disordered, bool forcedMarched, int cavalrySquares)
{
    const SearchRules& r = searchRules();
    int squares = 0;
    if (arm == "infantry")
        squares = r.infantry;
    else if (arm == "artillery")
        squares = r.artillery;
    else if (arm == "cavalry") {
        if (cavalrySquares < r.cavalryMin || cavalrySquares > r.cavalryMax)
            throw std::invalid_argument(i18n::format(_("cavalry searches 2-4 squares, not {1}"), {std::to_string(cavalrySquares)}));
        squares = cavalrySquares;
    } else {
        throw std::invalid_argument(i18n::format(_("unknown arm '{1}' (infantry, cavalry, artillery)"), {std::string(arm)}));
    }
    squares -= (disordered ? r.disorderedPenalty : 0) + (forcedMarched ? r.forcedMarchPenalty : 0);
    return std::max(0, squares);
}

int reconPoints(int infantry, int cavalry, int artillery)
{
    const SearchRules& r = searchRules();
    return infantry * r.reconInfantry + cavalry * r.reconCavalry + artillery * r.reconArtillery;
}

BattleSetup planBattle(const Campaign& campaign, const std::vector<SquareRef>& squares, double rulesScale)
{
    const CampaignGrid& g = campaign.grid;
    if (!(rulesScale > 0) || !std::isfinite(rulesScale))
        throw std::invalid_argument(_("the rules scale must be a positive number"));
    if (squares.empty())
        throw std::invalid_argument(_("choose at least one square for the table"));
    std::set<SquareRef> chosen;
    int minC = g.columns, minR = g.rows, maxC = -1, maxR = -1;
    for (SquareRef q : squares) {
        if (!onGrid(g, q))
            throw std::invalid_argument(i18n::format(_("square {1},{2} is off the grid"), {std::to_string(q.column), std::to_string(q.row)}));
        if (!chosen.insert(q).second)
            throw std::invalid_argument(i18n::format(_("square {1} is chosen twice"), {squareName(g, q)}));
        minC = std::min(minC, q.column);
        minR = std::min(minR, q.row);
        maxC = std::max(maxC, q.column);
        maxR = std::max(maxR, q.row);
    }
    for (int r = minR; r <= maxR; ++r)
        for (int c = minC; c <= maxC; ++c)
            if (!chosen.count({c, r}))
                throw std::invalid_argument(i18n::format(_("the table squares must form a rectangle: {1} is missing (between {2} and {3})"),
                    {squareName(g, {c, r}), squareName(g, {minC, minR}), squareName(g, {maxC, maxR})}));
    BattleSetup b;
    b.northWest = {minC, minR};
    b.columns = maxC - minC + 1;
    b.rows = maxR - minR + 1;
    b.rulesScale = rulesScale;
    b.squareOnTableMm = g.squareSize * 1000.0 / rulesScale;
    b.tableWidthMm = b.columns * b.squareOnTableMm;
    b.tableDepthMm = b.rows * b.squareOnTableMm;
    b.halfMileMm = kHalfMileMetres * 1000.0 / rulesScale;
    std::vector<BattleForce> off;
    for (const CampaignForce& f : campaign.forces) {
        BattleForce bf{f.id, f.side, f.name, f.square};
        bf.onTable = chosen.count(f.square) > 0;
        if (bf.onTable) {
            bf.squareLeftMm = (f.square.column - minC) * b.squareOnTableMm;
            bf.squareTopMm = (f.square.row - minR) * b.squareOnTableMm;
            bf.zoneLeftMm = std::max(0.0, bf.squareLeftMm - b.halfMileMm);
            bf.zoneTopMm = std::max(0.0, bf.squareTopMm - b.halfMileMm);
            bf.zoneRightMm = std::min(b.tableWidthMm, bf.squareLeftMm + b.squareOnTableMm + b.halfMileMm);
            bf.zoneBottomMm = std::min(b.tableDepthMm, bf.squareTopMm + b.squareOnTableMm + b.halfMileMm);
            b.forces.push_back(bf);
        } else {
            const int dc = f.square.column < minC ? minC - f.square.column : (f.square.column > maxC ? f.square.column - maxC : 0);
            const int dr = f.square.row < minR ? minR - f.square.row : (f.square.row > maxR ? f.square.row - maxR : 0);
            bf.squaresFromTable = std::max(dc, dr);
            off.push_back(bf);
        }
    }
    b.forces.insert(b.forces.end(), off.begin(), off.end());
    return b;
}

} // namespace sandtable::core::systems::campaign_lite
