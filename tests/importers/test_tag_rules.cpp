// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of importers/include/sandtable/importers/tag_rules.hpp and the OpenStreetMap preset of
// terrain_import.hpp: classes from tags, crossings at the middle of their way, clipping, overrides.
#include "sandtable/importers/tag_rules.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/importers/terrain_import.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>
#include <map>

using namespace sandtable;
namespace tt = boost::test_tools;

namespace {

/// Eight ways and areas near Melun (2.66 E, 48.54 N) in WGS 84, tagged as OGR's OSM driver gives them.
const char* kTagged = R"({"type": "FeatureCollection", "features": [
 {"type": "Feature", "properties": {"highway": "primary"}, "geometry": {"type": "LineString", "coordinates": [[2.650, 48.540], [2.660, 48.540]]}},
 {"type": "Feature", "properties": {"highway": "residential", "other_tags": "\"bridge\"=>\"yes\",\"layer\"=>\"1\""}, "geometry": {"type": "LineString", "coordinates": [[2.662, 48.541], [2.664, 48.541]]}},
 {"type": "Feature", "properties": {"highway": "footway"}, "geometry": {"type": "LineString", "coordinates": [[2.650, 48.542], [2.652, 48.542]]}},
 {"type": "Feature", "properties": {"waterway": "stream"}, "geometry": {"type": "LineString", "coordinates": [[2.650, 48.543], [2.655, 48.544]]}},
 {"type": "Feature", "properties": {"landuse": "forest"}, "geometry": {"type": "Polygon", "coordinates": [[[2.651, 48.545], [2.653, 48.545], [2.653, 48.546], [2.651, 48.546], [2.651, 48.545]]]}},
 {"type": "Feature", "properties": {"building": "yes"}, "geometry": {"type": "Polygon", "coordinates": [[[2.654, 48.545], [2.6545, 48.545], [2.6545, 48.5455], [2.654, 48.5455], [2.654, 48.545]]]}},
 {"type": "Feature", "properties": {"other_tags": "\"natural\"=>\"wetland\""}, "geometry": {"type": "Polygon", "coordinates": [[[2.656, 48.545], [2.658, 48.545], [2.658, 48.546], [2.656, 48.546], [2.656, 48.545]]]}},
 {"type": "Feature", "properties": {"highway": "track"}, "geometry": {"type": "LineString", "coordinates": [[2.650, 48.547], [2.652, 48.547]]}}
]})";

core::Scenario utm31()
{
    core::Scenario s;
    s.settings.id = "melun";
    s.settings.crs = "EPSG:32631";
    return s;
}

std::map<std::string, std::size_t> classesOf(const importers::TerrainImportResult& r) { return r.classes; }

const core::TerrainFeature* featureOf(const importers::TerrainImportResult& r, const std::string& cls, int n = 0)
{
    for (const auto& change : r.edit.changes)
        if (const auto* c = std::get_if<core::document::EntityChange<core::TerrainFeature>>(&change))
            if (c->after && c->after->terrainClass == cls && n-- == 0)
                return &*c->after;
    return nullptr;
}

} // namespace

BOOST_AUTO_TEST_SUITE(importers_tag_rules)

BOOST_AUTO_TEST_CASE(rules_parse_and_other_tags_are_read)
{
    const importers::TagRule r = importers::parseTagRule("highway=track:road:minor");
    BOOST_TEST(r.key == "highway");
    BOOST_TEST(r.value == "track");
    BOOST_TEST(r.terrainClass == "road");
    BOOST_TEST(r.grade == "minor");
    BOOST_TEST(importers::parseTagRule("landuse=meadow:-").terrainClass == "-");
    BOOST_CHECK_THROW(importers::parseTagRule("highway:road"), core::util::OperationError);
    BOOST_CHECK_THROW(importers::parseTagRule("highway=track:road:huge"), core::util::OperationError);
    const std::string tags = R"("bridge"=>"yes","name:fr"=>"Pont \"Neuf\"","ford"=>"no")";
    BOOST_TEST(importers::otherTag(tags, "bridge") == "yes");
    BOOST_TEST(importers::otherTag(tags, "name:fr") == "Pont \"Neuf\"");
    BOOST_TEST(importers::otherTag(tags, "ford") == "no");
    BOOST_TEST(importers::otherTag(tags, "fr") == ""); // not a whole key
    const auto& preset = importers::osmPreset();
    BOOST_TEST(importers::matchTagRule(preset, "landuse", "forest")->terrainClass == "woods");
    BOOST_TEST(importers::matchTagRule(preset, "building", "church")->terrainClass == "village");
    BOOST_TEST(importers::matchTagRule(preset, "highway", "footway") == nullptr);
    BOOST_TEST(importers::describeTagRules(preset).find("natural=wetland -> marsh") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_osm_preset_maps_tags_to_classes)
{
    test::TemporaryFolder folder;
    std::ofstream(folder / "tagged.geojson") << kTagged;
    importers::TerrainImportOptions options;
    options.tagRules = importers::osmPreset();
    const auto result = importers::importTerrain(utm31(), folder / "tagged.geojson", options);
    // primary + residential + track roads, the residential way's bridge, the stream, the forest, the
    // building and the wetland; the footway is left out.
    BOOST_TEST(result.imported == 8u);
    const std::map<std::string, std::size_t> expected = {{"road", 3}, {"bridge", 1}, {"stream", 1}, {"woods", 1},
        {"village", 1}, {"marsh", 1}};
    BOOST_TEST((classesOf(result) == expected));
    BOOST_TEST(featureOf(result, "road", 0)->attributes.at("grade").asString() == "major");
    BOOST_TEST(featureOf(result, "road", 1)->attributes.at("grade").asString() == "minor");
    // The bridge sits at the middle of its way.
    const auto& way = featureOf(result, "road", 1)->geometry.parts.at(0).at(0);
    const auto& bridge = featureOf(result, "bridge")->geometry.parts.at(0).at(0).at(0);
    BOOST_TEST(bridge.x == (way.front().x + way.back().x) / 2, tt::tolerance(1e-9));
    BOOST_TEST(bridge.y == (way.front().y + way.back().y) / 2, tt::tolerance(1e-9));
    // An override before the preset: tracks left out.
    options.tagRules.insert(options.tagRules.begin(), importers::parseTagRule("highway=track:-"));
    const auto fewer = importers::importTerrain(utm31(), folder / "tagged.geojson", options);
    BOOST_TEST(fewer.imported == 7u);
    BOOST_TEST(fewer.classes.at("road") == 2u);
}

BOOST_AUTO_TEST_CASE(features_are_clipped_to_the_extent)
{
    test::TemporaryFolder folder;
    std::ofstream(folder / "tagged.geojson") << kTagged;
    importers::TerrainImportOptions options;
    options.tagRules = importers::osmPreset();
    options.clipToExtent = true;
    // The primary road runs from 2.650 E to 2.660 E along 48.540 N: about 737 m. An extent holding its
    // western half only (UTM 31N: 2.650 E 48.540 N is near 474,200 E, 5,376,300 N; take the road's own
    // first vertex and 300 m east of it) keeps 300 m of it and nothing else north of 48.5403.
    const auto unclipped = importers::importTerrain(utm31(), folder / "tagged.geojson", {{}, {}, {}, importers::osmPreset(), false, {}});
    const auto& start = featureOf(unclipped, "road", 0)->geometry.parts.at(0).at(0).front();
    core::Scenario s = utm31();
    s.settings.extent = core::Extent{start.x - 1, start.y - 10, start.x + 300, start.y + 10};
    const auto clipped = importers::importTerrain(s, folder / "tagged.geojson", options);
    BOOST_TEST(clipped.imported == 1u);
    const auto& road = featureOf(clipped, "road", 0)->geometry.parts.at(0).at(0);
    BOOST_TEST(std::hypot(road.back().x - road.front().x, road.back().y - road.front().y) == 300.0, tt::tolerance(1e-3));
}

BOOST_AUTO_TEST_CASE(a_real_openstreetmap_extract_imports_by_the_preset)
{
    // The Melun extract (shared/data/vector/README): the Seine as waterway=river, streets by highway class,
    // buildings. Service roads, footways and steps are not in the preset.
    importers::TerrainImportOptions options;
    options.tagRules = importers::osmPreset();
    core::Scenario s;
    s.settings.id = "melun";
    const auto result = importers::importTerrain(s, test::sharedData("vector/melun_osm_fixture.osm.pbf"), options);
    BOOST_TEST(result.crs == "EPSG:32631");
    BOOST_TEST(result.classes.count("river") == 1u);
    BOOST_TEST(result.classes.count("road") == 1u);
    BOOST_TEST(result.classes.count("village") == 1u);
    for (const auto& [cls, count] : result.classes)
        BOOST_TEST((cls == "river" || cls == "road" || cls == "village" || cls == "woods" || cls == "stream" || cls == "bridge"
                       || cls == "marsh" || cls == "orchard" || cls == "ford"),
            cls);
}

BOOST_AUTO_TEST_SUITE_END()
