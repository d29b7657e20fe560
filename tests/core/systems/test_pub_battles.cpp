// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../rules/pub_battles.hpp: the rulebook's tables and the rulers at scale, worked by hand.
#include "sandtable/core/systems/pub_battles/rules.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;
namespace pb = sandtable::core::systems::pub_battles;

BOOST_AUTO_TEST_SUITE(rules_pub_battles)

BOOST_AUTO_TEST_CASE(victory_points_follow_the_type_and_quality_table)
{
    // docs/model.md's table, rows infantry / detachment / artillery / dragoons / cavalry / baggage, HQ.
    BOOST_TEST(pb::victoryPoints(UnitType::Infantry, UnitQuality::Militia) == 2);
    BOOST_TEST(pb::victoryPoints(UnitType::Infantry, UnitQuality::Regular) == 3);
    BOOST_TEST(pb::victoryPoints(UnitType::Infantry, UnitQuality::Elite) == 4);
    BOOST_TEST(pb::victoryPoints(UnitType::Infantry, UnitQuality::Guard) == 6);
    BOOST_TEST(pb::victoryPoints(UnitType::Detachment, UnitQuality::Guard) == 1);
    BOOST_TEST(pb::victoryPoints(UnitType::Artillery, UnitQuality::Militia) == 4);
    BOOST_TEST(pb::victoryPoints(UnitType::Artillery, UnitQuality::Guard) == 6);
    BOOST_TEST(pb::victoryPoints(UnitType::Dragoons, UnitQuality::Elite) == 4);
    BOOST_TEST(pb::victoryPoints(UnitType::Dragoons, UnitQuality::Guard) == 6);
    BOOST_TEST(pb::victoryPoints(UnitType::Cavalry, UnitQuality::Militia) == 6);
    BOOST_TEST(pb::victoryPoints(UnitType::BaggageTrain, UnitQuality::Regular) == 0);
    BOOST_TEST(pb::victoryPoints(UnitType::Hq, UnitQuality::Elite) == 0);
}

BOOST_AUTO_TEST_CASE(combat_dice_per_piece_type)
{
    // Rulebook "How to Fight": infantry, cavalry, artillery 3; dragoons 2; detachment 1.
    BOOST_TEST(pb::combatDice(UnitType::Infantry) == 3);
    BOOST_TEST(pb::combatDice(UnitType::Cavalry) == 3);
    BOOST_TEST(pb::combatDice(UnitType::Artillery) == 3);
    BOOST_TEST(pb::combatDice(UnitType::Dragoons) == 2);
    BOOST_TEST(pb::combatDice(UnitType::Detachment) == 1);
    BOOST_TEST(pb::combatDice(UnitType::Hq) == 0);
}

BOOST_AUTO_TEST_CASE(rout_is_at_least_half_of_the_infantry_blocks)
{
    BOOST_TEST(pb::routThreshold(7) == 4); // docs/model.md: 7 blocks rout at 4
    BOOST_TEST(pb::routThreshold(8) == 4);
    BOOST_TEST(pb::routThreshold(1) == 1);
    BOOST_TEST(pb::routThreshold(0) == 0);
    BOOST_TEST(pb::countsForRout(UnitType::Infantry));
    BOOST_TEST(!pb::countsForRout(UnitType::Detachment));
    BOOST_TEST(!pb::countsForRout(UnitType::Cavalry));
}

BOOST_AUTO_TEST_CASE(rulers_in_map_centimetres_give_ground_metres_at_scale)
{
    // 4.5 cm x 16,000 / 100 = 720 m; 6.4 cm x 16,000 / 100 = 1,024 m.
    BOOST_TEST(pb::fieldOfFireMetres(16000) == 720.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(pb::commandRangeMetres(16000) == 1024.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(pb::spottingRangeMetres(16000) == 2160.0, boost::test_tools::tolerance(1e-12));
    // The chart's own figures at 1:16,890: 4.5 cm = 760.05 m, 6.4 cm = 1080.96 m ("760 m", "1081 m").
    BOOST_TEST(pb::fieldOfFireMetres(16890) == 760.05, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(pb::commandRangeMetres(16890) == 1080.96, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(marsh_is_forbidden_to_guns_horses_and_trains_only)
{
    BOOST_TEST(pb::terrainForbidden(UnitType::Artillery, "marsh"));
    BOOST_TEST(pb::terrainForbidden(UnitType::Cavalry, "marsh"));
    BOOST_TEST(pb::terrainForbidden(UnitType::Dragoons, "marsh"));
    BOOST_TEST(pb::terrainForbidden(UnitType::BaggageTrain, "marsh"));
    BOOST_TEST(!pb::terrainForbidden(UnitType::Infantry, "marsh"));
    BOOST_TEST(!pb::terrainForbidden(UnitType::Cavalry, "woods"));
}

BOOST_AUTO_TEST_SUITE_END()
