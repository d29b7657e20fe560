// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/.../page.hpp: paper sizes and the scale arithmetic.
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/page.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::print;

BOOST_AUTO_TEST_SUITE(print_page)

BOOST_AUTO_TEST_CASE(one_kilometre_prints_at_game_scales)
{
    // docs/model.md: a 1 km line is 62.5 mm at 1:16,000 and 125 mm at 1:8000.
    BOOST_TEST(paperMillimetres(1000.0, 16000.0) == 62.5);
    BOOST_TEST(paperMillimetres(1000.0, 8000.0) == 125.0);
    // Pub Battles foot segment of 4.5 cm is 720 m at 1:16,000.
    BOOST_TEST(groundMetres(45.0, 16000.0) == 720.0);
}

BOOST_AUTO_TEST_CASE(named_and_custom_page_sizes)
{
    BOOST_TEST(parsePageSize("a4").widthMm == 210.0);
    BOOST_TEST(parsePageSize("Letter").heightMm == 279.4);
    BOOST_TEST(parsePageSize("A0").widthMm == 841.0);
    const PageSize custom = parsePageSize("600x400mm");
    BOOST_TEST(custom.widthMm == 600.0);
    BOOST_TEST(custom.heightMm == 400.0);
    BOOST_CHECK_THROW(parsePageSize("B5"), sandtable::core::util::OperationError);
    BOOST_CHECK_THROW(parsePageSize("0x10mm"), sandtable::core::util::OperationError);
    // 72 points to the inch, 25.4 mm to the inch.
    BOOST_TEST(pointsFromMillimetres(25.4) == 72.0);
}

BOOST_AUTO_TEST_SUITE_END()
