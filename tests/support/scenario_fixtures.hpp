// SPDX-License-Identifier: GPL-3.0-or-later
// Small scenarios built in code for tests (values chosen by hand so expectations can be worked out).
#pragma once

#include "sandtable/core/model/scenario.hpp"

namespace sandtable::test {

/// A 1000 m x 1000 m Pub Battles map (EPSG:32618, extent 300000..301000 E, 4400000..4401000 N) with
/// woods (a 200 x 100 m rectangle = 20,000 m2), a stream (a 500 m straight line), two sides, one corps each
/// with an HQ and one infantry block placed on the map.
inline core::Scenario smallScenario()
{
    using namespace core;
    Scenario s;
    s.settings.id = "test-small";
    s.settings.title = "Small test";
    s.settings.system = GameSystem::PubBattles;
    s.settings.crs = "EPSG:32618";
    s.settings.extent = Extent{300000, 4400000, 301000, 4401000};
    s.terrain.push_back(TerrainFeature{FeatureId("woods-1"), "woods", "Test wood",
        Geometry::polygon({{{300100, 4400100}, {300300, 4400100}, {300300, 4400200}, {300100, 4400200}, {300100, 4400100}}}),
        core::Attributes()});
    s.terrain.push_back(TerrainFeature{FeatureId("stream-1"), "stream", "Test run",
        Geometry::lineString({{300000, 4400500}, {300500, 4400500}}), core::Attributes()});
    s.sides = {Side{SideId("blue"), "Blue", "#1f3a93"}, Side{SideId("red"), "Red", "#a31f1f"}};
    s.formations = {Formation{FormationId("blue-1"), SideId("blue"), "I Corps", "corps"},
        Formation{FormationId("red-1"), SideId("red"), "First Corps", "corps"}};
    Unit blueHq{UnitId("blue-1-hq"), FormationId("blue-1"), "I Corps HQ", UnitType::Hq, UnitQuality::Regular, 0, 4,
        Placement{{300600, 4400600}, 0.0, false}};
    Unit blueInf{UnitId("blue-1-a"), FormationId("blue-1"), "1st Division", UnitType::Infantry, UnitQuality::Regular,
        4000, std::nullopt, Placement{{300650, 4400650}, 90.0, false}};
    Unit redHq{UnitId("red-1-hq"), FormationId("red-1"), "First Corps HQ", UnitType::Hq, UnitQuality::Regular, 0, 5,
        std::nullopt};
    s.units = {blueHq, blueInf, redHq};
    return s;
}

} // namespace sandtable::test
