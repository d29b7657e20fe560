// SPDX-License-Identifier: GPL-3.0-or-later
// The four systems of docs/model.md, each made in its own room (core/src/systems/<system>/descriptor.cpp).
#pragma once

#include "sandtable/core/systems/game_system.hpp"

namespace sandtable::core::systems {
namespace pub_battles { GameSystemDescriptor descriptor(); }
namespace table_battles { GameSystemDescriptor descriptor(); }
namespace campaign_lite { GameSystemDescriptor descriptor(); }
namespace syw_miniatures { GameSystemDescriptor descriptor(); }
} // namespace sandtable::core::systems
