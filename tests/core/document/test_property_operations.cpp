// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/document/property_operations.hpp: the rules of the property changes the editor and `oob set`
// offer, in core (issue 42 item 2).
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/property_operations.hpp"
#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

namespace core = sandtable::core;
namespace ops = sandtable::core::document::operations;

namespace {

core::Scenario scenario()
{
    core::Scenario s;
    s.settings.id = "t";
    core::Side blue;
    blue.id = core::SideId("blue");
    blue.name = "Blue";
    s.sides.push_back(blue);
    s.formations.push_back(core::Formation{core::FormationId("f"), core::SideId("blue"), "Brigade", "brigade"});
    core::Unit placed;
    placed.id = core::UnitId("u1");
    placed.formation = core::FormationId("f");
    placed.name = "1st Bn";
    placed.strength = 600;
    placed.placement = core::Placement{{1000.0, 2000.0}, 90.0};
    s.units.push_back(placed);
    core::Unit reserve = placed;
    reserve.id = core::UnitId("u2");
    reserve.name = "2nd Bn";
    reserve.placement.reset();
    s.units.push_back(reserve);
    core::TerrainFeature hill{core::FeatureId("hill-1"), "hill", "Round Top",
        core::Geometry::polygon({{{0, 0}, {100, 0}, {100, 100}, {0, 0}}}), {}};
    s.terrain.push_back(core::TerrainFeature{core::FeatureId("ford-1"), "ford", "Ford", core::Geometry::point({50, 50}), {}});
    hill.attributes["level"] = 2;
    hill.attributes["note"] = "from the survey";
    s.terrain.push_back(hill);
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(document_property_operations)

BOOST_AUTO_TEST_CASE(strength_is_a_whole_number_from_zero_and_one_undo_step)
{
    core::document::Document doc(scenario());
    doc.apply(ops::setUnitStrength(doc.scenario(), core::UnitId("u1"), 450));
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("u1"))->strength == 450);
    BOOST_TEST(doc.undoLabel() == "Change unit strength");
    doc.undo();
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("u1"))->strength == 600);
    for (const double bad : {-1.0, 2.5, 1.0e8})
        BOOST_CHECK_THROW(ops::setUnitStrength(doc.scenario(), core::UnitId("u1"), bad), core::util::OperationError);
    // The schema's units[].strength maximum is 1,000,000: one more would write a file the reader refuses.
    BOOST_TEST(!ops::setUnitStrength(doc.scenario(), core::UnitId("u1"), 1000000).empty());
    BOOST_CHECK_THROW(ops::setUnitStrength(doc.scenario(), core::UnitId("u1"), 1000001), core::util::OperationError);
    BOOST_CHECK_THROW(ops::setUnitStrength(doc.scenario(), core::UnitId("nobody"), 10), core::util::OperationError);
    BOOST_TEST(ops::setUnitStrength(doc.scenario(), core::UnitId("u1"), 600).empty());
}

// The schema's figure_count maximum is 10,000 a kind (schemas/scenario.v1.schema.json); 100,000 was taken.
BOOST_AUTO_TEST_CASE(a_figure_count_stays_inside_the_schema)
{
    core::document::Document doc(scenario());
    doc.apply(ops::setUnitFigureCount(doc.scenario(), core::UnitId("u1"), "musketeers", 10000));
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("u1"))->figures->musketeers == 10000);
    for (const double bad : {10001.0, 100000.0, -1.0, 0.5})
        BOOST_CHECK_THROW(ops::setUnitFigureCount(doc.scenario(), core::UnitId("u1"), "musketeers", bad), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(facing_wraps_into_0_to_360_and_needs_a_placed_unit)
{
    core::document::Document doc(scenario());
    doc.apply(ops::setUnitFacing(doc.scenario(), core::UnitId("u1"), -30.0));
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("u1"))->placement->facing == 330.0);
    doc.apply(ops::setUnitFacing(doc.scenario(), core::UnitId("u1"), 725.0));
    BOOST_TEST(doc.scenario().findUnit(core::UnitId("u1"))->placement->facing == 5.0);
    BOOST_TEST(doc.undoLabel() == "Change unit facing");
    BOOST_CHECK_THROW(ops::setUnitFacing(doc.scenario(), core::UnitId("u2"), 10.0), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(a_class_change_keeps_the_note_and_drops_the_old_class_attributes)
{
    core::document::Document doc(scenario());
    doc.apply(ops::setFeatureClass(doc.scenario(), core::FeatureId("hill-1"), "village"));
    const core::TerrainFeature& f = *doc.scenario().findFeature(core::FeatureId("hill-1"));
    BOOST_TEST(f.terrainClass == "village");
    BOOST_TEST(!f.attributes.contains("level"));
    BOOST_TEST(f.attributes.at("note").asString() == "from the survey");
    // A point cannot be woods: woods are drawn as polygons.
    BOOST_CHECK_THROW(ops::setFeatureClass(doc.scenario(), core::FeatureId("ford-1"), "woods"), core::util::OperationError);
    try {
        ops::setFeatureClass(doc.scenario(), core::FeatureId("hill-1"), "wood");
        BOOST_FAIL("an unknown class was taken");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(std::string(e.reason()).find("did you mean 'woods'") != std::string::npos, e.reason());
    }
}

BOOST_AUTO_TEST_SUITE_END()
