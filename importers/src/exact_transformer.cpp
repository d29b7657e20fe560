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

} // namespace sandtable::importers::detail
