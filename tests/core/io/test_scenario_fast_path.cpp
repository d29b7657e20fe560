// SPDX-License-Identifier: GPL-3.0-or-later
// The fast reading path of scenario documents (arena tree + its own schema check) against the nlohmann +
// valijson path: whatever the fast path accepts, the other accepts with the same Scenario; its schema
// verdicts are valijson's (checked on thousands of mutated documents); and it does take the usual documents.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/validation/diagnostic.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace sandtable::core;
namespace fs = std::filesystem;

namespace {

/// Both paths on `text`: when the fast one accepts, the thorough one must accept with the same model.
/// Returns whether the fast path accepted.
bool agree(const std::string& text, const std::string& name)
{
    std::optional<Scenario> fast;
    try {
        fast = detail::readScenarioFast(text, name);
    } catch (const std::exception& e) {
        BOOST_ERROR(name << ": the fast path threw " << e.what());
        return false;
    }
    if (!fast)
        return false;
    ValidationReport thorough;
    try {
        thorough = detail::readScenarioThorough(text, name);
    } catch (const std::exception& e) {
        BOOST_ERROR(name << ": the fast path accepted what the thorough path refuses with " << e.what());
        return true;
    }
    BOOST_TEST_REQUIRE(thorough.scenario.has_value(), name << ": the fast path accepted a document the schema refuses");
    BOOST_TEST(!hasErrors(thorough.diagnostics), name);
    BOOST_TEST((*fast == *thorough.scenario), name << ": the two paths read different scenarios");
    BOOST_TEST(serializeScenario(*fast) == serializeScenario(*thorough.scenario), name);
    return true;
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
    nlohmann::ordered_json j = scenarioToJson(sandtable::test::smallScenario());
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

} // namespace

BOOST_AUTO_TEST_SUITE(io_scenario_fast_path)

BOOST_AUTO_TEST_CASE(examples_and_fixtures_take_the_fast_path_and_read_the_same)
{
    int accepted = 0;
    for (const fs::path& file : jsonFilesUnder(sandtable::test::sourceDir() / "examples")) {
        if (file.string().find(".sandtable.json") == std::string::npos)
            continue;
        const std::string text = readFile(file);
        BOOST_TEST(agree(text, file.string()), file.string() << " did not take the fast path");
        ++accepted;
    }
    BOOST_TEST(accepted >= 4);
    BOOST_TEST(agree(serializeScenario(sandtable::test::smallScenario()), "small"));
    BOOST_TEST(agree(richDocument(), "rich"));
}

/// validateScenarioText against the thorough path alone: the same exception or none, the same scenario or
/// none, and when the document is refused, the same diagnostics.
void sameOutcome(const std::string& text, const std::string& name)
{
    std::optional<ValidationReport> whole, thorough;
    std::string wholeError, thoroughError;
    try {
        whole = validateScenarioText(text, name);
    } catch (const std::exception& e) {
        wholeError = e.what();
    }
    try {
        thorough = detail::readScenarioThorough(text, name);
    } catch (const std::exception& e) {
        thoroughError = e.what();
    }
    BOOST_TEST(wholeError == thoroughError, name);
    BOOST_TEST_REQUIRE(whole.has_value() == thorough.has_value(), name);
    if (!whole)
        return;
    BOOST_TEST(whole->scenario.has_value() == thorough->scenario.has_value(), name);
    if (!thorough->scenario) {
        BOOST_TEST_REQUIRE(whole->diagnostics.size() == thorough->diagnostics.size(), name);
        for (std::size_t i = 0; i < whole->diagnostics.size(); ++i) {
            BOOST_TEST(whole->diagnostics[i].code == thorough->diagnostics[i].code, name);
            BOOST_TEST(whole->diagnostics[i].path == thorough->diagnostics[i].path, name);
            BOOST_TEST(whole->diagnostics[i].message == thorough->diagnostics[i].message, name);
        }
    }
}

BOOST_AUTO_TEST_CASE(bad_inputs_agree_whichever_path_reads_them)
{
    std::size_t files = 0;
    for (const char* folder : {"tests/data/bad/scenario", "tests/fuzz/corpus/scenario_json"})
        for (const fs::path& file : jsonFilesUnder(sandtable::test::sourceDir() / folder)) {
            const std::string text = readFile(file);
            agree(text, file.string());
            sameOutcome(text, file.string());
            ++files;
        }
    BOOST_TEST(files > 50u);
}

BOOST_AUTO_TEST_CASE(texts_the_fast_path_leaves_to_nlohmann)
{
    const std::string good = serializeScenario(sandtable::test::smallScenario());
    BOOST_TEST(agree(good, "good"));
    // A byte-order mark, a repeated key, trailing bytes, a number out of double's range, bad UTF-8, a lone
    // surrogate: not taken (nlohmann decides), and never a different answer.
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"bom", "\xEF\xBB\xBF" + good},
        {"duplicate", "{\"id\": \"a\", " + good.substr(1)},
        {"trailing", good + " x"},
        {"overflow", std::string(good).replace(good.find("16000.0"), 7, "1e999")},
        {"utf8", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\xC3\x28")},
        {"surrogate", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\\ud800")},
        {"control", std::string(good).replace(good.find("\"title\": \"") + 10, 0, "\x01")},
    };
    for (const auto& [name, text] : cases) {
        BOOST_TEST(!agree(text, name), name << " took the fast path");
        sameOutcome(text, name);
    }
}

BOOST_AUTO_TEST_CASE(numbers_read_as_strtod_reads_them)
{
    // Random decimal spellings of coordinates: both paths must give bit-identical doubles.
    std::mt19937_64 random(20261130);
    nlohmann::ordered_json j = scenarioToJson(sandtable::test::smallScenario());
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
        agree(variant, "extent [" + numbers + "]");
        const auto fast = detail::readScenarioFast(variant, "n");
        BOOST_TEST_REQUIRE(fast.has_value(), numbers);
        const auto e = *fast->settings.extent;
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
    // added, an array item dropped or duplicated): the fast checker's verdict, when it gives one, is
    // valijson's.
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
        const int depth = 1 + static_cast<int>(random() % 7);
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
        const int fast = detail::fastSchemaVerdict(text);
        const bool valijson = detail::schemaAccepts(text);
        invalid += valijson ? 0 : 1;
        if (fast == 0 || fast == 1) {
            ++decided;
            const bool same = (fast == 0) == valijson;
            agreed += same ? 1 : 0;
            BOOST_TEST(same, "round " << round << ": fast " << fast << ", valijson " << valijson << ": " << text.substr(0, 400));
        }
    }
    BOOST_TEST_MESSAGE(decided << " of 3000 decided by the fast checker, " << invalid << " invalid");
    BOOST_TEST(decided > 2500);
    BOOST_TEST(invalid > 300);
    BOOST_TEST(agreed == decided);
}

BOOST_AUTO_TEST_CASE(a_big_terrain_is_read_on_two_threads_the_same)
{
    // Over the parallel threshold: the two halves of the terrain array are checked and read on two
    // threads; the result equals the thorough path's.
    Scenario s = sandtable::test::smallScenario();
    for (int i = 0; i < 5000; ++i) {
        const double x = 300000 + (i % 100) * 10.0, y = 4400000 + (i / 100) * 10.0;
        s.terrain.push_back(TerrainFeature{FeatureId("g" + std::to_string(i)), i % 2 ? "woods" : "field", "",
            Geometry::polygon({{{x, y}, {x + 9, y}, {x + 9, y + 9}, {x, y + 9}, {x, y}}}), nlohmann::ordered_json::object()});
    }
    BOOST_TEST(agree(serializeScenario(s), "big"));
    // An invalid feature in the second half is still found.
    std::string text = serializeScenario(s);
    const auto at = text.find("\"id\": \"g4000\"");
    BOOST_TEST_REQUIRE(at != std::string::npos);
    text.replace(at, 13, "\"id\": \"g 4000\"");
    BOOST_TEST(!detail::readScenarioFast(text, "big-bad").has_value());
    BOOST_TEST(!validateScenarioText(text, "big-bad").scenario.has_value());
}

BOOST_AUTO_TEST_CASE(a_long_text_split_inside_a_string_is_read_the_same)
{
    // The second parsing thread starts at a guessed item boundary near the middle of the text; here the
    // middle lies in a note full of "}, {": the guess is wrong, the first thread never reaches it as an
    // item and reads on alone.
    Scenario s = sandtable::test::smallScenario();
    const auto add = [&](int i) {
        const double x = 300000 + (i % 100) * 10.0, y = 4400000 + (i / 100) * 10.0;
        s.terrain.push_back(TerrainFeature{FeatureId("g" + std::to_string(i)), "field", "",
            Geometry::polygon({{{x, y}, {x + 9, y}, {x + 9, y + 9}, {x, y + 9}, {x, y}}}), nlohmann::ordered_json::object()});
    };
    for (int i = 0; i < 3000; ++i)
        add(i);
    std::string note;
    while (note.size() < 9990)
        note += "}, {";
    s.terrain.push_back(TerrainFeature{FeatureId("middle"), "woods", "", Geometry::polygon({{{300000, 4400000}, {300001, 4400000}, {300001, 4400001}, {300000, 4400000}}}),
        nlohmann::ordered_json{{"note", note}}});
    for (int i = 3000; i < 6000; ++i)
        add(i);
    const std::string text = serializeScenario(s);
    const auto at = text.find(note);
    BOOST_TEST_REQUIRE(at != std::string::npos);
    BOOST_TEST_REQUIRE((at < text.size() / 2 && text.size() / 2 < at + note.size()));
    BOOST_TEST(agree(text, "split in a string"));
}

BOOST_AUTO_TEST_SUITE_END()
