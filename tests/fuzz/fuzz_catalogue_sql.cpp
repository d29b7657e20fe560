// SPDX-License-Identifier: GPL-3.0-or-later
// A catalogue someone altered with SQL (issue 11: triggers, views, oversized blobs, a wrong application_id,
// a rewritten schema). The input is an SQL script that a plain SQLite connection, as any tool could, runs
// on a copy of a valid one-package catalogue; sandtable then opens the altered file defensively, lists and
// searches it, shows the package, reads its document and thumbnail, exports a second scenario into it (for
// scripts of even length) and removes the first. Raw-byte mutation of a SQLite file (fuzz_catalogue_open)
// seldom gets past the header; this target reaches the tables.
#include "fuzz_support.hpp"
#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/io/atomic_file.hpp"

#include <sqlite3.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace {

/// The valid catalogue every input starts from: small-terrain.json exported once (rollback journal, so
/// that the file alone is the whole database).
const std::string& baseCatalogue()
{
    static const std::string bytes = [] {
        namespace fs = std::filesystem;
        const fs::path folder = fs::temp_directory_path() / ("sandtable-fuzz-sql-base-" + std::to_string(::getpid()));
        fs::create_directories(folder);
        const fs::path file = folder / "base.gpkg";
        {
            sandtable::catalogue::Catalogue c = sandtable::catalogue::Catalogue::open(file);
            c.exportScenario(SANDTABLE_FUZZ_SEED_SCENARIO);
        }
        sqlite3* db = nullptr;
        if (sqlite3_open(file.c_str(), &db) != SQLITE_OK
            || sqlite3_exec(db, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr) != SQLITE_OK)
            std::abort();
        sqlite3_close(db);
        std::string out = sandtable::core::io::readFile(file);
        std::error_code ec;
        fs::remove_all(folder, ec);
        return out;
    }();
    return bytes;
}

/// The script may not reach outside the file (ATTACH, VACUUM INTO) nor load code.
int authorize(void*, int action, const char*, const char*, const char*, const char*)
{
    return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

/// Stops a script that runs too long (recursive CTEs): about a million virtual machine steps.
int progress(void* steps)
{
    return ++*static_cast<int*>(steps) > 1000;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::catalogue;
    const std::string& base = baseCatalogue();
    const std::filesystem::path file =
        sandtable::fuzz::scratchFile("altered.gpkg", reinterpret_cast<const std::uint8_t*>(base.data()), base.size());
    {
        sqlite3* db = nullptr;
        if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
            sqlite3_close(db);
            return 0;
        }
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 4 << 20);
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
        sqlite3_set_authorizer(db, authorize, nullptr);
        int steps = 0;
        sqlite3_progress_handler(db, 1000, progress, &steps);
        const std::string script(reinterpret_cast<const char*>(data), size);
        sqlite3_exec(db, script.c_str(), nullptr, nullptr, nullptr); // what it could do, it did
        sqlite3_close_v2(db);
    }
    try {
        Catalogue catalogue = Catalogue::open(file);
        const auto packages = catalogue.list();
        for (std::size_t i = 0; i < packages.size() && i < 2; ++i) {
            try {
                (void)catalogue.show(packages[i].id);
                (void)catalogue.document(packages[i].id);
                (void)catalogue.thumbnail(packages[i].id);
            } catch (const std::exception&) {
            }
        }
        SearchQuery query;
        query.text = "battle";
        try {
            (void)catalogue.search(query);
        } catch (const std::exception&) {
        }
        // The write path on every other input (scripts of even length): an export costs as much as the rest.
        if (size % 2 == 0) {
            try {
                catalogue.exportScenario(SANDTABLE_FUZZ_SEED_SCENARIO);
            } catch (const std::exception&) {
            }
        }
        if (!packages.empty())
            (void)catalogue.remove(packages.front().id);
    } catch (const std::exception&) {
        // Every exception becomes "sandtable: error: ..." exit 1 in the CLI: not a crash.
    }
    return 0;
}
