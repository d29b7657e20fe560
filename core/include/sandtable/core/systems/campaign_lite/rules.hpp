// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite's numbers as data: movement, forced marches, searches, recon points, the d10 and d6 tables.
#pragma once

#include "sandtable/core/model/campaign.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::systems::campaign_lite {

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
    int line = 0;  ///< line of kCampaignLiteSource where the table starts (its first face)
    /// The entry a face lands on; throws std::out_of_range for a face outside 1..faces.
    const DieTableEntry& lookup(int face) const;
};

/// Secondary terrain tables ("Foothills", "Valley", "Farming Plain"; one d10 per table square). Results:
/// "hill", "stream" (start of a stream), "woods", "field", "orchard", "village", "nothing".
const DieTable& secondaryTerrainTable(std::string_view region); ///< "foothills", "valley", "farming-plain"; throws std::invalid_argument
/// The word a person reads for a secondary roll's result id ("hill", "stream", "woods", "field", "orchard",
/// "village", "nothing"; the ids of the tables above) in the process's language; another id as written.
std::string secondaryResultWord(std::string_view result);
const std::vector<std::string_view>& secondaryRegions();

/// Walls, fences and hedges around a rolled field, wood or orchard (docs/model.md's reading of the damaged
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
    int line = 124;            ///< "Movement: Infantry: two squares per turn, ..."
    int roadBonusLine = 138;   ///< "Road Bonuses: Minor Road-One Square Major Road-Two Squares ..."
    int forcedMarchLine = 126; ///< "forced marches add one square per turn"
    int nightLine = 350;       ///< "Movement is halved on the campaign map"
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
    int line = 168;       ///< "Infantry: 2 squares ..." (the search limits)
    int penaltyLine = 176; ///< "Forces that have disordered units have the squares they can search reduced by one."
    int reconLine = 231;  ///< "Reconnaissance Points:"
};
const SearchRules& searchRules();

/// Squares a force may search: by arm (`cavalry` takes `cavalrySquares`, 2..4), minus the penalties, never
/// below 0. Throws std::invalid_argument for an unknown arm or a cavalry figure outside 2..4.
int searchSquares(std::string_view arm, bool disordered, bool forcedMarched, int cavalrySquares = 4);

/// Recon points of a force: infantry x 1 + cavalry x 2 + artillery x 0.
int reconPoints(int infantry, int cavalry, int artillery);

/// campaign-lite.txt, "VICTORY" (lines 354-360): "there are really only three victory conditions for most
/// campaigns", one point each, the line of communication always among the strategic objectives.
struct VictoryCondition {
    std::string_view id;    ///< "strategic-objectives", "line-of-communication", "destruction", "retreat"
    std::string_view text;  ///< as a player aid prints it
    int line = 0;
};
const std::vector<VictoryCondition>& victoryConditions();

/// "Destruction of the enemy-Causing twice or more casualties than suffered" (line 358): the ratio.
inline constexpr double kDestructionCasualtyRatio = 2.0;

/// One scale half mile (campaign-lite.txt, "Battle Phase": "each Force MUST be placed within the grid square
/// they occupied on the Campaign map or one scale half mile ... of the grid square"), metres.
inline constexpr double kHalfMileMetres = kMileMetres / 2.0;

/// Where a force sets up on the tabletop: inside its square's rectangle on the table or within one scale half
/// mile of it, clipped to the table. Table millimetres from the table's north-west corner (x east, y south).
struct BattleForce {
    std::string id;
    SideId side;
    std::string name;
    SquareRef square;
    bool onTable = false;          ///< its square is one of the table squares
    double squareLeftMm = 0.0;     ///< the square on the table (onTable only)
    double squareTopMm = 0.0;
    double zoneLeftMm = 0.0;       ///< the set-up zone: the square grown by a half mile, clipped to the table
    double zoneTopMm = 0.0;
    double zoneRightMm = 0.0;
    double zoneBottomMm = 0.0;
    int squaresFromTable = 0;      ///< off-table forces: squares (king's moves) to the nearest table square
};

/// The tabletop for a battle (campaign-lite.txt, "Battle Phase": "a combination of grid squares are agreed upon
/// to represent the area on the game table"). The squares must form a full rectangle of the grid.
/// - `tableWidthMm` / `tableDepthMm`: columns x rows x the square on the table, square size x 1000 / N at the
///   rules scale 1:N (docs/model.md table helper: 8 x 6 ft at 100 yards to the inch = 1:3600 gives 6 x 4 squares
///   of 0.909 mile = 406.4 mm each, 2438.4 x 1625.6 mm).
/// - `halfMileMm`: one scale half mile on the table (804.672 m; 223.52 mm = 8.8 in at 1:3600, the rules'
///   "say 8 inches at 100 yards per inch").
/// - `forces`: every force of the campaign, those on the table first (campaign order within each group).
struct BattleSetup {
    SquareRef northWest;
    int columns = 0;
    int rows = 0;
    double rulesScale = 0.0;
    double squareOnTableMm = 0.0;
    double tableWidthMm = 0.0;
    double tableDepthMm = 0.0;
    double halfMileMm = 0.0;
    std::vector<BattleForce> forces;
};

/// Plans the battle on `squares` at the rules scale 1:`rulesScale`. Throws std::invalid_argument when the list is
/// empty, names a square twice or off the grid, or the squares are not a full rectangle (naming a missing square),
/// or the scale is not positive.
BattleSetup planBattle(const Campaign& campaign, const std::vector<SquareRef>& squares, double rulesScale);

} // namespace sandtable::core::systems::campaign_lite
