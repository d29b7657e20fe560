// SPDX-License-Identifier: GPL-3.0-or-later
// A small Table Battles set built by hand that passes every card rule (tests break one rule at a time).
#pragma once

#include "sandtable/core/model/scenario.hpp"

namespace sandtable::test {

/// Blue (morale 3) against Red (morale 3), Blue first. Cards:
///   1-A Blue Foot   blue sticks 4, link, dice 5-6, Attack 4-A (1 hit)
///   2-A Blue Guard  blue sticks 3, link, star, doubles, Attack 4-A 5-A (2 hits), Absorb 1-A, Reserve 3-A
///   3-A Blue Reserve white sticks 2, in reserve for 2-A, dice 6, Attack 4-A (1 hit), pursuit
///   4-A Red Foot    red sticks 5, dice 1-2, Attack 1-A (1 hit), Screen 2-A, Counterattack 1-A (1 hit, voluntary)
///   5-A Red Horse   red sticks 3, cavalry, dice 3-4, Attack 2-A (1 hit), Retire
///   6-A Red Guns    special, up to 3 cubes, dice 1,3, Bombard
/// Cubes at the start: 3 + 3 + 1 special = 7 of 10. Sticks: blue 7, white 2, red 8 (3 colours).
inline core::TableBattlesSet smallCardSet()
{
    using namespace core;
    auto ref = [](int n) { return CardRef{n, 'A'}; };
    auto faces = [](std::initializer_list<int> list) {
        DicePattern p;
        for (int f : list)
            p.faces[static_cast<std::size_t>(f - 1)] = true;
        return p;
    };
    TableBattlesSet set;
    set.scenario.number = 90;
    set.scenario.name = "Test Field";
    set.scenario.date = "1700";
    set.scenario.armies[0] = ArmySetup{"Blue", 3, {ref(1), ref(2), ref(3)}, std::nullopt};
    set.scenario.armies[1] = ArmySetup{"Red", 3, {ref(4), ref(5), ref(6)}, TacticalVictory{5, false}};
    set.scenario.firstPlayer = 0;
    set.scenario.specialRules = "None.";

    FormationCard c1{ref(1), "Blue Foot", "Blue", "#1f3a93", "blue", 4, FormationKind::Infantry, false, true, false,
        std::nullopt, false, faces({5, 6}), {CardAction{CardActionKind::Attack, {ref(4)}, 1, "", false}}, ""};
    FormationCard c2{ref(2), "Blue Guard", "Blue", "#1f3a93", "blue", 3, FormationKind::Infantry, true, true, false,
        std::nullopt, false, DicePattern{DicePattern::Kind::Doubles, {}, 0},
        {CardAction{CardActionKind::Attack, {ref(4), ref(5)}, 2, "", false},
            CardAction{CardActionKind::Absorb, {ref(1)}, 0, "", false},
            CardAction{CardActionKind::Reserve, {ref(3)}, 0, "", false}},
        ""};
    FormationCard c3{ref(3), "Blue Reserve", "Blue", "#1f3a93", "white", 2, FormationKind::Infantry, false, false, false,
        ref(2), true, faces({6}), {CardAction{CardActionKind::Attack, {ref(4)}, 1, "", false}}, ""};
    FormationCard c4{ref(4), "Red Foot", "Red", "#a31f1f", "red", 5, FormationKind::Infantry, false, false, false,
        std::nullopt, false, faces({1, 2}),
        {CardAction{CardActionKind::Attack, {ref(1)}, 1, "", false},
            CardAction{CardActionKind::Screen, {ref(2)}, 0, "", false},
            CardAction{CardActionKind::Counterattack, {ref(1)}, 1, "", true}},
        ""};
    FormationCard c5{ref(5), "Red Horse", "Red", "#a31f1f", "red", 3, FormationKind::Cavalry, false, false, false,
        std::nullopt, false, faces({3, 4}),
        {CardAction{CardActionKind::Attack, {ref(2)}, 1, "", false}, CardAction{CardActionKind::Retire, {}, 0, "", false}},
        ""};
    FormationCard c6{ref(6), "Red Guns", "Red", "#a31f1f", "", 3, FormationKind::None, false, false, true, std::nullopt,
        false, faces({1, 3}), {CardAction{CardActionKind::Bombard, {}, 0, "", false}}, "Massed guns."};
    set.cards = {c1, c2, c3, c4, c5, c6};
    return set;
}

/// A Table Battles scenario document holding smallCardSet().
inline core::Scenario smallCardScenario()
{
    core::Scenario s;
    s.settings.id = "cards-test";
    s.settings.title = "Cards test";
    s.settings.system = core::GameSystem::TableBattles;
    s.tableBattles = smallCardSet();
    return s;
}

} // namespace sandtable::test
