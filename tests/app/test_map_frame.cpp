// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of app/include/sandtable/app/georeference.hpp: withMapFrame, the map frame that follows the fit while
// GCPs are picked one by one in the editor (issue 46 item 1).
#include "sandtable/app/georeference.hpp"

#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/geo/georeference_scan.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;
namespace tt = boost::test_tools;

namespace {

/// A plain 1000 x 500 px scan, no working CRS, no extent (what File > New from map makes of a scan).
core::Scenario plainScan()
{
    core::Scenario s;
    core::MapSource map;
    map.path = "scan.png";
    map.width = 1000;
    map.height = 500;
    s.map = map;
    return s;
}

/// Applies `edit` with the frame (as the workspace commits each GCP edit) and returns the edit applied.
core::document::Edit commit(core::Scenario& s, const core::document::Edit& edit)
{
    core::document::Edit framed = app::withMapFrame(s, edit);
    core::document::applyEdit(s, framed);
    return framed;
}

void checkExtent(const core::Scenario& s, core::Extent want)
{
    BOOST_REQUIRE(s.settings.extent.has_value());
    BOOST_TEST(s.settings.extent->minX == want.minX, tt::tolerance(1e-6));
    BOOST_TEST(s.settings.extent->minY == want.minY, tt::tolerance(1e-6));
    BOOST_TEST(s.settings.extent->maxX == want.maxX, tt::tolerance(1e-6));
    BOOST_TEST(s.settings.extent->maxY == want.maxY, tt::tolerance(1e-6));
}

} // namespace

BOOST_AUTO_TEST_SUITE(app_map_frame)

BOOST_AUTO_TEST_CASE(the_frame_a_fit_gave_follows_the_fit_and_a_designers_stays)
{
    core::Scenario s = plainScan();
    const auto add = [&s](double pixel, double line, double x, double y) {
        return commit(s, core::document::operations::addGcp(s, {pixel, line, x, y}, "EPSG:32618", geo::fitStoredGeoreference));
    };
    // Two metres a pixel, north up, from (300000, 4400000) at the top-left corner, in UTM 18 N.
    add(0, 0, 300000, 4400000);
    add(1000, 0, 302000, 4400000);
    BOOST_TEST(s.settings.crs.empty()); // two GCPs: no affine fit yet, no frame
    BOOST_TEST(!s.settings.extent.has_value());
    const core::document::Edit third = add(0, 500, 300000, 4399000);
    // The first fit: the GCPs' projected CRS and the scan's footprint, 1000 x 500 px of 2 m, in the same undo step.
    BOOST_TEST(s.settings.crs == "EPSG:32618");
    checkExtent(s, {300000, 4399000, 302000, 4400000});
    BOOST_TEST(third.label == "Add GCP");
    BOOST_TEST(third.changes.size() == 2u);

    // The third GCP moved 500 m south: three metres a line now, the footprint 1500 m high, and the frame follows;
    // the move keeps its merge key (one drag, one undo step).
    const core::document::Edit moved = commit(s, core::document::operations::moveGcp(s, 3, {0, 500, 300000, 4398500}, geo::fitStoredGeoreference, "drag"));
    checkExtent(s, {300000, 4398500, 302000, 4400000});
    BOOST_TEST(moved.mergeKey == "drag");

    // A designer's extent stays whatever the fit does.
    core::ScenarioSettings mine = s.settings;
    mine.extent = core::Extent{299000, 4398000, 303000, 4401000};
    core::document::applyEdit(s, core::document::operations::setSettings(s, mine));
    commit(s, core::document::operations::moveGcp(s, 3, {0, 500, 300000, 4399000}, geo::fitStoredGeoreference));
    checkExtent(s, {299000, 4398000, 303000, 4401000});
}

BOOST_AUTO_TEST_SUITE_END()
