// SPDX-License-Identifier: GPL-3.0-or-later
// The exact-inverse GDAL transformer: GcpTransform's forward fit and InverseMesh's inverse behind GDAL's
// transformer interface.
#include "exact_transformer.hpp"

#include <gdal_alg.h>

#include <cmath>
#include <cstring>
#include <new>

namespace sandtable::importers::detail {
namespace {

struct ExactTransformer {
    GDALTransformerInfo info{}; // must come first: GDAL reads the signature and functions from here
    std::shared_ptr<const importers::InverseMesh> mesh;
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
    int all = TRUE;
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
            all = FALSE;
        }
    }
    return all;
}

void* createExactGcpTransformer(std::shared_ptr<const importers::InverseMesh> mesh, const double* dstGeotransform)
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
    std::shared_ptr<const importers::InverseMesh> mesh;
    std::array<double, 6> dst{};
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

FoldAwareTransformer* newFoldAware(void* approx, void* exact, std::shared_ptr<const importers::InverseMesh> mesh,
    const std::array<double, 6>& dst);

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
    return newFoldAware(approx, exact, self->mesh, self->dst);
}

int foldAwareTransform(void* arg, int dstToSrc, int count, double* x, double* y, double* z, int* success)
{
    const auto* self = static_cast<const FoldAwareTransformer*>(arg);
    if (!dstToSrc || count < 2)
        return GDALApproxTransform(self->approx, dstToSrc, count, x, y, z, success);
    const auto& g = self->dst;
    auto flagged = [&](int i) { return self->mesh->mayFold(g[0] + g[1] * x[i] + g[2] * y[i], g[3] + g[4] * x[i] + g[5] * y[i]); };
    int all = TRUE;
    for (int begin = 0; begin < count;) {
        const bool fold = flagged(begin);
        int end = begin + 1;
        while (end < count && flagged(end) == fold)
            ++end;
        const int n = end - begin;
        const int ok = fold ? exactGcpTransform(self->exact, TRUE, n, x + begin, y + begin, z + begin, success + begin)
                            : GDALApproxTransform(self->approx, TRUE, n, x + begin, y + begin, z + begin, success + begin);
        if (!ok)
            all = FALSE;
        begin = end;
    }
    return all;
}

FoldAwareTransformer* newFoldAware(void* approx, void* exact, std::shared_ptr<const importers::InverseMesh> mesh,
    const std::array<double, 6>& dst)
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
    return t;
}

} // namespace

void* createFoldAwareTransformer(std::shared_ptr<const importers::InverseMesh> mesh, const double* dstGeotransform, double maxErrorPx)
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
    return newFoldAware(approx, exact, std::move(mesh), dst);
}

int foldAwareGcpTransform(void* arg, int dstToSrc, int count, double* x, double* y, double* z, int* success)
{
    return foldAwareTransform(arg, dstToSrc, count, x, y, z, success);
}

} // namespace sandtable::importers::detail
