// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../view_request.hpp: the --view option.
#include "sandtable/editor/logic/view_request.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor;

BOOST_AUTO_TEST_SUITE(view_request)

BOOST_AUTO_TEST_CASE(reads_centre_and_resolution)
{
    const auto request = parseViewRequest("309300,4411300.5,1.5");
    BOOST_REQUIRE(request.has_value());
    BOOST_TEST(request->centre.x == 309300.0);
    BOOST_TEST(request->centre.y == 4411300.5);
    BOOST_TEST(request->metresPerPixel == 1.5);
}

BOOST_AUTO_TEST_CASE(refuses_malformed_requests)
{
    BOOST_TEST(!parseViewRequest("").has_value());
    BOOST_TEST(!parseViewRequest("1,2").has_value());
    BOOST_TEST(!parseViewRequest("1,2,3,4").has_value());
    BOOST_TEST(!parseViewRequest("1,,3").has_value());
    BOOST_TEST(!parseViewRequest("1,2,0").has_value());
    BOOST_TEST(!parseViewRequest("1,2,-1").has_value());
    BOOST_TEST(!parseViewRequest("1,2,nan").has_value());
    BOOST_TEST(!parseViewRequest("1m,2,3").has_value());
}

BOOST_AUTO_TEST_CASE(applying_puts_the_centre_in_the_middle_at_that_resolution)
{
    ViewTransform view;
    view.setViewportSize(800.0, 600.0);
    applyViewRequest(view, ViewRequest{{1000.0, 2000.0}, 2.0});
    BOOST_TEST(view.scale() == 0.5);
    const Point p = view.worldToScreen({1000.0, 2000.0});
    BOOST_TEST(p.x == 400.0);
    BOOST_TEST(p.y == 300.0);
}

BOOST_AUTO_TEST_SUITE_END()
