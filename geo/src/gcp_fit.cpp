// SPDX-License-Identifier: GPL-3.0-or-later
// GCP fitting: layout checks before solving, GDAL's affine/polynomial/TPS fits, our Helmert, residuals.
#include "sandtable/geo/gcp_fit.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "tps_leave_one_out.hpp"
#include "tps_spline.hpp"

#include <Eigen/Dense>
#include <gdal_alg.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <numbers>
#include <numeric>

namespace sandtable::geo {
namespace {

using core::GeoreferenceMethod;

int polynomialOrder(GeoreferenceMethod method)
{
    switch (method) {
    case GeoreferenceMethod::Poly2: return 2;
    case GeoreferenceMethod::Poly3: return 3;
    default: return 1;
    }
}

std::size_t termCount(int order) { return static_cast<std::size_t>((order + 1) * (order + 2) / 2); }

/// GDAL's term order: 1, x, y, x^2, xy, y^2, x^3, x^2y, xy^2, y^3.
const std::array<std::pair<int, int>, 10> kTermPowers{{{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1}, {0, 2}, {3, 0}, {2, 1}, {1, 2}, {0, 3}}};

/// The design matrix of a polynomial of `order` at `pts` (one row per point, GDAL's term order), in
/// coordinates centred on `cx, cy` and divided by `scale`.
Eigen::MatrixXd designMatrix(const std::vector<core::Coordinate>& pts, int order, double cx, double cy, double scale)
{
    const auto terms = static_cast<Eigen::Index>(termCount(order));
    Eigen::MatrixXd design(static_cast<Eigen::Index>(pts.size()), terms);
    for (std::size_t r = 0; r < pts.size(); ++r) {
        const double x = (pts[r].x - cx) / scale, y = (pts[r].y - cy) / scale;
        for (Eigen::Index t = 0; t < terms; ++t) {
            const auto [i, j] = kTermPowers[static_cast<std::size_t>(t)];
            design(static_cast<Eigen::Index>(r), t) = std::pow(x, i) * std::pow(y, j);
        }
    }
    return design;
}

/// Centre and scale so coordinates lie in [-1, 1]: conditioning for rank checks and polynomial solves.
struct Normalisation {
    double cx = 0.0, cy = 0.0, scale = 1.0;
};

Normalisation normalisationOf(const std::vector<core::Coordinate>& pts)
{
    Normalisation n;
    for (const auto& p : pts) {
        n.cx += p.x;
        n.cy += p.y;
    }
    n.cx /= static_cast<double>(pts.size());
    n.cy /= static_cast<double>(pts.size());
    double m = 0.0;
    for (const auto& p : pts)
        m = std::max({m, std::abs(p.x - n.cx), std::abs(p.y - n.cy)});
    n.scale = m > 0.0 ? m : 1.0;
    return n;
}

/// True when the points determine every coefficient of a polynomial of `order` (its design matrix has
/// full column rank, judged on normalised coordinates).
bool determinesPolynomial(const std::vector<core::Coordinate>& pts, int order)
{
    if (pts.size() < termCount(order))
        return false;
    const Normalisation n = normalisationOf(pts);
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(designMatrix(pts, order, n.cx, n.cy, n.scale));
    const double largest = svd.singularValues().maxCoeff(), smallest = svd.singularValues().minCoeff();
    // Singular values below 1e-9 of the largest: exactly degenerate up to rounding of real coordinates.
    return largest > 0.0 && smallest > 1e-9 * largest;
}

std::string idList(const std::vector<int>& ids)
{
    std::string out = ids.size() == 1 ? "GCP " : "GCPs ";
    for (std::size_t i = 0; i < ids.size(); ++i)
        out += (i ? ", " : "") + std::to_string(ids[i]);
    return out;
}

const char* methodLabel(GeoreferenceMethod method)
{
    switch (method) {
    case GeoreferenceMethod::Affine: return _("an affine fit");
    case GeoreferenceMethod::Helmert: return _("a Helmert (similarity) fit");
    case GeoreferenceMethod::Poly1: return _("a first-order polynomial");
    case GeoreferenceMethod::Poly2: return _("a second-order polynomial");
    case GeoreferenceMethod::Poly3: return _("a third-order polynomial");
    case GeoreferenceMethod::Tps: return _("a thin plate spline");
    }
    return _("the fit");
}

/// The checks of fitGcps()'s contract, on the enabled points, before anything is solved.
void checkLayout(const std::vector<FitPoint>& enabled, const std::vector<FitPoint>& all, GeoreferenceMethod method,
    const std::string& context)
{
    const int minimum = core::minimumGcps(method);
    std::vector<int> ids;
    for (const auto& p : enabled)
        ids.push_back(p.id);
    if (static_cast<int>(enabled.size()) < minimum) {
        std::vector<int> disabled;
        for (const auto& p : all)
            if (!p.enabled)
                disabled.push_back(p.id);
        throw core::util::OperationError(context, enabled.empty() ? "GCPs" : idList(ids),
            disabled.empty()
                ? core::i18n::format(P_("{1} needs at least {2} enabled GCP, {3} enabled: add or enable GCPs, or choose a "
                                        "method that needs fewer",
                                         "{1} needs at least {2} enabled GCPs, {3} enabled: add or enable GCPs, or choose a "
                                         "method that needs fewer",
                                         minimum),
                      {methodLabel(method), std::to_string(minimum), std::to_string(enabled.size())})
                : core::i18n::format(P_("{1} needs at least {2} enabled GCP, {3} enabled ({4} disabled): add or enable "
                                        "GCPs, or choose a method that needs fewer",
                                         "{1} needs at least {2} enabled GCPs, {3} enabled ({4} disabled): add or enable "
                                         "GCPs, or choose a method that needs fewer",
                                         minimum),
                      {methodLabel(method), std::to_string(minimum), std::to_string(enabled.size()), idList(disabled)}));
    }
    std::vector<core::Coordinate> pixels, maps;
    for (const auto& p : enabled) {
        pixels.push_back({p.pixel, p.line});
        maps.push_back({p.x, p.y});
    }
    // `pattern` is the translated reason, {1} and {2} the duplicated position.
    auto checkDuplicates = [&](const std::vector<core::Coordinate>& pts, const char* pattern) {
        const Normalisation n = normalisationOf(pts);
        const double tolerance = 1e-9 * n.scale;
        for (std::size_t i = 0; i < pts.size(); ++i)
            for (std::size_t j = i + 1; j < pts.size(); ++j)
                if (std::hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y) <= tolerance)
                    throw core::util::OperationError(context, idList({enabled[i].id, enabled[j].id}),
                        core::i18n::format(pattern, {gdal::formatNumber(pts[i].x), gdal::formatNumber(pts[i].y)}));
    };
    checkDuplicates(pixels, _("duplicate GCPs: same pixel position ({1}, {2}): remove or disable one of them"));
    checkDuplicates(maps, _("duplicate GCPs: same map position ({1}, {2}): remove or disable one of them"));
    if (method == GeoreferenceMethod::Helmert)
        return;
    const int order = polynomialOrder(method);
    for (const auto* set : {&pixels, &maps}) {
        const bool inScan = set == &pixels;
        if (!determinesPolynomial(*set, 1))
            throw core::util::OperationError(context, idList(ids),
                core::i18n::format(inScan ? _("the GCPs lie on one line in the scan: {1} needs points spread in two "
                                              "directions; add GCPs away from that line (or use helmert, which needs only 2)")
                                          : _("the GCPs lie on one line on the map: {1} needs points spread in two "
                                              "directions; add GCPs away from that line (or use helmert, which needs only 2)"),
                    {methodLabel(method)}));
        if (order > 1 && !determinesPolynomial(*set, order))
            throw core::util::OperationError(context, idList(ids),
                core::i18n::format(inScan ? _("the GCPs in the scan do not determine {1} (they lie on {2}): add GCPs "
                                              "elsewhere in the scan, or use a lower order")
                                          : _("the GCPs on the map do not determine {1} (they lie on {2}): add GCPs "
                                              "elsewhere in the scan, or use a lower order"),
                    {methodLabel(method), order == 2 ? _("one conic, e.g. a circle or two lines") : _("one cubic curve")}));
    }
}

std::vector<GDAL_GCP> toGdal(const std::vector<FitPoint>& points)
{
    static char empty[] = "";
    std::vector<GDAL_GCP> out;
    for (const auto& p : points)
        out.push_back(GDAL_GCP{empty, empty, p.pixel, p.line, p.x, p.y, 0.0});
    return out;
}

/// Least-squares similarity with the line axis mirrored (scans: line down, northing up):
/// x = tx + a*p + b*l, y = ty + b*p - a*l. Closed form on centred coordinates.
std::array<double, 6> fitHelmert(const std::vector<FitPoint>& points)
{
    double mp = 0, ml = 0, mx = 0, my = 0;
    for (const auto& p : points) {
        mp += p.pixel;
        ml += p.line;
        mx += p.x;
        my += p.y;
    }
    const double n = static_cast<double>(points.size());
    mp /= n;
    ml /= n;
    mx /= n;
    my /= n;
    double s = 0, sa = 0, sb = 0;
    for (const auto& p : points) {
        const double dp = p.pixel - mp, dl = p.line - ml, dx = p.x - mx, dy = p.y - my;
        s += dp * dp + dl * dl;
        sa += dx * dp - dy * dl;
        sb += dx * dl + dy * dp;
    }
    const double a = sa / s, b = sb / s;
    return {mx - a * mp - b * ml, a, b, my - b * mp + a * ml, b, -a};
}

/// {d/dp, d/dl} at (p, l) of the polynomial whose `terms` coefficients `c` are in raw pixel/line (GDAL's term
/// order, as polynomialCoefficients() gives them).
std::array<double, 2> polynomialGradient(const double* c, std::size_t terms, double p, double l)
{
    const auto power = [](double v, int n) {
        double r = 1.0;
        for (int k = 0; k < n; ++k)
            r *= v;
        return r;
    };
    double dp = 0.0, dl = 0.0;
    for (std::size_t t = 0; t < terms; ++t) {
        const auto [i, j] = kTermPowers[t];
        if (i > 0)
            dp += c[t] * i * power(p, i - 1) * power(l, j);
        if (j > 0)
            dl += c[t] * j * power(p, i) * power(l, j - 1);
    }
    return {dp, dl};
}

/// Forward polynomial coefficients in raw pixel/line (GDAL's term order), solved on normalised
/// coordinates and expanded back.
std::vector<double> polynomialCoefficients(const std::vector<FitPoint>& points, int order)
{
    std::vector<core::Coordinate> pixels;
    for (const auto& p : points)
        pixels.push_back({p.pixel, p.line});
    const Normalisation n = normalisationOf(pixels);
    const std::size_t m = termCount(order);
    // Least squares by column-pivoting Householder QR (Eigen); the layout checks have made the design
    // matrix full rank.
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(designMatrix(pixels, order, n.cx, n.cy, n.scale));
    Eigen::MatrixXd values(static_cast<Eigen::Index>(points.size()), 2);
    for (std::size_t r = 0; r < points.size(); ++r) {
        values(static_cast<Eigen::Index>(r), 0) = points[r].x;
        values(static_cast<Eigen::Index>(r), 1) = points[r].y;
    }
    const Eigen::MatrixXd solution = qr.solve(values);
    const bool solved = qr.rank() == static_cast<Eigen::Index>(m) && solution.allFinite();
    std::vector<double> out;
    for (Eigen::Index axis = 0; axis < 2; ++axis) {
        std::vector<double> raw(m, 0.0);
        // c * ((p - cx)/s)^i ((l - cy)/s)^j expanded binomially into powers of p and l.
        auto binomial = [](int nn, int k) {
            double r = 1;
            for (int t = 1; t <= k; ++t)
                r = r * (nn - k + t) / t;
            return r;
        };
        for (std::size_t t = 0; t < m; ++t) {
            const auto [i, j] = kTermPowers[t];
            const double factor = solved ? solution(static_cast<Eigen::Index>(t), axis) / std::pow(n.scale, i + j) : 0.0;
            for (int a = 0; a <= i; ++a)
                for (int bb = 0; bb <= j; ++bb) {
                    const double term = factor * binomial(i, a) * std::pow(-n.cx, i - a) * binomial(j, bb) * std::pow(-n.cy, j - bb);
                    for (std::size_t u = 0; u < m; ++u)
                        if (kTermPowers[u].first == a && kTermPowers[u].second == bb)
                            raw[u] += term;
                }
        }
        out.insert(out.end(), raw.begin(), raw.end());
    }
    return out;
}

} // namespace

struct GcpTransform::Impl {
    GeoreferenceMethod method = GeoreferenceMethod::Affine;
    std::array<double, 6> geotransform{};
    std::array<double, 6> inverse{};
    void* gdal = nullptr;            ///< GCP or TPS transformer for poly2/poly3/tps
    GDALTransformerFunc function = nullptr;
    std::vector<double> transform;
    /// tps: the same splines as `gdal`'s (forward and reverse), evaluated here; empty where not solved.
    std::optional<detail::TpsSpline> forward, reverse;

    ~Impl()
    {
        if (gdal)
            GDALDestroyTransformer(gdal);
    }

    bool usesGeotransform() const { return gdal == nullptr; }

    core::Coordinate gdalApply(bool toPixel, double x, double y) const
    {
        double z = 0.0;
        int ok = FALSE;
        function(gdal, toPixel ? TRUE : FALSE, 1, &x, &y, &z, &ok);
        if (!ok)
            return {std::nan(""), std::nan("")};
        return {x, y};
    }
};

GcpTransform::GcpTransform(const std::vector<FitPoint>& points, core::GeoreferenceMethod method, const std::string& context)
    : m_impl(std::make_unique<Impl>())
{
    std::vector<FitPoint> enabled;
    for (const auto& p : points) {
        if (!std::isfinite(p.pixel) || !std::isfinite(p.line) || !std::isfinite(p.x) || !std::isfinite(p.y))
            throw core::util::OperationError(context, idList({p.id}), _("has a coordinate that is not a finite number"));
        if (p.enabled)
            enabled.push_back(p);
    }
    checkLayout(enabled, points, method, context);
    gdal::GdalErrorScope errors;
    m_impl->method = method;
    std::vector<GDAL_GCP> gcps = toGdal(enabled);
    const int count = static_cast<int>(gcps.size());
    switch (method) {
    case GeoreferenceMethod::Affine:
    case GeoreferenceMethod::Poly1:
        if (!GDALGCPsToGeoTransform(count, gcps.data(), m_impl->geotransform.data(), TRUE))
            throw core::util::OperationError(context, "GCPs", errors.reason(_("GDAL could not fit an affine transform")));
        break;
    case GeoreferenceMethod::Helmert:
        m_impl->geotransform = fitHelmert(enabled);
        break;
    case GeoreferenceMethod::Poly2:
    case GeoreferenceMethod::Poly3:
        m_impl->gdal = GDALCreateGCPTransformer(count, gcps.data(), polynomialOrder(method), FALSE);
        m_impl->function = GDALGCPTransform;
        if (!m_impl->gdal)
            throw core::util::OperationError(context, "GCPs", errors.reason(core::i18n::format(_("GDAL could not fit {1}"), {methodLabel(method)})));
        m_impl->transform = polynomialCoefficients(enabled, polynomialOrder(method));
        break;
    case GeoreferenceMethod::Tps:
        m_impl->gdal = GDALCreateTPSTransformer(count, gcps.data(), FALSE);
        m_impl->function = GDALTPSTransform;
        if (!m_impl->gdal)
            throw core::util::OperationError(context, "GCPs", errors.reason(_("GDAL could not fit a thin plate spline")));
        {
            std::vector<core::Coordinate> pixels, map;
            for (const auto& p : enabled) {
                pixels.push_back({p.pixel, p.line});
                map.push_back({p.x, p.y});
            }
            m_impl->forward.emplace(pixels, map);
            m_impl->reverse.emplace(map, pixels);
            if (!m_impl->forward->solved() || !m_impl->reverse->solved()) {
                m_impl->forward.reset();
                m_impl->reverse.reset();
            }
        }
        break;
    }
    if (m_impl->usesGeotransform()) {
        for (double v : m_impl->geotransform)
            if (!std::isfinite(v))
                throw core::util::OperationError(context, "GCPs", core::i18n::format(_("{1} gave a non-finite transform"), {methodLabel(method)}));
        if (!GDALInvGeoTransform(m_impl->geotransform.data(), m_impl->inverse.data()))
            throw core::util::OperationError(context, "GCPs",
                core::i18n::format(_("{1} is singular (cannot be inverted)"), {methodLabel(method)}));
        m_impl->transform.assign(m_impl->geotransform.begin(), m_impl->geotransform.end());
    }
}

GcpTransform::~GcpTransform() = default;
GcpTransform::GcpTransform(GcpTransform&&) noexcept = default;
GcpTransform& GcpTransform::operator=(GcpTransform&&) noexcept = default;

core::GeoreferenceMethod GcpTransform::method() const { return m_impl->method; }
const std::vector<double>& GcpTransform::transform() const { return m_impl->transform; }

core::Coordinate GcpTransform::toMap(double pixel, double line) const
{
    if (m_impl->usesGeotransform()) {
        const auto& g = m_impl->geotransform;
        return {g[0] + g[1] * pixel + g[2] * line, g[3] + g[4] * pixel + g[5] * line};
    }
    if (m_impl->forward)
        return m_impl->forward->at(pixel, line);
    return m_impl->gdalApply(false, pixel, line);
}

bool GcpTransform::toMapWithJacobian(double pixel, double line, core::Coordinate& map, std::array<double, 4>& jacobian) const
{
    if (m_impl->usesGeotransform()) {
        const auto& g = m_impl->geotransform;
        map = {g[0] + g[1] * pixel + g[2] * line, g[3] + g[4] * pixel + g[5] * line};
        jacobian = {g[1], g[2], g[4], g[5]};
        return true;
    }
    if (m_impl->forward) {
        map = m_impl->forward->at(pixel, line, jacobian);
        return true;
    }
    // poly2/poly3: GDAL's polynomial, as toMap(), with the derivatives of its coefficients (transform(), the
    // same least-squares fit solved by Eigen: equal to GDAL's to rounding, and a Newton step needs no more).
    const std::vector<double>& c = m_impl->transform;
    if (m_impl->function != GDALGCPTransform || c.empty() || std::all_of(c.begin(), c.end(), [](double v) { return v == 0.0; }))
        return false;
    map = m_impl->gdalApply(false, pixel, line);
    const std::size_t terms = c.size() / 2;
    const std::array<double, 2> dx = polynomialGradient(c.data(), terms, pixel, line);
    const std::array<double, 2> dy = polynomialGradient(c.data() + terms, terms, pixel, line);
    jacobian = {dx[0], dx[1], dy[0], dy[1]};
    return true;
}

core::Coordinate GcpTransform::toPixelGdalReverse(double x, double y) const
{
    if (m_impl->usesGeotransform()) {
        const auto& g = m_impl->inverse;
        return {g[0] + g[1] * x + g[2] * y, g[3] + g[4] * x + g[5] * y};
    }
    if (m_impl->reverse)
        return m_impl->reverse->at(x, y);
    return m_impl->gdalApply(true, x, y);
}

namespace {

/// Newton on `toMap` from `start` towards the map point (x, y), in its chord form: the Jacobian (forward
/// differences over a quarter pixel; it only sets the step, the root found is the forward fit's own) is
/// kept while a step at least halves the residual, recomputed where it does not. A step taken with a fresh
/// Jacobian that does not bring the map point closer is halved until it does, so a start beyond a fold
/// walks back instead of jumping to another sheet far away; steps are capped at `maxStep` px. Converged
/// when a step is below `tolerance` px; false when the residual stops decreasing (a local minimum of
/// |toMap(p) - (x, y)|, e.g. just outside a fold, where the root lies on another sheet) or after 60
/// evaluations of the Jacobian.
template <class Forward>
bool newtonInverse(const Forward& toMap, double x, double y, core::Coordinate& p, double tolerance, double maxStep)
{
    const double h = 0.25;
    core::Coordinate f = toMap(p.x, p.y);
    double residual = std::hypot(x - f.x, y - f.y);
    if (!std::isfinite(residual))
        return false;
    double j11 = 0, j12 = 0, j21 = 0, j22 = 0;
    bool haveJacobian = false, fresh = false; // fresh: computed at the current p
    int jacobians = 0;
    for (int iteration = 0; iteration < 200 && jacobians <= 60; ++iteration) {
        if (residual == 0.0)
            return true;
        if (!haveJacobian) {
            const core::Coordinate fx = toMap(p.x + h, p.y), fy = toMap(p.x, p.y + h);
            j11 = (fx.x - f.x) / h;
            j21 = (fx.y - f.y) / h;
            j12 = (fy.x - f.x) / h;
            j22 = (fy.y - f.y) / h;
            haveJacobian = fresh = true;
            ++jacobians;
        }
        const double det = j11 * j22 - j12 * j21;
        if (!std::isfinite(det) || det == 0.0)
            return false;
        const double rx = x - f.x, ry = y - f.y;
        double stepX = (j22 * rx - j12 * ry) / det;
        double stepY = (-j21 * rx + j11 * ry) / det;
        double step = std::hypot(stepX, stepY);
        if (!std::isfinite(step))
            return false;
        if (step > maxStep) {
            stepX *= maxStep / step;
            stepY *= maxStep / step;
            step = maxStep;
        }
        // A full step this small is converged (within rounding of the root the residual no longer falls).
        if (step < tolerance) {
            p = {p.x + stepX, p.y + stepY};
            return true;
        }
        const core::Coordinate q{p.x + stepX, p.y + stepY};
        const core::Coordinate fq = toMap(q.x, q.y);
        const double r = std::hypot(x - fq.x, y - fq.y);
        if (r < residual) {
            p = q;
            f = fq;
            residual = r;
            // Good progress keeps the Jacobian (a chord step next); slow progress asks for a new one here.
            haveJacobian = r < 0.5 * std::hypot(rx, ry);
            fresh = false;
            continue;
        }
        if (!fresh) { // an old Jacobian: a new one at this point before judging the step
            haveJacobian = false;
            continue;
        }
        // A Jacobian of this very point and no progress: halve the step until the map point comes closer.
        bool better = false;
        for (int halving = 0; halving < 12 && !better; ++halving) {
            stepX /= 2;
            stepY /= 2;
            const core::Coordinate qh{p.x + stepX, p.y + stepY};
            const core::Coordinate fh = toMap(qh.x, qh.y);
            const double rh = std::hypot(x - fh.x, y - fh.y);
            if (rh < residual) {
                p = qh;
                f = fh;
                residual = rh;
                better = true;
            }
        }
        // No step brings the point closer: stalled, unless the step is already within rounding (1e-6 px)
        // of the root, where the map residual is all rounding (the caller then keeps p).
        if (!better)
            return step < 1e-6;
        haveJacobian = fresh = false;
    }
    return false;
}

/// The root of forward(p) = (x, y) nearest `start`: Newton from `start`, and where it stalls (the start lies
/// beyond a fold of the fit, or where its Jacobian vanishes) from rings of 2, 4, ..., 256 px around it, 8
/// starts per ring, the first ring with a root giving the one nearest `start`. NaN when none is found.
template <class Forward>
core::Coordinate invertNear(const Forward& forward, double x, double y, core::Coordinate start, double tolerance)
{
    core::Coordinate p = start;
    if (std::isfinite(p.x) && std::isfinite(p.y) && newtonInverse(forward, x, y, p, tolerance, 1e7))
        return p;
    if (!std::isfinite(start.x) || !std::isfinite(start.y))
        return {std::nan(""), std::nan("")};
    for (double radius = 2; radius <= 256; radius *= 2) {
        core::Coordinate best{std::nan(""), std::nan("")};
        double bestDistance = std::numeric_limits<double>::infinity();
        for (int k = 0; k < 8; ++k) {
            core::Coordinate q{start.x + radius * std::cos(k * std::numbers::pi / 4), start.y + radius * std::sin(k * std::numbers::pi / 4)};
            if (!newtonInverse(forward, x, y, q, tolerance, 4 * radius))
                continue;
            const double d = std::hypot(q.x - start.x, q.y - start.y);
            if (d < bestDistance) {
                bestDistance = d;
                best = q;
            }
        }
        if (std::isfinite(best.x))
            return best;
    }
    return {std::nan(""), std::nan("")};
}

} // namespace

core::Coordinate GcpTransform::toPixelFrom(double x, double y, core::Coordinate start, double tolerancePx) const
{
    if (m_impl->usesGeotransform())
        return toPixelGdalReverse(x, y);
    const auto forward = [this](double p, double l) { return toMap(p, l); };
    return invertNear(forward, x, y, start, std::max(tolerancePx, 1e-9));
}

core::Coordinate GcpTransform::toPixel(double x, double y) const
{
    const core::Coordinate p = toPixelGdalReverse(x, y);
    if (m_impl->usesGeotransform() || !std::isfinite(p.x) || !std::isfinite(p.y))
        return p;
    return toPixelFrom(x, y, p, 1e-9);
}

GcpFit fitGcps(const std::vector<FitPoint>& points, core::GeoreferenceMethod method, const std::string& context)
{
    const GcpTransform transform(points, method, context);
    GcpFit fit;
    fit.method = method;
    fit.minimum = core::minimumGcps(method);
    fit.transform = transform.transform();
    std::vector<FitPoint> enabled;
    for (const auto& p : points)
        if (p.enabled)
            enabled.push_back(p);
    fit.enabledCount = static_cast<int>(enabled.size());

    // The GCP judged by a fit: `fitted` its pixel sent to the map, `back` its map point sent to the scan.
    auto residualFrom = [](const FitPoint& p, core::Coordinate fitted, core::Coordinate back) {
        GcpResidual r;
        r.id = p.id;
        r.enabled = p.enabled;
        r.fittedX = fitted.x;
        r.fittedY = fitted.y;
        r.dx = fitted.x - p.x;
        r.dy = fitted.y - p.y;
        r.residualMap = std::hypot(r.dx, r.dy);
        r.backPixel = back.x;
        r.backLine = back.y;
        r.residualPx = std::hypot(back.x - p.pixel, back.y - p.line);
        return r;
    };
    auto residualOf = [&residualFrom](const FitPoint& p, const GcpTransform& t) {
        return residualFrom(p, t.toMap(p.pixel, p.line), t.toPixel(p.x, p.y));
    };

    // Thin plate spline: every leave-one-out spline from one factorisation (detail::TpsLeaveOneOut), the
    // spline refitted without the GCP only where that cannot say (then GDAL's refit names the trouble).
    std::optional<detail::TpsLeaveOneOut> leaveOneOut;
    std::map<int, std::size_t> enabledIndex; // GCP id -> its place among the enabled
    if (method == GeoreferenceMethod::Tps && enabled.size() >= 4) {
        std::vector<core::Coordinate> pixels, map;
        for (std::size_t k = 0; k < enabled.size(); ++k) {
            pixels.push_back({enabled[k].pixel, enabled[k].line});
            map.push_back({enabled[k].x, enabled[k].y});
            enabledIndex[enabled[k].id] = k;
        }
        leaveOneOut.emplace(pixels, map);
    }

    double sumMap = 0.0, sumPx = 0.0;
    for (const auto& p : points) {
        GcpResidual r;
        bool judged = false; // by the spline of the others from the factorisation
        const auto index = enabledIndex.find(p.id);
        if (p.enabled && leaveOneOut && index != enabledIndex.end() && leaveOneOut->available(index->second)) {
            const detail::TpsLeaveOneOut::Spline without = leaveOneOut->without(index->second);
            const auto forward = [&without](double pixel, double line) { return without.toMap(pixel, line); };
            // Where the spline of the others sends the map point back, found from the GCP's own pixel.
            r = residualFrom(p, forward(p.pixel, p.line), invertNear(forward, p.x, p.y, {p.pixel, p.line}, 1e-9));
            // No root found from the GCP's pixel (the spline of the others folds there): GDAL's refit below
            // gives the start from its own reverse spline.
            judged = std::isfinite(r.residualPx);
        }
        if (!judged && method == GeoreferenceMethod::Tps && p.enabled) {
            // A spline passes through its own points: judge each GCP by the spline of all the others.
            std::vector<FitPoint> others;
            for (const auto& q : enabled)
                if (q.id != p.id)
                    others.push_back(q);
            std::optional<GcpTransform> without;
            try {
                // With 3 GCPs, 2 are left: a spline needs 3, and 2 points determine a similarity.
                without.emplace(others, others.size() < 3 ? GeoreferenceMethod::Helmert : GeoreferenceMethod::Tps, context);
            } catch (const core::util::OperationError& e) {
                throw core::util::OperationError(context, idList({p.id}),
                    core::i18n::format(_("a thin plate spline reports leave-one-out residuals, and without this GCP the "
                                         "others cannot be fitted ({1}): add GCPs"),
                        {e.reason()}));
            }
            r = residualOf(p, *without);
        } else if (!judged) {
            r = residualOf(p, transform);
        }
        if (!std::isfinite(r.residualMap) || !std::isfinite(r.residualPx))
            throw core::util::OperationError(context, idList({p.id}), _("the fit cannot be evaluated at this GCP"));
        if (p.enabled) {
            sumMap += r.residualMap * r.residualMap;
            sumPx += r.residualPx * r.residualPx;
            if (method == GeoreferenceMethod::Poly2 || method == GeoreferenceMethod::Poly3 || method == GeoreferenceMethod::Tps) {
                const core::Coordinate exact = transform.toPixel(p.x, p.y);
                const core::Coordinate gdal = transform.toPixelGdalReverse(p.x, p.y);
                fit.inverseGapPx = std::max(fit.inverseGapPx, std::hypot(exact.x - gdal.x, exact.y - gdal.y));
            }
        }
        fit.residuals.push_back(r);
    }
    const double n = static_cast<double>(fit.enabledCount);
    fit.rmsMap = std::sqrt(sumMap / n);
    fit.rmsPx = std::sqrt(sumPx / n);
    if (fit.enabledCount > fit.minimum)
        fit.meanErrorMap = std::sqrt(sumMap / (n - fit.minimum));
    return fit;
}

std::vector<std::optional<GcpResidual>> leaveOneOutResiduals(const std::vector<FitPoint>& points, core::GeoreferenceMethod method)
{
    std::vector<std::optional<GcpResidual>> out(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!points[i].enabled)
            continue;
        std::vector<FitPoint> others = points;
        others[i].enabled = false;
        if (mirroredFit(others))
            continue;
        try {
            out[i] = fitGcps(others, method).residuals[i]; // a disabled point gets its residual from the fit
        } catch (const core::util::OperationError&) {
        }
    }
    return out;
}

std::optional<std::string> mirroredFit(const std::vector<FitPoint>& points)
{
    GcpFit affine;
    try {
        affine = fitGcps(points, core::GeoreferenceMethod::Affine);
    } catch (const core::util::OperationError&) {
        return std::nullopt; // too few or on one line: the fit's own refusal says so
    }
    if (affine.transform.size() != 6)
        return std::nullopt;
    const std::vector<double>& t = affine.transform;
    const double determinant = t[1] * t[5] - t[2] * t[4];
    if (!(determinant > 0.0))
        return std::nullopt;
    return std::string(_("the GCPs turn the scan over (their fit is a mirror image of the map): the map x and y "
                         "columns (longitude and latitude) look swapped, or pixel and line are; swap them back"));
}

std::optional<std::string> redundancyNote(const GcpFit& fit)
{
    if (fit.method == core::GeoreferenceMethod::Tps || fit.enabledCount != fit.minimum)
        return std::nullopt;
    return core::i18n::format(_("no redundancy: residuals cannot show errors (n = k = {1} for {2}; add GCPs to check the fit)"),
        {std::to_string(fit.minimum), core::toString(fit.method)});
}

} // namespace sandtable::geo
