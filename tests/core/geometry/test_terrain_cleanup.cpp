// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../geometry/terrain_cleanup.hpp with hand-worked geometries: polygon clean-up (union,
// holes, small polygons, simplify), snapping, overlap resolution, slivers.
#include "sandtable/core/geometry/terrain_cleanup.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;
namespace geo = sandtable::core::geometry;

namespace {

TerrainFeature feature(const std::string& id, const std::string& cls, const std::string& wkt)
{
    return TerrainFeature{FeatureId(id), cls, id, geo::fromWkt(wkt), Attributes()};
}

Scenario with(std::vector<TerrainFeature> terrain)
{
    Scenario s;
    s.settings.crs = "EPSG:32618";
    s.terrain = std::move(terrain);
    return s;
}

std::size_t count(const validation::Diagnostics& all, const std::string& code)
{
    std::size_t n = 0;
    for (const auto& d : all)
        n += d.code == code ? 1 : 0;
    return n;
}

} // namespace

BOOST_AUTO_TEST_SUITE(terrain_cleanup)

BOOST_AUTO_TEST_CASE(pieces_are_united_holes_and_small_polygons_dropped)
{
    // Two 10 x 10 pixels side by side (one 20 x 10 polygon, 200 m2) with a 2 x 2 hole (4 m2) in the
    // first, plus a lone 3 x 3 pixel (9 m2) far away.
    std::vector<Geometry> pieces = {
        geo::fromWkt("POLYGON((0 0,10 0,10 10,0 10,0 0),(4 4,6 4,6 6,4 6,4 4))"),
        geo::fromWkt("POLYGON((10 0,20 0,20 10,10 10,10 0))"),
        geo::fromWkt("POLYGON((100 100,103 100,103 103,100 103,100 100))"),
    };
    geo::PolygonCleanupOptions keepAll;
    auto all = geo::cleanPolygons(pieces, keepAll);
    BOOST_REQUIRE(all.polygons.size() == 2u);
    BOOST_TEST(geo::area(all.polygons[0]) == 196.0); // 200 - 4, largest first
    BOOST_TEST(geo::area(all.polygons[1]) == 9.0);
    BOOST_TEST(all.droppedPolygons == 0u);

    geo::PolygonCleanupOptions options;
    options.holeArea = 5.0; // fills the 4 m2 hole
    options.minArea = 10.0; // drops the 9 m2 square
    auto cleaned = geo::cleanPolygons(pieces, options);
    BOOST_REQUIRE(cleaned.polygons.size() == 1u);
    BOOST_TEST(geo::area(cleaned.polygons[0]) == 200.0);
    BOOST_TEST((cleaned.polygons[0].type == GeometryType::Polygon));
    BOOST_TEST(cleaned.droppedPolygons == 1u);
    BOOST_TEST(cleaned.droppedArea == 9.0);
    BOOST_TEST(cleaned.droppedHoles == 1u);
    BOOST_TEST(cleaned.droppedHoleArea == 4.0);
}

BOOST_AUTO_TEST_CASE(simplify_removes_staircase_vertices_within_tolerance)
{
    // A 1 m staircase along the diagonal of a 4 x 4 square's upper-left half: simplified with 1.5 m it
    // becomes the triangle (0,0) (4,4) (0,4) of area 8 (the staircase has 4 x 4 / 2 + 4 x 0.5 = 10).
    std::vector<Geometry> pieces = {geo::fromWkt("POLYGON((0 0,1 0,1 1,2 1,2 2,3 2,3 3,4 3,4 4,0 4,0 0))")};
    auto raw = geo::cleanPolygons(pieces);
    BOOST_TEST(geo::area(raw.polygons.at(0)) == 10.0);
    geo::PolygonCleanupOptions options;
    options.simplify = 1.5;
    auto simplified = geo::cleanPolygons(pieces, options);
    BOOST_REQUIRE(simplified.polygons.size() == 1u);
    BOOST_TEST(simplified.polygons[0].vertexCount() < 11u);
    BOOST_TEST(geo::checkValidity(simplified.polygons[0]).valid);
    BOOST_CHECK_THROW(geo::cleanPolygons(pieces, {-1.0, 0.0, 0.0}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(snapping_closes_a_gap_onto_the_earlier_feature)
{
    // Woods [0,100] x [0,100]; a marsh 0.4 m east of it, [100.4, 200] x [0, 100]. Snapped within 1 m the
    // marsh's west vertices move onto x = 100: its area grows from 99.6 x 100 = 9960 to 10000 m2; the woods,
    // first, stay as they are. A field 5 m away is beyond the tolerance and unchanged.
    Scenario s = with({feature("woods-1", "woods", "POLYGON((0 0,100 0,100 100,0 100,0 0))"),
        feature("marsh-1", "marsh", "POLYGON((100.4 0,200 0,200 100,100.4 100,100.4 0))"),
        feature("field-1", "field", "POLYGON((205 0,300 0,300 100,205 100,205 0))")});
    const auto snap = geo::snapTerrain(s, 1.0);
    BOOST_REQUIRE(snap.replacements.size() == 1u);
    BOOST_TEST(snap.replacements[0].first.str() == "marsh-1");
    BOOST_TEST(geo::area(snap.replacements[0].second) == 10000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(count(snap.diagnostics, "terrain.snap.moved") == 1u);
    // Within 0.3 m nothing moves.
    BOOST_TEST(geo::snapTerrain(s, 0.3).replacements.empty());
    BOOST_CHECK_THROW(geo::snapTerrain(s, 0.0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_village_overlapping_a_river_gives_up_the_overlap)
{
    // River polygon x in [0, 50]; village [40, 140] x [0, 100] overlaps it by 10 x 100 = 1000 m2 and keeps
    // [50, 140] x [0, 100] = 9000 m2 (docs/model.md: a village in a river = error; the river wins).
    // Woods overlapping the village are not an exclusive pair: untouched.
    Scenario s = with({feature("river-1", "river", "POLYGON((0 0,50 0,50 100,0 100,0 0))"),
        feature("village-1", "village", "POLYGON((40 0,140 0,140 100,40 100,40 0))"),
        feature("woods-1", "woods", "POLYGON((120 0,200 0,200 100,120 100,120 0))")});
    const auto found = geo::findExclusiveOverlaps(s);
    BOOST_REQUIRE(found.size() == 1u);
    BOOST_TEST(found[0].path == "/terrain/1/geometry");
    BOOST_TEST(found[0].message.find("1000.0 m2") != std::string::npos);
    const auto r = geo::resolveOverlaps(s);
    BOOST_REQUIRE(r.replacements.size() == 1u);
    BOOST_TEST(r.replacements[0].first.str() == "village-1");
    BOOST_TEST(geo::area(r.replacements[0].second) == 9000.0);
    BOOST_TEST(count(r.diagnostics, "terrain.overlap.resolved") == 1u);
    // An extra rule, woods over village, takes the village's [120, 140] strip too: 9000 - 2000 = 7000.
    std::vector<geo::ExclusionRule> rules = geo::defaultExclusionRules();
    rules.push_back({"woods", "village", "test"});
    const auto r2 = geo::resolveOverlaps(s, rules);
    BOOST_REQUIRE(r2.replacements.size() == 1u);
    BOOST_TEST(geo::area(r2.replacements[0].second) == 7000.0);
}

BOOST_AUTO_TEST_CASE(a_village_wholly_in_a_river_is_reported_not_dropped)
{
    Scenario s = with({feature("river-1", "river", "POLYGON((0 0,50 0,50 100,0 100,0 0))"),
        feature("village-1", "village", "POLYGON((10 10,20 10,20 20,10 20,10 10))")});
    const auto r = geo::resolveOverlaps(s);
    BOOST_TEST(r.replacements.empty());
    BOOST_REQUIRE(count(r.diagnostics, "terrain.overlap.collapsed") == 1u);
    BOOST_TEST((r.diagnostics[0].severity == validation::Severity::Error));
    BOOST_TEST(r.diagnostics[0].message.find("100.0 m2") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(slivers_are_reported_with_id_and_area)
{
    // A 0.5 x 100 m strip: area 50 m2, perimeter 201 m, mean width 2 x 50 / 201 = 0.4975 m < 1 m -> sliver.
    // A 0.9 x 0.9 m square: area 0.81 m2 < 1 m2 -> sliver. A 10 x 10 square: neither.
    Scenario s = with({feature("woods-1", "woods", "POLYGON((0 0,100 0,100 0.5,0 0.5,0 0))"),
        feature("woods-2", "woods", "POLYGON((200 0,200.9 0,200.9 0.9,200 0.9,200 0))"),
        feature("woods-3", "woods", "POLYGON((300 0,310 0,310 10,300 10,300 0))"),
        feature("stream-1", "stream", "LINESTRING(0 50,100 50)")});
    const auto slivers = geo::findSlivers(s);
    BOOST_REQUIRE(slivers.size() == 2u);
    BOOST_TEST(slivers[0].path == "/terrain/0/geometry");
    BOOST_TEST(slivers[0].message.find("'woods-1'") != std::string::npos);
    BOOST_TEST(slivers[0].message.find("50.000 m2") != std::string::npos);
    BOOST_TEST(slivers[0].message.find("0.498 m") != std::string::npos);
    BOOST_TEST(slivers[1].message.find("0.810 m2") != std::string::npos);
    // Thresholds are options: with width 0.4 m and area 0.5 m2 none is a sliver.
    BOOST_TEST(geo::findSlivers(s, {0.5, 0.4}).empty());
}

BOOST_AUTO_TEST_SUITE_END()
