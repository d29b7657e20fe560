// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/main.cpp: `sandtable` runs the nouns that need no GDAL itself and hands every other
// command line to sandtable-full (execv); without sandtable-full those say so.
#include "sandtable/core/version.hpp"
#include "support/run_command.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

using sandtable::test::runCommand;

namespace {

const std::string kTool = SANDTABLE_EXECUTABLE;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

/// Whether the process's mapped libraries included GDAL (LD_DEBUG lists every library it loads).
bool loadsGdal(const std::string& arguments)
{
    const auto r = runCommand("LD_DEBUG=libs " + quoted(kTool) + " " + arguments);
    return r.output.find("libgdal.so") != std::string::npos;
}

} // namespace

BOOST_AUTO_TEST_SUITE(cli_executables)

BOOST_AUTO_TEST_CASE(gdal_nouns_run_in_sandtable_full_the_others_without_gdal)
{
    const auto raster = runCommand(quoted(kTool) + " raster --help");
    BOOST_TEST(raster.exitCode == 0);
    BOOST_TEST(raster.output.find("Usage: sandtable raster") != std::string::npos);
    const auto catalogue = runCommand(quoted(kTool) + " --json catalogue --help");
    BOOST_TEST(catalogue.exitCode == 0);
    BOOST_TEST(catalogue.output.find("Usage: sandtable catalogue") != std::string::npos);
    const auto version = runCommand(quoted(kTool) + " --version");
    BOOST_TEST(version.exitCode == 0);
    BOOST_TEST(version.output == std::string("sandtable ") + sandtable::kVersion + "\n");
    // The point of the split: catalogue, scenario, oob and cards start without GDAL; raster loads it.
    BOOST_TEST(!loadsGdal("catalogue --help"));
    BOOST_TEST(!loadsGdal("-q scenario --help"));
    BOOST_TEST(loadsGdal("raster --help"));
}

BOOST_AUTO_TEST_CASE(a_missing_sandtable_full_is_named)
{
    // A copy of `sandtable` alone in a folder finds no sandtable-full beside it nor in ../libexec/sandtable;
    // unless sandtable is installed under the configured prefix, the GDAL commands then fail saying so.
    sandtable::test::TemporaryFolder folder;
    std::filesystem::create_directories(folder / "bin");
    std::filesystem::copy_file(kTool, folder / "bin" / "sandtable");
    const auto r = runCommand(quoted((folder / "bin" / "sandtable").string()) + " raster --help");
    if (r.exitCode == 0) {
        BOOST_TEST_MESSAGE("sandtable-full is installed under the configured prefix: the error path is not reached here");
        return;
    }
    BOOST_TEST(r.exitCode == 1);
    BOOST_TEST(r.output.find("sandtable: error: cannot start ") != std::string::npos);
    BOOST_TEST(r.output.find("sandtable-full") != std::string::npos);
    // The commands without GDAL still run.
    BOOST_TEST(runCommand(quoted((folder / "bin" / "sandtable").string()) + " catalogue --help").exitCode == 0);
}

BOOST_AUTO_TEST_SUITE_END()
