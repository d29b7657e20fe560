// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../model/campaign.hpp and io/campaign_json.hpp: numbering, square geometry, the table
// helper, cover with overrides, and the "campaign" member of the document.
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"

#include <functional>

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;

namespace {
CampaignGrid grid(int columns, int rows, GridNumbering numbering = GridNumbering::LetterNumber)
{
    CampaignGrid g;
    g.squareSize = 1000.0;
    g.origin = {300000.0, 4400000.0};
    g.columns = columns;
    g.rows = rows;
    g.numbering = numbering;
    return g;
}
} // namespace

BOOST_AUTO_TEST_SUITE(campaign_model)

BOOST_AUTO_TEST_CASE(letter_number_calls_the_north_west_square_a1)
{
    const CampaignGrid g = grid(30, 12);
    BOOST_TEST(squareName(g, {0, 0}) == "A1");
    BOOST_TEST(squareName(g, {2, 3}) == "C4");      // third column from the west, fourth row from the north
    BOOST_TEST(squareName(g, {25, 0}) == "Z1");
    BOOST_TEST(squareName(g, {26, 0}) == "AA1");    // after Z come AA, AB, ...
    BOOST_TEST(squareName(g, {27, 11}) == "AB12");
    BOOST_TEST(parseSquareName(g, "c4").column == 2);
    BOOST_TEST(parseSquareName(g, "C4").row == 3);
    BOOST_TEST(parseSquareName(g, "AB12").column == 27);
    BOOST_CHECK_THROW(parseSquareName(g, "C13"), std::invalid_argument);  // 12 rows only
    BOOST_CHECK_THROW(parseSquareName(g, "4C"), std::invalid_argument);
    BOOST_CHECK_THROW(squareName(g, {30, 0}), std::out_of_range);
}

BOOST_AUTO_TEST_CASE(colrow_calls_the_north_west_square_0101)
{
    const CampaignGrid g = grid(8, 6, GridNumbering::ColumnRow);
    BOOST_TEST(squareName(g, {0, 0}) == "0101");
    BOOST_TEST(squareName(g, {2, 3}) == "0304");
    const SquareRef q = parseSquareName(g, "0304");
    BOOST_TEST(q.column == 2);
    BOOST_TEST(q.row == 3);
    BOOST_CHECK_THROW(parseSquareName(g, "0907"), std::invalid_argument); // column 9 of 8
}

BOOST_AUTO_TEST_CASE(numbering_options_start_number_leading_zeros_descending_rows)
{
    CampaignGrid g = grid(3, 12);
    g.leadingZeros = true;
    BOOST_TEST(squareName(g, {0, 0}) == "A01"); // padded to the width of row 12
    g.descendingRows = true;
    BOOST_TEST(squareName(g, {0, 0}) == "A12"); // numbered from the south: the north row is the 12th
    BOOST_TEST(squareName(g, {0, 11}) == "A01");
    BOOST_TEST(parseSquareName(g, "A12").row == 0);
    CampaignGrid c = grid(3, 4, GridNumbering::ColumnRow);
    c.startNumber = 0;
    BOOST_TEST(squareName(c, {0, 0}) == "0000");
    BOOST_TEST(squareName(c, {2, 3}) == "0203");
    c.leadingZeros = false;
    BOOST_TEST(squareName(c, {2, 3}) == "2.3");
    BOOST_TEST(parseSquareName(c, "2.3").column == 2);
}

BOOST_AUTO_TEST_CASE(squares_are_laid_from_the_south_west_origin)
{
    const CampaignGrid g = grid(4, 3);
    // A1 is the north-west square: x 300000..301000, y 4402000..4403000 (3 rows of 1000 m above the origin).
    const auto a1 = squareCorners(g, {0, 0});
    BOOST_TEST(a1[0].x == 300000.0);
    BOOST_TEST(a1[0].y == 4402000.0);
    BOOST_TEST(a1[2].x == 301000.0);
    BOOST_TEST(a1[2].y == 4403000.0);
    const auto sq = squareAt(g, {303500.0, 4400500.0});
    BOOST_REQUIRE(sq.has_value());
    BOOST_TEST(squareName(g, *sq) == "D3"); // the south-east square
    BOOST_TEST(!squareAt(g, {299999.0, 4400500.0}).has_value());
    const auto b = gridBounds(g);
    BOOST_TEST(b[2] == 304000.0);
    BOOST_TEST(b[3] == 4403000.0);
}

BOOST_AUTO_TEST_CASE(rotation_turns_the_grid_clockwise_about_the_origin)
{
    CampaignGrid g = grid(2, 1);
    g.rotation = 90.0;
    // Turned a quarter clockwise, the columns run south from the origin and the single row lies east of it.
    const Coordinate c = squareCentre(g, {1, 0});
    BOOST_TEST(c.x == 300500.0, boost::test_tools::tolerance(1e-6));
    BOOST_TEST(c.y == 4398500.0, boost::test_tools::tolerance(1e-9));
    const auto sq = squareAt(g, {300500.0, 4398500.0});
    BOOST_REQUIRE(sq.has_value());
    BOOST_TEST(sq->column == 1);
}

BOOST_AUTO_TEST_CASE(table_helper_gives_six_by_four_squares_of_0_909_mile)
{
    // 8 x 6 ft at 100 yards to the inch (1:3600): 96 in x 100 yd = 9600 yd = 8778.24 m along; / 6 = 1463.04 m.
    const TableGrid t = proposeTableGrid(2438.4, 1828.8, 3600.0);
    BOOST_TEST(t.squareSize == 1463.04, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(t.squareSize / kMileMetres == 10.0 / 11.0, boost::test_tools::tolerance(1e-9)); // 0.909 mile
    BOOST_TEST(t.along == 6);
    BOOST_TEST(t.across == 4); // 6 ft = 72 in = 4.5 squares of 16 in: four whole squares
    BOOST_TEST(t.squareOnTableMm == 406.4, boost::test_tools::tolerance(1e-9));
    BOOST_CHECK_THROW(proposeTableGrid(0, 1828.8, 3600.0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(malformed_grids_are_refused)
{
    CampaignGrid g = grid(2, 2);
    g.squareSize = 0.0;
    BOOST_CHECK_THROW(checkGrid(g), std::invalid_argument);
    g.squareSize = -1609.344;
    BOOST_CHECK_THROW(checkGrid(g), std::invalid_argument);
    g.squareSize = 1000.0;
    g.rows = 0;
    BOOST_CHECK_THROW(checkGrid(g), std::invalid_argument);
    g.rows = 2;
    BOOST_CHECK_NO_THROW(checkGrid(g));
}

BOOST_AUTO_TEST_CASE(cover_uses_the_override_before_the_derived_fraction)
{
    Campaign c;
    c.grid = grid(2, 2);
    SquareTerrain t;
    t.square = {0, 0};
    t.coverage = {{"woods", 0.8}, {"hill", 0.3}};
    c.derived.push_back(t);
    BOOST_TEST(std::string(toString(c.cover({0, 0}, "woods"))) == "whole"); // 0.8 >= 0.75
    BOOST_TEST(std::string(toString(c.cover({0, 0}, "hill"))) == "half");   // 0.25 <= 0.3 < 0.75
    BOOST_TEST(std::string(toString(c.cover({1, 0}, "woods"))) == "none");
    c.overrides.push_back(CoverOverride{{0, 0}, "woods", Cover::None, "cleared in 1863"});
    BOOST_TEST(std::string(toString(c.cover({0, 0}, "woods"))) == "none");
    BOOST_TEST(c.overridden({0, 0}, "woods"));
    BOOST_TEST(!c.overridden({0, 0}, "hill"));
}

BOOST_AUTO_TEST_CASE(the_campaign_member_is_written_only_when_set_and_reads_back)
{
    Scenario s = sandtable::test::smallScenario();
    BOOST_TEST(io::serializeScenario(s).find("\"campaign\"") == std::string::npos);
    Campaign c;
    c.grid = grid(2, 2, GridNumbering::ColumnRow);
    c.grid.origin = {300000.0, 4399000.0};
    c.forces.push_back(CampaignForce{"blue-corps", SideId("blue"), "I Corps", {1, 0}, 6, 1, 2, true});
    c.objectives.push_back(Objective{"loc-blue", "Baltimore Pike", ObjectiveKind::LineOfCommunication, {1, 1}, 1, SideId("blue")});
    c.overrides.push_back(CoverOverride{{0, 1}, "woods", Cover::Half, ""});
    c.clock.startMinute = 5 * 60 + 30;
    c.intelligence.push_back(StartingIntelligence{SideId("red"), {"blue-corps"}, "a corps to the east"});
    s.campaign = c;
    const std::string text = io::serializeScenario(s);
    BOOST_TEST(text.find("\"square\": \"0201\"") != std::string::npos); // squares by the names players call
    BOOST_TEST(text.find("\"start\": \"05:30\"") != std::string::npos);
    const io::LoadedScenario back = io::parseScenario(text, "memory");
    BOOST_REQUIRE(back.scenario.campaign.has_value());
    BOOST_TEST((*back.scenario.campaign == c));
    BOOST_TEST(io::serializeScenario(back.scenario) == text);
}

BOOST_AUTO_TEST_CASE(schema_refuses_a_zero_square_and_unknown_members)
{
    Scenario s = sandtable::test::smallScenario();
    Campaign c;
    c.grid = grid(2, 2);
    c.grid.origin = {300000.0, 4399000.0};
    s.campaign = c;
    // The scenario's document with one edit of its "campaign" object.
    const auto edited = [&](const std::function<void(io::JsonValue& campaign, io::JsonOut& out)>& edit) {
        io::JsonOut out;
        io::JsonValue document = io::scenarioToJson(s, out);
        edit(document["campaign"], out);
        return io::writeJson(document, 0);
    };
    BOOST_CHECK_THROW(io::parseScenario(edited([](io::JsonValue& campaign, io::JsonOut& out) { out.set(campaign["grid"], "square_size", 0); }), "memory"),
        util::FormatError);
    BOOST_CHECK_THROW(io::parseScenario(edited([](io::JsonValue& campaign, io::JsonOut& out) { out.set(campaign["grid"], "square_size", -1609.344); }), "memory"),
        util::FormatError);
    BOOST_CHECK_THROW(io::parseScenario(edited([](io::JsonValue& campaign, io::JsonOut& out) { out.set(campaign, "unknown_member", 1); }), "memory"), util::FormatError);
    // A 2 x 2 grid has no column C.
    BOOST_CHECK_THROW(io::parseScenario(edited([](io::JsonValue& campaign, io::JsonOut& out) {
        out.set(campaign, "forces", out.array(out.object("id", "f", "side", "blue", "square", "C1")));
    }),
                          "memory"),
        util::FormatError);
    BOOST_CHECK_NO_THROW(io::parseScenario(edited([](io::JsonValue&, io::JsonOut&) {}), "memory"));
}

BOOST_AUTO_TEST_CASE(validation_warns_when_a_side_has_no_line_of_communication)
{
    Scenario s = sandtable::test::smallScenario();
    Campaign c;
    c.grid = grid(1, 1);
    c.grid.origin = {300000.0, 4400000.0};
    c.forces.push_back(CampaignForce{"red-1", SideId("red"), "Red", {0, 0}, 2, 0, 0, false});
    c.forces.push_back(CampaignForce{"ghost", SideId("green"), "Nobody", {0, 0}, 1, 0, 0, false});
    s.campaign = c;
    const io::LoadedScenario loaded = io::parseScenario(io::serializeScenario(s), "memory");
    bool loc = false, ref = false;
    for (const validation::Diagnostic& d : loaded.diagnostics) {
        loc = loc || (d.code == "campaign.loc.missing" && d.message.find("'red'") != std::string::npos);
        ref = ref || (d.code == "ref.missing" && d.path == "/campaign/forces/1/side");
    }
    BOOST_TEST(loc);
    BOOST_TEST(ref);
}

BOOST_AUTO_TEST_SUITE_END()
