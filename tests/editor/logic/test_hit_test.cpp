// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../hit_test.hpp: picking features, drawing order, piece markers, selection.
#include "sandtable/editor/logic/hit_test.hpp"

#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>

using namespace sandtable::editor;
namespace core = sandtable::core;
namespace tt = boost::test_tools;

namespace {

core::TerrainFeature feature(const char* id, const char* cls, core::Geometry geometry)
{
    return core::TerrainFeature{core::FeatureId(id), cls, "", std::move(geometry), core::Attributes()};
}

} // namespace

BOOST_AUTO_TEST_SUITE(hit_test)

BOOST_AUTO_TEST_CASE(distance_to_a_segment_uses_the_nearest_point)
{
    BOOST_TEST(distanceToSegment({5.0, 3.0}, {0.0, 0.0}, {10.0, 0.0}) == 3.0);
    BOOST_TEST(distanceToSegment({13.0, 4.0}, {0.0, 0.0}, {10.0, 0.0}) == 5.0); // beyond the end: 3-4-5
    BOOST_TEST(distanceToSegment({3.0, 4.0}, {0.0, 0.0}, {0.0, 0.0}) == 5.0);   // degenerate segment
}

BOOST_AUTO_TEST_CASE(polygon_holes_are_outside)
{
    const std::vector<std::vector<core::Coordinate>> rings{
        {{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}}, {{4, 4}, {6, 4}, {6, 6}, {4, 6}, {4, 4}}};
    BOOST_TEST(insidePolygon({2.0, 2.0}, rings));
    BOOST_TEST(!insidePolygon({5.0, 5.0}, rings));
    BOOST_TEST(!insidePolygon({12.0, 5.0}, rings));
}

BOOST_AUTO_TEST_CASE(picks_the_wood_inside_and_the_stream_near_its_line)
{
    const core::Scenario s = sandtable::test::smallScenario();
    // Woods: 300100..300300 x 4400100..4400200. Stream: y = 4400500 from x 300000 to 300500.
    BOOST_TEST(hitTestFeature(s, {300200, 4400150}, 1.0).value().str() == "woods-1");
    BOOST_TEST(hitTestFeature(s, {300250, 4400504}, 5.0).value().str() == "stream-1");
    BOOST_TEST(!hitTestFeature(s, {300250, 4400506}, 5.0).has_value());
    BOOST_TEST(!hitTestFeature(s, {300800, 4400800}, 5.0).has_value());
    // Just outside the wood's edge, within tolerance of its ring.
    BOOST_TEST(hitTestFeature(s, {300303, 4400150}, 5.0).value().str() == "woods-1");
}

BOOST_AUTO_TEST_CASE(the_feature_drawn_on_top_wins)
{
    core::Scenario s;
    // A road crossing a wood: roads are drawn over woods whatever the document order.
    s.terrain.push_back(feature("road-1", "road", core::Geometry::lineString({{0, 50}, {100, 50}})));
    s.terrain.push_back(feature("woods-1", "woods",
        core::Geometry::polygon({{{0, 0}, {100, 0}, {100, 100}, {0, 100}, {0, 0}}})));
    s.terrain.push_back(feature("woods-2", "woods",
        core::Geometry::polygon({{{50, 0}, {150, 0}, {150, 100}, {50, 100}, {50, 0}}})));
    BOOST_TEST(hitTestFeature(s, {20, 51}, 2.0).value().str() == "road-1");
    // Two woods overlap at x 50..100: the later one is drawn last, so it is on top.
    BOOST_TEST(hitTestFeature(s, {75, 20}, 2.0).value().str() == "woods-2");
    BOOST_TEST(hitTestFeature(s, {25, 20}, 2.0).value().str() == "woods-1");

    const auto order = featuresInDrawingOrder(s);
    BOOST_REQUIRE(order.size() == 3u);
    BOOST_TEST(order[0]->id.str() == "woods-1");
    BOOST_TEST(order[1]->id.str() == "woods-2");
    BOOST_TEST(order[2]->id.str() == "road-1");
}

BOOST_AUTO_TEST_CASE(points_are_hit_within_tolerance)
{
    core::Scenario s;
    s.terrain.push_back(feature("bridge-1", "bridge", core::Geometry::point({100, 100})));
    BOOST_TEST(hitTestFeature(s, {103, 104}, 5.0).has_value());  // 5 m away
    BOOST_TEST(!hitTestFeature(s, {103, 104}, 4.9).has_value());
}

namespace {
/// A scenario whose blocks are 18.75 x 6.25 mm at 1:16,000: 300 m x 100 m of ground.
core::Scenario blocksOf300By100()
{
    core::Scenario s;
    s.settings.scaleDenominator = 16000.0;
    s.settings.blockLengthMm = 18.75;
    s.settings.blockDepthMm = 6.25;
    return s;
}
} // namespace

BOOST_AUTO_TEST_CASE(a_block_facing_east_in_line_has_its_frontage_north_south)
{
    core::Unit unit;
    unit.type = core::UnitType::Infantry;
    const core::Placement placement{{1000.0, 2000.0}, 90.0, false};
    const auto c = unitMarkerCorners(blocksOf300By100(), unit, placement, 1.0);
    // Front-left corner: 50 m east (half depth forward), 150 m north (left of an east-facing block).
    BOOST_TEST(c[0].x == 1050.0, tt::tolerance(1e-9));
    BOOST_TEST(c[0].y == 2150.0, tt::tolerance(1e-9));
    BOOST_TEST(c[1].x == 1050.0, tt::tolerance(1e-9));
    BOOST_TEST(c[1].y == 1850.0, tt::tolerance(1e-9));
    BOOST_TEST(c[2].x == 950.0, tt::tolerance(1e-9));
    BOOST_TEST(c[2].y == 1850.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(a_block_in_route_column_runs_along_its_facing)
{
    core::Unit unit;
    const core::Placement placement{{0.0, 0.0}, 0.0, true}; // facing north, in column
    const auto c = unitMarkerCorners(blocksOf300By100(), unit, placement, 1.0);
    BOOST_TEST(c[0].x == -50.0, tt::tolerance(1e-9));
    BOOST_TEST(c[0].y == 150.0, tt::tolerance(1e-9));
    BOOST_TEST(c[2].x == 50.0, tt::tolerance(1e-9));
    BOOST_TEST(c[2].y == -150.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(markers_keep_a_minimum_size_on_screen_when_zoomed_out)
{
    core::Unit unit;
    const core::Placement placement{{0.0, 0.0}, 0.0, false};
    // At 0.01 px/m a 300 m block would be 3 px; it is drawn 10 px = 1000 m long and 1000/3 m deep.
    const auto c = unitMarkerCorners(blocksOf300By100(), unit, placement, 0.01, UnitMarkerStyle{10.0});
    BOOST_TEST(std::abs(c[1].x - c[0].x) == 1000.0, tt::tolerance(1e-9));
    BOOST_TEST(std::abs(c[1].y - c[2].y) == 1000.0 / 3.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(markers_are_the_pieces_map_print_draws_on_a_syw_table_too)
{
    // A SYW table (1:1, table metres): a regiment's default base is one field (10 cm) by 4 cm; an HQ is a
    // square of 0.8 x 4 = 3.2 cm. At 500 px/m the 10 cm base is 50 px, above the 10 px minimum.
    core::Scenario s;
    s.settings.system = core::GameSystem::SywMiniatures;
    s.settings.scaleDenominator = 1.0;
    core::Unit regiment;
    const core::Placement placement{{1.0, 1.0}, 0.0, false};
    const auto c = unitMarkerCorners(s, regiment, placement, 500.0);
    BOOST_TEST(std::abs(c[1].x - c[0].x) == 0.10, tt::tolerance(1e-9));
    BOOST_TEST(std::abs(c[1].y - c[2].y) == 0.04, tt::tolerance(1e-9));
    core::Unit hq;
    hq.type = core::UnitType::Hq;
    const auto h = unitMarkerCorners(s, hq, placement, 500.0);
    BOOST_TEST(std::abs(h[1].x - h[0].x) == 0.032, tt::tolerance(1e-9));
    BOOST_TEST(std::abs(h[1].y - h[2].y) == 0.032, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(selection_is_dropped_when_its_feature_goes)
{
    core::Scenario s = sandtable::test::smallScenario();
    Selection selection;
    selection.select(core::FeatureId("woods-1"));
    BOOST_TEST(!selection.prune(s));
    BOOST_TEST(!selection.empty());
    s.terrain.erase(s.terrain.begin());
    BOOST_TEST(selection.prune(s));
    BOOST_TEST(selection.empty());
}

BOOST_AUTO_TEST_SUITE_END()
