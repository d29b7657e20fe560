// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite (../shared/rules/campaign-lite.txt): forces moving over a grid of squares on the map; its
// secondary terrain and reinforcement tables are rolled on a d10.
#include "../system_descriptors.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/systems/pub_battles/rules.hpp"

namespace sandtable::core::systems::campaign_lite {

GameSystemDescriptor descriptor()
{
    GameSystemDescriptor d;
    d.name = "campaign-lite";
    d.title = "Campaign Lite";
    d.rulesText = "campaign-lite.txt";
    d.choiceLabel = N_("Campaign Lite (grid of squares)");
    d.ground = Ground::Map;
    d.squareGrid = true;
    d.dice = {6, 10};
    d.defaultPieceLengthMm = systems::pub_battles::kDefaultBlockLengthMm;
    d.defaultPieceDepthMm = systems::pub_battles::kDefaultBlockDepthMm;
    return d;
}

} // namespace sandtable::core::systems::campaign_lite
