// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of geo/include/sandtable/geo/gcp_fit.hpp: exact fits recover their coefficients,
// the Gettysburg affine fit matches GDAL's and an independent least-squares solve, degenerate layouts
// are refused naming the GCPs, forward + inverse return within 0.01 px.
#include "sandtable/geo/gcp_fit.hpp"

#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>
#include <gdal_alg.h>

#include <array>
#include <cmath>

using namespace sandtable;
using core::GeoreferenceMethod;
using geo::FitPoint;
namespace tt = boost::test_tools;

namespace {

/// Points on a 4 x 3 grid over a 1000 x 800 scan, mapped by `f`.
template <class F>
std::vector<FitPoint> gridPoints(F f, int columns = 4, int rows = 3)
{
    std::vector<FitPoint> points;
    int id = 1;
    for (int j = 0; j < rows; ++j)
        for (int i = 0; i < columns; ++i) {
            const double p = 50.0 + 900.0 * i / (columns - 1) + 13.0 * j;
            const double l = 40.0 + 700.0 * j / (rows - 1) + 7.0 * i;
            const auto [x, y] = f(p, l);
            points.push_back({id++, p, l, x, y, true});
        }
    return points;
}

const std::array<double, 6> kAffine{500000.0, 2.0, 0.5, 4400000.0, 0.3, -1.5};

std::pair<double, double> applyAffine(double p, double l)
{
    return {kAffine[0] + kAffine[1] * p + kAffine[2] * l, kAffine[3] + kAffine[4] * p + kAffine[5] * l};
}

/// The OperationError a fit gives; fails the test when there is none.
core::util::OperationError fitErrorOf(const std::vector<FitPoint>& points, GeoreferenceMethod method)
{
    try {
        geo::fitGcps(points, method, "gcps.points");
    } catch (const core::util::OperationError& e) {
        return e;
    }
    BOOST_FAIL("expected an OperationError");
    return core::util::OperationError("", "", "");
}

// The 9 Gettysburg GCPs (shared/data/maps/...jpg.points) with their lon/lat projected to EPSG:32618 by
// /usr/bin/python3 osgeo.osr (OAMS_TRADITIONAL_GIS_ORDER), pixel/line = pixelX, -pixelY.
const std::vector<FitPoint> kGettysburg{
    {1, 895, 600, 309076.2683026958, 4411370.720766305, true},
    {2, 875, 985, 309146.046138612, 4410391.553130621, true},
    {3, 1015, 1010, 309932.70017226913, 4409650.0188654335, true},
    {4, 612, 2175, 308471.62659544003, 4407054.045533941, true},
    {5, 588, 2330, 308339.5274251645, 4406568.636082299, true},
    {6, 470, 1300, 307793.7976105877, 4409747.854113216, true},
    {7, 430, 360, 307304.38647204265, 4412081.5810261555, true},
    {8, 525, 1775, 307389.51439868833, 4407636.534398408, true},
    {9, 760, 150, 308438.7555223133, 4412586.234462217, true},
};

double det3(const double m[3][3])
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

/// Plain least squares for v = c0 + c1 p + c2 l by normal equations on centred data and Cramer's rule:
/// independent of GDAL and of the code under test.
std::array<double, 3> plainLeastSquares(const std::vector<FitPoint>& pts, bool forX)
{
    double mp = 0, ml = 0, mv = 0;
    for (const auto& q : pts) {
        mp += q.pixel;
        ml += q.line;
        mv += forX ? q.x : q.y;
    }
    const double n = static_cast<double>(pts.size());
    mp /= n;
    ml /= n;
    mv /= n;
    double spp = 0, spl = 0, sll = 0, spv = 0, slv = 0;
    for (const auto& q : pts) {
        const double p = q.pixel - mp, l = q.line - ml, v = (forX ? q.x : q.y) - mv;
        spp += p * p;
        spl += p * l;
        sll += l * l;
        spv += p * v;
        slv += l * v;
    }
    const double a[3][3] = {{n, 0, 0}, {0, spp, spl}, {0, spl, sll}};
    const double b[3] = {0, spv, slv};
    std::array<double, 3> c{};
    for (int k = 0; k < 3; ++k) {
        double m[3][3];
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                m[i][j] = j == k ? b[i] : a[i][j];
        c[static_cast<std::size_t>(k)] = det3(m) / det3(a);
    }
    // Back from centred coordinates.
    return {mv + c[0] - c[1] * mp - c[2] * ml, c[1], c[2]};
}

} // namespace

BOOST_AUTO_TEST_SUITE(geo_gcp_fit)

BOOST_AUTO_TEST_CASE(exact_affine_gives_zero_rms_and_its_coefficients)
{
    for (const auto method : {GeoreferenceMethod::Affine, GeoreferenceMethod::Poly1}) {
        const auto fit = geo::fitGcps(gridPoints(applyAffine), method);
        BOOST_TEST(fit.rmsMap < 1e-6);
        BOOST_TEST(fit.rmsPx < 1e-6);
        BOOST_REQUIRE(fit.transform.size() == 6u);
        for (std::size_t i = 0; i < 6; ++i)
            BOOST_TEST(fit.transform[i] == kAffine[i], tt::tolerance(1e-9));
        BOOST_TEST(fit.enabledCount == 12);
        BOOST_TEST(fit.minimum == 3);
        BOOST_TEST(fit.meanErrorMap.value_or(-1) < 1e-6);
    }
}

BOOST_AUTO_TEST_CASE(helmert_from_two_points_is_exact)
{
    // Scale 3 m/px, rotation 30 degrees: a = 3 cos 30, b = 3 sin 30; x = tx + a p + b l, y = ty + b p - a l.
    const double a = 3 * std::cos(M_PI / 6), b = 1.5, tx = 1000, ty = 9000;
    auto similarity = [&](double p, double l) { return std::pair{tx + a * p + b * l, ty + b * p - a * l}; };
    const auto [x1, y1] = similarity(10, 20);
    const auto [x2, y2] = similarity(400, 250);
    const auto fit = geo::fitGcps({{1, 10, 20, x1, y1, true}, {2, 400, 250, x2, y2, true}}, GeoreferenceMethod::Helmert);
    BOOST_TEST(fit.rmsMap < 1e-9);
    BOOST_TEST(!fit.meanErrorMap.has_value()); // n == k == 2
    const std::array<double, 6> expected{tx, a, b, ty, b, -a};
    for (std::size_t i = 0; i < 6; ++i)
        BOOST_TEST(fit.transform[i] == expected[i], tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(helmert_least_squares_meets_its_normal_equations)
{
    // Optimality of a least-squares similarity: residuals sum to zero and are orthogonal to the
    // derivatives of the fit with respect to a and b.
    auto noisy = [](double p, double l) { return std::pair{2 * p + 0.001 * p * l, -2 * l + 0.0005 * p * p}; };
    const auto points = gridPoints(noisy);
    const auto fit = geo::fitGcps(points, GeoreferenceMethod::Helmert);
    double sx = 0, sy = 0, sa = 0, sb = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto& r = fit.residuals[i];
        sx += r.dx;
        sy += r.dy;
        sa += r.dx * points[i].pixel - r.dy * points[i].line;
        sb += r.dx * points[i].line + r.dy * points[i].pixel;
    }
    BOOST_TEST(std::abs(sx) < 1e-6);
    BOOST_TEST(std::abs(sy) < 1e-6);
    BOOST_TEST(std::abs(sa) < 1e-3);
    BOOST_TEST(std::abs(sb) < 1e-3);
    BOOST_TEST(fit.transform[1] == -fit.transform[5]);
    BOOST_TEST(fit.transform[2] == fit.transform[4]);
}

BOOST_AUTO_TEST_CASE(exact_quadratic_and_cubic_are_recovered)
{
    // x = 100 + 2p + 0.5l + 1e-4 p^2 - 2e-4 pl + 3e-4 l^2; y = 200 - p + 3l + 2e-4 p^2 + 1e-4 pl - 1e-4 l^2.
    const std::vector<double> quadratic{100, 2, 0.5, 1e-4, -2e-4, 3e-4, 200, -1, 3, 2e-4, 1e-4, -1e-4};
    auto f2 = [&](double p, double l) {
        const double t[6] = {1, p, l, p * p, p * l, l * l};
        double x = 0, y = 0;
        for (int i = 0; i < 6; ++i) {
            x += quadratic[static_cast<std::size_t>(i)] * t[i];
            y += quadratic[static_cast<std::size_t>(i + 6)] * t[i];
        }
        return std::pair{x, y};
    };
    const auto fit2 = geo::fitGcps(gridPoints(f2), GeoreferenceMethod::Poly2);
    BOOST_TEST(fit2.rmsMap < 1e-6);
    BOOST_REQUIRE(fit2.transform.size() == 12u);
    for (std::size_t i = 0; i < 12; ++i)
        BOOST_TEST(fit2.transform[i] == quadratic[i], tt::tolerance(1e-6));

    // Cubic: x = p + 1e-7 p^3, y = -l + 2e-7 p l^2 (GDAL order: p^3, p^2 l, p l^2, l^3).
    auto f3 = [](double p, double l) { return std::pair{p + 1e-7 * p * p * p, -l + 2e-7 * p * l * l}; };
    const auto fit3 = geo::fitGcps(gridPoints(f3, 5, 4), GeoreferenceMethod::Poly3);
    BOOST_TEST(fit3.rmsMap < 1e-6);
    BOOST_REQUIRE(fit3.transform.size() == 20u);
    BOOST_TEST(fit3.transform[1] == 1.0, tt::tolerance(1e-6));
    BOOST_TEST(fit3.transform[6] == 1e-7, tt::tolerance(1e-6));
    BOOST_TEST(fit3.transform[12] == -1.0, tt::tolerance(1e-6));
    BOOST_TEST(fit3.transform[18] == 2e-7, tt::tolerance(1e-6));
}

BOOST_AUTO_TEST_CASE(tps_leave_one_out_residuals_vanish_on_affine_data_only)
{
    // A thin plate spline reproduces an affine map exactly, so each point left out is predicted exactly.
    const auto affine = geo::fitGcps(gridPoints(applyAffine), GeoreferenceMethod::Tps);
    BOOST_TEST(affine.rmsMap < 1e-6);
    BOOST_TEST(affine.transform.empty());
    // On bent data, a point left out is not on the spline of the others.
    auto bent = [](double p, double l) { return std::pair{p + 1e-3 * l * l, l + 1e-3 * p * p}; };
    const auto fit = geo::fitGcps(gridPoints(bent), GeoreferenceMethod::Tps);
    BOOST_TEST(fit.rmsMap > 1.0);
}

// Each GCP's thin plate spline residual is that of the spline of the others: the one factorisation
// (Rippa's formula) must give what GDAL's TPS transformer refitted without the GCP gives, on the real
// Gettysburg GCPs and on 60 uneven, noisy points, with one GCP disabled (judged by the full spline).
BOOST_AUTO_TEST_CASE(tps_leave_one_out_residuals_are_those_of_gdal_refitted_without_the_gcp)
{
    std::vector<FitPoint> uneven;
    for (int i = 0; i < 60; ++i) {
        // Clustered towards the top-left, bent, with a deterministic 2 m of noise.
        const double p = 40.0 + 3000.0 * std::pow((i * 37 % 60) / 60.0, 2.0), l = 30.0 + 2200.0 * std::pow((i * 23 % 60) / 60.0, 1.5);
        const double x = 300000.0 + 4.0 * p + 0.4 * l + 2e-4 * l * l + 2.0 * std::sin(i * 1.3);
        const double y = 4410000.0 - 0.3 * p - 4.0 * l + 3e-4 * p * p + 2.0 * std::cos(i * 0.7);
        uneven.push_back({i + 1, p, l, x, y, i != 17});
    }
    for (const std::vector<FitPoint>* points : std::initializer_list<const std::vector<FitPoint>*>{&kGettysburg, &uneven}) {
        const auto fit = geo::fitGcps(*points, GeoreferenceMethod::Tps);
        BOOST_REQUIRE(fit.residuals.size() == points->size());
        std::vector<FitPoint> enabled;
        for (const FitPoint& q : *points)
            if (q.enabled)
                enabled.push_back(q);
        const geo::GcpTransform all(enabled, GeoreferenceMethod::Tps);
        double worstMap = 0.0, worstPx = 0.0;
        for (std::size_t i = 0; i < points->size(); ++i) {
            const FitPoint& p = (*points)[i];
            std::vector<FitPoint> others;
            for (const FitPoint& q : enabled)
                if (q.id != p.id)
                    others.push_back(q);
            const geo::GcpTransform refit(others, GeoreferenceMethod::Tps);
            const geo::GcpTransform& judge = p.enabled ? refit : all;
            const core::Coordinate fitted = judge.toMap(p.pixel, p.line);
            const core::Coordinate back = judge.toPixel(p.x, p.y);
            const auto& r = fit.residuals[i];
            worstMap = std::max({worstMap, std::abs(r.fittedX - fitted.x), std::abs(r.fittedY - fitted.y)});
            worstPx = std::max({worstPx, std::abs(r.backPixel - back.x), std::abs(r.backLine - back.y)});
        }
        // Rounding only: residuals are metres to hundreds of metres here.
        BOOST_TEST(worstMap < 1e-5, "map " << worstMap);
        BOOST_TEST(worstPx < 1e-5, "px " << worstPx);
        BOOST_TEST(fit.rmsMap > 0.1); // the GCPs are not on one spline of the others: the test can see a difference
    }
}

BOOST_AUTO_TEST_CASE(tps_with_three_gcps_judges_each_by_the_similarity_of_the_other_two)
{
    // On a similarity map, the two GCPs left out of each subset predict the third exactly.
    auto similarity = [](double p, double l) { return std::pair{1000 + 3 * p + l, 2000 + p - 3 * l}; };
    const auto [x1, y1] = similarity(0, 0);
    const auto [x2, y2] = similarity(100, 0);
    const auto [x3, y3] = similarity(30, 80);
    const std::vector<FitPoint> three{{1, 0, 0, x1, y1, true}, {2, 100, 0, x2, y2, true}, {3, 30, 80, x3, y3, true}};
    const auto fit = geo::fitGcps(three, GeoreferenceMethod::Tps);
    BOOST_TEST(fit.rmsMap < 1e-6);
    BOOST_TEST(!fit.meanErrorMap.has_value());
    // Off a similarity (a shear), they do not.
    auto shear = three;
    shear[2].x += 50;
    BOOST_TEST(geo::fitGcps(shear, GeoreferenceMethod::Tps).rmsMap > 1.0);
}

BOOST_AUTO_TEST_CASE(gettysburg_affine_matches_gdal_and_plain_least_squares)
{
    const auto fit = geo::fitGcps(kGettysburg, GeoreferenceMethod::Affine);
    // GDAL's own fit: /usr/bin/python3, osgeo.gdal.GCPsToGeoTransform of the same GCPs (GDAL 3.6.2).
    const std::array<double, 6> gdal{305322.9365245155, 4.173947834917583, 0.2089785470970724, 4413479.853253797,
        -0.6174190829106992, -2.8471712834827545};
    for (std::size_t i = 0; i < 6; ++i)
        BOOST_TEST(fit.transform[i] == gdal[i], tt::tolerance(1e-9));
    // RMS over 9 of the residuals of that geotransform (same python session): 317.35525515507163 m; mean
    // error over 9 - 3: 388.67922116034316 m; pixel RMS via InvGeoTransform: 105.37903168591801 px.
    BOOST_TEST(fit.rmsMap == 317.35525515507163, tt::tolerance(1e-6));
    BOOST_TEST(fit.meanErrorMap.value_or(0) == 388.67922116034316, tt::tolerance(1e-6));
    BOOST_TEST(fit.rmsPx == 105.37903168591801, tt::tolerance(1e-6));

    // And an independent least-squares solve here.
    const auto cx = plainLeastSquares(kGettysburg, true);
    const auto cy = plainLeastSquares(kGettysburg, false);
    double sum = 0;
    for (const auto& q : kGettysburg) {
        const double dx = cx[0] + cx[1] * q.pixel + cx[2] * q.line - q.x;
        const double dy = cy[0] + cy[1] * q.pixel + cy[2] * q.line - q.y;
        sum += dx * dx + dy * dy;
    }
    BOOST_TEST(fit.rmsMap == std::sqrt(sum / 9.0), tt::tolerance(1e-6));

    // Residuals of roughly 90-680 m (shared/data/README.md); GCP 8 the worst, GCP 9 the best.
    double lo = 1e9, hi = 0;
    for (const auto& r : fit.residuals) {
        lo = std::min(lo, r.residualMap);
        hi = std::max(hi, r.residualMap);
        BOOST_TEST(r.residualMap == std::hypot(r.dx, r.dy), tt::tolerance(1e-12));
    }
    BOOST_TEST(lo > 80.0);
    BOOST_TEST(lo < 100.0);
    BOOST_TEST(hi > 670.0);
    BOOST_TEST(hi < 690.0);
    BOOST_TEST(fit.residuals[7].residualMap == hi);
    BOOST_TEST(fit.residuals[8].residualMap == lo);
}

BOOST_AUTO_TEST_CASE(disabled_gcps_get_residuals_but_count_in_no_figure)
{
    auto points = kGettysburg;
    points[7].enabled = false; // the outlier
    const auto fit = geo::fitGcps(points, GeoreferenceMethod::Affine);
    BOOST_TEST(fit.enabledCount == 8);
    BOOST_TEST(!fit.residuals[7].enabled);
    BOOST_TEST(fit.residuals[7].residualMap > 0.0);
    double sum = 0;
    for (const auto& r : fit.residuals)
        if (r.enabled)
            sum += r.residualMap * r.residualMap;
    BOOST_TEST(fit.rmsMap == std::sqrt(sum / 8), tt::tolerance(1e-12));
    BOOST_TEST(fit.rmsMap < 317.0);
}

BOOST_AUTO_TEST_CASE(too_few_enabled_gcps_are_refused_per_method)
{
    auto points = gridPoints(applyAffine);
    const std::pair<GeoreferenceMethod, int> minimums[] = {{GeoreferenceMethod::Helmert, 2}, {GeoreferenceMethod::Affine, 3},
        {GeoreferenceMethod::Poly1, 3}, {GeoreferenceMethod::Poly2, 6}, {GeoreferenceMethod::Poly3, 10}, {GeoreferenceMethod::Tps, 3}};
    for (const auto& [method, minimum] : minimums) {
        auto few = points;
        for (std::size_t i = static_cast<std::size_t>(minimum - 1); i < few.size(); ++i)
            few[i].enabled = false;
        const auto e = fitErrorOf(few, method);
        BOOST_TEST(e.file() == "gcps.points");
        BOOST_TEST(e.reason().find("at least " + std::to_string(minimum) + " enabled GCPs") != std::string::npos, e.what());
        BOOST_TEST(e.reason().find("disabled") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(duplicate_pixel_or_map_points_are_refused_naming_both)
{
    auto points = gridPoints(applyAffine);
    points[3].pixel = points[1].pixel;
    points[3].line = points[1].line;
    const auto e = fitErrorOf(points, GeoreferenceMethod::Affine);
    BOOST_TEST(e.object() == "GCPs 2, 4");
    BOOST_TEST(e.reason().find("same pixel position") != std::string::npos);

    auto maps = gridPoints(applyAffine);
    maps[5].x = maps[0].x;
    maps[5].y = maps[0].y;
    const auto m = fitErrorOf(maps, GeoreferenceMethod::Helmert);
    BOOST_TEST(m.object() == "GCPs 1, 6");
    BOOST_TEST(m.reason().find("same map position") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(collinear_gcps_are_refused_for_order_one_and_tps)
{
    std::vector<FitPoint> line;
    for (int i = 0; i < 5; ++i)
        line.push_back({i + 1, 10.0 + 100 * i, 20.0 + 50 * i, 1000.0 + 7 * i, 2000.0 - 3 * i * i, true});
    for (const auto method : {GeoreferenceMethod::Affine, GeoreferenceMethod::Poly1, GeoreferenceMethod::Tps}) {
        const auto e = fitErrorOf(line, method);
        BOOST_TEST(e.object() == "GCPs 1, 2, 3, 4, 5");
        BOOST_TEST(e.reason().find("lie on one line in the scan") != std::string::npos, e.what());
    }
    // Helmert needs only two distinct points, so a line is fine.
    BOOST_CHECK_NO_THROW(geo::fitGcps(line, GeoreferenceMethod::Helmert));
    // Collinear on the map, spread in the scan.
    auto mapLine = gridPoints(applyAffine);
    for (auto& q : mapLine)
        q.y = 2 * q.x + 5;
    BOOST_TEST(fitErrorOf(mapLine, GeoreferenceMethod::Affine).reason().find("on the map") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(rejects_collinear_gcps_for_order_two_and_points_on_a_conic)
{
    std::vector<FitPoint> line;
    for (int i = 0; i < 7; ++i)
        line.push_back({i + 1, 10.0 + 100 * i, 500.0, 1000.0 + 7 * i, 2000.0 + i * i, true});
    BOOST_TEST(fitErrorOf(line, GeoreferenceMethod::Poly2).reason().find("lie on one line") != std::string::npos);
    // Seven points on a circle: no unique quadratic (x^2 + y^2 - r^2 vanishes on all of them).
    std::vector<FitPoint> circle;
    for (int i = 0; i < 7; ++i) {
        const double t = 2 * M_PI * i / 7;
        circle.push_back({i + 1, 500 + 300 * std::cos(t), 400 + 300 * std::sin(t), 5000 + 2 * i + 100 * std::cos(t),
            7000 + 100 * std::sin(t) + 3 * i, true});
    }
    const auto e = fitErrorOf(circle, GeoreferenceMethod::Poly2);
    BOOST_TEST(e.object() == "GCPs 1, 2, 3, 4, 5, 6, 7");
    BOOST_TEST(e.reason().find("conic") != std::string::npos);
    BOOST_CHECK_NO_THROW(geo::fitGcps(circle, GeoreferenceMethod::Affine));
}

BOOST_AUTO_TEST_CASE(forward_then_inverse_returns_within_a_hundredth_of_a_pixel)
{
    auto bent = [](double p, double l) { return std::pair{300000 + 2 * p + 1e-4 * l * l, 4400000 - 2 * l + 2e-4 * p * p + 3e-8 * p * p * l}; };
    const auto points = gridPoints(bent, 5, 4);
    for (const auto method : {GeoreferenceMethod::Affine, GeoreferenceMethod::Helmert, GeoreferenceMethod::Poly1,
             GeoreferenceMethod::Poly2, GeoreferenceMethod::Poly3, GeoreferenceMethod::Tps}) {
        const geo::GcpTransform transform(points, method);
        for (const auto& q : points) {
            const auto map = transform.toMap(q.pixel, q.line);
            const auto back = transform.toPixel(map.x, map.y);
            BOOST_TEST(std::hypot(back.x - q.pixel, back.y - q.line) < 0.01, core::toString(method) << " GCP " << q.id);
        }
    }
}

BOOST_AUTO_TEST_CASE(gdal_reverse_gap_is_measured_for_polynomials)
{
    auto bent = [](double p, double l) { return std::pair{300000 + 2 * p + 1e-3 * l * l, 4400000 - 2 * l + 2e-3 * p * p}; };
    const auto points = gridPoints(bent, 5, 4);
    const auto affine = geo::fitGcps(points, GeoreferenceMethod::Affine);
    BOOST_TEST(affine.inverseGapPx == 0.0);
    const auto poly2 = geo::fitGcps(points, GeoreferenceMethod::Poly2);
    // The data is exactly quadratic, so the forward fit is exact: every map point sent back through the
    // exact inverse returns to its pixel (residual_px ~ 0), while GDAL's separately fitted reverse
    // polynomial misses by its own error, which is what inverseGapPx measures.
    BOOST_TEST(poly2.rmsMap < 1e-6);
    const geo::GcpTransform transform(points, GeoreferenceMethod::Poly2);
    double worstGdal = 0;
    for (const auto& r : poly2.residuals) {
        BOOST_TEST(r.residualPx < 1e-6, "GCP " << r.id);
        const auto& q = points.at(static_cast<std::size_t>(r.id - 1));
        const auto back = transform.toPixelGdalReverse(q.x, q.y);
        worstGdal = std::max(worstGdal, std::hypot(back.x - q.pixel, back.y - q.line));
    }
    BOOST_TEST(worstGdal > 0.01);
    BOOST_TEST(poly2.inverseGapPx == worstGdal, tt::tolerance(1e-6));
}

// On a real fit (Gettysburg's 9 rough GCPs), GDAL's own GCP/TPS transformers, driven directly here,
// do not send a pixel's fitted map point back to that pixel (their reverse is a separate fit); ours does.
// Checked at the GCPs and on a 12 x 12 grid over their bounding box (GDAL's reverse spline interpolates
// the GCPs themselves, so for tps the gap shows between them).
BOOST_AUTO_TEST_CASE(gettysburg_gdal_reverse_misses_but_the_exact_inverse_returns)
{
    std::vector<GDAL_GCP> gcps;
    static char empty[] = "";
    for (const auto& q : kGettysburg)
        gcps.push_back(GDAL_GCP{empty, empty, q.pixel, q.line, q.x, q.y, 0.0});
    for (const auto method : {GeoreferenceMethod::Poly2, GeoreferenceMethod::Tps}) {
        void* gdal = method == GeoreferenceMethod::Tps ? GDALCreateTPSTransformer(static_cast<int>(gcps.size()), gcps.data(), FALSE)
                                                       : GDALCreateGCPTransformer(static_cast<int>(gcps.size()), gcps.data(), 2, FALSE);
        BOOST_REQUIRE(gdal);
        const GDALTransformerFunc function = method == GeoreferenceMethod::Tps ? GDALTPSTransform : GDALGCPTransform;
        const geo::GcpTransform ours(kGettysburg, method);
        double worstGdal = 0, worstOurs = 0;
        std::vector<FitPoint> probes = kGettysburg;
        double minP = 1e300, maxP = -1e300, minL = 1e300, maxL = -1e300;
        for (const auto& q : kGettysburg) {
            minP = std::min(minP, q.pixel);
            maxP = std::max(maxP, q.pixel);
            minL = std::min(minL, q.line);
            maxL = std::max(maxL, q.line);
        }
        for (int i = 0; i < 12; ++i)
            for (int j = 0; j < 12; ++j)
                probes.push_back({0, minP + (maxP - minP) * i / 11.0, minL + (maxL - minL) * j / 11.0, 0, 0, true});
        for (const auto& q : probes) {
            double x = q.pixel, y = q.line, z = 0;
            int ok = 0;
            function(gdal, FALSE, 1, &x, &y, &z, &ok);
            BOOST_REQUIRE(ok);
            const double mapX = x, mapY = y;
            function(gdal, TRUE, 1, &x, &y, &z, &ok);
            BOOST_REQUIRE(ok);
            worstGdal = std::max(worstGdal, std::hypot(x - q.pixel, y - q.line));
            // Our forward fit is GDAL's: the same map point.
            const auto map = ours.toMap(q.pixel, q.line);
            BOOST_TEST(std::hypot(map.x - mapX, map.y - mapY) < 1e-6);
            const auto back = ours.toPixel(map.x, map.y);
            worstOurs = std::max(worstOurs, std::hypot(back.x - q.pixel, back.y - q.line));
        }
        GDALDestroyTransformer(gdal);
        BOOST_TEST_MESSAGE(core::toString(method) << ": GDAL reverse misses by up to " << worstGdal << " px, ours " << worstOurs);
        BOOST_TEST(worstGdal > 0.01, core::toString(method));
        BOOST_TEST(worstOurs < 0.01, core::toString(method));
        // residual_px goes through the exact inverse: for poly2 it is the GCP's given map point sent back.
        if (method == GeoreferenceMethod::Poly2) {
            const auto fit = geo::fitGcps(kGettysburg, method);
            for (std::size_t i = 0; i < kGettysburg.size(); ++i) {
                const auto back = ours.toPixel(kGettysburg[i].x, kGettysburg[i].y);
                BOOST_TEST(fit.residuals[i].residualPx
                    == std::hypot(back.x - kGettysburg[i].pixel, back.y - kGettysburg[i].line), tt::tolerance(1e-9));
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(non_finite_coordinates_are_refused_naming_the_gcp)
{
    auto points = gridPoints(applyAffine);
    points[2].x = std::nan("");
    BOOST_TEST(fitErrorOf(points, GeoreferenceMethod::Affine).object() == "GCP 3");
}

BOOST_AUTO_TEST_CASE(an_exactly_determined_fit_says_it_has_no_redundancy)
{
    // Affine from exactly 3 GCPs (k = 3) passes through all three: RMS 0 that proves nothing.
    const std::vector<geo::FitPoint> three = {{1, 0, 0, 1000, 5000, true}, {2, 100, 0, 1100, 5000, true},
        {3, 0, 100, 1000, 4900, true}};
    const auto exact = geo::fitGcps(three, GeoreferenceMethod::Affine);
    BOOST_TEST(exact.rmsMap < 1e-9);
    const auto note = geo::redundancyNote(exact);
    BOOST_REQUIRE(note.has_value());
    BOOST_TEST(note->find("no redundancy: residuals cannot show errors") != std::string::npos);
    BOOST_TEST(note->find("n = k = 3") != std::string::npos, *note);
    // A fourth GCP gives one degree of freedom per axis: the residuals mean something again.
    std::vector<geo::FitPoint> four = three;
    four.push_back({4, 100, 100, 1100, 4900, true});
    BOOST_TEST(!geo::redundancyNote(geo::fitGcps(four, GeoreferenceMethod::Affine)).has_value());
    // Helmert from exactly 2 (k = 2).
    const std::vector<geo::FitPoint> two(three.begin(), three.begin() + 2);
    BOOST_TEST(geo::redundancyNote(geo::fitGcps(two, GeoreferenceMethod::Helmert)).has_value());
}

BOOST_AUTO_TEST_CASE(a_refused_fit_still_shows_the_misplaced_gcp_by_leave_one_out)
{
    // An exact affine map x = 10 pixel, y = -10 line; E (50, 50) was given B's map position (1000, 0): the fit is
    // refused (two points at one map position).
    const std::vector<FitPoint> points{{1, 0, 0, 0, 0, true}, {2, 100, 0, 1000, 0, true}, {3, 0, 100, 0, -1000, true},
        {4, 100, 100, 1000, -1000, true}, {5, 50, 50, 1000, 0, true}};
    BOOST_CHECK_THROW(geo::fitGcps(points, GeoreferenceMethod::Affine), core::util::OperationError);
    const auto loo = geo::leaveOneOutResiduals(points, GeoreferenceMethod::Affine);
    BOOST_REQUIRE(loo.size() == 5u);
    // Without E the four others fit exactly: E's pixel goes to (500, -500), 500 m west and 500 m south of
    // (1000, 0): sqrt(500^2 + 500^2) = 707.107 m.
    BOOST_REQUIRE(loo[4].has_value());
    BOOST_TEST(loo[4]->dx == -500.0, tt::tolerance(1e-6));
    BOOST_TEST(loo[4]->dy == -500.0, tt::tolerance(1e-6));
    BOOST_TEST(loo[4]->residualMap == 707.10678, tt::tolerance(1e-6));
    // Without A, C or D, B and E still share a map position: no fit, no residual. Without B there is one.
    for (const std::size_t k : {0u, 2u, 3u})
        BOOST_TEST(!loo[k].has_value());
    BOOST_TEST(loo[1].has_value());
    // A disabled point gets none.
    std::vector<FitPoint> someOff = points;
    someOff[0].enabled = false;
    BOOST_TEST(!geo::leaveOneOutResiduals(someOff, GeoreferenceMethod::Affine)[0].has_value());
}

// The thin plate spline's evaluation (ours, with its Jacobian) against GDAL's own TPS transformer driven
// directly (an independent implementation of the same spline): the same map points to 1e-6 m on Gettysburg's
// 9 GCPs and on a rough layout of 60 GCPs, and a Jacobian equal to GDAL's central differences over 1e-3 px.
// With 3 GCPs the spline is their affine map: worked by hand, pixel (0,0) -> (1000, 2000), (100,0) ->
// (1200, 2010), (0,100) -> (990, 1700): x = 1000 + 2 p - 0.1 l, y = 2000 + 0.1 p - 3 l.
BOOST_AUTO_TEST_CASE(tps_evaluation_and_jacobian_match_gdal_and_the_hand_worked_affine_case)
{
    const std::vector<FitPoint> three{{1, 0, 0, 1000, 2000, true}, {2, 100, 0, 1200, 2010, true}, {3, 0, 100, 990, 1700, true}};
    const geo::GcpTransform affine(three, GeoreferenceMethod::Tps);
    core::Coordinate map;
    std::array<double, 4> j{};
    BOOST_REQUIRE(affine.toMapWithJacobian(37, 58, map, j));
    BOOST_TEST(map.x == 1000 + 2 * 37 - 0.1 * 58, tt::tolerance(1e-12));
    BOOST_TEST(map.y == 2000 + 0.1 * 37 - 3 * 58, tt::tolerance(1e-12));
    BOOST_TEST(std::abs(j[0] - 2.0) < 1e-9);
    BOOST_TEST(std::abs(j[1] + 0.1) < 1e-9);
    BOOST_TEST(std::abs(j[2] - 0.1) < 1e-9);
    BOOST_TEST(std::abs(j[3] + 3.0) < 1e-9);

    std::vector<FitPoint> rough;
    for (int k = 0; k < 60; ++k) {
        // A fixed scatter over 600 x 400 px; map points 5 m/px, each off by up to ~25 px in its own direction.
        const double p = std::fmod(k * 97.3, 600.0), l = std::fmod(k * 61.7 + 13, 400.0);
        const double e = 10 + std::fmod(k * 7.1, 15.0), a = k * 2.4;
        rough.push_back({k + 1, p, l, 500000 + 5 * (p + e * std::cos(a)), 4000000 - 5 * (l + e * std::sin(a)), true});
    }
    for (const std::vector<FitPoint>* points : std::initializer_list<const std::vector<FitPoint>*>{&kGettysburg, &rough}) {
        std::vector<GDAL_GCP> gcps;
        static char empty[] = "";
        for (const auto& q : *points)
            gcps.push_back(GDAL_GCP{empty, empty, q.pixel, q.line, q.x, q.y, 0.0});
        void* gdal = GDALCreateTPSTransformer(static_cast<int>(gcps.size()), gcps.data(), FALSE);
        BOOST_REQUIRE(gdal);
        const auto gdalAt = [gdal](double p, double l) {
            double x = p, y = l, z = 0;
            int ok = 0;
            GDALTPSTransform(gdal, FALSE, 1, &x, &y, &z, &ok);
            return core::Coordinate{x, y};
        };
        const geo::GcpTransform ours(*points, GeoreferenceMethod::Tps);
        double minP = 1e300, maxP = -1e300, minL = 1e300, maxL = -1e300;
        for (const auto& q : *points) {
            minP = std::min(minP, q.pixel);
            maxP = std::max(maxP, q.pixel);
            minL = std::min(minL, q.line);
            maxL = std::max(maxL, q.line);
        }
        double worstValue = 0, worstJacobian = 0;
        for (int i = 0; i < 15; ++i)
            for (int k = 0; k < 15; ++k) {
                const double p = minP + (maxP - minP) * (i + 0.37) / 15, l = minL + (maxL - minL) * (k + 0.61) / 15;
                BOOST_REQUIRE(ours.toMapWithJacobian(p, l, map, j));
                const core::Coordinate expected = gdalAt(p, l);
                worstValue = std::max(worstValue, std::hypot(map.x - expected.x, map.y - expected.y));
                const double h = 1e-3;
                const core::Coordinate px1 = gdalAt(p + h, l), px0 = gdalAt(p - h, l), pl1 = gdalAt(p, l + h), pl0 = gdalAt(p, l - h);
                const std::array<double, 4> differences{(px1.x - px0.x) / (2 * h), (pl1.x - pl0.x) / (2 * h), (px1.y - px0.y) / (2 * h), (pl1.y - pl0.y) / (2 * h)};
                for (std::size_t t = 0; t < 4; ++t)
                    worstJacobian = std::max(worstJacobian, std::abs(j[t] - differences[t]));
                BOOST_TEST(std::hypot(ours.toMap(p, l).x - map.x, ours.toMap(p, l).y - map.y) < 1e-9);
            }
        GDALDestroyTransformer(gdal);
        BOOST_TEST_MESSAGE(points->size() << " GCPs: worst map gap " << worstValue << " m, Jacobian " << worstJacobian);
        BOOST_TEST(worstValue < 1e-6);
        // Central differences over 1e-3 px of map coordinates ~1e6 m: rounding ~1e-10 / 1e-3, truncation ~1e-7.
        BOOST_TEST(worstJacobian < 1e-4);
    }
}

BOOST_AUTO_TEST_SUITE_END()
