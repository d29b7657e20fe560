// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles card operations: the whole set (a CSV import) and one card, each one TableBattlesChange Edit.
#pragma once

#include "sandtable/core/document/edit.hpp"

#include <optional>
#include <string>

namespace sandtable::core::document::operations {

/// Sets, replaces (a CSV import) or removes (nullopt) the scenario's Table Battles cards. An empty Edit
/// when nothing changes. The cards' rules are checked by the validator (validateScenario), not here, so a
/// caller can show every finding before deciding to save.
Edit setTableBattles(const Scenario& scenario, std::optional<TableBattlesSet> set, std::string label = {}); ///< label: "Import cards"

/// Replaces the card of `card.ref` (the card designer). `mergeKey` joins the edits of one field's typing.
/// Throws OperationError when the scenario has no cards or no card of that ref; an empty Edit when nothing
/// changes. Label "Edit card <ref>".
Edit replaceCard(const Scenario& scenario, const FormationCard& card, std::string mergeKey = {});

} // namespace sandtable::core::document::operations
