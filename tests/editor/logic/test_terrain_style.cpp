// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../terrain_style.hpp: the screen draws core's style table; side colours.
#include "sandtable/editor/logic/terrain_style.hpp"

#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>

using namespace sandtable::editor;
namespace core = sandtable::core;
using Json = sandtable::core::Attributes;

BOOST_AUTO_TEST_SUITE(terrain_style)

BOOST_AUTO_TEST_CASE(the_canvas_draws_each_class_in_the_colours_the_print_uses)
{
    // core's one table (tests/core/style checks its colours): the screen takes its colours as they are
    // and its millimetres at kScreenPixelsPerMm.
    const std::vector<std::pair<std::string, Json>> cases = {{"woods", Json()}, {"woods", Json{{"dense", true}}},
        {"hill", Json()}, {"hill", Json{{"level", 2}}}, {"road", Json{{"grade", "major"}}},
        {"road", Json()}, {"sunken-lane", Json()}};
    std::vector<std::pair<std::string, Json>> all = cases;
    for (const auto& info : core::rules::canonicalTerrainClasses())
        all.emplace_back(std::string(info.id), Json());
    for (const auto& [cls, attributes] : all) {
        const TerrainStyle screen = terrainStyle(cls, attributes);
        const core::style::TerrainStyle& paper = core::style::terrainStyle(cls, attributes);
        BOOST_TEST(screen.source == &paper, cls);
        BOOST_TEST((screen.fill == paper.fill), cls);
        BOOST_TEST((screen.stroke == paper.outline), cls);
        BOOST_TEST((screen.hatch == paper.hatch), cls);
        BOOST_TEST(screen.layer == paper.order, cls);
        BOOST_TEST(screen.strokeWidth == std::max(1.0, paper.lineWidthMm * kScreenPixelsPerMm), cls);
        BOOST_TEST(screen.pointRadius == paper.symbolMm * kScreenPixelsPerMm / 2, cls);
        BOOST_REQUIRE(screen.dash.size() == paper.dashMm.size());
        for (std::size_t i = 0; i < screen.dash.size(); ++i)
            BOOST_TEST(screen.dash[i] == paper.dashMm[i] * kScreenPixelsPerMm, cls);
    }
    // A 1 mm river is 4 pixels wide, a 0.5 mm stream 2.
    BOOST_TEST(terrainStyle("river", Json()).strokeWidth == 4.0);
    BOOST_TEST(terrainStyle("stream", Json()).strokeWidth == 2.0);
    BOOST_TEST((parseHexColour("#1f3a93") == Rgba{0x1f, 0x3a, 0x93, 255}));
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
