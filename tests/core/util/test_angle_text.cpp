// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/util/angle_text.hpp"

#include <boost/test/unit_test.hpp>

using sandtable::core::util::AngleAxis;
using sandtable::core::util::parseAngle;

BOOST_AUTO_TEST_SUITE(angle_text)

BOOST_AUTO_TEST_CASE(decimal_degrees_keep_their_sign_and_name_no_axis)
{
    const auto a = parseAngle("-2.35");
    BOOST_REQUIRE(a);
    BOOST_TEST(a->degrees == -2.35);
    BOOST_TEST(static_cast<int>(a->axis) == static_cast<int>(AngleAxis::Any));
    BOOST_TEST(parseAngle(" 48.8566 ")->degrees == 48.8566);
}

BOOST_AUTO_TEST_CASE(degrees_minutes_seconds_in_the_usual_spellings)
{
    // 48 + 51/60 + 24/3600 = 48.856666...
    const double paris = 48.0 + 51.0 / 60.0 + 24.0 / 3600.0;
    for (const char* text : {"48°51'24\"N", "48 51 24 N", "N 48 51 24", "48:51:24N", "48d51m24sN", "48º51′24″N"}) {
        const auto a = parseAngle(text);
        BOOST_REQUIRE_MESSAGE(a, text);
        BOOST_TEST(a->degrees == paris, boost::test_tools::tolerance(1e-12));
        BOOST_TEST(static_cast<int>(a->axis) == static_cast<int>(AngleAxis::Latitude));
    }
    // 2 + 21/60 + 7.2/3600 = 2.352
    const auto east = parseAngle("2d21m7.2sE");
    BOOST_REQUIRE(east);
    BOOST_TEST(east->degrees == 2.352, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(static_cast<int>(east->axis) == static_cast<int>(AngleAxis::Longitude));
}

BOOST_AUTO_TEST_CASE(south_and_west_are_negative)
{
    BOOST_TEST(parseAngle("W 0°15'")->degrees == -0.25);
    BOOST_TEST(parseAngle("33 52 S")->degrees == -(33.0 + 52.0 / 60.0), boost::test_tools::tolerance(1e-12));
    // An upper-case S right after the seconds is the hemisphere, not the seconds' unit letter.
    BOOST_TEST(parseAngle("33 52 30S")->degrees == -(33.0 + 52.0 / 60.0 + 30.0 / 3600.0), boost::test_tools::tolerance(1e-12));
    BOOST_TEST(parseAngle("48.5 s")->degrees == -48.5);
}

BOOST_AUTO_TEST_CASE(what_is_not_an_angle_is_refused_with_a_reason)
{
    std::string reason;
    BOOST_TEST(!parseAngle("12 61", &reason));
    BOOST_TEST(reason.find("minutes") != std::string::npos);
    BOOST_TEST(!parseAngle("1.5 30", &reason));
    BOOST_TEST(reason.find("fraction") != std::string::npos);
    BOOST_TEST(!parseAngle("-10 S", &reason));
    BOOST_TEST(reason.find("minus") != std::string::npos);
    BOOST_TEST(!parseAngle("N 48 S", &reason));
    BOOST_TEST(!parseAngle("48 O", &reason)); // Ost or Ouest: refused
    BOOST_TEST(!parseAngle("abc", &reason));
    BOOST_TEST(!parseAngle("", &reason));
    BOOST_TEST(!parseAngle("1 2 3 4", &reason));
}

BOOST_AUTO_TEST_SUITE_END()
