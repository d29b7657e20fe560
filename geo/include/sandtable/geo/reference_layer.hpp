// SPDX-License-Identifier: GPL-3.0-or-later
// What a reference layer file is (GDAL raster or OGR vector) and its CRS, read when the layer is added.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/geo/map_raster.hpp"

#include <filesystem>
#include <string>

namespace sandtable::geo {

/// What `inspectReferenceLayer` found.
struct ReferenceLayerInfo {
    core::ReferenceKind kind = core::ReferenceKind::Raster;
    std::string driver;   ///< GDAL's short name ("GTiff", "OSM", "GPKG", "ESRI Shapefile", ...)
    std::string crs;      ///< "EPSG:n" when identified, else WKT
    bool elevation = false; ///< one band of heights (Int16/UInt16/Float32/...): a DEM, drawn as hillshade
    int layers = 0;       ///< vector layers in the file
};

/// Opens `path` with GDAL as a raster, else as a vector. Throws core::util::IoError when the file is missing,
/// core::util::FormatError when GDAL reads neither, and core::util::OperationError when it has no CRS (a reference
/// layer is drawn reprojected, so it must say where it is: the message names the file and the fix, a
/// .prj or `gdal_edit.py -a_srs`). OpenStreetMap files (.osm, .osm.pbf) are WGS 84 by definition.
ReferenceLayerInfo inspectReferenceLayer(const std::filesystem::path& path);

/// A reference layer for `layerFile`, ready for core::document::operations::addReference on the scenario saved as
/// `scenarioFile`: inspected (throws as inspectReferenceLayer), its path as the scenario stores it
/// (pathForScenario), its CRS and kind, a DEM drawn as hillshade, opacity 1, under the scan. `name` empty
/// means the file name without its extensions ("melun" for melun.osm.pbf). The CLI's `reference add` and
/// the editor's Add reference layer both make their layer here.
struct NewReferenceLayer {
    core::ReferenceLayer layer;
    ReferenceLayerInfo info;
};
NewReferenceLayer newReferenceLayer(const std::filesystem::path& layerFile, const std::filesystem::path& scenarioFile,
    std::string name = {});

/// Draws a reference layer over `window` (working-CRS metres, `crs` as GDAL reads it: "EPSG:n" or WKT) at
/// `metresPerPixel`, north up, reprojected from the layer's own CRS: a raster resampled bilinearly (a DEM
/// with `hillshade` as GDAL's hillshade, light from 315 degrees at 45 degrees), a vector as dark grey
/// lines one pixel wide (polygons by their outlines). Outside the layer A = 0; `layer.opacity` is not
/// applied (the caller composes). The path resolves against `scenarioDir`.
/// Throws core::util::IoError when the file is missing, core::util::OperationError as renderMapRaster.
RenderedRaster renderReferenceLayer(const core::ReferenceLayer& layer, const std::filesystem::path& scenarioDir,
    const std::string& crs, const core::Extent& window, double metresPerPixel, const core::util::ProgressCallback& progress = {});

/// Where a reference layer lies, for a map looked at before the scenario has a working CRS (a scenario made
/// from a plain scan, until its GCPs are fitted): `crs` is the layer's own CRS when a scenario could work in it
/// (usableWorkingCrs), else the WGS 84 UTM zone of its centre (utmCrsForCentre): the view is in true metres, and
/// in the zone a fit of longitude/latitude GCPs there will take, so that the view keeps its CRS after the fit; `extent`
/// is the layer's bounding box in that CRS (its outline, 21 points an edge, transformed: a raster's pixel
/// footprint, a vector's layers' envelope). The path resolves against `scenarioDir`. Throws core::util::IoError
/// when the file is missing, core::util::OperationError when GDAL cannot open it, it has no CRS or no extent.
struct ReferenceFrame {
    std::string crs;
    core::Extent extent;
};
ReferenceFrame referenceFrame(const core::ReferenceLayer& layer, const std::filesystem::path& scenarioDir);

/// Lays `top` over `bottom` (the same size, RGBA), `top`'s alpha scaled by `opacity` (0..1).
void composeOver(RenderedRaster& bottom, const RenderedRaster& top, double opacity);

} // namespace sandtable::geo
