// SPDX-License-Identifier: GPL-3.0-or-later
// Rule checks of Table Battles cards: references, sides, component limits, links, the ability to attack.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

namespace sandtable::core::validation {

/// Findings for `scenario.tableBattles` (nothing when absent), each with a JSON pointer under
/// "/table_battles" and a message naming the card ("card 233-A (Old Guard): ..."). Errors unless noted:
/// - "cards.ref.duplicate": a card number and face (233-A) used twice; warning "cards.ref.both_faces":
///   233-A and 233-B both used (one physical card cannot be on the table with both faces);
/// - "cards.setup.missing" / "cards.setup.unlisted" / "cards.setup.listed_twice": the scenario card lists a
///   card that does not exist, a formation card no army lists, a card listed more than once;
/// - "cards.army.mismatch": a card's army differs from the army whose list holds it;
/// - "cards.target.missing": a target names no card of the scenario; "cards.target.none": Attack, Screen,
///   Absorb or Reserve with no target; warning "cards.target.unexpected": Bombard or Retire with targets;
/// - "cards.target.side": Attack, Screen and Counterattack target enemy formations, Absorb and Reserve
///   friendly ones (table-battles-rules.txt: "attack the stated enemy Formation", "When a friendly
///   Formation listed as a Target suffers Hits", "a named Formation that is in Reserve");
/// - "cards.target.special": a special formation as the target of anything but Reserve (rules: special
///   formations "cannot be Attacked");
/// - "cards.hits.missing": Attack or Counterattack without hits >= 1; warning "cards.hits.unexpected";
/// - "cards.voluntary.action": an action (not a reaction) marked voluntary;
/// - "cards.reserve.missing" / "cards.reserve.side" / "cards.reserve.no_action": a card in reserve names a
///   card that does not exist, is not friendly, or has no Reserve action naming it; "cards.reserve.not_in_reserve":
///   a Reserve action names a card that does not start in reserve;
/// - "cards.link.unpaired": a link symbol without a linked neighbour, i.e. a card of the same army and face
///   numbered one less or one more that also has the symbol (rules: "cards with successive ID numbers with
///   paired Link symbols");
/// - "cards.cubes.too_many": morale of both armies + one cube per special formation > 10 (rules: ten
///   cubes, shared; special formations "always begin the battle with one cube");
/// - "cards.sticks.colour_over": sticks of one colour over 20; "cards.sticks.colours": more than four
///   colours; "cards.sticks.colour_missing": a normal formation without a stick colour (rules: 80 sticks,
///   20 in each of four colours);
/// - "cards.side.cannot_attack": an army none of whose formations has an Attack with a target (rules: a
///   player who can never Attack loses at the start of their turn);
/// - "cards.bombard.no_morale": a Bombard against an army starting with fewer than 2 morale cubes (rules:
///   Bombard "cannot be used to remove your opponent's last Morale Cube");
/// - warning "cards.pursuit.no_attack": pursuit on a card that cannot attack;
/// - warning "cards.tactical_victory.unreachable": a target above the enemy's total sticks.
Diagnostics validateTableBattles(const Scenario& scenario);

} // namespace sandtable::core::validation
