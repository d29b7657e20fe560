// SPDX-License-Identifier: GPL-3.0-or-later
#include "tps_system.hpp"

#include <algorithm>

namespace sandtable::geo::detail {

TpsSystem tpsSystem(const std::vector<core::Coordinate>& from, const std::vector<core::Coordinate>& to)
{
    TpsSystem t;
    const std::size_t n = from.size();
    for (std::size_t j = 0; j < n; ++j) {
        t.cx += from[j].x;
        t.cy += from[j].y;
        t.ox += to[j].x;
        t.oy += to[j].y;
    }
    const double count = static_cast<double>(std::max<std::size_t>(n, 1));
    t.cx /= count;
    t.cy /= count;
    t.ox /= count;
    t.oy /= count;
    double spread = 0.0;
    for (const core::Coordinate& p : from)
        spread = std::max({spread, std::abs(p.x - t.cx), std::abs(p.y - t.cy)});
    t.scale = spread > 0.0 ? spread : 1.0;
    for (const core::Coordinate& p : from) {
        t.u.push_back((p.x - t.cx) / t.scale);
        t.v.push_back((p.y - t.cy) / t.scale);
    }
    const auto size = static_cast<Eigen::Index>(n + 3);
    t.system = Eigen::MatrixXd::Zero(size, size);
    t.values = Eigen::MatrixXd::Zero(size, 2);
    for (std::size_t j = 0; j < n; ++j) {
        const auto row = static_cast<Eigen::Index>(j);
        for (std::size_t k = j + 1; k < n; ++k) {
            const double du = t.u[j] - t.u[k], dv = t.v[j] - t.v[k];
            t.system(row, static_cast<Eigen::Index>(k)) = t.system(static_cast<Eigen::Index>(k), row) = tpsKernel(du * du + dv * dv);
        }
        const double affine[3] = {1.0, t.u[j], t.v[j]};
        for (Eigen::Index a = 0; a < 3; ++a)
            t.system(row, static_cast<Eigen::Index>(n) + a) = t.system(static_cast<Eigen::Index>(n) + a, row) = affine[a];
        t.values(row, 0) = to[j].x - t.ox;
        t.values(row, 1) = to[j].y - t.oy;
    }
    return t;
}

} // namespace sandtable::geo::detail
