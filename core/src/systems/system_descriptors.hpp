// SPDX-License-Identifier: GPL-3.0-or-later
// The four systems of docs/model.md, each made in its own room (core/src/systems/<system>/descriptor.cpp).
#pragma once

#include "sandtable/core/systems/game_system.hpp"

namespace sandtable::core::systems {

GameSystemDescriptor pubBattles();
GameSystemDescriptor tableBattles();
GameSystemDescriptor campaignLite();
GameSystemDescriptor sywMiniatures();

} // namespace sandtable::core::systems
