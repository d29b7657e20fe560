// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/scenario_commands.cpp and run.cpp: exit codes, error lines, JSON output.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;

BOOST_AUTO_TEST_SUITE(cli_scenario)

BOOST_AUTO_TEST_CASE(new_scenario_validates_clean_with_json_counts)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = (folder / "antietam.json").string();
    Result created = runTool({"scenario", "new", "--system", "pub-battles", "--title", "Antietam", "--crs", "EPSG:32618", "-o", file});
    BOOST_TEST(created.code == 0);
    Result validated = runTool({"scenario", "validate", file, "--json"});
    BOOST_TEST(validated.code == 0);
    const auto j = nlohmann::json::parse(validated.out);
    BOOST_TEST(j.at("errors").get<int>() == 0);
    BOOST_TEST(j.at("warnings").get<int>() == 0);
    BOOST_TEST(j.at("diagnostics").is_array());
}

BOOST_AUTO_TEST_CASE(invalid_document_exits_one_with_diagnostics)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "bad.json";
    sandtable::core::writeFileAtomically(file,
        R"({"format": "sandtable-scenario", "version": 1, "id": "x", "title": "t", "system": "chess", "crs": ""})");
    Result r = runTool({"scenario", "validate", "--json", file.string()});
    BOOST_TEST(r.code == 1);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j.at("errors").get<int>() >= 1);
    BOOST_TEST(j.at("diagnostics").at(0).at("path").get<std::string>() == "/system");
}

BOOST_AUTO_TEST_CASE(missing_file_is_an_error_line_naming_it)
{
    Result r = runTool({"scenario", "validate", "/nonexistent/x.json"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err == "sandtable: error: /nonexistent/x.json: no such file\n");
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_two_with_a_hint)
{
    Result r = runTool({"scenaro", "validate", "x.json"});
    BOOST_TEST(r.code == 2);
    BOOST_TEST(r.err.find("Did you mean: scenario") != std::string::npos);
    Result missing = runTool({"scenario", "new"});
    BOOST_TEST(missing.code == 2);
}

BOOST_AUTO_TEST_CASE(version_comes_from_the_project)
{
    Result r = runTool({"--version"});
    BOOST_TEST(r.code == 0);
    BOOST_TEST(r.out.rfind("sandtable ", 0) == 0);
}

BOOST_AUTO_TEST_SUITE_END()
