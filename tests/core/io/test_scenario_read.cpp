// SPDX-License-Identifier: GPL-3.0-or-later
// Reading scenario documents: one RapidJSON parse, valijson on that tree, the model from it. The model
// equals the one read from nlohmann's reading of the same text written out again (an independent parse);
// numbers are the doubles strtod reads; schema findings carry a specific code and name field, expected
// and found.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/diagnostic.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace sandtable::core;
namespace fs = std::filesystem;

namespace {

/// readScenarioText against nlohmann's parse of the same text, written out by nlohmann again (every double
/// in a form that reads back to it, every string unescaped and escaped again, a name given twice once with
/// its last value) and read: the same model.
bool sameAsNlohmann(const std::string& text, const std::string& name)
{
    const ValidationReport report = readScenarioText(text, name);
    if (!report.scenario) {
        BOOST_ERROR(name << ": refused: " << (report.diagnostics.empty() ? "" : report.diagnostics.front().message));
        return false;
    }
    const ValidationReport nlohmannRead = readScenarioText(nlohmann::ordered_json::parse(text).dump(2), name);
    BOOST_TEST_REQUIRE(nlohmannRead.scenario.has_value(), name);
    const Scenario& other = *nlohmannRead.scenario;
    BOOST_TEST((*report.scenario == other), name << ": RapidJSON and nlohmann read different scenarios");
    BOOST_TEST(serializeScenario(*report.scenario) == serializeScenario(other), name);
    return *report.scenario == other;
}

std::vector<fs::path> jsonFilesUnder(const fs::path& folder)
{
    std::vector<fs::path> out;
    if (!fs::exists(folder))
        return out;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        if (entry.is_regular_file())
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

/// A valid document whose terrain has every geometry kind, holes, attributes and odd but valid numbers.
std::string richDocument()
{
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(serializeScenario(sandtable::test::smallScenario()));
    nlohmann::ordered_json terrain = j["terrain"];
    terrain.push_back({{"id", "mp"}, {"class", "woods"}, {"name", "Twin \u00e9 woods \xF0\x9F\x8C\xB2"},
        {"geometry", {{"type", "MultiPolygon"}, {"coordinates", {{{{300100, 4400100}, {300200, 4400100}, {300200, 4400200}, {300100, 4400100}}},
                                                                  {{{300300, 4400300}, {300400, 4400300}, {300400, 4400400}, {300300, 4400300}},
                                                                   {{300320, 4400320}, {300330, 4400320}, {300330, 4400330}, {300320, 4400320}}}}}}},
        {"attributes", {{"note", "z first"}, {"dense", true}}}});
    terrain.push_back({{"id", "ml"}, {"class", "road"}, {"geometry", {{"type", "MultiLineString"}, {"coordinates", {{{300000.5, 4400000.25}, {300010, 4400010}}, {{300020, 4400020}, {300030.125, 4400030}}}}}},
        {"attributes", {{"grade", "minor"}}}});
    terrain.push_back({{"id", "pt"}, {"class", "bridge"}, {"geometry", {{"type", "Point"}, {"coordinates", {300005, 4400005}}}}});
    terrain.push_back({{"id", "mpt"}, {"class", "ford"}, {"geometry", {{"type", "MultiPoint"}, {"coordinates", {{300006, 4400006}, {300007, 4400007}}}}}});
    j["terrain"] = terrain;
    std::string text = j.dump(2);
    // Numbers and strings as other writers spell them.
    const auto replace = [&](const std::string& from, const std::string& to) {
        const auto at = text.find(from);
        BOOST_TEST_REQUIRE(at != std::string::npos, from);
        text.replace(at, from.size(), to);
    };
    replace("300005,", "3.00005e5,");
    replace("4400006", "4.400006E+6");
    replace("300000.5", "300000.50000000000000000001");
    replace("4400000.25", "4400000.2500000000000000000000000000000000000001");
    replace("\"z first\"", "\"z \\\"first\\\" \\u00e9\\ud83d\\ude00 \\/ \\t\"");
    return text;
}

/// valijson's verdict with the whole schema on nlohmann's tree: the oracle for the reader's verdicts.
bool wholeSchemaAccepts(const nlohmann::json& document)
{
    static const nlohmann::json schemaDocument = nlohmann::json::parse(scenarioSchemaText());
    static valijson::Schema schema;
    static const bool parsed = [] {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(schemaDocument);
        parser.populateSchema(adapter, schema);
        return true;
    }();
    (void)parsed;
    valijson::Validator validator;
    valijson::adapters::NlohmannJsonAdapter adapter(document);
    return validator.validate(schema, adapter, nullptr);
}

/// The small scenario's text with `from` (which must occur) replaced by `to`.
std::string smallWith(const std::string& from, const std::string& to)
{
    std::string text = serializeScenario(sandtable::test::smallScenario());
    const auto at = text.find(from);
    BOOST_TEST_REQUIRE(at != std::string::npos, from);
    return text.replace(at, from.size(), to);
}

/// The schema findings of a document (readScenarioText's diagnostics, which must refuse it).
Diagnostics findings(const std::string& text)
{
    const ValidationReport report = readScenarioText(text, "case.json");
    BOOST_TEST(!report.scenario.has_value());
    return report.diagnostics;
}

} // namespace

BOOST_AUTO_TEST_SUITE(io_scenario_read)

BOOST_AUTO_TEST_CASE(examples_and_fixtures_read_as_nlohmann_reads_them)
{
    int read = 0;
    for (const fs::path& file : jsonFilesUnder(sandtable::test::sourceDir() / "examples")) {
        if (file.string().find(".sandtable.json") == std::string::npos)
            continue;
        BOOST_TEST(sameAsNlohmann(readFile(file), file.string()));
        ++read;
    }
    BOOST_TEST(read >= 4);
    BOOST_TEST(sameAsNlohmann(serializeScenario(sandtable::test::smallScenario()), "small"));
    BOOST_TEST(sameAsNlohmann(richDocument(), "rich"));
}

BOOST_AUTO_TEST_CASE(a_saved_document_reads_back_to_the_same_bytes)
{
    const std::string text = serializeScenario(sandtable::test::smallScenario());
    const ValidationReport report = readScenarioText(text, "small");
    BOOST_TEST_REQUIRE(report.scenario.has_value());
    BOOST_TEST(serializeScenario(*report.scenario) == text);
    const ValidationReport rich = readScenarioText(richDocument(), "rich");
    BOOST_TEST_REQUIRE(rich.scenario.has_value());
    const std::string once = serializeScenario(*rich.scenario);
    const ValidationReport again = readScenarioText(once, "rich again");
    BOOST_TEST_REQUIRE(again.scenario.has_value());
    BOOST_TEST(serializeScenario(*again.scenario) == once);
}

BOOST_AUTO_TEST_CASE(bad_json_is_refused_naming_line_and_column)
{
    const std::string good = serializeScenario(sandtable::test::smallScenario());
    // Line 3 of the small scenario's text starts with two spaces; the stray comma after them is column 3.
    std::string text = good;
    const auto secondLine = text.find('\n', text.find('\n') + 1);
    text.insert(secondLine + 3, ",");
    const Diagnostics d = findings(text);
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "format.invalid");
    BOOST_TEST(d[0].message.find("line 3, column 3") != std::string::npos, d[0].message);
    BOOST_CHECK_THROW(parseScenario(text, "case.json"), FormatError);
    // Trailing bytes, a number out of double's range, bad UTF-8, a lone surrogate, a control character.
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"trailing", good + " x"},
        {"overflow", std::string(good).replace(good.find("16000.0"), 7, "1e999")},
        {"utf8", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\xC3\x28")},
        {"surrogate", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\\ud800")},
        {"control", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\x01")},
    };
    for (const auto& [name, bad] : cases) {
        const Diagnostics e = findings(bad);
        BOOST_TEST_REQUIRE(e.size() == 1u, name);
        BOOST_TEST(e[0].code == "format.invalid", name);
        BOOST_TEST(e[0].message.find("not valid JSON") != std::string::npos, name << ": " << e[0].message);
    }
}

BOOST_AUTO_TEST_CASE(a_name_given_twice_means_its_last_value_where_the_schema_allows_it)
{
    // In free attributes the last value counts, as nlohmann reads it.
    const std::string text = smallWith("\"attributes\": {}", "\"attributes\": {\"note\": \"a\", \"note\": \"b\"}");
    BOOST_TEST(sameAsNlohmann(text, "twice in attributes"));
    const ValidationReport report = readScenarioText(text, "twice");
    BOOST_TEST_REQUIRE(report.scenario.has_value());
    BOOST_TEST(report.scenario->terrain.at(0).attributes.at("note").asString() == "b");
    // In an object whose members the schema lists (additionalProperties false), valijson counts the
    // second one as a member it does not know: refused, naming the object.
    const Diagnostics d = findings(smallWith("\"name\": \"Test wood\"", "\"name\": \"First\", \"name\": \"Test wood\""));
    BOOST_TEST_REQUIRE(!d.empty());
    BOOST_TEST(d[0].code == "schema.unknown_field");
    BOOST_TEST(d[0].path == "/terrain/0");
}

BOOST_AUTO_TEST_CASE(a_byte_order_mark_is_read_as_nlohmann_reads_it)
{
    const std::string good = serializeScenario(sandtable::test::smallScenario());
    BOOST_TEST(sameAsNlohmann("\xEF\xBB\xBF" + good, "bom"));
}

BOOST_AUTO_TEST_CASE(schema_findings_name_the_field_what_was_expected_and_what_was_found)
{
    // A unit without its required "name": schema.required naming the field, at the unit.
    Diagnostics d = findings(smallWith("\"name\": \"I Corps HQ\",", ""));
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "schema.required");
    BOOST_TEST(d[0].path == "/units/0");
    BOOST_TEST(d[0].message == "the required field 'name' is missing");
    // A strength written as text: schema.type, expected an integer, found a string.
    d = findings(smallWith("\"strength\": 4000", "\"strength\": \"four\""));
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "schema.type");
    BOOST_TEST(d[0].path == "/units/1/strength");
    BOOST_TEST(d[0].message == "'strength': expected an integer, found a string ('four')");
    // An unknown unit type: schema.enum listing the allowed values.
    d = findings(smallWith("\"type\": \"infantry\"", "\"type\": \"Cuirassiers\""));
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "schema.enum");
    BOOST_TEST(d[0].message == "'type': 'Cuirassiers' is not one of the allowed values ('infantry', 'detachment', "
                               "'artillery', 'cavalry', 'dragoons', 'baggage-train', 'hq')");
    // A field the schema does not know, at the top level.
    d = findings(smallWith("\"title\":", "\"titel\": \"x\", \"title\":"));
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "schema.unknown_field");
    BOOST_TEST(d[0].message == "the field 'titel' is not allowed at the top level");
    // A command rating of 9 (the schema allows 1 to 6): schema.range at the rating.
    d = findings(smallWith("\"command\": 4", "\"command\": 9"));
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "schema.range");
    BOOST_TEST(d[0].path == "/units/0/command");
    // Two defects: two findings, one each.
    d = findings(smallWith("\"type\": \"infantry\"", "\"type\": \"Cuirassiers\", \"strength2\": 1"));
    BOOST_TEST(d.size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_newer_version_is_refused_with_its_own_code)
{
    const Diagnostics d = findings(smallWith("\"version\": 1", "\"version\": 2"));
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "format.version");
    BOOST_TEST(d[0].message.find("newer than this sandtable reads") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(numbers_read_as_strtod_reads_them)
{
    // Random decimal spellings of coordinates: RapidJSON (full precision) must give the doubles strtod gives.
    std::mt19937_64 random(20261130);
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(serializeScenario(sandtable::test::smallScenario()));
    std::string text = j.dump();
    const std::string marker = "\"extent\":[";
    const auto at = text.find(marker);
    BOOST_TEST_REQUIRE(at != std::string::npos);
    const auto close = text.find(']', at);
    for (int round = 0; round < 300; ++round) {
        std::string numbers;
        for (int k = 0; k < 4; ++k) {
            const int digits = 1 + static_cast<int>(random() % 25);
            std::string n = (random() % 4 == 0) ? "-" : "";
            const std::size_t sign = n.size();
            n += std::to_string(1 + random() % 9);
            for (int d = 1; d < digits; ++d)
                n += static_cast<char>('0' + random() % 10);
            if (random() % 2 && digits > 1)
                n.insert(sign + 1 + random() % static_cast<unsigned>(digits - 1), ".");
            if (random() % 3 == 0)
                n += (random() % 2 ? "e" : "E") + std::string(random() % 2 ? "-" : "+") + std::to_string(random() % 30);
            numbers += (k ? "," : "") + n;
        }
        std::string variant = text;
        variant.replace(at + marker.size(), close - at - marker.size(), numbers);
        // The extent may come out inverted (a rule finding, not a schema one): the model is what matters.
        BOOST_TEST(sameAsNlohmann(variant, "extent [" + numbers + "]"));
        const ValidationReport read = readScenarioText(variant, "n");
        BOOST_TEST_REQUIRE(read.scenario.has_value(), numbers);
        const auto e = *read.scenario->settings.extent;
        std::size_t pos = 0;
        for (double got : {e.minX, e.minY, e.maxX, e.maxY}) {
            const std::size_t comma = numbers.find(',', pos);
            const std::string one = numbers.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
            BOOST_TEST(got == std::strtod(one.c_str(), nullptr), one);
            pos = comma + 1;
        }
    }
}

BOOST_AUTO_TEST_CASE(schema_verdicts_are_valijsons_on_mutated_documents)
{
    // Random single edits of valid documents (a value swapped for another of any type, a member dropped or
    // added, an array item dropped or duplicated): the reader accepts exactly what valijson accepts with the
    // whole schema (checked here independently of the reader: nlohmann's tree through valijson's nlohmann
    // adapter). Half the edits land in the terrain's coordinates, which the reader checks as it reads them.
    std::vector<nlohmann::json> bases;
    bases.push_back(nlohmann::json::parse(serializeScenario(sandtable::test::smallScenario())));
    bases.push_back(nlohmann::json::parse(richDocument()));
    for (const fs::path& file : jsonFilesUnder(sandtable::test::sourceDir() / "examples"))
        if (file.string().find(".sandtable.json") != std::string::npos)
            bases.push_back(nlohmann::json::parse(readFile(file)));
    const std::vector<nlohmann::json> replacements = {nullptr, true, false, 0, 1, -1, 2, 7, 20, 21, 1.5, -0.0, 1e9, 4400000.5,
        "", "x", "hill", "Point", "Polygon", "night", "EPSG:32618", "2024-01-01", "1863-07", "C4", "0304", "3.4", "12:30", "a b",
        std::string(600, 'x'), "\u00e9\u00e9", nlohmann::json::array(), nlohmann::json::array({1, 2}),
        nlohmann::json::array({300000.0, 4400000.0}), nlohmann::json::object(), nlohmann::json{{"level", 2}},
        nlohmann::json{{"x", 1}}};
    std::mt19937_64 random(8);
    int decided = 0, agreed = 0, invalid = 0;
    for (int round = 0; round < 3000; ++round) {
        nlohmann::json doc = bases[random() % bases.size()];
        // Walk to a random node.
        nlohmann::json* node = &doc;
        nlohmann::json* parent = nullptr;
        std::string key;
        std::size_t index = 0;
        int depth = 1 + static_cast<int>(random() % 7);
        if (random() % 2 && doc.contains("terrain") && !doc["terrain"].empty()) {
            nlohmann::json& terrain = doc["terrain"];
            index = random() % terrain.size();
            parent = &terrain[index]["geometry"];
            key = "coordinates";
            node = &(*parent)["coordinates"];
            depth = static_cast<int>(random() % 4);
        }
        for (int d = 0; d < depth; ++d) {
            if (node->is_object() && !node->empty()) {
                auto it = node->begin();
                std::advance(it, static_cast<long>(random() % node->size()));
                parent = node, key = it.key();
                node = &it.value();
            } else if (node->is_array() && !node->empty()) {
                parent = node, index = random() % node->size(), key.clear();
                node = &(*node)[index];
            } else {
                break;
            }
        }
        switch (random() % 5) {
        case 0:
        case 1: *node = replacements[random() % replacements.size()]; break;
        case 2:
            if (parent && parent->is_object())
                parent->erase(key);
            else if (parent && parent->is_array())
                parent->erase(index);
            break;
        case 3:
            if (node->is_object())
                (*node)["extra_" + std::to_string(random() % 3)] = replacements[random() % replacements.size()];
            else if (node->is_array())
                node->push_back(node->empty() ? replacements[random() % replacements.size()] : node->back());
            break;
        default:
            if (parent && parent->is_array() && !parent->empty())
                parent->push_back((*parent)[index]);
            break;
        }
        const std::string text = doc.dump();
        const ValidationReport report = readScenarioText(text, "mutated");
        const bool valijson = wholeSchemaAccepts(doc);
        invalid += valijson ? 0 : 1;
        ++decided;
        const bool same = report.scenario.has_value() == valijson;
        agreed += same ? 1 : 0;
        BOOST_TEST(same, "round " << round << ": reader " << report.scenario.has_value() << " ("
                                   << (report.diagnostics.empty() ? "" : report.diagnostics.front().message) << "), valijson "
                                   << valijson << ": " << text.substr(0, 400));
        if (!report.scenario)
            BOOST_TEST(hasErrors(report.diagnostics), "round " << round << ": refused without an error finding");
    }
    BOOST_TEST_MESSAGE(invalid << " of 3000 invalid");
    BOOST_TEST(invalid > 300);
    BOOST_TEST(agreed == decided);
}


BOOST_AUTO_TEST_CASE(bad_inputs_never_throw_from_the_report)
{
    // Every file of the bad-input corpus and the fuzz seeds: a report (refusal or scenario), never an
    // exception; a refusal always has an error finding.
    std::size_t files = 0;
    for (const char* folder : {"tests/data/bad/scenario", "tests/fuzz/corpus/scenario_json"})
        for (const fs::path& file : jsonFilesUnder(sandtable::test::sourceDir() / folder)) {
            const std::string text = readFile(file);
            ValidationReport report;
            BOOST_CHECK_NO_THROW(report = validateScenarioText(text, file.string()));
            if (!report.scenario)
                BOOST_TEST(hasErrors(report.diagnostics), file.string());
            ++files;
        }
    BOOST_TEST(files > 50u);
}

BOOST_AUTO_TEST_SUITE_END()
