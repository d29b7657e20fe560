// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../panes/sheet_plan.hpp: sheet rectangles, labels and shared strips.
#include "sandtable/editor/logic/panes/sheet_plan.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor::panes;
namespace core = sandtable::core;

BOOST_AUTO_TEST_SUITE(panes_sheet_plan)

BOOST_AUTO_TEST_CASE(sheets_are_numbered_in_reading_order_and_neighbours_share_their_overlap)
{
    // 2 x 2 sheets over 0..2000 x 0..1800 m, 200 m of ground repeated across each join; given out of order.
    const std::vector<SheetWindow> sheets{
        {1, 1, core::Extent{900, 0, 2000, 1000}},
        {0, 0, core::Extent{0, 800, 1100, 1800}},
        {1, 0, core::Extent{0, 0, 1100, 1000}},
        {0, 1, core::Extent{900, 800, 2000, 1800}},
    };
    const SheetPlanOverlay plan = sheetPlanOverlay(sheets);
    BOOST_REQUIRE(plan.sheets.size() == 4u);
    BOOST_TEST(plan.sheets[0].label == "1  r1 c1");
    BOOST_TEST(plan.sheets[1].label == "2  r1 c2");
    BOOST_TEST(plan.sheets[3].label == "4  r2 c2");
    BOOST_TEST(plan.sheets[0].labelAt.x == 550.0);
    BOOST_TEST(plan.sheets[0].labelAt.y == 1300.0);
    // Four edge joins (diagonal sheets share only the corner square, not counted).
    BOOST_REQUIRE(plan.overlaps.size() == 4u);
    BOOST_TEST((plan.overlaps[0] == core::Extent{900, 800, 1100, 1800}));  // r1c1 | r1c2
    BOOST_TEST((plan.overlaps[1] == core::Extent{0, 800, 1100, 1000}));    // r1c1 / r2c1
    BOOST_TEST((plan.overlaps[2] == core::Extent{900, 800, 2000, 1000}));  // r1c2 / r2c2
    BOOST_TEST((plan.overlaps[3] == core::Extent{900, 0, 1100, 1000}));    // r2c1 | r2c2
}

BOOST_AUTO_TEST_CASE(one_sheet_has_no_overlap_and_butting_sheets_share_nothing)
{
    BOOST_TEST(sheetPlanOverlay({{0, 0, core::Extent{0, 0, 10, 10}}}).overlaps.empty());
    const auto butting = sheetPlanOverlay({{0, 0, core::Extent{0, 0, 10, 10}}, {0, 1, core::Extent{10, 0, 20, 10}}});
    BOOST_TEST(butting.overlaps.empty());
    BOOST_TEST(sheetPlanOverlay({}).sheets.empty());
}

BOOST_AUTO_TEST_SUITE_END()
