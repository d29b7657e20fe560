// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles (../shared/rules/table-battles-rules.txt): formation cards on a table, no map scale.
#include "../system_descriptors.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/systems/pub_battles/rules.hpp"

namespace sandtable::core::systems::table_battles {

GameSystemDescriptor descriptor()
{
    GameSystemDescriptor d;
    d.name = "table-battles";
    d.title = "Table Battles";
    d.rulesText = "table-battles-rules.txt";
    d.choiceLabel = N_("Table Battles (cards)");
    d.ground = Ground::Table;
    d.dice = {6};
    d.defaultPieceLengthMm = systems::pub_battles::kDefaultBlockLengthMm;
    d.defaultPieceDepthMm = systems::pub_battles::kDefaultBlockDepthMm;
    return d;
}

} // namespace sandtable::core::systems::table_battles
