// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of catalogue/src/geopackage/sqlite_db.hpp that the public API cannot reach: the writeback hint keeps the
// write lock.
#include "geopackage/sqlite_db.hpp"
#include "support/run_command.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

namespace detail = sandtable::catalogue::detail;

BOOST_AUTO_TEST_SUITE(catalogue_sqlite_db)

BOOST_AUTO_TEST_CASE(starting_the_writeback_keeps_the_write_lock)
{
    // Closing any descriptor of a file drops every POSIX lock the process holds on it. startWriteback must
    // therefore use SQLite's own descriptors: while this process is inside BEGIN IMMEDIATE, another
    // process must still be refused the write lock after it. (Opening and closing the file here made two
    // exporting processes fail with "disk I/O error" in 2-15 of 40 runs.)
    sandtable::test::TemporaryFolder folder;
    const auto path = folder / "lock.sqlite";
    detail::Database db = detail::Database::open(path, detail::Database::Access::Create, 0);
    db.exec("CREATE TABLE t(x)");
    detail::Transaction write(db, detail::Transaction::Kind::Immediate);
    db.exec("INSERT INTO t VALUES (1)");
    db.startWriteback();
    // Another process: the sqlite3 shell (a forked child would share this process's SQLite lock table).
    const auto other = sandtable::test::runCommand("sqlite3 '" + path.string() + "' 'BEGIN IMMEDIATE;'");
    BOOST_TEST(other.exitCode != 0, "another process got the write lock: " << other.output);
    BOOST_TEST(other.output.find("database is locked") != std::string::npos, other.output);
}

BOOST_AUTO_TEST_SUITE_END()
