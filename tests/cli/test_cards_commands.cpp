// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/cards_commands.cpp: `cards import|export|print` JSON keys, all-or-nothing import.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/table_battles_csv.hpp"
#include "support/table_battles_fixtures.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;

BOOST_AUTO_TEST_SUITE(cli_cards)

BOOST_AUTO_TEST_CASE(print_reports_pages_and_cards)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallCardScenario(), file);
    // 6 formation cards + the scenario card = 7 cards: one sheet, fronts and backs = 2 pages.
    Result r = runTool({"cards", "print", file.string(), "-o", (folder / "c.pdf").string(), "--page", "letter", "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("pages").get<int>() == 2);
    BOOST_TEST(j.at("cards").get<int>() == 7);
    // Print-shop mode: one page per face, 14 pages.
    r = runTool({"cards", "print", file.string(), "-o", (folder / "s.pdf").string(), "--mode", "shop", "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("pages").get<int>() == 14);
    BOOST_TEST(runTool({"cards", "print", file.string(), "-o", (folder / "x.pdf").string(), "--mode", "poster"}).code == 2);
}

BOOST_AUTO_TEST_CASE(export_then_import_keeps_the_scenario_and_the_bytes)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallCardScenario(), file);
    const std::string before = sandtable::core::io::readFile(file);
    BOOST_REQUIRE_EQUAL(runTool({"cards", "export", file.string(), "-o", (folder / "c.csv").string()}).code, 0);
    BOOST_TEST(sandtable::core::io::readFile(folder / "c.csv") == sandtable::core::io::exportTableBattlesCsv(sandtable::test::smallCardSet()));
    Result r = runTool({"cards", "import", file.string(), (folder / "c.csv").string(), "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("imported").get<int>() == 6);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);
}

BOOST_AUTO_TEST_CASE(a_bad_csv_or_cards_that_break_the_rules_change_nothing)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallCardScenario(), file);
    const std::string before = sandtable::core::io::readFile(file);
    const std::string csv = sandtable::core::io::exportTableBattlesCsv(sandtable::test::smallCardSet());

    std::string broken = csv;
    broken.replace(broken.find(",5-6,"), 5, ",5-7,");
    sandtable::core::io::writeFileAtomically(folder / "bad.csv", broken);
    Result r = runTool({"cards", "import", file.string(), (folder / "bad.csv").string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("row 5, column 19 (dice)") != std::string::npos);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);

    std::string friendlyFire = csv;
    friendlyFire.replace(friendlyFire.find(",attack,4-A,1,"), 14, ",attack,2-A,1,"); // 1-A attacks its own side
    sandtable::core::io::writeFileAtomically(folder / "rules.csv", friendlyFire);
    r = runTool({"cards", "import", file.string(), (folder / "rules.csv").string(), "--json"});
    BOOST_TEST(r.code == 1);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("saved").get<bool>() == false);
    BOOST_TEST(j.at("diagnostics").at(0).at("code").get<std::string>() == "cards.target.side");
    BOOST_TEST(sandtable::core::io::readFile(file) == before);
}

BOOST_AUTO_TEST_CASE(print_one_image_per_card_face_into_a_folder)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallCardScenario(), file);
    Result r = runTool({"cards", "print", file.string(), "-o", (folder / "png").string(), "--format", "png", "--dpi", "254", "--json"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("files").size() == 7u);
    BOOST_TEST(j.at("card_mm").at(0).get<double>() == 63.5);
    BOOST_TEST(std::filesystem::is_directory(folder / "png"));
    BOOST_TEST(std::filesystem::exists(folder / "png" / "scenario-90.png"));
    r = runTool({"cards", "print", file.string(), "-o", (folder / "svg").string(), "--format", "svg", "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("files").at(1).get<std::string>().find(".svg") != std::string::npos);
    BOOST_TEST(runTool({"cards", "print", file.string(), "-o", (folder / "x").string(), "--format", "gif"}).code == 2);
}

BOOST_AUTO_TEST_CASE(a_windows_1252_card_sheet_is_refused_naming_row_column_and_the_fix_then_converted)
{
    // Issue 23 item 7: the sheet as Excel saves "CSV" on Windows. Card 1's name gets an e-acute, E9 in
    // Windows-1252 (C3 A9 in UTF-8), on row 2 of the sheet (the header is row 1), in the column of names.
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallCardScenario(), file);
    const std::string before = sandtable::core::io::readFile(file);
    std::string csv = sandtable::core::io::exportTableBattlesCsv(sandtable::test::smallCardSet());
    const std::size_t row2 = csv.find('\n') + 1;
    const std::size_t nameColumn = [&] { // 1-based position of "name" in the header
        std::size_t column = 1;
        for (std::size_t i = 0; i < csv.find(",name,"); ++i)
            column += csv[i] == ',' ? 1 : 0;
        return column + 1;
    }();
    std::size_t at = row2;
    for (std::size_t c = 1; c < nameColumn; ++c)
        at = csv.find(',', at) + 1;
    csv.insert(at, "\xE9");
    sandtable::core::io::writeFileAtomically(folder / "cp1252.csv", csv);
    const Result refused = runTool({"cards", "import", file.string(), (folder / "cp1252.csv").string()});
    BOOST_TEST(refused.code == 1);
    BOOST_TEST(refused.err.find("row 2, column " + std::to_string(nameColumn) + " (name): byte 0xE9 is not UTF-8") != std::string::npos, refused.err);
    BOOST_TEST(refused.err.find("--encoding windows-1252") != std::string::npos, refused.err);
    BOOST_TEST(sandtable::core::io::readFile(file) == before);
    const Result converted = runTool({"cards", "import", file.string(), (folder / "cp1252.csv").string(), "--encoding", "windows-1252"});
    BOOST_TEST(converted.code == 0, converted.err);
    BOOST_TEST(sandtable::core::io::readFile(file).find("\xC3\xA9") != std::string::npos);
    // UTF-16 (with its byte order mark): named as such, not "a carriage return that does not end a line".
    sandtable::core::io::writeFileAtomically(folder / "utf16.csv", std::string("\xFF\xFEn\0a\0\r\0\n\0", 10));
    const Result utf16 = runTool({"cards", "import", file.string(), (folder / "utf16.csv").string()});
    BOOST_TEST(utf16.code == 1);
    BOOST_TEST(utf16.err.find("UTF-16LE") != std::string::npos, utf16.err);
}

BOOST_AUTO_TEST_SUITE_END()
