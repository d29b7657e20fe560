// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../rules/syw_miniatures.hpp: the house rules' worked melee example and the point tables.
#include "sandtable/core/rules/syw_miniatures.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;
namespace syw = sandtable::core::rules::syw;

BOOST_AUTO_TEST_SUITE(rules_syw_miniatures)

BOOST_AUTO_TEST_CASE(the_rules_worked_melee_example)
{
    // 2.D Example, as domain.md reads it: 24 grenadiers x 1.5 + 1 officer x 2 = 38; 24 musketeers + 2 = 26;
    // the musketeers lose 38 - 26 = 12.
    SywFigures grenadierRegiment;
    grenadierRegiment.grenadiers = 24;
    grenadierRegiment.officers = 1;
    SywFigures musketeerRegiment;
    musketeerRegiment.musketeers = 24;
    musketeerRegiment.officers = 1;
    BOOST_TEST(syw::meleePoints(grenadierRegiment) == 38.0);
    BOOST_TEST(syw::meleePoints(musketeerRegiment) == 26.0);
    BOOST_TEST(syw::meleeLosses(38.0, 26.0) == 12);
    BOOST_TEST(syw::meleeLosses(26.0, 38.0) == 12);
    BOOST_TEST(grenadierRegiment.total() == 25);
}

BOOST_AUTO_TEST_CASE(pikemen_count_only_against_cavalry)
{
    SywFigures f;
    f.pikemen = 10;
    f.musicians = 2;
    // 10 x 0 + 2 x 1 = 2 against infantry; 10 x 2 + 2 = 22 against cavalry.
    BOOST_TEST(syw::meleePoints(f, false) == 2.0);
    BOOST_TEST(syw::meleePoints(f, true) == 22.0);
}

BOOST_AUTO_TEST_CASE(cavalry_melee_and_fire_rates)
{
    SywFigures f;
    f.lightDragoons = 1;
    f.heavyDragoons = 1;
    f.hussars = 1;
    f.cuirassiers = 1;
    f.dragoons = 1;
    // Melee: dragoons (plain, light, heavy) 2 each, hussars 2, cuirassiers 3: 6 + 2 + 3 = 11.
    BOOST_TEST(syw::meleePoints(f) == 11.0);
    // Fire: light dragoons 2, heavy 3, hussars 2, cuirassiers 2, plain dragoons 1: 10.
    BOOST_TEST(syw::firePoints(f) == 10.0);
}

BOOST_AUTO_TEST_CASE(infantry_fire_is_one_die_per_musket_and_grenades_need_two_grenadiers)
{
    SywFigures f;
    f.musketeers = 20;
    f.grenadiers = 2;
    f.officers = 1;
    f.musicians = 2;
    BOOST_TEST(syw::firePoints(f) == 22.0);
    BOOST_TEST(syw::grenadeKills(f) == 4); // 2 throwers x 2 kills
    f.grenadiers = 1;
    BOOST_TEST(syw::grenadeKills(f) == 0);
}

BOOST_AUTO_TEST_SUITE_END()
