// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../affine.hpp: GDAL geotransforms, composition order, inversion.
#include "sandtable/editor/logic/affine.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor;

BOOST_AUTO_TEST_SUITE(affine)

BOOST_AUTO_TEST_CASE(geotransform_maps_pixel_and_line_to_map_coordinates)
{
    // 2 m pixels, north up, top-left corner at (300000, 4401000).
    const Affine2D gt = Affine2D::fromGeoTransform({300000.0, 2.0, 0.0, 4401000.0, 0.0, -2.0});
    const Point p = gt.apply({10.0, 5.0});
    BOOST_TEST(p.x == 300020.0);
    BOOST_TEST(p.y == 4400990.0);
}

BOOST_AUTO_TEST_CASE(rotation_terms_follow_gdal_order)
{
    // X = 100 + 1*P + 0.5*L, Y = 200 + 0.25*P - 1*L
    const Affine2D gt = Affine2D::fromGeoTransform({100.0, 1.0, 0.5, 200.0, 0.25, -1.0});
    const Point p = gt.apply({4.0, 8.0});
    BOOST_TEST(p.x == 108.0);
    BOOST_TEST(p.y == 193.0);
}

BOOST_AUTO_TEST_CASE(product_applies_the_right_operand_first)
{
    const Affine2D scale = Affine2D::scaling(2.0, 3.0);
    const Affine2D shift = Affine2D::translation(10.0, 20.0);
    const Point a = (shift * scale).apply({1.0, 1.0}); // scale, then shift
    BOOST_TEST(a.x == 12.0);
    BOOST_TEST(a.y == 23.0);
    const Point b = (scale * shift).apply({1.0, 1.0}); // shift, then scale
    BOOST_TEST(b.x == 22.0);
    BOOST_TEST(b.y == 63.0);
}

BOOST_AUTO_TEST_CASE(inverse_undoes_the_map)
{
    const Affine2D gt = Affine2D::fromGeoTransform({100.0, 1.0, 0.5, 200.0, 0.25, -1.0});
    const auto inverse = gt.inverse();
    BOOST_REQUIRE(inverse.has_value());
    const Point back = inverse->apply(gt.apply({4.0, 8.0}));
    BOOST_TEST(back.x == 4.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(back.y == 8.0, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(singular_matrix_has_no_inverse)
{
    BOOST_TEST(!Affine2D::scaling(0.0, 1.0).inverse().has_value());
    BOOST_TEST(!(Affine2D{1.0, 2.0, 2.0, 4.0, 0.0, 0.0}.inverse().has_value()));
}

BOOST_AUTO_TEST_SUITE_END()
