// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting ground control points (affine, Helmert, polynomial 1-3, thin plate spline) through GDAL, with
// residuals and RMS figures as cli.md defines them.
#pragma once

#include "sandtable/core/model/geometry.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::geo {

/// A GCP whose map position is already in the target CRS. Pixel/line in GDAL's convention: (0,0) is the
/// top-left corner of the top-left pixel, line grows downwards. x/y in target-CRS units (metres for UTM).
struct FitPoint {
    int id = 0;
    double pixel = 0.0;
    double line = 0.0;
    double x = 0.0;
    double y = 0.0;
    bool enabled = true;
};

/// The fitted transform from pixel/line to the target CRS and back, built from the enabled points.
/// - affine/poly1: GDAL's least-squares geotransform (GDALGCPsToGeoTransform); inverse exact.
/// - helmert: least-squares similarity (uniform scale, rotation, shift; the line axis mirrored as
///   scans are); inverse exact.
/// - poly2/poly3: GDAL's polynomial transformer (GDALCreateGCPTransformer), whose map->pixel direction is
///   a separately fitted polynomial ("GDAL reverse"); toPixel() refines it to the exact inverse of the
///   forward polynomial by Newton iteration.
/// - tps: GDAL's thin plate spline (GDALCreateTPSTransformer), same inverse handling as poly2/3; evaluated
///   (both directions) by our own solve of the same spline (detail::TpsSpline: equal to GDAL's to rounding,
///   ~1e-9 of a pixel, with an analytic Jacobian and four kernels at a time), GDAL's where that solve fails.
/// Construction refuses, before solving, too few points and degenerate layouts (see fitGcps()).
class GcpTransform {
public:
    /// Throws core::util::OperationError(context, "GCP ...", reason) as fitGcps() does.
    GcpTransform(const std::vector<FitPoint>& points, core::GeoreferenceMethod method, const std::string& context = {});
    ~GcpTransform();
    GcpTransform(GcpTransform&&) noexcept;
    GcpTransform& operator=(GcpTransform&&) noexcept;

    core::GeoreferenceMethod method() const;
    /// Pixel/line -> target CRS.
    core::Coordinate toMap(double pixel, double line) const;
    /// toMap() with its Jacobian {dx/dpixel, dx/dline, dy/dpixel, dy/dline}, where it is analytic (affine,
    /// poly1, helmert, tps, and poly2/poly3: GDAL's value with the derivatives of transform()'s coefficients):
    /// true; false for a spline only GDAL could solve, `map` and `jacobian` then untouched.
    bool toMapWithJacobian(double pixel, double line, core::Coordinate& map, std::array<double, 4>& jacobian) const;
    /// Target CRS -> pixel/line through the exact inverse of toMap(): for poly2/poly3/tps toPixelFrom()
    /// started at GDAL's reverse, to 1e-9 px. NaN when no root is found (e.g. a map point outside the
    /// region the fit covers, or beyond where a polynomial folds). Safe to call from several threads.
    core::Coordinate toPixel(double x, double y) const;
    /// The exact inverse from a chosen start (scan pixel/line): damped Newton on toMap() (steps halved
    /// until they bring the map point closer, so a start beyond a fold of the fit walks back to its own
    /// sheet rather than jumping far), converged when a step is below `tolerancePx` (at least 1e-9) px.
    /// Where Newton stalls (a start just outside a fold, whose root lies on another sheet), starts on rings
    /// of 2, 4, ..., 256 px around `start`: of the first ring that finds a root, the root nearest `start`.
    /// NaN when none is found. Where the fit folds a map point has several roots: the one returned depends
    /// on `start`. affine/poly1/helmert: the exact inverse, `start` unused.
    core::Coordinate toPixelFrom(double x, double y, core::Coordinate start, double tolerancePx) const;
    /// Target CRS -> pixel/line through GDAL's own reverse transform (what GDAL's warper uses; equal to
    /// toPixel() for affine/poly1/helmert, a separate fit for poly2/poly3, the reverse spline for tps).
    core::Coordinate toPixelGdalReverse(double x, double y) const;
    /// core::Georeference::transform: the 6 geotransform numbers for affine/poly1/helmert; for poly2/3
    /// the forward polynomial coefficients in raw pixel/line (x terms then y terms, GDAL's term order
    /// 1, p, l, p^2, p*l, l^2, p^3, p^2*l, p*l^2, l^3); empty for tps.
    const std::vector<double>& transform() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// One GCP's figures. For tps they are leave-one-out: the spline fitted without this GCP (with only 3
/// enabled GCPs, the 2 others determine no spline: the Helmert similarity of those 2 is used).
struct GcpResidual {
    int id = 0;
    bool enabled = true;
    double fittedX = 0.0;    ///< the fit applied to the GCP's pixel, target units
    double fittedY = 0.0;
    double dx = 0.0;         ///< fittedX - given x, target units
    double dy = 0.0;         ///< fittedY - given y
    double residualMap = 0.0;///< hypot(dx, dy)
    double backPixel = 0.0;  ///< the GCP's map point sent back through the exact inverse (GcpTransform::toPixel)
    double backLine = 0.0;
    double residualPx = 0.0; ///< distance from (pixel, line) to (backPixel, backLine), scan pixels
};

/// The outcome of a fit. RMS figures are over the n enabled GCPs; disabled ones get residuals from the
/// fit (so the user can judge re-enabling them) but count in no figure.
struct GcpFit {
    core::GeoreferenceMethod method = core::GeoreferenceMethod::Affine;
    int enabledCount = 0;                 ///< n
    int minimum = 0;                      ///< k, the method's minimum (core::minimumGcps)
    std::vector<double> transform;        ///< as GcpTransform::transform()
    std::vector<GcpResidual> residuals;   ///< one per input point, input order
    double rmsMap = 0.0;                  ///< sqrt(sum residualMap^2 / n), target units
    std::optional<double> meanErrorMap;   ///< sqrt(sum residualMap^2 / (n - k)); empty when n == k
    double rmsPx = 0.0;                   ///< sqrt(sum residualPx^2 / n), scan pixels
    /// Largest distance, over the enabled GCPs, between GDAL's reverse transform and the exact inverse of
    /// the forward fit, scan pixels: 0 for affine/poly1/helmert; the error GDAL's warper makes there.
    double inverseGapPx = 0.0;
};

/// Fits `points` with `method` and reports residuals (cli.md). Refused before solving, with
/// core::util::OperationError(context, <the GCP ids>, <what is wrong and what to do>):
/// - fewer enabled points than the method's minimum (helmert 2, affine/poly1/tps 3, poly2 6, poly3 10);
/// - two enabled points at the same pixel, or at the same map position;
/// - for affine/poly1/tps: all points on one line (in the scan or on the map);
/// - for poly2/poly3: points on one line, or otherwise not determining the polynomial (e.g. on a conic);
/// - for tps: a leave-one-out subset that cannot be fitted.
/// A fit GDAL itself refuses is an OperationError with GDAL's reason.
GcpFit fitGcps(const std::vector<FitPoint>& points, core::GeoreferenceMethod method, const std::string& context = {});

/// Whether the GCPs describe a mirrored map: the affine fit of the enabled points (whatever the method) turns
/// the scan over, i.e. its determinant a*e - b*d is positive, where pixel grows east and line grows south
/// while map y grows north. No scan is a mirror image of its ground, so this is what swapped x and y (or
/// longitude and latitude) in the map columns, or pixel and line swapped, look like: the swapped points
/// fit just as well, only turned over. Empty when they do not; else why, naming what to swap. False
/// (nothing to say) when the points cannot be fitted by an affine transform (fewer than 3, on one line).
std::optional<std::string> mirroredFit(const std::vector<FitPoint>& points);

/// What each GCP's residual is against the fit of the others (leave-one-out), for a set the fit refuses (issue 46
/// item 1: one misplaced GCP refused the fit and blanked every residual, so it could not be found). For each
/// enabled point: the fit of the other enabled points (refused as fitGcps refuses, and as mirroredFit says),
/// applied to its pixel; nullopt when that fit is refused too, or the point is disabled. The misplaced point is
/// the one whose leaving out lets the others fit, with a large residual: five points of an exact affine map
/// one of which is given the map position of another show it as 707.11 m and the others without.
std::vector<std::optional<GcpResidual>> leaveOneOutResiduals(const std::vector<FitPoint>& points, core::GeoreferenceMethod method);

/// When the fit is exactly determined (n enabled GCPs = the method's minimum k, not TPS, whose residuals are
/// leave-one-out): "no redundancy: residuals cannot show errors (n = k = 6 for poly2; add GCPs to check the
/// fit)". An exactly determined fit passes through every GCP, so its RMS of 0 says nothing about the map.
/// Empty otherwise.
std::optional<std::string> redundancyNote(const GcpFit& fit);

} // namespace sandtable::geo
