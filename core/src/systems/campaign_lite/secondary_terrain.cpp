// SPDX-License-Identifier: GPL-3.0-or-later
// Secondary terrain rolls: the region d10, walls and hedges on d6, stream starts and their destinations.
#include "sandtable/core/systems/campaign_lite/secondary_terrain.hpp"

#include "sandtable/core/systems/campaign_lite/rules.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace sandtable::core::systems::campaign_lite {

int CampaignDice::roll(int faces)
{
    if (faces < 1)
        throw std::invalid_argument(_("a die needs at least one face"));
    const std::uint64_t n = static_cast<std::uint64_t>(faces);
    const std::uint64_t excess = (std::numeric_limits<std::uint64_t>::max() % n + 1) % n; // 2^64 mod n
    for (;;) {
        const std::uint64_t x = m_engine();
        if (excess == 0 || x < std::numeric_limits<std::uint64_t>::max() - excess + 1)
            return static_cast<int>(1 + x % n);
    }
}

namespace {

bool hasWater(const Campaign& c, SquareRef square)
{
    const SquareTerrain* t = c.derivedSquare(square);
    if (!t)
        return false;
    for (const SquareLine& l : t->lines)
        if (l.terrainClass == "river" || l.terrainClass == "stream")
            return true;
    return t->fraction("river") > 0.0;
}

/// The d6s of a field, orchard or wood that is not dense: walls, and after a fence the hedge.
void rollFences(CampaignDice& dice, SecondaryRoll& roll)
{
    const int walls = dice.roll(6);
    roll.d6.push_back(walls);
    if (wallsTable().lookup(walls).result == "fence")
        roll.d6.push_back(dice.roll(6));
}

const char* recorded(const char* phrase) { return phrase; }

} // namespace

SecondaryTerrain rollSecondaryTerrain(const Campaign& campaign, std::uint64_t seed, std::string_view region)
{
    const DieTable& table = secondaryTerrainTable(region);
    const CampaignGrid& grid = campaign.grid;
    std::vector<SquareRef> squares = campaign.tableSquares;
    if (squares.empty())
        for (int row = 0; row < grid.rows; ++row)
            for (int column = 0; column < grid.columns; ++column)
                squares.push_back({column, row});
    int minC = grid.columns, maxC = -1, minR = grid.rows, maxR = -1;
    for (const SquareRef& q : squares) {
        if (!onGrid(grid, q))
            throw std::invalid_argument(_("a table square is off the grid"));
        minC = std::min(minC, q.column);
        maxC = std::max(maxC, q.column);
        minR = std::min(minR, q.row);
        maxR = std::max(maxR, q.row);
    }
    CampaignDice dice(seed);
    SecondaryTerrain out;
    out.seed = seed;
    out.region = std::string(region);
    for (const SquareRef& q : squares) {
        SecondaryRoll roll;
        roll.square = q;
        roll.d10 = dice.roll(table.faces);
        const DieTableEntry& entry = table.lookup(roll.d10);
        roll.result = std::string(entry.result);
        const bool denseWood = roll.result == "woods" && campaign.cover(q, "woods") != Cover::None;
        if ((roll.result == "woods" && !denseWood) || roll.result == "field" || roll.result == "orchard")
            rollFences(dice, roll);
        out.rolls.push_back(std::move(roll));
    }
    // Stream starts flow to the nearest water or other stream start, once every d10 has been rolled.
    for (SecondaryRoll& roll : out.rolls) {
        if (roll.result != "stream")
            continue;
        std::optional<SquareRef> best;
        long long bestDistance = 0;
        auto consider = [&](SquareRef target) {
            if (target == roll.square)
                return;
            const long long dc = target.column - roll.square.column, dr = target.row - roll.square.row;
            const long long d = dc * dc + dr * dr;
            if (!best || d < bestDistance || (d == bestDistance && std::pair{target.row, target.column} < std::pair{best->row, best->column})) {
                best = target;
                bestDistance = d;
            }
        };
        for (int row = 0; row < grid.rows; ++row)
            for (int column = 0; column < grid.columns; ++column)
                if (hasWater(campaign, {column, row}))
                    consider({column, row});
        for (const SecondaryRoll& other : out.rolls)
            if (other.result == "stream")
                consider(other.square);
        if (best) {
            roll.streamTo = best;
            continue;
        }
        const SquareRef q = roll.square;
        if (q.row == minR)
            roll.streamEdge = Edge::North;
        else if (q.column == maxC)
            roll.streamEdge = Edge::East;
        else if (q.row == maxR)
            roll.streamEdge = Edge::South;
        else if (q.column == minC)
            roll.streamEdge = Edge::West;
        else {
            roll.edgeDie = dice.roll(4);
            const Edge edges[] = {Edge::North, Edge::East, Edge::South, Edge::West};
            roll.streamEdge = edges[*roll.edgeDie - 1];
        }
    }
    for (SecondaryRoll& roll : out.rolls)
        roll.detail = describeSecondaryRoll(roll, campaign, recorded);
    return out;
}

std::string describeSecondaryRoll(const SecondaryRoll& roll, const Campaign& campaign, const char* (*text)(const char*))
{
    const SquareRef q = roll.square;
    const auto fences = [&] {
        if (roll.d6.empty())
            return std::string();
        const DieTableEntry& walls = wallsTable().lookup(roll.d6[0]);
        std::string out = std::string("; ") + text(walls.text.data()); // the table's texts are string literals
        if (walls.result == "fence" && roll.d6.size() > 1)
            out += std::string("; ") + (hedgeTable().lookup(roll.d6[1]).result == "hedge" ? text(N_("a hedge on two sides")) : text(N_("no hedge")));
        return out;
    };
    std::string detail;
    if (roll.result == "hill") {
        detail = campaign.cover(q, "hill") != Cover::None ? text(N_("second level of the primary hill (level 2)")) : text(N_("a grid-sized hill (level 1)"));
    } else if (roll.result == "woods") {
        detail = roll.d6.empty() ? text(N_("dense forest: a wood in a primary forest square (no walls or fences)"))
                                 : text(N_("a grid-sized wood")) + fences();
    } else if (roll.result == "field") {
        detail = text(N_("a grid-sized field")) + fences();
    } else if (roll.result == "orchard") {
        detail = text(N_("a grid-sized orchard")) + fences();
    } else if (roll.result == "village") {
        const bool town = campaign.cover(q, "town") != Cover::None || campaign.cover(q, "village") != Cover::None;
        detail = town ? text(N_("half of the primary town is stone/dense")) : text(N_("a grid-sized village"));
    } else if (roll.result == "stream") {
        detail = text(N_("start of a stream"));
        if (roll.streamTo) {
            detail += i18n::format(text(N_(", flowing to {1}")), {squareName(campaign.grid, *roll.streamTo)});
        } else if (roll.streamEdge) {
            static const char* const offEdge[] = {N_(", flowing off the north table edge"), N_(", flowing off the east table edge"),
                N_(", flowing off the south table edge"), N_(", flowing off the west table edge")};
            detail += text(offEdge[static_cast<int>(*roll.streamEdge)]);
        }
    } else {
        detail = text(N_("nothing"));
    }
    return detail;
}

} // namespace sandtable::core::systems::campaign_lite
