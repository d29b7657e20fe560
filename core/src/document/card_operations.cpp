// SPDX-License-Identifier: GPL-3.0-or-later
// Edit builders for the Table Battles cards.
#include "sandtable/core/document/card_operations.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>

namespace sandtable::core::document::operations {

Edit setTableBattles(const Scenario& s, std::optional<TableBattlesSet> set, std::string label)
{
    if (label.empty())
        label = _("Import cards");
    Edit edit{std::move(label), {}, {}};
    if (s.tableBattles == set)
        return edit;
    edit.changes.push_back(TableBattlesChange{s.tableBattles, std::move(set)});
    return edit;
}

Edit replaceCard(const Scenario& s, const FormationCard& card, std::string mergeKey)
{
    if (!s.tableBattles)
        throw util::OperationError("", "table_battles", _("the scenario has no Table Battles cards (import a CSV first)"));
    TableBattlesSet after = *s.tableBattles;
    auto it = std::find_if(after.cards.begin(), after.cards.end(), [&](const FormationCard& c) { return c.ref == card.ref; });
    if (it == after.cards.end())
        throw util::OperationError("", i18n::format(_("card {1}"), {toString(card.ref)}), _("does not exist"));
    *it = card;
    Edit edit = setTableBattles(s, std::move(after), i18n::format(_("Edit card {1}"), {toString(card.ref)}));
    edit.mergeKey = std::move(mergeKey);
    return edit;
}

} // namespace sandtable::core::document::operations
