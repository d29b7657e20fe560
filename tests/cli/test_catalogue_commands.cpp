// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/catalogue_commands.cpp: exit codes, error lines, --json keys of cli.md, the export/extract
// round trip, and GDAL's validator on a catalogue the command wrote.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <sstream>
#include <sys/wait.h>

namespace {

using sandtable::test::Result;
using sandtable::test::runTool;

std::string writeSmall(const sandtable::test::TemporaryFolder& folder, const std::string& name, sandtable::core::Scenario s)
{
    const auto path = folder / name;
    sandtable::core::writeFileAtomically(path, sandtable::core::serializeScenario(s));
    return path.string();
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_catalogue)

BOOST_AUTO_TEST_CASE(export_list_extract_round_trip_with_json_keys)
{
    sandtable::test::TemporaryFolder folder;
    const std::string scenario = writeSmall(folder, "small.json", sandtable::test::smallScenario());
    const std::string db = (folder / "c.gpkg").string();
    Result exported = runTool({"catalogue", "export", scenario, "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(exported.code == 0, exported.err);
    BOOST_TEST(nlohmann::json::parse(exported.out).at("id") == "test-small");

    Result listed = runTool({"catalogue", "list", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(listed.code == 0, listed.err);
    const auto list = nlohmann::json::parse(listed.out);
    BOOST_TEST_REQUIRE(list.is_array());
    BOOST_TEST_REQUIRE(list.size() == 1u);
    BOOST_TEST(list[0].at("id") == "test-small");
    BOOST_TEST(list[0].at("title") == "Small test");
    BOOST_TEST(list[0].at("system") == "pub-battles");

    const std::string back = (folder / "back.json").string();
    Result extracted = runTool({"catalogue", "extract", "test-small", "-o", back, "--catalogue", db});
    BOOST_TEST_REQUIRE(extracted.code == 0, extracted.err);
    BOOST_TEST(sandtable::core::readFile(back) == sandtable::core::readFile(scenario));
}

BOOST_AUTO_TEST_CASE(invalid_scenario_exits_one_with_diagnostics_and_exports_nothing)
{
    sandtable::test::TemporaryFolder folder;
    auto bad = sandtable::test::smallScenario();
    bad.units[1].formation = sandtable::core::FormationId("nowhere"); // the infantry block: ref.missing, one error
    const std::string scenario = writeSmall(folder, "bad.json", bad);
    const std::string db = (folder / "c.gpkg").string();
    Result r = runTool({"catalogue", "export", scenario, "--catalogue", db});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find("ref.missing") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("sandtable: error: " + scenario + ": refusing to export: 1 validation error") != std::string::npos, r.err);
    BOOST_TEST(!std::filesystem::exists(db));
    Result json = runTool({"catalogue", "export", scenario, "--catalogue", db, "--json"});
    BOOST_TEST(json.code == 1);
    const auto j = nlohmann::json::parse(json.out);
    BOOST_TEST(j.at("id").is_null());
    BOOST_TEST(j.at("errors") == 1);
    BOOST_TEST(j.at("diagnostics").at(0).at("code") == "ref.missing");
}

BOOST_AUTO_TEST_CASE(unwritable_catalogue_path_exits_one_naming_it)
{
    sandtable::test::TemporaryFolder folder;
    const std::string scenario = writeSmall(folder, "small.json", sandtable::test::smallScenario());
    const std::string db = (folder / "no-such-folder" / "c.gpkg").string();
    Result r = runTool({"catalogue", "export", scenario, "--catalogue", db});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.rfind("sandtable: error: " + db + ": ", 0) == 0u, r.err);
    BOOST_TEST(!std::filesystem::exists(folder / "no-such-folder"));
}

BOOST_AUTO_TEST_CASE(search_show_and_remove)
{
    sandtable::test::TemporaryFolder folder;
    auto s = sandtable::test::smallScenario();
    s.settings.title = "Антietam по-русски";
    s.settings.battle = "Antietam";
    const std::string scenario = writeSmall(folder, "a.json", s);
    const std::string db = (folder / "c.gpkg").string();
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", scenario, "--catalogue", db}).code == 0);
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", scenario, "--catalogue", db}).code == 0);

    Result found = runTool({"catalogue", "search", "ПО-РУССКИ", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(found.code == 0, found.err);
    const auto hits = nlohmann::json::parse(found.out);
    BOOST_TEST_REQUIRE(hits.size() == 1u);
    BOOST_TEST(hits[0].at("id") == "test-small");
    BOOST_TEST(hits[0].at("system") == "pub-battles");
    BOOST_TEST(hits[0].contains("title"));
    Result filtered = runTool({"catalogue", "search", "antietam", "--system", "campaign-lite", "--catalogue", db, "--json"});
    BOOST_TEST(nlohmann::json::parse(filtered.out).empty());

    Result shown = runTool({"catalogue", "show", "test-small", "--catalogue", db, "--json"});
    BOOST_TEST_REQUIRE(shown.code == 0, shown.err);
    const auto details = nlohmann::json::parse(shown.out);
    BOOST_TEST(details.at("revision") == 2);
    BOOST_TEST((details.at("revisions") == nlohmann::json::array({1, 2})));
    BOOST_TEST(details.at("features") == 2);
    BOOST_TEST(details.at("units") == 3);
    BOOST_TEST(details.at("terrain_table") == "terrain_epsg_32618");

    Result removed = runTool({"catalogue", "remove", "test-small", "--revision", "2", "--catalogue", db, "--json"});
    BOOST_TEST(removed.code == 0);
    BOOST_TEST(nlohmann::json::parse(removed.out).at("removed") == 1);
    Result missing = runTool({"catalogue", "show", "nothing", "--catalogue", db});
    BOOST_TEST(missing.code == 1);
    BOOST_TEST(missing.err == "sandtable: error: " + db + ": nothing: no such package in the catalogue\n");
}

BOOST_AUTO_TEST_CASE(a_non_catalogue_file_is_a_clear_error)
{
    sandtable::test::TemporaryFolder folder;
    sandtable::core::writeFileAtomically(folder / "x.gpkg", "hello, not a database at all, but long enough to be read as one");
    Result r = runTool({"catalogue", "list", "--catalogue", (folder / "x.gpkg").string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.rfind("sandtable: error: " + (folder / "x.gpkg").string() + ": ", 0) == 0u, r.err);
}

BOOST_AUTO_TEST_CASE(gdal_validator_accepts_the_catalogue_the_command_writes)
{
    const std::filesystem::path validator = "/usr/share/doc/python3-gdal/examples/validate_gpkg.py";
    if (!std::filesystem::exists(validator)) {
        BOOST_TEST_MESSAGE("SKIPPED: " << validator << " is absent (install python3-gdal)");
        return;
    }
    sandtable::test::TemporaryFolder folder;
    const std::string db = (folder / "catalogue.gpkg").string();
    BOOST_TEST_REQUIRE(runTool({"catalogue", "export", writeSmall(folder, "a.json", sandtable::test::smallScenario()), "--catalogue", db}).code == 0);
    FILE* pipe = popen(("/usr/bin/python3 " + validator.string() + " -k " + db + " 2>&1").c_str(), "r");
    BOOST_TEST_REQUIRE(pipe != nullptr);
    std::string output;
    char buffer[4096];
    std::size_t n = 0;
    while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0)
        output.append(buffer, n);
    const int status = pclose(pipe);
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0), output);
    BOOST_TEST(output == "");
}

BOOST_AUTO_TEST_SUITE_END()
