// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain from OGR vector files (GeoJSON, Shapefile, GeoPackage, OSM XML, ...): reprojected, classed.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <filesystem>
#include "sandtable/importers/tag_rules.hpp"

#include <map>
#include <string>

namespace sandtable::importers {

/// How features get their terrain class: every feature `fixedClass`, or the value of the field
/// `classField`, looked up in `valueMap` (source value -> class; a value not in the map is taken as the
/// class itself, e.g. OSM `landuse=forest` needs forest=woods, `waterway=stream` is already a class).
/// `layer` limits the import to one layer (all layers when empty).
///
/// `tagRules` (e.g. osmPreset()) instead: each feature's class comes from the first rule whose key has
/// the rule's value, read from the field of that name or, in OGR's OpenStreetMap layers, from other_tags;
/// features no rule maps are left out (counted in an "import.tags.unmapped" note per layer). A bridge or
/// ford mapped from a way is placed at the way's middle.
/// `clipToExtent`: features are clipped to the scenario's extent (when it has one); what lies wholly
/// outside is left out and counted.
struct TerrainImportOptions {
    std::string fixedClass;
    std::string classField;
    std::map<std::string, std::string> valueMap;
    std::vector<TagRule> tagRules;
    bool clipToExtent = false;
    std::string layer;
    /// Take the file's coordinates as they are, in the working CRS, whatever CRS the file claims (for a
    /// local frame, "LOCAL:name", digitised in a tool that wrote GeoJSON, which always claims WGS 84).
    bool inWorkingFrame = false;
};

/// What an import would do: `edit` adds the features (one undo step) and, when the scenario had no
/// working CRS, sets it (a projected source's CRS, or the UTM zone of a geographic source's centre,
/// docs/model.md). Counts and findings:
/// - "import.class.unknown" (warning): the class is neither canonical (docs/model.md) nor a declared custom
///   class: the feature is skipped;
/// - "import.geometry.kind" (warning): the geometry does not fit the class (a point for woods): skipped;
/// - "import.geometry.unsupported" (warning): empty, missing or a mixed GeometryCollection: skipped;
/// - "import.field.missing" (warning): a layer without the class field: its features are skipped;
/// - "import.crs.assumed" (warning): a layer without a CRS, taken to be in the working CRS;
/// - "import.crs.datum" (warning): a layer whose CRS knows its datum only by an ellipsoid that is not WGS 84's
///   (a PROJ string with +ellps=bessel and no +towgs84): positions may be off by about 100 m.
/// - "import.osm.incomplete" (warning), OpenStreetMap files (.osm, .osm.pbf) only: a way or relation the file holds
///   only in part (an extract cut at a box keeps the ways crossing its edge without their nodes outside it),
///   named by its OSM id with the class it would have had: an area (a closed way of an area class, or a
///   relation) is dropped, since part of its outline would draw a wrong polygon; a line is kept as the stretches
///   of consecutive nodes the file has (a MultiLineString for several), never joined across a gap; a way with no
///   two consecutive nodes is dropped. Ways and relations no rule or field would import are not named. The
///   check reads the file with libosmium; core::util::FormatError when it cannot.
/// In a local frame (working CRS "LOCAL:name", a calibrated Kriegsspiel map), a layer with a geographic or
/// projected CRS is refused with core::util::OperationError naming it and the way out (save it without a CRS,
/// or `inWorkingFrame`): such a frame has no geography to transform to.
/// Invalid geometries are imported as they are (cli.md: `terrain check` flags them, `terrain repair`
/// fixes them). Coordinates are transformed to the working CRS (OSR, traditional GIS axis order); a
/// GeoJSON `crs` member is honoured (GDAL reads it).
struct TerrainImportResult {
    core::document::Edit edit;
    std::size_t imported = 0;
    std::size_t skipped = 0;
    std::string crs; ///< the working CRS the features are in
    std::map<std::string, std::size_t> classes; ///< features imported per class
    core::validation::Diagnostics diagnostics;
};

/// Reads `vector` and builds the import. Throws core::util::IoError when the file cannot be read,
/// core::util::FormatError when OGR cannot open it as vector data, core::util::OperationError when a feature cannot
/// be transformed to the working CRS or no CRS can be found (neither the scenario nor the file has one),
/// std::invalid_argument when neither a class nor a class field is given.
TerrainImportResult importTerrain(const core::Scenario& scenario, const std::filesystem::path& vector,
    const TerrainImportOptions& options);

} // namespace sandtable::importers
