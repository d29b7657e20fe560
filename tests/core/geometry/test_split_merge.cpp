// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../geometry/split_merge.hpp and the split/merge/repair operations with their undo.
#include "sandtable/core/geometry/split_merge.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;
namespace geo = sandtable::core::geometry;

namespace {

TerrainFeature feature(const std::string& id, const std::string& cls, const std::string& wkt)
{
    return TerrainFeature{FeatureId(id), cls, "Name of " + id, geo::fromWkt(wkt), {{"note", "kept"}}};
}

Scenario scenarioWith(std::vector<TerrainFeature> terrain)
{
    Scenario s;
    s.settings.id = "edits";
    s.settings.crs = "EPSG:32618";
    s.terrain = std::move(terrain);
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(split_merge)

BOOST_AUTO_TEST_CASE(a_blade_cuts_a_holed_polygon_in_two_keeping_the_hole_with_its_piece)
{
    // 300 x 100 with a 20 x 20 hole in the western part; cut at x = 100: 100 x 100 - 400 and 200 x 100.
    const Geometry g = geo::fromWkt("POLYGON((0 0, 300 0, 300 100, 0 100, 0 0),(40 40, 60 40, 60 60, 40 60, 40 40))");
    const auto pieces = geo::splitGeometry(g, geo::fromWkt("LINESTRING(100 -10, 100 110)"));
    BOOST_REQUIRE(pieces.size() == 2u);
    BOOST_TEST(geo::area(pieces[0]) == 20000.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(geo::area(pieces[1]) == 9600.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(pieces[1].parts.front().size() == 2u); // shell + the hole
    BOOST_CHECK_THROW(geo::splitGeometry(g, geo::fromWkt("LINESTRING(400 0, 400 100)")), util::OperationError);
    BOOST_CHECK_THROW(geo::splitGeometry(g, geo::fromWkt("POINT(1 1)")), util::OperationError);
}

BOOST_AUTO_TEST_CASE(a_blade_cuts_a_road_at_the_crossing)
{
    const auto pieces = geo::splitGeometry(geo::fromWkt("LINESTRING(0 0, 100 0)"), geo::fromWkt("LINESTRING(30 -5, 30 5)"));
    BOOST_REQUIRE(pieces.size() == 2u);
    BOOST_TEST(geo::length(pieces[0]) == 70.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(geo::length(pieces[1]) == 30.0, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(uniting_overlapping_polygons_and_touching_lines)
{
    // Two 100 x 100 squares overlapping by 50 x 100: 15,000 m2 in one polygon.
    const Geometry u = geo::uniteGeometries({geo::fromWkt("POLYGON((0 0, 100 0, 100 100, 0 100, 0 0))"),
        geo::fromWkt("POLYGON((50 0, 150 0, 150 100, 50 100, 50 0))")});
    BOOST_TEST((u.type == GeometryType::Polygon));
    BOOST_TEST(geo::area(u) == 15000.0, boost::test_tools::tolerance(1e-12));
    const Geometry line = geo::uniteGeometries({geo::fromWkt("LINESTRING(0 0, 10 0)"), geo::fromWkt("LINESTRING(10 0, 10 10)")});
    BOOST_TEST((line.type == GeometryType::LineString));
    BOOST_TEST(geo::length(line) == 20.0);
    // Apart: a MultiPolygon.
    const Geometry apart = geo::uniteGeometries({geo::fromWkt("POLYGON((0 0, 1 0, 1 1, 0 0))"), geo::fromWkt("POLYGON((5 5, 6 5, 6 6, 5 5))")});
    BOOST_TEST((apart.type == GeometryType::MultiPolygon));
    BOOST_CHECK_THROW(geo::uniteGeometries({geo::fromWkt("POLYGON((0 0, 1 0, 1 1, 0 0))"), geo::fromWkt("LINESTRING(0 0, 1 1)")}),
        util::OperationError);
}

BOOST_AUTO_TEST_CASE(split_is_one_undoable_step_and_the_pieces_keep_class_and_attributes)
{
    document::Document doc(scenarioWith({feature("woods-1", "woods", "POLYGON((0 0, 300 0, 300 100, 0 100, 0 0))"),
        feature("road-1", "road", "LINESTRING(0 200, 300 200)")}));
    const Scenario before = doc.scenario();
    doc.apply(document::operations::splitFeature(doc.scenario(), FeatureId("woods-1"), geo::fromWkt("LINESTRING(100 -10, 100 110)")));
    const Scenario& after = doc.scenario();
    BOOST_REQUIRE(after.terrain.size() == 3u);
    BOOST_TEST(after.terrain[0].id.str() == "woods-1");
    BOOST_TEST(geo::area(after.terrain[0].geometry) == 20000.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(after.terrain[1].id.str() == "woods-1-2");
    BOOST_TEST(after.terrain[1].terrainClass == "woods");
    BOOST_TEST(after.terrain[1].attributes.at("note").asString() == "kept");
    BOOST_TEST(geo::area(after.terrain[1].geometry) == 10000.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(after.terrain[2].id.str() == "road-1");
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_TEST(doc.undoLabel() == "Split woods");
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
    doc.redo();
    BOOST_TEST(doc.scenario().terrain.size() == 3u);
    BOOST_CHECK_THROW(document::operations::splitFeature(before, FeatureId("nope"), geo::fromWkt("LINESTRING(0 0, 1 1)")), util::OperationError);
}

BOOST_AUTO_TEST_CASE(merge_unites_same_class_features_into_the_first_and_undo_restores_order)
{
    document::Document doc(scenarioWith({feature("woods-1", "woods", "POLYGON((0 0, 100 0, 100 100, 0 100, 0 0))"),
        feature("hill-1", "hill", "POLYGON((500 500, 600 500, 600 600, 500 600, 500 500))"),
        feature("woods-2", "woods", "POLYGON((50 0, 150 0, 150 100, 50 100, 50 0))"),
        feature("woods-3", "woods", "POLYGON((150 0, 200 0, 200 100, 150 100, 150 0))")}));
    const Scenario before = doc.scenario();
    doc.apply(document::operations::mergeFeatures(doc.scenario(), {FeatureId("woods-1"), FeatureId("woods-3"), FeatureId("woods-2")}));
    const Scenario& after = doc.scenario();
    BOOST_REQUIRE(after.terrain.size() == 2u);
    BOOST_TEST(after.terrain[0].id.str() == "woods-1");
    // x from 0 to 200, 100 deep.
    BOOST_TEST(geo::area(after.terrain[0].geometry) == 20000.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(after.terrain[1].id.str() == "hill-1");
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
    BOOST_CHECK_THROW(document::operations::mergeFeatures(before, {FeatureId("woods-1"), FeatureId("hill-1")}), util::OperationError);
    BOOST_CHECK_THROW(document::operations::mergeFeatures(before, {FeatureId("woods-1")}), util::OperationError);
    BOOST_CHECK_THROW(document::operations::mergeFeatures(before, {FeatureId("woods-1"), FeatureId("woods-1")}), util::OperationError);
}

BOOST_AUTO_TEST_CASE(repair_is_one_undoable_step_with_findings)
{
    document::Document doc(scenarioWith({feature("woods-ok", "woods", "POLYGON((0 0, 10 0, 10 10, 0 10, 0 0))"),
        TerrainFeature{FeatureId("woods-bow"), "woods", "", Geometry::polygon({{{0, 0}, {10, 10}, {10, 0}, {0, 10}, {0, 0}}}), {}}}));
    const Scenario before = doc.scenario();
    validation::Diagnostics findings;
    doc.apply(document::operations::repairTerrain(doc.scenario(), {}, findings));
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_TEST(geo::checkValidity(doc.scenario().terrain[1].geometry).valid);
    BOOST_TEST((doc.scenario().terrain[0] == before.terrain[0]));
    BOOST_REQUIRE(findings.size() == 1u);
    BOOST_TEST(findings[0].code == "terrain.repair.fixed");
    BOOST_TEST(findings[0].path == "/terrain/1/geometry");
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
    // Nothing to repair: an empty edit.
    validation::Diagnostics none;
    BOOST_TEST(document::operations::repairTerrain(scenarioWith({before.terrain[0]}), {}, none).empty());
}

BOOST_AUTO_TEST_SUITE_END()
