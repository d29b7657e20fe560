// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/scenario_file.hpp: schema gate, version gate, byte-identical round trip.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <clocale>
#include <cstdio>

#include <unistd.h>

using namespace sandtable::core;
using sandtable::test::TemporaryFolder;

BOOST_AUTO_TEST_SUITE(io_scenario_file)

BOOST_AUTO_TEST_CASE(saved_scenario_reads_back_equal_and_resaves_byte_identical)
{
    TemporaryFolder folder;
    Scenario s = sandtable::test::smallScenario();
    s.map = MapSource{"maps/scan.jpg", std::string(64, 'a'), 1500, 2500,
        Georeference{"EPSG:4326", {{1, 895.0, 600.0, -77.2311, 39.8309, true}, {2, 875.0, 985.0, -77.23, 39.8221, false}},
            GeoreferenceMethod::Affine, "EPSG:32618", {1, 2, 3, 4, 5, 6}, 123.456, 2.5},
        "", {ScanPlace{"Ziegler's Grove", {{100, 200}, {300, 200.5}, {300, 400}}, "VASSAL zone of board Field"},
                ScanPlace{"Little Round Top", {{900.25, 1800}}, ""}}};
    io::saveScenario(s, folder / "a.json");
    const io::LoadedScenario loaded = io::loadScenario(folder / "a.json");
    BOOST_TEST((loaded.scenario == s));
    io::saveScenario(loaded.scenario, folder / "b.json");
    BOOST_TEST(io::readFile(folder / "a.json") == io::readFile(folder / "b.json"));
}

BOOST_AUTO_TEST_CASE(refuses_a_newer_format_version_naming_the_file)
{
    const std::string text = R"({"format": "sandtable-scenario", "version": 2, "id": "x", "title": "", "system": "pub-battles", "crs": ""})";
    try {
        io::parseScenario(text, "future.json");
        BOOST_FAIL("a newer version was accepted");
    } catch (const util::FormatError& e) {
        BOOST_TEST(e.file() == "future.json");
        BOOST_TEST(e.object() == "/version");
        BOOST_TEST(std::string(e.what()).find("newer") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(schema_violations_name_the_json_pointer)
{
    std::string text = io::serializeScenario(sandtable::test::smallScenario());
    const auto at = text.find("\"strength\": 4000");
    BOOST_REQUIRE(at != std::string::npos);
    text.replace(at, 16, "\"strength\": -5");
    const io::ValidationReport report = io::validateScenarioText(text, "bad.json");
    BOOST_TEST(!report.scenario.has_value());
    BOOST_REQUIRE(!report.diagnostics.empty());
    bool named = false;
    for (const auto& d : report.diagnostics)
        named = named || d.path == "/units/1/strength";
    BOOST_TEST(named);
    BOOST_CHECK_THROW(io::parseScenario(text, "bad.json"), util::FormatError);
}

BOOST_AUTO_TEST_CASE(rejects_unknown_members_and_bad_json)
{
    BOOST_CHECK_THROW(io::parseScenario("{not json", "x.json"), util::FormatError);
    BOOST_CHECK_THROW(io::parseScenario(R"({"format": "something-else", "version": 1})", "x.json"), util::FormatError);
    std::string text = io::serializeScenario(sandtable::test::smallScenario());
    text.insert(1, "\"colour_of_sky\": \"blue\",");
    BOOST_CHECK_THROW(io::parseScenario(text, "x.json"), util::FormatError);
}

BOOST_AUTO_TEST_CASE(empty_scenario_of_each_system_validates_without_errors)
{
    for (auto system : {GameSystem::PubBattles, GameSystem::TableBattles, GameSystem::CampaignLite, GameSystem::SywMiniatures}) {
        Scenario s;
        s.settings.id = "empty";
        s.settings.system = system;
        const io::ValidationReport report = io::validateScenarioText(io::serializeScenario(s), "empty.json");
        BOOST_TEST(report.scenario.has_value());
        BOOST_TEST(!validation::hasErrors(report.diagnostics));
    }
}

BOOST_AUTO_TEST_CASE(the_bundled_example_passes_schema_and_rules)
{
    const auto path = sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json";
    const io::ValidationReport report = io::validateScenarioText(io::readFile(path), path.string());
    for (const auto& d : report.diagnostics)
        BOOST_TEST_MESSAGE(validation::toString(d.severity) << " " << d.path << " " << d.message);
    BOOST_TEST(validation::countSeverity(report.diagnostics, validation::Severity::Error) == 0u);
    BOOST_REQUIRE(report.scenario.has_value());
    BOOST_TEST(report.scenario->terrain.size() >= 8u);
    BOOST_TEST(report.scenario->sides.size() == 2u);
    // Saved by sandtable, so re-serialising gives the same bytes.
    BOOST_TEST(io::serializeScenario(*report.scenario) == io::readFile(path));
}

BOOST_AUTO_TEST_CASE(save_into_an_unwritable_folder_fails_and_keeps_the_old_file)
{
    TemporaryFolder folder;
    const auto target = folder / "keep.json";
    io::saveScenario(sandtable::test::smallScenario(), target);
    const std::string before = io::readFile(target);
    std::filesystem::permissions(folder.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    if (::geteuid() == 0) {
        // root ignores folder permissions; a path under a file cannot be written by anyone.
        BOOST_CHECK_THROW(io::saveScenario(Scenario{}, target / "sub.json"), util::IoError);
    } else {
        BOOST_CHECK_THROW(io::saveScenario(Scenario{}, target), util::IoError);
    }
    std::filesystem::permissions(folder.path(), std::filesystem::perms::owner_all);
    BOOST_TEST(io::readFile(target) == before);
}

BOOST_AUTO_TEST_SUITE_END()

// Issue 25: a scenario saved where the decimal separator is a comma is the same file, byte for byte, as
// one saved under "C" (numbers such as 123.456 and 2.5 in the map's georeference, the terrain's coordinates).
BOOST_AUTO_TEST_SUITE(io_scenario_file_locale)

BOOST_AUTO_TEST_CASE(saves_byte_identical_under_a_comma_decimal_locale)
{
    TemporaryFolder folder;
    Scenario s = sandtable::test::smallScenario();
    s.map = MapSource{"maps/scan.jpg", std::string(64, 'a'), 1500, 2500,
        Georeference{"EPSG:4326", {{1, 895.5, 600.25, -77.2311, 39.8309, true}, {2, 875.0, 985.0, -77.23, 39.8221, false}},
            GeoreferenceMethod::Affine, "EPSG:32618", {1.5, 2.25, 3, 4, 5, 6}, 123.456, 2.5},
        "", {}};
    io::saveScenario(s, folder / "c.json");
    BOOST_REQUIRE_MESSAGE(std::setlocale(LC_ALL, "de_DE.UTF-8"),
        "the de_DE.UTF-8 locale is not installed (packaging/install-deps.sh generates it)");
    char decimal[8];
    std::snprintf(decimal, sizeof decimal, "%.1f", 2.5);
    BOOST_TEST(std::string(decimal) == "2,5"); // the locale really writes a comma
    io::saveScenario(s, folder / "de.json");
    const io::LoadedScenario loaded = io::loadScenario(folder / "de.json"); // and reads back under it
    std::setlocale(LC_ALL, "C");
    BOOST_TEST(io::readFile(folder / "de.json") == io::readFile(folder / "c.json"));
    BOOST_TEST((loaded.scenario == s));
    BOOST_TEST(io::readFile(folder / "c.json").find("123.456") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(io_scenario_file_language)

BOOST_AUTO_TEST_CASE(the_print_language_is_saved_only_when_not_english_and_reads_back)
{
    TemporaryFolder folder;
    Scenario s = sandtable::test::smallScenario();
    io::saveScenario(s, folder / "en.json");
    BOOST_TEST(io::readFile(folder / "en.json").find("\"language\"") == std::string::npos); // older files unchanged
    s.settings.language = "de";
    io::saveScenario(s, folder / "de.json");
    BOOST_TEST(io::readFile(folder / "de.json").find("\"language\": \"de\"") != std::string::npos);
    BOOST_TEST(io::loadScenario(folder / "de.json").scenario.settings.language == "de");
    // The schema refuses what is not a language code.
    std::string text = io::readFile(folder / "de.json");
    text.replace(text.find("\"language\": \"de\""), 16, "\"language\": \"German\"");
    BOOST_CHECK_THROW(io::parseScenario(text, "german.json"), util::FormatError);
}

BOOST_AUTO_TEST_SUITE_END()
