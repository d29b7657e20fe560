// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/io/csv.hpp, the one CSV tokenizer: hand-made inputs and the records RFC 4180 gives them.
#include "sandtable/core/io/csv.hpp"

#include <boost/test/unit_test.hpp>

using sandtable::core::io::CsvOptions;
using sandtable::core::io::CsvRecord;
using sandtable::core::io::CsvSyntaxProblem;
using sandtable::core::io::csvField;
using sandtable::core::io::readCsv;
using Fields = std::vector<std::string>;
using Kind = CsvSyntaxProblem::Kind;

namespace {

CsvOptions lenient()
{
    CsvOptions options;
    options.stopAtFirstProblem = false;
    return options;
}

} // namespace

BOOST_AUTO_TEST_SUITE(io_csv)

BOOST_AUTO_TEST_CASE(plain_fields_and_both_line_ends)
{
    const auto csv = readCsv("a,b,c\r\n1,,3\n4,5,6");
    BOOST_TEST(csv.problems.empty());
    BOOST_REQUIRE_EQUAL(csv.records.size(), 3u);
    BOOST_TEST(csv.records[0].fields == (Fields{"a", "b", "c"}), boost::test_tools::per_element());
    BOOST_TEST(csv.records[1].fields == (Fields{"1", "", "3"}), boost::test_tools::per_element());
    // No line end after the last record: still a record.
    BOOST_TEST(csv.records[2].fields == (Fields{"4", "5", "6"}), boost::test_tools::per_element());
    BOOST_TEST(csv.records[2].row == 3u);
    BOOST_TEST(csv.records[2].line == 3u);
    BOOST_TEST(!csv.records[1].quoted);
}

BOOST_AUTO_TEST_CASE(quoted_fields_hold_delimiters_line_breaks_and_doubled_quotes)
{
    // Row 2's second field spans two lines (CR LF kept as written); "" inside quotes is one quote.
    const auto csv = readCsv("name,note\r\n\"Smith, J.\",\"said \"\"hold\"\"\r\nthe line\"\r\nnext,\"\"\r\n");
    BOOST_TEST(csv.problems.empty());
    BOOST_REQUIRE_EQUAL(csv.records.size(), 3u);
    BOOST_TEST(csv.records[1].fields == (Fields{"Smith, J.", "said \"hold\"\r\nthe line"}), boost::test_tools::per_element());
    BOOST_TEST(csv.records[1].quoted);
    BOOST_TEST(csv.records[1].row == 2u);
    BOOST_TEST(csv.records[1].line == 2u);
    // The record after the two-line one: row 3, physical line 4.
    BOOST_TEST(csv.records[2].row == 3u);
    BOOST_TEST(csv.records[2].line == 4u);
    BOOST_TEST(csv.records[2].fields == (Fields{"next", ""}), boost::test_tools::per_element());
    BOOST_TEST(csv.records[2].quoted); // "" is an empty value written on purpose
    BOOST_TEST(!csv.records[2].blank());
}

BOOST_AUTO_TEST_CASE(a_byte_order_mark_is_skipped)
{
    const auto csv = readCsv("\xEF\xBB\xBFkind,card\nscenario,90\n");
    BOOST_REQUIRE_EQUAL(csv.records.size(), 2u);
    BOOST_TEST(csv.records[0].fields[0] == "kind");
}

BOOST_AUTO_TEST_CASE(empty_lines_hold_no_record_and_excel_comma_rows_are_blank)
{
    // Excel saves the unused width of a sheet as commas: ",,," rows, and spaces alone count as blank.
    const auto csv = readCsv("a,b,c\n\n1,2,3\n,,\n , \t,\n");
    BOOST_TEST(csv.problems.empty());
    BOOST_REQUIRE_EQUAL(csv.records.size(), 4u);
    BOOST_TEST(csv.records[1].row == 3u); // the empty line 2 is counted, not returned
    BOOST_TEST(!csv.records[1].blank());
    BOOST_TEST(csv.records[2].blank());
    BOOST_TEST(csv.records[2].fields.size() == 3u);
    BOOST_TEST(csv.records[3].blank());
    BOOST_TEST(readCsv("").records.empty());
}

BOOST_AUTO_TEST_CASE(another_delimiter_and_comment_lines)
{
    CsvOptions options;
    options.delimiter = ';';
    options.comment = '#';
    const auto csv = readCsv("#CRS: GEOGCS[\"WGS 84\",DATUM[\"x\"]]\r\nmapX;mapY\n\"1;5\";2\n", options);
    BOOST_TEST(csv.problems.empty());
    BOOST_REQUIRE_EQUAL(csv.records.size(), 3u);
    BOOST_TEST(csv.records[0].comment);
    BOOST_TEST(csv.records[0].fields == (Fields{"#CRS: GEOGCS[\"WGS 84\",DATUM[\"x\"]]"}), boost::test_tools::per_element());
    BOOST_TEST(!csv.records[0].blank());
    BOOST_TEST(csv.records[2].fields == (Fields{"1;5", "2"}), boost::test_tools::per_element());
    BOOST_TEST(csv.records[2].line == 3u);
}

BOOST_AUTO_TEST_CASE(strict_reading_stops_at_the_first_problem_with_its_row_and_column)
{
    // Row 3, field 2: a quote inside an unquoted field. Rows 1 and 2 are returned, nothing after.
    auto csv = readCsv("a,b\n1,2\n3,4\"5\n6,7\n");
    BOOST_REQUIRE_EQUAL(csv.problems.size(), 1u);
    BOOST_TEST((csv.problems[0].kind == Kind::QuoteInUnquotedField));
    BOOST_TEST(csv.problems[0].row == 3u);
    BOOST_TEST(csv.problems[0].column == 2u);
    BOOST_TEST(csv.records.size() == 2u);

    csv = readCsv("a,b\n\"x\"y,2\n");
    BOOST_REQUIRE_EQUAL(csv.problems.size(), 1u);
    BOOST_TEST((csv.problems[0].kind == Kind::TextAfterClosingQuote));
    BOOST_TEST(csv.problems[0].row == 2u);
    BOOST_TEST(csv.problems[0].column == 1u);

    csv = readCsv("a,b\n1,\"never closed\n2,3\n");
    BOOST_REQUIRE_EQUAL(csv.problems.size(), 1u);
    BOOST_TEST((csv.problems[0].kind == Kind::UnclosedQuote));
    BOOST_TEST(csv.problems[0].row == 2u);
    BOOST_TEST(csv.problems[0].column == 2u);
    BOOST_TEST(csv.records.size() == 1u);

    csv = readCsv("a,b\r1,2\r");
    BOOST_REQUIRE_EQUAL(csv.problems.size(), 1u);
    BOOST_TEST((csv.problems[0].kind == Kind::LoneCarriageReturn));
    BOOST_TEST(csv.problems[0].row == 1u);
    BOOST_TEST(csv.problems[0].column == 2u);
    BOOST_TEST(csv.records.empty());
}

BOOST_AUTO_TEST_CASE(lenient_reading_keeps_stray_quotes_as_text_and_reports_every_problem)
{
    const auto csv = readCsv("a,b\n\"x\"y,4\"5\r\n6\r7,\"open\n8\n", lenient());
    BOOST_REQUIRE_EQUAL(csv.problems.size(), 4u);
    BOOST_TEST((csv.problems[0].kind == Kind::TextAfterClosingQuote));
    BOOST_TEST((csv.problems[1].kind == Kind::QuoteInUnquotedField));
    BOOST_TEST((csv.problems[2].kind == Kind::LoneCarriageReturn));
    BOOST_TEST(csv.problems[2].line == 3u);
    BOOST_TEST((csv.problems[3].kind == Kind::UnclosedQuote));
    BOOST_REQUIRE_EQUAL(csv.records.size(), 3u);
    BOOST_TEST(csv.records[1].fields == (Fields{"xy", "4\"5"}), boost::test_tools::per_element());
    // The lone CR is dropped; the unclosed quote runs to the end of the text, line break included.
    BOOST_TEST(csv.records[2].fields == (Fields{"67", "open\n8\n"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(fields_are_quoted_only_when_they_must_be)
{
    BOOST_TEST(csvField("plain text") == "plain text");
    BOOST_TEST(csvField("a,b") == "\"a,b\"");
    BOOST_TEST(csvField("say \"no\"") == "\"say \"\"no\"\"\"");
    BOOST_TEST(csvField("two\nlines") == "\"two\nlines\"");
    BOOST_TEST(csvField("a;b") == "a;b");
    BOOST_TEST(csvField("a;b", ';') == "\"a;b\"");
    // What csvField writes reads back as the same field.
    const std::string tricky = "x, \"y\"\r\nz";
    BOOST_TEST(readCsv(csvField(tricky) + ",end\n").records.at(0).fields.at(0) == tricky);
}

BOOST_AUTO_TEST_SUITE_END()
