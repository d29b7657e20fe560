// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain classes from feature tags (OpenStreetMap key=value pairs): the rules are data, first match wins.
#pragma once

#include <string>
#include <vector>

namespace sandtable::importers {

/// One rule: a feature whose tag `key` has `value` ("*": any value) becomes terrain of class
/// `terrainClass` ("-": not imported). `grade` ("major"/"minor", roads) goes into the feature's attributes.
struct TagRule {
    std::string key;
    std::string value;
    std::string terrainClass;
    std::string grade;
};

/// The OpenStreetMap preset (`terrain import --preset osm`), after the tagging documented on the OSM wiki:
/// landuse=forest and natural=wood -> woods; natural=wetland -> marsh; landuse=residential, farmyard and
/// building=* -> village; landuse=orchard -> orchard; waterway=river and canal -> river; waterway=stream,
/// brook and ditch -> stream; highway motorway .. secondary -> road (major), tertiary .. track -> road
/// (minor); bridge=yes and ford=yes -> bridge and ford (a way that is also a road or stream gives both
/// the line and the crossing at its middle); paths, footways and everything else are not imported.
const std::vector<TagRule>& osmPreset();

/// "KEY=VALUE:CLASS[:GRADE]" (e.g. "highway=track:-" to drop tracks, "landuse=meadow:field"). Throws
/// core::util::OperationError naming the text when it does not have that form.
TagRule parseTagRule(const std::string& text);

/// The rules one a line each ("landuse=forest -> woods"), for --help.
std::string describeTagRules(const std::vector<TagRule>& rules);

/// The first rule matching `value` of `key` (nullptr when none). Rules are tried in order.
const TagRule* matchTagRule(const std::vector<TagRule>& rules, const std::string& key, const std::string& value);

/// The value of `key` in an OGR OSM driver's `other_tags` text ("key"=>"value","k2"=>"v2"), "" when absent.
std::string otherTag(const std::string& otherTags, const std::string& key);

} // namespace sandtable::importers
