// SPDX-License-Identifier: GPL-3.0-or-later
// What an importer read, made into one undo step (issue 42 item 2: only core/document builds change records).
// Importers return features, sides, formations, units or a whole scenario; these operations turn them into an
// Edit with the change records and the collection indices that undo needs, in one place.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::core::document::operations {

/// `features` appended after the scenario's terrain in their order, preceded by `settings` when given (an
/// import that also sets the working CRS). One undo step `label`. Throws OperationError ("", feature id, why)
/// when an id is empty, repeated among `features`, or already in the scenario; nothing is made then.
Edit addFeatures(const Scenario& scenario, std::vector<TerrainFeature> features, std::string label,
    std::optional<ScenarioSettings> settings = std::nullopt);

/// Sides, formations and units appended after the scenario's own, each list in its order (a roster import).
/// One undo step `label`. Throws OperationError naming the first id that is empty, repeated, or already in the
/// scenario's collection of that kind; nothing is made then. The references between them (formation parents,
/// unit formations) are the validator's to judge, as they are for a file.
Edit addOrderOfBattle(const Scenario& scenario, std::vector<Side> sides, std::vector<Formation> formations,
    std::vector<Unit> units, std::string label);

/// Units removed, replaced and added in one undo step `label`: the units with the ids in `remove` go, each unit
/// of `replace` takes the place of the scenario's unit with its id (its position in the list kept), `add` is
/// appended in its order. Throws OperationError naming a unit to remove or replace that does not exist, one
/// named twice, or a unit to add whose id is taken.
Edit changeUnits(const Scenario& scenario, const std::vector<UnitId>& remove, std::vector<Unit> replace,
    std::vector<Unit> add, std::string label);

/// The whole of `carried` over `start` (a scenario that travelled in a VASSAL module, whole and valid): its
/// settings, map, reference layers, custom classes, Table Battles set and campaign replace the start's; its
/// terrain, sides, formations and units are appended after the start's (an import starts from an empty
/// scenario). One undo step `label`. Throws OperationError as addFeatures / addOrderOfBattle for an id taken.
Edit replaceWithScenario(const Scenario& start, const Scenario& carried, std::string label);

} // namespace sandtable::core::document::operations
