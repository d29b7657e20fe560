// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../model/residual_ranking.hpp: the worst-first order and the residual arrow's head.
#include "sandtable/core/model/residual_ranking.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace core = sandtable::core;

namespace {
struct Row {
    int id = 0;
    bool enabled = true;
    double residualMap = 0.0;
    std::string tag;
};
} // namespace

BOOST_AUTO_TEST_SUITE(core_residual_ranking)

BOOST_AUTO_TEST_CASE(enabled_gcps_come_first_by_residual_then_disabled_ones_ties_by_id)
{
    const std::vector<Row> rows{{4, true, 12.0, ""}, {2, false, 900.0, ""}, {3, true, 340.5, ""}, {1, true, 12.0, ""},
        {5, false, 3.0, ""}, {6, true, 0.0, ""}, {7, false, 900.0, ""}};
    std::vector<int> ids;
    for (const Row& r : core::worstFirst(rows))
        ids.push_back(r.id);
    // Enabled: 340.5 (3), 12 (1 before 4 by id), 0 (6); disabled: 900 (2 before 7), 3 (5).
    const std::vector<int> expected{3, 1, 4, 6, 2, 7, 5};
    BOOST_TEST(ids == expected, boost::test_tools::per_element());
    BOOST_TEST(core::listedBefore(true, 1.0, 9, false, 1000.0, 1));
    BOOST_TEST(!core::listedBefore(false, 1000.0, 1, true, 1.0, 9));
    BOOST_TEST(!core::listedBefore(true, 5.0, 2, true, 5.0, 2)); // a strict order: not before itself
}

BOOST_AUTO_TEST_CASE(rows_equal_in_every_key_keep_their_order)
{
    const std::vector<Row> rows{{1, true, 5.0, "first"}, {1, true, 5.0, "second"}};
    const auto sorted = core::worstFirst(rows);
    BOOST_TEST(sorted[0].tag == "first");
    BOOST_TEST(sorted[1].tag == "second");
}

BOOST_AUTO_TEST_CASE(the_arrow_head_is_the_back_point_pushed_out_by_the_factor)
{
    // From (100, 200) towards (103, 196): 10 times is (130, 160); 1 time is the back point itself.
    const core::Coordinate ten = core::residualArrowHead(100, 200, 103, 196, 10.0);
    BOOST_TEST(ten.x == 130.0);
    BOOST_TEST(ten.y == 160.0);
    const core::Coordinate one = core::residualArrowHead(100, 200, 103, 196, 1.0);
    BOOST_TEST(one.x == 103.0);
    BOOST_TEST(one.y == 196.0);
}

BOOST_AUTO_TEST_SUITE_END()
