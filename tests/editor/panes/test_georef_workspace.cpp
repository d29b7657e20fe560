// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../panes/georef_workspace.hpp: the residual table worst first, residual arrows,
// the method guidance (the GCP edits: tests/core/document/test_map_operations.cpp).
#include "sandtable/editor/logic/panes/georef_workspace.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor::panes;
namespace core = sandtable::core;

namespace {

ResidualRow row(int id, bool enabled, double residualMap)
{
    ResidualRow r;
    r.id = id;
    r.enabled = enabled;
    r.residualMap = residualMap;
    return r;
}

} // namespace

BOOST_AUTO_TEST_SUITE(panes_georef_workspace)

BOOST_AUTO_TEST_CASE(the_table_lists_enabled_gcps_worst_first_then_disabled_ones_ties_by_id)
{
    const auto sorted = worstFirst({row(1, true, 12.0), row(2, false, 900.0), row(3, true, 340.5), row(4, true, 12.0),
        row(5, false, 3.0), row(6, true, 0.0)});
    std::vector<int> ids;
    for (const auto& r : sorted)
        ids.push_back(r.id);
    const std::vector<int> expected{3, 1, 4, 6, 2, 5};
    BOOST_TEST(ids == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_residual_arrow_runs_from_the_gcp_towards_its_fitted_pixel_exaggerated)
{
    ResidualRow r;
    r.id = 7;
    r.pixel = 100;
    r.line = 200;
    r.backPixel = 103;
    r.backLine = 196;
    const ScanArrow a = residualArrow(r, 10.0);
    BOOST_TEST(a.fromPixel == 100.0);
    BOOST_TEST(a.fromLine == 200.0);
    BOOST_TEST(a.toPixel == 130.0);
    BOOST_TEST(a.toLine == 160.0);
    const ScanArrow one = residualArrow(r, 1.0);
    BOOST_TEST(one.toPixel == 103.0);
    BOOST_TEST(one.toLine == 196.0);
}

BOOST_AUTO_TEST_CASE(the_method_guidance_names_the_minimum_and_the_shortfall)
{
    const MethodGuidance poly2 = methodGuidance(core::GeoreferenceMethod::Poly2, 3);
    BOOST_TEST(poly2.minimum == 6);
    BOOST_TEST(poly2.needs.find("poly2 needs at least 6 enabled GCPs") == 0u);
    BOOST_TEST(poly2.shortfall == "3 enabled: add 3 more GCPs or enable disabled ones");
    const MethodGuidance helmert = methodGuidance(core::GeoreferenceMethod::Helmert, 1);
    BOOST_TEST(helmert.minimum == 2);
    BOOST_TEST(helmert.shortfall == "1 enabled: add 1 more GCP or enable disabled ones");
    BOOST_TEST(methodGuidance(core::GeoreferenceMethod::Poly3, 10).shortfall.empty());
    BOOST_TEST(methodGuidance(core::GeoreferenceMethod::Poly3, 9).minimum == 10);
    BOOST_TEST(methodGuidance(core::GeoreferenceMethod::Tps, 3).shortfall.empty());
    BOOST_TEST(chooserMethods().size() == 6u);
}

BOOST_AUTO_TEST_SUITE_END()
