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
namespace ops = sandtable::core::operations;

namespace {

core::Scenario withScan()
{
    core::Scenario s = sandtable::test::smallScenario();
    s.map = core::MapSource{"scan.jpg", "", 2000, 1500, std::nullopt, ""};
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(document_map_operations)

BOOST_AUTO_TEST_CASE(adding_moving_enabling_and_deleting_gcps_are_each_one_undo_step)
{
    core::Document doc(withScan());
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
    BOOST_CHECK_THROW(ops::moveGcp(s, 1, {}), core::OperationError);
    BOOST_CHECK_THROW(ops::removeGcp(s, 1), core::OperationError);
    BOOST_CHECK_THROW(ops::setGeoreferenceMethod(s, core::GeoreferenceMethod::Tps), core::OperationError);
    BOOST_CHECK_THROW(ops::addGcp(sandtable::test::smallScenario(), {}, "EPSG:32618"), core::OperationError);
    BOOST_TEST(ops::setWarpedPath(s, "").empty()); // the warped path is "" already
}

BOOST_AUTO_TEST_CASE(the_fitter_refits_in_the_same_edit_and_a_failed_fit_keeps_the_last_transform)
{
    core::Document doc(withScan());
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
    core::Document doc(withScan());
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
    BOOST_CHECK_THROW(ops::setWarpedPath(sandtable::test::smallScenario(), "x.tif"), core::OperationError);
}

BOOST_AUTO_TEST_CASE(the_gcp_crs_and_the_target_crs_are_undoable_edits_that_refit)
{
    // A plain scan in a scenario with no working CRS: typed degrees must never be fitted in degrees, so the
    // target stays auto (empty) until the fitter chooses one.
    core::Scenario s = withScan();
    s.settings.crs.clear();
    core::Document doc(s);
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
    BOOST_CHECK_THROW(ops::setGcpCrs(doc.scenario(), "", fit), core::OperationError);
    BOOST_CHECK_THROW(ops::setTargetCrs(sandtable::test::smallScenario(), "EPSG:32618"), core::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
