// SPDX-License-Identifier: GPL-3.0-or-later
// sandtable's importers behind core's one interface, and the one function that registers them.
#pragma once

#include "sandtable/core/io/importer.hpp"

namespace sandtable::importers {

/// Adds every importer, in this order (the order breaks ties between equal matches):
/// - "vector" (terrain): OGR vector files, importTerrain. Settings: class, class-from, map (VALUE=CLASS,
///   repeatable), layer, in-frame (flag), preset ("osm"), rule (repeatable, with preset). Counts: features
///   per terrain class; details: "crs" (the working CRS the features are in). By content: GeoJSON
///   (FeatureCollection/Feature), GeoPackage (SQLite with application_id GPKG), ESRI Shapefile (file code
///   9994), OpenStreetMap XML and PBF, KML, GML, GPX, FlatGeobuf; by name the other extensions OGR reads.
/// - "dem" (terrain): elevation rasters and Terrarium tile folders, hillsFromDem. Settings: levels
///   (required, "M1,M2,..." metres), simplify, min-area, resolution. By content: a TIFF of one band of
///   signed integers or floating point, an ESRI ASCII grid, a folder of t_Z_X_Y.png tiles; by name .hgt,
///   .dem, .asc, .bil, a one-band unsigned 16-bit TIFF.
/// - "table-battles-csv" (cards): the card spreadsheet of docs/table-battles-csv.md. Settings: encoding.
///   By content: a first line starting with its fixed columns "kind,card,name".
/// - "roster" (order of battle): CSV, TSV, PostgreSQL COPY text, JSON arrays, core::oob::importRoster.
///   Settings: format, map, set, value (repeatable), path, parent, separator, encoding. Counts:
///   "formations_created", "sides_created"; details: "format". By content: a header (or a JSON object)
///   naming a roster field (type, formation, path, parent, figures, strength).
/// - "vassal-module" (scenario): a VASSAL module (.vmod or folder), importVassalModule, run on an empty
///   scenario. Settings: scenario-file (required: the board image is written beside it), board. Counts:
///   boards, sides, formations, placed, zones, regions, grid (0 or 1); details: "board", "map". By content:
///   a zip whose first entries are a module's (buildFile, moduledata), a folder holding buildFile(.xml).
void registerImporters(core::io::ImporterRegistry& registry);

/// A registry holding every importer (registerImporters on a new registry, made once; thread-safe).
const core::io::ImporterRegistry& standardImporters();

} // namespace sandtable::importers
