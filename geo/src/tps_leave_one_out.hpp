// SPDX-License-Identifier: GPL-3.0-or-later
// Every leave-one-out thin plate spline of a set of GCPs from one factorisation (private to importers).
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <Eigen/Dense>

#include <cstddef>
#include <vector>

namespace sandtable::geo::detail {

/// The n thin plate splines of n GCPs that each leave one GCP out, from one LU factorisation of the
/// spline's (n + 3) x (n + 3) system M instead of n fits (Rippa 1999, "An algorithm for selecting a good
/// value for the parameter c in radial basis function interpolation": for an interpolant solving M a = b,
/// the spline without point i has the coefficients a - (a_i / (M^-1)_ii) M^-1 e_i, and misses point i by
/// a_i / (M^-1)_ii). The kernel r^2 log r^2 with an affine part is GDAL's (alg/thinplatespline.cpp), and a
/// thin plate spline is the same under any similarity of the pixel plane, so each spline is, up to
/// rounding, the one GDAL's TPS transformer fits to the other GCPs; GDAL offers no leave-one-out, and n
/// refits of 440 GCPs took 24 s where this takes a fraction of a second.
class TpsLeaveOneOut {
public:
    /// `pixels`: the GCPs' (pixel, line); `map`: their map points, same order and size (n >= 4). The
    /// factorisation is kept; nothing is thrown: a system that cannot be solved leaves every spline
    /// unavailable.
    TpsLeaveOneOut(const std::vector<core::Coordinate>& pixels, const std::vector<core::Coordinate>& map);

    std::size_t size() const { return m_u.size(); }

    /// Whether the spline without GCP `i` comes from the factorisation: false when the system is singular
    /// or the other GCPs determine no spline ((M^-1)_ii vanishes: they are collinear, say).
    bool available(std::size_t i) const;

    /// The spline of every GCP but one: pixel/line -> map.
    class Spline {
    public:
        core::Coordinate toMap(double pixel, double line) const;

    private:
        friend class TpsLeaveOneOut;
        const TpsLeaveOneOut* m_owner = nullptr;
        Eigen::MatrixXd m_coefficients; ///< (n + 3) x 2: kernel weights, then constant, pixel, line terms
    };

    /// The spline without GCP `i` (available(i) must hold).
    Spline without(std::size_t i) const;

private:
    double m_cx = 0.0, m_cy = 0.0, m_scale = 1.0; ///< pixel plane centred and scaled for conditioning
    double m_mapX = 0.0, m_mapY = 0.0;            ///< map points offset by their mean for rounding
    std::vector<double> m_u, m_v;                 ///< the GCPs' normalised pixel coordinates
    bool m_solved = false;
    Eigen::MatrixXd m_inverse;                    ///< M^-1
    Eigen::MatrixXd m_coefficients;               ///< M^-1 b, (n + 3) x 2
    double m_largestWeightDiagonal = 0.0;         ///< max |(M^-1)_ii| over the n GCPs
};

} // namespace sandtable::geo::detail
