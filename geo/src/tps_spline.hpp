// SPDX-License-Identifier: GPL-3.0-or-later
// A thin plate spline solved and evaluated here, with its Jacobian (private to importers).
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace sandtable::geo::detail {

/// The thin plate spline through n points (`from`[i] -> `to`[i]), GDAL's (alg/thinplatespline.cpp: kernel
/// r^2 log r^2 plus an affine part, the kernel weights summing to 0 against 1, x and y): the same spline up
/// to rounding, as a thin plate spline is the same under any similarity of the `from` plane, so it is solved
/// here on `from` centred and scaled to [-1, 1] and `to` offset by its mean. Why not GDAL's own: GDAL's
/// transformer gives no Jacobian and evaluates one point per kernel and log; the exact inverse of the warp
/// evaluates the spline some millions of times (issue 43 item 2: a 1600 x 1018 scan with 343 rough GCPs
/// took ~47 million evaluations, 2 minutes of CPU). Here the kernel sums run four points at a time (AVX2 and
/// FMA where the CPU has them, with a logarithm accurate to a few units in the last place), and the
/// Jacobian comes from the same logarithms: d(r^2 log r^2)/du = 2 (log r^2 + 1) du.
/// Read-only after construction: safe to share between threads.
class TpsSpline {
public:
    /// Solves the spline; solved() is false when the system is singular or the solution not finite
    /// (nothing is thrown). `from` and `to` have the same size n >= 3.
    TpsSpline(const std::vector<core::Coordinate>& from, const std::vector<core::Coordinate>& to);

    bool solved() const { return m_solved; }

    /// The spline at (x, y) in `from` units.
    core::Coordinate at(double x, double y) const;
    /// The spline at (x, y) and its Jacobian {dX/dx, dX/dy, dY/dx, dY/dy}.
    core::Coordinate at(double x, double y, std::array<double, 4>& jacobian) const;

private:
    template <bool Jacobian>
    core::Coordinate evaluate(double x, double y, std::array<double, 4>* jacobian) const;

    bool m_solved = false;
    double m_cx = 0.0, m_cy = 0.0, m_scale = 1.0; ///< `from` centred and scaled
    double m_ox = 0.0, m_oy = 0.0;                ///< `to`'s mean
    std::vector<double> m_u, m_v, m_wx, m_wy;     ///< kernel centres and weights, padded to a multiple of 4 with weight 0
    std::array<double, 3> m_ax{}, m_ay{};         ///< affine part in normalised units: constant, u, v
};

} // namespace sandtable::geo::detail
