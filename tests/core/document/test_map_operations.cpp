// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../document/map_operations.hpp: GCP edits as undoable map changes, refitted in the same edit.
#include "sandtable/core/document/map_operations.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <stdexcept>

namespace core = sandtable::core;
namespace ops = sandtable::core::document::operations;

namespace {

core::Scenario withScan()
{
    core::Scenario s = sandtable::test::smallScenario();
    s.map = core::MapSource{"scan.jpg", "", 2000, 1500, std::nullopt, "", {}};
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(document_map_operations)

BOOST_AUTO_TEST_CASE(adding_moving_enabling_and_deleting_gcps_are_each_one_undo_step)
{
    core::document::Document doc(withScan());
    const core::Scenario original = doc.scenario();

    doc.apply(ops::addGcp(doc.scenario(), {10, 20, 300100, 4400900}, "EPSG:32618"));
    BOOST_REQUIRE(doc.scenario().map->georeference);
    const core::Georeference& g1 = *doc.scenario().map->georeference;
    BOOST_TEST(g1.gcpCrs == "EPSG:32618");
    BOOST_TEST(g1.gcps.size() == 1u);
    BOOST_TEST(g1.gcps[0].id == 1);
    doc.apply(ops::addGcp(doc.scenario(), {1900, 30, 300950, 4400900}, "EPSG:32618"));
    doc.apply(ops::addGcp(doc.scenario(), {1000, 1400, 300500, 4400100}, "EPSG:32618"));
    BOOST_TEST(doc.scenario().map->georeference->gcps.back().id == 3);

    // Deleting GCP 2 then adding one gives id 4 (ids are never reused while 3 exists).
    doc.apply(ops::removeGcp(doc.scenario(), 2));
    BOOST_TEST(doc.scenario().map->georeference->gcps.size() == 2u);
    BOOST_TEST(ops::nextGcpId(*doc.scenario().map->georeference) == 4);

    doc.apply(ops::moveGcp(doc.scenario(), 3, {1001, 1401, 300501, 4400101}, {}, "gcp-3"));
    doc.apply(ops::moveGcp(doc.scenario(), 3, {1002, 1402, 300502, 4400102}, {}, "gcp-3"));
    doc.apply(ops::enableGcp(doc.scenario(), 1, false));
    const core::Gcp& moved = doc.scenario().map->georeference->gcps[1];
    BOOST_TEST(moved.id == 3);
    BOOST_TEST(moved.pixel == 1002.0);
    BOOST_TEST(moved.mapY == 4400102.0);
    BOOST_TEST(!doc.scenario().map->georeference->gcps[0].enabled);
    // add, add, add, delete, move (two drags merged), disable = 6 steps.
    BOOST_TEST(doc.undoDepth() == 6u);

    doc.undo(); // enable
    BOOST_TEST(doc.scenario().map->georeference->gcps[0].enabled);
    doc.undo(); // the whole drag
    BOOST_TEST(doc.scenario().map->georeference->gcps[1].pixel == 1000.0);
    doc.undo(); // delete: GCP 2 back in its place
    BOOST_TEST(doc.scenario().map->georeference->gcps.size() == 3u);
    BOOST_TEST(doc.scenario().map->georeference->gcps[1].id == 2);
    while (doc.canUndo())
        doc.undo();
    BOOST_TEST((doc.scenario() == original));
}

BOOST_AUTO_TEST_CASE(edits_of_a_missing_gcp_or_map_are_refused_and_an_unchanged_map_is_an_empty_edit)
{
    const core::Scenario s = withScan();
    BOOST_CHECK_THROW(ops::moveGcp(s, 1, {}), core::util::OperationError);
    BOOST_CHECK_THROW(ops::removeGcp(s, 1), core::util::OperationError);
    BOOST_CHECK_THROW(ops::setGeoreferenceMethod(s, core::GeoreferenceMethod::Tps), core::util::OperationError);
    BOOST_CHECK_THROW(ops::addGcp(sandtable::test::smallScenario(), {}, "EPSG:32618"), core::util::OperationError);
    BOOST_TEST(ops::setWarpedPath(s, "").empty()); // the warped path is "" already
}

BOOST_AUTO_TEST_CASE(the_fitter_refits_in_the_same_edit_and_a_failed_fit_keeps_the_last_transform)
{
    core::document::Document doc(withScan());
    // A stand-in fitter: the transform is the count of enabled GCPs; fewer than two cannot be fitted.
    const ops::GeoreferenceFitter fit = [](core::Georeference& g) {
        const auto enabled = std::count_if(g.gcps.begin(), g.gcps.end(), [](const core::Gcp& p) { return p.enabled; });
        if (enabled < 2)
            throw std::invalid_argument("too few GCPs");
        g.transform = {static_cast<double>(enabled)};
        g.rmsMap = 0.5;
    };
    doc.apply(ops::addGcp(doc.scenario(), {10, 20, 300100, 4400900}, "EPSG:32618", fit));
    BOOST_TEST(doc.scenario().map->georeference->transform.empty()); // one point: no fit yet
    doc.apply(ops::addGcp(doc.scenario(), {1900, 30, 300950, 4400900}, "EPSG:32618", fit));
    BOOST_TEST((doc.scenario().map->georeference->transform == std::vector<double>{2.0}));
    BOOST_TEST(*doc.scenario().map->georeference->rmsMap == 0.5);
    doc.apply(ops::enableGcp(doc.scenario(), 1, false, fit)); // one enabled: the fit fails, the last one stays
    BOOST_TEST(!doc.scenario().map->georeference->gcps[0].enabled);
    BOOST_TEST((doc.scenario().map->georeference->transform == std::vector<double>{2.0}));
    BOOST_TEST(doc.undoDepth() == 3u); // one step each, the refit inside it
    doc.undo();
    doc.undo();
    BOOST_TEST(doc.scenario().map->georeference->transform.empty());
}

BOOST_AUTO_TEST_CASE(an_import_replaces_the_gcps_and_the_warp_records_its_raster)
{
    core::document::Document doc(withScan());
    doc.apply(ops::setGcps(doc.scenario(), {core::Gcp{7, 1, 2, 3, 4, true}, core::Gcp{9, 5, 6, 7, 8, false}}, "EPSG:4326"));
    const core::Georeference& g = *doc.scenario().map->georeference;
    BOOST_TEST(g.gcps.size() == 2u);
    BOOST_TEST(g.gcps[1].id == 9); // ids kept as given
    BOOST_TEST(g.gcpCrs == "EPSG:4326");
    BOOST_TEST(g.crs == "EPSG:32618"); // the working CRS
    BOOST_TEST(ops::nextGcpId(g) == 10);
    doc.apply(ops::setGeoreferenceMethod(doc.scenario(), core::GeoreferenceMethod::Helmert));
    BOOST_TEST((doc.scenario().map->georeference->method == core::GeoreferenceMethod::Helmert));
    doc.apply(ops::setWarpedPath(doc.scenario(), "scan_warped.tif"));
    BOOST_TEST(doc.scenario().map->warpedPath == "scan_warped.tif");
    BOOST_TEST(doc.undoLabel() == "Warp scan");
    BOOST_CHECK_THROW(ops::setWarpedPath(sandtable::test::smallScenario(), "x.tif"), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(the_gcp_crs_and_the_target_crs_are_undoable_edits_that_refit)
{
    // A plain scan in a scenario with no working CRS: typed degrees must never be fitted in degrees, so the
    // target stays auto (empty) until the fitter chooses one.
    core::Scenario s = withScan();
    s.settings.crs.clear();
    core::document::Document doc(s);
    doc.apply(ops::addGcp(doc.scenario(), {10, 20, -77.23, 39.83}, "EPSG:4326"));
    BOOST_TEST(doc.scenario().map->georeference->gcpCrs == "EPSG:4326");
    BOOST_TEST(doc.scenario().map->georeference->crs.empty());

    int fits = 0;
    const ops::GeoreferenceFitter fit = [&fits](core::Georeference&) { ++fits; };
    doc.apply(ops::setGcpCrs(doc.scenario(), "EPSG:4267", fit));
    const core::Georeference& g = *doc.scenario().map->georeference;
    BOOST_TEST(g.gcpCrs == "EPSG:4267");
    BOOST_TEST(g.gcps[0].mapX == -77.23); // the numbers are kept, read in the new CRS
    doc.apply(ops::setTargetCrs(doc.scenario(), "EPSG:32618", fit));
    BOOST_TEST(doc.scenario().map->georeference->crs == "EPSG:32618");
    BOOST_TEST(fits == 2);
    BOOST_TEST(doc.undoLabel() == "Target CRS");
    doc.undo();
    BOOST_TEST(doc.scenario().map->georeference->crs.empty());
    doc.undo();
    BOOST_TEST(doc.scenario().map->georeference->gcpCrs == "EPSG:4326");
    BOOST_CHECK_THROW(ops::setGcpCrs(doc.scenario(), "", fit), core::util::OperationError);
    BOOST_CHECK_THROW(ops::setTargetCrs(sandtable::test::smallScenario(), "EPSG:32618"), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(places_become_named_terrain_in_one_undo_step_counter_clockwise)
{
    core::Scenario s = withScan();
    s.settings.crs = "";
    s.map->georeference = core::Georeference{};
    s.map->georeference->crs = "EPSG:32618";
    // Two zones called Bois (one drawn clockwise on the scan, y down), a region, and a zone left alone.
    s.map->places = {core::ScanPlace{"Bois", {{0, 0}, {10, 0}, {10, 10}, {0, 10}}, "VASSAL zone of board B"},
        core::ScanPlace{"Mill", {{5, 5}}, ""}, core::ScanPlace{"Bois", {{20, 0}, {20, 10}, {30, 10}}, ""},
        core::ScanPlace{"Ridge", {{0, 0}, {1, 0}, {1, 1}}, ""}};
    // 10 m a pixel, north up, pixel (0, 0) at 300000 E 4401000 N.
    const ops::ScanToWorking toWorking = [](const core::Coordinate& p) {
        return core::Coordinate{300000 + 10 * p.x, 4401000 - 10 * p.y};
    };
    core::document::Document doc(s);
    std::vector<core::FeatureId> made;
    doc.apply(ops::placesToTerrain(doc.scenario(), "Bois", "woods", toWorking, &made));
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_REQUIRE_EQUAL(made.size(), 2u);
    const std::size_t before = s.terrain.size();
    BOOST_REQUIRE_EQUAL(doc.scenario().terrain.size(), before + 2);
    const core::TerrainFeature& first = doc.scenario().terrain[before];
    BOOST_TEST(first.id.str() == made[0].str());
    BOOST_TEST(first.name == "Bois");
    BOOST_TEST(first.terrainClass == "woods");
    BOOST_TEST(first.attributes.at("note").asString() == "VASSAL zone of board B");
    // The square's scan corners (0,0) (10,0) (10,10) (0,10) are 300000..300100 E, 4400900..4401000 N; the
    // ring is closed and counter-clockwise: the scan's clockwise order reversed by the y flip.
    const auto& ring = first.geometry.parts.at(0).at(0);
    BOOST_REQUIRE_EQUAL(ring.size(), 5u);
    BOOST_TEST((ring.front() == ring.back()));
    double twiceArea = 0;
    for (std::size_t k = 0; k + 1 < ring.size(); ++k)
        twiceArea += ring[k].x * ring[k + 1].y - ring[k + 1].x * ring[k].y;
    BOOST_TEST(twiceArea / 2 == 10000.0, boost::test_tools::tolerance(1e-6)); // 100 m x 100 m, positive
    // Mill and Ridge stay; the scenario works in the georeference's CRS.
    BOOST_REQUIRE_EQUAL(doc.scenario().map->places.size(), 2u);
    BOOST_TEST(doc.scenario().map->places[0].name == "Mill");
    BOOST_TEST(doc.scenario().settings.crs == "EPSG:32618");
    // A point is a ford, never a wood; an unknown name or class is refused, naming it.
    const auto refused = [&](const std::string& name, const std::string& cls, const std::string& words) {
        try {
            ops::placesToTerrain(doc.scenario(), name, cls, toWorking);
            BOOST_ERROR("accepted " + name + " as " + cls);
        } catch (const core::util::OperationError& e) {
            BOOST_TEST(std::string(e.what()).find(words) != std::string::npos, e.what());
        }
    };
    refused("Mill", "woods", "is a point");
    refused("Ridge", "ford", "is an area");
    refused("Ridge", "swamp", "class 'swamp'");
    refused("Orchard", "woods", "place 'Orchard'");
    doc.apply(ops::placesToTerrain(doc.scenario(), "Mill", "ford", toWorking));
    BOOST_TEST((doc.scenario().terrain.back().geometry.parts.at(0).at(0).at(0) == core::Coordinate{300050, 4400950}));
    // Undo brings the places back and removes the terrain.
    doc.undo();
    doc.undo();
    BOOST_TEST((doc.scenario() == s));
}

BOOST_AUTO_TEST_SUITE_END()
