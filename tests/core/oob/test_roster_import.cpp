// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../oob/roster_table.hpp and roster_import.hpp: formats, mapping, every bad row named.
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/oob/roster_import.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <map>

using namespace sandtable::core;
using namespace sandtable::core::oob;

namespace {
std::vector<std::string> problemsOf(const std::string& text, RosterFormat format, const RosterMapping& mapping = {})
{
    try {
        const RosterTable table = parseRoster(text, format, "roster");
        importRoster(sandtable::test::smallScenario(), table, mapping, "roster");
    } catch (const RosterError& e) {
        return e.problems();
    }
    return {};
}

bool mentions(const std::vector<std::string>& problems, const std::string& start, const std::string& words)
{
    for (const auto& p : problems)
        if (p.rfind(start, 0) == 0 && p.find(words) != std::string::npos)
            return true;
    return false;
}

std::string joined(const std::vector<std::string>& problems)
{
    std::string all;
    for (const auto& p : problems)
        all += p + "\n";
    return all;
}
} // namespace

BOOST_AUTO_TEST_SUITE(oob_roster_import)

BOOST_AUTO_TEST_CASE(csv_rows_become_units_in_one_undoable_edit)
{
    const std::string csv = "id,name,type,quality,strength,formation,side\n"
                            "b2,\"2nd Division, Wadsworth\",Infantry,elite,3500,blue-1,blue\n"
                            "b3,Artillery Brigade,artillery,,28,blue-1,blue\n"
                            "g1,Green Corps HQ,HQ,regular,0,green-corps,red\n";
    Document document(sandtable::test::smallScenario());
    const RosterTable table = parseRoster(csv, RosterFormat::Csv, "roster.csv");
    RosterImport imported = importRoster(document.scenario(), table, {}, "roster.csv");
    BOOST_TEST(imported.units == 3u);
    BOOST_TEST(imported.formations == 1u); // green-corps, on the existing side red
    BOOST_TEST(imported.sides == 0u);
    document.apply(std::move(imported.edit));
    const Unit* b2 = document.scenario().findUnit(UnitId("b2"));
    BOOST_REQUIRE(b2);
    BOOST_TEST(b2->name == "2nd Division, Wadsworth");
    BOOST_TEST((b2->quality == UnitQuality::Elite));
    BOOST_TEST(b2->strength == 3500);
    BOOST_TEST((document.scenario().findUnit(UnitId("b3"))->quality == UnitQuality::Regular));
    BOOST_TEST(document.scenario().findFormation(FormationId("green-corps"))->side.str() == "red");
    BOOST_TEST(document.undoDepth() == 1u);
    document.undo();
    BOOST_TEST((document.scenario() == sandtable::test::smallScenario()));
}

BOOST_AUTO_TEST_CASE(bad_rows_are_all_reported_with_row_and_line_and_nothing_is_imported)
{
    const std::string csv = "id,name,type,strength,formation\n"  // line 1
                            "a1,Good,infantry,3000,blue-1\n"          // row 1, line 2
                            "a2,Knights,knights,3000,blue-1\n"        // row 2: unknown type
                            "a3,Ghosts,infantry,-40,blue-1\n"         // row 3: negative strength
                            "a1,Twin,infantry,3000,blue-1\n"          // row 4: duplicate id
                            "blue-1-a,Clash,infantry,1,blue-1\n";     // row 5: id of an existing unit
    const auto problems = problemsOf(csv, RosterFormat::Csv);
    BOOST_TEST_INFO(joined(problems));
    BOOST_TEST(problems.size() == 4u);
    BOOST_TEST(mentions(problems, "row 2 (line 3)", "unknown unit type 'knights'"));
    BOOST_TEST(mentions(problems, "row 3 (line 4)", "negative strength -40"));
    BOOST_TEST(mentions(problems, "row 4 (line 5)", "duplicate id 'a1' (also row 1)"));
    BOOST_TEST(mentions(problems, "row 5 (line 6)", "already a unit"));
}

BOOST_AUTO_TEST_CASE(rows_with_missing_or_extra_fields_are_refused_before_mapping)
{
    const std::string csv = "id,name,type,strength,formation\n"
                            "a1,Good,infantry,3000,blue-1\n"
                            "a5,Short,infantry\n"                     // row 2: missing columns
                            "a6,Long,infantry,3000,blue-1,extra\n";   // row 3: extra column
    const auto problems = problemsOf(csv, RosterFormat::Csv);
    BOOST_TEST_INFO(joined(problems));
    BOOST_TEST(problems.size() == 2u);
    BOOST_TEST(mentions(problems, "row 2 (line 3)", "3 field(s), the header has 5 (missing columns)"));
    BOOST_TEST(mentions(problems, "row 3 (line 4)", "6 field(s), the header has 5 (extra columns)"));
}

BOOST_AUTO_TEST_CASE(non_utf8_input_is_refused_naming_its_line)
{
    const std::string csv = "id,name,type,formation\nx1,Ok,infantry,blue-1\nx2,Caf\xE9,infantry,blue-1\n";
    const auto problems = problemsOf(csv, RosterFormat::Csv);
    BOOST_REQUIRE_EQUAL(problems.size(), 1u);
    // The e-acute of "Cafe" is E9 in Windows-1252: line 3, the second field (issue 23: the column too).
    BOOST_TEST(problems[0].rfind("line 3, column 2 (offset 51): byte 0xE9 is not UTF-8", 0) == 0, problems[0]);
    BOOST_TEST(problems[0].find("--encoding windows-1252") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(lines_ending_in_cr_alone_are_named_once)
{
    // Classic Mac OS line ends: the whole file is one line to a CSV reader; before, "the input has no rows".
    const std::string csv = "id,name,type,formation\rx1,Ok,infantry,blue-1\rx2,Two,infantry,blue-1\r";
    const auto problems = problemsOf(csv, RosterFormat::Csv);
    for (const std::string& p : problems)
        BOOST_TEST_MESSAGE(p);
    BOOST_REQUIRE_EQUAL(problems.size(), 1u);
    BOOST_TEST(problems[0].rfind("line 1: a carriage return that does not end a line", 0) == 0, problems[0]);
    BOOST_TEST(problems[0].find("LF or CRLF") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_quoted_field_may_hold_a_line_break_and_rows_keep_their_first_line)
{
    const std::string csv = "id,name,type,formation\r\nq1,\"Two\r\nlines\",infantry,blue-1\r\nq2,Bad,pikes,blue-1\r\n";
    const auto problems = problemsOf(csv, RosterFormat::Csv);
    BOOST_REQUIRE_EQUAL(problems.size(), 1u);
    BOOST_TEST(problems[0].rfind("row 2 (line 4)", 0) == 0);
}

BOOST_AUTO_TEST_CASE(tsv_and_postgres_copy_dumps)
{
    const std::string tsv = "ident\tlabel\tkind\tcorps\n"
                            "t1\tFirst\tcavalry\tblue-1\n"
                            "t2\tSecond\tdragoons\tblue-1\n";
    RosterMapping mapping;
    addColumnMapping(mapping, "ident=id");
    addColumnMapping(mapping, "label=name");
    addColumnMapping(mapping, "kind=type");
    addColumnMapping(mapping, "corps=formation");
    const auto scenario = sandtable::test::smallScenario();
    auto imported = importRoster(scenario, parseRoster(tsv, RosterFormat::Tsv, "r.tsv"), mapping, "r.tsv");
    BOOST_TEST(imported.units == 2u);

    // pg_dump: SQL before the COPY block, \N for NULL, escaped tab and backslash, octal UTF-8 bytes, \. at the end.
    const std::string dump = "SET client_encoding = 'UTF8';\n"
                             "COPY public.oob (ident, label, kind, corps, men) FROM stdin;\n"
                             "p1\tLa Tour d\\303\\251\\tHaye\tinfantry\tblue-1\t4200\n"
                             "p2\tBack\\\\slash\tartillery\tblue-1\t\\N\n"
                             "\\.\n"
                             "SELECT 1;\n";
    addColumnMapping(mapping, "men=strength");
    imported = importRoster(scenario, parseRoster(dump, RosterFormat::PgCopy, "r.sql"), mapping, "r.sql");
    BOOST_REQUIRE_EQUAL(imported.units, 2u);
    Scenario after = scenario;
    applyEdit(after, imported.edit);
    BOOST_TEST(after.findUnit(UnitId("p1"))->name == "La Tour d\xC3\xA9\tHaye");
    BOOST_TEST(after.findUnit(UnitId("p1"))->strength == 4200);
    BOOST_TEST(after.findUnit(UnitId("p2"))->name == "Back\\slash");
    BOOST_TEST(after.findUnit(UnitId("p2"))->strength == 0);
}

BOOST_AUTO_TEST_CASE(mapping_errors_name_the_column)
{
    RosterMapping mapping;
    addColumnMapping(mapping, "Regiment=name");
    const auto problems = problemsOf("id,type,formation\nz,infantry,blue-1\n", RosterFormat::Csv, mapping);
    BOOST_REQUIRE_EQUAL(problems.size(), 1u);
    BOOST_TEST(problems[0].find("no column 'Regiment'") != std::string::npos);
    BOOST_CHECK_THROW(addColumnMapping(mapping, "Regiment=colour"), OperationError);
    const auto noType = problemsOf("id,formation\nz,blue-1\n", RosterFormat::Csv);
    BOOST_TEST(mentions(noType, "no column is mapped to 'type'", ""));
}

BOOST_AUTO_TEST_CASE(waterloo_json_with_value_and_template_mapping, *boost::unit_test::precondition(sandtable::test::sharedDataPresent))
{
    // vle-units-french.json: 38 units; types infantry, artillery, LC (light cavalry), HC (heavy cavalry);
    // corps I, II, VI, Guard, ... become formations "french-<corps>" on a new side "french".
    const std::string text = readFile(sandtable::test::sharedData("oob/waterloo_vle/vle-units-french.json"));
    RosterMapping mapping;
    addColumnMapping(mapping, "{army}-{corps}=formation");
    addColumnMapping(mapping, "army=side");
    addValueMapping(mapping, "type:LC=cavalry");
    addValueMapping(mapping, "type:HC=cavalry");
    Scenario s;
    s.settings.id = "waterloo";
    const auto table = parseRoster(text, RosterFormat::Json, "french.json");
    BOOST_TEST(table.rows.size() == 38u);
    const auto imported = importRoster(s, table, mapping, "french.json");
    BOOST_TEST(imported.units == 38u);
    BOOST_TEST(imported.sides == 1u);
    applyEdit(s, imported.edit);
    BOOST_TEST((s.findUnit(UnitId("jaquinot_I"))->type == UnitType::Cavalry));
    BOOST_TEST((s.findUnit(UnitId("deSalles_I"))->type == UnitType::Artillery));
    BOOST_TEST(s.findUnit(UnitId("donzelot_I"))->formation.str() == "french-I");
    // Without the value mapping the light and heavy cavalry rows are unknown types, reported by row.
    RosterMapping plain;
    addColumnMapping(plain, "{army}-{corps}=formation");
    addColumnMapping(plain, "army=side");
    try {
        importRoster(Scenario{}, table, plain, "french.json");
        BOOST_FAIL("LC is not a Pub Battles type");
    } catch (const RosterError& e) {
        // Row 4 of the file is Jaquinot's light cavalry (the fourth object of the array).
        BOOST_TEST(mentions(e.problems(), "row 4", "unknown unit type 'LC'"));
    }
}

BOOST_AUTO_TEST_CASE(antietam_rows_of_acw_battle_data_joined_with_unit_names,
    *boost::unit_test::precondition(sandtable::test::sharedDataPresent))
{
    const auto battleUnits = parseRoster(readFile(sandtable::test::sharedData("oob/acw_battle_data/nps_battle_units.csv")),
        RosterFormat::Csv, "nps_battle_units.csv");
    const auto units = parseRoster(readFile(sandtable::test::sharedData("oob/acw_battle_data/nps_units.csv")),
        RosterFormat::Csv, "nps_units.csv");
    const auto col = [](const RosterTable& t, const char* name) { return static_cast<std::size_t>(t.columnIndex(name)); };
    std::map<std::string, const RosterRow*> byCode;
    for (const auto& row : units.rows)
        byCode[*row.cells[col(units, "unit_code")]] = &row;
    // The join, written as the CSV a designer would feed to `oob import`.
    std::string csv = "unit_code,unit_name,belligerent,func\n";
    std::size_t rows = 0;
    std::vector<std::size_t> emptyFunc;
    for (const auto& row : battleUnits.rows) {
        if (*row.cells[col(battleUnits, "cwsac_id")] != "MD003")
            continue;
        const RosterRow* unit = byCode.at(*row.cells[col(battleUnits, "unit_code")]);
        const std::string func = *unit->cells[col(units, "func")];
        ++rows;
        if (func.empty())
            emptyFunc.push_back(rows);
        csv += *row.cells[col(battleUnits, "unit_code")] + ",\"" + *unit->cells[col(units, "unit_name")] + "\","
            + *row.cells[col(battleUnits, "belligerent")] + "," + func + "\n";
    }
    BOOST_TEST(rows == 309u); // data/README.md: 309 regiment/battery rows for Antietam
    RosterMapping mapping;
    addColumnMapping(mapping, "unit_code=id");
    addColumnMapping(mapping, "unit_name=name");
    addColumnMapping(mapping, "antietam-{belligerent}=formation");
    addColumnMapping(mapping, "belligerent=side");
    addColumnMapping(mapping, "func=type");
    for (const char* v : {"type:I=infantry", "type:C=cavalry", "type:A=artillery", "type:S=detachment"})
        addValueMapping(mapping, v);
    const RosterTable table = parseRoster(csv, RosterFormat::Csv, "antietam.csv");
    // nps_units.csv leaves the function of a few units (legions) empty: those rows are refused by number.
    try {
        importRoster(Scenario{}, table, mapping, "antietam.csv");
        BOOST_FAIL("rows without a type must be refused");
    } catch (const RosterError& e) {
        BOOST_TEST(e.problems().size() == emptyFunc.size());
        for (std::size_t r : emptyFunc)
            BOOST_TEST(mentions(e.problems(), "row " + std::to_string(r) + " (line " + std::to_string(r + 1) + ")", "no unit type"));
    }
    addValueMapping(mapping, "type:=infantry");
    Scenario s;
    const auto imported = importRoster(s, table, mapping, "antietam.csv");
    BOOST_TEST(imported.units == 309u);
    BOOST_TEST(imported.sides == 2u);
    applyEdit(s, imported.edit);
    BOOST_TEST(s.findUnit(UnitId("CAL0006RI"))->name == "6th Regiment, Alabama Infantry");
    BOOST_TEST(s.findUnit(UnitId("CAL0006RI"))->formation.str() == "antietam-Confederate");
    std::size_t union_ = 0;
    for (const auto& u : s.units)
        union_ += u.formation.str() == "antietam-US" ? 1 : 0;
    BOOST_TEST(union_ == 239u); // 239 US rows, 70 Confederate
}

BOOST_AUTO_TEST_SUITE_END()
