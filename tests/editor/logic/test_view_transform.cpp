// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../view_transform.hpp: world <-> screen, zoom about a point, pan, fit, HiDPI.
#include "sandtable/editor/logic/view_transform.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor;
using sandtable::core::Coordinate;
using sandtable::core::Extent;
namespace tt = boost::test_tools;

namespace {

ViewTransform view800x600()
{
    ViewTransform view;
    view.setViewportSize(800.0, 600.0);
    view.setCentre({300500.0, 4400500.0});
    view.setScale(0.5);
    return view;
}

} // namespace

BOOST_AUTO_TEST_SUITE(view_transform)

BOOST_AUTO_TEST_CASE(centre_of_the_view_is_the_centre_of_the_viewport)
{
    const ViewTransform view = view800x600();
    const Point p = view.worldToScreen({300500.0, 4400500.0});
    BOOST_TEST(p.x == 400.0);
    BOOST_TEST(p.y == 300.0);
}

BOOST_AUTO_TEST_CASE(north_is_up_and_east_is_right)
{
    const ViewTransform view = view800x600();
    // 100 m east and 100 m north at 0.5 px/m: 50 px right and 50 px up.
    const Point p = view.worldToScreen({300600.0, 4400600.0});
    BOOST_TEST(p.x == 450.0);
    BOOST_TEST(p.y == 250.0);
    const Coordinate back = view.screenToWorld(p);
    BOOST_TEST(back.x == 300600.0);
    BOOST_TEST(back.y == 4400600.0);
}

BOOST_AUTO_TEST_CASE(matrix_agrees_with_world_to_screen)
{
    const ViewTransform view = view800x600();
    const Point viaMatrix = view.worldToScreenMatrix().apply({300123.0, 4400987.0});
    const Point direct = view.worldToScreen({300123.0, 4400987.0});
    BOOST_TEST(viaMatrix.x == direct.x, tt::tolerance(1e-9));
    BOOST_TEST(viaMatrix.y == direct.y, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(zoom_about_a_point_keeps_that_world_point_under_the_cursor)
{
    ViewTransform view = view800x600();
    const Point cursor{100.0, 500.0};
    const Coordinate under = view.screenToWorld(cursor); // (300500 - 600, 4400500 - 400)
    BOOST_TEST(under.x == 299900.0);
    BOOST_TEST(under.y == 4400100.0);
    view.zoomAbout(cursor, 2.0);
    BOOST_TEST(view.scale() == 1.0);
    const Point after = view.worldToScreen(under);
    BOOST_TEST(after.x == 100.0, tt::tolerance(1e-9));
    BOOST_TEST(after.y == 500.0, tt::tolerance(1e-9));
    // The centre moved halfway towards the cursor's world point: 300 m west, 200 m south.
    BOOST_TEST(view.centre().x == 300200.0, tt::tolerance(1e-12));
    BOOST_TEST(view.centre().y == 4400300.0, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(zoom_is_clamped_and_still_keeps_the_anchor)
{
    ViewTransform view = view800x600();
    view.zoomAbout({10.0, 20.0}, 1e9);
    BOOST_TEST(view.scale() == ViewTransform::kMaxScale);
    view.zoomAbout({10.0, 20.0}, 1e-20);
    BOOST_TEST(view.scale() == ViewTransform::kMinScale);
}

BOOST_AUTO_TEST_CASE(pan_moves_the_content_with_the_drag)
{
    ViewTransform view = view800x600();
    const Coordinate grabbed = view.screenToWorld({400.0, 300.0});
    view.panBy(40.0, -20.0); // dragged 40 px right and 20 px up
    const Point now = view.worldToScreen(grabbed);
    BOOST_TEST(now.x == 440.0);
    BOOST_TEST(now.y == 280.0);
    // Content moved right, so the view looks 80 m further west; moved up, so 40 m further south.
    BOOST_TEST(view.centre().x == 300420.0);
    BOOST_TEST(view.centre().y == 4400460.0);
}

BOOST_AUTO_TEST_CASE(fit_of_1000_by_500_m_in_800_by_600_gives_0_8_px_per_m)
{
    ViewTransform view;
    view.setViewportSize(800.0, 600.0);
    view.fitExtent(Extent{300000.0, 4400000.0, 301000.0, 4400500.0});
    BOOST_TEST(view.scale() == 0.8, tt::tolerance(1e-12));
    BOOST_TEST(view.centre().x == 300500.0);
    BOOST_TEST(view.centre().y == 4400250.0);
    // The extent spans x 0..800 and y 100..500 on screen.
    const Point topLeft = view.worldToScreen({300000.0, 4400500.0});
    BOOST_TEST(topLeft.x == 0.0, tt::tolerance(1e-9));
    BOOST_TEST(topLeft.y == 100.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(fit_with_a_margin_uses_the_inner_rectangle)
{
    ViewTransform view;
    view.setViewportSize(800.0, 600.0);
    // A tall extent: height decides. (600 - 2*50) / 1000 = 0.5 px/m.
    view.fitExtent(Extent{0.0, 0.0, 200.0, 1000.0}, 50.0);
    BOOST_TEST(view.scale() == 0.5, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(fit_of_a_single_point_only_recentres)
{
    ViewTransform view = view800x600();
    view.fitExtent(Extent{10.0, 20.0, 10.0, 20.0});
    BOOST_TEST(view.scale() == 0.5);
    BOOST_TEST(view.centre().x == 10.0);
    BOOST_TEST(view.centre().y == 20.0);
}

BOOST_AUTO_TEST_CASE(visible_extent_is_the_viewport_in_world_metres)
{
    const ViewTransform view = view800x600();
    const Extent e = view.visibleExtent();
    BOOST_TEST(e.minX == 299700.0);
    BOOST_TEST(e.maxX == 301300.0);
    BOOST_TEST(e.minY == 4399900.0);
    BOOST_TEST(e.maxY == 4401100.0);
}

BOOST_AUTO_TEST_CASE(content_scale_doubles_device_pixels_not_logical_ones)
{
    ViewTransform view = view800x600();
    view.setContentScale(2.0);
    BOOST_TEST(view.devicePixelsPerMetre() == 1.0);
    const Point p = view.worldToScreen({300600.0, 4400500.0});
    BOOST_TEST(p.x == 450.0);
    view.setContentScale(0.0);
    BOOST_TEST(view.contentScale() == 1.0);
}

BOOST_AUTO_TEST_CASE(scale_denominator_takes_a_pixel_as_a_96th_of_an_inch)
{
    ViewTransform view = view800x600();
    // 1 px = 0.0254/96 m on screen. To show 1:16000, 1 px must cover 16000 * 0.0254 / 96 = 4.2333 m.
    view.setScale(96.0 / (0.0254 * 16000.0));
    BOOST_TEST(view.scaleDenominator() == 16000.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_SUITE_END()
