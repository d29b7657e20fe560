// SPDX-License-Identifier: GPL-3.0-or-later
// The Table Battles cards <-> the "table_battles" object of the scenario document (private to core/src/io).
#pragma once

#include "json_in.hpp"
#include "sandtable/core/io/json.hpp"
#include "sandtable/core/model/table_battles.hpp"

namespace sandtable::core::io::detail {

/// The "table_battles" object (schemas/scenario.v1.schema.json, definitions/table_battles): every member
/// written in schema order; "reserve" and "tactical_victory" only when set.
io::JsonValue tableBattlesToJson(const TableBattlesSet& set, JsonOut& out);

/// The set of a schema-valid "table_battles" object. Throws std::invalid_argument (a DicePatternError for
/// dice) on a wrong type, a bad card reference, dice pattern or name; the scenario reader turns it into a
/// FormatError naming the JSON pointer.
TableBattlesSet tableBattlesFromJson(JsonIn object);

} // namespace sandtable::core::io::detail
