// SPDX-License-Identifier: GPL-3.0-or-later
// A 2-D affine map, the one matrix type shared by the view, the raster geotransform and the renderer.
#pragma once

#include <array>
#include <optional>

namespace sandtable::editor {

/// A point in a plane (world metres, screen pixels or raster pixels, depending on the use).
struct Point {
    double x = 0.0;
    double y = 0.0;
    bool operator==(const Point&) const = default;
};

/// x' = a*x + c*y + e, y' = b*x + d*y + f (the cairo/wxGraphicsMatrix convention).
struct Affine2D {
    double a = 1.0;
    double b = 0.0;
    double c = 0.0;
    double d = 1.0;
    double e = 0.0;
    double f = 0.0;
    bool operator==(const Affine2D&) const = default;

    static Affine2D identity() { return {}; }
    static Affine2D translation(double dx, double dy) { return {1.0, 0.0, 0.0, 1.0, dx, dy}; }
    static Affine2D scaling(double sx, double sy) { return {sx, 0.0, 0.0, sy, 0.0, 0.0}; }
    /// From the 6 GDAL geotransform numbers (pixel/line -> map): X = gt0 + gt1*P + gt2*L, Y = gt3 + gt4*P + gt5*L.
    static Affine2D fromGeoTransform(const std::array<double, 6>& gt);

    Point apply(Point p) const { return {a * p.x + c * p.y + e, b * p.x + d * p.y + f}; }
    double determinant() const { return a * d - b * c; }
    /// The inverse map, or nullopt when the matrix is singular (|det| below 1e-300).
    std::optional<Affine2D> inverse() const;
    /// (this * other)(p) = this(other(p)): `other` applies first.
    Affine2D operator*(const Affine2D& other) const;
};

} // namespace sandtable::editor
