// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/util/number_list.hpp"

#include <boost/test/unit_test.hpp>

using sandtable::core::util::parseNumberList;

BOOST_AUTO_TEST_SUITE(number_list)

BOOST_AUTO_TEST_CASE(reads_comma_separated_finite_numbers)
{
    BOOST_TEST(*parseNumberList("172,185,195,225") == (std::vector<double>{172, 185, 195, 225}));
    BOOST_TEST(*parseNumberList("-2.5,1e3") == (std::vector<double>{-2.5, 1000}));
    BOOST_TEST(*parseNumberList("7") == (std::vector<double>{7}));
}

BOOST_AUTO_TEST_CASE(refuses_what_is_not_a_list_of_numbers)
{
    for (const char* bad : {"", "1,,2", "1,", ",1", "1;2", "nan", "inf", "2m", "a,b"})
        BOOST_TEST(!parseNumberList(bad).has_value(), bad);
}

BOOST_AUTO_TEST_SUITE_END()
