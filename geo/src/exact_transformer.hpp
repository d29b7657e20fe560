// SPDX-License-Identifier: GPL-3.0-or-later
// A GDAL transformer (GDALTransformerFunc + GTI2 header, so GDAL's warper can clone it per thread) whose
// map->pixel direction is the exact inverse of a GcpTransform's forward fit, for GDAL's warper in place
// of GDALCreateGenImgProjTransformer2's GCP/TPS transformer, whose reverse is a separate fit.
#pragma once

#include "sandtable/geo/inverse_mesh.hpp"

#include <array>
#include <memory>

namespace sandtable::geo::detail {

/// A transformer between source (scan) pixel/line and destination pixel/line, with GDAL's
/// GDALGenImgProjTransform semantics: bDstToSrc = FALSE sends scan pixel/line through the forward fit
/// to the target CRS, then through the inverse of `dstGeotransform` to output pixel/line; TRUE goes the
/// other way through `mesh`'s exact inverse (InverseMesh::toPixel). `dstGeotransform` null means
/// identity (destination coordinates are target-CRS units, as GDALSuggestedWarpOutput2 wants). Points
/// without an inverse are reported unsuccessful, each in `success`; the function always returns TRUE (GDAL's
/// warper stops on FALSE, even for a chunk wholly beyond the scan's image). Destroy with GDALDestroyTransformer();
/// GDALCloneTransformer()/GDALCreateSimilarTransformer() work (the mesh and fit are shared, read-only).
/// Returns nullptr when `dstGeotransform` is not invertible.
void* createExactGcpTransformer(std::shared_ptr<const geo::InverseMesh> mesh, const double* dstGeotransform);

/// The GDALTransformerFunc for transformers made by createExactGcpTransformer().
int exactGcpTransform(void* arg, int dstToSrc, int count, double* x, double* y, double* z, int* success);

/// The warp's transformer: destination -> source interpolated along each row as GDAL's approximate
/// transformer does over an exact one (the middle exactly, and unlike GDAL's the quarters too, within
/// `maxErrorPx` source px of the interpolation, else each half so; a point without an inverse splits the run
/// where GDAL's takes the whole run exactly), except for runs of destination points where `mesh` says the
/// fit may fold (InverseMesh::mayFold()): there the inverse can jump between sheets from one pixel to the
/// next, and an interpolation between two points on one sheet would cross another unseen, so those points
/// go through the exact transformer one by one; and runs where it has nothing to invert
/// (InverseMesh::region() 0: unsuccessful at once). Source -> destination is GDAL's approximate
/// transformer's. Same semantics and cloning as createExactGcpTransformer(); `dstGeotransform` required.
void* createFoldAwareTransformer(std::shared_ptr<const geo::InverseMesh> mesh, const double* dstGeotransform, double maxErrorPx);

/// The GDALTransformerFunc for transformers made by createFoldAwareTransformer().
int foldAwareGcpTransform(void* arg, int dstToSrc, int count, double* x, double* y, double* z, int* success);

} // namespace sandtable::geo::detail
