// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the catalogue against files it did not make and faults: foreign or hostile files, newer schemas,
// unwritable paths, damaged packages, two processes writing at once, a writer killed mid-export.
#include "sandtable/catalogue/catalogue.hpp"

#include "catalogue_test_support.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

namespace catalogue = sandtable::catalogue;
namespace core = sandtable::core;
namespace test = sandtable::test;

namespace {

/// A catalogue holding smallScenario(), made by the library.
std::filesystem::path makeCatalogue(const test::TemporaryFolder& folder)
{
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    catalogue::Catalogue::open(folder / "catalogue.gpkg").exportScenario(folder / "a.json");
    return folder / "catalogue.gpkg";
}

/// The reason of the FormatError that opening and listing `path` throws (fails the test when none is thrown).
std::string formatErrorOf(const std::filesystem::path& path)
{
    try {
        catalogue::Catalogue::open(path).list();
    } catch (const core::util::FormatError& e) {
        BOOST_TEST(e.file() == path.string());
        return e.what();
    } catch (const std::exception& e) {
        BOOST_FAIL("expected a FormatError, got: " << e.what());
    }
    BOOST_FAIL("expected a FormatError for " << path);
    return {};
}

/// Exports `count` distinct scenarios named "<prefix>-<n>" in this process; returns 0 on success.
int exportMany(const std::filesystem::path& folder, const std::filesystem::path& db, const std::string& prefix, int count)
{
    try {
        auto c = catalogue::Catalogue::open(db);
        for (int i = 0; i < count; ++i) {
            const std::string id = prefix + "-" + std::to_string(i);
            const auto file = folder / (id + ".json");
            test::writeScenarioFile(test::scenarioNamed(id, "Package " + id), file);
            c.exportScenario(file);
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", prefix.c_str(), e.what());
        return 1;
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(catalogue_safety)

BOOST_AUTO_TEST_CASE(a_file_that_is_not_sqlite_is_a_format_error_naming_it)
{
    test::TemporaryFolder folder;
    core::io::writeFileAtomically(folder / "notes.gpkg", std::string(4096, 'x'));
    const std::string what = formatErrorOf(folder / "notes.gpkg");
    BOOST_TEST(what.find("notes.gpkg") != std::string::npos);
    BOOST_TEST(what.find("not an SQLite database") != std::string::npos, what);
}

BOOST_AUTO_TEST_CASE(wrong_application_id_is_refused)
{
    test::TemporaryFolder folder;
    test::execSql(folder / "other.gpkg", "PRAGMA application_id = 1234; CREATE TABLE t (x INTEGER);");
    const std::string what = formatErrorOf(folder / "other.gpkg");
    BOOST_TEST(what.find("application_id is 0x000004d2, expected 0x47504b47 ('GPKG')") != std::string::npos, what);
    // Export into it is refused the same way, and the file keeps its table.
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    BOOST_CHECK_THROW(catalogue::Catalogue::open(folder / "other.gpkg").exportScenario(folder / "a.json"), core::util::FormatError);
    BOOST_TEST(test::queryText(folder / "other.gpkg", "SELECT count(*) FROM sqlite_master") == "1");
}

BOOST_AUTO_TEST_CASE(a_trigger_on_a_sandtable_table_is_refused_and_never_runs)
{
    test::TemporaryFolder folder;
    const auto db = makeCatalogue(folder);
    test::execSql(db, "CREATE TABLE loot (x TEXT); CREATE TRIGGER steal AFTER INSERT ON packages BEGIN INSERT INTO loot VALUES (NEW.title); END;");
    const std::string what = formatErrorOf(db);
    BOOST_TEST(what.find("trigger steal") != std::string::npos, what);
    test::writeScenarioFile(test::scenarioNamed("second", "Second"), folder / "b.json");
    BOOST_CHECK_THROW(catalogue::Catalogue::open(db).exportScenario(folder / "b.json"), core::util::FormatError);
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM loot") == "0");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM packages") == "1");
}

BOOST_AUTO_TEST_CASE(a_view_in_place_of_a_sandtable_table_is_refused)
{
    test::TemporaryFolder folder;
    const auto db = makeCatalogue(folder);
    test::execSql(db, "DROP TABLE units; CREATE VIEW units AS SELECT 1 AS fid;");
    const std::string what = formatErrorOf(db);
    BOOST_TEST(what.find("units: is a view") != std::string::npos, what);
}

BOOST_AUTO_TEST_CASE(a_catalogue_of_a_newer_schema_is_refused_with_a_clear_error)
{
    test::TemporaryFolder folder;
    const auto db = makeCatalogue(folder);
    test::execSql(db, "UPDATE sandtable_meta SET value = '4' WHERE key = 'schema_version'");
    const std::string what = formatErrorOf(db);
    BOOST_TEST(what.find("catalogue schema version 4 is newer than this sandtable reads (up to 3)") != std::string::npos, what);
    // An export refuses it too, and leaves it as it was.
    test::writeScenarioFile(test::scenarioNamed("other", "Other"), folder / "b.json");
    BOOST_CHECK_THROW(catalogue::Catalogue::open(db).exportScenario(folder / "b.json"), core::util::FormatError);
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM packages") == "1");
}

BOOST_AUTO_TEST_CASE(a_damaged_document_is_detected_on_extract)
{
    test::TemporaryFolder folder;
    const auto db = makeCatalogue(folder);
    test::execSql(db, "UPDATE package_documents SET document = CAST('{}' AS BLOB)");
    auto c = catalogue::Catalogue::open(db);
    try {
        c.extract("test-small", folder / "out.json");
        BOOST_FAIL("a damaged document was extracted");
    } catch (const core::util::FormatError& e) {
        BOOST_TEST(std::string(e.what()).find("does not match its SHA-256") != std::string::npos, e.what());
    }
    BOOST_TEST(!std::filesystem::exists(folder / "out.json"));
}

BOOST_AUTO_TEST_CASE(an_unwritable_catalogue_path_is_an_io_error_and_changes_nothing)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    const auto target = folder / "missing-folder" / "catalogue.gpkg";
    BOOST_CHECK_THROW(catalogue::Catalogue::open(target).exportScenario(folder / "a.json"), core::util::IoError);
    BOOST_TEST(!std::filesystem::exists(folder / "missing-folder"));
    // A path under a regular file cannot be created either.
    core::io::writeFileAtomically(folder / "plain.txt", "text");
    BOOST_CHECK_THROW(catalogue::Catalogue::open(folder / "plain.txt" / "c.gpkg").exportScenario(folder / "a.json"), core::util::IoError);
    BOOST_TEST(core::io::readFile(folder / "plain.txt") == "text");
}

BOOST_AUTO_TEST_CASE(two_processes_exporting_at_once_lose_nothing)
{
    test::TemporaryFolder folder;
    const auto db = folder / "shared.gpkg";
    constexpr int kEach = 100;
    std::vector<pid_t> children;
    for (const char* prefix : {"left", "right"}) {
        const pid_t pid = fork();
        BOOST_TEST_REQUIRE(pid >= 0);
        if (pid == 0)
            _exit(exportMany(folder.path(), db, prefix, kEach));
        children.push_back(pid);
    }
    for (pid_t pid : children) {
        int status = 0;
        waitpid(pid, &status, 0);
        BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0), "a writer failed (see its message above)");
    }
    auto c = catalogue::Catalogue::open(db);
    BOOST_TEST(c.list().size() == std::size_t{2 * kEach});
    BOOST_TEST(test::queryText(db, "PRAGMA integrity_check") == "ok");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM terrain_epsg_32618_polygons") == std::to_string(2 * kEach));
}

BOOST_AUTO_TEST_CASE(a_writer_killed_mid_export_leaves_whole_packages_only)
{
    test::TemporaryFolder folder;
    const auto db = makeCatalogue(folder);
    const pid_t pid = fork();
    BOOST_TEST_REQUIRE(pid >= 0);
    if (pid == 0)
        _exit(exportMany(folder.path(), db, "victim", 1000));
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    BOOST_TEST(WIFSIGNALED(status));
    // The library's read-write connection recovers the write-ahead log the killed writer left.
    auto c = catalogue::Catalogue::open(db);
    const auto packages = c.list();
    BOOST_TEST(test::queryText(db, "PRAGMA integrity_check") == "ok");
    BOOST_TEST(packages.size() >= 1u);
    // Every package that is there is whole: its document reads back against its SHA-256, its terrain and units are there.
    for (const auto& p : packages)
        BOOST_CHECK_NO_THROW(c.document(p.id));
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM packages") == std::to_string(packages.size()));
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM terrain_epsg_32618_lines") == std::to_string(packages.size()));
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM units") == std::to_string(3 * packages.size()));
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM package_search") == std::to_string(packages.size()));
}

BOOST_AUTO_TEST_SUITE_END()
