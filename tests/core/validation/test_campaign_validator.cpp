// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/src/validation/campaign_validator.cpp: forces and objectives on the grid, march routes to the
// start squares crossing rivers only at bridges or fords (campaign-lite.txt), each rule broken on purpose.
#include "sandtable/core/validation/campaign_validator.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>

using namespace sandtable::core;

namespace {

/// 3 x 2 squares of 1000 m from (0, 0): row 0 (A1 B1 C1) is y 1000..2000, row 1 (A2 B2 C2) y 0..1000.
/// A river runs north-south at x = 1800 (inside column B), a stream at x = 800 (inside column A).
Scenario riverCampaign()
{
    Scenario s;
    s.settings.id = "campaign-test";
    s.settings.crs = "EPSG:32618";
    s.sides = {Side{SideId("blue"), "Blue", "#0000ff"}};
    s.terrain.push_back(TerrainFeature{FeatureId("river-1"), "river", "Big River", Geometry::lineString({{1800, 0}, {1800, 2000}}),
        Attributes()});
    s.terrain.push_back(TerrainFeature{FeatureId("stream-1"), "stream", "Run", Geometry::lineString({{800, 0}, {800, 2000}}),
        Attributes()});
    Campaign c;
    c.grid.squareSize = 1000;
    c.grid.columns = 3;
    c.grid.rows = 2;
    c.objectives.push_back(Objective{"loc", "Supply road", ObjectiveKind::LineOfCommunication, {0, 0}, 1, SideId("blue")});
    s.campaign = c;
    return s;
}

std::vector<validation::Diagnostic> withCode(const Scenario& s, const std::string& code)
{
    validation::Diagnostics all;
    validation::checkCampaign(s, all);
    std::vector<validation::Diagnostic> out;
    std::copy_if(all.begin(), all.end(), std::back_inserter(out), [&](const validation::Diagnostic& d) { return d.code == code; });
    return out;
}

CampaignForce force(const std::string& id, SquareRef square, std::vector<SquareRef> route = {})
{
    CampaignForce f{id, SideId("blue"), id, square, 2, 0, 0, false};
    f.route = std::move(route);
    return f;
}

} // namespace

BOOST_AUTO_TEST_SUITE(campaign_validator)

BOOST_AUTO_TEST_CASE(a_march_across_a_river_needs_a_bridge_or_ford_in_one_of_the_squares)
{
    Scenario s = riverCampaign();
    // A1 -> B1 -> C1: centres (500,1500) -> (1500,1500) crosses only the stream; (1500,1500) -> (2500,1500) the river.
    s.campaign->forces = {force("ewell", {2, 0}, {{0, 0}, {1, 0}})};
    auto found = withCode(s, "campaign.force.river");
    BOOST_REQUIRE(found.size() == 1u);
    BOOST_TEST((found[0].severity == validation::Severity::Error));
    BOOST_TEST(found[0].message.find("'ewell'") != std::string::npos, found[0].message);
    BOOST_TEST(found[0].message.find("between B1 and C1") != std::string::npos, found[0].message);
    BOOST_TEST(found[0].message.find("Big River") != std::string::npos, found[0].message);
    // A ford in B2 is in neither square of the step: still refused.
    s.terrain.push_back(TerrainFeature{FeatureId("ford-1"), "ford", "", Geometry::point({1800, 500}), Attributes()});
    BOOST_TEST(withCode(s, "campaign.force.river").size() == 1u);
    // A bridge on the river in B1: allowed.
    s.terrain.push_back(TerrainFeature{FeatureId("bridge-1"), "bridge", "", Geometry::point({1800, 1500}), Attributes()});
    BOOST_TEST(withCode(s, "campaign.force.river").empty());
    // A ford on the edge between B1 and C1 (x = 2000) counts for the step too.
    s.terrain.pop_back();
    s.terrain.push_back(TerrainFeature{FeatureId("ford-2"), "ford", "", Geometry::point({2000, 1400}), Attributes()});
    BOOST_TEST(withCode(s, "campaign.force.river").empty());
    // Without a route a force is where it starts: nothing to cross.
    s.terrain.pop_back();
    s.campaign->forces = {force("early", {2, 0})};
    BOOST_TEST(withCode(s, "campaign.force.river").empty());
}

BOOST_AUTO_TEST_CASE(route_steps_go_to_squares_sharing_an_edge)
{
    Scenario s = riverCampaign();
    s.campaign->forces = {force("rodes", {2, 0}, {{0, 0}})}; // A1 -> C1 skips B1
    auto found = withCode(s, "campaign.force.route");
    BOOST_REQUIRE(found.size() == 1u);
    BOOST_TEST(found[0].message.find("A1 -> C1") != std::string::npos, found[0].message);
    s.campaign->forces = {force("rodes", {1, 1}, {{0, 0}})}; // A1 -> B2 is diagonal
    BOOST_TEST(withCode(s, "campaign.force.route").size() == 1u);
    s.campaign->forces = {force("rodes", {1, 0}, {{0, 0}})}; // A1 -> B1
    BOOST_TEST(withCode(s, "campaign.force.route").empty());
}

BOOST_AUTO_TEST_CASE(forces_objectives_and_table_squares_must_be_on_the_grid)
{
    Scenario s = riverCampaign();
    s.campaign->forces = {force("lost", {3, 0})};
    s.campaign->objectives.push_back(Objective{"town", "Nowhere", ObjectiveKind::Town, {0, 2}, 3, std::nullopt});
    s.campaign->tableSquares = {{0, 0}, {5, 5}};
    auto f = withCode(s, "campaign.force.off_grid");
    BOOST_REQUIRE(f.size() == 1u);
    BOOST_TEST(f[0].message.find("'lost'") != std::string::npos);
    BOOST_TEST(f[0].path == "/campaign/forces/0/square");
    auto o = withCode(s, "campaign.objective.off_grid");
    BOOST_REQUIRE(o.size() == 1u);
    BOOST_TEST(o[0].message.find("'town'") != std::string::npos);
    BOOST_TEST(o[0].path == "/campaign/objectives/1/square");
    auto t = withCode(s, "campaign.table.off_grid");
    BOOST_REQUIRE(t.size() == 1u);
    BOOST_TEST(t[0].path == "/campaign/table_squares/1");
    // On the grid: none of them.
    s.campaign->forces = {force("found", {2, 1})};
    s.campaign->objectives.back().square = {2, 1};
    s.campaign->tableSquares = {{0, 0}};
    BOOST_TEST(withCode(s, "campaign.force.off_grid").empty());
    BOOST_TEST(withCode(s, "campaign.objective.off_grid").empty());
    BOOST_TEST(withCode(s, "campaign.table.off_grid").empty());
}

BOOST_AUTO_TEST_SUITE_END()
