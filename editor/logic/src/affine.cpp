// SPDX-License-Identifier: GPL-3.0-or-later
// Composition and inversion of 2-D affine maps.
#include "sandtable/editor/logic/affine.hpp"

#include <cmath>

namespace sandtable::editor {

Affine2D Affine2D::fromGeoTransform(const std::array<double, 6>& gt)
{
    return {gt[1], gt[4], gt[2], gt[5], gt[0], gt[3]};
}

std::optional<Affine2D> Affine2D::inverse() const
{
    const double det = determinant();
    if (!(std::abs(det) > 1e-300))
        return std::nullopt;
    const double ia = d / det;
    const double ib = -b / det;
    const double ic = -c / det;
    const double id = a / det;
    return Affine2D{ia, ib, ic, id, -(ia * e + ic * f), -(ib * e + id * f)};
}

Affine2D Affine2D::operator*(const Affine2D& o) const
{
    return {a * o.a + c * o.b, b * o.a + d * o.b, a * o.c + c * o.d, b * o.c + d * o.d, a * o.e + c * o.f + e,
        b * o.e + d * o.f + f};
}

} // namespace sandtable::editor
