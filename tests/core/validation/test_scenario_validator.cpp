// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../validation/scenario_validator.hpp: each rule broken on purpose.
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/core/model/extent_overrun.hpp"
#include "support/oob_tree_fixture.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>

using namespace sandtable::core;

namespace {
const validation::Diagnostic* find(const validation::Diagnostics& diagnostics, const std::string& code)
{
    auto it = std::find_if(diagnostics.begin(), diagnostics.end(), [&](const validation::Diagnostic& d) { return d.code == code; });
    return it == diagnostics.end() ? nullptr : &*it;
}
} // namespace

BOOST_AUTO_TEST_SUITE(validation_scenario)

BOOST_AUTO_TEST_CASE(the_small_scenario_is_clean)
{
    const validation::Diagnostics d = validation::validateScenario(sandtable::test::smallScenario());
    BOOST_TEST(d.empty());
}

BOOST_AUTO_TEST_CASE(formation_without_its_hq_is_an_error_naming_it)
{
    Scenario s = sandtable::test::smallScenario();
    std::erase_if(s.units, [](const Unit& u) { return u.id.str() == "red-1-hq"; });
    const validation::Diagnostics d = validation::validateScenario(s);
    const validation::Diagnostic* hq = find(d, "oob.formation.hq_count");
    BOOST_REQUIRE(hq);
    BOOST_TEST(hq->path == "/formations/1");
    BOOST_TEST(hq->message.find("red-1") != std::string::npos);
    BOOST_TEST((hq->severity == validation::Severity::Error));
}

BOOST_AUTO_TEST_CASE(duplicate_ids_and_dangling_references_are_errors)
{
    Scenario s = sandtable::test::smallScenario();
    s.units.push_back(s.units[1]);
    s.units.back().formation = FormationId("ghost");
    const validation::Diagnostics d = validation::validateScenario(s);
    BOOST_TEST(find(d, "id.duplicate") != nullptr);
    const validation::Diagnostic* ref = find(d, "ref.missing");
    BOOST_REQUIRE(ref);
    BOOST_TEST(ref->path == "/units/3/formation");
}

BOOST_AUTO_TEST_CASE(terrain_class_and_geometry_kind_are_checked)
{
    Scenario s = sandtable::test::smallScenario();
    s.terrain[0].terrainClass = "lava";
    s.terrain[1].terrainClass = "woods"; // a line cannot be woods
    const validation::Diagnostics d = validation::validateScenario(s);
    BOOST_TEST(find(d, "terrain.class.unknown")->path == "/terrain/0/class");
    BOOST_TEST(find(d, "terrain.geometry.kind")->path == "/terrain/1/geometry");
}

BOOST_AUTO_TEST_CASE(custom_classes_are_accepted_when_declared)
{
    Scenario s = sandtable::test::smallScenario();
    s.terrain[0].terrainClass = "vineyard";
    s.customTerrainClasses.push_back({"vineyard", "Vineyard", "polygon", "as orchard, no cover"});
    BOOST_TEST(validation::validateScenario(s).empty());
}

BOOST_AUTO_TEST_CASE(self_intersecting_polygon_is_reported_with_its_location)
{
    Scenario s = sandtable::test::smallScenario();
    // A bow tie: the two diagonals cross at (300150, 4400150).
    s.terrain[0].geometry = Geometry::polygon({{{300100, 4400100}, {300200, 4400200}, {300200, 4400100},
        {300100, 4400200}, {300100, 4400100}}});
    const validation::Diagnostics all = validation::validateScenario(s); // find() points into it: keep it alive
    const validation::Diagnostic* bad = find(all, "terrain.geometry.invalid");
    BOOST_REQUIRE(bad);
    BOOST_TEST(bad->message.find("Self-intersection") != std::string::npos);
    BOOST_TEST(bad->message.find("300150") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(terrain_running_past_the_extent_is_a_warning_saying_by_how_much)
{
    // Issue 24 item 4 (Big Round Top was cut off without a word). The extent is 300000..301000 x
    // 4400000..4401000. A hill from y 4399800 runs 200 m past the south edge; the stream, moved to start at
    // x 299990.4, 9.6 m past the west edge (reported as 10 m); a wood at x 302000.. lies wholly outside
    // (terrain.outside_map, not this); the stream's old start on the edge itself was no overrun.
    Scenario s = sandtable::test::smallScenario();
    s.terrain.push_back(TerrainFeature{FeatureId("hill-1"), "hill", "Big Round Top",
        Geometry::polygon({{{300400, 4399800}, {300600, 4399800}, {300600, 4400300}, {300400, 4400300}, {300400, 4399800}}}),
        Attributes{{"level", 1}}});
    s.terrain.push_back(TerrainFeature{FeatureId("woods-2"), "woods", "",
        Geometry::polygon({{{302000, 4400100}, {302100, 4400100}, {302100, 4400200}, {302000, 4400200}, {302000, 4400100}}}),
        Attributes()});
    s.terrain[1].geometry = Geometry::lineString({{299990.4, 4400500}, {300500, 4400500}});
    const validation::Diagnostics d = validation::validateScenario(s);
    std::vector<const validation::Diagnostic*> past;
    for (const validation::Diagnostic& x : d)
        if (x.code == "terrain.past_extent")
            past.push_back(&x);
    BOOST_REQUIRE(past.size() == 2u);
    BOOST_TEST(past[0]->path == "/terrain/1/geometry");
    BOOST_TEST(past[0]->message.find("stream-1") != std::string::npos);
    BOOST_TEST(past[0]->message.find("10 m west") != std::string::npos);
    BOOST_TEST(past[1]->path == "/terrain/2/geometry");
    BOOST_TEST(past[1]->message.find("Big Round Top") != std::string::npos);
    BOOST_TEST(past[1]->message.find("200 m south") != std::string::npos);
    BOOST_TEST((past[1]->severity == validation::Severity::Warning));
    BOOST_REQUIRE(find(d, "terrain.outside_map"));
    BOOST_TEST(find(d, "terrain.outside_map")->path == "/terrain/3/geometry");
    // The same figures from core::terrainPastExtent, the wood included as wholly outside: 1000 m east,
    // its west edge 1000 m past the extent's east edge (302100 - 301000 = 1100 m at the farthest).
    const std::vector<ExtentOverrun> all = terrainPastExtent(s);
    BOOST_REQUIRE(all.size() == 3u);
    BOOST_TEST(all[0].west == 9.6, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(all[1].south == 200.0);
    BOOST_TEST(all[1].north == 0.0);
    BOOST_TEST(all[2].east == 1100.0);
    BOOST_TEST(all[2].wholly);
    BOOST_TEST(describeOverrun(all[2]) == "1100 m east");
    ExtentOverrun two = all[1];
    two.east = 30.4;
    BOOST_TEST(describeOverrun(two) == "200 m south and 30 m east");
}

BOOST_AUTO_TEST_CASE(pieces_off_the_map_are_errors)
{
    Scenario s = sandtable::test::smallScenario();
    s.units[1].placement->position = {299000, 4400650};
    const validation::Diagnostics all = validation::validateScenario(s); // find() points into it: keep it alive
    const validation::Diagnostic* off = find(all, "setup.off_map");
    BOOST_REQUIRE(off);
    BOOST_TEST(off->path == "/units/1/placement");
}

BOOST_AUTO_TEST_CASE(too_few_enabled_gcps_for_the_method)
{
    Scenario s = sandtable::test::smallScenario();
    Georeference g;
    g.method = GeoreferenceMethod::Poly2;
    for (int i = 1; i <= 6; ++i)
        g.gcps.push_back(Gcp{i, 10.0 * i, 5.0 * i * i, 1.0 * i, 2.0 * i, i != 6});
    s.map = MapSource{"scan.jpg", "", 100, 100, g, "", {}};
    const validation::Diagnostics all = validation::validateScenario(s); // find() points into it: keep it alive
    const validation::Diagnostic* few = find(all, "georef.gcp.too_few");
    BOOST_REQUIRE(few);
    BOOST_TEST(few->message.find("needs at least 6") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(places_on_the_scan_are_a_point_or_an_area_inside_it)
{
    Scenario s = sandtable::test::smallScenario();
    s.map = MapSource{"scan.jpg", "", 100, 80, std::nullopt, "",
        {ScanPlace{"Mill", {{100, 80}}, ""}, ScanPlace{"Ridge", {{0, 0}, {50, 0}}, ""},
            ScanPlace{"Wood", {{10, 10}, {60, 10}, {60, 80.5}}, ""}}};
    const validation::Diagnostics all = validation::validateScenario(s);
    // The corner (100, 80) is on the scan's edge, inside; two positions make no shape; 80.5 is past the edge.
    const validation::Diagnostic* shape = find(all, "map.place.shape");
    BOOST_REQUIRE(shape);
    BOOST_TEST(shape->path == "/map/places/1");
    BOOST_TEST(shape->message.find("Ridge") != std::string::npos);
    const validation::Diagnostic* outside = find(all, "map.place.outside_scan");
    BOOST_REQUIRE(outside);
    BOOST_TEST(outside->path == "/map/places/2");
    BOOST_TEST(outside->message.find("(60, 80") != std::string::npos, outside->message); // 80.5 in the reader's conventions
    BOOST_TEST(std::count_if(all.begin(), all.end(), [](const validation::Diagnostic& d) { return d.code.rfind("map.place", 0) == 0; }) == 2);
}

BOOST_AUTO_TEST_CASE(a_tree_answering_to_the_hqs_above_has_no_hq_errors)
{
    // c2 and d1 have no HQ of their own; they answer to the army's and I Corps' HQs.
    const validation::Diagnostics d = validation::validateScenario(sandtable::test::nestedScenario());
    BOOST_TEST(d.empty());
}

BOOST_AUTO_TEST_CASE(two_hqs_at_one_level_name_the_formation_its_path_and_the_hqs)
{
    Scenario s = sandtable::test::nestedScenario();
    Unit second = s.units[1]; // c1-hq
    second.id = UnitId("d1-hq-a");
    second.formation = FormationId("d1");
    s.units.push_back(second);
    second.id = UnitId("d1-hq-b");
    s.units.push_back(second);
    const validation::Diagnostics d = validation::validateScenario(s);
    BOOST_REQUIRE_EQUAL(d.size(), 1u);
    BOOST_TEST(d[0].code == "oob.formation.hq_count");
    BOOST_TEST(d[0].path == "/formations/3");
    BOOST_TEST(d[0].message == "formation 'd1' (Blue > Army of the Test > I Corps > 1st Division): has 2 HQs at its level "
                               "('d1-hq-a', 'd1-hq-b'); a formation has exactly one (Pub Battles rulebook)");
}

BOOST_AUTO_TEST_CASE(a_level_with_no_hq_at_or_above_it_is_an_error)
{
    Scenario s = sandtable::test::nestedScenario();
    std::erase_if(s.units, [](const Unit& u) { return u.id.str() == "army-hq"; });
    // c2 now has units and no HQ anywhere above; the army is exempt (an army commander may be absent).
    const validation::Diagnostics d = validation::validateScenario(s);
    BOOST_REQUIRE_EQUAL(d.size(), 1u);
    BOOST_TEST(d[0].path == "/formations/2");
    BOOST_TEST(d[0].message.find("'c2' (Blue > Army of the Test > II Corps): has 0 HQs") != std::string::npos, d[0].message);
}

BOOST_AUTO_TEST_CASE(a_cycle_and_a_missing_parent_are_findings_not_crashes)
{
    Scenario s = sandtable::test::nestedScenario();
    s.formations[0].parent = FormationId("d1");
    validation::Diagnostics d = validation::validateScenario(s);
    const validation::Diagnostic* cycle = find(d, "oob.formation.cycle");
    BOOST_REQUIRE(cycle);
    BOOST_TEST(cycle->path == "/formations/0/parent");
    BOOST_TEST(cycle->message == "formation 'army': its parent links form a cycle (army > d1 > c1 > army)");
    BOOST_TEST(std::count_if(d.begin(), d.end(), [](const validation::Diagnostic& x) { return x.code == "oob.formation.cycle"; }) == 1);

    s = sandtable::test::nestedScenario();
    s.formations[2].parent = FormationId("ghost");
    s.units[3].formation = FormationId("c9");
    d = validation::validateScenario(s);
    bool parent = false, formation = false;
    for (const validation::Diagnostic& x : d) {
        parent = parent || (x.path == "/formations/2/parent" && x.code == "ref.missing"
            && x.message.find("formation 'c2'") != std::string::npos && x.message.find("'ghost' does not exist") != std::string::npos);
        formation = formation || (x.path == "/units/3/formation" && x.message.find("unit 'c2-inf'") != std::string::npos
            && x.message.find("formation 'c9' does not exist") != std::string::npos);
    }
    BOOST_TEST(parent);
    BOOST_TEST(formation);
}

BOOST_AUTO_TEST_SUITE_END()
