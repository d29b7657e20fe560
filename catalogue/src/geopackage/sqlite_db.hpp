// SPDX-License-Identifier: GPL-3.0-or-later
// The one place sandtable talks to the SQLite C API: RAII handles, defensive opening, errors as typed exceptions.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable::catalogue::detail {

/// Throws the sandtable error for SQLite result `code` on `file`: IoError for I/O, permission, full disk,
/// busy and cannot-open; FormatError for a corrupt file, a non-database and schema mismatches.
[[noreturn]] void throwSqlite(int code, const std::string& file, const std::string& object, const std::string& message);

/// An open database connection configured defensively (see Database::open).
class Database {
public:
    /// ReadOnlyShare: a file nobody here may write (a read-only share, or a folder without write permission),
    /// opened read-only and immutable, so a catalogue in WAL mode needs no -wal or -shm file to read it.
    enum class Access { ReadWrite, Create, ReadOnlyShare };

    /// Opens `path` (Create: creating it when missing) and, before anything of the file is read, turns on
    /// SQLITE_DBCONFIG_DEFENSIVE, turns off trusted_schema, triggers, views and extension loading, caps
    /// attached databases at 0, and sets a busy timeout of `busyTimeoutMs`.
    /// Throws IoError when the file cannot be opened or created.
    static Database open(const std::filesystem::path& path, Access access, int busyTimeoutMs);

    Database() = default;
    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    sqlite3* handle() const noexcept { return m_db; }
    const std::string& fileName() const noexcept { return m_file; }
    bool isOpen() const noexcept { return m_db != nullptr; }

    /// Runs one or more statements without results; throws on failure.
    void exec(std::string_view sql, const std::string& object = {});
    /// Closes the connection (idempotent).
    void close() noexcept;

    /// The SQLite error message of the last failure.
    std::string lastError() const;

    /// Asks the kernel to start writing the file's (and its WAL's) dirty pages to the disk now, without
    /// waiting: pages SQLite has already handed to the OS in a big transaction are then mostly on the disk
    /// when COMMIT's fsync comes. Advisory: it changes neither what is written nor when COMMIT returns
    /// successfully (Linux sync_file_range(SYNC_FILE_RANGE_WRITE) on SQLite's own descriptors, never on one
    /// opened here: closing it would drop SQLite's locks; elsewhere, and on any failure, nothing).
    void startWriteback() const noexcept;

private:
    sqlite3* m_db = nullptr;
    std::string m_file;
};

/// A prepared statement with bind/step/column helpers. Binding indexes start at 1, columns at 0.
class Statement {
public:
    Statement(const Database& db, std::string_view sql, const std::string& object = {});
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bindBlob(int index, std::string_view bytes);
    /// Binds without a copy: the bytes must stay unchanged until the statement is reset or stepped past.
    Statement& bindStaticBlob(int index, std::string_view bytes);
    Statement& bindStatic(int index, std::string_view text);
    Statement& bindZeroBlob(int index, std::int64_t size);
    Statement& bindNull(int index);
    Statement& bind(int index, const std::optional<double>& value);
    Statement& bind(int index, const std::optional<int>& value);
    /// Binds NULL for an empty string.
    Statement& bindOrNull(int index, std::string_view text);

    /// Steps once: true when a row is available, false when done. Throws on failure.
    bool step();
    /// Steps to completion, expecting no rows.
    void run();
    /// Resets and clears bindings for reuse.
    void reset();

    bool isNull(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::string blob(int column) const;
    std::optional<double> optionalReal(int column) const;
    std::optional<int> optionalInt(int column) const;

private:
    const Database* m_db;
    sqlite3_stmt* m_stmt = nullptr;
    std::string m_object;
};

/// A transaction: BEGIN IMMEDIATE (or deferred for reads) on construction, ROLLBACK on destruction
/// unless commit() was called.
class Transaction {
public:
    enum class Kind { Deferred, Immediate };
    Transaction(Database& db, Kind kind);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Database& m_db;
    bool m_done = false;
};

/// Quotes an SQL identifier ("name", doubling inner quotes).
std::string quoteIdentifier(std::string_view name);

} // namespace sandtable::catalogue::detail
