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
/// - "setup.arrival" (error): a reinforcement on a day outside the scenario's days, before its start, or
///   entering away from the map edge and its road; "ref.missing" for an unknown entry road;
/// - "setup.loc" (error): a line of communication that is not a road, or whose road network (roads joined
///   end to line within 1 m) does not reach the map edge; "ref.missing" for an unknown feature;
/// - "ref.missing" (error): combat-order side, attacker or defender naming no side; "syw.sides" (error):
///   attacker and defender the same side.
/// Then the system's own checks, from its room (core::systems::GameSystemDescriptor::setUpChecks):
/// core::systems::pub_battles::checkSetUp, core::systems::syw_miniatures::checkSetUp.
void checkSetUp(const Scenario& scenario, validation::Diagnostics& out);

} // namespace sandtable::core::oob
