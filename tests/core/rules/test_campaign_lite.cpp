// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../rules/campaign_lite.hpp: the numbers and tables against campaign-lite.txt.
#include "sandtable/core/rules/campaign_lite.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core::rules;

BOOST_AUTO_TEST_SUITE(campaign_lite_rules)

BOOST_AUTO_TEST_CASE(movement_per_turn_is_the_rules_scale)
{
    // "Infantry: two squares per turn, Cavalry: four squares per turn, Artillery: one square"
    BOOST_TEST(squaresPerTurn("infantry", "") == 2);
    BOOST_TEST(squaresPerTurn("cavalry", "") == 4);
    BOOST_TEST(squaresPerTurn("artillery", "") == 1);
    // "Infantry and Artillery can move three squares on a minor road."
    BOOST_TEST(squaresPerTurn("infantry", "minor") == 3);
    BOOST_TEST(squaresPerTurn("artillery", "minor") == 3);
    // "Major Road-Two Squares"
    BOOST_TEST(squaresPerTurn("infantry", "major") == 4);
    BOOST_TEST(squaresPerTurn("cavalry", "major") == 6);
    // Forced marches "add one square per turn"; at night "Movement is halved".
    BOOST_TEST(squaresPerTurn("infantry", "", true) == 3);
    BOOST_TEST(squaresPerTurn("cavalry", "", false, true) == 2);
    BOOST_CHECK_THROW(squaresPerTurn("dragoons", ""), std::invalid_argument);
    BOOST_CHECK_THROW(squaresPerTurn("infantry", "railway"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(searches_and_recon_points)
{
    BOOST_TEST(searchSquares("infantry", false, false) == 2);
    BOOST_TEST(searchSquares("infantry", true, false) == 1);  // "only one square could be searched"
    BOOST_TEST(searchSquares("artillery", false, true) == 0);
    BOOST_TEST(searchSquares("cavalry", false, false, 3) == 3);
    BOOST_TEST(searchSquares("cavalry", true, true, 4) == 2);
    BOOST_CHECK_THROW(searchSquares("cavalry", false, false, 5), std::invalid_argument);
    // "Infantry unit = one point, Cavalry = two points, Artillery = 0 point."
    BOOST_TEST(reconPoints(4, 3, 2) == 10);
}

BOOST_AUTO_TEST_CASE(tables_cover_every_face_once)
{
    std::vector<const DieTable*> tables{&wallsTable(), &hedgeTable(), &forcedMarchTable(), &reinforcementDelayTable(),
        &bothReconTable(), &skirmishAgainstDeployedTable()};
    for (auto region : secondaryRegions())
        tables.push_back(&secondaryTerrainTable(region));
    for (const DieTable* t : tables) {
        for (int face = 1; face <= t->faces; ++face)
            BOOST_CHECK_NO_THROW(t->lookup(face));
        BOOST_CHECK_THROW(t->lookup(0), std::out_of_range);
        BOOST_CHECK_THROW(t->lookup(t->faces + 1), std::out_of_range);
    }
}

BOOST_AUTO_TEST_CASE(table_entries_read_as_the_rules_text)
{
    BOOST_TEST(secondaryTerrainTable("foothills").lookup(2).result == "hill");
    BOOST_TEST(secondaryTerrainTable("foothills").lookup(5).result == "woods");
    BOOST_TEST(secondaryTerrainTable("valley").lookup(1).result == "field");
    BOOST_TEST(secondaryTerrainTable("valley").lookup(5).result == "village");
    BOOST_TEST(secondaryTerrainTable("farming-plain").lookup(2).result == "field");
    BOOST_TEST(secondaryTerrainTable("farming-plain").lookup(3).result == "stream");
    BOOST_TEST(secondaryTerrainTable("farming-plain").lookup(10).result == "nothing");
    BOOST_TEST(forcedMarchTable().lookup(5).result == "no-effect");
    BOOST_TEST(forcedMarchTable().lookup(6).result == "roll-again");
    BOOST_TEST(forcedMarchSecondTable().lookup(2).result == "strength-loss");
    BOOST_TEST(forcedMarchSecondTable().lookup(8).result == "disorder"); // 6 + 2 turns forced marched
    BOOST_TEST(reinforcementDelayTable().faces == 10);                   // the text once says d6; the table is a d10
    BOOST_TEST(reinforcementDelayTable().lookup(6).result == "on-time");
    BOOST_TEST(reinforcementDelayTable().lookup(7).result == "wrong-road");
    BOOST_TEST(reinforcementDelayTable().lookup(10).result == "delay-3");
    BOOST_TEST(bothReconTable().lookup(2).result == "battle");
    BOOST_TEST(skirmishAgainstDeployedTable().lookup(4).result == "battle");
    BOOST_CHECK_THROW(secondaryTerrainTable("desert"), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
