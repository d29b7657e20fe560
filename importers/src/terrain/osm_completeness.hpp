// SPDX-License-Identifier: GPL-3.0-or-later
// Which ways and relations of an OpenStreetMap file (.osm XML or .osm.pbf) lack some of their nodes or member
// ways: an extract cut at a box keeps the ways that cross its edge with only the nodes inside it. GDAL 3.6's
// OSM driver builds such a way from the nodes it finds (a closed way becomes a wrong polygon, a cut line a
// shortcut across the gap) and drops a way with fewer than two, or a relation with a member missing, saying so
// only in its debug output; the terrain import names each one instead (terrain_import.cpp).
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace sandtable::importers::detail {

/// A way some of whose nodes the file lacks.
struct IncompleteWay {
    bool closed = false;       ///< its first and last node are the same node (an area, or a closed line)
    std::size_t nodes = 0;     ///< its nodes, the closing repeat of a closed way not counted again
    std::size_t present = 0;   ///< of those, the ones the file has
    /// Its stretches of two or more consecutive nodes the file has, in order, as (lon, lat) in degrees (a
    /// closed way's stretch through its first node is one stretch).
    std::vector<std::vector<core::Coordinate>> stretches;
    std::map<std::string, std::string> tags;
};

/// A relation some of whose member ways are missing from the file or incomplete.
struct IncompleteRelation {
    std::size_t ways = 0;      ///< its members that are ways
    std::size_t broken = 0;    ///< of those, the ones missing from the file or incomplete
    std::map<std::string, std::string> tags;
};

/// What an OpenStreetMap file lacks, by OSM id.
struct OsmCompleteness {
    std::map<std::int64_t, IncompleteWay> ways;
    std::map<std::int64_t, IncompleteRelation> relations;
};

/// Reads `file` (OSM XML or PBF, told apart by its content) with libosmium, nodes before ways before relations
/// as the format orders them (GDAL's driver reads them so too), and lists the ways and relations that are not
/// whole. Throws core::util::FormatError naming the file when libosmium cannot read it.
OsmCompleteness checkOsmCompleteness(const std::filesystem::path& file);

} // namespace sandtable::importers::detail
