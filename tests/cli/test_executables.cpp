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
#include <vector>

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

// Issue 25: the tool speaks the language of LANGUAGE, --lang or the locale; codes, pointers and --json keys
// never change. Expected texts are the translations of packaging/po/fr.po and de.po. The suite's
// environment is LC_ALL=C.UTF-8 with LANGUAGE empty (tests/CMakeLists.txt), so English unless a case asks.
BOOST_AUTO_TEST_SUITE(cli_executables_languages)

BOOST_AUTO_TEST_CASE(help_in_french_and_german)
{
    const auto fr = runCommand("LANGUAGE=fr " + quoted(kTool) + " scenario --help");
    BOOST_TEST(fr.exitCode == 0);
    BOOST_TEST(fr.output.find("Créer et vérifier des documents de scénario") != std::string::npos);
    BOOST_TEST(fr.output.find("Utilisation: sandtable scenario") != std::string::npos);
    BOOST_TEST(fr.output.find("Afficher cette aide et quitter") != std::string::npos);
    const auto de = runCommand(quoted(kTool) + " --lang de scenario validate --help");
    BOOST_TEST(de.exitCode == 0);
    BOOST_TEST(de.output.find("Aufruf: sandtable scenario validate") != std::string::npos);
    BOOST_TEST(de.output.find("Ein Szenario gegen das Schema und die Regeln prüfen") != std::string::npos);
    BOOST_TEST(de.output.find("Optionen:") != std::string::npos);
    // The locale alone (no LANGUAGE): German from LC_ALL.
    const auto locale = runCommand("LC_ALL=de_DE.UTF-8 " + quoted(kTool) + " --help");
    BOOST_TEST(locale.output.find("Unterbefehle:") != std::string::npos);
    // English stays English.
    const auto en = runCommand(quoted(kTool) + " --lang en scenario --help");
    BOOST_TEST(en.output.find("Create and check scenario documents") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_input_errors_in_each_language)
{
    const std::string missing = quoted("/nonexistent-folder/scenario.json");
    const auto fr = runCommand("LANGUAGE=fr " + quoted(kTool) + " scenario validate " + missing);
    BOOST_TEST(fr.exitCode == 1);
    BOOST_TEST(fr.output.find("sandtable: erreur : /nonexistent-folder/scenario.json") != std::string::npos);
    const auto de = runCommand(quoted(kTool) + " --lang=de scenario validate " + missing);
    BOOST_TEST(de.exitCode == 1);
    BOOST_TEST(de.output.find("sandtable: Fehler: /nonexistent-folder/scenario.json") != std::string::npos);
    // A usage error: the hint in the language, the command names as typed.
    const auto usage = runCommand(quoted(kTool) + " --lang de scenaro new");
    BOOST_TEST(usage.exitCode == 2);
    BOOST_TEST(usage.output.find("sandtable: Aufruffehler:") != std::string::npos);
    BOOST_TEST(usage.output.find("'scenaro' ist hier kein Befehl. Meinten Sie: scenario?") != std::string::npos);
    BOOST_TEST(usage.output.find("Aufruffehler: Ein Unterbefehl ist erforderlich") != std::string::npos);
    // CLI11's own message for a missing required option, with the option's name as typed.
    const auto required = runCommand("LANGUAGE=fr " + quoted(kTool) + " scenario new");
    BOOST_TEST(required.exitCode == 2);
    BOOST_TEST(required.output.find("erreur d'utilisation : --output est obligatoire") != std::string::npos);
    const auto usageFr = runCommand("LANGUAGE=fr " + quoted(kTool) + " scenaro new");
    BOOST_TEST(usageFr.output.find("Vouliez-vous dire : scenario ?") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(finding_codes_pointers_and_json_keys_are_the_same_in_every_language)
{
    // The Gettysburg example has warnings (units beyond their HQ's command range).
    const std::string example = quoted(sandtable::test::sourceDir().string() + "/examples/gettysburg/gettysburg.sandtable.json");
    const auto english = stdoutOf(kTool, "--json scenario validate " + example);
    BOOST_REQUIRE(english.exitCode == 0);
    const auto reference = nlohmann::ordered_json::parse(english.output);
    BOOST_REQUIRE(!reference.at("diagnostics").empty());
    for (const std::string language : {"fr", "de"}) {
        BOOST_TEST_CONTEXT("language " << language)
        {
            const auto r = stdoutOf(kTool, "--lang " + language + " --json scenario validate " + example);
            BOOST_TEST(r.exitCode == 0);
            const auto document = nlohmann::ordered_json::parse(r.output);
            std::vector<std::string> keys, referenceKeys;
            for (const auto& [key, value] : document.items())
                keys.push_back(key);
            for (const auto& [key, value] : reference.items())
                referenceKeys.push_back(key);
            BOOST_TEST(keys == referenceKeys, boost::test_tools::per_element());
            BOOST_REQUIRE(document.at("diagnostics").size() == reference.at("diagnostics").size());
            for (std::size_t i = 0; i < document.at("diagnostics").size(); ++i) {
                const auto& d = document.at("diagnostics")[i];
                const auto& e = reference.at("diagnostics")[i];
                BOOST_TEST(d.at("code") == e.at("code"));
                BOOST_TEST(d.at("path") == e.at("path"));
                BOOST_TEST(d.at("severity") == e.at("severity")); // "warning" in JSON, whatever the language
            }
        }
    }
    // The human lines: severity and counts translated (real plurals), the [code] as in English.
    const std::size_t warnings = reference.at("warnings").get<std::size_t>();
    const std::string code = reference.at("diagnostics")[0].at("code").get<std::string>();
    const auto fr = runCommand("LANGUAGE=fr " + quoted(kTool) + " scenario validate " + example);
    BOOST_TEST(fr.output.find(": avertissement: ") != std::string::npos);
    BOOST_TEST(fr.output.find("[" + code + "]") != std::string::npos);
    BOOST_TEST(fr.output.find("0 erreur, " + std::to_string(warnings) + " avertissements") != std::string::npos);
    const auto de = runCommand("LANGUAGE=de " + quoted(kTool) + " scenario validate " + example);
    BOOST_TEST(de.output.find(": Warnung: ") != std::string::npos);
    BOOST_TEST(de.output.find("0 Fehler, " + std::to_string(warnings) + " Warnungen") != std::string::npos);
    // The set-up findings' own words in the reader's language, the code as in English: the artillery reserve
    // stands beyond the Pub Battles command range of 1024 m (6.4 cm at 1:16,000) from Meade's HQ.
    BOOST_TEST(fr.output.find("unité 'us-artillery-reserve' : à ") != std::string::npos);
    BOOST_TEST(fr.output.find(" m de son QG 'us-army-hq', au-delà du rayon de commandement de 1024 m (elle ne peut pas attaquer)")
        != std::string::npos);
    BOOST_TEST(de.output.find(" m von ihrem Stab 'us-army-hq', jenseits der Befehlsreichweite von 1024 m (sie kann nicht angreifen)")
        != std::string::npos);
    BOOST_TEST(de.output.find("[setup.command_range]") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
