// SPDX-License-Identifier: GPL-3.0-or-later
// Reading scenario documents: one RapidJSON parse, valijson on that tree, the model from it. The model
// equals the one read from RapidJSON's own full-precision parse of the same text written out again (its
// numbers converted by RapidJSON, not by the reader's std::from_chars);
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

// RapidJSON with core's RAPIDJSON_ASSERT, then valijson's RapidJSON adapter with VALIJSON_USE_EXCEPTIONS
// set aside (it would define its own RAPIDJSON_ASSERT; see core/src/io/rapidjson_tree.hpp).
#include <valijson/exceptions.hpp>
#include <valijson/internal/adapter.hpp>
#include <valijson/internal/basic_adapter.hpp>
#include <valijson/internal/frozen_value.hpp>
#include "sandtable/core/io/json.hpp"
#pragma push_macro("VALIJSON_USE_EXCEPTIONS")
#undef VALIJSON_USE_EXCEPTIONS
#include <valijson/adapters/rapidjson_adapter.hpp>
#pragma pop_macro("VALIJSON_USE_EXCEPTIONS")
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

/// `text` parsed by RapidJSON's own DOM reader in full precision (a leading byte-order mark skipped, as
/// RFC 8259 lets a reader do).
rapidjson::Document domOf(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    rapidjson::Document d;
    d.Parse<rapidjson::kParseFullPrecisionFlag>(text.data(), text.size());
    BOOST_TEST_REQUIRE(!d.HasParseError());
    return d;
}

/// readScenarioText against RapidJSON's full-precision DOM parse of the same text, written out again (every
/// double in the shortest form that reads back to it, every string unescaped and escaped again) and read:
/// the same model.
bool sameAsDom(const std::string& text, const std::string& name)
{
    const io::ValidationReport report = io::readScenarioText(text, name);
    if (!report.scenario) {
        BOOST_ERROR(name << ": refused: " << (report.diagnostics.empty() ? "" : report.diagnostics.front().message));
        return false;
    }
    const io::ValidationReport domRead = io::readScenarioText(io::writeJson(domOf(text), 2), name);
    BOOST_TEST_REQUIRE(domRead.scenario.has_value(), name);
    const Scenario& other = *domRead.scenario;
    BOOST_TEST((*report.scenario == other), name << ": the reader and RapidJSON's DOM read different scenarios");
    BOOST_TEST(io::serializeScenario(*report.scenario) == io::serializeScenario(other), name);
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

/// A valid document whose terrain has every geometry kind, holes, attributes and odd but valid numbers
/// (spelt as other writers spell them) and strings (escapes of every kind).
std::string richDocument()
{
    std::string text = io::serializeScenario(sandtable::test::smallScenario());
    const std::string end = "\n  ],\n  \"sides\"";
    const auto at = text.find(end);
    BOOST_TEST_REQUIRE(at != std::string::npos);
    text.insert(at, R"(,
{"id": "mp", "class": "woods", "name": "Twin \u00e9 woods \ud83c\udf32", "geometry": {"type": "MultiPolygon", "coordinates":
  [[[[300100, 4400100], [300200, 4400100], [300200, 4400200], [300100, 4400100]]],
   [[[300300, 4400300], [300400, 4400300], [300400, 4400400], [300300, 4400300]],
    [[300320, 4400320], [300330, 4400320], [300330, 4400330], [300320, 4400320]]]]},
 "attributes": {"note": "z \"first\" \u00e9\ud83d\ude00 \/ \t", "dense": true}},
{"id": "ml", "class": "road", "geometry": {"type": "MultiLineString", "coordinates":
  [[[300000.50000000000000000001, 4400000.2500000000000000000000000000000000000001], [300010, 4400010]],
   [[300020, 4400020], [300030.125, 4400030]]]}, "attributes": {"grade": "minor"}},
{"id": "pt", "class": "bridge", "geometry": {"type": "Point", "coordinates": [3.00005e5, 4400005]}},
{"id": "mpt", "class": "ford", "geometry": {"type": "MultiPoint", "coordinates": [[300006, 4.400006E+6], [300007, 4400007]]}})");
    return text;
}

/// valijson's verdict with the whole schema on RapidJSON's own DOM of the document: the oracle for the
/// reader's verdicts (which checks the terrain's coordinates itself, as it reads them).
bool wholeSchemaAccepts(const rapidjson::Value& document)
{
    static const rapidjson::Document schemaDocument = domOf(io::scenarioSchemaText());
    static valijson::Schema schema;
    static const bool parsed = [] {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::RapidJsonAdapter adapter(schemaDocument);
        parser.populateSchema(adapter, schema);
        return true;
    }();
    (void)parsed;
    valijson::Validator validator;
    valijson::adapters::RapidJsonAdapter adapter(document);
    return validator.validate(schema, adapter, nullptr);
}

/// The small scenario's text with `from` (which must occur) replaced by `to`.
std::string smallWith(const std::string& from, const std::string& to)
{
    std::string text = io::serializeScenario(sandtable::test::smallScenario());
    const auto at = text.find(from);
    BOOST_TEST_REQUIRE(at != std::string::npos, from);
    return text.replace(at, from.size(), to);
}

/// The schema findings of a document (readScenarioText's diagnostics, which must refuse it).
validation::Diagnostics findings(const std::string& text)
{
    const io::ValidationReport report = io::readScenarioText(text, "case.json");
    BOOST_TEST(!report.scenario.has_value());
    return report.diagnostics;
}

} // namespace

BOOST_AUTO_TEST_SUITE(io_scenario_read)

BOOST_AUTO_TEST_CASE(examples_and_fixtures_read_as_rapidjsons_dom_reads_them)
{
    int read = 0;
    for (const fs::path& file : jsonFilesUnder(sandtable::test::sourceDir() / "examples")) {
        if (file.string().find(".sandtable.json") == std::string::npos)
            continue;
        BOOST_TEST(sameAsDom(io::readFile(file), file.string()));
        ++read;
    }
    BOOST_TEST(read >= 4);
    BOOST_TEST(sameAsDom(io::serializeScenario(sandtable::test::smallScenario()), "small"));
    BOOST_TEST(sameAsDom(richDocument(), "rich"));
}

BOOST_AUTO_TEST_CASE(a_saved_document_reads_back_to_the_same_bytes)
{
    const std::string text = io::serializeScenario(sandtable::test::smallScenario());
    const io::ValidationReport report = io::readScenarioText(text, "small");
    BOOST_TEST_REQUIRE(report.scenario.has_value());
    BOOST_TEST(io::serializeScenario(*report.scenario) == text);
    const io::ValidationReport rich = io::readScenarioText(richDocument(), "rich");
    BOOST_TEST_REQUIRE(rich.scenario.has_value());
    const std::string once = io::serializeScenario(*rich.scenario);
    const io::ValidationReport again = io::readScenarioText(once, "rich again");
    BOOST_TEST_REQUIRE(again.scenario.has_value());
    BOOST_TEST(io::serializeScenario(*again.scenario) == once);
}

BOOST_AUTO_TEST_CASE(bad_json_is_refused_naming_line_and_column)
{
    const std::string good = io::serializeScenario(sandtable::test::smallScenario());
    // Line 3 of the small scenario's text starts with two spaces; the stray comma after them is column 3.
    std::string text = good;
    const auto secondLine = text.find('\n', text.find('\n') + 1);
    text.insert(secondLine + 3, ",");
    const validation::Diagnostics d = findings(text);
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "format.invalid");
    BOOST_TEST(d[0].message.find("line 3, column 3") != std::string::npos, d[0].message);
    BOOST_CHECK_THROW(io::parseScenario(text, "case.json"), util::FormatError);
    // Trailing bytes, a number out of double's range, bad UTF-8, a lone surrogate, a control character.
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"trailing", good + " x"},
        {"overflow", std::string(good).replace(good.find("16000.0"), 7, "1e999")},
        {"utf8", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\xC3\x28")},
        {"surrogate", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\\ud800")},
        {"control", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\x01")},
    };
    for (const auto& [name, bad] : cases) {
        const validation::Diagnostics e = findings(bad);
        BOOST_TEST_REQUIRE(e.size() == 1u, name);
        BOOST_TEST(e[0].code == "format.invalid", name);
        BOOST_TEST(e[0].message.find("not valid JSON") != std::string::npos, name << ": " << e[0].message);
    }
}

BOOST_AUTO_TEST_CASE(a_name_given_twice_means_its_last_value_where_the_schema_allows_it)
{
    // In free attributes the last value counts.
    const std::string text = smallWith("\"attributes\": {}", "\"attributes\": {\"note\": \"a\", \"note\": \"b\"}");
    BOOST_TEST(sameAsDom(text, "twice in attributes"));
    const io::ValidationReport report = io::readScenarioText(text, "twice");
    BOOST_TEST_REQUIRE(report.scenario.has_value());
    BOOST_TEST(report.scenario->terrain.at(0).attributes.at("note").asString() == "b");
    // In an object whose members the schema lists (additionalProperties false), valijson counts the
    // second one as a member it does not know: refused, naming the object.
    const validation::Diagnostics d = findings(smallWith("\"name\": \"Test wood\"", "\"name\": \"First\", \"name\": \"Test wood\""));
    BOOST_TEST_REQUIRE(!d.empty());
    BOOST_TEST(d[0].code == "schema.unknown_field");
    BOOST_TEST(d[0].path == "/terrain/0");
}

BOOST_AUTO_TEST_CASE(a_byte_order_mark_is_skipped)
{
    const std::string good = io::serializeScenario(sandtable::test::smallScenario());
    BOOST_TEST(sameAsDom("\xEF\xBB\xBF" + good, "bom"));
}

BOOST_AUTO_TEST_CASE(schema_findings_name_the_field_what_was_expected_and_what_was_found)
{
    // A unit without its required "name": schema.required naming the field, at the unit.
    validation::Diagnostics d = findings(smallWith("\"name\": \"I Corps HQ\",", ""));
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
    const validation::Diagnostics d = findings(smallWith("\"version\": 1", "\"version\": 2"));
    BOOST_TEST_REQUIRE(d.size() == 1u);
    BOOST_TEST(d[0].code == "format.version");
    BOOST_TEST(d[0].message.find("newer than this sandtable reads") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(numbers_read_as_strtod_reads_them)
{
    // Random decimal spellings of coordinates: RapidJSON (full precision) must give the doubles strtod gives.
    std::mt19937_64 random(20261130);
    io::JsonOut out;
    std::string text = io::writeJson(io::scenarioToJson(sandtable::test::smallScenario(), out), 0);
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
        BOOST_TEST(sameAsDom(variant, "extent [" + numbers + "]"));
        const io::ValidationReport read = io::readScenarioText(variant, "n");
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
    // whole schema (checked here independently of the reader: RapidJSON's own DOM through valijson's adapter).
    // Half the edits land in the terrain's coordinates, which the reader checks as it reads them.
    std::vector<std::string> bases{io::serializeScenario(sandtable::test::smallScenario()), richDocument()};
    for (const fs::path& file : jsonFilesUnder(sandtable::test::sourceDir() / "examples"))
        if (file.string().find(".sandtable.json") != std::string::npos)
            bases.push_back(io::readFile(file));
    const rapidjson::Document replacements = domOf(R"([null, true, false, 0, 1, -1, 2, 7, 20, 21, 1.5, -0.0, 1e9, 4400000.5,
        "", "x", "hill", "Point", "Polygon", "night", "EPSG:32618", "2024-01-01", "1863-07", "C4", "0304", "3.4", "12:30", "a b", ")"
        + std::string(600, 'x') + R"(", "\u00e9\u00e9", [], [1, 2], [300000.0, 4400000.0], {}, {"level": 2}, {"x": 1}])");
    std::mt19937_64 random(8);
    int decided = 0, agreed = 0, invalid = 0;
    for (int round = 0; round < 3000; ++round) {
        rapidjson::Document doc = domOf(bases[random() % bases.size()]);
        auto& pool = doc.GetAllocator();
        const auto replacement = [&] {
            io::JsonValue v;
            v.CopyFrom(replacements[static_cast<rapidjson::SizeType>(random() % replacements.Size())], pool);
            return v;
        };
        // Walk to a random node.
        io::JsonValue* node = &doc;
        io::JsonValue* parent = nullptr;
        std::string key;
        rapidjson::SizeType index = 0;
        int depth = 1 + static_cast<int>(random() % 7);
        if (random() % 2 && doc.HasMember("terrain") && !doc["terrain"].Empty()) {
            io::JsonValue& terrain = doc["terrain"];
            index = static_cast<rapidjson::SizeType>(random() % terrain.Size());
            parent = &terrain[index]["geometry"];
            key = "coordinates";
            node = &(*parent)["coordinates"];
            depth = static_cast<int>(random() % 4);
        }
        for (int d = 0; d < depth; ++d) {
            if (node->IsObject() && !node->ObjectEmpty()) {
                auto it = node->MemberBegin() + static_cast<long>(random() % node->MemberCount());
                parent = node, key.assign(it->name.GetString(), it->name.GetStringLength());
                node = &it->value;
            } else if (node->IsArray() && !node->Empty()) {
                parent = node, index = static_cast<rapidjson::SizeType>(random() % node->Size()), key.clear();
                node = &(*node)[index];
            } else {
                break;
            }
        }
        switch (random() % 5) {
        case 0:
        case 1: *node = replacement(); break;
        case 2:
            if (parent && parent->IsObject())
                parent->EraseMember(parent->FindMember(rapidjson::StringRef(key.data(), key.size())));
            else if (parent && parent->IsArray())
                parent->Erase(parent->Begin() + index);
            break;
        case 3:
            if (node->IsObject()) {
                const std::string extra = "extra_" + std::to_string(random() % 3);
                node->RemoveMember(extra.c_str());
                io::JsonValue name(extra.data(), static_cast<rapidjson::SizeType>(extra.size()), pool);
                io::JsonValue value = replacement();
                node->AddMember(name, value, pool);
            } else if (node->IsArray()) {
                io::JsonValue item;
                if (node->Empty())
                    item = replacement();
                else
                    item.CopyFrom((*node)[node->Size() - 1], pool);
                node->PushBack(item, pool);
            }
            break;
        default:
            if (parent && parent->IsArray() && !parent->Empty()) {
                io::JsonValue item;
                item.CopyFrom((*parent)[index], pool);
                parent->PushBack(item, pool);
            }
            break;
        }
        const std::string text = io::writeJson(doc, 0);
        const io::ValidationReport report = io::readScenarioText(text, "mutated");
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
            const std::string text = io::readFile(file);
            io::ValidationReport report;
            BOOST_CHECK_NO_THROW(report = io::validateScenarioText(text, file.string()));
            if (!report.scenario)
                BOOST_TEST(hasErrors(report.diagnostics), file.string());
            ++files;
        }
    BOOST_TEST(files > 50u);
}

BOOST_AUTO_TEST_SUITE_END()
