// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../geometry/geometry_ops.hpp (GEOS adapter).
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;
namespace geo = sandtable::core::geometry;

BOOST_AUTO_TEST_SUITE(geometry_ops)

BOOST_AUTO_TEST_CASE(measures_area_and_length_in_metres)
{
    const Geometry rect = geo::fromWkt("POLYGON((0 0, 200 0, 200 100, 0 100, 0 0))");
    BOOST_TEST(geo::area(rect) == 20000.0);
    BOOST_TEST(geo::length(rect) == 600.0);
    // A 300 x 300 square with a 100 x 100 hole: 90,000 - 10,000.
    const Geometry holed = geo::fromWkt("POLYGON((0 0,300 0,300 300,0 300,0 0),(100 100,200 100,200 200,100 200,100 100))");
    BOOST_TEST(geo::area(holed) == 80000.0);
    const Geometry line = geo::fromWkt("LINESTRING(0 0, 3 4, 3 10)");
    BOOST_TEST(geo::length(line) == 11.0);
    BOOST_TEST(geo::area(line) == 0.0);
}

BOOST_AUTO_TEST_CASE(wkt_round_trips_through_the_model)
{
    const Geometry g = geo::fromWkt("MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))");
    BOOST_TEST((g.type == GeometryType::MultiPolygon));
    BOOST_TEST(g.parts.size() == 2u);
    BOOST_TEST(geo::toWkt(g) == "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))");
    BOOST_CHECK_THROW(geo::fromWkt("POLYGON((0 0, 1"), util::OperationError);
}

BOOST_AUTO_TEST_CASE(degenerate_rings_are_invalid_not_crashes)
{
    Geometry open = Geometry::polygon({{{0, 0}, {1, 0}, {1, 1}, {0, 1}}});
    const auto v = geo::checkValidity(open);
    BOOST_TEST(!v.valid);
    BOOST_TEST(v.reason.find("not closed") != std::string::npos);
    Geometry tooShort = Geometry::polygon({{{0, 0}, {1, 0}, {0, 0}}});
    BOOST_TEST(!geo::checkValidity(tooShort).valid);
    BOOST_TEST(geo::checkValidity(geo::fromWkt("POINT(1 2)")).valid);
}

BOOST_AUTO_TEST_SUITE_END()
