// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../tools/drawing.hpp: snapping, the drawing state machine, the Edits it makes.
#include "sandtable/editor/logic/tools/drawing.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>

using namespace sandtable::editor::tools;
namespace core = sandtable::core;

namespace {

// A 100 m square wood with its south-west corner at the origin, and a road from (200, 0) to (200, 100).
core::Scenario twoFeatures()
{
    core::Scenario s;
    s.terrain.push_back(core::TerrainFeature{core::FeatureId("woods-1"), "woods", "Square wood",
        core::Geometry::polygon({{{0, 0}, {100, 0}, {100, 100}, {0, 100}, {0, 0}}}), core::Attributes()});
    s.terrain.push_back(core::TerrainFeature{core::FeatureId("road-1"), "road", "",
        core::Geometry::lineString({{200, 0}, {200, 100}}), core::Attributes{{"grade", "major"}}});
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(tools_drawing)

BOOST_AUTO_TEST_CASE(a_vertex_within_tolerance_wins_over_a_nearer_edge)
{
    const core::Scenario s = twoFeatures();
    // (103, 2): 3 m from the east edge at (100, 2), sqrt(9 + 4) = 3.6 m from the corner (100, 0).
    const Snap snap = snapToTerrain(s, {103, 2}, 5.0);
    BOOST_TEST((snap.kind == Snap::Kind::Vertex));
    BOOST_TEST(snap.point.x == 100.0);
    BOOST_TEST(snap.point.y == 0.0);
    BOOST_TEST(snap.feature.str() == "woods-1");
}

BOOST_AUTO_TEST_CASE(snaps_to_the_nearest_point_of_an_edge)
{
    const core::Scenario s = twoFeatures();
    const Snap wood = snapToTerrain(s, {103, 50}, 5.0);
    BOOST_TEST((wood.kind == Snap::Kind::Edge));
    BOOST_TEST(wood.point.x == 100.0);
    BOOST_TEST(wood.point.y == 50.0);
    const Snap road = snapToTerrain(s, {196, 40}, 5.0);
    BOOST_TEST((road.kind == Snap::Kind::Edge));
    BOOST_TEST(road.feature.str() == "road-1");
    BOOST_TEST(road.point.x == 200.0);
    BOOST_TEST(road.point.y == 40.0);
}

BOOST_AUTO_TEST_CASE(nothing_within_tolerance_leaves_the_point)
{
    const core::Scenario s = twoFeatures();
    const Snap far = snapToTerrain(s, {110, 50}, 5.0);
    BOOST_TEST((far.kind == Snap::Kind::None));
    BOOST_TEST(far.point.x == 110.0);
    BOOST_TEST(far.point.y == 50.0);
    // Shift (tolerance 0) never snaps, even on a vertex.
    BOOST_TEST((snapToTerrain(s, {100.5, 0}, 0.0).kind == Snap::Kind::None));
    // The feature being edited is left out.
    BOOST_TEST((snapToTerrain(s, {103, 50}, 5.0, core::FeatureId("woods-1")).kind == Snap::Kind::None));
}

BOOST_AUTO_TEST_CASE(snaps_to_the_first_vertex_of_the_polygon_being_drawn)
{
    const core::Scenario s = twoFeatures();
    const Snap snap = snapToTerrain(s, {52, 201}, 5.0, std::nullopt, {{50, 200}, {80, 260}});
    BOOST_TEST((snap.kind == Snap::Kind::Vertex));
    BOOST_TEST(snap.feature.empty());
    BOOST_TEST(snap.point.x == 50.0);
    BOOST_TEST(snap.point.y == 200.0);
}

BOOST_AUTO_TEST_CASE(a_polygon_needs_three_vertices_and_comes_out_closed)
{
    DrawingState d(DrawKind::Polygon);
    BOOST_TEST(d.addVertex({0, 0}));
    BOOST_TEST(d.addVertex({10, 0}));
    BOOST_TEST(!d.addVertex({10, 0})); // the same point twice is one vertex
    BOOST_TEST(!d.canFinish());
    BOOST_TEST(!d.finish().has_value());
    BOOST_TEST(d.vertices().size() == 2u); // a refused finish keeps the vertices
    BOOST_TEST(d.addVertex({10, 10}));
    BOOST_TEST(d.canFinish());
    const auto g = d.finish();
    BOOST_REQUIRE(g.has_value());
    BOOST_TEST((g->type == core::GeometryType::Polygon));
    const std::vector<core::Coordinate> ring{{0, 0}, {10, 0}, {10, 10}, {0, 0}};
    BOOST_TEST((g->parts.at(0).at(0) == ring));
    BOOST_TEST(d.empty());
}

BOOST_AUTO_TEST_CASE(the_second_press_of_a_double_click_is_not_a_vertex)
{
    DrawingState d(DrawKind::Polygon);
    for (core::Coordinate c : {core::Coordinate{0, 0}, {10, 0}, {10, 10}, {10.2, 10.1}})
        d.addVertex(c);
    const auto g = d.finish(0.5);
    BOOST_REQUIRE(g.has_value());
    const std::vector<core::Coordinate> ring{{0, 0}, {10, 0}, {10, 10}, {0, 0}};
    BOOST_TEST((g->parts.at(0).at(0) == ring));
}

BOOST_AUTO_TEST_CASE(clicking_back_on_the_first_vertex_closes_the_ring)
{
    DrawingState d(DrawKind::Polygon);
    for (core::Coordinate c : {core::Coordinate{0, 0}, {10, 0}, {10, 10}, {0.1, 0.0}})
        d.addVertex(c);
    const auto g = d.finish(0.5);
    BOOST_REQUIRE(g.has_value());
    BOOST_TEST(g->parts.at(0).at(0).size() == 4u);
}

BOOST_AUTO_TEST_CASE(backspace_removes_the_last_vertex_and_escape_all)
{
    DrawingState d(DrawKind::Line);
    d.addVertex({0, 0});
    d.addVertex({5, 5});
    d.addVertex({9, 9});
    BOOST_TEST(d.removeLastVertex());
    BOOST_TEST(d.vertices().size() == 2u);
    BOOST_TEST(d.vertices().back().x == 5.0);
    const auto line = d.finish();
    BOOST_REQUIRE(line.has_value());
    BOOST_TEST((line->type == core::GeometryType::LineString));
    BOOST_TEST(line->parts.at(0).at(0).size() == 2u);

    d.addVertex({1, 1});
    d.cancel();
    BOOST_TEST(d.empty());
    BOOST_TEST(!d.removeLastVertex());
}

BOOST_AUTO_TEST_CASE(a_point_takes_the_last_click)
{
    DrawingState d(DrawKind::Point);
    d.addVertex({1, 2});
    d.addVertex({3, 4});
    const auto g = d.finish();
    BOOST_REQUIRE(g.has_value());
    BOOST_TEST((g->type == core::GeometryType::Point));
    BOOST_TEST(g->parts.at(0).at(0).at(0).x == 3.0);
    BOOST_TEST(g->parts.at(0).at(0).at(0).y == 4.0);
}

BOOST_AUTO_TEST_CASE(a_drawn_feature_is_one_undoable_step_with_a_fresh_id)
{
    core::document::Document doc(twoFeatures());
    core::FeatureId id;
    doc.apply(addFeatureEdit(doc.scenario(), "woods",
        core::Geometry::polygon({{{300, 0}, {400, 0}, {400, 50}, {300, 0}}}), &id));
    BOOST_TEST(id.str() == "woods-2"); // woods-1 is taken
    BOOST_TEST(doc.undoLabel() == "Add woods");
    BOOST_TEST(doc.scenario().terrain.size() == 3u);
    BOOST_TEST(doc.scenario().terrain.back().terrainClass == "woods");
    doc.undo();
    BOOST_TEST(doc.scenario().terrain.size() == 2u);
    doc.redo();
    BOOST_TEST(doc.scenario().findFeature(core::FeatureId("woods-2")) != nullptr);
}

BOOST_AUTO_TEST_CASE(setting_the_class_drops_the_old_class_attributes)
{
    core::Scenario s = twoFeatures();
    s.terrain[1].attributes["note"] = "sunken";
    core::document::Document doc(s);
    doc.apply(setClassEdit(doc.scenario(), core::FeatureId("road-1"), "stream"));
    const core::TerrainFeature* f = doc.scenario().findFeature(core::FeatureId("road-1"));
    BOOST_TEST(f->terrainClass == "stream");
    BOOST_TEST(!f->attributes.contains("grade"));
    BOOST_TEST(f->attributes.at("note").asString() == "sunken");
    BOOST_TEST(doc.undoLabel() == "Set class to stream");
    doc.undo();
    BOOST_TEST(doc.scenario().findFeature(core::FeatureId("road-1"))->attributes.at("grade").asString() == "major");
    BOOST_TEST(setClassEdit(doc.scenario(), core::FeatureId("road-1"), "road").empty());
    BOOST_CHECK_THROW(setClassEdit(doc.scenario(), core::FeatureId("nope"), "road"), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(the_palette_lists_canonical_then_custom_classes_with_their_geometry)
{
    core::Scenario s;
    s.customTerrainClasses.push_back({"redoubt", "Redoubt", "polygon", "+1 defence"});
    s.customTerrainClasses.push_back({"ditch", "Ditch", "line", ""});
    const auto entries = paletteClasses(s);
    BOOST_TEST(entries.size() == 17u); // the 15 classes of docs/model.md and 2 custom ones
    BOOST_TEST(entries.front().id == "woods");
    auto find = [&](const std::string& id) {
        return *std::find_if(entries.begin(), entries.end(), [&](const PaletteEntry& e) { return e.id == id; });
    };
    BOOST_TEST((find("bridge").kind == DrawKind::Point));
    BOOST_TEST((find("stream").kind == DrawKind::Line));
    BOOST_TEST((find("village").kind == DrawKind::Polygon));
    BOOST_TEST((find("ditch").kind == DrawKind::Line));
    BOOST_TEST(find("ditch").custom);
    BOOST_TEST(!find("woods").custom);
    BOOST_TEST(entries.back().id == "ditch");
}

BOOST_AUTO_TEST_SUITE_END()
