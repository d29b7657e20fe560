// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../tools/vertex_edit.hpp: handles, move/insert/delete, one drag = one undo step.
#include "sandtable/editor/logic/tools/vertex_edit.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor::tools;
namespace core = sandtable::core;

namespace {

using Ring = std::vector<core::Coordinate>;

core::Geometry square() { return core::Geometry::polygon({{{0, 0}, {100, 0}, {100, 100}, {0, 100}, {0, 0}}}); }

core::Scenario oneSquare()
{
    core::Scenario s;
    s.terrain.push_back(core::TerrainFeature{core::FeatureId("woods-1"), "woods", "", square(),
        core::Attributes()});
    return s;
}

const Ring& ringOf(const core::document::Document& doc)
{
    return doc.scenario().findFeature(core::FeatureId("woods-1"))->geometry.parts.at(0).at(0);
}

} // namespace

BOOST_AUTO_TEST_SUITE(tools_vertex_edit)

BOOST_AUTO_TEST_CASE(a_square_has_four_vertex_and_four_midpoint_handles)
{
    const auto handles = vertexHandles(square());
    BOOST_REQUIRE(handles.size() == 8u);
    BOOST_TEST(!handles[3].midpoint);
    BOOST_TEST(handles[3].position.x == 0.0);
    BOOST_TEST(handles[3].position.y == 100.0);
    // Midpoints of (0,0)-(100,0), ..., and of the closing segment (0,100)-(0,0).
    BOOST_TEST(handles[4].midpoint);
    BOOST_TEST(handles[4].position.x == 50.0);
    BOOST_TEST(handles[4].position.y == 0.0);
    BOOST_TEST(handles[7].position.x == 0.0);
    BOOST_TEST(handles[7].position.y == 50.0);
    BOOST_TEST(handles[7].at.index == 3u);
}

BOOST_AUTO_TEST_CASE(hit_prefers_vertices_then_midpoints)
{
    const auto v = hitHandle(square(), {2, 1}, 5.0);
    BOOST_REQUIRE(v.has_value());
    BOOST_TEST(!v->midpoint);
    BOOST_TEST(v->at.index == 0u);
    const auto m = hitHandle(square(), {51, 2}, 5.0);
    BOOST_REQUIRE(m.has_value());
    BOOST_TEST(m->midpoint);
    BOOST_TEST(m->at.index == 0u);
    BOOST_TEST(!hitHandle(square(), {25, 25}, 5.0).has_value());
}

BOOST_AUTO_TEST_CASE(moving_the_first_vertex_moves_the_closing_one)
{
    const core::Geometry g = moveVertex(square(), {0, 0, 0}, {-10, -20});
    const Ring ring{{-10, -20}, {100, 0}, {100, 100}, {0, 100}, {-10, -20}};
    BOOST_TEST((g.parts[0][0] == ring));
    BOOST_CHECK_THROW(moveVertex(square(), {0, 0, 4}, {0, 0}), std::out_of_range); // the closing coordinate
}

BOOST_AUTO_TEST_CASE(inserting_on_the_closing_segment)
{
    VertexRef inserted;
    const core::Geometry g = insertVertex(square(), {0, 0, 3}, {0, 50}, &inserted);
    const Ring ring{{0, 0}, {100, 0}, {100, 100}, {0, 100}, {0, 50}, {0, 0}};
    BOOST_TEST((g.parts[0][0] == ring));
    BOOST_TEST(inserted.index == 4u);
    // A line has no segment after its last vertex.
    const core::Geometry line = core::Geometry::lineString({{0, 0}, {10, 0}});
    BOOST_CHECK_THROW(insertVertex(line, {0, 0, 1}, {20, 0}), std::out_of_range);
    BOOST_CHECK_THROW(insertVertex(core::Geometry::point({0, 0}), {0, 0, 0}, {1, 1}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(deleting_keeps_the_ring_closed_and_the_minimum)
{
    const auto triangle = deleteVertex(square(), {0, 0, 0});
    BOOST_REQUIRE(triangle.has_value());
    const Ring ring{{100, 0}, {100, 100}, {0, 100}, {100, 0}};
    BOOST_TEST((triangle->parts[0][0] == ring));
    BOOST_TEST(!deleteVertex(*triangle, {0, 0, 1}).has_value()); // a ring keeps 3 distinct vertices
    const core::Geometry line = core::Geometry::lineString({{0, 0}, {10, 0}, {20, 0}});
    const auto shorter = deleteVertex(line, {0, 0, 1});
    BOOST_REQUIRE(shorter.has_value());
    BOOST_TEST(shorter->parts[0][0].size() == 2u);
    BOOST_TEST(!deleteVertex(*shorter, {0, 0, 0}).has_value()); // a line keeps 2
    BOOST_TEST(!deleteVertex(core::Geometry::point({1, 1}), {0, 0, 0}).has_value());
}

BOOST_AUTO_TEST_CASE(dragging_a_midpoint_inserts_a_vertex_in_one_undo_step)
{
    core::document::Document doc(oneSquare());
    VertexDrag drag;
    const auto pressed = drag.press(doc.scenario(), core::FeatureId("woods-1"), {50, 1}, 4.0, 1);
    BOOST_REQUIRE(pressed.has_value());
    doc.apply(*pressed);
    BOOST_TEST(drag.active());
    doc.apply(drag.drag(doc.scenario(), {50, -20}));
    doc.apply(drag.drag(doc.scenario(), {50, -30}));
    BOOST_TEST(drag.release());
    const Ring dragged{{0, 0}, {50, -30}, {100, 0}, {100, 100}, {0, 100}, {0, 0}};
    BOOST_TEST((ringOf(doc) == dragged));
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_TEST(doc.undoLabel() == "Move vertex");

    // A second drag of the same feature is a second step.
    const auto again = drag.press(doc.scenario(), core::FeatureId("woods-1"), {100, 100}, 4.0, 2);
    BOOST_REQUIRE(again.has_value());
    BOOST_TEST(again->empty()); // a vertex handle: nothing changes until the mouse moves
    doc.apply(drag.drag(doc.scenario(), {120, 110}));
    drag.release();
    BOOST_TEST(doc.undoDepth() == 2u);
    doc.undo();
    BOOST_TEST((ringOf(doc) == dragged));
    doc.undo();
    BOOST_TEST((ringOf(doc) == square().parts[0][0]));
}

BOOST_AUTO_TEST_CASE(a_press_off_the_handles_starts_nothing)
{
    core::document::Document doc(oneSquare());
    VertexDrag drag;
    BOOST_TEST(!drag.press(doc.scenario(), core::FeatureId("woods-1"), {50, 50}, 4.0, 1).has_value());
    BOOST_TEST(!drag.active());
    BOOST_TEST(drag.drag(doc.scenario(), {0, 0}).empty());
}

BOOST_AUTO_TEST_CASE(an_invalid_result_is_allowed_and_geos_flags_it)
{
    core::document::Document doc(oneSquare());
    VertexDrag drag;
    doc.apply(*drag.press(doc.scenario(), core::FeatureId("woods-1"), {100, 0}, 4.0, 1));
    // (100, 0) -> (100, 150): the edge from (0, 0) now crosses the north edge y = 100 at x = 66.7.
    doc.apply(drag.drag(doc.scenario(), {100, 150}));
    drag.release();
    const auto& g = doc.scenario().findFeature(core::FeatureId("woods-1"))->geometry;
    BOOST_TEST(g.parts[0][0][1].y == 150.0);
    BOOST_TEST(!core::geometry::checkValidity(g).valid);
}

BOOST_AUTO_TEST_CASE(delete_vertex_edit_removes_the_vertex_under_the_cursor)
{
    core::document::Document doc(oneSquare());
    const auto edit = deleteVertexEdit(doc.scenario(), core::FeatureId("woods-1"), {99, 99}, 3.0);
    BOOST_REQUIRE(edit.has_value());
    doc.apply(*edit);
    const Ring ring{{0, 0}, {100, 0}, {0, 100}, {0, 0}};
    BOOST_TEST((ringOf(doc) == ring));
    BOOST_TEST(doc.undoLabel() == "Delete vertex");
    BOOST_TEST(!deleteVertexEdit(doc.scenario(), core::FeatureId("woods-1"), {0, 0}, 3.0).has_value()); // triangle
    BOOST_TEST(!deleteVertexEdit(doc.scenario(), core::FeatureId("woods-1"), {50, 20}, 3.0).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
