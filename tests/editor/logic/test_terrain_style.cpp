// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../terrain_style.hpp: class colours, attributes, drawing layers, side colours.
#include "sandtable/editor/logic/terrain_style.hpp"

#include "sandtable/core/rules/terrain_classes.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor;
namespace core = sandtable::core;
using Json = nlohmann::ordered_json;

namespace {

bool greenDominant(const Rgba& c) { return c.g > c.r && c.g > c.b; }
bool blueDominant(const Rgba& c) { return c.b > c.r && c.b > c.g; }
bool reddish(const Rgba& c) { return c.r > c.g && c.r > c.b; }

} // namespace

BOOST_AUTO_TEST_SUITE(terrain_style)

BOOST_AUTO_TEST_CASE(parses_hex_colours_and_refuses_others)
{
    BOOST_TEST((parseHexColour("#1f3a93") == Rgba{0x1f, 0x3a, 0x93, 255}));
    BOOST_TEST((parseHexColour("#A31F1F80") == Rgba{0xa3, 0x1f, 0x1f, 0x80}));
    BOOST_TEST(!parseHexColour("1f3a93").has_value());
    BOOST_TEST(!parseHexColour("#1f3a9").has_value());
    BOOST_TEST(!parseHexColour("#1g3a93").has_value());
    BOOST_TEST(!parseHexColour("").has_value());
}

BOOST_AUTO_TEST_CASE(woods_are_green_semi_transparent_fills)
{
    const TerrainStyle s = terrainStyle("woods", Json::object());
    BOOST_TEST(greenDominant(s.fill));
    BOOST_TEST(s.fill.a > 0);
    BOOST_TEST(s.fill.a < 255);
    BOOST_TEST(terrainStyle("woods", Json{{"dense", true}}).fill.a > s.fill.a);
}

BOOST_AUTO_TEST_CASE(village_is_red_brown_and_hill_is_a_brown_outline)
{
    BOOST_TEST(reddish(terrainStyle("village", Json::object()).fill));
    const TerrainStyle hill = terrainStyle("hill", Json::object());
    BOOST_TEST(reddish(hill.stroke));
    BOOST_TEST(hill.stroke.g > hill.stroke.b); // brown, not red or purple
    BOOST_TEST(hill.fill.a < 64);              // an outline over a faint tint
    const TerrainStyle upper = terrainStyle("hill", Json{{"level", 2}});
    BOOST_TEST(upper.fill.a > hill.fill.a);
    BOOST_TEST(upper.strokeWidth > hill.strokeWidth);
}

BOOST_AUTO_TEST_CASE(streams_and_rivers_are_blue_lines_rivers_wider)
{
    const TerrainStyle stream = terrainStyle("stream", Json::object());
    const TerrainStyle river = terrainStyle("river", Json::object());
    BOOST_TEST(blueDominant(stream.stroke));
    BOOST_TEST(blueDominant(river.stroke));
    BOOST_TEST(stream.fill.a == 0);
    BOOST_TEST(river.strokeWidth > stream.strokeWidth);
}

BOOST_AUTO_TEST_CASE(roads_differ_by_grade_and_default_to_minor)
{
    const TerrainStyle major = terrainStyle("road", Json{{"grade", "major"}});
    const TerrainStyle minor = terrainStyle("road", Json{{"grade", "minor"}});
    const TerrainStyle plain = terrainStyle("road", Json::object());
    BOOST_TEST(major.strokeWidth > minor.strokeWidth);
    BOOST_TEST(!(major.stroke == minor.stroke));
    BOOST_TEST((plain.stroke == minor.stroke));
    BOOST_TEST(plain.strokeWidth == minor.strokeWidth);
}

BOOST_AUTO_TEST_CASE(every_canonical_class_is_styled_apart_from_custom_classes)
{
    const TerrainStyle custom = terrainStyle("sunken-lane", Json::object());
    BOOST_TEST((custom.pattern == StrokePattern::Dashed));
    for (const auto& info : core::rules::canonicalTerrainClasses()) {
        const TerrainStyle s = terrainStyle(info.id, Json::object());
        BOOST_TEST(!(s.stroke == custom.stroke), std::string(info.id));
    }
}

BOOST_AUTO_TEST_CASE(layers_put_fields_under_woods_under_roads_under_crossings)
{
    const auto layer = [](const char* cls) { return terrainStyle(cls, Json::object()).layer; };
    BOOST_TEST(layer("field") < layer("hill"));
    BOOST_TEST(layer("hill") < layer("woods"));
    BOOST_TEST(layer("woods") < layer("stream"));
    BOOST_TEST(layer("stream") < layer("road"));
    BOOST_TEST(layer("road") < layer("bridge"));
    BOOST_TEST(layer("ford") == layer("bridge"));
}

BOOST_AUTO_TEST_CASE(pieces_take_their_side_colour_through_their_formation)
{
    const core::Scenario s = sandtable::test::smallScenario();
    const core::Unit& blue = *s.findUnit(core::UnitId("blue-1-a"));
    BOOST_TEST(sideOfUnit(s, blue).str() == "blue");
    BOOST_TEST((sideColour(s, core::SideId("blue")) == Rgba{0x1f, 0x3a, 0x93, 255}));
    BOOST_TEST((sideColour(s, core::SideId("nobody")) == Rgba{128, 128, 128, 255}));
    core::Unit orphan = blue;
    orphan.formation = core::FormationId("missing");
    BOOST_TEST(sideOfUnit(s, orphan).empty());
}

BOOST_AUTO_TEST_SUITE_END()
