// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../style/label_placement.hpp: the one rule by which names go beside their pieces, on paper
// and on screen. Text is measured as 0.5 x size per character, so every box below is worked out by hand.
#include "sandtable/core/style/label_placement.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core::style;
namespace tt = boost::test_tools;

namespace {
double halfEm(const std::string& text, double size) { return 0.5 * size * static_cast<double>(text.size()); }
const LabelSizes kPaper{{2.2, 2.0, 1.8}, 0.8};
} // namespace

BOOST_AUTO_TEST_SUITE(core_label_placement)

BOOST_AUTO_TEST_CASE(a_lone_name_goes_right_of_its_block_centred_on_it)
{
    // Block 10 x 4 at the origin; "Abcd" at 2.2 is 4.4 wide: x from 10 + 0.8 to 15.2, y centred on 2 +- 1.1.
    const auto placed = placeLabels({{{0, 0, 10, 4}, "Abcd"}}, {-50, -50, 50, 50}, kPaper, halfEm);
    BOOST_REQUIRE_EQUAL(placed.size(), 1u);
    BOOST_TEST(placed[0].box.x0 == 10.8, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.x1 == 15.2, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.y0 == 0.9, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.y1 == 3.1, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].size == 2.2);
    BOOST_TEST(!placed[0].leader);
}

BOOST_AUTO_TEST_CASE(a_name_at_the_frames_right_edge_goes_left_never_cut)
{
    // The frame ends at x = 12: right of the block (to 15.2) would be cut, so the name goes left: x from
    // 0 - 0.8 - 4.4 = -5.2 to -0.8.
    const auto placed = placeLabels({{{0, 0, 10, 4}, "Abcd"}}, {-50, -50, 12, 50}, kPaper, halfEm);
    BOOST_REQUIRE_EQUAL(placed.size(), 1u);
    BOOST_TEST(placed[0].box.x0 == -5.2, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.x1 == -0.8, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(a_name_keeps_clear_of_the_next_block_and_of_names_already_set)
{
    // A second block 1 mm right of the first blocks the first's right place; its left place is free.
    // The second block's own name then goes right of it (x from 11 + 10 + 0.8 = 21.8).
    const auto placed = placeLabels({{{0, 0, 10, 4}, "Abcd"}, {{11, 0, 21, 4}, "Ef"}}, {-50, -50, 50, 50}, kPaper, halfEm);
    BOOST_REQUIRE_EQUAL(placed.size(), 2u);
    BOOST_TEST(placed[0].box.x1 == -0.8, tt::tolerance(1e-12));
    BOOST_TEST(placed[1].box.x0 == 21.8, tt::tolerance(1e-12));
    BOOST_TEST(!placed[0].box.overlaps(placed[1].box));
}

BOOST_AUTO_TEST_CASE(a_crowded_name_shrinks_before_it_overlaps)
{
    // Frame 0..20 x 0..8 around a block 6..14 x 2..6; "Abcdef" is 6.6 wide at 2.2, 6.0 at 2.0, 5.4 at 1.8.
    // Right (14.8 + w) and left (5.2 - w) leave the frame at every size; above (y 2 - 0.8 - size) fits from
    // y >= 0 only when size <= 1.2: none. Below: y from 6.8 to 6.8 + size <= 8 only for size <= 1.2: none.
    // The corners leave the frame too, so nothing fits and the name is left out.
    BOOST_TEST(placeLabels({{{6, 2, 14, 6}, "Abcdef"}}, {0, 0, 20, 8}, kPaper, halfEm).empty());
    // With a frame 10 high, "below" fits at 2.2 (y 6.8 .. 9.0) and is clear: chosen at full size.
    const auto placed = placeLabels({{{6, 2, 14, 6}, "Abcdef"}}, {0, 0, 20, 10}, kPaper, halfEm);
    BOOST_REQUIRE_EQUAL(placed.size(), 1u);
    BOOST_TEST(placed[0].box.y0 == 6.8, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].size == 2.2);
    // A block over that place: every place inside the frame is taken at every size, and the farther rings
    // (at 1.8, 0.8 + 1.6 x 1.8 = 3.68 and 6.56 away) all leave the frame: the name is left out, never set over
    // the other block (issue 43 item 4).
    BOOST_TEST(placeLabels({{{6, 2, 14, 6}, "Abcdef"}, {{0, 6.5, 20, 10}, ""}}, {0, 0, 20, 10}, kPaper, halfEm).empty());
}

BOOST_AUTO_TEST_CASE(a_name_keeps_clear_of_other_texts_on_the_sheet)
{
    // A sector name already set right of the block (10..20 x 0..4): the name goes left, x -5.2 .. -0.8.
    const auto placed = placeLabels({{{0, 0, 10, 4}, "Abcd"}}, {-50, -50, 50, 50}, kPaper, halfEm, {{10, 0, 20, 4}});
    BOOST_REQUIRE_EQUAL(placed.size(), 1u);
    BOOST_TEST(placed[0].box.x0 == -5.2, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.x1 == -0.8, tt::tolerance(1e-12));
    BOOST_TEST(!placed[0].leader);
}

BOOST_AUTO_TEST_CASE(a_name_with_no_room_beside_its_block_goes_farther_out_with_a_leader)
{
    // Texts all round the block (-6..16 x -3..7) take every place beside it at 2.2, 2.0 and 1.8. The first
    // ring out, at 1.8 and 0.8 + 1.6 x 1.8 = 3.68 from the block: right (x from 13.68) and left (to -3.68) still
    // meet them; above, y from -3.68 - 1.8 = -5.48 to -3.68, is clear of them (they start at y = -3), centred on
    // x = 5: 3.2 .. 6.8.
    const auto placed = placeLabels({{{0, 0, 10, 4}, "Abcd"}}, {-50, -50, 50, 50}, kPaper, halfEm, {{-6, -3, 16, 7}});
    BOOST_REQUIRE_EQUAL(placed.size(), 1u);
    BOOST_TEST(placed[0].leader);
    BOOST_TEST(placed[0].size == 1.8);
    BOOST_TEST(placed[0].box.x0 == 3.2, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.x1 == 6.8, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.y0 == -5.48, tt::tolerance(1e-12));
    BOOST_TEST(placed[0].box.y1 == -3.68, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()
