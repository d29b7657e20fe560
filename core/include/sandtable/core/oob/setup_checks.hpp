// SPDX-License-Identifier: GPL-3.0-or-later
// Set-up and order-of-battle checks that need the map: stacking, terrain, arrivals, lines of communication.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

namespace sandtable::core::oob {

/// Map distance within which an entry point counts as on the map edge or on its road: 5 mm on the printed
/// map (80 m of ground at 1:16,000), for points digitised by hand.
inline constexpr double kEntryToleranceMm = 5.0;

/// Appends the order-of-battle and set-up findings of docs/model.md ("Set-up sanity") and the rulebook, each
/// naming the pieces by id, with a JSON pointer to the first:
/// - "oob.unit.no_formation" (error): a unit whose formation id is empty;
/// - "oob.block.strength" (warning): a block (Unit::block) whose strength is not the sum of the units it
///   stands for; "oob.block.nested" (error): a block below another formation's block;
/// - "setup.conflict" (error): a unit both placed and in a reserve or arriving, or in a reserve and arriving;
/// - "setup.reserve" (error): a reserve naming no HQ of the unit's side;
/// - "setup.overlap" (error, Pub Battles): two placed blocks (HQs excluded: they do not block) whose
///   footprints overlap with positive area (rulebook "Moving": pieces may not stack);
/// - "setup.forbidden_terrain" (error): a piece whose majority terrain is forbidden to its type (Terrain
///   Effects Chart: marsh for artillery, cavalry, dragoons, baggage trains);
/// - "setup.village" (warning): a piece whose majority terrain is a village: it starts disorganized;
/// - "setup.arrival" (error): a reinforcement on a day outside the scenario's days, before its start, or
///   entering away from the map edge and its road; "ref.missing" for an unknown entry road;
/// - "setup.loc" (error): a line of communication that is not a road, or whose road network (roads joined
///   end to line within 1 m) does not reach the map edge; "ref.missing" for an unknown feature;
/// - "setup.command_range" (warning): a placed piece (baggage trains aside: they never attack) farther from
///   its placed formation HQ than the command range (one mounted segment; the range need only touch the
///   piece's footprint);
/// SYW house rules (syw-miniatures-house-rules.txt) scenarios instead get, besides the reference checks:
/// - "syw.deployment" (warning): no defender or no attacker named (2.A: the defender deploys first, the
///   attacker moves first);
/// - "syw.figures" (warning): a regiment without figures (no melee or fire points, 2.C/2.D);
///   "syw.strength" (warning): a strength that is not its number of figures;
/// - "setup.overlap" (error): two regiments' bases (block_length_mm x block_depth_mm, by default one field
///   by 4 cm) overlapping with positive area;
/// - "syw.table_edge" (error): a regiment's base reaching past an edge of the table (table_width_cm x
///   table_depth_cm from the south-west corner), saying which edge and by how many cm.
/// - "ref.missing" (error): combat-order side, attacker or defender naming no side; "syw.sides" (error):
///   attacker and defender the same side; "syw.general" (warning): a SYW side without a general.
/// The system's own checks come from its room (core::systems::GameSystemDescriptor::setUpChecks).
void checkSetUp(const Scenario& scenario, Diagnostics& out);

/// Pub Battles' own set-up checks (its room, core/src/systems/pub_battles/descriptor.cpp): "setup.overlap",
/// "setup.forbidden_terrain", "setup.village" and "setup.command_range" above.
void checkPubBattlesPieces(const Scenario& scenario, Diagnostics& out);
/// The SYW house rules' own set-up checks (core/src/systems/syw_miniatures/descriptor.cpp): "syw.deployment",
/// "syw.figures", "syw.strength", "setup.overlap", "syw.table_edge" and "syw.general" above.
void checkSywTable(const Scenario& scenario, Diagnostics& out);

} // namespace sandtable::core::oob
