// SPDX-License-Identifier: GPL-3.0-or-later
// Pub Battles tables (victory points, combat dice, forbidden terrain) from the Antietam rulebook.
#include "sandtable/core/systems/pub_battles/rules.hpp"

namespace sandtable::core::systems::pub_battles {

int combatDice(UnitType type)
{
    switch (type) {
    case UnitType::Infantry:
    case UnitType::Cavalry:
    case UnitType::Artillery: return 3;
    case UnitType::Dragoons: return 2;
    case UnitType::Detachment: return 1;
    case UnitType::BaggageTrain:
    case UnitType::Hq: return 0;
    }
    return 0;
}

int victoryPoints(UnitType type, UnitQuality quality)
{
    switch (type) {
    case UnitType::Infantry:
        switch (quality) {
        case UnitQuality::Militia: return 2;
        case UnitQuality::Regular: return 3;
        case UnitQuality::Elite: return 4;
        case UnitQuality::Guard: return 6;
        }
        return 3;
    case UnitType::Detachment: return 1;
    case UnitType::Artillery:
    case UnitType::Dragoons: return quality == UnitQuality::Guard ? 6 : 4;
    case UnitType::Cavalry: return 6;
    case UnitType::BaggageTrain:
    case UnitType::Hq: return 0;
    }
    return 0;
}

bool terrainForbidden(UnitType type, std::string_view terrainClass)
{
    if (terrainClass != "marsh")
        return false;
    return type == UnitType::Artillery || type == UnitType::Cavalry || type == UnitType::Dragoons
        || type == UnitType::BaggageTrain;
}

bool movesMounted(UnitType type)
{
    return type == UnitType::Hq || type == UnitType::Cavalry || type == UnitType::Dragoons;
}

} // namespace sandtable::core::systems::pub_battles
