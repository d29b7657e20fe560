// SPDX-License-Identifier: GPL-3.0-or-later
#include "tps_leave_one_out.hpp"
#include "tps_system.hpp"

#include <algorithm>
#include <cmath>

namespace sandtable::geo::detail {

TpsLeaveOneOut::TpsLeaveOneOut(const std::vector<core::Coordinate>& pixels, const std::vector<core::Coordinate>& map)
{
    const std::size_t n = pixels.size();
    if (n < 4 || map.size() != n)
        return;
    TpsSystem built = tpsSystem(pixels, map);
    m_cx = built.cx;
    m_cy = built.cy;
    m_scale = built.scale;
    m_mapX = built.ox;
    m_mapY = built.oy;
    m_u = std::move(built.u);
    m_v = std::move(built.v);
    const Eigen::MatrixXd& system = built.system;
    const Eigen::MatrixXd& values = built.values;
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
        const double k = tpsKernel(du * du + dv * dv);
        x += c(j, 0) * k;
        y += c(j, 1) * k;
    }
    return {x + o.m_mapX, y + o.m_mapY};
}

} // namespace sandtable::geo::detail
