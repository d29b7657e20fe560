// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/oob_commands.cpp: import all-or-none with row numbers, summary and print JSON keys.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "support/oob_tree_fixture.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <functional>
#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;

BOOST_AUTO_TEST_SUITE(cli_oob)

BOOST_AUTO_TEST_CASE(import_is_all_rows_or_none)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    const std::string before = sandtable::core::io::readFile(file);
    sandtable::core::io::writeFileAtomically(folder / "bad.csv", "Unit,Kind,Men,Corps\nIron Brigade,infantry,1800,blue-1\nGhosts,infantry,-5,blue-1\n");
    Result bad = runTool({"oob", "import", file.string(), (folder / "bad.csv").string(), "--map", "Unit=name", "--map",
        "Kind=type", "--map", "Men=strength", "--map", "Corps=formation"});
    BOOST_TEST(bad.code == 1);
    BOOST_TEST(bad.err.find("row 2 (line 3): negative strength -5") != std::string::npos);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);

    sandtable::core::io::writeFileAtomically(folder / "good.csv", "Unit,Kind,Men,Corps\nIron Brigade,infantry,1800,blue-1\nBuford,cavalry,2700,blue-1\n");
    Result good = runTool({"oob", "import", file.string(), (folder / "good.csv").string(), "--map", "Unit=name", "--map",
        "Kind=type", "--map", "Men=strength", "--map", "Corps=formation", "--json"});
    BOOST_TEST_INFO(good.err);
    BOOST_REQUIRE_EQUAL(good.code, 0);
    const auto j = sandtable::test::parseJson(good.out);
    BOOST_TEST(j.at("imported").get<int>() == 2);
    const auto loaded = sandtable::core::io::loadScenario(file);
    BOOST_TEST(loaded.scenario.units.size() == 5u);
    BOOST_TEST(loaded.scenario.units.back().name == "Buford");
    BOOST_TEST(loaded.scenario.units.back().id.str() == "blue-1-2");
}

BOOST_AUTO_TEST_CASE(summary_json_has_points_thresholds_and_ranges)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::Scenario scenario = sandtable::test::smallScenario();
    scenario.settings.cavalryTypes = {sandtable::core::CavalryType{"lancers", "+1 die when charging infantry"}};
    sandtable::core::io::saveScenario(scenario, file);
    Result r = runTool({"oob", "summary", file.string(), "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("cavalry_types").at(0).at("effects").get<std::string>() == "+1 die when charging infantry");
    BOOST_TEST(runTool({"oob", "summary", file.string()}).out.find("cavalry types: lancers (+1 die when charging infantry)")
        != std::string::npos);
    BOOST_TEST(j.at("command_range_m").get<double>() == 1024.0);
    BOOST_TEST(j.at("field_of_fire_m").get<double>() == 720.0);
    // Blue: one regular infantry block (3 points), its HQ (0); one block routs at 1.
    BOOST_TEST(j.at("sides").at(0).at("id").get<std::string>() == "blue");
    BOOST_TEST(j.at("sides").at(0).at("victory_points").get<int>() == 3);
    BOOST_TEST(j.at("sides").at(0).at("rout_threshold").get<int>() == 1);
    BOOST_TEST(j.at("pieces").at(1).at("combat_dice").get<int>() == 3);
    // Rulebook "Spotting": one full Foot Movement, 3 x 720 m; "Ineffective Formation": blue-1's one
    // infantry block, ineffective at 1 loss.
    BOOST_TEST(j.at("spotting_range_m").get<double>() == 2160.0);
    BOOST_TEST(j.at("formations").at(0).at("id").get<std::string>() == "blue-1");
    BOOST_TEST(j.at("formations").at(0).at("infantry_blocks").get<int>() == 1);
    BOOST_TEST(j.at("formations").at(0).at("ineffective_at").get<int>() == 1);
}

BOOST_AUTO_TEST_CASE(summary_of_a_syw_scenario_speaks_syw_only)
{
    const auto rossbach = (sandtable::test::sourceDir() / "examples/rossbach/rossbach.sandtable.json").string();
    const Result text = runTool({"oob", "summary", rossbach});
    BOOST_TEST_INFO(text.err);
    BOOST_REQUIRE_EQUAL(text.code, 0);
    // No Pub Battles term (rulebook: victory points, rout, command range, combat dice, segments, blocks).
    for (const char* term : {"victory", "rout", "command range", "dice", "segment", "block", "field of fire"})
        BOOST_TEST(text.out.find(term) == std::string::npos, term);
    BOOST_TEST(text.out.find("1 field = 10 cm, table 240 x 180 cm") != std::string::npos);
    BOOST_TEST(text.out.find("prussia (defender) deploys first") != std::string::npos);
    // The rules' worked example regiment: 24 grenadiers + 1 officer = 38 melee points.
    BOOST_TEST(text.out.find("pr-gren Grenadier battalion Kremzow: 24 grenadiers + 1 officer; melee 38, fire 24, grenades kill 4")
        != std::string::npos);
    const Result json = runTool({"oob", "summary", rossbach, "--json"});
    BOOST_REQUIRE_EQUAL(json.code, 0);
    const auto j = sandtable::test::parseJson(json.out);
    BOOST_TEST(j.at("system").get<std::string>() == "syw-miniatures");
    BOOST_TEST(j.at("moves_fields").at("cavalry").get<double>() == 3.0);
    BOOST_TEST(j.at("ranges_fields").at("cannon").get<double>() == 5.0);
    BOOST_TEST(!j.contains("command_range_m"));
    // Kreis regiment with pikes: 14 + 0 x 8 + 2 + 2 = 18, against cavalry 14 + 2 x 8 + 2 + 2 = 34.
    bool found = false;
    for (const auto& r : j.at("regiments"))
        if (r.at("id") == "ri-pikes") {
            found = true;
            BOOST_TEST(r.at("melee_points").get<double>() == 18.0);
            BOOST_TEST(r.at("melee_points_vs_cavalry").get<double>() == 34.0);
            BOOST_TEST(r.at("figures").at("pikemen").get<int>() == 8);
        }
    BOOST_TEST(found);
}

BOOST_AUTO_TEST_CASE(blocks_at_a_level_dry_run_then_saved_and_stickers_only_for_pieces)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::nestedScenario(), file);
    const std::string before = sandtable::core::io::readFile(file);
    // Nothing asked: exit 1, file unchanged.
    BOOST_TEST(runTool({"oob", "blocks", file.string()}).code == 1);
    const Result dry = runTool({"oob", "blocks", file.string(), "--level", "division", "--dry-run", "--json"});
    BOOST_REQUIRE_EQUAL(dry.code, 0);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);
    const auto jd = sandtable::test::parseJson(dry.out);
    BOOST_TEST(jd.at("blocks").at(0).at("strength").get<int>() == 1200); // d1: 500 + 700
    BOOST_TEST(jd.at("pieces").get<int>() == 5);
    BOOST_REQUIRE_EQUAL(runTool({"oob", "blocks", file.string(), "--level", "division"}).code, 0);
    const auto loaded = sandtable::core::io::loadScenario(file);
    BOOST_REQUIRE(loaded.scenario.findUnit(sandtable::core::UnitId("d1-block")));
    BOOST_TEST(loaded.scenario.findUnit(sandtable::core::UnitId("d1-block"))->block);
    // Stickers for the 5 pieces only (the 2 regiments of d1 are history).
    const Result stickers = runTool({"oob", "print", file.string(), "-o", (folder / "st.pdf").string(), "--json"});
    BOOST_REQUIRE_EQUAL(stickers.code, 0);
    BOOST_TEST(sandtable::test::parseJson(stickers.out).at("stickers").get<int>() == 5);
    // An unknown formation is named, exit 1.
    const Result bad = runTool({"oob", "blocks", file.string(), "--formation", "nowhere"});
    BOOST_TEST(bad.code == 1);
    BOOST_TEST(bad.err.find("formation 'nowhere'") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(print_writes_one_sticker_per_piece)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    Result r = runTool({"oob", "print", file.string(), "-o", (folder / "st.pdf").string(), "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("pages").get<int>() == 1);
    BOOST_TEST(j.at("stickers").get<int>() == 3);
    BOOST_TEST(std::filesystem::exists(folder / "st.pdf"));
}

BOOST_AUTO_TEST_CASE(print_of_an_order_of_battle_without_pieces_exits_1_and_writes_nothing)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::Scenario s = sandtable::test::smallScenario();
    s.units.clear();
    sandtable::core::io::saveScenario(s, file);
    const Result r = runTool({"oob", "print", file.string(), "-o", (folder / "st.pdf").string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find(file.string() + ": /units: the order of battle has no game piece to print a sticker for") != std::string::npos, r.err);
    BOOST_TEST(!std::filesystem::exists(folder / "st.pdf"));
}

BOOST_AUTO_TEST_CASE(tree_lists_sides_formations_and_units_with_hqs_and_strengths)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::nestedScenario(), file);
    Result r = runTool({"oob", "tree", file.string(), "--json"});
    BOOST_TEST_INFO(r.err);
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_REQUIRE_EQUAL(j.size(), 1u);
    BOOST_TEST(j[0].at("id").get<std::string>() == "blue");
    BOOST_TEST(j[0].at("hq").is_null());
    const auto& army = j[0].at("children").at(0);
    BOOST_TEST(army.at("id").get<std::string>() == "army");
    BOOST_TEST(army.at("hq").get<std::string>() == "army-hq");
    BOOST_TEST(army.at("strength") == sandtable::test::parseJson(R"({"men":2500,"guns":0,"sabres":0})"));
    BOOST_REQUIRE_EQUAL(army.at("children").size(), 2u);
    const auto& c1 = army.at("children").at(0);
    BOOST_TEST(c1.at("hq").get<std::string>() == "c1-hq");
    BOOST_TEST(c1.at("units").size() == 2u); // its HQ and c1-inf
    const auto& d1 = c1.at("children").at(0);
    BOOST_TEST(d1.at("name").get<std::string>() == "1st Division");
    BOOST_TEST(d1.at("hq").is_null());
    BOOST_TEST(d1.at("children").empty());
    BOOST_TEST(d1.at("units").at(1) == sandtable::test::parseJson(R"({"id":"d1-b","name":"d1-b","type":"infantry","strength":700,"arm":"men"})"));
    BOOST_TEST(army.at("children").at(1).at("strength").at("men").get<int>() == 300);

    Result text = runTool({"oob", "tree", file.string()});
    BOOST_REQUIRE_EQUAL(text.code, 0);
    BOOST_TEST(text.out.find("\n      1st Division [d1] division, HQ none, strength 1200 men\n        - d1-a [d1-a] infantry 500 men\n")
        != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(import_by_path_dry_run_writes_nothing_and_errors_left_exit_1)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::Scenario empty;
    empty.settings.id = "empty";
    empty.settings.title = "Empty";
    empty.settings.crs = "EPSG:32631";
    sandtable::core::io::saveScenario(empty, file);
    const std::string before = sandtable::core::io::readFile(file);
    sandtable::core::io::writeFileAtomically(folder / "oob.csv",
        "Path,Name,Type,Men,Cmd\n"
        "France.III_Corps,Vandamme,hq,0,4\n"
        "France.III_Corps.8e_Division.23e_Ligne,23e,infantry,1600,\n"
        "France.III_Corps.8e_Division.37e_Ligne,37e,infantry,1400,\n"
        "Prussia.IV_Korps,Bulow,hq,0,5\n"
        "Prussia.IV_Korps.13_Brigade.10_Schlesisches,10th Silesian,infantry,2000,\n");
    const std::vector<std::string> common = {"oob", "import", file.string(), (folder / "oob.csv").string(), "--path", "Path",
        "--map", "Name=name", "--map", "Type=type", "--map", "Men=strength", "--map", "Cmd=command"};
    auto args = common;
    args.insert(args.end(), {"--dry-run", "--json"});
    Result dry = runTool(args);
    BOOST_TEST_INFO(dry.err);
    BOOST_REQUIRE_EQUAL(dry.code, 0);
    const auto j = sandtable::test::parseJson(dry.out);
    BOOST_TEST(j.at("saved").get<bool>() == false);
    BOOST_TEST(j.at("imported").get<int>() == 5);
    BOOST_TEST(j.at("formations_per_level") == sandtable::test::parseJson("[2, 2]"));
    BOOST_TEST(j.at("tree").at(0).at("children").at(0).at("strength").at("men").get<int>() == 3000);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);

    Result real = runTool(common);
    BOOST_TEST_INFO(real.err);
    BOOST_REQUIRE_EQUAL(real.code, 0);
    BOOST_TEST(sandtable::core::io::loadScenario(file).scenario.formations.size() == 4u);

    // A second HQ for III Corps leaves an error: exit 1, the file as it was.
    const std::string imported = sandtable::core::io::readFile(file);
    sandtable::core::io::writeFileAtomically(folder / "more.csv", "Path,Name,Type,Men,Cmd\nFrance.III_Corps.Lobau,Lobau,hq,0,3\n");
    Result twice = runTool({"oob", "import", file.string(), (folder / "more.csv").string(), "--path", "Path", "--map",
        "Name=name", "--map", "Type=type", "--map", "Cmd=command"});
    BOOST_TEST(twice.code == 1);
    BOOST_TEST(twice.out.find("not saved") != std::string::npos, twice.out);
    BOOST_TEST(sandtable::core::io::readFile(file) == imported);
}

namespace {
std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

bool hasLine(const std::string& text, const std::string& line)
{
    const auto all = lines(text);
    return std::find(all.begin(), all.end(), line) != all.end();
}

/// A new Pub Battles scenario made as the README makes one.
std::string newScenario(const sandtable::test::TemporaryFolder& folder)
{
    const std::string file = (folder / "my.sandtable.json").string();
    const Result made = runTool({"scenario", "new", "--system", "pub-battles", "--crs", "EPSG:32618", "-o", file});
    BOOST_REQUIRE_EQUAL(made.code, 0);
    return file;
}
} // namespace

// Issue 43, item 7: the README's lines on the bundled roster, in order. roster.csv's formation column says
// "prussia-9th-brigade" on side Prussia: a brigade (the value names it), named "9th Brigade"; so the
// README's `oob blocks --level brigade` makes its one block: 800 + 800 + 750 + 700 men and the hussars'
// 300 (blocks.hpp: the men of every unit but the artillery) = 3350.
BOOST_AUTO_TEST_CASE(the_readme_roster_lines_work_as_written)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = newScenario(folder);
    const auto example = sandtable::test::sourceDir() / "examples" / "kriegsspiel";
    const Result roster = runTool({"oob", "import", file, (example / "roster.csv").string(), "--map", "unit_name=name"});
    BOOST_TEST_INFO(roster.err);
    BOOST_REQUIRE_EQUAL(roster.code, 0);
    const auto loaded = sandtable::core::io::loadScenario(file);
    BOOST_REQUIRE_EQUAL(loaded.scenario.formations.size(), 1u);
    BOOST_TEST(loaded.scenario.formations[0].id.str() == "prussia-9th-brigade");
    BOOST_TEST(loaded.scenario.formations[0].name == "9th Brigade");
    BOOST_TEST(loaded.scenario.formations[0].echelon == "brigade");
    BOOST_TEST(loaded.scenario.units.size() == 7u);

    // The dotted-path tree, dry run: units named by their own element, never their whole path.
    const Result dry = runTool({"oob", "import", file, (example / "oob.csv").string(), "--path", "path", "--dry-run", "--json"});
    BOOST_TEST_INFO(dry.err);
    BOOST_REQUIRE_EQUAL(dry.code, 0);
    const auto j = sandtable::test::parseJson(dry.out);
    BOOST_TEST(j.at("imported").get<int>() == 11);
    std::function<void(const sandtable::test::JsonView&)> noDottedNames = [&](const sandtable::test::JsonView& node) {
        for (const auto& u : node.at("units"))
            BOOST_TEST(u.at("name").get<std::string>().find('.') == std::string::npos, u.at("name").get<std::string>());
        for (const auto& child : node.at("children"))
            noDottedNames(child);
    };
    for (const auto& side : j.at("tree"))
        noDottedNames(side);
    const Result tree = runTool({"oob", "tree", file});
    BOOST_REQUIRE_EQUAL(tree.code, 0);
    // 800 + 800 + 750 + 700 men, the battery's 8 guns, the hussars' 300 sabres.
    BOOST_TEST(hasLine(tree.out, "  9th Brigade [prussia-9th-brigade] brigade, HQ prussia-9th-brigade-1, strength 3050 men, 8 guns, 300 sabres"),
        tree.out);
    BOOST_TEST(hasLine(tree.out, "    - Foot Battery 7 [prussia-9th-brigade-7] artillery 8 guns"), tree.out);
    BOOST_REQUIRE_EQUAL(runTool({"oob", "summary", file, "--json"}).code, 0);
    const Result blocks = runTool({"oob", "blocks", file, "--level", "brigade", "--json"});
    BOOST_TEST_INFO(blocks.err);
    BOOST_REQUIRE_EQUAL(blocks.code, 0);
    BOOST_TEST(sandtable::test::parseJson(blocks.out).at("blocks").at(0).at("strength").get<int>() == 3350);
}

// Issue 43, item 3, as a designer runs it: tests/data/roster/napoleonic_path.csv (figures worked out by hand in
// test_roster_import.cpp: II Corps 12000 men, 48 guns, 1000 sabres; I Korps 7300 men, 8 guns, 600 sabres).
BOOST_AUTO_TEST_CASE(a_napoleonic_tree_keeps_its_guns_and_shows_each_arm)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = newScenario(folder);
    const std::string input = sandtable::test::projectData("roster/napoleonic_path.csv").string();
    const Result imported = runTool({"oob", "import", file, input, "--path", "path"});
    BOOST_TEST_INFO(imported.err);
    BOOST_REQUIRE_EQUAL(imported.code, 0);
    BOOST_TEST(imported.out.find("imported 32 units") != std::string::npos, imported.out);
    BOOST_TEST(imported.err.find(input + ": info: row 19 (line 20): 'Reserve Battery 12pdr' has rows under it and a strength of its own (8 guns): "
                                         "kept as unit 'France.Armee_du_Nord.II_Corps.Corps_Artillery.Reserve_Battery_12pdr-artillery' of the formation "
                                         "[oob.import.attached_strength]")
            != std::string::npos,
        imported.err);
    BOOST_TEST(imported.err.find(input + ": warning: row 33 (line 34): 'Reserve Artillerie' is a corps directly under the corps 'I Korps'")
            != std::string::npos,
        imported.err);

    const Result tree = runTool({"oob", "tree", file});
    BOOST_REQUIRE_EQUAL(tree.code, 0);
    BOOST_TEST(hasLine(tree.out, "France [France], HQ none, strength 12000 men, 48 guns, 1000 sabres"), tree.out);
    BOOST_TEST(hasLine(tree.out, "    II Corps [France.Armee_du_Nord.II_Corps] corps, HQ France.Armee_du_Nord.II_Corps-hq, "
                                 "strength 12000 men, 48 guns, 1000 sabres"), tree.out);
    BOOST_TEST(hasLine(tree.out, "      Corps Artillery [France.Armee_du_Nord.II_Corps.Corps_Artillery] division, HQ none, strength 100 men, 24 guns"),
        tree.out);
    BOOST_TEST(hasLine(tree.out, "          - Reserve Battery 12pdr [France.Armee_du_Nord.II_Corps.Corps_Artillery.Reserve_Battery_12pdr-artillery] artillery 8 guns"),
        tree.out);
    BOOST_TEST(hasLine(tree.out, "Prussia [Prussia], HQ none, strength 7300 men, 8 guns, 600 sabres"), tree.out);
    const auto j = sandtable::test::parseJson(runTool({"oob", "tree", file, "--json"}).out);
    BOOST_TEST(j.at(0).at("strength") == sandtable::test::parseJson(R"({"men":12000,"guns":48,"sabres":1000})"));
    BOOST_TEST(j.at(1).at("strength") == sandtable::test::parseJson(R"({"men":7300,"guns":8,"sabres":600})"));
}

// Issue 43, item 5: a unit list with no HQ rows yet, saved by Excel (CRLF, comma-only lines at the end).
BOOST_AUTO_TEST_CASE(a_unit_list_without_hqs_is_imported_and_validate_reports_the_missing_hqs)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = newScenario(folder);
    const std::string input = sandtable::test::projectData("roster/unit_list_without_hqs.csv").string();
    const Result dry = runTool({"oob", "import", file, input, "--dry-run", "--json"});
    BOOST_REQUIRE_EQUAL(dry.code, 0);
    const auto j = sandtable::test::parseJson(dry.out);
    BOOST_TEST(j.at("formations_without_hq").get<int>() == 2);
    BOOST_TEST(j.at("errors").get<int>() == 2);
    BOOST_REQUIRE_EQUAL(j.at("findings").size(), 2u);
    BOOST_TEST(j.at("findings").at(1).at("code").get<std::string>() == "oob.import.no_hq");
    BOOST_TEST(j.at("findings").at(1).at("path").get<std::string>() == "/formations/1");
    const Result imported = runTool({"oob", "import", file, input});
    BOOST_TEST_INFO(imported.err);
    BOOST_REQUIRE_EQUAL(imported.code, 0);
    BOOST_TEST(imported.out.find("imported 4 units") != std::string::npos, imported.out);
    BOOST_TEST(imported.out.find("the scenario has 2 errors, 0 warnings (2 of them formations without their HQ yet: add them before play)")
            != std::string::npos,
        imported.out);
    BOOST_TEST(imported.err.find(input + ": warning: /formations/0: formation 'prussia-9th-brigade' (Prussia > 9th Brigade) has no HQ yet")
            != std::string::npos,
        imported.err);
    BOOST_TEST(imported.err.find("no unit type") == std::string::npos, imported.err); // the comma-only lines are no rows
    BOOST_TEST(sandtable::core::io::loadScenario(file).scenario.units.size() == 4u);

    const Result validate = runTool({"scenario", "validate", file});
    BOOST_TEST(validate.code == 1);
    BOOST_TEST((validate.out + validate.err).find("prussia-9th-brigade") != std::string::npos);
    BOOST_TEST((validate.out + validate.err).find("oob.formation.hq_count") != std::string::npos, validate.out + validate.err);

    // Two HQs in one formation stay an import error: exit 1, nothing written.
    const std::string before = sandtable::core::io::readFile(file);
    sandtable::core::io::writeFileAtomically(folder / "hqs.csv",
        "name,type,command,side,formation\nKemphen,hq,4,Prussia,prussia-9th-brigade\nKirchfeldt,hq,3,Prussia,prussia-9th-brigade\n");
    const Result twice = runTool({"oob", "import", file, (folder / "hqs.csv").string()});
    BOOST_TEST(twice.code == 1);
    BOOST_TEST(twice.out.find("not saved") != std::string::npos, twice.out);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);

    // One HQ each: saved, and validate is clean of HQ errors.
    sandtable::core::io::writeFileAtomically(folder / "hq.csv",
        "name,type,command,side,formation\nKemphen,hq,4,Prussia,prussia-9th-brigade\nSohr,hq,3,Prussia,prussia-10th-brigade\n");
    const Result added = runTool({"oob", "import", file, (folder / "hq.csv").string()});
    BOOST_TEST_INFO(added.err);
    BOOST_REQUIRE_EQUAL(added.code, 0);
    BOOST_TEST(added.out.find("the scenario has 0 errors") != std::string::npos, added.out);
}

// An input the import cannot read: the file, the object and the reason, exit 1, nothing written.
BOOST_AUTO_TEST_CASE(a_roster_it_cannot_read_names_the_file_and_the_rows)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = newScenario(folder);
    const std::string before = sandtable::core::io::readFile(file);
    const std::string input = (folder / "bad.csv").string();
    sandtable::core::io::writeFileAtomically(input, "path,type,strength\nFrance.II_Corps.Battery_1,artillery,eight\n,,\n");
    const Result bad = runTool({"oob", "import", file, input, "--path", "path"});
    BOOST_TEST(bad.code == 1);
    BOOST_TEST(bad.err.rfind("sandtable: error: " + input + ": roster: 1 problem, nothing imported:", 0) == 0, bad.err);
    BOOST_TEST(bad.err.find("row 1 (line 2): strength 'eight' is not a whole number") != std::string::npos, bad.err);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);
}

// Issue 46 item 2: the editor's order-of-battle authoring from the command line, the same core operations.
BOOST_AUTO_TEST_CASE(an_order_of_battle_authored_verb_by_verb)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::Scenario s = sandtable::test::smallScenario();
    s.sides.clear();
    s.formations.clear();
    s.units.clear();
    sandtable::core::io::saveScenario(s, file);
    const std::string f = file.string();
    BOOST_TEST(runTool({"oob", "add-side", f, "Union"}).code == 0);
    BOOST_TEST(runTool({"oob", "add-side", f, "Confederacy", "--colour", "#A0A0A0"}).code == 0);
    BOOST_TEST(runTool({"oob", "add-formation", f, "union", "I Corps"}).code == 0);
    BOOST_TEST(runTool({"oob", "add-formation", f, "union", "1st Division", "--parent", "union-i-corps"}).code == 0);
    BOOST_TEST(runTool({"oob", "add-unit", f, "union-1st-division", "Iron Brigade", "--strength", "1885", "--quality", "elite"}).code == 0);
    BOOST_TEST(runTool({"oob", "add-unit", f, "union-1st-division", "Wadsworth", "--type", "hq"}).code == 0);
    BOOST_TEST(runTool({"oob", "move", f, "union-1st-division-wadsworth", "up"}).code == 0);
    BOOST_TEST(runTool({"oob", "colour", f, "union", "#1F3A93"}).code == 0);
    BOOST_TEST(runTool({"oob", "rename", f, "confederacy", "Army of Northern Virginia"}).code == 0);
    // Refused with the core's reason, the file unchanged: no such formation; a colour not #rrggbb.
    const std::string before = sandtable::core::io::readFile(file);
    const Result refused = runTool({"oob", "add-unit", f, "nowhere", "X"});
    BOOST_TEST(refused.code != 0);
    BOOST_TEST(refused.err.find("formation 'nowhere'") != std::string::npos);
    BOOST_TEST(runTool({"oob", "colour", f, "union", "blue"}).code != 0);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);

    const sandtable::core::Scenario out = sandtable::core::io::loadScenario(f).scenario;
    BOOST_REQUIRE(out.sides.size() == 2u);
    BOOST_TEST(out.sides[0].colour == "#1f3a93");
    BOOST_TEST(out.sides[1].colour == "#a0a0a0");
    BOOST_TEST(out.sides[1].name == "Army of Northern Virginia");
    BOOST_REQUIRE(out.formations.size() == 2u);
    BOOST_TEST(out.formations[1].echelon == "division");
    BOOST_TEST(out.formations[1].parent.value_or(sandtable::core::FormationId()).str() == "union-i-corps");
    BOOST_REQUIRE(out.units.size() == 2u);
    BOOST_TEST(out.units[0].id.str() == "union-1st-division-wadsworth"); // moved up
    BOOST_TEST(out.units[0].command.value_or(0) == 3);
    BOOST_TEST(out.units[1].strength == 1885);
    // Deleting the side takes its two formations and two units.
    BOOST_TEST(runTool({"oob", "delete", f, "union"}).code == 0);
    const sandtable::core::Scenario left = sandtable::core::io::loadScenario(f).scenario;
    BOOST_TEST(left.sides.size() == 1u);
    BOOST_TEST(left.formations.empty());
    BOOST_TEST(left.units.empty());
}

BOOST_AUTO_TEST_SUITE_END()
