// SPDX-License-Identifier: GPL-3.0-or-later
#include "tps_leave_one_out.hpp"

#include <algorithm>
#include <cmath>

namespace sandtable::importers::detail {
namespace {

/// GDAL's thin plate spline kernel of a squared distance: r^2 log r^2 (0 at r = 0).
double kernel(double r2)
{
    return r2 > 0.0 ? r2 * std::log(r2) : 0.0;
}

} // namespace

TpsLeaveOneOut::TpsLeaveOneOut(const std::vector<core::Coordinate>& pixels, const std::vector<core::Coordinate>& map)
{
    const std::size_t n = pixels.size();
    if (n < 4 || map.size() != n)
        return;
    for (std::size_t j = 0; j < n; ++j) {
        m_cx += pixels[j].x;
        m_cy += pixels[j].y;
        m_mapX += map[j].x;
        m_mapY += map[j].y;
    }
    m_cx /= static_cast<double>(n);
    m_cy /= static_cast<double>(n);
    m_mapX /= static_cast<double>(n);
    m_mapY /= static_cast<double>(n);
    double spread = 0.0;
    for (const core::Coordinate& p : pixels)
        spread = std::max({spread, std::abs(p.x - m_cx), std::abs(p.y - m_cy)});
    m_scale = spread > 0.0 ? spread : 1.0;
    for (const core::Coordinate& p : pixels) {
        m_u.push_back((p.x - m_cx) / m_scale);
        m_v.push_back((p.y - m_cy) / m_scale);
    }
    const auto size = static_cast<Eigen::Index>(n + 3);
    Eigen::MatrixXd system = Eigen::MatrixXd::Zero(size, size);
    Eigen::MatrixXd values = Eigen::MatrixXd::Zero(size, 2);
    for (std::size_t j = 0; j < n; ++j) {
        const auto row = static_cast<Eigen::Index>(j);
        for (std::size_t k = j + 1; k < n; ++k) {
            const double du = m_u[j] - m_u[k], dv = m_v[j] - m_v[k];
            system(row, static_cast<Eigen::Index>(k)) = system(static_cast<Eigen::Index>(k), row) = kernel(du * du + dv * dv);
        }
        const double affine[3] = {1.0, m_u[j], m_v[j]};
        for (Eigen::Index t = 0; t < 3; ++t)
            system(row, static_cast<Eigen::Index>(n) + t) = system(static_cast<Eigen::Index>(n) + t, row) = affine[t];
        values(row, 0) = map[j].x - m_mapX;
        values(row, 1) = map[j].y - m_mapY;
    }
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(system);
    if (!lu.isInvertible())
        return;
    m_inverse = lu.inverse();
    m_coefficients = m_inverse * values;
    m_solved = m_inverse.allFinite() && m_coefficients.allFinite();
    if (m_solved)
        m_largestWeightDiagonal = m_inverse.diagonal().head(static_cast<Eigen::Index>(n)).cwiseAbs().maxCoeff();
}

bool TpsLeaveOneOut::available(std::size_t i) const
{
    if (!m_solved || i >= size())
        return false;
    const auto at = static_cast<Eigen::Index>(i);
    const double diagonal = m_inverse(at, at);
    // In exact arithmetic (M^-1)_ii is 0 exactly when the others determine no spline; 1e-12 of the largest
    // such entry is rounding.
    return std::isfinite(diagonal) && std::abs(diagonal) > 1e-12 * m_largestWeightDiagonal;
}

TpsLeaveOneOut::Spline TpsLeaveOneOut::without(std::size_t i) const
{
    const auto at = static_cast<Eigen::Index>(i);
    Spline spline;
    spline.m_owner = this;
    spline.m_coefficients = m_coefficients - m_inverse.col(at) * (m_coefficients.row(at) / m_inverse(at, at));
    spline.m_coefficients.row(at).setZero(); // the weight of the GCP left out, 0 up to rounding
    return spline;
}

core::Coordinate TpsLeaveOneOut::Spline::toMap(double pixel, double line) const
{
    const TpsLeaveOneOut& o = *m_owner;
    const std::size_t n = o.size();
    const double u = (pixel - o.m_cx) / o.m_scale, v = (line - o.m_cy) / o.m_scale;
    const auto c = [this](std::size_t row, Eigen::Index column) { return m_coefficients(static_cast<Eigen::Index>(row), column); };
    double x = c(n, 0) + c(n + 1, 0) * u + c(n + 2, 0) * v;
    double y = c(n, 1) + c(n + 1, 1) * u + c(n + 2, 1) * v;
    for (std::size_t j = 0; j < n; ++j) {
        const double du = u - o.m_u[j], dv = v - o.m_v[j];
        const double k = kernel(du * du + dv * dv);
        x += c(j, 0) * k;
        y += c(j, 1) * k;
    }
    return {x + o.m_mapX, y + o.m_mapY};
}

} // namespace sandtable::importers::detail
