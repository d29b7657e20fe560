// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite's numbers as data: movement, forced marches, searches, recon points, the d10 and d6 tables.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::rules {

/// The rules file every number below is taken from.
inline constexpr std::string_view kCampaignLiteSource = "shared/rules/campaign-lite.txt";

/// One line of a die table: faces `low`..`high` give `result`. `source` quotes where the rules say so.
struct DieTableEntry {
    int low = 0;
    int high = 0;
    std::string_view result;
    std::string_view text;
};

/// A die table: the die's faces (6 or 10) and its lines, covering every face exactly once.
struct DieTable {
    std::string_view id;
    int faces = 0;
    std::vector<DieTableEntry> entries;
    std::string_view source;
    /// The entry a face lands on; throws std::out_of_range for a face outside 1..faces.
    const DieTableEntry& lookup(int face) const;
};

/// Secondary terrain tables ("Foothills", "Valley", "Farming Plain"; one d10 per table square). Results:
/// "hill", "stream" (start of a stream), "woods", "field", "orchard", "village", "nothing".
const DieTable& secondaryTerrainTable(std::string_view region); ///< "foothills", "valley", "farming-plain"; throws std::invalid_argument
const std::vector<std::string_view>& secondaryRegions();

/// Walls, fences and hedges around a rolled field, wood or orchard (domain.md's reading of the damaged
/// passage): first d6 4-6 = stone walls on all sides, 1-3 = a wooden fence on two sides (road side first);
/// then, after a fence, a second d6 1-3 = a hedge on two sides.
const DieTable& wallsTable();
const DieTable& hedgeTable();

/// Forced march d6 ("1-5: No effect / 6: Roll a D6 again") and its second d6 (1-2 loss of one strength
/// point, 3-6 disorder or fatigue; +1 to that die for each turn the unit was forced marched).
const DieTable& forcedMarchTable();
const DieTable& forcedMarchSecondTable();

/// Reinforcement delay d10 (the text once says d6, its table is a d10): 1-6 on time, 7 wrong road,
/// 8 / 9 / 10 one / two / three turns late.
const DieTable& reinforcementDelayTable();

/// Situation-phase d6 results: both aggressive recon (1-2 a battle) and skirmish against deployed
/// (1-3 contested square, 4-6 battle).
const DieTable& bothReconTable();
const DieTable& skirmishAgainstDeployedTable();

/// Movement in squares per one-hour turn ("Infantry: two squares per turn, Cavalry: four squares per turn,
/// Artillery: one square"), road bonuses (minor +1, major +2, artillery on roads moves as infantry),
/// forced march +1, night halves movement.
struct MovementRules {
    int infantry = 2;
    int cavalry = 4;
    int artillery = 1;
    int minorRoadBonus = 1;
    int majorRoadBonus = 2;
    int forcedMarchBonus = 1;
    bool artilleryOnRoadAsInfantry = true;
    double nightFactor = 0.5;
    std::string_view source = kCampaignLiteSource;
};
const MovementRules& movementRules();

/// Squares a unit moves in one turn. `arm`: "infantry", "cavalry", "artillery"; `road`: "" (off road or not
/// along the road for the whole move), "minor", "major"; throws std::invalid_argument for other words.
/// Night halves the total, rounded down (campaign-lite.txt: "Movement is halved").
int squaresPerTurn(std::string_view arm, std::string_view road, bool forcedMarch = false, bool night = false);

/// Searches ("Infantry: 2 squares", "Cavalry: 2-4 squares (You decide)", "Artillery: 1 square"), each
/// reduced by one for a disordered force or one that forced marched; recon points (infantry 1, cavalry 2,
/// artillery 0).
struct SearchRules {
    int infantry = 2;
    int cavalryMin = 2;
    int cavalryMax = 4;
    int artillery = 1;
    int disorderedPenalty = 1;
    int forcedMarchPenalty = 1;
    int reconInfantry = 1;
    int reconCavalry = 2;
    int reconArtillery = 0;
    std::string_view source = kCampaignLiteSource;
};
const SearchRules& searchRules();

/// Squares a force may search: by arm (`cavalry` takes `cavalrySquares`, 2..4), minus the penalties, never
/// below 0. Throws std::invalid_argument for an unknown arm or a cavalry figure outside 2..4.
int searchSquares(std::string_view arm, bool disordered, bool forcedMarched, int cavalrySquares = 4);

/// Recon points of a force: infantry x 1 + cavalry x 2 + artillery x 0.
int reconPoints(int infantry, int cavalry, int artillery);

} // namespace sandtable::core::rules
