// SPDX-License-Identifier: GPL-3.0-or-later
// Seven Years' War miniatures, house rules (../shared/rules/syw-miniatures-house-rules.txt): regiments of
// figures on a table measured in 10 cm fields, a general per side.
#include "../system_descriptors.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/systems/syw_miniatures/setup_checks.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"

namespace sandtable::core::systems::syw_miniatures {

GameSystemDescriptor descriptor()
{
    GameSystemDescriptor d;
    d.name = "syw-miniatures";
    d.title = "SYW miniatures";
    d.rulesText = "syw-miniatures-house-rules.txt";
    d.choiceLabel = N_("Seven Years' War miniatures (table in cm)");
    d.ground = Ground::Table;
    d.figureRegiments = true;
    d.dice = {6};
    d.defaultPieceLengthMm = kDefaultRegimentFrontageMm;
    d.defaultPieceDepthMm = kDefaultRegimentDepthMm;
    d.setUpChecks = checkSetUp; // deployment, figures, bases, table edges, generals
    return d;
}

} // namespace sandtable::core::systems::syw_miniatures
