// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers of the catalogue tests: scenario files from the fixtures, raw SQLite reads that bypass the library,
// and running external tools (GDAL's validator, ogrinfo).
#pragma once

#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "support/run_command.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>
#include <sqlite3.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <sys/wait.h>

namespace sandtable::test {

/// Saves `scenario` in sandtable's layout at `path` and returns the bytes written.
inline std::string writeScenarioFile(const core::Scenario& scenario, const std::filesystem::path& path)
{
    const std::string bytes = core::io::serializeScenario(scenario);
    core::io::writeFileAtomically(path, bytes);
    return bytes;
}

/// First column of the first row of `sql` as text (empty when no row), read with plain SQLite.
inline std::string queryText(const std::filesystem::path& db, const std::string& sql)
{
    sqlite3* handle = nullptr;
    if (sqlite3_open_v2(db.string().c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(handle);
        throw std::runtime_error("cannot open " + db.string());
    }
    sqlite3_stmt* stmt = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(handle, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
        const std::string message = sqlite3_errmsg(handle);
        sqlite3_close(handle);
        throw std::runtime_error(sql + ": " + message);
    }
    if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0))
        out = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    return out;
}

/// Runs SQL statements with plain SQLite (to build hostile files); throws on failure.
inline void execSql(const std::filesystem::path& db, const std::string& sql)
{
    sqlite3* handle = nullptr;
    sqlite3_open(db.string().c_str(), &handle);
    char* message = nullptr;
    const int rc = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &message);
    const std::string text = message ? message : "";
    sqlite3_free(message);
    sqlite3_close(handle);
    if (rc != SQLITE_OK)
        throw std::runtime_error(sql + ": " + text);
}

/// GDAL's GeoPackage validator as Debian's python3-gdal installs it.
inline const std::filesystem::path kValidateGpkg = "/usr/share/doc/python3-gdal/examples/validate_gpkg.py";

/// Fails the test, naming the package, when GDAL's validator (python3-gdal) is not installed.
inline void requireValidator()
{
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(kValidateGpkg) && std::filesystem::exists("/usr/bin/python3"),
        "cannot run: " << kValidateGpkg << " is absent (python3-gdal; packaging/install-deps.sh)");
}

/// Fails the test, naming the package, when GDAL's command-line tools (gdal-bin) are not installed.
inline void requireOgrTools()
{
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists("/usr/bin/ogrinfo") && std::filesystem::exists("/usr/bin/ogr2ogr"),
        "cannot run: ogrinfo/ogr2ogr are absent (gdal-bin; packaging/install-deps.sh)");
}

/// A search for `text` without filters.
inline catalogue::SearchQuery words(const std::string& text)
{
    catalogue::SearchQuery query;
    query.text = text;
    return query;
}

/// smallScenario() with another id, title and description (for catalogues holding several packages).
inline core::Scenario scenarioNamed(const std::string& id, const std::string& title, const std::string& description = {})
{
    core::Scenario s = smallScenario();
    s.settings.id = id;
    s.settings.title = title;
    s.settings.description = description;
    return s;
}

} // namespace sandtable::test
