// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../model/scenario.hpp and geometry.hpp.
#include "sandtable/core/model/scenario.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;

BOOST_AUTO_TEST_SUITE(model_scenario)

BOOST_AUTO_TEST_CASE(enum_names_read_back)
{
    for (auto system : {GameSystem::PubBattles, GameSystem::TableBattles, GameSystem::CampaignLite, GameSystem::SywMiniatures})
        BOOST_TEST((gameSystemFromString(toString(system)) == system));
    BOOST_TEST(std::string(toString(UnitType::BaggageTrain)) == "baggage-train");
    BOOST_TEST((unitTypeFromString("hq") == UnitType::Hq));
    BOOST_CHECK_THROW(unitTypeFromString("zeppelin"), std::invalid_argument);
    BOOST_TEST((georeferenceMethodFromString("tps") == GeoreferenceMethod::Tps));
}

BOOST_AUTO_TEST_CASE(minimum_gcps_follow_the_method)
{
    // (n+1)(n+2)/2 for polynomial order n (docs/model.md); Helmert needs 2; a TPS needs 3.
    BOOST_TEST(minimumGcps(GeoreferenceMethod::Helmert) == 2);
    BOOST_TEST(minimumGcps(GeoreferenceMethod::Poly1) == 3);
    BOOST_TEST(minimumGcps(GeoreferenceMethod::Poly2) == 6);
    BOOST_TEST(minimumGcps(GeoreferenceMethod::Poly3) == 10);
    BOOST_TEST(minimumGcps(GeoreferenceMethod::Tps) == 3);
}

BOOST_AUTO_TEST_CASE(finds_entities_by_id)
{
    const Scenario s = sandtable::test::smallScenario();
    BOOST_REQUIRE(s.findUnit(UnitId("blue-1-a")) != nullptr);
    BOOST_TEST(s.findUnit(UnitId("blue-1-a"))->strength == 4000);
    BOOST_TEST(s.findFeature(FeatureId("nope")) == nullptr);
    BOOST_TEST(s.findFormation(FormationId("red-1"))->name == "First Corps");
}

BOOST_AUTO_TEST_CASE(geometry_counts_vertices_and_dimension)
{
    const Geometry square = Geometry::polygon({{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}});
    BOOST_TEST(square.vertexCount() == 5u);
    BOOST_TEST(dimension(square.type) == 2);
    BOOST_TEST(dimension(GeometryType::MultiLineString) == 1);
    BOOST_TEST(std::string(toString(GeometryType::MultiPolygon)) == "MultiPolygon");
}

BOOST_AUTO_TEST_SUITE_END()
