// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the built `sandtable` executable (cli/src/main.cpp) as a user runs it: one executable with every
// command, the global flags anywhere on the line, exit codes 0/1/2, nothing else needed beside it.
#include "sandtable/core/version.hpp"
#include "support/run_command.hpp"
#include "support/test_data.hpp"
#include "sandtable/core/io/atomic_file.hpp"

#include <boost/test/unit_test.hpp>
#include "support/json_reading.hpp"

#include <filesystem>
#include <sstream>
#include <unistd.h>
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
            const auto j = sandtable::test::parseJson(r.output);
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
    BOOST_TEST(fr.output.find("Utilisation : sandtable scenario") != std::string::npos);
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
    const auto reference = sandtable::test::parseJson(english.output);
    BOOST_REQUIRE(!reference.at("diagnostics").empty());
    for (const std::string language : {"fr", "de"}) {
        BOOST_TEST_CONTEXT("language " << language)
        {
            const auto r = stdoutOf(kTool, "--lang " + language + " --json scenario validate " + example);
            BOOST_TEST(r.exitCode == 0);
            const auto document = sandtable::test::parseJson(r.output);
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

BOOST_AUTO_TEST_CASE(result_lines_and_findings_of_every_noun_speak_french_and_german)
{
    // Issue 25: the result lines of oob, grid and vassal and the schema's type words in the reader's language.
    const std::string examples = sandtable::test::sourceDir().string() + "/examples/";
    const std::filesystem::path work = std::filesystem::temp_directory_path() / ("sandtable-i18n-" + std::to_string(::getpid()));
    std::filesystem::create_directories(work);

    // Pub Battles rulebook "Victory": a side routs at half its infantry blocks, rounded up: 18 -> 9.
    const auto summary = runCommand("LANGUAGE=de " + quoted(kTool) + " oob summary " + quoted(examples + "gettysburg/gettysburg.sandtable.json"));
    BOOST_TEST(summary.exitCode == 0);
    BOOST_TEST(summary.output.find("18 Infanterieblöcke zu Beginn, Flucht bei 9 Verlusten von 18 (Ende von Tag 1)") != std::string::npos,
        summary.output);
    // SYW house rules: infantry moves 1 field, cavalry 3.
    const auto syw = runCommand("LANGUAGE=fr " + quoted(kTool) + " oob summary " + quoted(examples + "rossbach/rossbach.sandtable.json"));
    BOOST_TEST(syw.exitCode == 0);
    BOOST_TEST(syw.output.find("règles maison SYW, 1 champ = 10 cm") != std::string::npos, syw.output);
    BOOST_TEST(syw.output.find("mouvements : infanterie 1 champ, cavalerie 3 champs") != std::string::npos, syw.output);

    // Campaign Lite, "Fields, woods, and orchards": walls on a d6, 1-3 a wooden fence on two sides (then a d6
    // for a hedge, 1-3 on two sides), 4-6 stone walls on all sides. Every rolled line says so in French.
    const std::filesystem::path campaign = work / "campaign.sandtable.json";
    std::filesystem::copy_file(examples + "gettysburg-campaign/gettysburg-campaign.sandtable.json", campaign);
    const auto roll = stdoutOf(kTool, "--lang fr grid roll " + quoted(campaign.string()) + " --seed 7 --region valley");
    BOOST_TEST(roll.exitCode == 0);
    std::istringstream lines(roll.output);
    std::string line;
    int fenced = 0, walled = 0, nothing = 0;
    while (std::getline(lines, line)) {
        BOOST_TEST_CONTEXT(line)
        {
            // The result words in French too: champ (field), verger (orchard), bois (woods), rien (nothing).
            const bool fields = line.find(" champ: ") != std::string::npos || line.find(" verger: ") != std::string::npos
                || (line.find(" bois: ") != std::string::npos && line.find(" d6=") != std::string::npos);
            const auto d6 = line.find(" d6=");
            if (fields && d6 != std::string::npos) {
                const int walls = line[d6 + 4] - '0';
                if (walls <= 3) {
                    ++fenced;
                    BOOST_TEST(line.find("; Une clôture de bois sur deux côtés, le côté route d'abord; ") != std::string::npos);
                    const auto hedge = line.find(" d6=", d6 + 1);
                    BOOST_REQUIRE(hedge != std::string::npos);
                    BOOST_TEST(line.find(line[hedge + 4] - '0' <= 3 ? "une haie sur deux côtés" : "pas de haie") != std::string::npos);
                } else {
                    ++walled;
                    BOOST_TEST(line.find("; Des murs de pierre sur tous les côtés") != std::string::npos);
                }
            }
            if (line.find(" rien: ") != std::string::npos) {
                ++nothing;
                BOOST_TEST(line.substr(line.size() - 6) == ": rien");
            }
        }
    }
    BOOST_TEST(fenced + walled > 0);
    BOOST_TEST(nothing > 0);

    // A VASSAL finding in French with its code; a schema finding in German with JSON's type words.
    const std::filesystem::path empty = work / "empty.sandtable.json";
    BOOST_REQUIRE(runCommand(quoted(kTool) + " scenario new --system pub-battles --title Empty -o " + quoted(empty.string())).exitCode == 0);
    const auto vassal = runCommand("LANGUAGE=fr " + quoted(kTool) + " vassal export " + quoted(empty.string()) + " -o "
        + quoted((work / "empty.vmod").string()));
    BOOST_TEST(vassal.exitCode == 0);
    BOOST_TEST(vassal.output.find("le scénario n'a pas d'emprise : le module n'a pas de carte de bataille, seulement les palettes [vassal.no_board]")
        != std::string::npos, vassal.output);
    BOOST_TEST(vassal.output.find(": module VASSAL 3.7.0, 0 pion, 0 au départ, 0 renfort") != std::string::npos, vassal.output);
    std::string text = sandtable::core::io::readFile(empty);
    const std::string title = "\"title\": \"Empty\"";
    BOOST_REQUIRE(text.find(title) != std::string::npos);
    text.replace(text.find(title), title.size(), "\"title\": 5");
    const std::filesystem::path bad = work / "bad.sandtable.json";
    sandtable::core::io::writeFileAtomically(bad, text);
    const auto schema = runCommand("LANGUAGE=de " + quoted(kTool) + " scenario validate " + quoted(bad.string()));
    BOOST_TEST(schema.exitCode == 1);
    BOOST_TEST(schema.output.find("/title: 'title': eine Zeichenkette erwartet, eine ganze Zahl (5) gefunden [schema.type]") != std::string::npos,
        schema.output);
    std::error_code ec;
    std::filesystem::remove_all(work, ec);
}

BOOST_AUTO_TEST_CASE(type_words_missing_values_and_unknown_languages)
{
    // The help's type words (CLI11's FLOAT, INT, TEXT) in the reader's language, the option names as typed.
    const auto fr = runCommand("LANGUAGE=fr " + quoted(kTool) + " grid new --help");
    BOOST_TEST(fr.exitCode == 0);
    BOOST_TEST(fr.output.find("--square NOMBRE") != std::string::npos, fr.output);
    BOOST_TEST(fr.output.find("--rows ENTIER") != std::string::npos, fr.output);
    BOOST_TEST(fr.output.find("FLOAT") == std::string::npos, fr.output);
    const auto de = runCommand(quoted(kTool) + " --lang de grid new --help");
    BOOST_TEST(de.output.find("--square ZAHL") != std::string::npos, de.output);
    BOOST_TEST(de.output.find("--rows GANZZAHL") != std::string::npos, de.output);
    // An option given without its value: CLI11's message in the language, with the translated type word.
    const auto missing = runCommand("LANGUAGE=fr " + quoted(kTool) + " grid new x.json --square");
    BOOST_TEST(missing.exitCode == 2);
    BOOST_TEST(missing.output.find("--square attend une valeur (NOMBRE)") != std::string::npos, missing.output);
    const auto missingDe = runCommand("LANGUAGE=de " + quoted(kTool) + " grid new x.json --square");
    BOOST_TEST(missingDe.output.find("--square braucht einen Wert (ZAHL)") != std::string::npos, missingDe.output);
    // A language with no catalogue here: said once on stderr, naming those there are; English follows.
    const auto unknown = runCommand(quoted(kTool) + " --lang xx scenario --help");
    BOOST_TEST(unknown.exitCode == 0);
    BOOST_TEST(unknown.output.find("no messages in 'xx' here (installed: en, de, fr); the messages are in English") != std::string::npos,
        unknown.output);
    BOOST_TEST(unknown.output.find("Create and check scenario documents") != std::string::npos);
    const auto regional = runCommand(quoted(kTool) + " --lang fr_CA scenario --help");
    BOOST_TEST(regional.output.find("no messages") == std::string::npos, regional.output);
    BOOST_TEST(regional.output.find("Créer et vérifier des documents de scénario") != std::string::npos);
    // LANG naming a French locale that is not installed here (no UTF-8 suffix): still French messages.
    const auto lang = runCommand("env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=fr_FR " + quoted(kTool) + " scenario --help");
    BOOST_TEST(lang.output.find("Créer et vérifier des documents de scénario") != std::string::npos, lang.output);
}

BOOST_AUTO_TEST_CASE(grid_derive_lines_in_the_readers_words_and_numbers)
{
    // The same derivation read in English and in German: each line the same, but for the cover and edge
    // words and the decimal comma (LC_ALL=de_DE.UTF-8: "0,266", "halbes Feld", "Nord").
    sandtable::test::TemporaryFolder folder;
    const std::filesystem::path campaign = folder / "campaign.sandtable.json";
    std::filesystem::copy_file(sandtable::test::sourceDir() / "examples/gettysburg-campaign/gettysburg-campaign.sandtable.json", campaign);
    const auto en = stdoutOf(kTool, "grid derive " + quoted(campaign.string()));
    const auto de = runCommand("{ LC_ALL=de_DE.UTF-8 " + quoted(kTool) + " grid derive " + quoted(campaign.string()) + " 2>/dev/null; }");
    BOOST_REQUIRE(en.exitCode == 0);
    BOOST_REQUIRE(de.exitCode == 0);
    std::string expected = en.output;
    const std::pair<std::string, std::string> words[] = {{"squares set by hand, kept:", "Felder von Hand gesetzt, beibehalten:"},
        {"square set by hand, kept:", "Feld von Hand gesetzt, beibehalten:"}, {"whole square", "ganzes Feld"}, {"half square", "halbes Feld"},
        {"no cover", "keine"}, {"north", "Nord"}, {"east", "Ost"}, {"south", "Süd"}, {"west", "West"}, {"middle", "Mitte"}};
    for (const auto& [english, german] : words)
        for (std::size_t at = expected.find(english); at != std::string::npos; at = expected.find(english, at + german.size()))
            expected.replace(at, english.size(), german);
    std::size_t decimals = 0;
    for (const std::string whole : {"=0.", "=1."}) // coverage is a fraction of the square, 0 to 1
        for (std::size_t at = expected.find(whole); at != std::string::npos; at = expected.find(whole, at))
            expected[at + 2] = ',', ++decimals;
    BOOST_TEST(decimals > 10u); // the example's woods, towns and hills give coverage figures in many squares
    const std::string& got = de.output;
    BOOST_TEST(got == expected);
    BOOST_TEST(got.find("halbes Feld") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
