// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../selection.hpp: object references, pruning, extents, diagnostics' paths.
#include "sandtable/editor/logic/hit_test.hpp"
#include "sandtable/editor/logic/selection.hpp"

#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor;
namespace core = sandtable::core;
namespace tt = boost::test_tools;
using Kind = ObjectRef::Kind;

BOOST_AUTO_TEST_SUITE(selection)

BOOST_AUTO_TEST_CASE(objects_exist_by_kind_and_id)
{
    core::Scenario s = sandtable::test::smallScenario();
    BOOST_TEST(objectExists(s, {Kind::Feature, "woods-1"}));
    BOOST_TEST(!objectExists(s, {Kind::Unit, "woods-1"}));
    BOOST_TEST(objectExists(s, {Kind::Unit, "blue-1-a"}));
    BOOST_TEST(objectExists(s, {Kind::Formation, "red-1"}));
    BOOST_TEST(objectExists(s, {Kind::Side, "blue"}));
    BOOST_TEST(!objectExists(s, {Kind::Gcp, "1"}));
    BOOST_TEST(!objectExists(s, {Kind::GridSquare, "A1"}));
    BOOST_TEST(!objectExists(s, {Kind::Card, "1-A"}));
    BOOST_TEST(objectExists(s, {Kind::Scenario, ""}));

    s.map = core::MapSource{};
    s.map->georeference = core::Georeference{};
    s.map->georeference->gcps = {core::Gcp{3, 10.0, 20.0, 0.0, 0.0, true}};
    BOOST_TEST(objectExists(s, {Kind::Gcp, "3"}));
    BOOST_TEST(!objectExists(s, {Kind::Gcp, "1"}));
    BOOST_TEST(!objectExists(s, {Kind::Gcp, "x"}));

    s.campaign = core::Campaign{};
    s.campaign->grid.rows = 4;
    s.campaign->grid.columns = 3;
    BOOST_TEST(objectExists(s, {Kind::GridSquare, "C4"}));
    BOOST_TEST(!objectExists(s, {Kind::GridSquare, "D1"}));
}

BOOST_AUTO_TEST_CASE(selection_of_units_and_features_and_pruning)
{
    core::Scenario s = sandtable::test::smallScenario();
    Selection selection;
    BOOST_TEST(selection.empty());
    selection.select(core::UnitId("blue-1-a"));
    BOOST_TEST(selection.unit().has_value());
    BOOST_TEST(!selection.feature().has_value());
    BOOST_TEST((selection.object()->kind == Kind::Unit));
    BOOST_TEST(!selection.prune(s));
    s.units.erase(s.units.begin() + 1);
    BOOST_TEST(selection.prune(s));
    BOOST_TEST(selection.empty());

    selection.select(ObjectRef{Kind::Feature, "stream-1"});
    BOOST_TEST(selection.feature()->str() == "stream-1");
    BOOST_TEST(!selection.unit().has_value());
    selection.set(std::nullopt);
    BOOST_TEST(selection.empty());
}

BOOST_AUTO_TEST_CASE(a_formation_or_side_highlights_its_units)
{
    const core::Scenario s = sandtable::test::smallScenario();
    Selection selection;
    selection.select(ObjectRef{Kind::Formation, "blue-1"});
    BOOST_TEST(selection.highlightsUnit(s, s.units[0]));
    BOOST_TEST(selection.highlightsUnit(s, s.units[1]));
    BOOST_TEST(!selection.highlightsUnit(s, s.units[2]));
    selection.select(ObjectRef{Kind::Side, "red"});
    BOOST_TEST(!selection.highlightsUnit(s, s.units[0]));
    BOOST_TEST(selection.highlightsUnit(s, s.units[2]));
    selection.select(core::UnitId("blue-1-hq"));
    BOOST_TEST(selection.highlightsUnit(s, s.units[0]));
    BOOST_TEST(!selection.highlightsUnit(s, s.units[1]));
    selection.select(core::FeatureId("woods-1"));
    BOOST_TEST(!selection.highlightsUnit(s, s.units[0]));
}

BOOST_AUTO_TEST_CASE(extents_for_zoom_to)
{
    core::Scenario s = sandtable::test::smallScenario();
    const auto wood = objectExtent(s, {Kind::Feature, "woods-1"});
    BOOST_REQUIRE(wood.has_value());
    BOOST_TEST((*wood == core::Extent{300100, 4400100, 300300, 4400200}));
    const auto unit = objectExtent(s, {Kind::Unit, "blue-1-a"});
    BOOST_REQUIRE(unit.has_value());
    BOOST_TEST((*unit == core::Extent{300650, 4400650, 300650, 4400650}));
    BOOST_TEST(!objectExtent(s, {Kind::Unit, "red-1-hq"}).has_value()); // not placed
    const auto formation = objectExtent(s, {Kind::Formation, "blue-1"});
    BOOST_REQUIRE(formation.has_value());
    BOOST_TEST((*formation == core::Extent{300600, 4400600, 300650, 4400650}));
    const auto side = objectExtent(s, {Kind::Side, "blue"});
    BOOST_TEST((side == formation));
    BOOST_TEST(!objectExtent(s, {Kind::Side, "red"}).has_value());
    BOOST_TEST((*objectExtent(s, {Kind::Scenario, ""}) == *s.settings.extent));

    // A GCP through an affine georeference: pixel (10, 20) -> (1000 + 2*10, 5000 - 2*20).
    s.map = core::MapSource{};
    s.map->georeference = core::Georeference{};
    s.map->georeference->gcps = {core::Gcp{1, 10.0, 20.0, 0.0, 0.0, true}};
    s.map->georeference->transform = {1000.0, 2.0, 0.0, 5000.0, 0.0, -2.0};
    const auto gcp = objectExtent(s, {Kind::Gcp, "1"});
    BOOST_REQUIRE(gcp.has_value());
    BOOST_TEST(gcp->minX == 1020.0, tt::tolerance(1e-9));
    BOOST_TEST(gcp->minY == 4960.0, tt::tolerance(1e-9));

    // A grid square: B1 of 1000 m squares from (0, 0), 2 rows: north-west is A1, so B1 spans x 1000-2000,
    // y 1000-2000.
    s.campaign = core::Campaign{};
    s.campaign->grid.squareSize = 1000.0;
    s.campaign->grid.rows = 2;
    s.campaign->grid.columns = 2;
    const auto square = objectExtent(s, {Kind::GridSquare, "B1"});
    BOOST_REQUIRE(square.has_value());
    BOOST_TEST(square->minX == 1000.0, tt::tolerance(1e-9));
    BOOST_TEST(square->maxX == 2000.0, tt::tolerance(1e-9));
    BOOST_TEST(square->minY == 1000.0, tt::tolerance(1e-9));
    BOOST_TEST(square->maxY == 2000.0, tt::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(diagnostic_paths_name_objects)
{
    core::Scenario s = sandtable::test::smallScenario();
    BOOST_TEST((objectAtPath(s, "/terrain/1/geometry") == ObjectRef{Kind::Feature, "stream-1"}));
    BOOST_TEST((objectAtPath(s, "/terrain/0") == ObjectRef{Kind::Feature, "woods-1"}));
    BOOST_TEST((objectAtPath(s, "/units/2/placement/position") == ObjectRef{Kind::Unit, "red-1-hq"}));
    BOOST_TEST((objectAtPath(s, "/formations/1") == ObjectRef{Kind::Formation, "red-1"}));
    BOOST_TEST((objectAtPath(s, "/sides/0/colour") == ObjectRef{Kind::Side, "blue"}));
    BOOST_TEST(!objectAtPath(s, "/terrain/9").has_value());
    BOOST_TEST(!objectAtPath(s, "/terrain/x").has_value());
    BOOST_TEST(!objectAtPath(s, "/settings/crs").has_value());
    BOOST_TEST(!objectAtPath(s, "").has_value());
    BOOST_TEST(!objectAtPath(s, "/terrain").has_value());
    s.map = core::MapSource{};
    s.map->georeference = core::Georeference{};
    s.map->georeference->gcps = {core::Gcp{7, 0, 0, 0, 0, true}};
    BOOST_TEST((objectAtPath(s, "/map/georeference/gcps/0") == ObjectRef{Kind::Gcp, "7"}));

    // A Table Battles finding names the card by its index in the document's formation_cards array, as the
    // validator writes it ("/table_battles/formation_cards/1/actions/0/targets/0" is the second card).
    s.tableBattles = core::TableBattlesSet{};
    s.tableBattles->cards.resize(2);
    s.tableBattles->cards[0].ref = core::parseCardRef("233-A");
    s.tableBattles->cards[1].ref = core::parseCardRef("234-B");
    BOOST_TEST((objectAtPath(s, "/table_battles/formation_cards/1/actions/0/targets/0") == ObjectRef{Kind::Card, "234-B"}));
    BOOST_TEST((objectAtPath(s, "/table_battles/formation_cards/0") == ObjectRef{Kind::Card, "233-A"}));
    BOOST_TEST(!objectAtPath(s, "/table_battles/formation_cards/2").has_value());
    BOOST_TEST(!objectAtPath(s, "/table_battles/scenario_card/armies/0").has_value());
}

BOOST_AUTO_TEST_CASE(pieces_are_hit_inside_their_marker)
{
    const core::Scenario s = sandtable::test::smallScenario();
    // The blue infantry (300650, 4400650), facing east, is the default 20 x 10 mm block at 1:16,000: 160 m
    // along x (300570..300730) and 320 m along y (4400490..4400810).
    const auto hit = hitTestUnit(s, {300650, 4400800}, 1.0, 1.0);
    BOOST_REQUIRE(hit.has_value());
    BOOST_TEST(hit->str() == "blue-1-a");
    BOOST_TEST(!hitTestUnit(s, {300750, 4400650}, 1.0, 1.0).has_value());
    BOOST_TEST(!hitTestUnit(s, {300650, 4400815}, 1.0, 1.0).has_value());
    BOOST_TEST(hitTestUnit(s, {300732, 4400650}, 1.0, 3.0).has_value()); // within tolerance of the edge
}

BOOST_AUTO_TEST_SUITE_END()
