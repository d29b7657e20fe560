// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/sheet_marks.hpp: sheet names and where the marks and labels of a tiled sheet go (mm).
#include "sandtable/print/sheet_marks.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;

namespace {
// 2 rows x 3 columns of A4 portrait sheets: 210 x 297 mm, 12 mm margins, the 30 mm legend band below:
// map area 186 x 243 mm.
print::MapLayout twoByThree()
{
    print::MapLayout layout;
    layout.rows = 2;
    layout.columns = 3;
    layout.pageWidthMm = 210;
    layout.pageHeightMm = 297;
    return layout;
}

bool near(double a, double b) { return std::abs(a - b) < 1e-9; }
} // namespace

BOOST_AUTO_TEST_SUITE(sheet_marks)

BOOST_AUTO_TEST_CASE(sheets_are_lettered_by_row_and_numbered_by_column)
{
    BOOST_TEST(print::sheetName(0, 0) == "A1");
    BOOST_TEST(print::sheetName(1, 2) == "B3");
    BOOST_TEST(print::sheetName(25, 0) == "Z1");
    BOOST_TEST(print::sheetName(26, 0) == "AA1");
    BOOST_TEST(print::sheetName(27, 9) == "AB10");
    BOOST_TEST(print::sheetName(52, 0) == "BA1");
}

BOOST_AUTO_TEST_CASE(a_bottom_middle_sheet_has_marks_at_its_corners_and_three_neighbours)
{
    const print::MapSheet b2{1, 1, {}};
    const print::SheetMarks m = print::sheetMarks(twoByThree(), b2, 12.0, 186.0, 243.0, 10.0);
    // Corners of the area: x 12 and 12 + 186 = 198, y 12 and 12 + 243 = 255.
    BOOST_TEST((near(m.registration[0].x, 12) && near(m.registration[0].y, 12)));
    BOOST_TEST((near(m.registration[1].x, 198) && near(m.registration[1].y, 12)));
    BOOST_TEST((near(m.registration[2].x, 12) && near(m.registration[2].y, 255)));
    BOOST_TEST((near(m.registration[3].x, 198) && near(m.registration[3].y, 255)));
    // B2 is in the last row: neighbours east (B3), west (B1) and north (A2), none south.
    BOOST_REQUIRE(m.neighbours.size() == 3u);
    BOOST_TEST(m.neighbours[0].text == "> B3");
    BOOST_TEST(m.neighbours[0].at.x == 199.0); // 1 mm right of the area
    BOOST_TEST(m.neighbours[0].at.y == 133.5); // 12 + 243 / 2
    BOOST_TEST(m.neighbours[1].text == "B1 <");
    BOOST_TEST(m.neighbours[1].at.x == 1.0);   // 1 mm from the page edge
    BOOST_TEST(m.neighbours[1].at.y == 133.5);
    BOOST_TEST(m.neighbours[2].text == "^ A2");
    BOOST_TEST(m.neighbours[2].at.x == 105.0); // 12 + 186 / 2
    BOOST_TEST(m.neighbours[2].at.y == 10.5);  // 1.5 mm above the area
    // Overlap lines 10 mm inside the east (x 188), west (x 22) and north (y 22) edges, across the area.
    BOOST_REQUIRE(m.overlapLines.size() == 3u);
    BOOST_TEST((near(m.overlapLines[0].from.x, 188) && near(m.overlapLines[0].to.x, 188)));
    BOOST_TEST((near(m.overlapLines[0].from.y, 12) && near(m.overlapLines[0].to.y, 255)));
    BOOST_TEST((near(m.overlapLines[1].from.x, 22) && near(m.overlapLines[1].to.x, 22)));
    BOOST_TEST((near(m.overlapLines[2].from.y, 22) && near(m.overlapLines[2].to.y, 22)));
    BOOST_TEST((near(m.overlapLines[2].from.x, 12) && near(m.overlapLines[2].to.x, 198)));
}

BOOST_AUTO_TEST_CASE(the_top_left_sheet_labels_east_and_south_only)
{
    const print::SheetMarks m = print::sheetMarks(twoByThree(), print::MapSheet{0, 0, {}}, 12.0, 186.0, 243.0, 10.0);
    BOOST_REQUIRE(m.neighbours.size() == 2u);
    BOOST_TEST(m.neighbours[0].text == "> A2");
    BOOST_TEST(m.neighbours[1].text == "v B1");
    BOOST_TEST(m.neighbours[1].at.x == 105.0);
    BOOST_TEST(m.neighbours[1].at.y == 258.0); // 3 mm under the area's bottom edge at 255
    BOOST_REQUIRE(m.overlapLines.size() == 2u);
    BOOST_TEST(near(m.overlapLines[1].from.y, 245.0)); // 255 - 10
}

BOOST_AUTO_TEST_CASE(a_single_sheet_has_no_neighbours)
{
    print::MapLayout one = twoByThree();
    one.rows = one.columns = 1;
    const print::SheetMarks m = print::sheetMarks(one, print::MapSheet{0, 0, {}}, 10.0, 100.0, 50.0, 5.0);
    BOOST_TEST(m.neighbours.empty());
    BOOST_TEST(m.overlapLines.empty());
    BOOST_TEST((near(m.registration[3].x, 110) && near(m.registration[3].y, 60)));
}

BOOST_AUTO_TEST_SUITE_END()
