// SPDX-License-Identifier: GPL-3.0-or-later
// Pub Battles (../shared/rules/pub-battles-antietam-rulebook.txt): blocks worth victory points on a map at
// 1:16,000, each formation with its HQ.
#include "../system_descriptors.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/systems/pub_battles/setup_checks.hpp"
#include "sandtable/core/systems/pub_battles/rules.hpp"

namespace sandtable::core::systems::pub_battles {

GameSystemDescriptor descriptor()
{
    GameSystemDescriptor d;
    d.name = "pub-battles";
    d.title = "Pub Battles";
    d.rulesText = "pub-battles-antietam-rulebook.txt";
    d.choiceLabel = N_("Pub Battles (blocks, 1:16,000)");
    d.ground = Ground::Map;
    d.victoryPointBlocks = true;
    d.dice = {6};
    d.defaultPieceLengthMm = kDefaultBlockLengthMm;
    d.defaultPieceDepthMm = kDefaultBlockDepthMm;
    d.setUpChecks = checkSetUp; // stacking, terrain, villages, command range
    return d;
}

} // namespace sandtable::core::systems::pub_battles
