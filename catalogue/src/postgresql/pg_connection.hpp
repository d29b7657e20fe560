// SPDX-License-Identifier: GPL-3.0-or-later
// A thin RAII layer over libpq for the PostgreSQL catalogue: parameters as text or binary, results as text,
// COPY FROM STDIN, and errors as sandtable's typed errors naming the masked location.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::catalogue::detail {

/// One query parameter: NULL, text, or binary bytes (bytea, borrowed: see bytes()).
struct PgParam {
    std::optional<std::string> value;
    bool binary = false;
    std::string_view borrowed; ///< the bytes of a binary parameter, owned by the caller

    PgParam() = default;
    PgParam(std::string text) : value(std::move(text)) {}
    PgParam(const char* text) : value(std::string(text)) {}
    PgParam(std::string_view text) : value(std::string(text)) {}
    PgParam(int number) : value(std::to_string(number)) {}
    PgParam(std::int64_t number) : value(std::to_string(number)) {}
    PgParam(double number);
    PgParam(bool flag) : value(flag ? "t" : "f") {}
    /// Binary bytes, not copied: `data` must outlive the exec it is passed to. (A 34 MB document was copied
    /// twice into fresh memory before libpq's own copy; on the bench machine those page faults cost seconds.)
    static PgParam bytes(std::string_view data)
    {
        PgParam p;
        p.binary = true;
        p.borrowed = data;
        return p;
    }
    /// Whether the parameter is NULL.
    bool null() const { return !value && !binary; }
    const char* data() const { return binary ? borrowed.data() : value ? value->data() : nullptr; }
    int size() const { return static_cast<int>(binary ? borrowed.size() : value ? value->size() : 0); }
    static PgParam optionalText(const std::string& text) { return text.empty() ? PgParam() : PgParam(text); }
};

class PgResult {
public:
    explicit PgResult(PGresult* result) : m_result(result, &PQclear) {}
    int rows() const { return PQntuples(m_result.get()); }
    bool isNull(int row, int column) const { return PQgetisnull(m_result.get(), row, column) != 0; }
    std::string text(int row, int column) const { return PQgetvalue(m_result.get(), row, column); }
    std::int64_t integer(int row, int column) const;
    double real(int row, int column) const;
    std::optional<double> optionalReal(int row, int column) const;
    bool flag(int row, int column) const { return text(row, column) == "t"; }
    /// A bytea column read in binary result format (exec with binaryResult).
    std::string bytes(int row, int column) const;
    /// Rows changed by an INSERT, UPDATE or DELETE.
    int affected() const;

private:
    std::unique_ptr<PGresult, decltype(&PQclear)> m_result;
};

/// SQLSTATE classes sandtable tells apart.
inline constexpr const char* kInsufficientPrivilege = "42501";
inline constexpr const char* kUndefinedTable = "42P01";
inline constexpr const char* kUndefinedObject = "42704";

class PgConnection {
public:
    /// Connects (core::util::IoError naming `location` when it cannot: no server, no such database, refused login).
    PgConnection(const std::string& conninfo, std::string location);
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    const std::string& location() const { return m_location; }
    PGconn* handle() { return m_conn.get(); }

    /// Runs one statement (several for an empty parameter list without binaryResult). Throws
    /// core::util::OperationError naming the location and `object` ("refused by the server: ..." for a missing
    /// privilege or a row-level security check).
    PgResult exec(const std::string& sql, const std::vector<PgParam>& params = {}, const char* object = "", bool binaryResult = false);
    /// As exec, through a statement prepared once per connection and SQL text (parsed and analysed once; the
    /// server keeps at most kPreparedStatements of them, the oldest dropped first). For statements run many
    /// times in one session: a search, a listing.
    PgResult execPrepared(const std::string& sql, const std::vector<PgParam>& params = {}, const char* object = "");
    /// Runs SQL text that may hold several statements, no parameters.
    void script(const std::string& sql, const char* object = "");
    /// COPY ... FROM STDIN with `data` in COPY's text format.
    void copyIn(const std::string& copySql, const std::string& data, const char* object = "");

    /// The SQLSTATE of the last failed statement ("" when none failed).
    const std::string& lastState() const { return m_lastState; }

private:
    [[noreturn]] void fail(PGresult* result, const char* object);

    static constexpr std::size_t kPreparedStatements = 64;

    std::unique_ptr<PGconn, decltype(&PQfinish)> m_conn;
    std::string m_location;
    std::string m_lastState;
    std::map<std::string, std::string> m_prepared; ///< SQL text -> statement name
    std::deque<std::string> m_preparedOrder;       ///< the SQL texts, oldest first
    int m_preparedCount = 0;
};

/// Rows in COPY's binary format (COPY ... FROM STDIN (FORMAT binary)): the signature, then per row the field
/// count and each field as a big-endian int32 length (-1: NULL) and its bytes in the column type's binary form.
/// No text escaping and no hex: a geometry column takes its EWKB as is (PostGIS's geometry_recv).
class PgBinaryRows {
public:
    PgBinaryRows();
    /// Starts a row of `fields` fields.
    void row(int fields);
    void text(std::string_view value) { bytes(value); }
    /// A text field, NULL when empty.
    void optionalText(std::string_view value);
    void null();
    void int32(std::int32_t value);
    /// A geometry field: EWKB (SRID set) of ISO WKB `wkb` (little-endian, as toWkb writes it).
    void geometry(std::string_view wkb, int srid);
    /// The rows with COPY's trailer; the builder is empty afterwards.
    std::string finish();

private:
    void bytes(std::string_view value);
    void bigEndian32(std::uint32_t value);
    std::string m_data;
};

} // namespace sandtable::catalogue::detail
