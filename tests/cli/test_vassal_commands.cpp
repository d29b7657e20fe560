// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/vassal_commands.cpp: every bundled example exported as a VASSAL module and checked element
// by element against VASSAL's own sources (class names, attributes, trait encodings), then imported back.
#include "sandtable/cli/context.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/vassal/vassal_module.hpp"
#include "support/cli_runner.hpp"
#include "support/run_command.hpp"
#include "support/table_battles_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;
namespace pt = boost::property_tree;

namespace {

/// VASSAL's SequenceEncoder.Decoder (tools/SequenceEncoder.java), written again here from the Java source so
/// that the module is read as VASSAL reads it, not with the code under test: a delimiter after a backslash
/// is part of the token (the backslash dropped); a token wrapped in single quotes loses them.
std::vector<std::string> vassalDecode(const std::string& text, char delim)
{
    std::vector<std::string> out;
    std::string token;
    bool any = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == delim) {
            if (i > 0 && text[i - 1] == '\\') {
                token.back() = delim;
                continue;
            }
            out.push_back(token);
            token.clear();
            any = true;
            continue;
        }
        token += text[i];
    }
    if (!token.empty() || any || text.empty())
        out.push_back(token);
    for (auto& t : out)
        if (t.size() > 1 && t.front() == '\'' && t.back() == '\'')
            t = t.substr(1, t.size() - 2);
    return out;
}

/// A piece definition of a PieceSlot: BasicCommandEncoder's "+/id/type/state", each trait's type (and state)
/// then a tab then the inner piece's, nested.
struct Traits {
    std::vector<std::string> types, states;
};

Traits traitsOf(const std::string& slotText)
{
    BOOST_REQUIRE(slotText.rfind("+/", 0) == 0);
    const auto parts = vassalDecode(slotText.substr(2), '/');
    BOOST_REQUIRE_EQUAL(parts.size(), 3u);
    BOOST_TEST(parts[0] == "null");
    Traits t;
    std::string type = parts[1], state = parts[2];
    for (int depth = 0; depth < 20; ++depth) {
        const auto ty = vassalDecode(type, '\t'), st = vassalDecode(state, '\t');
        t.types.push_back(ty.at(0));
        t.states.push_back(st.at(0));
        if (ty.size() < 2)
            break;
        BOOST_REQUIRE_EQUAL(ty.size(), 2u);
        BOOST_REQUIRE_EQUAL(st.size(), 2u);
        type = ty[1];
        state = st[1];
    }
    return t;
}

struct Module {
    pt::ptree build;   ///< buildFile.xml
    pt::ptree data;    ///< moduledata
    std::filesystem::path path;
};

Module readModule(const std::filesystem::path& vmod)
{
    Module m;
    m.path = vmod;
    std::istringstream b(sandtable::vassal::readVassalModuleEntry(vmod, "buildFile.xml"));
    pt::read_xml(b, m.build);
    std::istringstream d(sandtable::vassal::readVassalModuleEntry(vmod, "moduledata"));
    pt::read_xml(d, m.data);
    return m;
}

/// The child element `name` (VASSAL's class names hold dots: paths here are split at '/').
const pt::ptree& child(const pt::ptree& node, const std::string& name)
{
    return node.get_child(pt::ptree::path_type(name, '/'));
}

std::string attr(const pt::ptree& node, const std::string& name)
{
    return node.get<std::string>(pt::ptree::path_type("<xmlattr>/" + name, '/'), "\x01missing");
}

/// Every descendant element named `name`, depth first.
void collect(const pt::ptree& node, const std::string& name, std::vector<const pt::ptree*>& out)
{
    for (const auto& [key, sub] : node) {
        if (key == name)
            out.push_back(&sub);
        if (key != "<xmlattr>")
            collect(sub, name, out);
    }
}

std::vector<const pt::ptree*> all(const pt::ptree& node, const std::string& name)
{
    std::vector<const pt::ptree*> out;
    collect(node, name, out);
    return out;
}

/// Width and height from a PNG's IHDR.
std::pair<int, int> pngSize(const std::string& png)
{
    BOOST_REQUIRE(png.size() > 24);
    BOOST_REQUIRE(png.compare(1, 3, "PNG") == 0);
    const auto be = [&](std::size_t at) {
        return (static_cast<unsigned char>(png[at]) << 24) | (static_cast<unsigned char>(png[at + 1]) << 16)
            | (static_cast<unsigned char>(png[at + 2]) << 8) | static_cast<unsigned char>(png[at + 3]);
    };
    return {be(16), be(20)};
}

std::string stringOr(const sandtable::test::JsonView& object, const char* key, const std::string& fallback)
{
    return object.contains(key) ? object.at(key).get<std::string>() : fallback;
}

sandtable::test::JsonView readJson(const std::filesystem::path& file) { return sandtable::test::parseJson(sandtable::core::io::readFile(file)); }

std::filesystem::path example(const std::string& relative) { return sandtable::test::sourceDir() / "examples" / relative; }

/// The checks every exported module passes: VASSAL's root and version, moduledata, roster = the sides.
void checkCommon(const Module& m, const sandtable::test::JsonView& scenario)
{
    const pt::ptree& root = child(m.build, "VASSAL.build.GameModule");
    BOOST_TEST(attr(root, "VassalVersion") == "3.7.0");
    BOOST_TEST(attr(root, "name") == scenario.at("title").get<std::string>());
    BOOST_TEST(std::stoi(attr(root, "nextPieceSlotId")) >= 1);
    BOOST_TEST(m.data.get<std::string>("data.VassalVersion") == "3.7.0");
    BOOST_TEST(m.data.get<std::string>("data.<xmlattr>.version") == "1");
    BOOST_TEST(m.data.get<std::string>("data.name") == scenario.at("title").get<std::string>());
    // The components GameModule.build ensures, present as elements.
    for (const char* c : {"VASSAL.build.module.BasicCommandEncoder", "VASSAL.build.module.Documentation",
             "VASSAL.build.module.PlayerRoster", "VASSAL.build.module.GlobalOptions", "VASSAL.build.module.Chatter",
             "VASSAL.build.module.KeyNamer", "VASSAL.build.module.PrototypesContainer"})
        BOOST_TEST(root.count(c) == 1u, c);
    const auto help = all(root, "VASSAL.build.module.documentation.HelpFile");
    BOOST_REQUIRE_EQUAL(help.size(), 1u);
    BOOST_TEST(attr(*help[0], "fileType") == "archive");
    const std::string page = sandtable::vassal::readVassalModuleEntry(m.path, attr(*help[0], "fileName"));
    BOOST_TEST(page.find("<html>") != std::string::npos);
    std::vector<std::string> entries;
    for (const auto& [key, entry] : child(root, "VASSAL.build.module.PlayerRoster"))
        if (key == "entry")
            entries.push_back(entry.data());
    std::vector<std::string> sides;
    for (const auto& side : scenario.at("sides"))
        sides.push_back(side.at("name").get<std::string>());
    if (!sides.empty())
        BOOST_TEST(entries == sides, boost::test_tools::per_element());
    // Dice: a DiceButton of one d6.
    bool d6 = false;
    for (const auto* b : all(root, "VASSAL.build.module.DiceButton"))
        d6 = d6 || (attr(*b, "nDice") == "1" && attr(*b, "nSides") == "6");
    BOOST_TEST(d6);
}

/// A unit's piece: Marker (properties) > FreeRotator (free, one angle) > BasicPiece (image, name).
void checkUnitPiece(const pt::ptree& slot, const sandtable::test::JsonView& unit, const Module& m, const std::string& sideName)
{
    BOOST_TEST(attr(slot, "gpid") != "");
    const Traits t = traitsOf(slot.data());
    BOOST_REQUIRE_EQUAL(t.types.size(), 3u);
    BOOST_TEST(t.types[0].rfind("mark;", 0) == 0);
    const auto keys = vassalDecode(t.types[0].substr(5), ','), values = vassalDecode(t.states[0], ',');
    BOOST_REQUIRE_EQUAL(keys.size(), values.size());
    std::map<std::string, std::string> p;
    for (std::size_t i = 0; i < keys.size(); ++i)
        p[keys[i]] = values[i];
    BOOST_TEST(p["Side"] == sideName);
    BOOST_TEST(p["sandtable_id"] == unit.at("id").get<std::string>());
    BOOST_TEST(p["Strength"] == std::to_string(unit.at("strength").get<int>()));
    BOOST_TEST(p["Type"] == unit.at("type").get<std::string>());
    BOOST_TEST(p["Quality"] == stringOr(unit, "quality", "regular"));
    // FreeRotator: "rotate;" then the number of valid angles, 1 = free rotation; state: the angle, which VASSAL
    // turns counter-clockwise (getAngleInRadians = -PI/180 x angle), so a facing of f clockwise is -f.
    BOOST_TEST(t.types[1].rfind("rotate;", 0) == 0);
    BOOST_TEST(vassalDecode(t.types[1].substr(7), ';').at(0) == "1");
    const double facing = unit.contains("placement") ? unit.at("placement").value("facing", 0.0) : 0.0;
    BOOST_TEST(std::stod(t.states[1]) == -facing, boost::test_tools::tolerance(1e-9));
    // BasicPiece: "piece;" cloneKey;deleteKey;image;name; state map;x;y;gpid;property count.
    BOOST_TEST(t.types[2].rfind("piece;", 0) == 0);
    const auto basic = vassalDecode(t.types[2].substr(6), ';');
    BOOST_REQUIRE_EQUAL(basic.size(), 4u);
    BOOST_TEST(basic[3] == unit.at("name").get<std::string>());
    const auto state = vassalDecode(t.states[2], ';');
    BOOST_REQUIRE_EQUAL(state.size(), 5u);
    BOOST_TEST(state[0] == "null");
    BOOST_TEST(state[3] == attr(slot, "gpid"));
    const auto [w, h] = pngSize(sandtable::vassal::readVassalModuleEntry(m.path, "images/" + basic[2]));
    BOOST_TEST(std::to_string(w) == attr(slot, "width"));
    BOOST_TEST(std::to_string(h) == attr(slot, "height"));
}

/// Exports a battle-map example and checks board size, setup stacks, palettes and pieces.
void checkBattleMap(const std::string& relative, const std::string& pxPerKm, double pxPerM, int boardW, int boardH)
{
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "game.vmod";
    const Result r = runTool({"vassal", "export", example(relative).string(), "-o", vmod.string(), "--px-per-km", pxPerKm, "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
    const auto scenario = readJson(example(relative));
    BOOST_TEST(j.at("px_per_m").get<double>() == pxPerM, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(j.at("board_px").at(0).get<int>() == boardW);
    BOOST_TEST(j.at("board_px").at(1).get<int>() == boardH);
    const Module m = readModule(vmod);
    checkCommon(m, scenario);
    const pt::ptree& root = child(m.build, "VASSAL.build.GameModule");
    const auto boards = all(root, "VASSAL.build.module.map.boardPicker.Board");
    BOOST_REQUIRE_EQUAL(boards.size(), 1u);
    const auto [w, h] = pngSize(sandtable::vassal::readVassalModuleEntry(vmod, "images/" + attr(*boards[0], "image")));
    BOOST_TEST(w == boardW);
    BOOST_TEST(h == boardH);

    std::map<std::string, std::string> sideOfFormation, sideName;
    for (const auto& s : scenario.at("sides"))
        sideName[s.at("id").get<std::string>()] = s.at("name").get<std::string>();
    for (const auto& f : scenario.at("formations"))
        sideOfFormation[f.at("id").get<std::string>()] = sideName[f.at("side").get<std::string>()];
    const auto extent = scenario.at("extent");
    const double minX = extent.at(0).get<double>(), maxY = extent.at(3).get<double>();

    // Every placed unit in a SetupStack within 2 px of ((x - minX) px/m, (maxY - y) px/m).
    int placed = 0;
    const auto stacks = all(root, "VASSAL.build.module.map.SetupStack");
    for (const auto& u : scenario.at("units")) {
        if (!u.contains("placement"))
            continue;
        ++placed;
        const pt::ptree* found = nullptr;
        for (const auto* s : stacks) {
            const auto slot = child(*s, "VASSAL.build.widget.PieceSlot");
            if (traitsOf(slot.data()).states[0].find(u.at("id").get<std::string>()) != std::string::npos)
                found = s;
        }
        BOOST_REQUIRE_MESSAGE(found, "no at-start stack for " << u.at("id"));
        BOOST_TEST(attr(*found, "owningBoard") == attr(*boards[0], "name"));
        BOOST_TEST(attr(*found, "useGridLocation") == "false");
        const double x = (u.at("placement").at("x").get<double>() - minX) * pxPerM;
        const double y = (maxY - u.at("placement").at("y").get<double>()) * pxPerM;
        BOOST_TEST(std::abs(std::stod(attr(*found, "x")) - x) <= 2.0, u.at("id") << " x");
        BOOST_TEST(std::abs(std::stod(attr(*found, "y")) - y) <= 2.0, u.at("id") << " y");
        checkUnitPiece(child(*found, "VASSAL.build.widget.PieceSlot"), u, m, sideOfFormation[u.at("formation").get<std::string>()]);
    }
    BOOST_TEST(stacks.size() == static_cast<std::size_t>(placed));
    BOOST_TEST(j.at("setup_stacks").get<int>() == placed);

    // Palettes: one PieceSlot per unit outside the setup stacks, under a tab per side (and Reinforcements).
    const auto windows = all(root, "VASSAL.build.module.PieceWindow");
    BOOST_REQUIRE_EQUAL(windows.size(), 1u);
    const auto slots = all(*windows[0], "VASSAL.build.widget.PieceSlot");
    BOOST_TEST(slots.size() == scenario.at("units").size());
    BOOST_TEST(j.at("pieces").get<int>() == static_cast<int>(scenario.at("units").size()));
    std::set<std::string> gpids;
    for (const auto* s : all(root, "VASSAL.build.widget.PieceSlot"))
        BOOST_TEST(gpids.insert(attr(*s, "gpid")).second, "gpid " << attr(*s, "gpid") << " used twice");
    BOOST_TEST(std::stoi(attr(root, "nextPieceSlotId")) > static_cast<int>(gpids.size()));
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_vassal)

BOOST_AUTO_TEST_CASE(antietam_exports_board_setup_palettes_and_reinforcements)
{
    // Extent 261100..268400 E x 4367400..4377100 N = 7300 x 9700 m; at 100 px/km = 0.1 px/m: 730 x 970 px.
    checkBattleMap("antietam/antietam.sandtable.json", "100", 0.1, 730, 970);
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "a.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", example("antietam/antietam.sandtable.json").string(), "-o", vmod.string(),
                                    "--px-per-km", "100", "-q"}).code, 0);
    const Module m = readModule(vmod);
    const pt::ptree& root = child(m.build, "VASSAL.build.GameModule");
    // McClellan at (266944.6, 4373161.3): x = 5844.6 m x 0.1 = 584.46 -> 584, y = 3938.7 m x 0.1 = 393.87 -> 394,
    // and his HQ block is a square of 0.8 x the 12 mm depth = 9.6 mm = 153.6 m at 1:16,000 = 15.36 -> 15 px.
    bool mcclellan = false;
    for (const auto* s : all(root, "VASSAL.build.module.map.SetupStack"))
        if (attr(*s, "name") == "McClellan (Pry house)") {
            mcclellan = true;
            BOOST_TEST(attr(*s, "x") == "584");
            BOOST_TEST(attr(*s, "y") == "394");
            BOOST_TEST(attr(child(*s, "VASSAL.build.widget.PieceSlot"), "width") == "15");
            // Facing 270 (west) is a VASSAL angle of -270.
            BOOST_TEST(traitsOf(child(*s, "VASSAL.build.widget.PieceSlot").data()).states[1] == "-270.0");
        }
    BOOST_TEST(mcclellan);
    // An infantry block 40 x 12 mm = 640 x 192 m = 64 x 19.2 -> 64 x 19 px.
    const auto windows = all(root, "VASSAL.build.module.PieceWindow");
    bool infantry = false;
    for (const auto* s : all(*windows.at(0), "VASSAL.build.widget.PieceSlot"))
        if (traitsOf(s->data()).states[0].find("infantry") != std::string::npos) {
            infantry = true;
            BOOST_TEST(attr(*s, "width") == "64");
            BOOST_TEST(attr(*s, "height") == "19");
        }
    BOOST_TEST(infantry);
    // The 6 reinforcements: a Reinforcements tab whose lists are named by day, turn and entry.
    int arriving = 0;
    for (const auto* tab : all(root, "VASSAL.build.widget.TabWidget"))
        if (attr(*tab, "entryName") == "Reinforcements")
            for (const auto* list : all(*tab, "VASSAL.build.widget.ListWidget")) {
                BOOST_TEST(attr(*list, "entryName").rfind("Day 1, turn ", 0) == 0);
                BOOST_TEST(attr(*list, "entryName").find("entering at") != std::string::npos);
                arriving += static_cast<int>(all(*list, "VASSAL.build.widget.PieceSlot").size());
            }
    BOOST_TEST(arriving == 6);
    // Help: victory points and rout thresholds.
    const std::string help = sandtable::vassal::readVassalModuleEntry(vmod, "help/scenario.html");
    BOOST_TEST(help.find("Rout threshold") != std::string::npos);
    BOOST_TEST(help.find("Victory points") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(gettysburg_exports_with_its_scan_on_the_board)
{
    // Extent 305322..312107 E x 4405435..4413480 N = 6785 x 8045 m; at 50 px/km: 339.25 x 402.25 -> 339 x 402.
    checkBattleMap("gettysburg/gettysburg.sandtable.json", "50", 0.05, 339, 402);
}

BOOST_AUTO_TEST_CASE(rossbach_table_exports_at_table_resolution)
{
    // A table of 2.4 x 1.8 m at scale 1; 100000 px per km = 100 px per m: 240 x 180 px.
    checkBattleMap("rossbach/rossbach.sandtable.json", "100000", 100.0, 240, 180);
}

BOOST_AUTO_TEST_CASE(campaign_exports_its_square_grid)
{
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "c.vmod";
    const Result r = runTool({"vassal", "export", example("gettysburg-campaign/gettysburg-campaign.sandtable.json").string(),
        "-o", vmod.string(), "--px-per-km", "50", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const Module m = readModule(vmod);
    const auto grids = all(m.build, "VASSAL.build.module.map.boardPicker.board.SquareGrid");
    BOOST_REQUIRE_EQUAL(grids.size(), 1u);
    // Half a mile, 804.672 m, at 0.05 px/m = 40.2336 px.
    BOOST_TEST(std::stod(attr(*grids[0], "dx")) == 40.2336, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(std::stod(attr(*grids[0], "dy")) == 40.2336, boost::test_tools::tolerance(1e-9));
    // Origin: the centre of the north-west square A1. The grid's south-west corner is (305093.5, 4404629),
    // 11 rows: its north edge 4404629 + 11 x 804.672 = 4413480.392; A1's centre (305495.836, 4413078.056).
    // The grid runs past the extent (305322 west, 4413480 north, 4405435 south), so the board is grown to it
    // (issue 44: a force in row 11 stood off the board): its west and north edges are the grid's, and A1's
    // centre is on the board at (402.336 x 0.05, 402.336 x 0.05) = (20.12, 20.12) -> (20, 20).
    BOOST_TEST(attr(*grids[0], "x0") == "20");
    BOOST_TEST(attr(*grids[0], "y0") == "20");
    const auto numbering = child(*grids[0], "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering");
    BOOST_TEST(attr(numbering, "first") == "H");
    BOOST_TEST(attr(numbering, "hType") == "A"); // letter-number: "A1"
    BOOST_TEST(attr(numbering, "vType") == "N");
    BOOST_TEST(attr(numbering, "hOff") == "0");
    BOOST_TEST(attr(numbering, "vOff") == "1");
    BOOST_TEST(attr(numbering, "vDescend") == "false");
    // Every force in an at-start stack at its square's centre. Buford at B2 (column 1, row 1 from the north):
    // (305093.5 + 1.5 x 804.672, 4413480.392 - 1.5 x 804.672) = (306300.508, 4412273.384), on the board
    // (1207.008 x 0.05, 1207.008 x 0.05) = (60.35, 60.35) -> (60, 60); its counter 0.6 x 40.2336 = 24.14 -> 24 px.
    const auto scenario = readJson(example("gettysburg-campaign/gettysburg-campaign.sandtable.json"));
    const auto stacks = all(m.build, "VASSAL.build.module.map.SetupStack");
    BOOST_TEST(stacks.size() == scenario.at("campaign").at("forces").size());
    bool buford = false;
    for (const auto* s : stacks) {
        const auto& slot = child(*s, "VASSAL.build.widget.PieceSlot");
        const Traits t = traitsOf(slot.data());
        const auto keys = vassalDecode(t.types.at(0).substr(5), ','), values = vassalDecode(t.states.at(0), ',');
        std::map<std::string, std::string> p;
        for (std::size_t i = 0; i < keys.size() && i < values.size(); ++i)
            p[keys[i]] = values[i];
        // SquareGridNumbering.getColumn/getRow at the stack: floor((x - x0) / dx + 0.5), (int)((y - y0) / dy + 0.5);
        // the name: column letter (hType A, hOff 0) then row number + vOff.
        const int column = static_cast<int>(std::floor((std::stod(attr(*s, "x")) - 20) / 40.2336 + 0.5));
        const int row = static_cast<int>((std::stod(attr(*s, "y")) - 20) / 40.2336 + 0.5);
        const std::string vassalName = std::string(1, static_cast<char>('A' + column)) + std::to_string(row + 1);
        BOOST_TEST(vassalName == p["Square"], p["Force"]);
        if (p["sandtable_force"] == "buford") {
            buford = true;
            BOOST_TEST(attr(*s, "x") == "60");
            BOOST_TEST(attr(*s, "y") == "60");
            BOOST_TEST(attr(slot, "width") == "24");
            BOOST_TEST(p["Square"] == "B2");
            BOOST_TEST(p["Cavalry"] == "2");
        }
    }
    BOOST_TEST(buford);
    // A d10 too: Campaign Lite's tables are d10.
    bool d10 = false;
    for (const auto* b : all(m.build, "VASSAL.build.module.DiceButton"))
        d10 = d10 || attr(*b, "nSides") == "10";
    BOOST_TEST(d10);
}

BOOST_AUTO_TEST_CASE(table_battles_export_a_deck_per_army_and_one_card_per_formation_card)
{
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "tb.vmod";
    const auto scenarioFile = example("table-battles/fontenoy.sandtable.json");
    const Result r = runTool({"vassal", "export", scenarioFile.string(), "-o", vmod.string(), "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto scenario = readJson(scenarioFile);
    const Module m = readModule(vmod);
    checkCommon(m, scenario);
    std::set<int> numbers;
    for (const auto& c : scenario.at("table_battles").at("formation_cards"))
        numbers.insert(std::stoi(c.at("card").get<std::string>()));
    const auto decks = all(m.build, "VASSAL.build.module.map.DrawPile");
    BOOST_TEST(decks.size() == 2u);
    std::size_t cards = 0;
    for (const auto* d : decks) {
        BOOST_TEST(attr(*d, "owningBoard") == "Table");
        for (const auto* c : all(*d, "VASSAL.build.widget.CardSlot")) {
            ++cards;
            const Traits t = traitsOf(c->data());
            BOOST_TEST(t.types.back().rfind("piece;", 0) == 0);
        }
    }
    BOOST_TEST(cards == numbers.size());
    BOOST_TEST(sandtable::test::parseJson(r.out).at("cards").get<std::size_t>() == numbers.size());
    // The scenario card is a board of its own.
    bool scenarioBoard = false;
    for (const auto* b : all(m.build, "VASSAL.build.module.map.boardPicker.Board"))
        if (attr(*b, "name") == "Scenario card") {
            scenarioBoard = true;
            const std::string png = sandtable::vassal::readVassalModuleEntry(vmod, "images/" + attr(*b, "image"));
            // A poker card, 63.5 x 88.9 mm at 150 dpi: 375 x 525 px.
            BOOST_TEST(pngSize(png).first == 375);
            BOOST_TEST(pngSize(png).second == 525);
        }
    BOOST_TEST(scenarioBoard);
}

BOOST_AUTO_TEST_CASE(a_card_with_a_b_face_carries_both_faces_in_a_layer)
{
    sandtable::test::TemporaryFolder folder;
    auto s = sandtable::test::smallCardScenario();
    auto b = s.tableBattles->cards[0];
    b.ref.face = 'B';
    b.name = "Blue Foot (spent)";
    s.tableBattles->cards.push_back(b);
    const auto file = folder / "cards.sandtable.json";
    sandtable::core::io::saveScenario(s, file);
    const auto vmod = folder / "c.vmod";
    const Result r = runTool({"vassal", "export", file.string(), "-o", vmod.string(), "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    // Six card numbers (1-6), card 1 with two faces: still six cards.
    BOOST_TEST(sandtable::test::parseJson(r.out).at("cards").get<int>() == 6);
    const Module m = readModule(vmod);
    int layered = 0;
    for (const auto* c : all(m.build, "VASSAL.build.widget.CardSlot")) {
        const Traits t = traitsOf(c->data());
        for (const auto& type : t.types)
            if (type.rfind("emb2;", 0) == 0) {
                ++layered;
                // Embellishment.mySetType: the 16th token is the images, a string array (',' separated).
                const auto fields = vassalDecode(type.substr(5), ';');
                BOOST_REQUIRE(fields.size() > 16);
                const auto images = vassalDecode(fields[15], ',');
                BOOST_TEST(images == (std::vector<std::string>{"1-A.png", "1-B.png"}), boost::test_tools::per_element());
                BOOST_TEST(!sandtable::vassal::readVassalModuleEntry(vmod, "images/1-B.png").empty());
            }
    }
    BOOST_TEST(layered == 1);
}

BOOST_AUTO_TEST_CASE(export_then_import_brings_back_board_grid_sides_and_units)
{
    sandtable::test::TemporaryFolder folder;
    const auto source = example("antietam/antietam.sandtable.json");
    const auto vmod = folder / "a.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", source.string(), "-o", vmod.string(), "--px-per-km", "100", "-q"}).code, 0);
    const auto out = folder / "back.sandtable.json";
    const Result r = runTool({"vassal", "import", vmod.string(), "-o", out.string(), "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto j = sandtable::test::parseJson(r.out);
    const auto original = readJson(source);
    const auto back = readJson(out);
    BOOST_TEST(j.at("pieces").get<std::size_t>() == original.at("units").size());
    // The board: the map scan, 730 x 970 px, unreferenced.
    BOOST_TEST(back.at("map").at("width").get<int>() == 730);
    BOOST_TEST(back.at("map").at("height").get<int>() == 970);
    BOOST_TEST(!back.at("map").contains("georeference"));
    BOOST_TEST(std::filesystem::exists(folder / back.at("map").at("path").get<std::string>()));
    // Sides by name, in order.
    BOOST_REQUIRE_EQUAL(back.at("sides").size(), original.at("sides").size());
    for (std::size_t i = 0; i < back.at("sides").size(); ++i)
        BOOST_TEST(back.at("sides")[i].at("name") == original.at("sides")[i].at("name"));
    // Every unit: id, name, type, quality, strength; placed ones within half a pixel (5 m at 0.1 px/m).
    std::map<std::string, sandtable::test::JsonView> units;
    for (const auto& u : back.at("units"))
        units[u.at("id").get<std::string>()] = u;
    for (const auto& u : original.at("units")) {
        BOOST_REQUIRE_MESSAGE(units.count(u.at("id").get<std::string>()), "unit " << u.at("id") << " did not come back");
        const auto& b = units[u.at("id").get<std::string>()];
        BOOST_TEST(b.at("name") == u.at("name"));
        BOOST_TEST(b.at("type") == u.at("type"));
        BOOST_TEST(b.at("strength") == u.at("strength"));
        BOOST_TEST(stringOr(b, "quality", "regular") == stringOr(u, "quality", "regular"));
        BOOST_TEST(b.contains("placement") == u.contains("placement"));
        if (u.contains("placement")) {
            BOOST_TEST(std::abs(b.at("placement").at("x").get<double>() - u.at("placement").at("x").get<double>()) <= 5.0);
            BOOST_TEST(std::abs(b.at("placement").at("y").get<double>() - u.at("placement").at("y").get<double>()) <= 5.0);
            BOOST_TEST(b.at("placement").value("facing", 0.0) == u.at("placement").value("facing", 0.0));
        }
        BOOST_TEST(b.contains("arrival") == u.contains("arrival"));
        if (u.contains("arrival"))
            BOOST_TEST(b.at("arrival").at("turn") == u.at("arrival").at("turn"));
    }
    // The imported scenario validates without errors.
    BOOST_TEST(runTool({"scenario", "validate", out.string(), "-q"}).code == 0);
}

BOOST_AUTO_TEST_CASE(miniatures_round_trip_keeps_the_figures)
{
    sandtable::test::TemporaryFolder folder;
    const auto source = example("rossbach/rossbach.sandtable.json");
    const auto vmod = folder / "r.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", source.string(), "-o", vmod.string(), "--px-per-km", "100000", "-q"}).code, 0);
    const auto out = folder / "back.sandtable.json";
    const Result r = runTool({"vassal", "import", vmod.string(), "-o", out.string(), "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("boards").get<int>() == 1);
    const auto imported = readJson(out); // kept alive: the loop reads into it
    std::map<std::string, sandtable::test::JsonView> back;
    for (const auto& u : imported.at("units"))
        back[u.at("id").get<std::string>()] = u;
    const auto original = readJson(source);
    for (const auto& u : original.at("units")) {
        const std::string id = u.at("id").get<std::string>();
        BOOST_REQUIRE(back.count(id));
        const auto none = sandtable::test::JsonView::object();
        BOOST_TEST(back[id].value("figures", none) == u.value("figures", none), id);
        // 100 px per m: a place within half a pixel, 5 mm on the table.
        BOOST_TEST(std::abs(back[id].at("placement").at("x").get<double>() - u.at("placement").at("x").get<double>()) <= 0.005);
    }
}

BOOST_AUTO_TEST_CASE(campaign_round_trip_brings_back_the_grid)
{
    sandtable::test::TemporaryFolder folder;
    const auto source = example("gettysburg-campaign/gettysburg-campaign.sandtable.json");
    const auto vmod = folder / "c.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", source.string(), "-o", vmod.string(), "--px-per-km", "50", "-q"}).code, 0);
    const auto out = folder / "back.sandtable.json";
    const Result r = runTool({"vassal", "import", vmod.string(), "-o", out.string(), "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto g = readJson(out).at("campaign").at("grid");
    BOOST_TEST(g.at("square_size").get<double>() == 804.672, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(g.at("rows").get<int>() == 11);
    BOOST_TEST(g.at("columns").get<int>() == 9);
    BOOST_TEST(stringOr(g, "numbering", "letter-number") == "letter-number");
    // x0 = 20 px was rounded from 20.12 px: the origin comes back within half a pixel, 10 m at 0.05 px/m.
    BOOST_TEST(std::abs(g.at("origin").at(0).get<double>() - 305093.5) <= 10.0);
    BOOST_TEST(std::abs(g.at("origin").at(1).get<double>() - 4404629.0) <= 10.0);
    // Every force counter comes back as a force of the campaign: its square, counts by arm, deployment and
    // side (by the side's name, which the module's roster carries).
    const auto original = readJson(source);
    const auto back = readJson(out);
    const auto sideName = [](const sandtable::test::JsonView& scenario, const std::string& id) {
        for (const auto& side : scenario.at("sides"))
            if (side.at("id") == id)
                return side.at("name").get<std::string>();
        return std::string("?");
    };
    const auto& forces = original.at("campaign").at("forces");
    BOOST_REQUIRE(back.at("campaign").contains("forces"));
    BOOST_REQUIRE_EQUAL(back.at("campaign").at("forces").size(), forces.size());
    for (const auto& f : forces) {
        BOOST_TEST_CONTEXT("force " << f.at("id"))
        {
            const auto& list = back.at("campaign").at("forces");
            const auto it = std::find_if(list.begin(), list.end(), [&](const auto& b) { return b.at("id") == f.at("id"); });
            BOOST_REQUIRE(it != list.end());
            BOOST_TEST((*it).at("square") == f.at("square"));
            BOOST_TEST((*it).at("infantry") == f.at("infantry"));
            BOOST_TEST((*it).at("cavalry") == f.at("cavalry"));
            BOOST_TEST((*it).at("artillery") == f.at("artillery"));
            BOOST_TEST((*it).value("deployed", false) == f.value("deployed", false));
            BOOST_TEST(sideName(back, (*it).at("side").get<std::string>()) == sideName(original, f.at("side").get<std::string>()));
        }
    }
    const auto findings = sandtable::test::parseJson(r.out).at("findings");
    BOOST_TEST(std::none_of(findings.begin(), findings.end(), [](const auto& d) { return d.at("code") == "vassal.campaign_force"; }));
}

BOOST_AUTO_TEST_CASE(bad_modules_exit_1_naming_the_file_and_leave_no_output)
{
    sandtable::test::TemporaryFolder folder;
    const auto notModule = folder / "game.vmod";
    sandtable::core::io::writeFileAtomically(notModule, "not a zip");
    const auto out = folder / "s.sandtable.json";
    Result r = runTool({"vassal", "import", notModule.string(), "-o", out.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("sandtable: error: " + notModule.string()) != std::string::npos);
    BOOST_TEST(r.err.find("buildFile.xml") != std::string::npos);
    BOOST_TEST(!std::filesystem::exists(out));
    // With --json the error is the one document.
    r = runTool({"vassal", "import", notModule.string(), "-o", out.string(), "--json"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(sandtable::test::parseJson(r.out).contains("error"));
    // An export into a folder that does not exist fails and writes nothing.
    r = runTool({"vassal", "export", example("rossbach/rossbach.sandtable.json").string(), "-o",
        (folder / "missing" / "r.vmod").string(), "--px-per-km", "100000", "-q"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(!std::filesystem::exists(folder / "missing"));
    // A module exported, then --board naming no board: exit 1, no scenario, no board image.
    const auto vmod = folder / "r.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", example("rossbach/rossbach.sandtable.json").string(), "-o", vmod.string(),
                                    "--px-per-km", "100000", "-q"}).code, 0);
    r = runTool({"vassal", "import", vmod.string(), "-o", out.string(), "--board", "Nowhere"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("Nowhere") != std::string::npos);
    BOOST_TEST(!std::filesystem::exists(out));
    BOOST_TEST(!std::filesystem::exists(folder / "s.board.png"));
}

BOOST_AUTO_TEST_CASE(zones_and_regions_become_places_then_terrain_once_the_scan_is_georeferenced)
{
    // An unpacked foreign module whose board is a real scan (the Cope survey of Gettysburg, 1500 x 2500),
    // with a zone (an area) and a region (a point), as VASSAL's ZonedGrid and RegionGrid write them.
    sandtable::test::TemporaryFolder folder;
    const auto module = folder / "gettysburg-module";
    std::filesystem::create_directories(module / "images");
    std::filesystem::copy_file(sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg"),
        module / "images" / "field_base.jpg");
    sandtable::core::io::writeFileAtomically(module / "buildFile.xml", R"(<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion="3.7.5" description="" name="Gettysburg" nextPieceSlotId="1" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="field_base.jpg" name="Field" reversible="false">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$name$" name="Ziegler's Grove" path="100,200;300,200;300,400;100,400" useHighlight="false" useParentGrid="false"/>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$name$" name="South" path="0,1500;1500,1500;1500,2500;0,2500" useHighlight="false" useParentGrid="false">
            <VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize="9" snapto="true" visible="false">
              <VASSAL.build.module.map.boardPicker.board.Region name="Little Round Top" originx="900" originy="1800"/>
            </VASSAL.build.module.map.boardPicker.board.RegionGrid>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>
)");
    const std::string scenario = (folder / "gettysburg.sandtable.json").string();
    Result r = runTool({"vassal", "import", module.string(), "-o", scenario, "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto imported = sandtable::test::parseJson(r.out);
    BOOST_TEST(imported.at("zones").get<int>() == 2);
    BOOST_TEST(imported.at("regions").get<int>() == 1);

    r = runTool({"terrain", "places", scenario, "--json"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto places = sandtable::test::parseJson(r.out).at("places");
    BOOST_REQUIRE_EQUAL(places.size(), 3u);
    BOOST_TEST(places[0].at("name").get<std::string>() == "Ziegler's Grove");
    BOOST_TEST(places[0].at("kind").get<std::string>() == "area");
    BOOST_TEST(places[0].at("centre_px") == sandtable::test::parseJson("[200, 300]"));
    BOOST_TEST(places[2].at("name").get<std::string>() == "Little Round Top");
    BOOST_TEST(places[2].at("kind").get<std::string>() == "point");

    // Before the scan is georeferenced there is no ground to put them on: exit 1, the file untouched.
    const std::string before = sandtable::core::io::readFile(scenario);
    r = runTool({"terrain", "places", scenario, "--place", "Ziegler's Grove", "--class", "woods"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("not georeferenced") != std::string::npos, r.err);
    BOOST_TEST(sandtable::core::io::readFile(scenario) == before);

    // Three exact GCPs, 2 m per pixel, north up: pixel (0, 0) at 309000 E 4409000 N (UTM 18N).
    const auto points = folder / "field.points";
    sandtable::core::io::writeFileAtomically(points, "#CRS: EPSG:32618\nmapX,mapY,pixelX,pixelY,enable\n"
        "309000,4409000,0,0,1\n312000,4409000,1500,0,1\n309000,4404000,0,-2500,1\n");
    r = runTool({"map", "georef", scenario, "--gcps", points.string(), "--json"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto fit = sandtable::test::parseJson(r.out);
    BOOST_TEST(fit.at("gcps").get<int>() == 3);
    BOOST_TEST(fit.at("rms_map").get<double>() < 1e-6);

    // A point place is no wood; an unknown place and an unknown class are refused naming them.
    r = runTool({"terrain", "places", scenario, "--place", "Little Round Top", "--class", "woods"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("is a point") != std::string::npos, r.err);
    r = runTool({"terrain", "places", scenario, "--place", "Culp's Hill", "--class", "hill"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("Culp's Hill") != std::string::npos, r.err);
    BOOST_TEST(sandtable::core::io::readFile(scenario).find("\"places\"") != std::string::npos);

    r = runTool({"terrain", "places", scenario, "--place", "Ziegler's Grove", "--class", "woods", "--json"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("made") == sandtable::test::parseJson(R"(["woods-1"])"));
    r = runTool({"terrain", "places", scenario, "--place", "Little Round Top", "--class", "ford", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);

    // The grove: pixels 100..300 x 200..400 at 2 m a pixel = 309200..309600 E, 4408200..4408600 N, 400 m
    // square (160,000 m2), named after the zone. Little Round Top: pixel (900, 1800) = 310800 E 4405400 N.
    r = runTool({"terrain", "list", scenario, "--json"});
    const auto features = sandtable::test::parseJson(r.out).at("features");
    BOOST_REQUIRE_EQUAL(features.size(), 2u);
    BOOST_TEST(features[0].at("name").get<std::string>() == "Ziegler's Grove");
    BOOST_TEST(features[0].at("area_m2").get<double>() == 160000.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(features[0].at("bounds").at(0).get<double>() == 309200.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(features[0].at("bounds").at(3).get<double>() == 4408600.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(features[0].at("valid").get<bool>());
    BOOST_TEST(features[1].at("class").get<std::string>() == "ford");
    BOOST_TEST(features[1].at("centroid").at(0).get<double>() == 310800.0, boost::test_tools::tolerance(1e-9));
    BOOST_TEST(features[1].at("centroid").at(1).get<double>() == 4405400.0, boost::test_tools::tolerance(1e-9));
    // Made terrain, the places are gone but the third; the scenario now works in the fit's CRS.
    const auto saved = sandtable::test::parseJson(sandtable::core::io::readFile(scenario));
    BOOST_TEST(saved.at("map").at("places").size() == 1u);
    BOOST_TEST(saved.at("crs").get<std::string>() == "EPSG:32618");
}

/// Where two documents differ, as JSON pointers with both values (first few).
void differences(const sandtable::test::JsonView& a, const sandtable::test::JsonView& b, const std::string& at, std::vector<std::string>& out)
{
    if (out.size() > 20)
        return;
    if (a.is_object() && b.is_object()) {
        std::set<std::string> keys;
        for (const auto& [k, v] : a.items())
            keys.insert(k);
        for (const auto& [k, v] : b.items())
            keys.insert(k);
        for (const std::string& k : keys)
            if (!(at.empty() && k == "map")) // the map is compared on its own (see below)
                differences(a.contains(k) ? a.at(k) : sandtable::test::JsonView(), b.contains(k) ? b.at(k) : sandtable::test::JsonView(),
                    at + "/" + k, out);
    } else if (a.is_array() && b.is_array() && a.size() == b.size()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            differences(a[i], b[i], at + "/" + std::to_string(i), out);
    } else if (a != b) {
        out.push_back(at + ": " + a.dump().substr(0, 80) + " != " + b.dump().substr(0, 80));
    }
}

// Issue 44 item 3: export then import gives back the same document for every example of every system, field
// by field: terrain, date, battle, the SYW table and sectors, the campaign's state, the cards, the order of
// battle with every place and facing. The one difference is the map: the module's board image, written beside
// the imported scenario, is its scan (the exported document's scan stayed in its folder), and the document's
// own (gettysburg's survey) or none (antietam, rossbach, fontenoy) is not carried.
BOOST_AUTO_TEST_CASE(export_then_import_gives_back_the_same_scenario)
{
    for (const char* name : {"gettysburg/gettysburg", "antietam/antietam", "rossbach/rossbach", "gettysburg-campaign/gettysburg-campaign",
             "table-battles/fontenoy"}) {
        sandtable::test::TemporaryFolder folder;
        const auto source = example(std::string(name) + ".sandtable.json");
        const auto vmod = folder / "m.vmod";
        BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", source.string(), "-o", vmod.string(), "-q"}).code, 0);
        const auto out = folder / "back.sandtable.json";
        const Result r = runTool({"vassal", "import", vmod.string(), "-o", out.string(), "--json", "-q"});
        BOOST_REQUIRE_MESSAGE(r.code == 0, name << ": " << r.err);
        BOOST_TEST(sandtable::test::parseJson(r.out).at("moved") == 0, name);
        const auto original = readJson(source), back = readJson(out);
        BOOST_TEST(back.at("map").at("path") == "back.board.png", name);
        std::vector<std::string> found; // every member but the map
        differences(original, back, "", found);
        std::string all;
        for (const std::string& d : found)
            all += "\n  " + d;
        BOOST_TEST(found.empty(), name << ":" << all);
        // And it validates as the original does (the same document).
        BOOST_TEST(runTool({"scenario", "validate", out.string(), "-q"}).code == runTool({"scenario", "validate", source.string(), "-q"}).code, name);
    }
}

// Piece positions edited in VASSAL win over the document the module carries: Meade's at-start stack moved
// 100 px east and 50 px south in the module's buildFile comes back at that place, turned as the module turns
// it; every other unit keeps the document's exact place.
BOOST_AUTO_TEST_CASE(positions_moved_in_the_module_win_over_the_carried_scenario)
{
    sandtable::test::TemporaryFolder folder;
    const auto source = example("gettysburg/gettysburg.sandtable.json");
    const auto vmod = folder / "m.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", source.string(), "-o", vmod.string(), "-q"}).code, 0);
    // The module unpacked (import reads a module folder as VASSAL's editor leaves one), Meade's stack edited:
    // (1141, 1153) -> (1241, 1203), its rotation state -270.0 -> -90.0 (facing 90).
    const auto unpacked = folder / "module";
    BOOST_REQUIRE_EQUAL(sandtable::test::runCommand("unzip -q '" + vmod.string() + "' -d '" + unpacked.string() + "'").exitCode, 0);
    std::string build = sandtable::core::io::readFile(unpacked / "buildFile.xml");
    const std::string was = "name=\"Meade (army HQ, Leister house)\" owningBoard=\"Gettysburg, 1-3 July 1863\" useGridLocation=\"false\" x=\"1141\" y=\"1153\"";
    const auto at = build.find(was);
    BOOST_REQUIRE(at != std::string::npos);
    build.replace(at, was.size(), "name=\"Meade (army HQ, Leister house)\" owningBoard=\"Gettysburg, 1-3 July 1863\" useGridLocation=\"false\" x=\"1241\" y=\"1203\"");
    const auto angle = build.find("\t-270.0\\\t", at);
    BOOST_REQUIRE(angle != std::string::npos);
    build.replace(angle, 9, "\t-90.0\\\t");
    sandtable::core::io::writeFileAtomically(unpacked / "buildFile.xml", build);
    const auto out = folder / "back.sandtable.json";
    const Result r = runTool({"vassal", "import", unpacked.string(), "-o", out.string(), "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("moved") == 1);
    const auto original = readJson(source), back = readJson(out);
    const double pxPerM = 100.0 / 25.4 * 1000.0 / 16000.0;
    for (const auto& u : back.at("units")) {
        const auto& o = *std::find_if(original.at("units").begin(), original.at("units").end(), [&](const auto& v) { return v.at("id") == u.at("id"); });
        if (u.at("id") == "us-army-hq") {
            // Board pixel (1241, 1203) on the extent's frame: x = 305322 + 1241 / 0.24606299 = 310365.51,
            // y = 4413480 - 1203 / 0.24606299 = 4408591.05.
            BOOST_TEST(u.at("placement").at("x").get<double>() == 305322.0 + 1241.0 / pxPerM, boost::test_tools::tolerance(1e-9));
            BOOST_TEST(u.at("placement").at("y").get<double>() == 4413480.0 - 1203.0 / pxPerM, boost::test_tools::tolerance(1e-9));
            BOOST_TEST(u.at("placement").at("facing").get<double>() == 90.0);
        } else {
            BOOST_TEST(u == o, u.at("id"));
        }
    }
}

/// An exported example unpacked as a foreign module: without the scenario sandtable carries, so that import
/// reads the module alone; `edit` changes its buildFile.xml text.
std::filesystem::path foreignModule(const sandtable::test::TemporaryFolder& folder, const char* name, const std::function<void(std::string&)>& edit)
{
    const auto vmod = folder / "m.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", example(name).string(), "-o", vmod.string(), "-q"}).code, 0);
    const auto unpacked = folder / "module";
    BOOST_REQUIRE_EQUAL(sandtable::test::runCommand("unzip -q '" + vmod.string() + "' -d '" + unpacked.string() + "'").exitCode, 0);
    std::filesystem::remove(unpacked / sandtable::vassal::kVassalScenarioEntry);
    std::string build = sandtable::core::io::readFile(unpacked / "buildFile.xml");
    edit(build);
    sandtable::core::io::writeFileAtomically(unpacked / "buildFile.xml", build);
    return unpacked;
}

void replaceAll(std::string& text, const std::string& from, const std::string& to)
{
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

// Issue 44 item 5: a roster of four sides (a referee and a solitaire side besides the two armies) comes in as
// the scenario's two, which validate: by default the two with the most pieces, the others named in a finding;
// with --sides as chosen, '+' merging the module's sides into one; a side the module lacks is exit 1, nothing written.
BOOST_AUTO_TEST_CASE(a_roster_of_four_sides_comes_in_as_two)
{
    sandtable::test::TemporaryFolder folder;
    // Gettysburg's module with "Referee" and "Solitaire" in the roster and every Confederate piece's Side
    // property (the Marker state's first value, after the '/' of the piece definition) made "Referee": the
    // Army of Northern Virginia is a roster side without pieces.
    const auto module = foreignModule(folder, "gettysburg/gettysburg.sandtable.json", [](std::string& build) {
        replaceAll(build, "<entry>Army of Northern Virginia</entry>", "<entry>Army of Northern Virginia</entry><entry>Referee</entry><entry>Solitaire</entry>");
        replaceAll(build, "/Army of Northern Virginia,", "/Referee,");
    });
    const auto sidesOf = [](const sandtable::test::JsonView& s) {
        std::vector<std::string> names;
        for (const auto& side : s.at("sides"))
            names.push_back(side.at("name").get<std::string>());
        return names;
    };
    {
        const auto out = folder / "default.sandtable.json";
        const Result r = runTool({"vassal", "import", module.string(), "-o", out.string(), "--json", "-q"});
        BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
        const auto s = readJson(out);
        BOOST_TEST(sidesOf(s) == (std::vector<std::string>{"Army of the Potomac", "Referee"}), boost::test_tools::per_element());
        BOOST_TEST(s.at("units").size() == 48u);
        bool named = false;
        const auto report = sandtable::test::parseJson(r.out);
        for (const auto& f : report.at("findings"))
            if (f.at("code") == "vassal.sides") {
                named = true;
                const std::string message = f.at("message").get<std::string>();
                BOOST_TEST(message.find("'Army of Northern Virginia' (0), 'Solitaire' (0)") != std::string::npos, message);
            }
        BOOST_TEST(named);
        BOOST_TEST(runTool({"scenario", "validate", out.string(), "-q"}).code == 0);
    }
    {
        const auto out = folder / "chosen.sandtable.json";
        const Result r = runTool({"vassal", "import", module.string(), "-o", out.string(), "--sides",
            "Army of the Potomac,Army of Northern Virginia+Referee", "-q"});
        BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
        const auto s = readJson(out);
        BOOST_TEST(sidesOf(s) == (std::vector<std::string>{"Army of the Potomac", "Army of Northern Virginia"}), boost::test_tools::per_element());
        BOOST_TEST(s.at("units").size() == 48u);
        // Lee's army headquarters, a "Referee" piece now, is in a formation of the Army of Northern Virginia.
        std::map<std::string, std::string> sideOfFormation;
        for (const auto& f : s.at("formations"))
            sideOfFormation[f.at("id").get<std::string>()] = f.at("side").get<std::string>();
        for (const auto& u : s.at("units"))
            if (u.at("id") == "cs-army-hq")
                BOOST_TEST(sideOfFormation.at(u.at("formation").get<std::string>()) == s.at("sides")[1].at("id").get<std::string>());
        BOOST_TEST(runTool({"scenario", "validate", out.string(), "-q"}).code == 0);
    }
    {
        // A side with pieces not chosen: its pieces are left out, by name and number.
        const auto out = folder / "without.sandtable.json";
        const Result r = runTool({"vassal", "import", module.string(), "-o", out.string(), "--sides", "Army of the Potomac,Solitaire", "--json", "-q"});
        BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
        bool leftOut = false;
        const auto report = sandtable::test::parseJson(r.out);
        for (const auto& f : report.at("findings"))
            leftOut = leftOut || (f.at("code") == "vassal.side_left_out" && f.at("message").get<std::string>().find("side 'Referee'") != std::string::npos);
        BOOST_TEST(leftOut);
        const auto saved = readJson(out); // kept alive: a range-for over a temporary's member reads freed memory
        for (const auto& u : saved.at("units"))
            BOOST_TEST(u.at("id").get<std::string>().rfind("us-", 0) == 0, u.at("id"));
    }
    {
        const auto out = folder / "bad.sandtable.json";
        const Result r = runTool({"vassal", "import", module.string(), "-o", out.string(), "--sides", "Army of the Potomac,Rebels"});
        BOOST_TEST(r.code == 1);
        BOOST_TEST(r.err.find("sandtable: error: " + module.string() + ": --sides Army of the Potomac,Rebels: the module has no side 'Rebels'") == 0, r.err);
        BOOST_TEST(!std::filesystem::exists(out));
        BOOST_TEST(!std::filesystem::exists(folder / "bad.board.png"));
    }
}

// The scenario an import writes validates, or the import exits 1 naming why and writes nothing: a module whose
// reinforcement arrives on day 5 of a one-day battle (ArrivalTurn "5,4" in Antietam's module) is refused.
BOOST_AUTO_TEST_CASE(an_import_that_would_not_validate_writes_nothing)
{
    sandtable::test::TemporaryFolder folder;
    const auto module = foreignModule(folder, "antietam/antietam.sandtable.json", [](std::string& build) {
        const std::string was = "N,1\\,4,268488.2 4374392.7,0,us-vi-hq,";
        const auto at = build.find(was);
        BOOST_REQUIRE(at != std::string::npos);
        build.replace(at, was.size(), "N,5\\,4,268488.2 4374392.7,0,us-vi-hq,");
    });
    const auto out = folder / "back.sandtable.json";
    const Result r = runTool({"vassal", "import", module.string(), "-o", out.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("sandtable: error: " + out.string() + ": /units/") == 0, r.err);
    BOOST_TEST(r.err.find("arrives on day 5 turn 4") != std::string::npos, r.err);
    BOOST_TEST(!std::filesystem::exists(out));
    BOOST_TEST(!std::filesystem::exists(folder / "back.board.png"));
}

// A board without an image (a player's hand, a chart) is imported with its pieces, the map waiting for a scan
// (issue 44 item 5): Gettysburg's module with its board's image taken away, chosen with --board. The sandtable
// frame still places the at-start stacks; no image is written, and the scenario validates.
BOOST_AUTO_TEST_CASE(a_board_without_an_image_comes_in_with_its_pieces)
{
    sandtable::test::TemporaryFolder folder;
    const auto module = foreignModule(folder, "gettysburg/gettysburg.sandtable.json", [](std::string& build) {
        const std::string was = "<VASSAL.build.module.map.boardPicker.Board image=\"board.png\" ";
        const auto at = build.find(was);
        BOOST_REQUIRE(at != std::string::npos);
        build.replace(at, was.size(), "<VASSAL.build.module.map.boardPicker.Board ");
    });
    const auto out = folder / "hand.sandtable.json";
    const Result r = runTool({"vassal", "import", module.string(), "-o", out.string(), "--board", "Gettysburg, 1-3 July 1863", "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto report = sandtable::test::parseJson(r.out);
    bool noted = false;
    for (const auto& f : report.at("findings"))
        noted = noted || f.at("code") == "vassal.board_without_image";
    BOOST_TEST(noted);
    const auto s = readJson(out);
    BOOST_TEST(!s.contains("map"));
    BOOST_TEST(s.at("units").size() == 48u);
    std::size_t placed = 0;
    for (const auto& u : s.at("units"))
        placed += u.contains("placement") ? 1 : 0;
    BOOST_TEST(placed == 37u);
    BOOST_TEST(!std::filesystem::exists(folder / "hand.board.png"));
    BOOST_TEST(runTool({"scenario", "validate", out.string(), "-q"}).code == 0);
}

/// A zip written byte by byte (APPNOTE 4.3: stored entries, local headers, central directory, end record) with
/// every name as given and the UTF-8 flag (general purpose bit 11) clear, as macOS's Archive Utility writes.
std::string unflaggedZip(const std::vector<std::pair<std::string, std::string>>& entries)
{
    const auto crc32 = [](const std::string& data) {
        std::uint32_t crc = 0xffffffffu;
        for (const char c : data) {
            crc ^= static_cast<unsigned char>(c);
            for (int k = 0; k < 8; ++k)
                crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        }
        return ~crc;
    };
    const auto le = [](std::string& out, std::uint32_t v, int bytes) {
        for (int k = 0; k < bytes; ++k)
            out += static_cast<char>((v >> (8 * k)) & 0xffu);
    };
    std::string zip, directory;
    for (const auto& [name, data] : entries) {
        const std::uint32_t offset = static_cast<std::uint32_t>(zip.size()), crc = crc32(data);
        const auto size = static_cast<std::uint32_t>(data.size());
        const auto nameLength = static_cast<std::uint32_t>(name.size());
        zip += std::string("PK\x03\x04", 4);
        le(zip, 20, 2), le(zip, 0, 2), le(zip, 0, 2), le(zip, 0, 2), le(zip, 0x21, 2); // version, flags 0, stored, time, date
        le(zip, crc, 4), le(zip, size, 4), le(zip, size, 4), le(zip, nameLength, 2), le(zip, 0, 2);
        zip += name + data;
        directory += std::string("PK\x01\x02", 4);
        le(directory, 20, 2), le(directory, 20, 2), le(directory, 0, 2), le(directory, 0, 2), le(directory, 0, 2), le(directory, 0x21, 2);
        le(directory, crc, 4), le(directory, size, 4), le(directory, size, 4), le(directory, nameLength, 2), le(directory, 0, 2);
        le(directory, 0, 2), le(directory, 0, 2), le(directory, 0, 2), le(directory, 0, 4), le(directory, offset, 4);
        directory += name;
    }
    const auto dirOffset = static_cast<std::uint32_t>(zip.size());
    zip += directory + std::string("PK\x05\x06", 4);
    le(zip, 0, 2), le(zip, 0, 2), le(zip, static_cast<std::uint32_t>(entries.size()), 2), le(zip, static_cast<std::uint32_t>(entries.size()), 2);
    le(zip, static_cast<std::uint32_t>(directory.size()), 4), le(zip, dirOffset, 4), le(zip, 0, 2);
    return zip;
}

// Zip entry names in UTF-8 without the UTF-8 flag (macOS) are read as UTF-8 when they are valid UTF-8 (issue
// 44 item 5): Gettysburg's module rezipped that way with its board image named "images/Carte générale.png"
// (the buildFile naming it so) imports, the board image coming through; GDAL's default reading (CP437) made the
// name "Carte g├⌐n├⌐rale.png" and the board "an image the module does not hold".
BOOST_AUTO_TEST_CASE(utf8_entry_names_without_the_flag_are_read_as_utf8)
{
    sandtable::test::TemporaryFolder folder;
    const auto unpacked = foreignModule(folder, "gettysburg/gettysburg.sandtable.json", [](std::string& build) {
        const std::string was = "image=\"board.png\"";
        const auto at = build.find(was);
        BOOST_REQUIRE(at != std::string::npos);
        build.replace(at, was.size(), "image=\"Carte g\xc3\xa9n\xc3\xa9rale.png\"");
    });
    std::vector<std::pair<std::string, std::string>> entries;
    const std::string board = sandtable::core::io::readFile(unpacked / "images" / "board.png");
    for (const auto& e : std::filesystem::recursive_directory_iterator(unpacked)) {
        if (!e.is_regular_file())
            continue;
        std::string name = std::filesystem::relative(e.path(), unpacked).generic_string();
        if (name == "images/board.png")
            name = "images/Carte g\xc3\xa9n\xc3\xa9rale.png";
        entries.emplace_back(name, sandtable::core::io::readFile(e.path()));
    }
    const auto vmod = folder / "mac.vmod";
    sandtable::core::io::writeFileAtomically(vmod, unflaggedZip(entries));
    const auto out = folder / "mac.sandtable.json";
    const Result r = runTool({"vassal", "import", vmod.string(), "-o", out.string(), "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    BOOST_TEST(sandtable::core::io::readFile(folder / "mac.board.png") == board);
    BOOST_TEST(readJson(out).at("units").size() == 48u);
}

// A piece added to the module in VASSAL is not in the scenario the module carries: named in a finding, not
// imported (the carried scenario stays whole and valid). Here Meade's palette copy given an id of its own.
BOOST_AUTO_TEST_CASE(a_piece_added_in_the_module_is_named)
{
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "m.vmod";
    BOOST_REQUIRE_EQUAL(runTool({"vassal", "export", example("gettysburg/gettysburg.sandtable.json").string(), "-o", vmod.string(), "-q"}).code, 0);
    const auto unpacked = folder / "module";
    BOOST_REQUIRE_EQUAL(sandtable::test::runCommand("unzip -q '" + vmod.string() + "' -d '" + unpacked.string() + "'").exitCode, 0);
    std::string build = sandtable::core::io::readFile(unpacked / "buildFile.xml");
    const std::string was = ",us-army-hq,us-army\t"; // the Marker state's sandtable_id and sandtable_formation
    const auto at = build.rfind(was); // the palette's slot comes after the map's at-start stack
    BOOST_REQUIRE(at != std::string::npos && at != build.find(was));
    build.replace(at, was.size(), ",us-army-hq-copy,us-army\t");
    sandtable::core::io::writeFileAtomically(unpacked / "buildFile.xml", build);
    const auto out = folder / "back.sandtable.json";
    const Result r = runTool({"vassal", "import", unpacked.string(), "-o", out.string(), "--json", "-q"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    const auto report = sandtable::test::parseJson(r.out);
    std::string message;
    for (const auto& f : report.at("findings"))
        if (f.at("code") == "vassal.piece_not_in_scenario")
            message = f.at("message").get<std::string>();
    BOOST_TEST(message == "1 piece of the module is not in the scenario it carries, and is not imported: 'Meade (army HQ, Leister house)'");
    BOOST_TEST(readJson(out).at("units").size() == 48u);
}

BOOST_AUTO_TEST_SUITE_END()
