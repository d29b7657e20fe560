// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite secondary terrain: reproducible d10 rolls per table square with the placement changes.
#pragma once

#include "sandtable/core/model/campaign.hpp"

#include <cstdint>
#include <random>
#include <string_view>

namespace sandtable::core::systems::campaign_lite {

/// Dice from a seed, the same on every platform: std::mt19937_64 seeded with the seed (its own
/// single-integer seeding), and a die of n faces = 1 + x mod n for the next 64-bit output x, drawing again
/// while x >= 2^64 - (2^64 mod n) (no modulo bias; std::uniform_int_distribution is not portable).
class CampaignDice {
public:
    explicit CampaignDice(std::uint64_t seed) : m_engine(seed) {}
    /// A roll of a die with `faces` faces (>= 1), 1..faces.
    int roll(int faces);

private:
    std::mt19937_64 m_engine;
};

/// Rolls the secondary terrain of the tabletop (campaign-lite.txt, "Secondary Terrain"; docs/model.md).
/// Squares rolled: `campaign.tableSquares` in the order given, or, with no battle table chosen, every
/// square of the grid row by row from the north-west ("Start at one end of the table and work to the other").
/// Draws, in this order:
///  1. per square, one d10 on the region's table; then for a field, orchard or wood that is not dense,
///     a d6 for walls (4-6 stone walls on all sides, 1-3 a wooden fence on two sides, road side first) and,
///     after a fence, a d6 for a hedge (1-3 on two sides) — docs/model.md's reading of the damaged passage;
///  2. then per stream start, in the same order: it flows to the nearest (centre to centre) square holding
///     a primary river or stream or another stream start (ties: the first row-major); with neither, to the
///     table edge the square lies on (north, east, south, west first), or when it is inside, to the edge
///     of a d4 (1 north, 2 east, 3 south, 4 west).
/// Placement changes: a hill on a primary hill is its second level; a wood in a primary forest (woods cover
/// half or whole) is dense and gets no walls; a village in a primary town square makes half of the town
/// stone/dense (docs/model.md). Throws std::invalid_argument for an unknown region or a table square off the grid.
SecondaryTerrain rollSecondaryTerrain(const Campaign& campaign, std::uint64_t seed, std::string_view region);

/// The words for one roll of `campaign` (its `detail`): the placement change that applied, the walls and
/// hedge its d6s gave, where a stream start flows ("a grid-sized wood; Stone walls on all sides"). `text`
/// gives each fixed phrase in the reader's language: rollSecondaryTerrain records English (the phrase
/// itself), `grid roll` and the editor's grid inspector print i18n::translate's. Placement changes read the campaign's
/// primary terrain as the roll did (a hill on a primary hill, a village in a primary town).
std::string describeSecondaryRoll(const SecondaryRoll& roll, const Campaign& campaign, const char* (*text)(const char*));

} // namespace sandtable::core::systems::campaign_lite
