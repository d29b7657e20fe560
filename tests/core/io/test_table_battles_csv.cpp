// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/table_battles_csv.hpp: byte-identical round trips, quoting, row/column errors.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/table_battles_csv.hpp"
#include "support/table_battles_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;

namespace {

std::string replaceOnce(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    BOOST_REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

std::vector<io::CsvProblem> problemsOf(const std::string& text)
{
    try {
        io::importTableBattlesCsv(text, "cards.csv");
    } catch (const io::CsvImportError& e) {
        return e.problems();
    }
    BOOST_FAIL("the CSV was imported without an error");
    return {};
}

/// The one problem of `text`, checked to sit at `row` and `column`.
io::CsvProblem onlyProblem(const std::string& text, std::size_t row, std::size_t column)
{
    const auto problems = problemsOf(text);
    BOOST_REQUIRE_EQUAL(problems.size(), 1u);
    BOOST_TEST(problems[0].row == row);
    BOOST_TEST(problems[0].column == column);
    return problems[0];
}

// Rows of the small set's export: 1 header, 2 scenario, 3 Blue, 4 Red, 5 card 1-A, 6 card 2-A, ...
const std::string kRow5 = "formation,1-A,Blue Foot,Blue,,,,,,#1f3a93,blue,4,infantry,no,yes,no,,no,5-6,,attack,4-A,1,,no,,,,,,,,,,\n";

} // namespace

BOOST_AUTO_TEST_SUITE(io_table_battles_csv)

BOOST_AUTO_TEST_CASE(export_writes_the_documented_layout)
{
    const std::string csv = io::exportTableBattlesCsv(sandtable::test::smallCardSet());
    // 20 fixed columns and three action groups: cards 2-A and 4-A have three actions each.
    BOOST_TEST(csv.rfind("kind,card,name,army,date,first,morale,cards,tactical_victory,wing_colour,stick_colour,strength,"
                         "type,star,link,special,reserve,pursuit,dice,rules,action_1,targets_1,hits_1,requirement_1,"
                         "voluntary_1,action_2,targets_2,hits_2,requirement_2,voluntary_2,action_3,targets_3,hits_3,"
                         "requirement_3,voluntary_3\n",
                   0)
        == 0u);
    BOOST_TEST(csv.find("\nscenario,90,Test Field,,1700,Blue,,,,,,,,,,,,,,None.,,,,,,,,,,,,,,,\n") != std::string::npos);
    BOOST_TEST(csv.find("\narmy,,Red,,,,3,4-A 5-A 6-A,5 win,,,,,,,,,,,,,,,,,,,,,,,,,,\n") != std::string::npos);
    BOOST_TEST(csv.find("\n" + kRow5) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(round_trip_is_byte_identical)
{
    const TableBattlesSet set = sandtable::test::smallCardSet();
    const std::string first = io::exportTableBattlesCsv(set);
    const TableBattlesSet back = io::importTableBattlesCsv(first, "cards.csv");
    BOOST_TEST((back == set));
    BOOST_TEST(io::exportTableBattlesCsv(back) == first);
}

BOOST_AUTO_TEST_CASE(the_example_spreadsheet_reads_and_writes_back_unchanged)
{
    const auto path = sandtable::test::sourceDir() / "examples/table-battles/fontenoy-cards.csv";
    const std::string text = io::readFile(path);
    const TableBattlesSet set = io::importTableBattlesCsv(text, path.string());
    BOOST_TEST(set.cards.size() == 12u);
    BOOST_TEST(io::exportTableBattlesCsv(set) == text);
}

BOOST_AUTO_TEST_CASE(commas_quotes_and_line_breaks_are_quoted_and_read_back)
{
    TableBattlesSet set = sandtable::test::smallCardSet();
    set.cards[0].name = "Smith's \"Tigers\", 1st";
    set.cards[0].specialRule = "Line one\nLine two";
    const std::string csv = io::exportTableBattlesCsv(set);
    BOOST_TEST(csv.find(",\"Smith's \"\"Tigers\"\", 1st\",") != std::string::npos);
    BOOST_TEST(csv.find(",\"Line one\nLine two\",") != std::string::npos);
    BOOST_TEST((io::importTableBattlesCsv(csv, "cards.csv") == set));
    // A field spanning two lines is still one row: card 2-A stays on row 6.
    const std::string broken = replaceOnce(csv, "Blue Guard,Blue,,,,,,#1f3a93,blue,3,infantry,yes,yes,no,,no,doubles",
        "Blue Guard,Blue,,,,,,#1f3a93,blue,3,infantry,yes,yes,no,,no,trebles");
    onlyProblem(broken, 6, 19);
}

BOOST_AUTO_TEST_CASE(comma_only_rows_as_excel_leaves_them_are_no_rows)
{
    // Excel saves rows it once formatted, past the data, as commas alone: they hold no card.
    const TableBattlesSet set = sandtable::test::smallCardSet();
    const std::string csv = io::exportTableBattlesCsv(set) + ",,,,,,,,,,,,,,,,,,,,,,,,,\r\n,,,\r\n";
    BOOST_TEST((io::importTableBattlesCsv(csv, "cards.csv") == set));
}

BOOST_AUTO_TEST_CASE(crlf_line_ends_and_a_byte_order_mark_are_accepted)
{
    const TableBattlesSet set = sandtable::test::smallCardSet();
    std::string csv = io::exportTableBattlesCsv(set);
    std::string crlf;
    for (char c : csv)
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    BOOST_TEST((io::importTableBattlesCsv("\xEF\xBB\xBF" + crlf, "cards.csv") == set));
}

BOOST_AUTO_TEST_CASE(broken_quoting_is_caught_with_row_and_column)
{
    const std::string csv = io::exportTableBattlesCsv(sandtable::test::smallCardSet());
    // Card 6-A is row 10; its rules text is column 20 and no quote follows it in the file.
    auto p = onlyProblem(replaceOnce(csv, ",Massed guns.,", ",\"Massed guns.,"), 10, 20);
    BOOST_TEST(p.message.find("never closed") != std::string::npos);
    // Opened earlier, the quote closes at the next quote in the file (card 6-A's dice "1,3"): the text
    // after that closing quote is the error, still reported where the field began.
    onlyProblem(replaceOnce(csv, ",Blue Foot,", ",\"Blue Foot,"), 5, 3);
    p = onlyProblem(replaceOnce(csv, ",Blue Foot,", ",Blue \"Foot\","), 5, 3);
    BOOST_TEST(p.message.find("quote inside an unquoted field") != std::string::npos);
    p = onlyProblem(replaceOnce(csv, ",Blue Foot,", ",\"Blue\" Foot,"), 5, 3);
    BOOST_TEST(p.message.find("after the closing quote") != std::string::npos);
    try {
        io::importTableBattlesCsv(replaceOnce(csv, ",Blue Foot,", ",Blue \"Foot\","), "cards.csv");
    } catch (const io::CsvImportError& e) {
        BOOST_TEST(std::string(e.what()).find("cards.csv: row 5, column 3 (name):") == 0u);
    }
}

BOOST_AUTO_TEST_CASE(bad_values_name_their_row_and_column)
{
    const std::string csv = io::exportTableBattlesCsv(sandtable::test::smallCardSet());
    auto p = onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, ",5-6,", ",7,")), 5, 19);
    BOOST_TEST(p.message.find("dice pattern '7'") != std::string::npos);
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, ",attack,", ",atack,")), 5, 21);
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, ",attack,4-A,", ",attack,4-X,")), 5, 22);
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, ",4,infantry,", ",four,infantry,")), 5, 12);
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, ",no,yes,no,", ",no,maybe,no,")), 5, 15);
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, ",#1f3a93,", ",navy,")), 5, 10);
    // A value in a column the row's kind does not use: a column shifted by one.
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, "Blue,,,,,,#1f3a93", "Blue,,,3,,,#1f3a93")), 5, 7);
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, "formation,", "formaton,")), 5, 1);
    // Hits without an action in its group.
    onlyProblem(replaceOnce(csv, kRow5, replaceOnce(kRow5, ",no,,,,,,,,,,\n", ",no,,,2,,,,,,,\n")), 5, 28);
}

BOOST_AUTO_TEST_CASE(row_shape_header_and_set_problems_are_reported)
{
    const std::string csv = io::exportTableBattlesCsv(sandtable::test::smallCardSet());
    onlyProblem(replaceOnce(csv, kRow5, kRow5.substr(0, kRow5.size() - 2) + "\n"), 5, 0); // one field short
    onlyProblem(replaceOnce(csv, "kind,card,name,", "kind,card,nmae,"), 1, 3);
    onlyProblem(replaceOnce(csv, "Test Field,,1700,Blue,", "Test Field,,1700,Green,"), 2, 6);
    const auto dropped = replaceOnce(csv, "army,,Red,,,,3,4-A 5-A 6-A,5 win,,,,,,,,,,,,,,,,,,,,,,,,,,\n", "");
    BOOST_TEST(onlyProblem(dropped, 9, 0).message.find("1 army row") != std::string::npos);
    BOOST_CHECK_THROW(io::importTableBattlesCsv("", "empty.csv"), io::CsvImportError);
}

BOOST_AUTO_TEST_CASE(every_problem_is_reported_and_nothing_is_returned)
{
    const std::string csv = io::exportTableBattlesCsv(sandtable::test::smallCardSet());
    std::string bad = replaceOnce(csv, ",5-6,", ",9,");
    bad = replaceOnce(bad, ",doubles,", ",quads,");
    const auto problems = problemsOf(bad);
    BOOST_REQUIRE_EQUAL(problems.size(), 2u);
    BOOST_TEST(problems[0].row == 5u);
    BOOST_TEST(problems[1].row == 6u);
    BOOST_TEST(problems[1].column == 19u);
}

BOOST_AUTO_TEST_SUITE_END()
