// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../tools/placing.hpp and oob_model.hpp: true block size at scale, hit-testing,
// rotation, drags as single undo steps, the OOB tree, moving units between formations, reinforcements.
#include "sandtable/editor/logic/tools/oob_model.hpp"
#include "sandtable/editor/logic/tools/placing.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>

using namespace sandtable::editor::tools;
namespace core = sandtable::core;
namespace tt = boost::test_tools;

namespace {

// 1:16,000 with the default 20 x 10 mm blocks: 320 x 160 m on the ground.
core::Scenario forces()
{
    core::Scenario s;
    s.settings.scaleDenominator = 16000.0;
    s.sides = {core::Side{core::SideId("usa"), "Union", "#1f3a93"}, core::Side{core::SideId("csa"), "Confederate", "#a31f1f"}};
    s.formations = {core::Formation{core::FormationId("i"), core::SideId("usa"), "I Corps", "corps"},
        core::Formation{core::FormationId("xi"), core::SideId("usa"), "XI Corps", "corps"},
        core::Formation{core::FormationId("a"), core::SideId("csa"), "Hill", "corps"}};
    core::Unit hq{core::UnitId("i-hq"), core::FormationId("i"), "Reynolds", core::UnitType::Hq,
        core::UnitQuality::Regular, 0, 5, std::nullopt};
    core::Unit wadsworth{core::UnitId("i-1"), core::FormationId("i"), "Wadsworth", core::UnitType::Infantry,
        core::UnitQuality::Elite, 3500, std::nullopt, core::Placement{{1000, 2000}, 0.0, false}};
    core::Unit guns{core::UnitId("xi-art"), core::FormationId("xi"), "XI Artillery", core::UnitType::Artillery,
        core::UnitQuality::Regular, 26, std::nullopt, std::nullopt};
    core::Unit heth{core::UnitId("a-1"), core::FormationId("a"), "Heth", core::UnitType::Infantry,
        core::UnitQuality::Regular, 7000, std::nullopt, std::nullopt};
    heth.arrival = core::Arrival{2, 1, core::Coordinate{0.4, 1999.6}, std::nullopt};
    guns.arrival = core::Arrival{1, core::kNightTurn, std::nullopt, core::FeatureId("road-2")};
    core::Unit pender{core::UnitId("a-2"), core::FormationId("a"), "Pender", core::UnitType::Infantry,
        core::UnitQuality::Regular, 6000, std::nullopt, std::nullopt};
    pender.arrival = core::Arrival{1, 3, std::nullopt, std::nullopt};
    s.units = {hq, wadsworth, guns, heth, pender};
    return s;
}

core::Placement placementOf(const core::document::Document& doc, const char* id)
{
    return *doc.scenario().findUnit(core::UnitId(id))->placement;
}

} // namespace

BOOST_AUTO_TEST_SUITE(tools_placing)

BOOST_AUTO_TEST_CASE(block_size_on_the_ground_follows_the_scale)
{
    core::ScenarioSettings st;
    st.scaleDenominator = 16000.0;
    const GroundSize line = blockGroundSize(st, false);
    BOOST_TEST(line.length == 320.0, tt::tolerance(1e-12)); // 20 mm x 16 m/mm
    BOOST_TEST(line.depth == 160.0, tt::tolerance(1e-12));
    st.blockLengthMm = 30.0;
    st.blockDepthMm = 15.0;
    st.routeColumnLengthMm = 60.0;
    st.scaleDenominator = 8000.0;
    BOOST_TEST(blockGroundSize(st, false).length == 240.0, tt::tolerance(1e-12));
    BOOST_TEST(blockGroundSize(st, true).length == 480.0, tt::tolerance(1e-12));
    BOOST_TEST(blockGroundSize(st, true).depth == 120.0, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(corners_at_true_size_in_line_facing_north_and_east)
{
    const core::Scenario s = forces();
    const core::Unit& u = *s.findUnit(core::UnitId("i-1"));
    // Facing north: 320 m frontage across x, 160 m deep along y. Rear-left first.
    const auto north = blockCorners(s, u, core::Placement{{1000, 2000}, 0.0, false});
    BOOST_TEST(north[0].x == 840.0, tt::tolerance(1e-9));
    BOOST_TEST(north[0].y == 1920.0, tt::tolerance(1e-9));
    BOOST_TEST(north[2].x == 1160.0, tt::tolerance(1e-9));
    BOOST_TEST(north[2].y == 2080.0, tt::tolerance(1e-9));
    // Facing east: the frontage runs north-south; front-right is the south-east corner.
    const auto east = blockCorners(s, u, core::Placement{{1000, 2000}, 90.0, false});
    BOOST_TEST(east[2].x == 1080.0, tt::tolerance(1e-9));
    BOOST_TEST(east[2].y == 1840.0, tt::tolerance(1e-9));
    BOOST_TEST(east[0].x == 920.0, tt::tolerance(1e-9));
    BOOST_TEST(east[0].y == 2160.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(hit_testing_blocks)
{
    const core::Scenario s = forces();
    BOOST_TEST(hitTestBlock(s, {1150, 2070}, 0.0).value().str() == "i-1");
    BOOST_TEST(!hitTestBlock(s, {1200, 2000}, 10.0).has_value()); // 40 m east of the east edge
    BOOST_TEST(hitTestBlock(s, {1200, 2000}, 50.0).value().str() == "i-1");
}

BOOST_AUTO_TEST_CASE(the_rotation_handle_sits_in_front)
{
    core::Scenario s = forces();
    core::Unit& u = s.units[1];
    const core::Coordinate north = rotationHandle(s, u, 20.0);
    BOOST_TEST(north.x == 1000.0, tt::tolerance(1e-9));
    BOOST_TEST(north.y == 2100.0, tt::tolerance(1e-9)); // 80 m half depth + 20 m
    u.placement->facing = 90.0;
    u.placement->column = true;
    const core::Coordinate east = rotationHandle(s, u, 20.0);
    BOOST_TEST(east.x == 1180.0, tt::tolerance(1e-9)); // 160 m half column length + 20 m
    BOOST_TEST(east.y == 2000.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(facing_is_clockwise_from_north_and_snaps_to_15_degrees)
{
    BOOST_TEST(facingTowards({0, 0}, {1, 1}, false).value() == 45.0, tt::tolerance(1e-12));
    BOOST_TEST(facingTowards({0, 0}, {-1, 0}, false).value() == 270.0, tt::tolerance(1e-12));
    BOOST_TEST(facingTowards({0, 0}, {0, -1}, false).value() == 180.0, tt::tolerance(1e-12));
    BOOST_TEST(facingTowards({0, 0}, {0, 1}, false).value() == 0.0);
    // atan2(1, 0.2) = 78.69 degrees -> 75; atan2(-0.1, 1) = -5.7 -> 354.3 -> 0 (not 360).
    BOOST_TEST(facingTowards({0, 0}, {1, 0.2}, true).value() == 75.0);
    BOOST_TEST(facingTowards({0, 0}, {-0.1, 1}, true).value() == 0.0);
    BOOST_TEST(!facingTowards({3, 3}, {3, 3}, false).has_value());
}

BOOST_AUTO_TEST_CASE(a_move_drag_is_one_undo_step)
{
    core::document::Document doc(forces());
    BlockDrag drag;
    // Pressed 50 m east, 10 m north of the centre: the centre keeps that offset from the cursor.
    BOOST_TEST((drag.press(doc.scenario(), core::UnitId("i-1"), {1050, 2010}, 5.0, 20.0, 1) == BlockDrag::Mode::Move));
    doc.apply(drag.drag(doc.scenario(), {1250, 2210}, false));
    doc.apply(drag.drag(doc.scenario(), {1550, 2510}, false));
    drag.release();
    BOOST_TEST(placementOf(doc, "i-1").position.x == 1500.0);
    BOOST_TEST(placementOf(doc, "i-1").position.y == 2500.0);
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_TEST(doc.undoLabel() == "Move Wadsworth");
    // A second drag is a second step.
    drag.press(doc.scenario(), core::UnitId("i-1"), {1500, 2500}, 5.0, 20.0, 2);
    doc.apply(drag.drag(doc.scenario(), {1600, 2500}, false));
    drag.release();
    BOOST_TEST(doc.undoDepth() == 2u);
    doc.undo();
    doc.undo();
    BOOST_TEST(placementOf(doc, "i-1").position.x == 1000.0);
    BOOST_TEST(placementOf(doc, "i-1").position.y == 2000.0);
}

BOOST_AUTO_TEST_CASE(a_rotate_drag_turns_the_block_towards_the_cursor)
{
    core::document::Document doc(forces());
    BlockDrag drag;
    // The handle 20 m in front of the 160 m deep block facing north: (1000, 2100).
    BOOST_TEST((drag.press(doc.scenario(), core::UnitId("i-1"), {1001, 2099}, 5.0, 20.0, 1) == BlockDrag::Mode::Rotate));
    doc.apply(drag.drag(doc.scenario(), {1100, 2000}, false));
    BOOST_TEST(placementOf(doc, "i-1").facing == 90.0, tt::tolerance(1e-12));
    doc.apply(drag.drag(doc.scenario(), {1100, 2020}, true)); // 78.7 degrees, snapped to 75
    drag.release();
    BOOST_TEST(placementOf(doc, "i-1").facing == 75.0);
    BOOST_TEST(placementOf(doc, "i-1").position.x == 1000.0);
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_TEST(doc.undoLabel() == "Turn Wadsworth");
}

BOOST_AUTO_TEST_CASE(placing_a_reinforcement_clears_its_arrival)
{
    core::document::Document doc(forces());
    doc.apply(placeUnitEdit(doc.scenario(), core::UnitId("a-1"), core::Placement{{500, 500}, -90.0, false}, "Place Heth"));
    const core::Unit& heth = *doc.scenario().findUnit(core::UnitId("a-1"));
    BOOST_TEST(heth.placement->facing == 270.0);
    BOOST_TEST(!heth.arrival.has_value());
    doc.undo();
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("a-1"))->arrival->day == 2);
    BOOST_CHECK_THROW(placeUnitEdit(doc.scenario(), core::UnitId("nope"), {}, "x"), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(toggling_route_column)
{
    core::document::Document doc(forces());
    doc.apply(toggleColumnEdit(doc.scenario(), core::UnitId("i-1")));
    BOOST_TEST(placementOf(doc, "i-1").column);
    BOOST_TEST(doc.undoLabel() == "Route column");
    doc.apply(toggleColumnEdit(doc.scenario(), core::UnitId("i-1")));
    BOOST_TEST(!placementOf(doc, "i-1").column);
    BOOST_TEST(doc.undoLabel() == "Line");
    BOOST_CHECK_THROW(toggleColumnEdit(doc.scenario(), core::UnitId("a-1")), core::util::OperationError); // not placed
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(tools_oob)

BOOST_AUTO_TEST_CASE(the_tree_goes_side_formation_unit)
{
    core::Scenario s = forces();
    s.units.push_back(core::Unit{core::UnitId("lost"), core::FormationId("gone"), "Lost", core::UnitType::Cavalry,
        core::UnitQuality::Militia, 800, std::nullopt, std::nullopt});
    const auto tree = buildOobTree(s);
    BOOST_REQUIRE(tree.size() == 3u);
    BOOST_TEST(tree[0].label == "Union");
    BOOST_REQUIRE(tree[0].children.size() == 2u);
    const OobNode& first = tree[0].children[0];
    BOOST_TEST(first.label == "I Corps [HQ]");
    BOOST_TEST(first.hq);
    BOOST_REQUIRE(first.children.size() == 2u);
    BOOST_TEST(first.children[0].label == "Reynolds - HQ, command 5");
    BOOST_TEST(first.children[1].label == "Wadsworth - infantry, elite, 3500 men");
    BOOST_TEST(first.children[1].placed);
    BOOST_TEST(tree[0].children[1].label == "XI Corps [no HQ]");
    BOOST_TEST(tree[0].children[1].children[0].label == "XI Artillery - artillery, regular, 26 guns");
    BOOST_TEST(tree[2].label == "(unassigned)");
    BOOST_TEST(tree[2].id.empty());
    BOOST_TEST(tree[2].children.at(0).id == "lost");
    BOOST_TEST(buildOobTree(forces()).size() == 2u);
}

BOOST_AUTO_TEST_CASE(nested_formations_show_under_their_parent)
{
    core::Scenario s = forces();
    // A division under I Corps (the first Union formation) with one regiment.
    s.formations.push_back(core::Formation{core::FormationId("i-1"), core::SideId("usa"), "1st Division", "division", "",
        core::FormationId("i")});
    s.units.push_back(core::Unit{core::UnitId("iron"), core::FormationId("i-1"), "Iron", core::UnitType::Infantry,
        core::UnitQuality::Regular, 1800, std::nullopt, std::nullopt});
    const auto tree = buildOobTree(s);
    BOOST_REQUIRE_EQUAL(tree[0].children.size(), 2u); // I Corps and XI Corps: the division is not at the top
    const OobNode& first = tree[0].children[0];
    BOOST_REQUIRE_EQUAL(first.children.size(), 3u);   // two units, then the division
    BOOST_TEST(first.children[2].label == "1st Division [no HQ]");
    BOOST_TEST(first.children[2].children.at(0).id == "iron");
}

BOOST_AUTO_TEST_CASE(moving_a_unit_to_another_formation_is_undoable)
{
    core::document::Document doc(forces());
    doc.apply(moveToFormationEdit(doc.scenario(), core::UnitId("xi-art"), core::FormationId("i")));
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("xi-art"))->formation.str() == "i");
    BOOST_TEST(doc.undoLabel() == "Move XI Artillery to I Corps");
    doc.undo();
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("xi-art"))->formation.str() == "xi");
    BOOST_TEST(moveToFormationEdit(doc.scenario(), core::UnitId("xi-art"), core::FormationId("xi")).empty());
    BOOST_CHECK_THROW(moveToFormationEdit(doc.scenario(), core::UnitId("xi-art"), core::FormationId("zz")),
        core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(reinforcements_by_day_then_turn_night_last)
{
    const auto rows = reinforcementSchedule(forces());
    BOOST_REQUIRE(rows.size() == 3u);
    BOOST_TEST(rows[0].unit.str() == "a-2");
    BOOST_TEST(rows[0].when == "Day 1, turn 3");
    BOOST_TEST(rows[0].entry == "");
    BOOST_TEST(rows[0].side == "Confederate");
    BOOST_TEST(rows[1].unit.str() == "xi-art");
    BOOST_TEST(rows[1].when == "Day 1, night");
    BOOST_TEST(rows[1].entry == "road road-2");
    BOOST_TEST(rows[2].unit.str() == "a-1");
    BOOST_TEST(rows[2].when == "Day 2, turn 1");
    BOOST_TEST(rows[2].entry == "(0, 2000)");
}

BOOST_AUTO_TEST_SUITE_END()
