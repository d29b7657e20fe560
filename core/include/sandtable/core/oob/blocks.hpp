// SPDX-License-Identifier: GPL-3.0-or-later
// Pub Battles blocks at one level of a deep order of battle: which units are game pieces, and the edit
// that makes every formation of a chosen echelon one block whose strength is the units below it.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

/// Pub Battles plays with blocks at one level (rulebook line 98: a formation's "combat units, usually
/// Divisions or Brigades"; line 114: "Each infantry unit generally represents 1,500 to 7,200 men"), while a
/// historical order of battle goes down to regiments. A formation that plays as
/// one block has a block unit (Unit::block) in it; every unit below that formation, except the
/// formation's own HQ, is then the historical detail: kept in the scenario, listed in the tree, but not a
/// game piece (no sticker, no block on the map, no victory points or rout count of its own).
namespace sandtable::core::oob {

/// The block unit of `formation` (a unit with `block` set whose formation it is), or nullptr.
const Unit* blockOf(const Scenario& scenario, const FormationId& formation);

/// The formation whose block stands for `unit`: the nearest formation on the unit's chain (its own
/// formation, then each parent) that has a block unit, unless `unit` is that block or that formation's
/// HQ; nullptr when the unit is a piece of its own.
const Formation* blockedBy(const Scenario& scenario, const Unit& unit);

/// True when `unit` is a game piece: a block, an HQ at or above the block level, or any unit of a tree
/// without blocks (blockedBy returns nullptr).
bool isPiece(const Scenario& scenario, const Unit& unit);

/// What a block stands for: the units below its formation (descendants included) that are neither HQs
/// nor blocks. `type` is the arm holding the most men (infantry, cavalry, dragoons on a tie, in that
/// order); artillery only when the units have no men, only guns. `strength` sums the men of the units
/// that are not artillery (a division's battery adds no men), or the guns for an artillery block.
/// `quality` is the quality holding the most men (regular on a tie or when there are no units).
struct BlockDerivation {
    int units = 0;
    int strength = 0;
    UnitType type = UnitType::Infantry;
    UnitQuality quality = UnitQuality::Regular;
};
BlockDerivation deriveBlock(const Scenario& scenario, const FormationId& formation);

/// The request of `oob blocks`: every formation of `echelon` plays as one block (unset: none by
/// echelon), plus the formations listed in `formations`; `clear` removes every block instead. A chosen
/// formation below another chosen one is left to the upper one (one block per branch).
struct BlockRequest {
    std::optional<std::string> echelon;
    std::vector<FormationId> formations;
    bool clear = false;
};

/// One line of the plan: the formation, its block unit's id, what it stands for, and whether the block
/// is new, updated (strength, type or quality re-derived) or removed.
struct BlockPlanLine {
    FormationId formation;
    UnitId block;
    BlockDerivation derived;
    enum class Action { Create, Update, Keep, Remove } action = Action::Create;
};

/// The plan and the Edit carrying it out (one undo step, "Blocks at division level"). Block units are
/// created in their formation (appended to the units), named after it, id "<formation>-block" (made
/// unique with "-2", "-3", ...), unplaced; an existing block keeps its id, name and placement and gets the derived strength,
/// type and quality; blocks of formations no longer chosen are removed. Throws OperationError naming the
/// formation when one listed does not exist, when the echelon is not one of army, wing, corps, division,
/// brigade, or when nothing would be a block (no formation of that echelon).
struct BlockPlan {
    std::vector<BlockPlanLine> lines;
    document::Edit edit;
};
BlockPlan planBlocks(const Scenario& scenario, const BlockRequest& request);

} // namespace sandtable::core::oob
