// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../document/campaign_operations.hpp: the one rule for laying a campaign grid, derivation,
// overrides, rolls and table squares, each an undoable Edit.
#include "sandtable/core/document/campaign_operations.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <functional>

using namespace sandtable::core;
namespace ops = sandtable::core::document::operations;
namespace tt = boost::test_tools;

namespace {

// The small scenario's map is 300000..301000 E x 4400000..4401000 N: two rows and columns of 500 m from
// its south-west corner cover it exactly. Row 0 is the north row (y 4400500..4401000).
CampaignGrid covering2x2()
{
    CampaignGrid g;
    g.squareSize = 500.0;
    g.origin = {300000.0, 4400000.0};
    g.rows = 2;
    g.columns = 2;
    return g;
}

// Three columns of 500 m: 500 m of the grid hangs east of the map, which is fine (it covers the map).
CampaignGrid wide3x2()
{
    CampaignGrid g = covering2x2();
    g.columns = 3;
    return g;
}

std::string messageOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const util::OperationError& e) {
        return e.what();
    }
    return "(no error)";
}

CampaignForce force(const std::string& id, const std::string& side, SquareRef square)
{
    CampaignForce f;
    f.id = id;
    f.side = SideId(side);
    f.name = id;
    f.square = square;
    return f;
}

Scenario withCampaign(const CampaignGrid& grid)
{
    Scenario s = sandtable::test::smallScenario();
    Campaign c;
    c.grid = grid;
    s.campaign = c;
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(document_campaign_operations)

BOOST_AUTO_TEST_CASE(laying_a_grid_on_a_scenario_without_a_campaign_creates_one_in_one_undo_step)
{
    document::Document doc(sandtable::test::smallScenario());
    validation::Diagnostics findings;
    doc.apply(ops::setCampaignGrid(doc.scenario(), covering2x2(), findings, "Lay grid"));
    BOOST_TEST(findings.empty()); // 2 x 500 m = the map's 1000 m both ways
    BOOST_REQUIRE(doc.scenario().campaign);
    BOOST_TEST((doc.scenario().campaign->grid == covering2x2()));
    BOOST_TEST(doc.undoLabel() == "Lay grid");
    BOOST_TEST(doc.scenario().campaign->thresholds.whole == 0.75); // a new campaign's defaults
    doc.undo();
    BOOST_TEST(!doc.scenario().campaign);
    // The same grid again changes nothing: an empty edit.
    const Scenario s = withCampaign(covering2x2());
    BOOST_TEST(ops::setCampaignGrid(s, covering2x2(), findings).empty());
}

BOOST_AUTO_TEST_CASE(a_grid_that_strands_forces_or_objectives_is_refused_naming_every_one)
{
    Scenario s = withCampaign(wide3x2());
    s.campaign->forces.push_back(force("f1", "blue", {2, 1}));
    s.campaign->forces.push_back(force("f2", "red", {0, 0}));
    CampaignForce marcher = force("f3", "red", {0, 0});
    marcher.route = {{2, 0}, {1, 0}}; // came from C1, which the new grid drops
    s.campaign->forces.push_back(marcher);
    s.campaign->objectives.push_back(Objective{"o1", "Mill", ObjectiveKind::Resource, {2, 0}, 2, std::nullopt});
    validation::Diagnostics findings;
    const std::string message = messageOf([&] { ops::setCampaignGrid(s, covering2x2(), findings); });
    // Column C (index 2) goes: f1 at C2, f3's route through C1 and objective o1 at C1 are stranded; f2 is not.
    BOOST_TEST(message.find("force 'f1' at C2") != std::string::npos, message);
    BOOST_TEST(message.find("the route of force 'f3' at C1") != std::string::npos, message);
    BOOST_TEST(message.find("objective 'o1' at C1") != std::string::npos, message);
    BOOST_TEST(message.find("'f2'") == std::string::npos, message);
    BOOST_TEST(message.find("off the new 2 x 2 grid; move them first") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(a_grid_whose_squares_moved_clears_derivation_and_rolls_and_drops_what_is_off_it)
{
    Scenario s = withCampaign(wide3x2());
    Campaign& c = *s.campaign;
    c.derived.push_back(SquareTerrain{{0, 1}, {{"woods", 0.08}}, {}, {}});
    c.secondary = SecondaryTerrain{7, "valley", {SecondaryRoll{{0, 0}, 4, "woods", {}, "", {}, {}, {}}}};
    c.overrides = {CoverOverride{{2, 1}, "woods", Cover::Whole, ""}, CoverOverride{{0, 0}, "town", Cover::Half, "inn"}};
    c.tableSquares = {{0, 0}, {1, 0}, {2, 0}};
    c.forces.push_back(force("f2", "red", {1, 1}));
    validation::Diagnostics findings;
    document::Document doc(s);
    doc.apply(ops::setCampaignGrid(doc.scenario(), covering2x2(), findings));
    const Campaign& after = *doc.scenario().campaign;
    BOOST_TEST(after.grid.columns == 2);
    BOOST_TEST(after.derived.empty());
    BOOST_TEST(!after.secondary);
    BOOST_REQUIRE(after.overrides.size() == 1u);
    BOOST_TEST(after.overrides[0].terrainClass == "town"); // A1's, kept; C2's went with column C
    BOOST_TEST((after.tableSquares == std::vector<SquareRef>{{0, 0}, {1, 0}}));
    BOOST_TEST(after.forces.size() == 1u); // a force on the grid stays where it is
    doc.undo();
    BOOST_TEST((*doc.scenario().campaign == c)); // undo brings every dropped piece back

    // Moving the origin alone moves the squares too.
    CampaignGrid shifted = wide3x2();
    shifted.origin.x -= 100.0;
    const document::Edit moved = ops::setCampaignGrid(s, shifted, findings);
    BOOST_REQUIRE(moved.changes.size() == 1u);
    const auto& change = std::get<document::CampaignChange>(moved.changes[0]);
    BOOST_TEST(change.after->derived.empty());
    BOOST_TEST(!change.after->secondary);
    BOOST_TEST(change.after->overrides.size() == 2u); // the same 3 x 2 squares: every override still has its square
}

BOOST_AUTO_TEST_CASE(renaming_the_squares_keeps_derivation_and_rolls)
{
    Scenario s = withCampaign(covering2x2());
    s.campaign->derived.push_back(SquareTerrain{{0, 1}, {{"woods", 0.08}}, {}, {}});
    s.campaign->secondary = SecondaryTerrain{7, "valley", {SecondaryRoll{{0, 0}, 4, "woods", {}, "", {}, {}, {}}}};
    CampaignGrid renamed = covering2x2();
    renamed.numbering = GridNumbering::ColumnRow;
    renamed.startNumber = 5;
    renamed.descendingRows = true;
    BOOST_TEST(ops::sameGridGeometry(covering2x2(), renamed));
    validation::Diagnostics findings;
    const document::Edit edit = ops::setCampaignGrid(s, renamed, findings);
    BOOST_REQUIRE(edit.changes.size() == 1u);
    const Campaign& after = *std::get<document::CampaignChange>(edit.changes[0]).after;
    BOOST_TEST(after.derived.size() == 1u);
    BOOST_TEST(after.secondary.has_value());
    BOOST_TEST((after.grid.numbering == GridNumbering::ColumnRow));
}

BOOST_AUTO_TEST_CASE(a_grid_short_of_the_map_is_laid_with_a_warning_and_a_malformed_one_is_refused)
{
    const Scenario s = sandtable::test::smallScenario();
    CampaignGrid small = covering2x2();
    small.squareSize = 400.0; // 2 x 400 = 800 m of the map's 1000: 200 m left beyond the east and north edges
    validation::Diagnostics findings;
    const document::Edit edit = ops::setCampaignGrid(s, small, findings);
    BOOST_TEST(edit.changes.size() == 1u);
    BOOST_REQUIRE(findings.size() == 1u);
    BOOST_TEST(findings[0].code == "campaign.grid.coverage");
    BOOST_TEST((findings[0].severity == validation::Severity::Warning));
    BOOST_TEST(findings[0].message.find("200 m of the map beyond its east edge") != std::string::npos, findings[0].message);

    CampaignGrid bad = covering2x2();
    bad.squareSize = -5.0;
    const std::string message = messageOf([&] { ops::setCampaignGrid(s, bad, findings); });
    BOOST_TEST(message.find("campaign grid: the square size must be a positive number") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(derivation_classifies_with_the_thresholds_given_and_refuses_bad_ones)
{
    document::Document doc(withCampaign(covering2x2()));
    // The woods (20,000 m2) lie in A2 (column 0, row 1: y 4400000..4400500): 20000 / 250000 = 0.08 of it.
    doc.apply(ops::deriveCampaign(doc.scenario(), std::nullopt, 0.05));
    const Campaign& c = *doc.scenario().campaign;
    BOOST_TEST(c.thresholds.half == 0.05);
    BOOST_REQUIRE(c.derivedSquare({0, 1}));
    BOOST_TEST(c.derivedSquare({0, 1})->fraction("woods") == 0.08, tt::tolerance(1e-12));
    BOOST_TEST((c.cover({0, 1}, "woods") == Cover::Half));
    BOOST_TEST(doc.undoLabel() == "Derive primary terrain");
    // Deriving again changes nothing.
    BOOST_TEST(ops::deriveCampaign(doc.scenario()).empty());

    std::string message = messageOf([&] { ops::deriveCampaign(doc.scenario(), 0.2, 0.3); });
    BOOST_TEST(message.find("thresholds: cover thresholds must satisfy 0 < half <= whole <= 1") != std::string::npos, message);
    message = messageOf([] { ops::deriveCampaign(sandtable::test::smallScenario()); });
    BOOST_TEST(message.find("has no campaign grid") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(an_override_is_set_replaced_in_place_and_removed)
{
    document::Document doc(withCampaign(covering2x2()));
    doc.apply(ops::setCoverOverride(doc.scenario(), {1, 0}, "woods", Cover::Whole, "orchard belt"));
    doc.apply(ops::setCoverOverride(doc.scenario(), {0, 0}, "town", Cover::Half));
    doc.apply(ops::setCoverOverride(doc.scenario(), {1, 0}, "woods", Cover::None, "cleared"));
    const auto& overrides = doc.scenario().campaign->overrides;
    BOOST_REQUIRE(overrides.size() == 2u);
    BOOST_TEST(overrides[0].note == "cleared"); // replaced where it was, not appended
    BOOST_TEST((overrides[0].cover == Cover::None));
    BOOST_TEST(doc.undoLabel() == "Override cover");
    doc.apply(ops::setCoverOverride(doc.scenario(), {1, 0}, "woods", std::nullopt));
    BOOST_TEST(doc.scenario().campaign->overrides.size() == 1u);
    BOOST_TEST(doc.undoLabel() == "Remove override");
    BOOST_TEST(ops::setCoverOverride(doc.scenario(), {1, 0}, "woods", std::nullopt).empty()); // none left to remove

    std::string message = messageOf([&] { ops::setCoverOverride(doc.scenario(), {2, 0}, "woods", Cover::Half); });
    BOOST_TEST(message.find("square (column 2, row 0): is off the grid") != std::string::npos, message);
    message = messageOf([] { ops::setCoverOverride(sandtable::test::smallScenario(), {0, 0}, "woods", Cover::Half); });
    BOOST_TEST(message.find("has no campaign grid") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(a_roll_records_seed_region_and_one_roll_per_table_square)
{
    document::Document doc(withCampaign(covering2x2()));
    doc.apply(ops::rollSecondaryTerrain(doc.scenario(), 42, "valley"));
    const auto& rolled = doc.scenario().campaign->secondary;
    BOOST_REQUIRE(rolled);
    BOOST_TEST(rolled->seed == 42u);
    BOOST_TEST(rolled->region == "valley");
    BOOST_TEST(rolled->rolls.size() == 4u); // no table chosen: every square of the 2 x 2 grid
    BOOST_TEST(ops::rollSecondaryTerrain(doc.scenario(), 42, "valley").empty()); // reproducible from its seed
    const std::string message = messageOf([&] { ops::rollSecondaryTerrain(doc.scenario(), 1, "moon"); });
    BOOST_TEST(message.find("secondary terrain:") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(table_squares_must_be_a_full_rectangle_on_the_grid)
{
    document::Document doc(withCampaign(covering2x2()));
    doc.apply(ops::setTableSquares(doc.scenario(), {{0, 0}, {1, 0}}));
    BOOST_TEST((doc.scenario().campaign->tableSquares == std::vector<SquareRef>{{0, 0}, {1, 0}}));
    // A1, B1 and A2 without B2 is no rectangle; column 2 is off the 2 x 2 grid.
    BOOST_CHECK_THROW(ops::setTableSquares(doc.scenario(), {{0, 0}, {1, 0}, {0, 1}}), util::OperationError);
    BOOST_CHECK_THROW(ops::setTableSquares(doc.scenario(), {{2, 0}}), util::OperationError);
    BOOST_CHECK_THROW(ops::setTableSquares(doc.scenario(), {}), util::OperationError);
}

BOOST_AUTO_TEST_CASE(on_grid_holds_for_every_square_of_the_grid_and_none_beyond)
{
    const CampaignGrid g = wide3x2(); // columns 0..2, rows 0..1
    BOOST_TEST(onGrid(g, {0, 0}));
    BOOST_TEST(onGrid(g, {2, 1}));
    BOOST_TEST(!onGrid(g, {3, 0}));
    BOOST_TEST(!onGrid(g, {0, 2}));
    BOOST_TEST(!onGrid(g, {-1, 0}));
    BOOST_TEST(!onGrid(g, {0, -1}));
}

BOOST_AUTO_TEST_CASE(forces_are_set_in_one_undo_step_and_refused_off_the_grid_or_with_a_foreign_side)
{
    document::Document doc(withCampaign(covering2x2()));
    // The small scenario's sides are "blue" and "red"; the 2 x 2 grid's squares are columns and rows 0-1.
    CampaignForce cavalry = force("f1", "blue", {1, 0});
    cavalry.cavalry = 2;
    cavalry.artillery = 1;
    doc.apply(ops::setCampaignForces(doc.scenario(), {cavalry, force("f2", "red", {0, 1})}));
    BOOST_REQUIRE_EQUAL(doc.scenario().campaign->forces.size(), 2u);
    BOOST_TEST(doc.scenario().campaign->forces[0].cavalry == 2);
    BOOST_TEST(doc.undoLabel() == "Set campaign forces");
    doc.undo();
    BOOST_TEST(doc.scenario().campaign->forces.empty());
    const Scenario& s = doc.scenario();
    BOOST_TEST(messageOf([&] { ops::setCampaignForces(s, {force("f1", "blue", {2, 0})}); }).find("force 'f1'") != std::string::npos);
    BOOST_TEST(messageOf([&] { ops::setCampaignForces(s, {force("f1", "blue", {2, 0})}); }).find("off the campaign grid") != std::string::npos);
    BOOST_TEST(messageOf([&] { ops::setCampaignForces(s, {force("f1", "green", {0, 0})}); }).find("side 'green'") != std::string::npos);
    BOOST_TEST(messageOf([&] { ops::setCampaignForces(s, {force("f1", "blue", {0, 0}), force("f1", "red", {1, 1})}); })
                   .find("is named twice") != std::string::npos);
    CampaignForce negative = force("f3", "red", {0, 0});
    negative.infantry = -1;
    BOOST_TEST(messageOf([&] { ops::setCampaignForces(s, {negative}); }).find("negative") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
