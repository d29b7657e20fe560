// SPDX-License-Identifier: GPL-3.0-or-later
// Map and georeference operations: GCP edits, the fit method, GCP imports and the warped raster, each a
// pure function returning one MapChange Edit for the CLI and the editor.
#pragma once

#include "sandtable/core/document/edit.hpp"

#include <functional>
#include <string>
#include <vector>

namespace sandtable::core::document::operations {

/// A GCP's scan position (pixel/line, GDAL convention: (0,0) the top-left corner of the top-left pixel,
/// line grows downwards) and map position (x/y in the georeference's GCP CRS).
struct GcpPosition {
    double pixel = 0.0;
    double line = 0.0;
    double mapX = 0.0;
    double mapY = 0.0;
};

/// Refits a georeference in place: sets `transform`, `rmsMap` and `rmsPixels` from its enabled GCPs and
/// method. Core fits nothing (GDAL does, in importers/); the editor passes its fitter. It may throw when
/// the points cannot be fitted (too few, degenerate): the GCPs are then stored with the last good
/// transform, which stays until a fit succeeds again.
using GeoreferenceFitter = std::function<void(Georeference&)>;

/// The id a new GCP gets: one more than the largest id in use (1 when there is none).
int nextGcpId(const Georeference& georeference);

/// Each GCP edit throws OperationError when the scenario has no map, or (for the id-taking ones) no GCP of
/// that id; returns an empty Edit when nothing changes. After the change the georeference's target CRS is
/// the scenario's working CRS when it had none, and `fit` (when given) refits it in the same edit, so the
/// stored transform and RMS always describe the GCPs stored with them.
/// A map without a georeference gets one on its first GCP (GCP CRS `defaultCrs`, target CRS the working
/// CRS or auto when the scenario has none, affine).
Edit addGcp(const Scenario& scenario, const GcpPosition& position, const std::string& defaultCrs,
    const GeoreferenceFitter& fit = {});
/// `mergeKey` joins the moves of one drag into one undo step.
Edit moveGcp(const Scenario& scenario, int id, const GcpPosition& position, const GeoreferenceFitter& fit = {},
    std::string mergeKey = {});
Edit removeGcp(const Scenario& scenario, int id, const GeoreferenceFitter& fit = {});
/// "Enable GCP" / "Disable GCP": a disabled GCP is kept but counts in no fit.
Edit enableGcp(const Scenario& scenario, int id, bool enabled, const GeoreferenceFitter& fit = {});
/// Throws OperationError also when the map has no georeference yet (add GCPs first).
Edit setGeoreferenceMethod(const Scenario& scenario, GeoreferenceMethod method, const GeoreferenceFitter& fit = {});
/// All GCPs replaced (a `.points` import), ids kept as given; `gcpCrs` non-empty sets the GCPs' CRS. A map
/// without a georeference gets one whose target CRS is the working CRS (auto when there is none: never the
/// GCPs' own CRS, which may be geographic).
Edit setGcps(const Scenario& scenario, std::vector<Gcp> gcps, const std::string& gcpCrs, const GeoreferenceFitter& fit = {});
/// "GCP CRS": the CRS the GCPs' map coordinates are written in (e.g. "EPSG:4326" for longitude/latitude
/// typed in degrees). The numbers are kept as they are and read in the new CRS (the designer names the CRS
/// the values were typed in); `fit` refits. Throws OperationError when the map has no georeference yet
/// (a first GCP creates it) or `crs` is empty.
Edit setGcpCrs(const Scenario& scenario, std::string crs, const GeoreferenceFitter& fit = {});
/// "Target CRS": where the fit is computed and the warp written. Empty means auto: the scenario's working
/// CRS, or when it has none the fitter's choice (geo::fitFrame: the UTM zone of the GCPs). `fit`
/// refits. Throws OperationError when the map has no georeference yet.
Edit setTargetCrs(const Scenario& scenario, std::string crs, const GeoreferenceFitter& fit = {});
/// Records the GeoTIFF the scan was warped to (`path` as it is to be written: relative to the scenario's
/// folder when it can be). A scenario without a working CRS (a plain scan's) gets the georeference's target
/// CRS as its working CRS in the same edit. Throws OperationError when the scenario has no map.
Edit setWarpedPath(const Scenario& scenario, std::string path);

/// Scan pixel/line (GDAL convention) -> working-CRS metres, through the scan's georeference. Core fits
/// nothing: geo::scanToWorking builds one from GDAL's fit.
using ScanToWorking = std::function<Coordinate(const Coordinate& pixel)>;

/// Makes terrain of the scan's named places (MapSource::places) called `name`, in one undo step "Make
/// terrain of <name>": each becomes a feature of `terrainClass` (canonical or the scenario's own) named
/// after it, its note kept as the feature's `note` attribute, its id fresh ("<class>-<n>"), its geometry
/// the place's pixels sent through `toWorking` (an area a closed polygon ring, a point a point); the
/// places are removed from the map. A scenario without a working CRS (a plain scan's) gets the
/// georeference's target CRS as its working CRS in the same edit. Returns the ids made, in place order, through `made` when given.
/// Throws OperationError when the scenario has no map, no place has that name, the class is unknown, the
/// place's shape is not the class's geometry (an area makes a polygon class or a river, a point a point
/// class: bridge, ford), or a position does not map to a finite point (outside the fit's reach).
Edit placesToTerrain(const Scenario& scenario, const std::string& name, const std::string& terrainClass,
    const ScanToWorking& toWorking, std::vector<FeatureId>* made = nullptr);

} // namespace sandtable::core::document::operations
