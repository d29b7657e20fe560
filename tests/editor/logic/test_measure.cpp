// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../measure.hpp: game-scale distances, the scale bar, formatting.
#include "sandtable/editor/logic/measure.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor;
namespace tt = boost::test_tools;

BOOST_AUTO_TEST_SUITE(measure)

BOOST_AUTO_TEST_CASE(distances_at_pub_battles_scale)
{
    // 1:16,000: 1 km = 6.25 cm on the map; a foot segment 4.5 cm = 720 m, a mounted one 6.4 cm = 1024 m.
    const GameDistance d = gameDistance(1000.0, 16000.0);
    BOOST_TEST(d.mapCm == 6.25, tt::tolerance(1e-12));
    BOOST_TEST(d.footSegments == 1000.0 / 720.0, tt::tolerance(1e-12));
    BOOST_TEST(d.mountedSegments == 1000.0 / 1024.0, tt::tolerance(1e-12));
    BOOST_TEST(describeDistance(720.0, 16000.0) == "720 m = 4.5 cm at 1:16,000 = 1.00 foot / 0.70 mounted segments");
}

BOOST_AUTO_TEST_CASE(formats)
{
    BOOST_TEST(formatMetres(850.0) == "850 m");
    BOOST_TEST(formatMetres(1250.0) == "1.25 km");
    BOOST_TEST(formatMetres(2.5) == "2.5 m");
    BOOST_TEST(formatScale(16000.0) == "1:16,000");
    BOOST_TEST(formatScale(8000.0) == "1:8,000");
}

BOOST_AUTO_TEST_CASE(path_length_sums_segments)
{
    BOOST_TEST(pathLength({{0, 0}, {3, 4}, {3, 10}}) == 11.0, tt::tolerance(1e-12));
    BOOST_TEST(pathLength({{5, 5}}) == 0.0);
}

BOOST_AUTO_TEST_CASE(scale_bar_takes_round_lengths)
{
    // 0.1 px/m, at most 150 px = 1500 m: 1 km.
    BOOST_TEST(scaleBarMetres(0.1, 150.0) == 1000.0, tt::tolerance(1e-9));
    // 0.1 px/m, at most 250 px = 2500 m: 2 km.
    BOOST_TEST(scaleBarMetres(0.1, 250.0) == 2000.0, tt::tolerance(1e-9));
    // 2 px/m, 150 px = 75 m: 50 m.
    BOOST_TEST(scaleBarMetres(2.0, 150.0) == 50.0, tt::tolerance(1e-9));
    BOOST_TEST(scaleBarMetres(0.0, 150.0) == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()
