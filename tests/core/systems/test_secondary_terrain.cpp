// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../rules/secondary_terrain.hpp: reproducible dice, every table entry reached, placement changes.
#include "sandtable/core/systems/campaign_lite/rules.hpp"
#include "sandtable/core/systems/campaign_lite/secondary_terrain.hpp"

#include <boost/test/unit_test.hpp>

#include <set>
#include <string_view>

using namespace sandtable::core;

namespace {
Campaign campaign(int columns, int rows)
{
    Campaign c;
    c.grid.squareSize = 1000.0;
    c.grid.columns = columns;
    c.grid.rows = rows;
    return c;
}
} // namespace

BOOST_AUTO_TEST_SUITE(secondary_terrain)

BOOST_AUTO_TEST_CASE(dice_follow_the_documented_draw)
{
    // std::mt19937_64 with seed 5489 (its default) first gives 14514284786278117030; 14514284786278117030 mod 10
    // = 0 and it is below 2^64 - (2^64 mod 10), so the first d10 is 1 + 0 = 1.
    systems::campaign_lite::CampaignDice dice(5489);
    BOOST_TEST(dice.roll(10) == 1);
    // The standard fixes the 10,000th output of a default-seeded mt19937_64: the engine is the portable one.
    std::mt19937_64 engine;
    engine.discard(9999);
    BOOST_TEST(engine() == 9981545732273789042ULL);
    systems::campaign_lite::CampaignDice many(1);
    for (int i = 0; i < 1000; ++i) {
        const int face = many.roll(6);
        BOOST_TEST_REQUIRE((face >= 1 && face <= 6));
    }
}

BOOST_AUTO_TEST_CASE(the_same_seed_gives_the_same_rolls)
{
    const Campaign c = campaign(6, 4);
    const SecondaryTerrain a = systems::campaign_lite::rollSecondaryTerrain(c, 20261129, "valley");
    const SecondaryTerrain b = systems::campaign_lite::rollSecondaryTerrain(c, 20261129, "valley");
    BOOST_TEST((a == b));
    BOOST_TEST(a.rolls.size() == 24u); // no battle table chosen: every square rolled
    const SecondaryTerrain other = systems::campaign_lite::rollSecondaryTerrain(c, 20261130, "valley");
    BOOST_TEST(!(a == other));
}

BOOST_AUTO_TEST_CASE(every_d10_entry_of_every_region_is_reached_by_some_seed)
{
    const Campaign c = campaign(1, 1);
    for (const auto region : systems::campaign_lite::secondaryRegions()) {
        const systems::campaign_lite::DieTable& table = systems::campaign_lite::secondaryTerrainTable(region);
        std::set<int> faces;
        std::set<std::string> results;
        for (std::uint64_t seed = 0; seed < 500; ++seed) {
            const SecondaryRoll r = systems::campaign_lite::rollSecondaryTerrain(c, seed, region).rolls.at(0);
            faces.insert(r.d10);
            results.insert(r.result);
            BOOST_TEST_REQUIRE(table.lookup(r.d10).result == r.result);
        }
        BOOST_TEST(faces.size() == 10u, region << ": faces reached " << faces.size());
        for (const auto& entry : table.entries)
            BOOST_TEST(results.count(std::string(entry.result)) == 1u, region << ": " << entry.result << " never rolled");
    }
}

BOOST_AUTO_TEST_CASE(walls_fences_and_hedges_follow_the_d6s)
{
    const Campaign c = campaign(1, 1);
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        const SecondaryRoll r = systems::campaign_lite::rollSecondaryTerrain(c, seed, "farming-plain").rolls.at(0);
        if (r.result != "field" && r.result != "orchard") {
            BOOST_TEST_REQUIRE(r.d6.empty());
            continue;
        }
        BOOST_TEST_REQUIRE(!r.d6.empty());
        if (r.d6[0] >= 4) {
            // 4-6: stone walls on all sides, no second die.
            BOOST_TEST_REQUIRE(r.d6.size() == 1u);
            BOOST_TEST_REQUIRE(r.detail.find("Stone walls on all sides") != std::string::npos);
            seen.insert("walls");
        } else {
            // 1-3: a wooden fence on two sides, then a d6 for a hedge (1-3).
            BOOST_TEST_REQUIRE(r.d6.size() == 2u);
            BOOST_TEST_REQUIRE(r.detail.find("wooden fence") != std::string::npos);
            const bool hedge = r.d6[1] <= 3;
            BOOST_TEST_REQUIRE((r.detail.find("a hedge on two sides") != std::string::npos) == hedge);
            seen.insert(hedge ? "fence+hedge" : "fence");
        }
    }
    BOOST_TEST(seen.size() == 3u);
}

BOOST_AUTO_TEST_CASE(placement_changes_for_primary_terrain)
{
    Campaign c = campaign(1, 1);
    c.overrides = {CoverOverride{{0, 0}, "hill", Cover::Whole, ""}, CoverOverride{{0, 0}, "woods", Cover::Half, ""},
        CoverOverride{{0, 0}, "town", Cover::Half, ""}};
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        for (const char* region : {"foothills", "valley"}) {
            const SecondaryRoll r = systems::campaign_lite::rollSecondaryTerrain(c, seed, region).rolls.at(0);
            if (r.result == "hill") {
                BOOST_TEST_REQUIRE(r.detail.find("second level") != std::string::npos);
                seen.insert("hill");
            } else if (r.result == "woods") {
                BOOST_TEST_REQUIRE(r.detail.find("dense") != std::string::npos);
                BOOST_TEST_REQUIRE(r.d6.empty()); // "no fences etc. are rolled for"
                seen.insert("woods");
            } else if (r.result == "village") {
                BOOST_TEST_REQUIRE(r.detail.find("half of the primary town is stone/dense") != std::string::npos);
                seen.insert("village");
            }
        }
    }
    BOOST_TEST(seen.size() == 3u);
}

BOOST_AUTO_TEST_CASE(a_stream_start_flows_to_the_nearest_water_or_stream_start)
{
    Campaign c = campaign(3, 1);
    SquareTerrain water;
    water.square = {2, 0};
    water.lines.push_back(SquareLine{FeatureId("creek"), "stream", "", {Edge::North, Edge::South}, 1000.0});
    c.derived.push_back(water);
    int checked = 0;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        const SecondaryTerrain t = systems::campaign_lite::rollSecondaryTerrain(c, seed, "foothills");
        for (const SecondaryRoll& r : t.rolls) {
            if (r.result != "stream")
                continue;
            // Candidates: the creek's square C1, and the other stream starts; the nearest wins, ties to the west.
            std::optional<int> best;
            for (int column = 0; column < 3; ++column) {
                if (column == r.square.column)
                    continue;
                const bool target = column == 2 || t.rolls[static_cast<std::size_t>(column)].result == "stream";
                if (target && (!best || std::abs(column - r.square.column) < std::abs(*best - r.square.column)))
                    best = column;
            }
            if (!best) {
                BOOST_TEST_REQUIRE(!r.streamTo.has_value()); // the creek's own square with no other start: a table edge
                continue;
            }
            BOOST_TEST_REQUIRE(r.streamTo.has_value());
            BOOST_TEST_REQUIRE(r.streamTo->column == *best);
            ++checked;
        }
    }
    BOOST_TEST(checked > 10);
}

BOOST_AUTO_TEST_CASE(an_inner_stream_with_nowhere_to_go_takes_a_d4_table_edge)
{
    const Campaign c = campaign(3, 3);
    int dice = 0;
    for (std::uint64_t seed = 0; seed < 1500; ++seed) {
        const SecondaryTerrain t = systems::campaign_lite::rollSecondaryTerrain(c, seed, "farming-plain");
        for (const SecondaryRoll& r : t.rolls) {
            if (r.result != "stream" || r.streamTo)
                continue;
            BOOST_TEST_REQUIRE(r.streamEdge.has_value());
            if (r.square == SquareRef{1, 1}) {
                // The centre square touches no table edge: 1 north, 2 east, 3 south, 4 west.
                BOOST_TEST_REQUIRE(r.edgeDie.has_value());
                const Edge expected[] = {Edge::North, Edge::East, Edge::South, Edge::West};
                BOOST_TEST_REQUIRE((*r.streamEdge == expected[*r.edgeDie - 1]));
                ++dice;
            } else {
                BOOST_TEST_REQUIRE(!r.edgeDie.has_value()); // on the table edge already
            }
        }
    }
    BOOST_TEST(dice > 0);
}

BOOST_AUTO_TEST_CASE(only_the_battle_table_is_rolled_when_one_is_chosen)
{
    Campaign c = campaign(6, 4);
    c.tableSquares = {{2, 1}, {3, 1}};
    const SecondaryTerrain t = systems::campaign_lite::rollSecondaryTerrain(c, 7, "foothills");
    BOOST_REQUIRE_EQUAL(t.rolls.size(), 2u);
    BOOST_TEST((t.rolls[0].square == SquareRef{2, 1}));
    BOOST_CHECK_THROW(systems::campaign_lite::rollSecondaryTerrain(c, 7, "tundra"), std::invalid_argument);
    c.tableSquares = {{9, 9}};
    BOOST_CHECK_THROW(systems::campaign_lite::rollSecondaryTerrain(c, 7, "valley"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_roll_is_described_from_its_dice_in_the_given_words)
{
    // campaign-lite.txt, "Fields, woods, and orchards": walls d6 4-6 stone walls on all sides, 1-3 a wooden
    // fence on two sides and then a hedge d6, 1-3 a hedge on two sides. The English record is the phrase itself.
    const auto english = [](const char* phrase) { return phrase; };
    Campaign c = campaign(4, 3);
    SecondaryRoll wood;
    wood.square = {1, 1};
    wood.result = "woods";
    wood.d6 = {5};
    BOOST_TEST(systems::campaign_lite::describeSecondaryRoll(wood, c, english) == "a grid-sized wood; Stone walls on all sides");
    wood.d6 = {2, 6};
    BOOST_TEST(systems::campaign_lite::describeSecondaryRoll(wood, c, english)
        == "a grid-sized wood; A wooden fence on two sides, any road side first; no hedge");
    wood.d6.clear(); // a wood in a primary forest square is dense: no d6 was rolled for it
    BOOST_TEST(systems::campaign_lite::describeSecondaryRoll(wood, c, english) == "dense forest: a wood in a primary forest square (no walls or fences)");
    SecondaryRoll stream;
    stream.square = {1, 1};
    stream.result = "stream";
    stream.streamEdge = Edge::West;
    BOOST_TEST(systems::campaign_lite::describeSecondaryRoll(stream, c, english) == "start of a stream, flowing off the west table edge");
    stream.streamEdge.reset();
    stream.streamTo = SquareRef{3, 0};
    BOOST_TEST(systems::campaign_lite::describeSecondaryRoll(stream, c, english) == "start of a stream, flowing to D1");
    // Each fixed phrase goes through the given words, and only the phrases: the square name stays.
    const auto shouted = [](const char* phrase) -> const char* { return std::string_view(phrase) == ", flowing to {1}" ? " -> {1}" : "SOURCE"; };
    BOOST_TEST(systems::campaign_lite::describeSecondaryRoll(stream, c, shouted) == "SOURCE -> D1");
}

BOOST_AUTO_TEST_SUITE_END()
