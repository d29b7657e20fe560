// SPDX-License-Identifier: GPL-3.0-or-later
// What a reference layer file is (GDAL raster or OGR vector) and its CRS, read when the layer is added.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <filesystem>
#include <string>

namespace sandtable::importers {

/// What `inspectReferenceLayer` found.
struct ReferenceLayerInfo {
    core::ReferenceKind kind = core::ReferenceKind::Raster;
    std::string driver;   ///< GDAL's short name ("GTiff", "OSM", "GPKG", "ESRI Shapefile", ...)
    std::string crs;      ///< "EPSG:n" when identified, else WKT
    bool elevation = false; ///< one band of heights (Int16/UInt16/Float32/...): a DEM, drawn as hillshade
    int layers = 0;       ///< vector layers in the file
};

/// Opens `path` with GDAL as a raster, else as a vector. Throws core::IoError when the file is missing,
/// core::FormatError when GDAL reads neither, and core::OperationError when it has no CRS (a reference
/// layer is drawn reprojected, so it must say where it is: the message names the file and the fix, a
/// .prj or `gdal_edit.py -a_srs`). OpenStreetMap files (.osm, .osm.pbf) are WGS 84 by definition.
ReferenceLayerInfo inspectReferenceLayer(const std::filesystem::path& path);

} // namespace sandtable::importers
