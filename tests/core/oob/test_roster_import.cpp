// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../oob/roster_table.hpp and roster_import.hpp: formats, mapping, every bad row named.
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
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
    document::Document document(sandtable::test::smallScenario());
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
    document::applyEdit(after, imported.edit);
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
    BOOST_CHECK_THROW(addColumnMapping(mapping, "Regiment=colour"), util::OperationError);
    const auto noType = problemsOf("id,formation\nz,blue-1\n", RosterFormat::Csv);
    BOOST_TEST(mentions(noType, "no column is mapped to 'type'", ""));
}

BOOST_AUTO_TEST_CASE(waterloo_json_with_value_and_template_mapping)
{
    // vle-units-french.json: 38 units; types infantry, artillery, LC (light cavalry), HC (heavy cavalry);
    // corps I, II, VI, Guard, ... become formations "french-<corps>" on a new side "french".
    const std::string text = io::readFile(sandtable::test::sharedData("oob/waterloo_vle/vle-units-french.json"));
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
    document::applyEdit(s, imported.edit);
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
        // The file's light cavalry are objects 4, 11, 12, 16, 19, 20, 23, 24 and 35 (Jaquinot first), its
        // heavy cavalry 17, 18, 21, 22 and 33: one line each, with the count and the rows.
        BOOST_TEST(e.problems().size() == 2u, joined(e.problems()));
        BOOST_TEST(mentions(e.problems(), "unknown unit type 'LC' in 9 rows: 4, 11, 12, 16, 19, 20, 23, 24, 35 (", "type:LC=TYPE"));
        BOOST_TEST(mentions(e.problems(), "unknown unit type 'HC' in 5 rows: 17, 18, 21, 22, 33 (", ""));
    }
}

BOOST_AUTO_TEST_CASE(antietam_rows_of_acw_battle_data_joined_with_unit_names)
{
    const auto battleUnits = parseRoster(io::readFile(sandtable::test::sharedData("oob/acw_battle_data/nps_battle_units.csv")),
        RosterFormat::Csv, "nps_battle_units.csv");
    const auto units = parseRoster(io::readFile(sandtable::test::sharedData("oob/acw_battle_data/nps_units.csv")),
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
        // One line for all of them: the count and the first ten rows.
        BOOST_REQUIRE(!emptyFunc.empty());
        BOOST_TEST(e.problems().size() == 1u, joined(e.problems()));
        std::string expected;
        if (emptyFunc.size() == 1) {
            expected = "row " + std::to_string(emptyFunc[0]) + " (line " + std::to_string(emptyFunc[0] + 1) + "): no unit type";
        } else {
            expected = "no unit type in " + std::to_string(emptyFunc.size()) + " rows: ";
            for (std::size_t k = 0; k < emptyFunc.size() && k < 10; ++k)
                expected += (k ? ", " : "") + std::to_string(emptyFunc[k]);
            if (emptyFunc.size() > 10)
                expected += ", ...";
        }
        BOOST_TEST(e.problems().at(0) == expected);
    }
    addValueMapping(mapping, "type:=infantry");
    Scenario s;
    const auto imported = importRoster(s, table, mapping, "antietam.csv");
    BOOST_TEST(imported.units == 309u);
    BOOST_TEST(imported.sides == 2u);
    document::applyEdit(s, imported.edit);
    BOOST_TEST(s.findUnit(UnitId("CAL0006RI"))->name == "6th Regiment, Alabama Infantry");
    BOOST_TEST(s.findUnit(UnitId("CAL0006RI"))->formation.str() == "antietam-Confederate");
    std::size_t union_ = 0;
    for (const auto& u : s.units)
        union_ += u.formation.str() == "antietam-US" ? 1 : 0;
    BOOST_TEST(union_ == 239u); // 239 US rows, 70 Confederate
}

BOOST_AUTO_TEST_CASE(a_dotted_path_builds_the_tree_with_formation_rows_and_created_levels)
{
    // Rows 1 and 2 prefix others: formations. Row 1 is typed hq, so it is also III Corps' HQ, named by
    // its commander; row 2 has no type: the division alone. 8eme_Division, I_Corps and 1ere_Division are
    // named by no row: created from the path.
    const std::string csv = "path,name,commander,type,strength,command\n"
                            "France.III_Corps,III Corps,Vandamme,hq,0,4\n"
                            "France.III_Corps.2eme_Division,2e Division,Berthezene,,,\n"
                            "France.III_Corps.2eme_Division.111e_Ligne,111e de Ligne,,infantry,1800,\n"
                            "France.III_Corps.2eme_Division.12e_Leger,12e Leger,,infantry,1500,\n"
                            "France.III_Corps.8eme_Division.23e_Ligne,23e de Ligne,,infantry,1600,\n"
                            "France.I_Corps.1ere_Division.54e_Ligne,54e de Ligne,,infantry,1200,\n";
    RosterMapping mapping;
    addColumnMapping(mapping, "path=path");
    Scenario s;
    const auto imported = importRoster(s, parseRoster(csv, RosterFormat::Csv, "oob.csv"), mapping, "oob.csv");
    BOOST_TEST(imported.sides == 1u);
    BOOST_TEST(imported.formations == 5u);
    BOOST_TEST(imported.units == 5u); // four regiments and Vandamme
    document::applyEdit(s, imported.edit);
    BOOST_REQUIRE_EQUAL(s.sides.size(), 1u);
    BOOST_TEST(s.sides[0].id.str() == "France");
    const Formation* corps = s.findFormation(FormationId("France.III_Corps"));
    const Formation* division = s.findFormation(FormationId("France.III_Corps.2eme_Division"));
    const Formation* created = s.findFormation(FormationId("France.III_Corps.8eme_Division"));
    const Formation* first = s.findFormation(FormationId("France.I_Corps.1ere_Division"));
    BOOST_REQUIRE(corps && division && created && first);
    BOOST_TEST(corps->name == "III Corps");
    BOOST_TEST(!corps->parent.has_value());
    BOOST_TEST(corps->echelon == "corps");
    BOOST_TEST(division->name == "2e Division");
    BOOST_TEST(division->parent->str() == "France.III_Corps");
    BOOST_TEST(division->echelon == "division");
    BOOST_TEST(created->name == "8eme Division");
    BOOST_TEST(first->name == "1ere Division");
    BOOST_TEST(first->parent->str() == "France.I_Corps");
    BOOST_TEST(s.findFormation(FormationId("France.I_Corps"))->name == "I Corps");
    const Unit* hq = s.findUnit(UnitId("France.III_Corps-hq"));
    BOOST_REQUIRE(hq);
    BOOST_TEST(hq->name == "Vandamme");
    BOOST_TEST((hq->type == UnitType::Hq));
    BOOST_TEST(*hq->command == 4);
    BOOST_TEST(hq->formation.str() == "France.III_Corps");
    const Unit* regiment = s.findUnit(UnitId("France.III_Corps.2eme_Division.111e_Ligne"));
    BOOST_REQUIRE(regiment);
    BOOST_TEST(regiment->formation.str() == "France.III_Corps.2eme_Division");
    // Counts per level: 2 corps, 3 divisions; strengths summed: III Corps 1800 + 1500 + 1600.
    std::size_t top = 0, second = 0;
    for (const Formation& f : s.formations)
        (oob::depth(s, f.id) == 0 ? top : second) += 1;
    BOOST_TEST(top == 2u);
    BOOST_TEST(second == 3u);
    BOOST_TEST(oob::strengthOf(s, FormationId("France.III_Corps")).men == 4900);
    BOOST_TEST(oob::strengthOf(s, FormationId("France.I_Corps")).men == 1200);
    BOOST_TEST(oob::commandingHq(s, FormationId("France.III_Corps.8eme_Division"))->id.str() == "France.III_Corps-hq");
}

BOOST_AUTO_TEST_CASE(a_path_with_another_separator_and_a_mapped_side)
{
    const std::string csv = "side,path,type,strength\nus,I/1st/Iron,infantry,1800\nus,I/1st/Stone,infantry,1200\n";
    RosterMapping mapping;
    addColumnMapping(mapping, "path=path");
    mapping.pathSeparator = "/";
    Scenario s;
    const auto imported = importRoster(s, parseRoster(csv, RosterFormat::Csv, "oob.csv"), mapping, "oob.csv");
    document::applyEdit(s, imported.edit);
    BOOST_TEST(imported.formations == 2u); // I and I.1st on side us
    BOOST_TEST(s.findFormation(FormationId("I.1st"))->parent->str() == "I");
    BOOST_TEST(s.findFormation(FormationId("I"))->side.str() == "us");
    BOOST_TEST(s.findUnit(UnitId("I.1st.Stone"))->formation.str() == "I.1st");
}

BOOST_AUTO_TEST_CASE(the_same_problem_on_many_rows_is_one_line_with_its_count)
{
    std::string csv = "name,type,formation,side\nFirst,infantry,blue-1,blue\n";
    for (int i = 2; i <= 12; ++i)
        csv += "Cuir " + std::to_string(i) + ",Cuirassiers,blue-1,blue\n";
    csv += "Odd,infantry,blue-1,blue\n";
    const auto problems = problemsOf(csv, RosterFormat::Csv);
    BOOST_REQUIRE_EQUAL(problems.size(), 1u);
    // Rows 2 to 12: eleven rows, the first ten listed.
    BOOST_TEST(problems[0].rfind("unknown unit type 'Cuirassiers' in 11 rows: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ... (infantry,", 0) == 0,
        problems[0]);
}

BOOST_AUTO_TEST_CASE(a_path_naming_no_formation_is_refused_by_row)
{
    const auto problems = problemsOf("path,type\nFrance.Lone,infantry\nFrance..X.Y,infantry\n", RosterFormat::Csv,
        [] {
            RosterMapping m;
            addColumnMapping(m, "path=path");
            return m;
        }());
    BOOST_TEST(mentions(problems, "row 1 (line 2)", "path 'France.Lone' names no formation above the row"), joined(problems));
    BOOST_TEST(mentions(problems, "row 2 (line 3)", "path 'France..X.Y' has an empty element"), joined(problems));
}

BOOST_AUTO_TEST_CASE(waterloo_through_a_path_template_is_a_three_level_tree)
{
    // vle-units-french.json: 38 units of army "french" in 8 corps. The path "{army}.Armee_du_Nord.{corps}.{id}"
    // makes side french > Armee du Nord > corps > units; freshSP is the strength. I Corps (by hand from the
    // file): De Salles 1, Donzelot 5, Durutte 4, Jaquinot 3, Marcognet 4, Quiot 4 = 21; the army 117, by arm below.
    const std::string text = io::readFile(sandtable::test::sharedData("oob/waterloo_vle/vle-units-french.json"));
    RosterMapping mapping;
    addColumnMapping(mapping, "{army}.Armee_du_Nord.{corps}.{id}=path");
    addColumnMapping(mapping, "freshSP=strength");
    addValueMapping(mapping, "type:LC=cavalry");
    addValueMapping(mapping, "type:HC=cavalry");
    Scenario s;
    const auto imported = importRoster(s, parseRoster(text, RosterFormat::Json, "french.json"), mapping, "french.json");
    BOOST_TEST(imported.units == 38u);
    BOOST_TEST(imported.formations == 9u);
    document::applyEdit(s, imported.edit);
    const FormationId army("french.Armee_du_Nord");
    BOOST_TEST(s.findFormation(army)->name == "Armee du Nord");
    BOOST_TEST(s.findFormation(army)->echelon == "army"); // named by its element
    BOOST_TEST(s.findFormation(FormationId("french.Armee_du_Nord.I"))->echelon == "corps"); // below the army
    BOOST_TEST(oob::children(s, army).size() == 8u);
    BOOST_TEST(oob::depth(s, FormationId("french.Armee_du_Nord.I")) == 1u);
    // By arm (type in the file: infantry men; artillery guns; LC and HC, mapped to cavalry, sabres): I Corps
    // Donzelot 5 + Durutte 4 + Marcognet 4 + Quiot 4 = 17, De Salles 1, Jaquinot 3; the army's 117 SP are
    // infantry 68, artillery 8, LC 25 + HC 16 = 41.
    BOOST_TEST((oob::strengthOf(s, FormationId("french.Armee_du_Nord.I")) == oob::ArmStrength{17, 1, 3}));
    BOOST_TEST((oob::strengthOf(s, army) == oob::ArmStrength{68, 8, 41}));
    // The file has an id column: the units keep their ids.
    BOOST_REQUIRE(s.findUnit(UnitId("jaquinot_I")));
    BOOST_TEST(s.findUnit(UnitId("jaquinot_I"))->formation.str() == "french.Armee_du_Nord.I");
}

BOOST_AUTO_TEST_CASE(id_parent_pairs_build_the_tree_and_a_cycle_is_refused)
{
    // army and c1 are parents: formations, and typed hq their HQs. Strength of the army: 1800 + 1200 + 500.
    const std::string csv = "id,parent,name,type,strength,side\n"
                            "army,,Army,hq,0,blue\n"
                            "c1,army,I Corps,hq,0,blue\n"
                            "r1,c1,Iron,infantry,1800,blue\n"
                            "r2,c1,Stone,infantry,1200,blue\n"
                            "r3,army,Guard,infantry,500,blue\n";
    RosterMapping mapping;
    addColumnMapping(mapping, "parent=parent");
    Scenario s;
    const auto imported = importRoster(s, parseRoster(csv, RosterFormat::Csv, "oob.csv"), mapping, "oob.csv");
    BOOST_TEST(imported.formations == 2u);
    BOOST_TEST(imported.units == 5u);
    document::applyEdit(s, imported.edit);
    BOOST_TEST(!s.findFormation(FormationId("army"))->parent.has_value());
    BOOST_TEST(s.findFormation(FormationId("c1"))->parent->str() == "army");
    BOOST_TEST(s.findFormation(FormationId("c1"))->name == "I Corps");
    BOOST_TEST(s.findUnit(UnitId("r3"))->formation.str() == "army");
    BOOST_TEST(oob::hqOf(s, FormationId("c1"))->id.str() == "c1");
    BOOST_TEST((oob::strengthOf(s, FormationId("army")) == oob::ArmStrength{3500, 0, 0}));

    const auto problems = problemsOf("id,parent,type,side\na,b,hq,blue\nb,a,hq,blue\nx,ghost,infantry,blue\n",
        RosterFormat::Csv, mapping);
    BOOST_TEST(mentions(problems, "row 1 (line 2)", "the parent links form a cycle (a > b > a)"), joined(problems));
    BOOST_TEST(mentions(problems, "row 3 (line 4)", "parent 'ghost' is neither the id of a row nor a formation"), joined(problems));
}

BOOST_AUTO_TEST_CASE(syw_figures_come_from_a_figures_text_and_count_columns)
{
    // Row 1: the text alone; row 2: a count column per kind; row 3: both add up; strength given wins.
    const std::string csv = "id,type,formation,figures,grenadiers,officers,strength\n"
                            "r1,infantry,blue-1,22 fusiliers + 2 standard bearers + 1 officer,,,\n"
                            "r2,infantry,blue-1,,24,1,\n"
                            "r3,infantry,blue-1,10 musketeers,2,1,40\n";
    RosterMapping mapping;
    for (const char* text : {"figures=figures", "grenadiers=grenadiers", "officers=officers"})
        addColumnMapping(mapping, text);
    document::Document document(sandtable::test::smallScenario());
    RosterImport imported = importRoster(document.scenario(), parseRoster(csv, RosterFormat::Csv, "syw.csv"), mapping, "syw.csv");
    document.apply(std::move(imported.edit));
    const Unit* r1 = document.scenario().findUnit(UnitId("r1"));
    const Unit* r2 = document.scenario().findUnit(UnitId("r2"));
    const Unit* r3 = document.scenario().findUnit(UnitId("r3"));
    BOOST_REQUIRE(r1 && r2 && r3 && r1->figures && r2->figures && r3->figures);
    BOOST_TEST(r1->figures->musketeers == 22);
    BOOST_TEST(r1->figures->musicians == 2);
    BOOST_TEST(r1->figures->officers == 1);
    BOOST_TEST(r1->strength == 25);
    BOOST_TEST(r2->figures->grenadiers == 24);
    BOOST_TEST(r2->strength == 25);
    BOOST_TEST(r3->figures->musketeers == 10);
    BOOST_TEST(r3->figures->grenadiers == 2);
    BOOST_TEST(r3->strength == 40);
}

BOOST_AUTO_TEST_CASE(an_unknown_figure_kind_is_one_grouped_problem_and_nothing_is_imported)
{
    const std::string csv = "id,type,formation,figures\n"
                            "j1,infantry,blue-1,12 Jaeger + 1 officer\n"
                            "j2,infantry,blue-1,12 Jaeger + 1 officer\n"
                            "j3,infantry,blue-1,12 Jaeger + 1 officer\n"
                            "ok,infantry,blue-1,24 musketeers + 1 officer\n";
    RosterMapping mapping;
    addColumnMapping(mapping, "figures=figures");
    const auto problems = problemsOf(csv, RosterFormat::Csv, mapping);
    BOOST_TEST_INFO(joined(problems));
    BOOST_REQUIRE(problems.size() == 1u);
    BOOST_TEST(problems[0].rfind("unknown figure kind 'Jaeger' in 3 rows: 1, 2, 3", 0) == 0u);
    BOOST_TEST(problems[0].find("kinds: musketeers, grenadiers") != std::string::npos);
}

// Issue 43, item 3: a real-shaped Napoleonic order of battle as dotted paths (tests/data/roster/napoleonic_path.csv).
// Worked out by hand from the file:
//   France, II Corps: men 5e Division 1500 + 1000 + 1200 + 1300 = 5000, Corps de Bataille 2000 + 2400 + 2500 =
//     6900, the train company 60 and the sappers 40: 12000; guns six batteries of 8 = 48 (two of them,
//     Reserve Battery 12pdr and Horse Battery 4, rows with rows under them); sabres 500 + 500 = 1000. The
//     army adds its HQ (0): the same. Before: the two batteries' 16 guns vanished and the line read 13032.
//   Prussia, I Korps: men 2400 + 2400 + 2500 = 7300, guns 8, sabres (dragoons) 600.
//   Units: one per row but the untyped formation rows: France 23 rows less Corps Artillery's = 22, Prussia
//   11 rows less Reserve Artillerie's = 10; 32.
//   Formations: France 8, Prussia 6; levels by place: Corps Artillery, Corps Cavalry, Corps de Bataille under
//   II Corps are divisions; IV Korps under I Korps is a division with a finding; Reserve Artillerie's echelon
//   column says corps: a corps under a corps, kept, with a finding.
BOOST_AUTO_TEST_CASE(a_napoleonic_order_of_battle_keeps_every_gun_and_every_level)
{
    const std::string file = sandtable::test::projectData("roster/napoleonic_path.csv").string();
    RosterMapping mapping;
    addColumnMapping(mapping, "path=path");
    Scenario s;
    s.settings.system = GameSystem::PubBattles;
    const auto imported = importRoster(s, parseRoster(io::readFile(file), RosterFormat::Csv, file), mapping, file);
    BOOST_TEST(imported.sides == 2u);
    BOOST_TEST(imported.formations == 14u);
    BOOST_TEST(imported.units == 32u);
    document::applyEdit(s, imported.edit);

    const std::string corps = "France.Armee_du_Nord.II_Corps";
    BOOST_TEST((oob::strengthOf(s, FormationId(corps)) == oob::ArmStrength{12000, 48, 1000}));
    BOOST_TEST((oob::strengthOf(s, FormationId("France.Armee_du_Nord")) == oob::ArmStrength{12000, 48, 1000}));
    BOOST_TEST((oob::strengthOf(s, FormationId("Prussia.I_Korps")) == oob::ArmStrength{7300, 8, 600}));
    BOOST_TEST(oob::strengthText(oob::strengthOf(s, FormationId(corps))) == "12000 men, 48 guns, 1000 sabres");

    // The battery with rows under it: a formation, and a unit of it keeping its 8 guns.
    const std::string battery = corps + ".Corps_Artillery.Reserve_Battery_12pdr";
    const Formation* batteryFormation = s.findFormation(FormationId(battery));
    BOOST_REQUIRE(batteryFormation);
    BOOST_TEST(batteryFormation->name == "Reserve Battery 12pdr");
    const Unit* guns = s.findUnit(UnitId(battery + "-artillery"));
    BOOST_REQUIRE(guns);
    BOOST_TEST(guns->strength == 8);
    BOOST_TEST((guns->type == UnitType::Artillery));
    BOOST_TEST(guns->formation.str() == battery);
    BOOST_TEST(guns->name == "Reserve Battery 12pdr");
    BOOST_TEST((oob::strengthOf(s, FormationId(battery)) == oob::ArmStrength{60, 8, 0}));

    // Levels from the place in the tree unless the file says it.
    const auto echelon = [&](const std::string& id) {
        const Formation* f = s.findFormation(FormationId(id));
        return f ? f->echelon : std::string("(missing)");
    };
    BOOST_TEST(echelon("France.Armee_du_Nord") == "army");
    BOOST_TEST(echelon(corps) == "corps");
    BOOST_TEST(echelon(corps + ".5e_Division") == "division");
    BOOST_TEST(echelon(corps + ".Corps_de_Bataille") == "division");
    BOOST_TEST(echelon(corps + ".Corps_Cavalry") == "division");
    BOOST_TEST(echelon(corps + ".Corps_Artillery") == "division");
    BOOST_TEST(echelon(battery) == "brigade");
    BOOST_TEST(echelon("Prussia.I_Korps") == "corps");
    BOOST_TEST(echelon("Prussia.I_Korps.1_Brigade") == "brigade");
    BOOST_TEST(echelon("Prussia.I_Korps.Reserve_Kavallerie") == "division");
    BOOST_TEST(echelon("Prussia.I_Korps.IV_Korps") == "division");
    BOOST_TEST(echelon("Prussia.I_Korps.IV_Korps.15_Brigade") == "brigade");
    BOOST_TEST(echelon("Prussia.I_Korps.Reserve_Artillerie") == "corps");

    // Names: formations and units alike by their own element, never the whole path; HQs by their commander.
    BOOST_TEST(s.findFormation(FormationId(corps))->name == "II Corps");
    BOOST_TEST(s.findFormation(FormationId(corps + ".Corps_de_Bataille"))->name == "Corps de Bataille");
    BOOST_TEST(s.findUnit(UnitId(corps + ".5e_Division.2e_Leger"))->name == "2e Leger");
    BOOST_TEST(s.findUnit(UnitId("Prussia.I_Korps.Reserve_Kavallerie.Brandenburg_Dragoons"))->name == "Brandenburg Dragoons");
    BOOST_TEST(s.findUnit(UnitId(corps + "-hq"))->name == "Reille");
    for (const Unit& u : s.units)
        BOOST_TEST(u.name.find('.') == std::string::npos, u.id.str() + ": " + u.name);

    // Findings: the two batteries kept (rows 19 and 21), the corps under a corps twice; no HQ missing
    // (Corps Artillery and the batteries answer to II Corps' HQ, Reserve Artillerie to I Korps').
    std::map<std::string, std::vector<std::string>> byCode;
    for (const validation::Diagnostic& d : imported.findings)
        byCode[d.code].push_back(d.path + ": " + d.message);
    BOOST_REQUIRE_EQUAL(byCode["oob.import.attached_strength"].size(), 2u);
    BOOST_TEST(byCode["oob.import.attached_strength"][0].rfind("row 19 (line 20): 'Reserve Battery 12pdr' has rows under it and a strength of its own (8 guns)", 0) == 0,
        byCode["oob.import.attached_strength"][0]);
    BOOST_TEST(byCode["oob.import.attached_strength"][1].rfind("row 21 (line 22): 'Horse Battery 4'", 0) == 0);
    BOOST_REQUIRE_EQUAL(byCode["oob.import.echelon"].size(), 2u);
    BOOST_TEST(byCode["oob.import.echelon"][0].rfind("row 30 (line 31): 'IV Korps' is named like a corps but sits directly under the corps 'I Korps'", 0) == 0,
        byCode["oob.import.echelon"][0]);
    BOOST_TEST(byCode["oob.import.echelon"][1].rfind("row 33 (line 34): 'Reserve Artillerie' is a corps directly under the corps 'I Korps'", 0) == 0,
        byCode["oob.import.echelon"][1]);
    BOOST_TEST(byCode.count("oob.import.no_hq") == 0u);
    BOOST_TEST(imported.findings.size() == 4u);
}

// Issue 43, item 5: a plain unit list (no HQ rows) as Excel saves it, three comma-only lines at the end.
BOOST_AUTO_TEST_CASE(a_unit_list_without_hqs_imports_with_a_finding_per_formation)
{
    const std::string file = sandtable::test::projectData("roster/unit_list_without_hqs.csv").string();
    const RosterTable table = parseRoster(io::readFile(file), RosterFormat::Csv, file);
    BOOST_TEST(table.rows.size() == 4u); // 4 units; the 3 lines of commas are no rows
    Scenario s;
    s.settings.system = GameSystem::PubBattles;
    const auto imported = importRoster(s, table, {}, file);
    BOOST_TEST(imported.units == 4u);
    BOOST_TEST(imported.formations == 2u);
    document::applyEdit(s, imported.edit);
    // "prussia-9th-brigade" on side Prussia: a brigade named "9th Brigade".
    const Formation* ninth = s.findFormation(FormationId("prussia-9th-brigade"));
    BOOST_REQUIRE(ninth);
    BOOST_TEST(ninth->name == "9th Brigade");
    BOOST_TEST(ninth->echelon == "brigade");
    BOOST_TEST(s.findFormation(FormationId("prussia-10th-brigade"))->name == "10th Brigade");
    BOOST_REQUIRE_EQUAL(imported.findings.size(), 2u);
    BOOST_TEST(imported.findings[0].code == "oob.import.no_hq");
    BOOST_TEST((imported.findings[0].severity == validation::Severity::Warning));
    BOOST_TEST(imported.findings[0].path == "/formations/0");
    BOOST_TEST(imported.findings[0].message.rfind("formation 'prussia-9th-brigade' (Prussia > 9th Brigade) has no HQ yet", 0) == 0,
        imported.findings[0].message);
    BOOST_TEST(imported.findings[1].path == "/formations/1");
    // 800 + 800 men and 8 guns in the 9th; 300 sabres in the 10th.
    BOOST_TEST((oob::strengthOf(s, FormationId("prussia-9th-brigade")) == oob::ArmStrength{1600, 8, 0}));
    BOOST_TEST((oob::strengthOf(s, FormationId("prussia-10th-brigade")) == oob::ArmStrength{0, 0, 300}));
}

BOOST_AUTO_TEST_CASE(blank_spreadsheet_rows_are_no_rows_but_a_quoted_empty_row_is_one)
{
    const RosterTable csv = parseRoster("name,type,formation\nA,infantry,f\n,,\n\nB,infantry,f\n , ,\n,,\n,,\n", RosterFormat::Csv, "r.csv");
    BOOST_REQUIRE_EQUAL(csv.rows.size(), 2u);
    BOOST_TEST(csv.rows[1].number == 2u);
    BOOST_TEST(csv.rows[1].line == 5u); // lines still count the skipped ones
    const RosterTable tsv = parseRoster("name\ttype\tformation\nA\tinfantry\tf\n\t\t\n", RosterFormat::Tsv, "r.tsv");
    BOOST_TEST(tsv.rows.size() == 1u);
    // A used range wider than the data: the unnamed, blank columns at the end are no columns; an unnamed
    // column with a value is still refused.
    const RosterTable wide = parseRoster("name,type,formation,,\r\nA,infantry,f,,\r\nB,infantry,f,,\r\n,,,,\r\n", RosterFormat::Csv, "r.csv");
    BOOST_TEST(wide.columns.size() == 3u);
    BOOST_TEST(wide.rows.size() == 2u);
    BOOST_TEST(wide.rows[1].cells.size() == 3u);
    BOOST_CHECK_THROW(parseRoster("name,type,formation,\nA,infantry,f,x\n", RosterFormat::Csv, "r.csv"), RosterError);
    // "" is a value written on purpose: a row (with no type, said so).
    const auto problems = problemsOf("name,type,formation\n\"\",,\n", RosterFormat::Csv);
    BOOST_TEST(mentions(problems, "row 1 (line 2)", "no unit type"), joined(problems));
}

// A formation row's own strength that its rows may total: said, never silently lost nor counted twice unsaid.
BOOST_AUTO_TEST_CASE(a_formation_rows_own_strength_is_weighed_against_the_rows_under_it)
{
    // II Corps: no type, 3000 = 1800 + 1200 (the rows' total): info. III Corps: no type, 5000 against the
    // rows' 2000 men and 8 guns: warning, not imported. Battery A: artillery 8 over two sections of 4 guns:
    // kept as a unit, a warning that the rows add up to the same 8 (the corps then counts 16 guns).
    const std::string csv = "path,type,strength\n"
                            "F.II_Corps,,3000\n"
                            "F.II_Corps.Iron,infantry,1800\n"
                            "F.II_Corps.Stone,infantry,1200\n"
                            "F.III_Corps,,5000\n"
                            "F.III_Corps.Oak,infantry,2000\n"
                            "F.III_Corps.Battery_A,artillery,8\n"
                            "F.III_Corps.Battery_A.Left,artillery,4\n"
                            "F.III_Corps.Battery_A.Right,artillery,4\n";
    RosterMapping mapping;
    addColumnMapping(mapping, "path=path");
    Scenario s;
    s.settings.system = GameSystem::SywMiniatures; // no HQ rule: only the strength findings
    const auto imported = importRoster(s, parseRoster(csv, RosterFormat::Csv, "oob.csv"), mapping, "oob.csv");
    document::applyEdit(s, imported.edit);
    BOOST_REQUIRE_EQUAL(imported.findings.size(), 3u);
    BOOST_TEST(imported.findings[0].code == "oob.import.untyped_strength");
    BOOST_TEST((imported.findings[0].severity == validation::Severity::Info));
    BOOST_TEST(imported.findings[0].path == "row 1 (line 2)");
    BOOST_TEST(imported.findings[1].code == "oob.import.untyped_strength");
    BOOST_TEST((imported.findings[1].severity == validation::Severity::Warning));
    BOOST_TEST(imported.findings[1].message == "'III Corps' has rows under it and a strength (5000) but no type: a formation alone, its 5000 not "
                                               "imported (the rows under it hold 2000 men, 16 guns); give the row a type to keep it as a unit of the formation",
        imported.findings[1].message);
    BOOST_TEST(imported.findings[2].code == "oob.import.attached_strength");
    BOOST_TEST((imported.findings[2].severity == validation::Severity::Warning));
    BOOST_TEST(imported.findings[2].path == "row 6 (line 7)");
    BOOST_TEST((oob::strengthOf(s, FormationId("F.II_Corps")) == oob::ArmStrength{3000, 0, 0}));
    BOOST_TEST((oob::strengthOf(s, FormationId("F.III_Corps")) == oob::ArmStrength{2000, 16, 0}));
}

BOOST_AUTO_TEST_SUITE_END()
