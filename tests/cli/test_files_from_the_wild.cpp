// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 43 item 5, files from the wild: small inputs of our own (tests/data/wild/) that reproduce what users met,
// each through the exact command a user runs on the whole file.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using sandtable::test::Result;
using sandtable::test::runTool;
namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// (path, code, message) of each finding of a `--json` result, in order.
struct Finding {
    std::string path, code, message;
};
std::vector<Finding> findingsOf(const std::string& json)
{
    std::vector<Finding> out;
    const nlohmann::json document = nlohmann::json::parse(json);
    for (const auto& d : document.at("diagnostics"))
        out.push_back({d.at("path").get<std::string>(), d.at("code").get<std::string>(), d.at("message").get<std::string>()});
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_files_from_the_wild)

// A scenario with schema defects in four places, five in all: an unknown system ('pub-battle'), a feature without
// its class, a strength written as text ("0"), and a unit with two misspelt fields ('strenght', 'comand'). Every
// one is reported with its JSON pointer; valijson names only the first unknown member of an object, which lost
// the second misspelling (three defects, two reported).
BOOST_AUTO_TEST_CASE(every_schema_defect_of_a_scenario_is_reported)
{
    const fs::path file = sandtable::test::projectData("wild/five-schema-defects.sandtable.json");
    const std::string before = readText(file);
    Result r = runTool({"--json", "scenario", "validate", file.string()});
    BOOST_TEST(r.code == 1, r.err);
    const std::vector<Finding> f = findingsOf(r.out);
    BOOST_TEST_REQUIRE(f.size() == 5u, f.size() << " findings: " << r.out);
    BOOST_TEST(nlohmann::json::parse(r.out).at("errors").get<int>() == 5);
    BOOST_TEST(f[0].path == "/system");
    BOOST_TEST(f[0].code == "schema.enum");
    BOOST_TEST(f[0].message.find("'pub-battle' is not one of the allowed values") != std::string::npos, f[0].message);
    BOOST_TEST(f[1].path == "/terrain/0");
    BOOST_TEST(f[1].code == "schema.required");
    BOOST_TEST(f[1].message == "the required field 'class' is missing");
    BOOST_TEST(f[2].path == "/units/0/strength");
    BOOST_TEST(f[2].code == "schema.type");
    BOOST_TEST(f[2].message == "'strength': expected an integer, found a string ('0')");
    BOOST_TEST(f[3].path == "/units/1");
    BOOST_TEST(f[3].code == "schema.unknown_field");
    BOOST_TEST(f[3].message == "the field 'strenght' is not allowed in /units/1");
    BOOST_TEST(f[4].path == "/units/1");
    BOOST_TEST(f[4].code == "schema.unknown_field");
    BOOST_TEST(f[4].message == "the field 'comand' is not allowed in /units/1");
    // The text form: one line per defect, each naming the file and the pointer.
    r = runTool({"scenario", "validate", file.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.out.find("5 errors, 0 warnings") != std::string::npos, r.out);
    for (const char* line : {"error: /units/1: the field 'strenght' is not allowed", "error: /units/1: the field 'comand' is not allowed",
             "error: /system:", "error: /terrain/0:", "error: /units/0/strength:"})
        BOOST_TEST(r.err.find(file.string() + ": " + line) != std::string::npos, line);
    // Any command that reads the scenario refuses it and counts every defect.
    r = runTool({"terrain", "list", file.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("(and 4 more, which validating the scenario lists)") != std::string::npos, r.err);
    BOOST_TEST(readText(file) == before);
}

BOOST_AUTO_TEST_SUITE_END()
