// SPDX-License-Identifier: GPL-3.0-or-later
// The four systems of ../shared/rules, each made in its own file (core/src/systems/<system>.cpp).
#pragma once

#include "sandtable/core/systems/game_system.hpp"

namespace sandtable::core::systems {

GameSystemDescriptor pubBattles();
GameSystemDescriptor tableBattles();
GameSystemDescriptor campaignLite();
GameSystemDescriptor sywMiniatures();

} // namespace sandtable::core::systems
