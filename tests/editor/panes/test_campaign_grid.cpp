// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../panes/campaign_grid.hpp: overlay squares, the grids the panel proposes, the
// origin drag as one undo step, the square inspector.
#include "sandtable/editor/logic/panes/campaign_grid.hpp"

#include "sandtable/core/document/campaign_operations.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <stdexcept>

using namespace sandtable::editor::panes;
namespace core = sandtable::core;
namespace tt = boost::test_tools;

namespace {

core::CampaignGrid grid3x2()
{
    core::CampaignGrid g;
    g.squareSize = 100.0;
    g.origin = {1000.0, 2000.0};
    g.rows = 2;
    g.columns = 3;
    return g;
}

} // namespace

BOOST_AUTO_TEST_SUITE(panes_campaign_grid)

BOOST_AUTO_TEST_CASE(overlay_squares_run_row_major_from_the_north_west_with_their_names)
{
    const auto shapes = gridOverlayShapes(grid3x2());
    BOOST_REQUIRE(shapes.size() == 6u);
    // A1 is the north-west square: x 1000..1100, y 2100..2200 (the grid's origin is its south-west corner).
    BOOST_TEST(shapes[0].name == "A1");
    BOOST_TEST(shapes[0].corners[0].x == 1000.0);
    BOOST_TEST(shapes[0].corners[0].y == 2100.0);
    BOOST_TEST(shapes[0].corners[2].x == 1100.0);
    BOOST_TEST(shapes[0].corners[2].y == 2200.0);
    BOOST_TEST(shapes[0].centre.x == 1050.0);
    BOOST_TEST(shapes[0].centre.y == 2150.0);
    // C2: third column, second row = the south-east square, x 1200..1300, y 2000..2100.
    BOOST_TEST(shapes[5].name == "C2");
    BOOST_TEST(shapes[5].centre.x == 1250.0);
    BOOST_TEST(shapes[5].centre.y == 2050.0);
}

BOOST_AUTO_TEST_CASE(a_rotated_grid_turns_its_squares_clockwise_about_the_origin)
{
    core::CampaignGrid g = grid3x2();
    g.rotation = 90.0;
    const auto shapes = gridOverlayShapes(g);
    // Turned 90 degrees clockwise about (1000, 2000), an offset (dx, dy) becomes (dy, -dx): A1's centre at
    // offset (50, 150) goes to offset (150, -50).
    BOOST_TEST(shapes[0].centre.x == 1150.0, tt::tolerance(1e-9));
    BOOST_TEST(shapes[0].centre.y == 1950.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(a_grid_laid_over_the_extent_covers_it_with_whole_squares)
{
    core::Scenario s = sandtable::test::smallScenario(); // extent 1000 x 1000 m
    const core::CampaignGrid g = gridCoveringExtent(s, 300.0);
    BOOST_TEST(g.columns == 4); // 1000 / 300 = 3.33 -> 4
    BOOST_TEST(g.rows == 4);
    BOOST_TEST(g.origin.x == 300000.0);
    BOOST_TEST(g.origin.y == 4400000.0);
    BOOST_TEST(gridCoveringExtent(s, 250.0).columns == 4); // exactly 4
    BOOST_CHECK_THROW(gridCoveringExtent(s, 0.0), std::invalid_argument);
    s.settings.extent.reset();
    BOOST_CHECK_THROW(gridCoveringExtent(s, 100.0), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(the_origin_drag_is_one_undo_step_through_the_core_grid_operation)
{
    // The panel's edits are core::document::operations (tested in tests/core/document/test_campaign_operations.cpp);
    // here the panel's own part: withOrigin moves the grid, and one drag's edits merge into one step.
    core::Scenario s = sandtable::test::smallScenario();
    s.settings.extent.reset(); // grid3x2 lies far from the small map; no coverage warning wanted here
    core::document::Document doc(s);
    core::validation::Diagnostics findings;
    doc.apply(core::document::operations::setCampaignGrid(doc.scenario(), grid3x2(), findings, "Lay grid"));
    core::Campaign derived = *doc.scenario().campaign;
    derived.derived.push_back(core::SquareTerrain{{2, 1}, {{"woods", 0.5}}, {}, {}});
    doc.apply(core::document::Edit{"Derive", {core::document::CampaignChange{doc.scenario().campaign, derived}}, {}});
    doc.apply(core::document::operations::setCoverOverride(doc.scenario(), {2, 1}, "woods", core::Cover::Whole));
    for (double x : {1010.0, 1020.0})
        doc.apply(core::document::operations::setCampaignGrid(doc.scenario(), withOrigin(doc.scenario().campaign->grid, {x, 2000.0}),
            findings, "Move grid origin", "grid-origin-1"));
    BOOST_TEST(findings.empty());
    BOOST_TEST(doc.scenario().campaign->grid.origin.x == 1020.0);
    BOOST_TEST(doc.scenario().campaign->grid.origin.y == 2000.0);
    BOOST_TEST(doc.scenario().campaign->derived.empty()); // the squares moved: the derivation no longer fits
    BOOST_TEST(doc.scenario().campaign->overrides.size() == 1u);
    BOOST_TEST(doc.undoDepth() == 4u); // lay, derive, override, one drag
    doc.undo();
    BOOST_TEST(doc.scenario().campaign->grid.origin.x == 1000.0);
    BOOST_TEST(doc.scenario().campaign->derived.size() == 1u);
}

BOOST_AUTO_TEST_CASE(the_inspector_shows_fractions_covers_overrides_primary_and_the_roll)
{
    core::Campaign c;
    c.grid = grid3x2();
    c.derived.push_back(core::SquareTerrain{{1, 0}, {{"fields", 0.30}, {"woods", 0.80}}, {}, {}});
    core::SecondaryTerrain rolled;
    rolled.seed = 7;
    rolled.region = "valley";
    rolled.rolls.push_back(core::SecondaryRoll{{1, 0}, 4, "woods", {5}, "stone walls", std::nullopt, std::nullopt, std::nullopt});
    c.secondary = rolled;

    // Thresholds 0.75 / 0.25: woods 0.80 whole, fields 0.30 half; woods is the primary terrain.
    SquareInspection b1 = inspectSquare(c, {1, 0});
    BOOST_TEST(b1.name == "B1");
    BOOST_TEST(b1.derived);
    BOOST_REQUIRE(b1.classes.size() == 2u);
    BOOST_TEST(b1.classes[0].terrainClass == "fields");
    BOOST_TEST((b1.classes[0].cover == core::Cover::Half));
    BOOST_TEST((b1.classes[1].cover == core::Cover::Whole));
    BOOST_TEST(b1.primary == "woods");
    BOOST_REQUIRE(b1.roll);
    BOOST_TEST(b1.roll->d10 == 4);

    // An override of woods to none hands the square to the fields; an overridden class not derived is listed.
    c.overrides.push_back(core::CoverOverride{{1, 0}, "woods", core::Cover::None, ""});
    c.overrides.push_back(core::CoverOverride{{1, 0}, "town", core::Cover::Half, "the inn"});
    b1 = inspectSquare(c, {1, 0});
    BOOST_REQUIRE(b1.classes.size() == 3u);
    BOOST_TEST(b1.classes[1].terrainClass == "town");
    BOOST_TEST(b1.classes[1].fraction == 0.0);
    BOOST_TEST(b1.classes[1].overridden);
    BOOST_TEST(b1.classes[2].overridden);
    BOOST_TEST(b1.primary == "fields"); // both half: fields has the larger fraction (0.30 > 0)

    const SquareInspection a2 = inspectSquare(c, {0, 1});
    BOOST_TEST(!a2.derived);
    BOOST_TEST(a2.primary == "open");
    BOOST_TEST(!a2.roll);
    BOOST_CHECK_THROW(inspectSquare(c, {3, 0}), core::util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
