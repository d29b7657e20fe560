// SPDX-License-Identifier: GPL-3.0-or-later
// A three-level order of battle built by hand (army > corps > division) for the tree tests.
#pragma once

#include "sandtable/core/model/scenario.hpp"

namespace sandtable::test {

/// Pub Battles, side "blue" (Blue) only, no terrain, no set-up. Formations in this order:
///   0 "army" (Army of the Test, echelon army, top level)      HQ army-hq (command 5)
///   1 "c1"   (I Corps, parent army)                          HQ c1-hq (command 4); c1-inf 1000 men
///   2 "c2"   (II Corps, parent army)                         no HQ;                c2-inf 300 men
///   3 "d1"   (1st Division, echelon division, parent c1)      no HQ;                d1-a 500, d1-b 700 men
/// Strengths: d1 1200, c1 2200 (1000 + 1200), c2 300, army 2500; depths 0, 1, 1, 2.
inline core::Scenario nestedScenario()
{
    using namespace core;
    Scenario s;
    s.settings.id = "test-nested";
    s.settings.title = "Nested test";
    s.settings.system = GameSystem::PubBattles;
    s.settings.crs = "EPSG:32618";
    s.sides = {Side{SideId("blue"), "Blue", "#1f3a93"}};
    s.formations = {Formation{FormationId("army"), SideId("blue"), "Army of the Test", "army"},
        Formation{FormationId("c1"), SideId("blue"), "I Corps", "corps", "", FormationId("army")},
        Formation{FormationId("c2"), SideId("blue"), "II Corps", "corps", "", FormationId("army")},
        Formation{FormationId("d1"), SideId("blue"), "1st Division", "division", "", FormationId("c1")}};
    const auto unit = [](const char* id, const char* formation, UnitType type, int strength, std::optional<int> command) {
        Unit u;
        u.id = UnitId(id);
        u.formation = FormationId(formation);
        u.name = id;
        u.type = type;
        u.strength = strength;
        u.command = command;
        return u;
    };
    s.units = {unit("army-hq", "army", UnitType::Hq, 0, 5), unit("c1-hq", "c1", UnitType::Hq, 0, 4),
        unit("c1-inf", "c1", UnitType::Infantry, 1000, std::nullopt), unit("c2-inf", "c2", UnitType::Infantry, 300, std::nullopt),
        unit("d1-a", "d1", UnitType::Infantry, 500, std::nullopt), unit("d1-b", "d1", UnitType::Infantry, 700, std::nullopt)};
    return s;
}

} // namespace sandtable::test
