// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../style/terrain_style.hpp: the one table, its lookup by attributes, hex colours.
#include "sandtable/core/style/terrain_style.hpp"

#include "sandtable/core/rules/terrain_classes.hpp"

#include <boost/test/unit_test.hpp>

#include <set>

using namespace sandtable::core::style;
namespace rules = sandtable::core::rules;
using Json = sandtable::core::Attributes;

namespace {
bool greenDominant(const Rgba& c) { return c.g > c.r && c.g > c.b; }
bool blueDominant(const Rgba& c) { return c.b > c.r && c.b > c.g; }
int lightness(const Rgba& c) { return c.r + c.g + c.b; }
} // namespace

BOOST_AUTO_TEST_SUITE(terrain_style)

BOOST_AUTO_TEST_CASE(parses_hex_colours_and_refuses_others)
{
    BOOST_TEST((parseHexColour("#1f3a93") == Rgba{0x1f, 0x3a, 0x93, 255}));
    BOOST_TEST((parseHexColour("#A31F1F80") == Rgba{0xa3, 0x1f, 0x1f, 0x80}));
    BOOST_TEST(!parseHexColour("1f3a93").has_value());
    BOOST_TEST(!parseHexColour("#1f3a9").has_value());
    BOOST_TEST(!parseHexColour("#1g3a93").has_value());
    BOOST_TEST(!parseHexColour("#1f3a93zz").has_value());
    BOOST_TEST(!parseHexColour("").has_value());
}

BOOST_AUTO_TEST_CASE(the_table_is_in_drawing_order_with_unique_keys)
{
    std::set<std::string_view> keys;
    int previous = -1;
    for (const TerrainStyle& s : terrainStyles()) {
        BOOST_TEST(keys.insert(s.key).second, std::string(s.key));
        BOOST_TEST(s.order >= previous, std::string(s.key));
        previous = s.order;
        BOOST_TEST(s.lineWidthMm > 0.0);
        BOOST_TEST(s.dashMm.size() % 2 == 0u, std::string(s.key)); // on/off pairs
        BOOST_TEST(!s.legend.empty());
        BOOST_TEST(findTerrainStyle(s.key) == &s);
    }
    BOOST_TEST(findTerrainStyle("no-such-style") == nullptr);
}

BOOST_AUTO_TEST_CASE(every_canonical_class_has_its_own_style_and_others_are_custom)
{
    const TerrainStyle& custom = terrainStyle("sunken-lane", Json());
    BOOST_TEST(custom.key == "custom");
    BOOST_TEST(custom.terrainClass.empty());
    BOOST_TEST(!custom.dashMm.empty()); // dashed: not one of docs/model.md's classes
    for (const auto& info : rules::canonicalTerrainClasses()) {
        const TerrainStyle& s = terrainStyle(info.id, Json());
        BOOST_TEST(s.terrainClass == info.id);
        BOOST_TEST(!(s.outline == custom.outline), std::string(info.id));
    }
    // A variant key or "custom" spelled as a class is a scenario class like any other.
    BOOST_TEST(terrainStyle("road-major", Json()).key == "custom");
    BOOST_TEST(terrainStyle("custom", Json()).key == "custom");
    BOOST_TEST(legendLabel(custom, "sunken-lane") == "sunken-lane (scenario terrain)");
    BOOST_TEST(legendLabel(terrainStyle("woods", Json()), "woods") == "Woods (cover)");
}

BOOST_AUTO_TEST_CASE(attributes_pick_the_variants)
{
    BOOST_TEST(terrainStyle("road", Json{{"grade", "major"}}).key == "road-major");
    BOOST_TEST(terrainStyle("road", Json{{"grade", "minor"}}).key == "road-minor");
    BOOST_TEST(terrainStyle("road", Json()).key == "road-minor");
    BOOST_TEST(terrainStyle("road", Json{{"grade", 3}}).key == "road-minor");
    BOOST_TEST(terrainStyle("hill", Json()).key == "hill");
    BOOST_TEST(terrainStyle("hill", Json{{"level", 1}}).key == "hill");
    BOOST_TEST(terrainStyle("hill", Json{{"level", 2}}).key == "hill-upper");
    BOOST_TEST(terrainStyle("hill", Json{{"level", 5}}).key == "hill-upper");
    BOOST_TEST(terrainStyle("woods", Json{{"dense", true}}).key == "woods-dense");
    BOOST_TEST(terrainStyle("woods", Json{{"dense", false}}).key == "woods");
    const TerrainStyle& major = *findTerrainStyle("road-major");
    const TerrainStyle& minor = *findTerrainStyle("road-minor");
    BOOST_TEST(major.lineWidthMm > minor.lineWidthMm);
    BOOST_TEST(major.order > minor.order); // a major road runs through a junction
    BOOST_TEST(!(major.outline == minor.outline));
}

BOOST_AUTO_TEST_CASE(colours_read_like_an_orienteering_map)
{
    const auto style = [](const char* key) { return *findTerrainStyle(key); };
    // Vegetation green, denser darker.
    BOOST_TEST(greenDominant(style("woods").fill));
    BOOST_TEST(greenDominant(style("woods").outline));
    BOOST_TEST(lightness(style("woods-dense").fill) < lightness(style("woods").fill));
    // Water blue: rivers, streams, fords; rivers wider than streams.
    BOOST_TEST(blueDominant(style("river").outline));
    BOOST_TEST(blueDominant(style("river").fill));
    BOOST_TEST(blueDominant(style("stream").outline));
    BOOST_TEST(style("stream").fill.a == 0);
    BOOST_TEST(style("river").lineWidthMm > style("stream").lineWidthMm);
    BOOST_TEST(blueDominant(style("ford").outline));
    // Marsh: blue horizontal hatching over a pale tint.
    BOOST_TEST((style("marsh").hatch == Hatch::Horizontal));
    BOOST_TEST(blueDominant(style("marsh").hatchColour));
    BOOST_TEST(style("marsh").fill.a < 128);
    // Villages and towns red-brown: red over green over blue, villages darker.
    for (const char* key : {"village", "town"}) {
        const Rgba c = style(key).fill;
        BOOST_TEST((c.r > c.g && c.g > c.b), key);
    }
    BOOST_TEST(lightness(style("village").fill) < lightness(style("town").fill));
    // Hills brown with a darker edge; the upper level stronger.
    for (const char* key : {"hill", "hill-upper"}) {
        const TerrainStyle& h = style(key);
        BOOST_TEST((h.outline.r > h.outline.g && h.outline.g > h.outline.b), key);
        BOOST_TEST(lightness(h.outline) < lightness(h.fill), key);
    }
    BOOST_TEST(style("hill-upper").fill.a > style("hill").fill.a);
    BOOST_TEST(style("hill-upper").lineWidthMm > style("hill").lineWidthMm);
    BOOST_TEST(lightness(style("hill-upper").outline) < lightness(style("hill").outline));
    // Crossings: a bar for a bridge, a disc for a ford.
    BOOST_TEST((style("bridge").symbol == PointSymbol::Bar));
    BOOST_TEST((style("ford").symbol == PointSymbol::Disc));
}

BOOST_AUTO_TEST_CASE(drawing_order_puts_fields_under_woods_under_water_under_roads_under_crossings)
{
    const auto order = [](const char* key) { return findTerrainStyle(key)->order; };
    BOOST_TEST(order("field") < order("hill"));
    BOOST_TEST(order("hill") < order("woods"));
    BOOST_TEST(order("woods") < order("river"));
    BOOST_TEST(order("river") < order("stream"));
    BOOST_TEST(order("stream") < order("road-minor"));
    BOOST_TEST(order("road-major") < order("bridge"));
    BOOST_TEST(order("road-major") < order("ford"));
}

BOOST_AUTO_TEST_SUITE_END()
