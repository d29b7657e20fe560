// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../geometry/grid_coverage.hpp: hand-computed coverage, GEOS agreement, lines, crossings,
// re-derivation keeping overrides, and grids that do not cover the map.
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/geometry/grid_coverage.hpp"
#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>

using namespace sandtable::core;
namespace tt = boost::test_tools;

namespace {
// 2 x 2 squares of 1000 m with the south-west corner at the origin: A1 = NW, B1 = NE, A2 = SW, B2 = SE.
CampaignGrid twoByTwo()
{
    CampaignGrid g;
    g.squareSize = 1000.0;
    g.origin = {0.0, 0.0};
    g.rows = 2;
    g.columns = 2;
    return g;
}

TerrainFeature feature(const std::string& id, const std::string& cls, const std::string& wkt,
    Attributes attributes = {})
{
    return TerrainFeature{FeatureId(id), cls, "", geometry::fromWkt(wkt), std::move(attributes)};
}

double coverage(const geometry::GridCoverage& c, const std::string& name, const std::string& cls)
{
    const SquareRef q = parseSquareName(twoByTwo(), name);
    for (std::size_t i = 0; i < c.classes.size(); ++i)
        if (c.classes[i] == cls)
            return c.fraction(q, i);
    return 0.0;
}
} // namespace

BOOST_AUTO_TEST_SUITE(grid_coverage)

BOOST_AUTO_TEST_CASE(a_rectangle_cut_by_a_square_edge_counts_in_both_squares)
{
    // 1000 x 500 m straddling x = 1000 in the southern row: 500 x 500 = 250,000 m2 in each of A2 and B2.
    const auto c = geometry::computeGridCoverage(twoByTwo(), {feature("w", "woods", "POLYGON((500 500,1500 500,1500 1000,500 1000,500 500))")});
    BOOST_TEST(coverage(c, "A2", "woods") == 0.25, tt::tolerance(1e-12));
    BOOST_TEST(coverage(c, "B2", "woods") == 0.25, tt::tolerance(1e-12));
    BOOST_TEST(coverage(c, "A1", "woods") == 0.0);
    BOOST_TEST(coverage(c, "B1", "woods") == 0.0);
}

BOOST_AUTO_TEST_CASE(a_triangle_covers_one_square_whole_and_two_by_half)
{
    // x + y <= 2000: all of A2, the half of B2 and of A1 below their diagonal, B1 only at a corner.
    const auto c = geometry::computeGridCoverage(twoByTwo(), {feature("h", "hill", "POLYGON((0 0,2000 0,0 2000,0 0))")});
    BOOST_TEST(coverage(c, "A2", "hill") == 1.0, tt::tolerance(1e-12));
    BOOST_TEST(coverage(c, "B2", "hill") == 0.5, tt::tolerance(1e-12));
    BOOST_TEST(coverage(c, "A1", "hill") == 0.5, tt::tolerance(1e-12));
    BOOST_TEST(std::abs(coverage(c, "B1", "hill")) < 1e-12);
}

BOOST_AUTO_TEST_CASE(holes_subtract_and_uncovered_ground_stays_in_the_denominator)
{
    // The whole grid but a 500 x 500 m hole in A2: A2 = 0.75, the others whole; a 100 x 100 marsh = 0.01.
    const auto c = geometry::computeGridCoverage(twoByTwo(),
        {feature("w", "woods", "POLYGON((0 0,2000 0,2000 2000,0 2000,0 0),(250 250,250 750,750 750,750 250,250 250))"),
            feature("m", "marsh", "POLYGON((1100 1100,1200 1100,1200 1200,1100 1200,1100 1100))")});
    BOOST_TEST(coverage(c, "A2", "woods") == 0.75, tt::tolerance(1e-12));
    BOOST_TEST(coverage(c, "B1", "woods") == 1.0, tt::tolerance(1e-12));
    BOOST_TEST(coverage(c, "B1", "marsh") == 0.01, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(overlapping_features_of_one_class_count_once)
{
    // Two woods in A2 overlapping by 1000 x 250: their union is 1000 x 750 = 0.75 of the square.
    const std::vector<TerrainFeature> terrain{feature("a", "woods", "POLYGON((0 0,1000 0,1000 500,0 500,0 0))"),
        feature("b", "woods", "POLYGON((0 250,1000 250,1000 750,0 750,0 250))")};
    BOOST_TEST(coverage(geometry::computeGridCoverage(twoByTwo(), terrain), "A2", "woods") == 0.75, tt::tolerance(1e-12));
    // Summed as digitised (the fast path for tilings), the overlap counts twice: 0.5 + 0.5.
    geometry::CoverageOptions sum;
    sum.uniteOverlaps = false;
    BOOST_TEST(coverage(geometry::computeGridCoverage(twoByTwo(), terrain, sum), "A2", "woods") == 1.0, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(a_ring_of_edge_sharing_tiles_keeps_its_hole)
{
    // Eight woods cells of 200 x 200 m (a 3 x 3 block from (100, 100) to (700, 700) without its centre,
    // which is marsh): neighbours share edges, so the woods are not united; their union is a shell with a
    // hole. Woods 8 x 40000 = 320000 m2 of A2's 1e6, marsh 40000.
    std::vector<TerrainFeature> terrain;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            const int x = 100 + 200 * i, y = 100 + 200 * j;
            std::ostringstream wkt;
            wkt << "POLYGON((" << x << ' ' << y << ',' << x + 200 << ' ' << y << ',' << x + 200 << ' ' << y + 200 << ',' << x
                << ' ' << y + 200 << ',' << x << ' ' << y << "))";
            terrain.push_back(feature("c" + std::to_string(3 * i + j), i == 1 && j == 1 ? "marsh" : "woods", wkt.str()));
        }
    const auto c = geometry::computeGridCoverage(twoByTwo(), terrain);
    BOOST_TEST(coverage(c, "A2", "woods") == 0.32, tt::tolerance(1e-12));
    BOOST_TEST(coverage(c, "A2", "marsh") == 0.04, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(a_duplicated_feature_counts_once_whichever_way_it_was_digitised)
{
    // The same 500 x 500 wood twice, the second clockwise: 0.25 of A2, not 0.5.
    const std::vector<TerrainFeature> terrain{feature("a", "woods", "POLYGON((0 0,500 0,500 500,0 500,0 0))"),
        feature("b", "woods", "POLYGON((0 0,0 500,500 500,500 0,0 0))")};
    BOOST_TEST(coverage(geometry::computeGridCoverage(twoByTwo(), terrain), "A2", "woods") == 0.25, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(a_feature_inside_another_along_its_edges_counts_once)
{
    // b (500 x 500) lies in a (1000 x 500) and runs along three of its edges, no boundary crossing the
    // other: the union is a, 0.5 of A2 (summed, 0.5 + 0.25 = 0.75).
    const std::vector<TerrainFeature> terrain{feature("a", "woods", "POLYGON((0 0,500 0,1000 0,1000 500,500 500,0 500,0 0))"),
        feature("b", "woods", "POLYGON((0 0,500 0,500 500,0 500,0 0))")};
    BOOST_TEST(coverage(geometry::computeGridCoverage(twoByTwo(), terrain), "A2", "woods") == 0.5, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(tiles_and_an_overlapping_feature_are_united_where_they_overlap)
{
    // Three 500 x 500 tiles of A2 (south-west, south-east, north-west: 750000 m2) and a wood from (250, 250)
    // to (750, 750) over all four quarters: it adds only its north-east quarter, 250 x 250 = 62500 m2.
    // Union 812500 m2 = 0.8125 of A2 (summed, 0.75 + 0.25 = 1.0).
    const std::vector<TerrainFeature> terrain{feature("sw", "woods", "POLYGON((0 0,500 0,500 500,0 500,0 0))"),
        feature("se", "woods", "POLYGON((500 0,1000 0,1000 500,500 500,500 0))"),
        feature("nw", "woods", "POLYGON((0 500,500 500,500 1000,0 1000,0 500))"),
        feature("over", "woods", "POLYGON((250 250,750 250,750 750,250 750,250 250))")};
    BOOST_TEST(coverage(geometry::computeGridCoverage(twoByTwo(), terrain), "A2", "woods") == 0.8125, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(agrees_with_geos_on_a_rotated_grid_to_1e_9)
{
    CampaignGrid g;
    g.squareSize = 700.0;
    g.origin = {310000.0, 4400000.0};
    g.rows = 4;
    g.columns = 5;
    g.rotation = 23.5;
    const std::vector<TerrainFeature> terrain{
        feature("star", "woods",
            "POLYGON((310400 4400300,311300 4400900,312600 4400100,312000 4401200,313100 4402400,311700 4401900,"
            "310900 4402900,310800 4401600,309900 4401000,311000 4401050,310400 4400300))"),
        feature("ring", "hill",
            "POLYGON((311000 4399000,313500 4399500,313000 4402000,311500 4401500,311000 4399000),"
            "(311900 4400000,312800 4400300,312500 4401200,311950 4400900,311900 4400000))")};
    const auto c = geometry::computeGridCoverage(g, terrain);
    double worst = 0.0;
    for (int row = 0; row < g.rows; ++row)
        for (int column = 0; column < g.columns; ++column) {
            const auto k = squareCorners(g, {column, row});
            const std::vector<Coordinate> corners(k.begin(), k.end());
            for (std::size_t i = 0; i < c.classes.size(); ++i) {
                const TerrainFeature& f = c.classes[i] == "woods" ? terrain[0] : terrain[1];
                const double reference = geometry::geosIntersectionArea(f.geometry, corners) / (g.squareSize * g.squareSize);
                worst = std::max(worst, std::abs(c.fraction({column, row}, i) - reference));
            }
        }
    BOOST_TEST(worst < 1e-9);
}

BOOST_AUTO_TEST_CASE(roads_report_the_edges_they_cross_and_their_grade)
{
    // An east-west major road at y = 500 across the southern row and off both sides of the grid; a minor
    // road from the centre of A1 leaving it by the north edge.
    const std::vector<TerrainFeature> terrain{
        feature("pike", "road", "LINESTRING(-100 500,2100 500)", {{"grade", "major"}}),
        feature("lane", "road", "LINESTRING(500 1500,500 2300)"),
        feature("run", "stream", "LINESTRING(1500 0,1500 2000)")};
    const auto squares = geometry::derivePrimaryTerrain(twoByTwo(), terrain);
    BOOST_REQUIRE_EQUAL(squares.size(), 4u);
    const SquareTerrain& a2 = squares[2]; // row-major from the north-west: A1, B1, A2, B2
    BOOST_REQUIRE_EQUAL(a2.lines.size(), 1u);
    BOOST_TEST(a2.lines[0].grade == "major");
    BOOST_TEST((a2.lines[0].edges == std::vector<Edge>{Edge::East, Edge::West}));
    BOOST_TEST(a2.lines[0].length == 1000.0, tt::tolerance(1e-12));
    const SquareTerrain& a1 = squares[0];
    BOOST_REQUIRE_EQUAL(a1.lines.size(), 1u);
    BOOST_TEST(a1.lines[0].grade == "minor"); // roads default to minor (docs/model.md)
    BOOST_TEST((a1.lines[0].edges == std::vector<Edge>{Edge::North}));
    BOOST_TEST(a1.lines[0].length == 500.0, tt::tolerance(1e-12));
    const SquareTerrain& b1 = squares[1];
    BOOST_REQUIRE_EQUAL(b1.lines.size(), 1u);
    BOOST_TEST(b1.lines[0].terrainClass == "stream");
    BOOST_TEST((b1.lines[0].edges == std::vector<Edge>{Edge::North, Edge::South}));
    const SquareTerrain& b2 = squares[3];
    BOOST_TEST(b2.lines.size() == 2u); // the pike and the stream
}

BOOST_AUTO_TEST_CASE(bridges_sit_on_an_edge_or_in_the_middle)
{
    const std::vector<TerrainFeature> terrain{feature("br-edge", "bridge", "POINT(1000 300)"),
        feature("br-mid", "bridge", "POINT(520 1480)"), feature("ford", "ford", "POINT(1500 1940)")};
    const auto squares = geometry::derivePrimaryTerrain(twoByTwo(), terrain);
    // On the line between A2 and B2 the point goes to the east square, on its west edge.
    BOOST_REQUIRE_EQUAL(squares[3].crossings.size(), 1u);
    BOOST_TEST((squares[3].crossings[0].edge == std::optional<Edge>(Edge::West)));
    BOOST_REQUIRE_EQUAL(squares[0].crossings.size(), 1u);
    BOOST_TEST(!squares[0].crossings[0].edge.has_value()); // 28 m from A1's centre: the middle
    BOOST_REQUIRE_EQUAL(squares[1].crossings.size(), 1u);
    BOOST_TEST((squares[1].crossings[0].edge == std::optional<Edge>(Edge::North))); // 60 m from B1's north edge
}

BOOST_AUTO_TEST_CASE(overrides_survive_re_derivation)
{
    Scenario s;
    s.settings.id = "campaign";
    s.settings.extent = Extent{0, 0, 2000, 2000};
    s.terrain = {feature("w", "woods", "POLYGON((0 0,1000 0,1000 1000,0 1000,0 0))")};
    Campaign c;
    c.grid = twoByTwo();
    c.overrides.push_back(CoverOverride{{0, 1}, "woods", Cover::Half, "mostly felled"});
    c.overrides.push_back(CoverOverride{{1, 0}, "town", Cover::Whole, "Cashtown"});
    s.campaign = c;
    Campaign first = geometry::rederiveCampaign(s);
    BOOST_TEST(first.derivedSquare({0, 1})->fraction("woods") == 1.0, tt::tolerance(1e-12));
    BOOST_TEST(std::string(toString(first.cover({0, 1}, "woods"))) == "half"); // the override wins over the derived whole
    BOOST_TEST(std::string(toString(first.cover({1, 0}, "town"))) == "whole");
    // The terrain changes and the grid is derived again: the derived figures follow, the overrides stay.
    s.campaign = first;
    s.terrain.push_back(feature("w2", "woods", "POLYGON((1000 0,2000 0,2000 1000,1000 1000,1000 0))"));
    const Campaign second = geometry::rederiveCampaign(s);
    BOOST_TEST(second.derivedSquare({1, 1})->fraction("woods") == 1.0, tt::tolerance(1e-12));
    BOOST_TEST((second.overrides == c.overrides));
    BOOST_TEST(std::string(toString(second.cover({0, 1}, "woods"))) == "half");
    BOOST_TEST(second.overridden({0, 1}, "woods"));
}

BOOST_AUTO_TEST_CASE(a_grid_that_does_not_cover_the_map_or_has_no_size_is_refused)
{
    Scenario s;
    s.settings.id = "campaign";
    s.settings.extent = Extent{0, 0, 2100, 2000};
    Campaign c;
    c.grid = twoByTwo();
    s.campaign = c;
    try {
        geometry::rederiveCampaign(s);
        BOOST_FAIL("a grid 100 m short of the map's east side was accepted");
    } catch (const util::OperationError& e) {
        BOOST_TEST(std::string(e.what()).find("100 m of the map beyond its east edge") != std::string::npos);
    }
    s.settings.extent = Extent{0, 0, 2000, 2000};
    s.campaign->grid.squareSize = 0.0;
    BOOST_CHECK_THROW(geometry::rederiveCampaign(s), util::OperationError);
    s.campaign->grid.squareSize = -5.0;
    BOOST_CHECK_THROW(geometry::rederiveCampaign(s), util::OperationError);
    s.campaign.reset();
    BOOST_CHECK_THROW(geometry::rederiveCampaign(s), util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
