// SPDX-License-Identifier: GPL-3.0-or-later
// SQLite handles: defensive configuration at open, statements, transactions, result codes -> typed errors.
#include "sqlite_db.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/limits.hpp"

#ifdef __linux__
#include <fcntl.h>
#endif
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <utility>

namespace sandtable::catalogue::detail {

void throwSqlite(int code, const std::string& file, const std::string& object, const std::string& message)
{
    switch (code & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        throw core::util::FormatError(file, object,
            core::i18n::format(_("not a readable sandtable catalogue (corrupt or not an SQLite database): {1}"), {message}));
    case SQLITE_ERROR:
    case SQLITE_SCHEMA:
    case SQLITE_MISMATCH:
    case SQLITE_CONSTRAINT:
    case SQLITE_AUTH:
    case SQLITE_RANGE:
        throw core::util::FormatError(file, object, message);
    case SQLITE_TOOBIG:
        throw core::util::FormatError(file, object,
            core::i18n::format(_("value too large: {1}: a string or blob {2}"), {message,
                core::util::limits::limitMessage("kMaxCatalogueBlobBytes", core::util::limits::kMaxCatalogueBlobBytes, N_("bytes"))}));
    default:
        // CANTOPEN, IOERR, READONLY, FULL, PERM, BUSY, LOCKED, NOMEM, ...
        throw core::util::IoError(file, object, message);
    }
}

Database Database::open(const std::filesystem::path& path, Access access, int busyTimeoutMs)
{
    Database db;
    db.m_file = path.string();
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    std::string name = db.m_file;
    if (access == Access::Create)
        flags |= SQLITE_OPEN_CREATE;
    if (access == Access::ReadOnlyShare) {
        // A URI filename: mode=ro and immutable=1 (no locks, no -shm or -wal to create beside the file).
        flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
        std::string uri = "file:";
        for (const char c : std::filesystem::absolute(path).string()) {
            if (c == '%' || c == '?' || c == '#') {
                char escaped[4];
                std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
                uri += escaped;
            } else {
                uri += c;
            }
        }
        name = uri + "?mode=ro&immutable=1";
    }
    const int rc = sqlite3_open_v2(name.c_str(), &db.m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string message = db.m_db ? sqlite3_errmsg(db.m_db) : sqlite3_errstr(rc);
        db.close();
        throw core::util::IoError(db.m_file, "", core::i18n::format(_("cannot open the catalogue: {1}"), {message}));
    }
    // Before the first read of the file's schema: nothing stored in a file someone else made may run code
    // of ours (triggers, views, functions in the schema) or change SQLite's own safety settings.
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_DQS_DDL, 0, nullptr);
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_DQS_DML, 0, nullptr);
    sqlite3_db_config(db.m_db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, nullptr);
    sqlite3_limit(db.m_db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_limit(db.m_db, SQLITE_LIMIT_LENGTH, core::util::limits::kMaxCatalogueBlobBytes);
    sqlite3_extended_result_codes(db.m_db, 1);
    sqlite3_busy_timeout(db.m_db, busyTimeoutMs);
    db.exec("PRAGMA trusted_schema=OFF; PRAGMA cell_size_check=ON; PRAGMA mmap_size=0;");
    return db;
}

Database::~Database() { close(); }

void Database::startWriteback() const noexcept
{
#ifdef __linux__
    // SQLite's own descriptors of the file and of its WAL, found in /proc/self/fd. Opening the file here
    // and closing it again would drop every POSIX lock this process holds on it (closing any descriptor of
    // a file releases them all), and another process could then write into the open transaction.
    try {
        std::error_code ec;
        const std::filesystem::path file = std::filesystem::canonical(m_file, ec);
        if (ec)
            return;
        const std::filesystem::path wal = file.string() + "-wal";
        std::filesystem::directory_iterator it("/proc/self/fd", ec);
        for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
            std::error_code linkError;
            const std::filesystem::path target = std::filesystem::read_symlink(it->path(), linkError);
            if (linkError || (target != file && target != wal))
                continue;
            const std::string name = it->path().filename().string();
            int fd = -1;
            if (std::from_chars(name.data(), name.data() + name.size(), fd).ec == std::errc())
                ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
        }
    } catch (...) {
        // advisory: nothing is lost when the disk starts later
    }
#endif
}

Database::Database(Database&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr)), m_file(std::move(other.m_file))
{
}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        close();
        m_db = std::exchange(other.m_db, nullptr);
        m_file = std::move(other.m_file);
    }
    return *this;
}

void Database::close() noexcept
{
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
}

std::string Database::lastError() const { return m_db ? sqlite3_errmsg(m_db) : "database closed"; }

void Database::exec(std::string_view sql, const std::string& object)
{
    char* message = nullptr;
    const std::string text(sql);
    const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        std::string reason = message ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        throwSqlite(rc, m_file, object, reason);
    }
}

Statement::Statement(const Database& db, std::string_view sql, const std::string& object) : m_db(&db), m_object(object)
{
    const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &m_stmt, nullptr);
    if (rc != SQLITE_OK)
        throwSqlite(rc, db.fileName(), object, db.lastError());
}

Statement::~Statement() { sqlite3_finalize(m_stmt); }

namespace {
void check(int rc, const Database& db, const std::string& object)
{
    if (rc != SQLITE_OK)
        throwSqlite(rc, db.fileName(), object, db.lastError());
}
} // namespace

Statement& Statement::bind(int index, std::string_view text)
{
    check(sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8), *m_db, m_object);
    return *this;
}

Statement& Statement::bind(int index, std::int64_t value)
{
    check(sqlite3_bind_int64(m_stmt, index, value), *m_db, m_object);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    check(sqlite3_bind_double(m_stmt, index, value), *m_db, m_object);
    return *this;
}

Statement& Statement::bindBlob(int index, std::string_view bytes)
{
    check(sqlite3_bind_blob64(m_stmt, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT), *m_db, m_object);
    return *this;
}

Statement& Statement::bindStaticBlob(int index, std::string_view bytes)
{
    check(sqlite3_bind_blob64(m_stmt, index, bytes.data(), bytes.size(), SQLITE_STATIC), *m_db, m_object);
    return *this;
}

Statement& Statement::bindStatic(int index, std::string_view text)
{
    check(sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8), *m_db, m_object);
    return *this;
}

Statement& Statement::bindZeroBlob(int index, std::int64_t size)
{
    check(sqlite3_bind_zeroblob64(m_stmt, index, static_cast<sqlite3_uint64>(size)), *m_db, m_object);
    return *this;
}

Statement& Statement::bindNull(int index)
{
    check(sqlite3_bind_null(m_stmt, index), *m_db, m_object);
    return *this;
}

Statement& Statement::bind(int index, const std::optional<double>& value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bind(int index, const std::optional<int>& value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bindOrNull(int index, std::string_view text)
{
    return text.empty() ? bindNull(index) : bind(index, text);
}

bool Statement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    throwSqlite(rc, m_db->fileName(), m_object, m_db->lastError());
}

void Statement::run()
{
    while (step()) {
    }
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

bool Statement::isNull(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(m_stmt, column); }

double Statement::real(int column) const { return sqlite3_column_double(m_stmt, column); }

std::string Statement::text(int column) const
{
    const auto* p = sqlite3_column_text(m_stmt, column);
    const int n = sqlite3_column_bytes(m_stmt, column);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string();
}

std::string Statement::blob(int column) const
{
    const void* p = sqlite3_column_blob(m_stmt, column);
    const int n = sqlite3_column_bytes(m_stmt, column);
    return p ? std::string(static_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string();
}

std::optional<double> Statement::optionalReal(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return real(column);
}

std::optional<int> Statement::optionalInt(int column) const
{
    if (isNull(column))
        return std::nullopt;
    const std::int64_t v = integer(column);
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
        throw core::util::FormatError(m_db->fileName(), m_object, core::i18n::format(_("integer out of range: {1}"), {std::to_string(v)}));
    return static_cast<int>(v);
}

Transaction::Transaction(Database& db, Kind kind) : m_db(db)
{
    m_db.exec(kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
}

Transaction::~Transaction()
{
    if (!m_done)
        sqlite3_exec(m_db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit()
{
    m_db.exec("COMMIT");
    m_done = true;
}

std::string quoteIdentifier(std::string_view name)
{
    std::string out = "\"";
    for (char c : name) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

} // namespace sandtable::catalogue::detail
