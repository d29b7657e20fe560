// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../geometry/majority_rule.hpp: footprints, hand-computed fractions, clipper vs GEOS.
#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <random>

using namespace sandtable::core;
namespace geo = sandtable::core::geometry;

namespace {

TerrainFeature feature(const std::string& id, const std::string& cls, const std::string& wkt,
    Attributes attributes = {})
{
    return TerrainFeature{FeatureId(id), cls, id, geo::fromWkt(wkt), std::move(attributes)};
}

// Two classes meeting along the line x = 0 (woods east of it, marsh west), 2 km square.
std::vector<TerrainFeature> splitAtXZero()
{
    return {feature("woods-1", "woods", "POLYGON((0 -1000, 1000 -1000, 1000 1000, 0 1000, 0 -1000))"),
        feature("marsh-1", "marsh", "POLYGON((-1000 -1000, 0 -1000, 0 1000, -1000 1000, -1000 -1000))")};
}

geo::BlockFootprint block(double x, double y, double facing, geo::BlockFormation formation = geo::BlockFormation::Line)
{
    return geo::BlockFootprint{{x, y}, 100.0, 50.0, facing, formation};
}

} // namespace

BOOST_AUTO_TEST_SUITE(majority_rule)

BOOST_AUTO_TEST_CASE(line_frontage_is_perpendicular_to_the_facing)
{
    // Facing north: the 100 m frontage runs west-east, the 50 m depth north-south.
    const auto north = geo::footprintCorners(block(0, 0, 0));
    BOOST_TEST(north[0].x == -50.0);
    BOOST_TEST(north[0].y == -25.0); // rear-left
    BOOST_TEST(north[2].x == 50.0);
    BOOST_TEST(north[2].y == 25.0); // front-right
    // Facing east: frontage north-south, front-right corner to the south-east.
    const auto east = geo::footprintCorners(block(0, 0, 90));
    BOOST_TEST(east[2].x == 25.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(east[2].y == -50.0, boost::test_tools::tolerance(1e-12));
    // In column the length runs along the facing: facing north, 100 m north-south.
    const auto column = geo::footprintCorners(block(0, 0, 0, geo::BlockFormation::Column));
    BOOST_TEST(column[2].x == 25.0);
    BOOST_TEST(column[2].y == 50.0);
    BOOST_CHECK_THROW(geo::footprintCorners(geo::BlockFootprint{{0, 0}, 0.0, 50.0, 0.0}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(footprint_centred_on_a_class_boundary_has_no_majority_at_0_degrees)
{
    const geo::TerrainIndex index(splitAtXZero());
    const auto r = index.majority(block(0, 0, 0));
    BOOST_TEST(r.footprintArea == 5000.0);
    BOOST_TEST(r.fraction("woods") == 0.5);
    BOOST_TEST(r.fraction("marsh") == 0.5);
    BOOST_TEST(r.majority.empty()); // exactly half = no effect
}

BOOST_AUTO_TEST_CASE(shifting_ten_metres_gives_woods_sixty_percent_at_0_degrees)
{
    const geo::TerrainIndex index(splitAtXZero());
    // Frontage x in [-40, 60]: 60 of 100 m in woods.
    const auto r = index.majority(block(10, 0, 0));
    BOOST_TEST(r.fraction("woods") == 0.6, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(r.fraction("marsh") == 0.4, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(r.majority == "woods");
}

BOOST_AUTO_TEST_CASE(at_90_degrees_the_depth_straddles_the_boundary)
{
    const geo::TerrainIndex index(splitAtXZero());
    // Facing east: depth 50 m along x. Centred: 25 / 25; at x = 10: x in [-15, 35] -> 35/50 = 0.7 woods.
    const auto centred = index.majority(block(0, 0, 90));
    BOOST_TEST(centred.fraction("woods") == 0.5, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(centred.majority.empty());
    const auto shifted = index.majority(block(10, 0, 90));
    BOOST_TEST(shifted.fraction("woods") == 0.7, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(shifted.majority == "woods");
    // Shifted west instead: marsh has 0.7.
    BOOST_TEST(index.majority(block(-10, 0, 90)).majority == "marsh");
}

BOOST_AUTO_TEST_CASE(at_45_degrees_against_a_diagonal_boundary)
{
    // Woods south-east of the line y = x, hill north-west of it. Facing 45 degrees (north-east), the
    // frontage runs along the right-hand direction (cos 45, -sin 45), perpendicular to the line y = x.
    const std::vector<TerrainFeature> terrain = {
        feature("woods-1", "woods", "POLYGON((-1000 -1000, 1000 -1000, 1000 1000, -1000 -1000))"),
        feature("hill-1", "hill", "POLYGON((-1000 -1000, 1000 1000, -1000 1000, -1000 -1000))", {{"level", 1}})};
    const geo::TerrainIndex index(terrain);
    const auto centred = index.majority(block(0, 0, 45));
    BOOST_TEST(centred.fraction("woods") == 0.5, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(centred.fraction("hill") == 0.5, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(centred.majority.empty());
    // 10 m along the right-hand direction: 60 of the 100 m frontage south-east of the line.
    const double s = std::sqrt(0.5);
    const auto shifted = index.majority(block(10 * s, -10 * s, 45));
    BOOST_TEST(shifted.fraction("woods") == 0.6, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(shifted.fraction("hill") == 0.4, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(shifted.majority == "woods");
    // In column at 45 degrees the 50 m depth crosses the line: a 10 m shift gives 35/50 = 0.7.
    const auto column = index.majority(block(10 * s, -10 * s, 45, geo::BlockFormation::Column));
    BOOST_TEST(column.fraction("woods") == 0.7, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(uncovered_ground_counts_in_the_denominator)
{
    // Woods cover only x >= 0; a footprint at x in [-50, 50] is half woods, half open ground.
    const geo::TerrainIndex index({feature("woods-1", "woods", "POLYGON((0 -100, 100 -100, 100 100, 0 100, 0 -100))")});
    const auto half = index.majority(block(0, 0, 0));
    BOOST_TEST(half.fraction("woods") == 0.5);
    BOOST_TEST(half.fractions.size() == 1u);
    BOOST_TEST(half.majority.empty());
    // Woods 0 <= x <= 100, footprint x in [-40, 60]: 0.6.
    BOOST_TEST(index.majority(block(10, 0, 0)).majority == "woods");
}

BOOST_AUTO_TEST_CASE(overlapping_features_of_one_class_count_once)
{
    // Two woods overlapping on x in [0, 30]: together they cover x in [-20, 50] = 70 m of the 100 m frontage,
    // not 50 + 50 = 100 m.
    const geo::TerrainIndex index({feature("woods-1", "woods", "POLYGON((-20 -100, 30 -100, 30 100, -20 100, -20 -100))"),
        feature("woods-2", "woods", "POLYGON((0 -100, 50 -100, 50 100, 0 100, 0 -100))")});
    BOOST_TEST(index.polygonCount() == 1u);
    const auto r = index.majority(block(0, 0, 0));
    BOOST_TEST(r.fraction("woods") == 0.7, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(r.majority == "woods");
}

BOOST_AUTO_TEST_CASE(edge_sharing_woods_stay_apart_and_a_duplicate_is_united)
{
    // woods-1 (x in [-40, 0]) and woods-2 (x in [0, 30]) share an edge and stay two polygons; woods-3 is
    // woods-2 again, digitised clockwise, and is united with it. Under the 100 x 50 footprint: (40 + 30) x 50
    // = 3500 of 5000 m2 = 0.7 (summed as digitised it would be (40 + 30 + 30) x 50 = 5000, the whole).
    const geo::TerrainIndex index({feature("woods-1", "woods", "POLYGON((-40 -100, 0 -100, 0 100, -40 100, -40 -100))"),
        feature("woods-2", "woods", "POLYGON((0 -100, 30 -100, 30 100, 0 100, 0 -100))"),
        feature("woods-3", "woods", "POLYGON((0 -100, 0 100, 30 100, 30 -100, 0 -100))")});
    BOOST_TEST(index.polygonCount() == 2u);
    const auto r = index.majority(block(0, 0, 0));
    BOOST_TEST(r.fraction("woods") == 0.7, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(r.majority == "woods");
}

BOOST_AUTO_TEST_CASE(woods_on_a_hill_counts_once_per_class)
{
    // A hill under the whole footprint, woods on its eastern 60 m: hill 1.0, woods 0.6; both exceed half,
    // the larger share first. A level-2 hill on the level-1 hill does not double the hill share.
    const geo::TerrainIndex index({feature("hill-1", "hill", "POLYGON((-500 -500, 500 -500, 500 500, -500 500, -500 -500))", {{"level", 1}}),
        feature("hill-2", "hill", "POLYGON((-100 -100, 100 -100, 100 100, -100 100, -100 -100))", {{"level", 2}}),
        feature("woods-1", "woods", "POLYGON((-10 -100, 100 -100, 100 100, -10 100, -10 -100))")});
    const auto r = index.majority(block(0, 0, 0));
    BOOST_TEST(r.fraction("hill") == 1.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(r.fraction("woods") == 0.6, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(r.majority == "hill");
    BOOST_TEST(r.majorities.size() == 2u);
    BOOST_TEST(r.majorities.at(1) == "woods");
}

BOOST_AUTO_TEST_CASE(holes_and_lines_do_not_count_as_cover)
{
    // Woods with a 40 x 200 m clearing at x in [-20, 20]: 100 - 40 = 60 m of the frontage is wooded.
    const geo::TerrainIndex index({feature("woods-1", "woods",
                                       "POLYGON((-500 -500, 500 -500, 500 500, -500 500, -500 -500),"
                                       "(-20 -100, -20 100, 20 100, 20 -100, -20 -100))"),
        feature("road-1", "road", "LINESTRING(-500 0, 500 0)"), feature("ford-1", "ford", "POINT(0 0)")});
    const auto r = index.majority(block(0, 0, 0));
    BOOST_TEST(r.fraction("woods") == 0.6, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(r.fractions.size() == 1u);
}

BOOST_AUTO_TEST_CASE(empty_terrain_gives_no_majority)
{
    const geo::TerrainIndex index(std::vector<TerrainFeature>{});
    const auto r = index.majority(block(0, 0, 30));
    BOOST_TEST(r.fractions.empty());
    BOOST_TEST(r.majority.empty());
    BOOST_TEST(r.footprintArea == 5000.0, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(clipper_matches_geos_intersection_areas_on_concave_holed_polygons)
{
    // A concave holed polygon and a U shape whose arms leave and re-enter the footprint.
    const std::vector<std::string> shapes = {
        "POLYGON((0 0, 300 0, 300 300, 150 120, 0 300, 0 0),(40 40, 80 40, 80 80, 40 80, 40 40))",
        "POLYGON((0 0, 200 0, 200 200, 150 200, 150 50, 50 50, 50 200, 0 200, 0 0))",
        "MULTIPOLYGON(((0 0, 10 0, 10 10, 0 10, 0 0)),((20 20, 90 25, 60 90, 20 20)))",
        // Holes digitised counter-clockwise and the shell clockwise: orientation must not matter.
        "POLYGON((0 0, 0 300, 300 300, 300 0, 0 0),(100 100, 200 100, 200 200, 100 200, 100 100))"};
    std::mt19937 random(20261129);
    std::uniform_real_distribution<double> position(-50.0, 350.0);
    std::uniform_real_distribution<double> angle(0.0, 360.0);
    std::uniform_real_distribution<double> size(5.0, 400.0);
    int compared = 0;
    for (const auto& wkt : shapes) {
        const Geometry g = geo::fromWkt(wkt);
        BOOST_REQUIRE(geo::checkValidity(g).valid);
        for (int i = 0; i < 200; ++i) {
            const auto c = geo::footprintCorners(geo::BlockFootprint{{position(random), position(random)}, size(random),
                size(random), angle(random), i % 2 ? geo::BlockFormation::Column : geo::BlockFormation::Line});
            const std::vector<Coordinate> convex(c.begin(), c.end());
            const double footprintArea = std::abs((c[1].x - c[0].x) * (c[3].y - c[0].y) - (c[1].y - c[0].y) * (c[3].x - c[0].x));
            const double mine = geo::convexIntersectionArea(g, convex);
            const double reference = geo::geosIntersectionArea(g, convex);
            BOOST_TEST(std::abs(mine - reference) <= 1e-9 * std::max(reference, 1e-3 * footprintArea),
                wkt << " footprint " << i << ": clipper " << mine << " GEOS " << reference);
            ++compared;
        }
    }
    BOOST_TEST(compared == 800);
}

BOOST_AUTO_TEST_CASE(index_matches_geos_reference_far_from_the_origin)
{
    // Coordinates of a UTM zone (4.4 million metres north): a 5 x 5 tiling of 200 m squares, classes in a
    // pattern, queried with rotated 1100 x 250 m blocks as in Pub Battles.
    std::vector<TerrainFeature> terrain;
    const char* classes[] = {"woods", "hill", "marsh", "village", "woods"};
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            const double x = 300000 + 200.0 * i;
            const double y = 4400000 + 200.0 * j;
            terrain.push_back(TerrainFeature{FeatureId("t" + std::to_string(i * 5 + j)), classes[(i + 2 * j) % 5], "",
                Geometry::polygon({{{x, y}, {x + 200, y}, {x + 200, y + 200}, {x, y + 200}, {x, y}}}), {}});
        }
    const geo::TerrainIndex index(terrain);
    std::mt19937 random(7);
    std::uniform_real_distribution<double> position(0.0, 1000.0);
    std::uniform_real_distribution<double> angle(0.0, 360.0);
    for (int i = 0; i < 100; ++i) {
        const geo::BlockFootprint b{{300000 + position(random), 4400000 + position(random)}, 1100, 250, angle(random)};
        const auto fast = index.majority(b);
        const auto reference = index.majority(b, geo::AreaMethod::Geos);
        BOOST_TEST(fast.majority == reference.majority);
        BOOST_TEST(fast.fractions.size() == reference.fractions.size());
        for (const auto& [cls, fraction] : reference.fractions)
            BOOST_TEST(std::abs(fast.fraction(cls) - fraction) <= 1e-9, cls << ": " << fast.fraction(cls) << " vs " << fraction);
    }
}

BOOST_AUTO_TEST_CASE(invalid_polygons_are_made_valid_before_indexing)
{
    // A bow tie: two 50 x 50 triangles crossing at (0, 0); made valid they cover 2 x 1250 m2.
    const geo::TerrainIndex index({TerrainFeature{FeatureId("w"), "woods", "",
        Geometry::polygon({{{-50, -25}, {50, 25}, {50, -25}, {-50, 25}, {-50, -25}}}), {}}});
    const auto r = index.majority(block(0, 0, 0));
    BOOST_TEST(r.fraction("woods") == 0.5, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()
