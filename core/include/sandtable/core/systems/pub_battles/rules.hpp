// SPDX-License-Identifier: GPL-3.0-or-later
// Pub Battles rules numbers as data: victory points, rout, combat dice, rulers and derived ranges.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <string_view>

/// Every number here cites shared/rules/pub-battles-antietam-rulebook.txt (section named per item) and
/// docs/model.md ("Maps and scale", "Orders of battle"). Distances are ground metres unless stated.
namespace sandtable::core::systems::pub_battles {

/// Rulebook, "Distance de marche": foot movement = 3 segments of 4.5 cm, mounted = 3 segments of 6.4 cm,
/// measured on the map (map centimetres; docs/model.md).
inline constexpr double kFootSegmentCm = 4.5;
inline constexpr double kMountedSegmentCm = 6.4;
inline constexpr int kSegmentsPerMove = 3;

/// Rulebook, "The Turns": 8 regular turns of about 1.5 hours a day, then one night turn.
inline constexpr int kTurnsPerDay = 8;
inline constexpr double kTurnHours = 1.5;

/// Rulebook, "Victory": multipliers of the points total for the way the enemy was defeated.
inline constexpr int kRoutMultiplier = 4;
inline constexpr int kBrokenMultiplier = 3;
inline constexpr int kForcedWithdrawalMultiplier = 2;

/// Rulebook, "How to Fight": a die hits on 4, 5 or 6.
inline constexpr int kHitOn = 4;

/// Default block size on the table when a scenario sets none, mm. The rules give none (docs/model.md); this is
/// the footprint the map print draws set-up blocks with, so the overlap check and the print agree.
inline constexpr double kDefaultBlockLengthMm = 20.0;
inline constexpr double kDefaultBlockDepthMm = 10.0;

/// Ground metres of `mapCm` map centimetres at 1:`scaleDenominator` (docs/model.md: ground m = cm x N / 100).
inline constexpr double groundMetres(double mapCm, double scaleDenominator) { return mapCm * scaleDenominator / 100.0; }

/// One foot segment in ground metres (720 m at 1:16,000; 760 m at 1:16,890, the chart's own figure).
inline constexpr double footSegmentMetres(double scaleDenominator) { return groundMetres(kFootSegmentCm, scaleDenominator); }
/// One mounted segment in ground metres (1,024 m at 1:16,000; 1,081 m at 1:16,890).
inline constexpr double mountedSegmentMetres(double scaleDenominator) { return groundMetres(kMountedSegmentCm, scaleDenominator); }

/// Rulebook "Command Range": 1/3 of Mounted Movement = one mounted segment. The range need only touch the piece.
inline constexpr double commandRangeMetres(double scaleDenominator) { return mountedSegmentMetres(scaleDenominator); }
/// Rulebook "Field of Fire": 1/3 of Foot Movement = one foot segment, in a 45° arc in front of the piece.
inline constexpr double fieldOfFireMetres(double scaleDenominator) { return footSegmentMetres(scaleDenominator); }
/// Rulebook "Rally": within 1/3 of Mounted Movement of an unpacked Baggage Train.
inline constexpr double rallyRangeMetres(double scaleDenominator) { return mountedSegmentMetres(scaleDenominator); }
/// Rulebook "Spotting" and "Bombardment": one full Foot Movement (3 segments).
inline constexpr double spottingRangeMetres(double scaleDenominator) { return kSegmentsPerMove * footSegmentMetres(scaleDenominator); }

/// Rulebook "How to Fight": infantry (militia, regular, elite, guard), cavalry and artillery roll 3 dice,
/// dragoons 2, detachments 1; baggage trains and HQs do not fight (0).
int combatDice(UnitType type);

/// Rulebook "Victory" as docs/model.md tabulates it: points for an eliminated piece by type and quality.
/// Infantry 2/3/4/6 (militia-recruits/regular/elite/guard); detachment 1; artillery and dragoons 4, guard 6;
/// cavalry 6; baggage train and HQ 0.
int victoryPoints(UnitType type, UnitQuality quality);

/// Rulebook "Victory", Rout: the infantry blocks that count (detachments do not; every infantry quality does).
inline constexpr bool countsForRout(UnitType type) { return type == UnitType::Infantry; }

/// Rulebook "Victory", Rout: losses at which a side with `infantryBlocks` counted blocks routs: 50%
/// infantry losses, i.e. at least half of n = ceil(n / 2) (7 blocks rout at 4). 0 when n is 0.
inline constexpr int routThreshold(int infantryBlocks) { return infantryBlocks <= 0 ? 0 : (infantryBlocks + 1) / 2; }

/// Rulebook "Ineffective Formation" (line 340): "A formation that has lost 50% of its infantry units is
/// Ineffective. Determine this in the same way as for victory (rout)": the same threshold over the
/// formation's own infantry blocks.
inline constexpr int ineffectiveThreshold(int infantryBlocks) { return routThreshold(infantryBlocks); }

/// Terrain Effects Chart, Marshes: forbidden to Artillery, Cavalry (dragoons are cavalry: rulebook
/// "Cavalry") and Baggage Trains. True when a piece of `type` may not stand in `terrainClass`.
bool terrainForbidden(UnitType type, std::string_view terrainClass);

/// Terrain Effects Chart, Buildings - Villages: pieces in buildings become disorganized and cannot rally.
inline constexpr std::string_view kDisorganizingTerrain = "village";

/// "Foot" or "mounted": HQs and cavalry (dragoons too) move at Mounted Movement (rulebook "Distance").
bool movesMounted(UnitType type);

} // namespace sandtable::core::systems::pub_battles
