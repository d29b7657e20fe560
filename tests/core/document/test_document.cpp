// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../document/document.hpp and operations.hpp: undo/redo restore the exact document.
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <random>

using namespace sandtable::core;
namespace ops = sandtable::core::document::operations;

BOOST_AUTO_TEST_SUITE(document_undo)

BOOST_AUTO_TEST_CASE(undo_of_a_delete_puts_the_feature_back_in_its_place)
{
    document::Document doc(sandtable::test::smallScenario());
    const std::string original = io::serializeScenario(doc.scenario());
    doc.apply(ops::removeFeature(doc.scenario(), FeatureId("woods-1")));
    BOOST_TEST(doc.scenario().terrain.size() == 1u);
    BOOST_TEST(doc.undoLabel() == "Delete feature");
    doc.undo();
    BOOST_TEST(io::serializeScenario(doc.scenario()) == original);
    BOOST_TEST(doc.scenario().terrain.front().id.str() == "woods-1");
    doc.redo();
    BOOST_TEST(doc.scenario().terrain.size() == 1u);
    BOOST_TEST(doc.scenario().terrain.front().id.str() == "stream-1");
}

BOOST_AUTO_TEST_CASE(one_drag_is_one_undo_step)
{
    document::Document doc(sandtable::test::smallScenario());
    const Scenario before = doc.scenario();
    for (int step = 1; step <= 10; ++step)
        doc.apply(ops::moveUnit(doc.scenario(), UnitId("blue-1-a"), {300650.0 + step, 4400650.0}, 90.0 + step));
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_TEST(doc.scenario().findUnit(UnitId("blue-1-a"))->placement->position.x == 300660.0);
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
}

BOOST_AUTO_TEST_CASE(a_move_after_undo_does_not_merge_into_the_undone_step)
{
    document::Document doc(sandtable::test::smallScenario());
    doc.apply(ops::moveUnit(doc.scenario(), UnitId("blue-1-a"), {300700, 4400700}, 0));
    doc.undo();
    doc.apply(ops::moveUnit(doc.scenario(), UnitId("blue-1-a"), {300800, 4400800}, 0));
    doc.apply(ops::moveUnit(doc.scenario(), UnitId("blue-1-a"), {300810, 4400810}, 0));
    BOOST_TEST(doc.undoDepth() == 1u);
    BOOST_TEST(!doc.canRedo());
}

BOOST_AUTO_TEST_CASE(facing_is_normalised_to_degrees_clockwise_from_north)
{
    const Scenario s = sandtable::test::smallScenario();
    Scenario after = s;
    document::applyEdit(after, ops::moveUnit(s, UnitId("blue-1-a"), {300650, 4400650}, -90.0));
    BOOST_TEST(after.findUnit(UnitId("blue-1-a"))->placement->facing == 270.0);
    document::applyEdit(after, ops::moveUnit(after, UnitId("blue-1-a"), {300650, 4400650}, 725.0));
    BOOST_TEST(after.findUnit(UnitId("blue-1-a"))->placement->facing == 5.0);
}

BOOST_AUTO_TEST_CASE(a_failing_edit_changes_nothing)
{
    document::Document doc(sandtable::test::smallScenario());
    const Scenario before = doc.scenario();
    BOOST_CHECK_THROW(ops::removeFeature(doc.scenario(), FeatureId("missing")), util::OperationError);
    TerrainFeature duplicate = doc.scenario().terrain.front();
    BOOST_CHECK_THROW(ops::addFeature(doc.scenario(), duplicate), util::OperationError);
    // An edit built against an older state no longer fits: applying it throws and changes nothing.
    const document::Edit stale = ops::removeFeature(doc.scenario(), FeatureId("woods-1"));
    doc.apply(stale);
    BOOST_CHECK_THROW(doc.apply(stale), util::OperationError);
    doc.undo();
    BOOST_TEST((doc.scenario() == before));
}

BOOST_AUTO_TEST_CASE(modified_flag_follows_the_history)
{
    document::Document doc(sandtable::test::smallScenario());
    BOOST_TEST(!doc.isModified());
    doc.apply(ops::removeUnit(doc.scenario(), UnitId("blue-1-a")));
    BOOST_TEST(doc.isModified());
    doc.undo();
    BOOST_TEST(!doc.isModified());
    doc.redo();
    sandtable::test::TemporaryFolder folder;
    doc.save(folder / "saved.json");
    BOOST_TEST(!doc.isModified());
    doc.undo();
    BOOST_TEST(doc.isModified());
    // A new edit after undoing past the save point drops that state: never clean again by undo/redo.
    doc.apply(ops::removeFeature(doc.scenario(), FeatureId("stream-1")));
    doc.undo();
    BOOST_TEST(doc.isModified());
}

BOOST_AUTO_TEST_CASE(observers_see_every_change)
{
    document::Document doc(sandtable::test::smallScenario());
    std::vector<std::string> seen;
    const int handle = doc.subscribe([&](const document::Edit& e) { seen.push_back(e.label); });
    doc.apply(ops::removeFeature(doc.scenario(), FeatureId("woods-1")));
    doc.undo();
    doc.redo();
    doc.unsubscribe(handle);
    doc.undo();
    BOOST_TEST(seen.size() == 3u);
    BOOST_TEST(seen.front() == "Delete feature");
}

BOOST_AUTO_TEST_CASE(random_edit_sequences_undo_to_every_earlier_document)
{
    std::mt19937 random(20261129);
    document::Document doc(sandtable::test::smallScenario());
    std::vector<std::string> states{io::serializeScenario(doc.scenario())};
    for (int step = 0; step < 200; ++step) {
        const Scenario& s = doc.scenario();
        switch (random() % 5) {
        case 0: {
            TerrainFeature f{FeatureId(ops::freshId(s, "f")), "woods", "",
                Geometry::polygon({{{300000, 4400000}, {300010, 4400000}, {300010, 4400010}, {300000, 4400000}}}), {}};
            doc.apply(ops::addFeature(s, f));
            break;
        }
        case 1:
            if (!s.terrain.empty())
                doc.apply(ops::removeFeature(s, s.terrain[random() % s.terrain.size()].id));
            break;
        case 2:
            doc.apply(ops::moveUnit(s, UnitId("blue-1-a"), {300000.0 + random() % 1000, 4400000.0 + random() % 1000},
                static_cast<double>(random() % 360)));
            break;
        case 3: {
            ScenarioSettings settings = s.settings;
            settings.title = "title " + std::to_string(step);
            doc.apply(ops::setSettings(s, settings));
            break;
        }
        default:
            if (!s.terrain.empty()) {
                TerrainFeature f = s.terrain.back();
                f.name = "renamed " + std::to_string(step);
                doc.apply(ops::replaceFeature(s, f));
            }
        }
        if (doc.undoDepth() + 1 != states.size())
            states.push_back(io::serializeScenario(doc.scenario()));
        else
            states.back() = io::serializeScenario(doc.scenario()); // merged into the previous step
    }
    while (doc.canUndo()) {
        BOOST_REQUIRE_EQUAL(io::serializeScenario(doc.scenario()), states[doc.undoDepth()]);
        doc.undo();
    }
    BOOST_TEST(io::serializeScenario(doc.scenario()) == states.front());
    while (doc.canRedo())
        doc.redo();
    BOOST_TEST(io::serializeScenario(doc.scenario()) == states.back());
}

BOOST_AUTO_TEST_CASE(a_campaign_change_lays_replaces_and_removes_the_campaign_and_undoes_exactly)
{
    document::Document doc(sandtable::test::smallScenario());
    BOOST_REQUIRE(!doc.scenario().campaign);
    const std::string original = io::serializeScenario(doc.scenario());

    Campaign laid;
    laid.grid.squareSize = 500.0;
    laid.grid.origin = {300000.0, 4400000.0};
    laid.grid.rows = 2;
    laid.grid.columns = 3;
    doc.apply(document::Edit{"Lay grid", {document::CampaignChange{std::nullopt, laid}}, {}});
    BOOST_REQUIRE(doc.scenario().campaign);
    BOOST_TEST(doc.scenario().campaign->grid.columns == 3);
    BOOST_TEST(doc.undoLabel() == "Lay grid");
    const std::string withGrid = io::serializeScenario(doc.scenario());

    Campaign edited = laid;
    edited.grid.rotation = 15.0;
    edited.overrides.push_back(CoverOverride{SquareRef{1, 0}, "woods", Cover::Whole, "by eye"});
    doc.apply(document::Edit{"Override B1", {document::CampaignChange{laid, edited}}, {}});
    BOOST_TEST(doc.scenario().campaign->grid.rotation == 15.0);
    BOOST_TEST(doc.scenario().campaign->overrides.size() == 1u);

    doc.apply(document::Edit{"Remove campaign", {document::CampaignChange{edited, std::nullopt}}, {}});
    BOOST_TEST(!doc.scenario().campaign);

    doc.undo();
    BOOST_TEST((*doc.scenario().campaign == edited));
    doc.undo();
    BOOST_TEST(io::serializeScenario(doc.scenario()) == withGrid);
    doc.undo();
    BOOST_TEST(io::serializeScenario(doc.scenario()) == original);
    BOOST_TEST(!doc.scenario().campaign);
    doc.redo();
    BOOST_TEST((*doc.scenario().campaign == laid));
}

BOOST_AUTO_TEST_SUITE_END()
