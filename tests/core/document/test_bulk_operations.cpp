// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/document/bulk_operations.hpp: what an importer read, made into one undo step by core/document
// (issue 42 item 2). The expected orders and undo results are worked out by hand from the lists below.
#include "sandtable/core/document/bulk_operations.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace core = sandtable::core;
namespace ops = sandtable::core::document::operations;

namespace {

core::Unit unit(const std::string& id, int strength)
{
    core::Unit u;
    u.id = core::UnitId(id);
    u.formation = core::FormationId("f");
    u.name = id;
    u.strength = strength;
    return u;
}

core::TerrainFeature wood(const std::string& id)
{
    return core::TerrainFeature{core::FeatureId(id), "woods", id, core::Geometry::polygon({{{0, 0}, {10, 0}, {10, 10}, {0, 0}}}), {}};
}

/// Units a(100), b(200), c(300), d(400) of formation f of side blue, one wood.
core::Scenario start()
{
    core::Scenario s;
    s.settings.id = "t";
    s.settings.crs = "EPSG:32618";
    core::Side blue;
    blue.id = core::SideId("blue");
    s.sides.push_back(blue);
    s.formations.push_back(core::Formation{core::FormationId("f"), core::SideId("blue"), "Brigade", "brigade"});
    for (const auto& [id, strength] : std::vector<std::pair<std::string, int>>{{"a", 100}, {"b", 200}, {"c", 300}, {"d", 400}})
        s.units.push_back(unit(id, strength));
    s.terrain.push_back(wood("woods-1"));
    return s;
}

std::string ids(const core::Scenario& s)
{
    std::string out;
    for (const core::Unit& u : s.units)
        out += u.id.str() + "=" + std::to_string(u.strength) + " ";
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(document_bulk_operations)

BOOST_AUTO_TEST_CASE(units_removed_replaced_and_added_in_one_step_and_undone_exactly)
{
    core::document::Document doc(start());
    // b and a go; d becomes 450 in its place; e(50) is appended: a b c d -> c d e.
    doc.apply(ops::changeUnits(doc.scenario(), {core::UnitId("b"), core::UnitId("a")}, {unit("d", 450)}, {unit("e", 50)}, "Blocks"));
    BOOST_TEST(ids(doc.scenario()) == "c=300 d=450 e=50 ");
    BOOST_TEST(doc.undoLabel() == "Blocks");
    BOOST_TEST(doc.undoDepth() == 1u);
    doc.undo();
    BOOST_TEST(ids(doc.scenario()) == "a=100 b=200 c=300 d=400 ");
    doc.redo();
    BOOST_TEST(ids(doc.scenario()) == "c=300 d=450 e=50 ");
}

BOOST_AUTO_TEST_CASE(unit_changes_refuse_unknown_repeated_and_taken_ids)
{
    const core::Scenario s = start();
    BOOST_CHECK_THROW(ops::changeUnits(s, {core::UnitId("z")}, {}, {}, "x"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::changeUnits(s, {core::UnitId("a"), core::UnitId("a")}, {}, {}, "x"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::changeUnits(s, {core::UnitId("a")}, {unit("a", 1)}, {}, "x"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::changeUnits(s, {}, {unit("z", 1)}, {}, "x"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::changeUnits(s, {}, {}, {unit("c", 1)}, "x"), core::util::OperationError);
    // A removed unit's id is free for a new one in the same step.
    core::document::Document doc(s);
    doc.apply(ops::changeUnits(s, {core::UnitId("a")}, {}, {unit("a", 999)}, "x"));
    BOOST_TEST(ids(doc.scenario()) == "b=200 c=300 d=400 a=999 ");
}

BOOST_AUTO_TEST_CASE(features_appended_with_the_settings_in_one_step)
{
    core::document::Document doc(start());
    core::ScenarioSettings settings = doc.scenario().settings;
    settings.crs = "EPSG:32633";
    doc.apply(ops::addFeatures(doc.scenario(), {wood("woods-2"), wood("woods-3")}, "Import terrain", settings));
    BOOST_REQUIRE(doc.scenario().terrain.size() == 3u);
    BOOST_TEST(doc.scenario().terrain[1].id.str() == "woods-2");
    BOOST_TEST(doc.scenario().terrain[2].id.str() == "woods-3");
    BOOST_TEST(doc.scenario().settings.crs == "EPSG:32633");
    doc.undo();
    BOOST_TEST(doc.scenario().terrain.size() == 1u);
    BOOST_TEST(doc.scenario().settings.crs == "EPSG:32618");
    BOOST_CHECK_THROW(ops::addFeatures(doc.scenario(), {wood("woods-1")}, "x"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::addFeatures(doc.scenario(), {wood("w"), wood("w")}, "x"), core::util::OperationError);
    BOOST_CHECK_THROW(ops::addFeatures(doc.scenario(), {wood("")}, "x"), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(an_order_of_battle_appended_in_one_step)
{
    core::document::Document doc(start());
    core::Side red;
    red.id = core::SideId("red");
    core::Formation g{core::FormationId("g"), core::SideId("red"), "Regiment", "regiment"};
    core::Unit r = unit("r1", 500);
    r.formation = g.id;
    doc.apply(ops::addOrderOfBattle(doc.scenario(), {red}, {g}, {r}, "Import 1 unit"));
    BOOST_TEST(doc.scenario().sides.size() == 2u);
    BOOST_TEST(doc.scenario().formations.back().id.str() == "g");
    BOOST_TEST(ids(doc.scenario()) == "a=100 b=200 c=300 d=400 r1=500 ");
    doc.undo();
    BOOST_TEST(doc.scenario().sides.size() == 1u);
    BOOST_TEST(ids(doc.scenario()) == "a=100 b=200 c=300 d=400 ");
    BOOST_CHECK_THROW(ops::addOrderOfBattle(doc.scenario(), {}, {}, {unit("a", 1)}, "x"), core::util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
