// SPDX-License-Identifier: GPL-3.0-or-later
// The Table Battles cards <-> the "table_battles" object of the scenario document.
#pragma once

#include "sandtable/core/model/table_battles.hpp"

#include <nlohmann/json.hpp>

namespace sandtable::core {

/// The "table_battles" object (schemas/scenario.v1.schema.json, definitions/table_battles): every member
/// written in schema order; "reserve" and "tactical_victory" only when set.
nlohmann::ordered_json tableBattlesToJson(const TableBattlesSet& set);

/// The set of a schema-valid "table_battles" object. Throws nlohmann::json::exception on a wrong type and
/// std::invalid_argument (a DicePatternError for dice) on a bad card reference, dice pattern or name;
/// scenarioFromJson turns both into a FormatError naming the JSON pointer.
TableBattlesSet tableBattlesFromJson(const nlohmann::ordered_json& object);

} // namespace sandtable::core
