// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/scenario_file.hpp: schema gate, version gate, byte-identical round trip.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

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
        ""};
    saveScenario(s, folder / "a.json");
    const LoadedScenario loaded = loadScenario(folder / "a.json");
    BOOST_TEST((loaded.scenario == s));
    saveScenario(loaded.scenario, folder / "b.json");
    BOOST_TEST(readFile(folder / "a.json") == readFile(folder / "b.json"));
}

BOOST_AUTO_TEST_CASE(refuses_a_newer_format_version_naming_the_file)
{
    const std::string text = R"({"format": "sandtable-scenario", "version": 2, "id": "x", "title": "", "system": "pub-battles", "crs": ""})";
    try {
        parseScenario(text, "future.json");
        BOOST_FAIL("a newer version was accepted");
    } catch (const FormatError& e) {
        BOOST_TEST(e.file() == "future.json");
        BOOST_TEST(e.object() == "/version");
        BOOST_TEST(std::string(e.what()).find("newer") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(schema_violations_name_the_json_pointer)
{
    std::string text = serializeScenario(sandtable::test::smallScenario());
    const auto at = text.find("\"strength\": 4000");
    BOOST_REQUIRE(at != std::string::npos);
    text.replace(at, 16, "\"strength\": -5");
    const ValidationReport report = validateScenarioText(text, "bad.json");
    BOOST_TEST(!report.scenario.has_value());
    BOOST_REQUIRE(!report.diagnostics.empty());
    bool named = false;
    for (const auto& d : report.diagnostics)
        named = named || d.path == "/units/1/strength";
    BOOST_TEST(named);
    BOOST_CHECK_THROW(parseScenario(text, "bad.json"), FormatError);
}

BOOST_AUTO_TEST_CASE(rejects_unknown_members_and_bad_json)
{
    BOOST_CHECK_THROW(parseScenario("{not json", "x.json"), FormatError);
    BOOST_CHECK_THROW(parseScenario(R"({"format": "something-else", "version": 1})", "x.json"), FormatError);
    std::string text = serializeScenario(sandtable::test::smallScenario());
    text.insert(1, "\"colour_of_sky\": \"blue\",");
    BOOST_CHECK_THROW(parseScenario(text, "x.json"), FormatError);
}

BOOST_AUTO_TEST_CASE(empty_scenario_of_each_system_validates_without_errors)
{
    for (auto system : {GameSystem::PubBattles, GameSystem::TableBattles, GameSystem::CampaignLite, GameSystem::SywMiniatures}) {
        Scenario s;
        s.settings.id = "empty";
        s.settings.system = system;
        const ValidationReport report = validateScenarioText(serializeScenario(s), "empty.json");
        BOOST_TEST(report.scenario.has_value());
        BOOST_TEST(!hasErrors(report.diagnostics));
    }
}

BOOST_AUTO_TEST_CASE(the_bundled_example_passes_schema_and_rules)
{
    const auto path = sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json";
    const ValidationReport report = validateScenarioText(readFile(path), path.string());
    for (const auto& d : report.diagnostics)
        BOOST_TEST_MESSAGE(toString(d.severity) << " " << d.path << " " << d.message);
    BOOST_TEST(countSeverity(report.diagnostics, Severity::Error) == 0u);
    BOOST_REQUIRE(report.scenario.has_value());
    BOOST_TEST(report.scenario->terrain.size() >= 8u);
    BOOST_TEST(report.scenario->sides.size() == 2u);
    // Saved by sandtable, so re-serialising gives the same bytes.
    BOOST_TEST(serializeScenario(*report.scenario) == readFile(path));
}

BOOST_AUTO_TEST_CASE(save_into_an_unwritable_folder_fails_and_keeps_the_old_file)
{
    TemporaryFolder folder;
    const auto target = folder / "keep.json";
    saveScenario(sandtable::test::smallScenario(), target);
    const std::string before = readFile(target);
    std::filesystem::permissions(folder.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    if (::geteuid() == 0) {
        // root ignores folder permissions; a path under a file cannot be written by anyone.
        BOOST_CHECK_THROW(saveScenario(Scenario{}, target / "sub.json"), IoError);
    } else {
        BOOST_CHECK_THROW(saveScenario(Scenario{}, target), IoError);
    }
    std::filesystem::permissions(folder.path(), std::filesystem::perms::owner_all);
    BOOST_TEST(readFile(target) == before);
}

BOOST_AUTO_TEST_SUITE_END()
