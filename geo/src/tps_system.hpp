// SPDX-License-Identifier: GPL-3.0-or-later
// The linear system of a thin plate spline, GDAL's (alg/thinplatespline.cpp), set up once for the spline the
// warp evaluates (tps_spline) and for the leave-one-out splines of the residual table (tps_leave_one_out)
// (private to importers).
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <Eigen/Dense>

#include <cmath>
#include <vector>

namespace sandtable::geo::detail {

/// GDAL's thin plate spline kernel of a squared distance: r^2 log r^2 (0 at r = 0).
inline double tpsKernel(double r2) { return r2 > 0.0 ? r2 * std::log(r2) : 0.0; }

/// The system M a = b of the spline through n points `from`[i] -> `to`[i]. A thin plate spline is the same
/// under any similarity of the `from` plane, so `from` is centred on its mean and divided by its largest
/// offset from it (the normalised points (u, v) lie in [-1, 1]: conditioning); `to` is offset by its mean
/// (rounding). Rows and columns 0..n-1: the kernel between points (0 on the diagonal); n..n+2: the affine
/// part 1, u, v, and its side conditions (the weights sum to 0 against 1, u and v).
struct TpsSystem {
    double cx = 0.0, cy = 0.0, scale = 1.0; ///< `from`'s mean and largest offset from it (1 when all coincide)
    double ox = 0.0, oy = 0.0;              ///< `to`'s mean
    std::vector<double> u, v;               ///< the normalised `from` points
    Eigen::MatrixXd system;                 ///< M, (n + 3) x (n + 3)
    Eigen::MatrixXd values;                 ///< b, (n + 3) x 2: `to` less its mean, then zeros
};

/// The system of `from` -> `to` (the same size n >= 1; nothing is checked or thrown).
TpsSystem tpsSystem(const std::vector<core::Coordinate>& from, const std::vector<core::Coordinate>& to);

} // namespace sandtable::geo::detail
