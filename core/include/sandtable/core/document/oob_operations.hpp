// SPDX-License-Identifier: GPL-3.0-or-later
// Authoring an order of battle (issue 46 item 2): sides with their colour, formations at any depth and units,
// created, renamed, deleted and put in order, each change one undo step with its rules in core, so the
// editor's Order of battle pane and the CLI (`sandtable oob add-side|add-formation|add-unit|rename|colour|delete|
// move`) apply the same rule.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::core::document::operations {

/// The three collections of an order of battle.
enum class OobKind { Side, Formation, Unit };

/// The colours a new side gets when none is given, in order: the first one no side has yet (blue, red,
/// green, ochre, purple, teal), then blue again.
const std::vector<std::string>& defaultSideColours();

/// "#rrggbb" in lower case from "#RRGGBB" or "#rrggbb" (the schema's form); nullopt for anything else.
std::optional<std::string> normaliseColour(const std::string& colour);

/// The id a new entity named `name` gets in its collection: the name in lower case with every run of
/// characters outside [a-z0-9] made one '-' ("I Corps" -> "i-corps", "2e Ligne" -> "2e-ligne"), `prefix`
/// before it when given ("union" + "I Corps" -> "union-i-corps"), `fallback` when nothing is left, then
/// "-2", "-3", ... until no entity of `collection` has it.
std::string newIdFor(const Scenario& scenario, OobKind collection, const std::string& name,
    const std::string& prefix, const std::string& fallback);

/// The id of the first entity an Edit creates (a side, formation or unit; "" when it creates none): what
/// the editor selects after Add.
std::string createdId(const Edit& edit);

/// A new side at the end of the list, named `name` (trimmed, not empty, at most 500 characters), in `colour`
/// ("#rrggbb"; "" = the first of defaultSideColours no side has). Id from the name (newIdFor). One undo step
/// "Add side <name>". Throws OperationError for an empty or too long name or a colour not written #rrggbb.
Edit createSide(const Scenario& scenario, const std::string& name, const std::string& colour = {});
/// Renames a side ("Rename <old> to <new>"); an empty Edit when unchanged. Throws for an unknown side or a bad name.
Edit renameSide(const Scenario& scenario, const SideId& side, const std::string& name);
/// The side's colour, "#rrggbb" (stored in lower case), drawn on its blocks, pieces and stickers. One undo step
/// "Change colour of <name>"; an empty Edit when unchanged. Throws for an unknown side or a colour not #rrggbb.
Edit setSideColour(const Scenario& scenario, const SideId& side, const std::string& colour);
/// Deletes a side with everything in it, as one undo step "Delete <name>": its formations at every depth and
/// their units; a unit left elsewhere in the reserve of a deleted HQ loses that reserve (it is then not set
/// up); the scenario's attacker, defender and combat-order side are cleared when they were this side.
Edit deleteSide(const Scenario& scenario, const SideId& side);

/// A new formation of `side` under `parent` (unset: top level), named `name`, of `echelon` (army, wing,
/// corps, division, brigade; "" = the one a word of its name says: army/armee, wing/aile, corps/korps,
/// division, brigade, as in "Heth's Division"; else the level below its parent's: army or wing > corps >
/// division > brigade > brigade, corps at the top). Placed after the last formation of the scenario. Id "<side>-<name>" made an id
/// (newIdFor). One undo step "Add formation <name>". Throws OperationError for an unknown side or parent, a
/// parent of another side, an unknown echelon, or a bad name.
Edit createFormation(const Scenario& scenario, const SideId& side, const std::optional<FormationId>& parent,
    const std::string& name, const std::string& echelon = {});
Edit renameFormation(const Scenario& scenario, const FormationId& formation, const std::string& name);
/// The formation's echelon (army, wing, corps, division, brigade). "Change echelon of <name>".
Edit setFormationEchelon(const Scenario& scenario, const FormationId& formation, const std::string& echelon);
/// Deletes a formation, the formations below it at any depth and all their units: one undo step "Delete
/// <name>" (reserves of deleted HQs cleared as for deleteSide).
Edit deleteFormation(const Scenario& scenario, const FormationId& formation);

/// A new unit at the end of `formation`'s units: `name`, `type` ("infantry", ..., "hq"), `quality`
/// ("militia", "regular", "elite", "guard") and `strength` (a whole number of men, or guns for artillery, 0 to
/// 1,000,000 as the schema allows). An HQ gets command value 3 (a d6 roll of 3 or less; the designer sets the
/// scenario's). Id "<formation>-<name>" made an id (newIdFor). One undo step "Add unit <name>". Throws
/// OperationError for an unknown formation, type or quality, a bad name or strength.
Edit createUnit(const Scenario& scenario, const FormationId& formation, const std::string& name,
    const std::string& type = "infantry", const std::string& quality = "regular", double strength = 0);
Edit renameUnit(const Scenario& scenario, const UnitId& unit, const std::string& name);
/// The unit's type (UnitType's names). "Change type of <name>"; an empty Edit when unchanged.
Edit setUnitType(const Scenario& scenario, const UnitId& unit, const std::string& type);
/// The unit's quality (militia, regular, elite, guard). "Change quality of <name>".
Edit setUnitQuality(const Scenario& scenario, const UnitId& unit, const std::string& quality);
/// An HQ's command value, a whole number 1-6 (Pub Battles: a d6 roll of the value or less). "Change command of <name>".
Edit setUnitCommand(const Scenario& scenario, const UnitId& unit, double command);
/// Deletes a unit (units in its reserve, when it is an HQ, lose that reserve). One undo step "Delete <name>".
Edit deleteUnit(const Scenario& scenario, const UnitId& unit);

/// Moves a side, formation or unit one place up (`step` -1) or down (+1) among its siblings: sides among
/// sides; a formation among the formations of its side with the same parent; a unit among the units of its
/// formation. The document order is the order of the tree, of printed rosters and of VASSAL's piece palette.
/// One undo step "Move <name> up|down"; an empty Edit at the first (last) place. Throws OperationError for an
/// unknown id or a step other than -1 or +1.
Edit moveInOrder(const Scenario& scenario, OobKind kind, const std::string& id, int step);

} // namespace sandtable::core::document::operations
