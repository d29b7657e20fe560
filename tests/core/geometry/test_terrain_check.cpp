// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../geometry/terrain_check.hpp: repair (real Corine polygon too) and the topology rules.
#include "sandtable/core/geometry/terrain_check.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "support/json_reading.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>

using namespace sandtable::core;
namespace geo = sandtable::core::geometry;

namespace {

TerrainFeature feature(const std::string& id, const std::string& cls, const std::string& wkt,
    Attributes attributes = {})
{
    return TerrainFeature{FeatureId(id), cls, id, geo::fromWkt(wkt), std::move(attributes)};
}

// A 1000 x 1000 m map (extent 0..1000) with the given terrain.
Scenario mapWith(std::vector<TerrainFeature> terrain)
{
    Scenario s;
    s.settings.id = "topology";
    s.settings.crs = "EPSG:32618";
    s.settings.extent = Extent{0, 0, 1000, 1000};
    s.terrain = std::move(terrain);
    return s;
}

std::vector<validation::Diagnostic> withCode(const validation::Diagnostics& all, const std::string& code)
{
    std::vector<validation::Diagnostic> out;
    for (const auto& d : all)
        if (d.code == code)
            out.push_back(d);
    return out;
}

bool mentions(const validation::Diagnostic& d, const std::string& text) { return d.message.find(text) != std::string::npos; }

// A stream west-east across the whole map and a road south-north across it, crossing at (500, 500).
std::vector<TerrainFeature> crossing()
{
    return {feature("stream-1", "stream", "LINESTRING(0 500, 1000 500)"), feature("road-1", "road", "LINESTRING(500 0, 500 1000)")};
}

} // namespace

BOOST_AUTO_TEST_SUITE(terrain_check)

BOOST_AUTO_TEST_CASE(valid_geometry_is_left_unchanged)
{
    const Geometry square = geo::fromWkt("POLYGON((0 0, 10 0, 10 10, 0 10, 0 0))");
    const auto r = geo::repairGeometry(square);
    BOOST_TEST(!r.changed);
    BOOST_TEST((r.geometry && *r.geometry == square));
    BOOST_TEST(r.areaAfter == 100.0);
}

BOOST_AUTO_TEST_CASE(a_bow_tie_becomes_two_polygons_keeping_both_lobes)
{
    // Two triangles meeting at (5, 5), each 10 x 5 / 2 = 25 m2.
    const Geometry bowTie = Geometry::polygon({{{0, 0}, {10, 10}, {10, 0}, {0, 10}, {0, 0}}});
    BOOST_TEST(!geo::checkValidity(bowTie).valid);
    const auto r = geo::repairGeometry(bowTie);
    BOOST_REQUIRE(r.geometry.has_value());
    BOOST_TEST(r.changed);
    BOOST_TEST((r.geometry->type == GeometryType::MultiPolygon));
    BOOST_TEST(r.geometry->parts.size() == 2u);
    BOOST_TEST(r.areaAfter == 50.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(geo::checkValidity(*r.geometry).valid);
}

BOOST_AUTO_TEST_CASE(a_collapsed_hole_does_not_turn_a_polygon_into_a_collection)
{
    // The hole's ring has no area (all on y = 10): MakeValid leaves a line; repair keeps the polygon only.
    const Geometry g = Geometry::polygon({{{0, 0}, {100, 0}, {100, 100}, {0, 100}, {0, 0}},
        {{10, 10}, {50, 10}, {80, 10}, {10, 10}}});
    BOOST_TEST(!geo::checkValidity(g).valid);
    const auto r = geo::repairGeometry(g);
    BOOST_REQUIRE(r.geometry.has_value());
    BOOST_TEST((r.geometry->type == GeometryType::Polygon));
    BOOST_TEST(r.areaAfter == 10000.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(geo::checkValidity(*r.geometry).valid);
}

BOOST_AUTO_TEST_CASE(holes_stay_holes_when_repaired)
{
    // A 5 x 5 hole sharing two edges with its 10 x 10 shell: 100 - 25 = 75 m2 (an even-odd repair would
    // turn the hole into lines and keep 100).
    const auto corner = geo::repairGeometry(geo::fromWkt("POLYGON((0 0,10 0,10 10,0 10,0 0),(0 0,5 0,5 5,0 5,0 0))"));
    BOOST_REQUIRE(corner.geometry.has_value());
    BOOST_TEST((corner.geometry->type == GeometryType::Polygon));
    BOOST_TEST(corner.areaAfter == 75.0, boost::test_tools::tolerance(1e-12));
    // A hole inside a hole: both are holes of the shell, 100 - 36 = 64 m2 (not an island of 16).
    const auto nested = geo::repairGeometry(
        geo::fromWkt("POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,8 2,8 8,2 8,2 2),(3 3,7 3,7 7,3 7,3 3))"));
    BOOST_REQUIRE(nested.geometry.has_value());
    BOOST_TEST(nested.areaAfter == 64.0, boost::test_tools::tolerance(1e-12));
    // Overlapping members of a multipolygon are united, not cancelled: 10 x 10 and 10 x 10 overlapping
    // by 5 x 10 cover 150 m2.
    const auto overlapping = geo::repairGeometry(
        geo::fromWkt("MULTIPOLYGON(((0 0,10 0,10 10,0 10,0 0)),((5 0,15 0,15 10,5 10,5 0)))"));
    BOOST_REQUIRE(overlapping.geometry.has_value());
    BOOST_TEST((overlapping.geometry->type == GeometryType::MultiPolygon)); // the input's kind is kept
    BOOST_TEST(overlapping.areaAfter == 150.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(geo::checkValidity(*overlapping.geometry).valid);
}

BOOST_AUTO_TEST_CASE(collapsed_features_and_slivers_are_reported_with_id_and_area_not_dropped)
{
    Scenario s = mapWith({feature("woods-1", "woods", "POLYGON((100 100, 200 100, 200 200, 100 200, 100 100))")});
    // All on one line: nothing polygonal is left after repair.
    s.terrain.push_back(TerrainFeature{FeatureId("woods-flat"), "woods", "", Geometry::polygon({{{0, 0}, {10, 0}, {20, 0}, {0, 0}}}), {}});
    // 100 m x 0.1 m: a sliver (mean width 2 x 10 / 200.2 < 0.5 m).
    s.terrain.push_back(feature("marsh-thin", "marsh", "POLYGON((300 300, 400 300, 400 300.1, 300 300.1, 300 300))"));
    const geo::TerrainRepair r = geo::repairTerrain(s);
    BOOST_TEST(r.replacements.empty()); // nothing valid was rewritten, the collapsed one is kept as it was
    const auto collapsed = withCode(r.diagnostics, "terrain.repair.collapsed");
    BOOST_REQUIRE(collapsed.size() == 1u);
    BOOST_TEST((collapsed[0].severity == validation::Severity::Error));
    BOOST_TEST(collapsed[0].path == "/terrain/1/geometry");
    BOOST_TEST(mentions(collapsed[0], "'woods-flat'"));
    BOOST_TEST(mentions(collapsed[0], "area 0.000 m2"));
    const auto slivers = withCode(r.diagnostics, "terrain.repair.sliver");
    BOOST_REQUIRE(slivers.size() == 1u);
    BOOST_TEST(mentions(slivers[0], "'marsh-thin'"));
    BOOST_TEST(mentions(slivers[0], "10.0000"));
}

BOOST_AUTO_TEST_CASE(snapping_to_a_grid_rounds_coordinates_to_whole_metres)
{
    const Geometry g = geo::fromWkt("POLYGON((0.2 0.3, 10.4 -0.2, 9.8 10.1, 0.1 9.7, 0.2 0.3))");
    const auto r = geo::repairGeometry(g, geo::RepairOptions{1.0});
    BOOST_REQUIRE(r.geometry.has_value());
    BOOST_TEST(r.changed);
    BOOST_TEST(r.areaAfter == 100.0, boost::test_tools::tolerance(1e-12)); // snapped to the 10 x 10 square
    BOOST_CHECK_THROW(geo::repairGeometry(g, geo::RepairOptions{0.0}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(repairs_the_real_corine_polygon_within_a_thousandth_of_its_area)
{
    // Read through rdbuf(): GCC 12 -O2 warns falsely (-Wnull-dereference) on a string built from istreambuf_iterators.
    std::ifstream in(sandtable::test::sharedData("vector/CLC2006_2018418_invalid.geojson"), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const auto doc = sandtable::test::parseJson(text.str());
    const auto rings = doc.at("features").at(0).at("geometry").at("coordinates");
    std::vector<std::vector<Coordinate>> model;
    std::size_t vertices = 0;
    for (const auto& ring : rings) {
        std::vector<Coordinate> r;
        for (const auto& c : ring)
            r.push_back({c.at(0).get<double>(), c.at(1).get<double>()});
        vertices += r.size();
        model.push_back(std::move(r));
    }
    BOOST_TEST(vertices == 44051u);
    const Geometry polygon = Geometry::polygon(std::move(model));
    const auto validity = geo::checkValidity(polygon);
    BOOST_TEST(!validity.valid);
    BOOST_REQUIRE(validity.location.has_value()); // data README: near 22.7167 41.7394
    BOOST_TEST(validity.location->x == 22.7167, boost::test_tools::tolerance(1e-4));
    BOOST_TEST(validity.location->y == 41.7394, boost::test_tools::tolerance(1e-5));

    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpuStart = std::clock();
    const auto r = geo::repairGeometry(polygon);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpuSeconds = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    BOOST_REQUIRE(r.geometry.has_value());
    BOOST_TEST(geo::checkValidity(*r.geometry).valid);
    BOOST_TEST(dimension(r.geometry->type) == 2);
    // The valid parts: shells minus holes as digitised (the self-intersection is a point-sized touch).
    const double delta = std::abs(r.areaAfter - r.areaBefore) / r.areaBefore;
    BOOST_TEST(delta < 1e-3);
    BOOST_TEST_MESSAGE("Corine repair: " << seconds << " s wall, " << cpuSeconds << " s CPU, area " << r.areaBefore << " -> " << r.areaAfter
                                         << " deg2, relative change " << delta);
}

BOOST_AUTO_TEST_CASE(a_bridge_must_be_on_water_and_on_a_road)
{
    auto terrain = crossing();
    terrain.push_back(feature("bridge-ok", "bridge", "POINT(500 500.5)"));          // within 1 m of both
    terrain.push_back(feature("bridge-dry", "bridge", "POINT(700 520)"));           // 20 m from the stream, on no road
    terrain.push_back(feature("bridge-no-road", "bridge", "POINT(300 500)"));       // on the stream, 200 m from the road
    const auto found = withCode(geo::checkTopology(mapWith(terrain)), "terrain.topology.bridge");
    BOOST_REQUIRE(found.size() == 2u);
    BOOST_TEST(found[0].path == "/terrain/3/geometry");
    BOOST_TEST((found[0].severity == validation::Severity::Error));
    BOOST_TEST(mentions(found[0], "bridge 'bridge-dry'"));
    BOOST_TEST(mentions(found[0], "stream 'stream-1', is 20.0 m away"));
    BOOST_TEST(mentions(found[0], "road 'road-1', is 200.0 m away"));
    BOOST_TEST(mentions(found[1], "bridge 'bridge-no-road'"));
    BOOST_TEST(!mentions(found[1], "no river or stream"));
    BOOST_TEST(mentions(found[1], "road 'road-1', is 200.0 m away"));
}

BOOST_AUTO_TEST_CASE(a_ford_must_be_on_a_river_or_stream)
{
    auto terrain = crossing();
    terrain.push_back(feature("river-1", "river", "LINESTRING(0 800, 1000 800)"));
    terrain.push_back(feature("ford-ok", "ford", "POINT(200 800)"));
    terrain.push_back(feature("ford-on-road", "ford", "POINT(500 650)")); // on the road, 150 m from water
    const auto found = withCode(geo::checkTopology(mapWith(terrain)), "terrain.topology.ford");
    BOOST_REQUIRE(found.size() == 1u);
    BOOST_TEST((found[0].severity == validation::Severity::Error));
    BOOST_TEST(mentions(found[0], "ford 'ford-on-road'"));
    BOOST_TEST(mentions(found[0], "150.0 m away"));
}

BOOST_AUTO_TEST_CASE(a_watercourse_must_join_another_or_reach_the_map_edge)
{
    std::vector<TerrainFeature> terrain = {
        feature("river-1", "river", "LINESTRING(0 500, 1000 500)"),          // reaches both edges
        feature("stream-joins", "stream", "LINESTRING(300 200, 300 500)"),   // ends on the river
        feature("stream-edge", "stream", "LINESTRING(800 900, 800 1000)"),   // reaches the north edge
        feature("stream-pond", "stream", "LINESTRING(100 100, 200 150)"),    // isolated: warning
        feature("river-lake", "river", "POLYGON((600 100, 700 100, 700 200, 600 200, 600 100))")}; // isolated
    const auto found = withCode(geo::checkTopology(mapWith(terrain)), "terrain.topology.watercourse");
    BOOST_REQUIRE(found.size() == 2u);
    BOOST_TEST((found[0].severity == validation::Severity::Warning));
    BOOST_TEST(mentions(found[0], "stream 'stream-pond'"));
    BOOST_TEST(mentions(found[1], "river 'river-lake'"));
}

BOOST_AUTO_TEST_CASE(a_watercourse_within_the_tolerance_of_the_edge_or_of_another_joins_it)
{
    // The map is 0..1000 m both ways; the tolerance is 1 m.
    std::vector<TerrainFeature> terrain = {
        feature("near-edge", "stream", "LINESTRING(500 200, 999.5 200)"),      // 0.5 m from the east edge
        feature("short-of-edge", "stream", "LINESTRING(500 300, 998.5 300)"),  // 1.5 m short of it: warning
        feature("crosses-edge", "stream", "LINESTRING(500 400, 1010 400)"),    // leaves the map
        feature("near-other", "stream", "LINESTRING(100 600, 100 699.2)"),     // 0.8 m from the next one
        feature("other", "stream", "LINESTRING(50 700, 150 700)"),
        feature("short-of-other", "stream", "LINESTRING(300 600, 300 698.5)"), // 1.5 m from "other-2": warning
        feature("other-2", "stream", "LINESTRING(250 700, 350 700, 350 999.9)")}; // reaches the north edge
    const auto found = withCode(geo::checkTopology(mapWith(terrain)), "terrain.topology.watercourse");
    BOOST_REQUIRE(found.size() == 2u);
    BOOST_TEST(mentions(found[0], "stream 'short-of-edge'"));
    BOOST_TEST(found[0].path == "/terrain/1/geometry");
    BOOST_TEST(mentions(found[1], "stream 'short-of-other'"));
    BOOST_TEST(found[1].path == "/terrain/5/geometry");
}

BOOST_AUTO_TEST_CASE(many_watercourses_are_reported_in_document_order)
{
    // 200 streams (checked on two threads): pairs that touch at a confluence, and every fifth pair apart.
    std::vector<TerrainFeature> terrain;
    std::vector<std::string> expected;
    for (int k = 0; k < 100; ++k) {
        const double x = 10.0 + 9.0 * k;
        const bool apart = k % 5 == 0;
        const std::string a = "a" + std::to_string(k), b = "b" + std::to_string(k);
        terrain.push_back(feature(a, "stream", "LINESTRING(" + std::to_string(x) + " 100, " + std::to_string(x) + " 200)"));
        // b starts where a ends, or 5.8 m from it; neighbouring pairs are 6 m apart.
        const std::string start = apart ? std::to_string(x + 3) + " 205" : std::to_string(x) + " 200";
        terrain.push_back(feature(b, "stream", "LINESTRING(" + start + ", " + std::to_string(x + 3) + " 300)"));
        if (apart)
            expected.insert(expected.end(), {a, b});
    }
    const auto found = withCode(geo::checkTopology(mapWith(terrain)), "terrain.topology.watercourse");
    BOOST_REQUIRE(found.size() == expected.size());
    for (std::size_t i = 0; i < found.size(); ++i)
        BOOST_TEST(mentions(found[i], "stream '" + expected[i] + "'"));
}

BOOST_AUTO_TEST_CASE(a_village_in_a_river_is_an_error)
{
    std::vector<TerrainFeature> terrain = {feature("river-1", "river", "LINESTRING(0 500, 1000 500)"),
        feature("river-2", "river", "POLYGON((0 0, 1000 0, 1000 100, 0 100, 0 0))"),
        feature("village-bank", "village", "POLYGON((100 510, 200 510, 200 600, 100 600, 100 510))"),   // beside it
        feature("village-astride", "village", "POLYGON((400 450, 500 450, 500 550, 400 550, 400 450))"), // across
        feature("village-wet", "village", "POLYGON((600 50, 700 50, 700 150, 600 150, 600 50))")};      // in the polygon
    const auto found = withCode(geo::checkTopology(mapWith(terrain)), "terrain.topology.village_in_river");
    BOOST_REQUIRE(found.size() == 2u);
    BOOST_TEST((found[0].severity == validation::Severity::Error));
    BOOST_TEST(mentions(found[0], "village 'village-astride'"));
    BOOST_TEST(mentions(found[0], "river 'river-1'"));
    BOOST_TEST(mentions(found[1], "village 'village-wet'"));
    BOOST_TEST(mentions(found[1], "river 'river-2'"));
}

BOOST_AUTO_TEST_CASE(a_level_two_hill_must_lie_inside_a_level_one_hill)
{
    std::vector<TerrainFeature> terrain = {
        feature("hill-1", "hill", "POLYGON((100 100, 500 100, 500 500, 100 500, 100 100))", {{"level", 1}}),
        feature("hill-top", "hill", "POLYGON((200 200, 300 200, 300 300, 200 300, 200 200))", {{"level", 2}}),
        // 50 m of its 100 m width beyond the level-1 hill: 5,000 m2 outside.
        feature("hill-overhang", "hill", "POLYGON((450 300, 550 300, 550 400, 450 400, 450 300))", {{"level", 2}}),
        feature("hill-floating", "hill", "POLYGON((700 700, 800 700, 800 800, 700 800, 700 700))", {{"level", 2}})};
    const auto found = withCode(geo::checkTopology(mapWith(terrain)), "terrain.topology.hill_level");
    BOOST_REQUIRE(found.size() == 2u);
    BOOST_TEST((found[0].severity == validation::Severity::Warning));
    BOOST_TEST(mentions(found[0], "hill 'hill-overhang'"));
    BOOST_TEST(mentions(found[0], "5000.0 m2"));
    BOOST_TEST(mentions(found[0], "overlaps hill 'hill-1'"));
    BOOST_TEST(mentions(found[1], "hill 'hill-floating'"));
    BOOST_TEST(mentions(found[1], "overlaps no level 1 hill"));
}

BOOST_AUTO_TEST_CASE(scenario_validation_reports_topology_findings)
{
    auto terrain = crossing();
    terrain.push_back(feature("bridge-dry", "bridge", "POINT(700 520)"));
    const validation::Diagnostics all = validation::validateScenario(mapWith(terrain));
    const auto found = withCode(all, "terrain.topology.bridge");
    BOOST_TEST(found.size() == 1u);
    BOOST_TEST(validation::hasErrors(all));
    BOOST_TEST(withCode(validation::validateScenario(mapWith(crossing())), "terrain.topology.bridge").empty());
}

BOOST_AUTO_TEST_SUITE_END()
