// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the built `sandtable` executable (cli/src/main.cpp) as a user runs it: one executable with every
// command, the global flags anywhere on the line, exit codes 0/1/2, nothing else needed beside it.
#include "sandtable/core/version.hpp"
#include "support/run_command.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

using sandtable::test::runCommand;

namespace {

const std::string kTool = SANDTABLE_EXECUTABLE;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

/// What the tool printed on stdout alone (its stderr thrown away), and its exit code.
sandtable::test::CommandResult stdoutOf(const std::string& tool, const std::string& arguments)
{
    return runCommand("{ " + quoted(tool) + " " + arguments + " 2>/dev/null; }");
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_executables)

BOOST_AUTO_TEST_CASE(one_executable_runs_every_noun)
{
    // The nouns of cli.md, GDAL's (raster, map, grid, terrain, demo) and the others alike.
    for (const std::string noun : {"scenario", "raster", "map", "grid", "terrain", "catalogue", "demo", "oob", "cards", "vassal"}) {
        BOOST_TEST_CONTEXT("noun " << noun)
        {
            const auto r = runCommand(quoted(kTool) + " " + noun + " --help");
            BOOST_TEST(r.exitCode == 0);
            BOOST_TEST(r.output.find("Usage: sandtable " + noun) != std::string::npos);
        }
    }
    const auto version = runCommand(quoted(kTool) + " --version");
    BOOST_TEST(version.exitCode == 0);
    BOOST_TEST(version.output == std::string("sandtable ") + sandtable::kVersion + "\n");
}

BOOST_AUTO_TEST_CASE(global_flags_go_before_or_after_the_command)
{
    sandtable::test::TemporaryFolder folder;
    const std::string file = quoted((folder / "antietam.json").string());
    const auto created = runCommand(quoted(kTool)
        + " -q scenario new --system pub-battles --title Antietam --crs EPSG:32618 -o " + file);
    BOOST_TEST(created.exitCode == 0);
    for (const std::string& arguments : {"--json scenario validate " + file, "scenario validate " + file + " --json"}) {
        BOOST_TEST_CONTEXT(arguments)
        {
            const auto r = stdoutOf(kTool, arguments);
            BOOST_TEST(r.exitCode == 0);
            // --json: stdout is one JSON document and nothing else; a new scenario has no findings.
            const auto j = nlohmann::json::parse(r.output);
            BOOST_TEST(j.at("errors").get<int>() == 0);
            BOOST_TEST(j.at("warnings").get<int>() == 0);
        }
    }
}

BOOST_AUTO_TEST_CASE(failures_exit_one_and_usage_errors_two)
{
    const auto missing = runCommand(quoted(kTool) + " raster info /nonexistent/scan.tif");
    BOOST_TEST(missing.exitCode == 1);
    BOOST_TEST(missing.output.find("sandtable: error: /nonexistent/scan.tif") != std::string::npos);
    const auto typo = runCommand(quoted(kTool) + " --json rastr info x.tif");
    BOOST_TEST(typo.exitCode == 2);
    BOOST_TEST(typo.output.find("Did you mean: raster") != std::string::npos);
    const auto noNoun = runCommand(quoted(kTool) + " --json");
    BOOST_TEST(noNoun.exitCode == 2);
    BOOST_TEST(noNoun.output.find("sandtable: usage error: ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_copy_alone_in_a_folder_runs_every_command)
{
    // Nothing is looked for beside the executable: a copy in an empty folder runs the GDAL commands too.
    sandtable::test::TemporaryFolder folder;
    std::filesystem::copy_file(kTool, folder / "sandtable");
    const std::string copy = (folder / "sandtable").string();
    for (const std::string noun : {"raster", "catalogue"}) {
        BOOST_TEST_CONTEXT("noun " << noun)
        {
            const auto r = runCommand(quoted(copy) + " " + noun + " --help");
            BOOST_TEST(r.exitCode == 0);
            BOOST_TEST(r.output.find("Usage: sandtable " + noun) != std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
