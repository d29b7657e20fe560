// SPDX-License-Identifier: GPL-3.0-or-later
// The exact-inverse GDAL transformer: GcpTransform's forward fit and InverseMesh's inverse behind GDAL's
// transformer interface.
#include "exact_transformer.hpp"

#include <gdal_alg.h>

#include <cmath>
#include <cstring>
#include <new>
#include <vector>

namespace sandtable::geo::detail {
namespace {

struct ExactTransformer {
    GDALTransformerInfo info{}; // must come first: GDAL reads the signature and functions from here
    std::shared_ptr<const geo::InverseMesh> mesh;
    std::array<double, 6> dst{};     ///< destination pixel/line -> target CRS
    std::array<double, 6> dstInv{};  ///< target CRS -> destination pixel/line
    double srcRatioX = 1.0;          ///< scan pixel = transformer source pixel * ratio (overview warping)
    double srcRatioY = 1.0;
};

void cleanup(void* arg) { delete static_cast<ExactTransformer*>(arg); }

void* createSimilar(void* arg, double ratioX, double ratioY)
{
    const auto* self = static_cast<const ExactTransformer*>(arg);
    auto* copy = new (std::nothrow) ExactTransformer(*self);
    if (copy) {
        copy->srcRatioX *= ratioX;
        copy->srcRatioY *= ratioY;
    }
    return copy;
}

} // namespace

int exactGcpTransform(void* arg, int dstToSrc, int count, double* x, double* y, double* /*z*/, int* success)
{
    const auto* self = static_cast<const ExactTransformer*>(arg);
    const auto& g = self->dst;
    const auto& gi = self->dstInv;
    for (int i = 0; i < count; ++i) {
        core::Coordinate out;
        if (dstToSrc) {
            const double mx = g[0] + g[1] * x[i] + g[2] * y[i];
            const double my = g[3] + g[4] * x[i] + g[5] * y[i];
            out = self->mesh->toPixel(mx, my);
            out.x /= self->srcRatioX;
            out.y /= self->srcRatioY;
        } else {
            const core::Coordinate map = self->mesh->fit().toMap(x[i] * self->srcRatioX, y[i] * self->srcRatioY);
            out = {gi[0] + gi[1] * map.x + gi[2] * map.y, gi[3] + gi[4] * map.x + gi[5] * map.y};
        }
        const bool ok = std::isfinite(out.x) && std::isfinite(out.y);
        success[i] = ok ? TRUE : FALSE;
        if (ok) {
            x[i] = out.x;
            y[i] = out.y;
        } else {
            x[i] = HUGE_VAL;
            y[i] = HUGE_VAL;
        }
    }
    // TRUE always, with each point's own success (issue 43 item 5): the warper's ComputeSourceWindow() stops
    // with "failed because the pfnTransformer failed" on FALSE, even for a chunk of the output that lies wholly
    // beyond the scan's image (nothing to invert there, see InverseMesh::toPixel()), where it skips the
    // points that fail one by one.
    return TRUE;
}

void* createExactGcpTransformer(std::shared_ptr<const geo::InverseMesh> mesh, const double* dstGeotransform)
{
    auto t = std::make_unique<ExactTransformer>();
    std::memcpy(t->info.abySignature, GDAL_GTI2_SIGNATURE, 4);
    t->info.pszClassName = "SandtableExactGcpTransformer";
    t->info.pfnTransform = exactGcpTransform;
    t->info.pfnCleanup = cleanup;
    t->info.pfnSerialize = nullptr;
    t->info.pfnCreateSimilar = createSimilar;
    t->mesh = std::move(mesh);
    if (dstGeotransform)
        std::memcpy(t->dst.data(), dstGeotransform, sizeof(double) * 6);
    else
        t->dst = {0, 1, 0, 0, 0, 1};
    if (!GDALInvGeoTransform(t->dst.data(), t->dstInv.data()))
        return nullptr;
    return t.release();
}

namespace {

struct FoldAwareTransformer {
    GDALTransformerInfo info{}; // must come first
    void* approx = nullptr;     ///< GDAL's approximate transformer over an exact one
    void* exact = nullptr;      ///< an exact one, for runs of points where the inverse may jump
    std::shared_ptr<const geo::InverseMesh> mesh;
    std::array<double, 6> dst{};
    double maxError = 0.125;    ///< source pixels, as GDAL's approximate transformer's
};

void foldAwareCleanup(void* arg)
{
    auto* self = static_cast<FoldAwareTransformer*>(arg);
    if (self->approx)
        GDALDestroyTransformer(self->approx);
    if (self->exact)
        GDALDestroyTransformer(self->exact);
    delete self;
}

FoldAwareTransformer* newFoldAware(void* approx, void* exact, std::shared_ptr<const geo::InverseMesh> mesh,
    const std::array<double, 6>& dst, double maxError);

void* foldAwareCreateSimilar(void* arg, double ratioX, double ratioY)
{
    const auto* self = static_cast<const FoldAwareTransformer*>(arg);
    // What GDALCreateSimilarTransformer() does (not exported by GDAL 3.6): each one's own GTI2 function.
    auto similar = [&](void* t) -> void* {
        auto* info = static_cast<GDALTransformerInfo*>(t);
        return info->pfnCreateSimilar ? info->pfnCreateSimilar(t, ratioX, ratioY) : nullptr;
    };
    void* approx = similar(self->approx);
    void* exact = similar(self->exact);
    if (!approx || !exact) {
        if (approx)
            GDALDestroyTransformer(approx);
        if (exact)
            GDALDestroyTransformer(exact);
        return nullptr;
    }
    return newFoldAware(approx, exact, self->mesh, self->dst, self->maxError);
}

/// One run of points along a destination row for approximateRun(): `dx` their destination pixels (the
/// arrays x, y are transformed in place).
struct Run {
    const FoldAwareTransformer* self;
    const double* dx;
    double line;
    double* x;
    double* y;
    double* z;
    int* success;
};

/// A point's source as transformed: pixel, line, whether it has one.
struct Known {
    double x = 0.0, y = 0.0;
    bool ok = false;
};

/// Fills the points strictly between `a` and `b`, whose sources are known; `middle`, when given, is the
/// source of their middle point (a quarter of the run above, computed there).
void fillRun(const Run& r, int a, int b, const Known& atA, const Known& atB, const Known* middle = nullptr)
{
    const int inside = b - a - 1;
    if (inside <= 0)
        return;
    if (inside <= 3) {
        for (int i = a + 1; i < b; ++i) {
            r.x[i] = r.dx[i];
            r.y[i] = r.line;
        }
        exactGcpTransform(r.self->exact, TRUE, inside, r.x + a + 1, r.y + a + 1, r.z + a + 1, r.success + a + 1);
        return;
    }
    const auto transform = [&](int i) {
        double x = r.dx[i], y = r.line, z = 0.0;
        int ok = FALSE;
        exactGcpTransform(r.self->exact, TRUE, 1, &x, &y, &z, &ok);
        return Known{x, y, ok != 0};
    };
    const int m = (a + b) / 2;
    const Known atM = middle ? *middle : transform(m);
    const double span = r.dx[b] - r.dx[a];
    const auto within = [&](int i, const Known& k) {
        const double t = (r.dx[i] - r.dx[a]) / span;
        return k.ok && std::abs(atA.x + (atB.x - atA.x) * t - k.x) + std::abs(atA.y + (atB.y - atA.y) * t - k.y) <= r.self->maxError;
    };
    // The middle within the error, and (unlike GDAL's) the quarters too: on a rough fit the inverse along a
    // row is far from quadratic, and a middle within 1/8 px left other points 2 px off. A quarter computed
    // is the middle of its half when the run is split.
    const int q[2] = {(a + m) / 2, (m + b) / 2};
    Known atQ[2];
    bool haveQ[2] = {false, false};
    bool interpolate = atA.ok && atB.ok && within(m, atM);
    for (int k = 0; k < 2 && interpolate; ++k) {
        atQ[k] = transform(q[k]);
        haveQ[k] = true;
        interpolate = within(q[k], atQ[k]);
    }
    if (interpolate) {
        for (int i = a + 1; i < b; ++i) {
            const double t = (r.dx[i] - r.dx[a]) / span;
            r.x[i] = atA.x + (atB.x - atA.x) * t;
            r.y[i] = atA.y + (atB.y - atA.y) * t;
            r.success[i] = TRUE;
        }
        return;
    }
    r.x[m] = atM.x;
    r.y[m] = atM.y;
    r.success[m] = atM.ok ? TRUE : FALSE;
    if (!atM.ok) {
        r.x[m] = HUGE_VAL;
        r.y[m] = HUGE_VAL;
    }
    // (a + m) / 2 is the middle fillRun() takes of a .. m, as (m + b) / 2 of m .. b.
    fillRun(r, a, m, atA, atM, haveQ[0] ? &atQ[0] : nullptr);
    fillRun(r, m, b, atM, atB, haveQ[1] ? &atQ[1] : nullptr);
}

/// Destination -> source along a run of points of one destination row, as GDAL's approximate transformer
/// (GDALApproxTransform: the ends and the middle exactly, the points between interpolated where the middle
/// is within `maxError` source px of the interpolation, else each half so), except that a point without
/// an inverse (beyond the scan's image) only splits the run, where GDAL's transforms the whole run exactly,
/// and a warp's rows mostly start and end beyond the scan's image.
void approximateRun(const FoldAwareTransformer* self, int n, double* x, double* y, double* z, int* success)
{
    if (n <= 5 || y[0] != y[n - 1] || !(x[n - 1] > x[0])) {
        exactGcpTransform(self->exact, TRUE, n, x, y, z, success);
        return;
    }
    thread_local std::vector<double> destination;
    destination.assign(x, x + n);
    const Run r{self, destination.data(), y[0], x, y, z, success};
    exactGcpTransform(self->exact, TRUE, 1, x, y, z, success);
    exactGcpTransform(self->exact, TRUE, 1, x + n - 1, y + n - 1, z + n - 1, success + n - 1);
    fillRun(r, 0, n - 1, Known{x[0], y[0], success[0] != 0}, Known{x[n - 1], y[n - 1], success[n - 1] != 0});
}

int foldAwareTransform(void* arg, int dstToSrc, int count, double* x, double* y, double* z, int* success)
{
    const auto* self = static_cast<const FoldAwareTransformer*>(arg);
    if (!dstToSrc || count < 2)
        return GDALApproxTransform(self->approx, dstToSrc, count, x, y, z, success);
    const auto& g = self->dst;
    // Runs of points alike: where the inverse may jump (exact, one by one), where there is nothing to invert
    // (NaN at once: an approximation's ends there would fail, and GDAL's approximate transformer then takes
    // the whole run exactly), and the rest (approximated).
    auto flagged = [&](int i) { return self->mesh->region(g[0] + g[1] * x[i] + g[2] * y[i], g[3] + g[4] * x[i] + g[5] * y[i]); };
    for (int begin = 0; begin < count;) {
        const int region = flagged(begin);
        int end = begin + 1;
        while (end < count && flagged(end) == region)
            ++end;
        const int n = end - begin;
        if (region != 1)
            exactGcpTransform(self->exact, TRUE, n, x + begin, y + begin, z + begin, success + begin);
        else
            approximateRun(self, n, x + begin, y + begin, z + begin, success + begin);
        begin = end;
    }
    return TRUE; // each point's success in `success`, as exactGcpTransform()
}

FoldAwareTransformer* newFoldAware(void* approx, void* exact, std::shared_ptr<const geo::InverseMesh> mesh,
    const std::array<double, 6>& dst, double maxError)
{
    auto* t = new FoldAwareTransformer;
    std::memcpy(t->info.abySignature, GDAL_GTI2_SIGNATURE, 4);
    t->info.pszClassName = "SandtableFoldAwareTransformer";
    t->info.pfnTransform = foldAwareTransform;
    t->info.pfnCleanup = foldAwareCleanup;
    t->info.pfnSerialize = nullptr;
    t->info.pfnCreateSimilar = foldAwareCreateSimilar;
    t->approx = approx;
    t->exact = exact;
    t->mesh = std::move(mesh);
    t->dst = dst;
    t->maxError = maxError;
    return t;
}

} // namespace

void* createFoldAwareTransformer(std::shared_ptr<const geo::InverseMesh> mesh, const double* dstGeotransform, double maxErrorPx)
{
    void* exactForApprox = createExactGcpTransformer(mesh, dstGeotransform);
    void* exact = createExactGcpTransformer(mesh, dstGeotransform);
    void* approx = exactForApprox ? GDALCreateApproxTransformer(exactGcpTransform, exactForApprox, maxErrorPx) : nullptr;
    if (!approx || !exact) {
        if (approx)
            GDALDestroyTransformer(approx);
        else if (exactForApprox)
            GDALDestroyTransformer(exactForApprox);
        if (exact)
            GDALDestroyTransformer(exact);
        return nullptr;
    }
    GDALApproxTransformerOwnsSubtransformer(approx, TRUE);
    std::array<double, 6> dst{};
    std::memcpy(dst.data(), dstGeotransform, sizeof(double) * 6);
    return newFoldAware(approx, exact, std::move(mesh), dst, maxErrorPx);
}

int foldAwareGcpTransform(void* arg, int dstToSrc, int count, double* x, double* y, double* z, int* success)
{
    return foldAwareTransform(arg, dstToSrc, count, x, y, z, success);
}

} // namespace sandtable::geo::detail
