// SPDX-License-Identifier: GPL-3.0-or-later
// The property changes the editor's Properties pane and tools offer, as named operations with their rules in
// core (issue 42 item 2), so the CLI (`sandtable oob set`) and the editor apply the same rule.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <string>

namespace sandtable::core::document::operations {

/// The unit's strength: men, or guns for artillery (docs/model.md), a whole number from 0 to 10,000,000. One undo
/// step "Change unit strength"; an empty Edit when unchanged. Throws OperationError naming the unit when it
/// does not exist, and the value when it is negative, not whole or larger.
Edit setUnitStrength(const Scenario& scenario, const UnitId& unit, double strength);

/// The placed unit's facing, degrees clockwise from grid north, wrapped into [0, 360) (-30 is 330, 725 is 5).
/// One undo step "Change unit facing". Throws OperationError when the unit does not exist, is not placed, or
/// the value is not a finite number.
Edit setUnitFacing(const Scenario& scenario, const UnitId& unit, double degrees);

/// A SYW regiment's count of one figure kind (systems::syw_miniatures::findFigureKind: "musketeer", "officer", ...), a whole
/// number from 0 to 100,000 (house rules: figures per regiment). One undo step "Change unit figures". Throws
/// OperationError for an unknown unit or kind, or a count that is negative, not whole or larger.
Edit setUnitFigureCount(const Scenario& scenario, const UnitId& unit, const std::string& kind, double count);

/// The feature's terrain class (canonical or the scenario's own, rules::classGeometry). Attributes of the old
/// class (hill level, road grade, woods dense) mean nothing for another and are dropped; a note stays. One undo
/// step "Set class to <class>"; an empty Edit when unchanged. Throws OperationError for an unknown feature or
/// class (naming the class meant, rules::closestTerrainClass), and for a class drawn as another geometry (a
/// point cannot be woods; a polygon can be a river).
Edit setFeatureClass(const Scenario& scenario, const FeatureId& feature, const std::string& terrainClass);

} // namespace sandtable::core::document::operations
