// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg_connection.hpp"

#include "package_content.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <charconv>
#include <cstring>
#include <sstream>
#include <utility>

namespace sandtable::catalogue::detail {
namespace {

/// libpq's messages end with a newline and may span lines: the first line, trimmed, password masked.
std::string firstLine(const char* message)
{
    std::string text = message ? message : "";
    if (const auto newline = text.find('\n'); newline != std::string::npos)
        text.erase(newline);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r'))
        text.pop_back();
    return maskPassword(text);
}


struct ParamArrays {
    std::vector<const char*> values;
    std::vector<int> lengths;
    std::vector<int> formats;
    explicit ParamArrays(const std::vector<PgParam>& params)
    {
        for (const PgParam& p : params) {
            values.push_back(p.data());
            lengths.push_back(p.size());
            formats.push_back(p.binary ? 1 : 0);
        }
    }
};

} // namespace

PgParam::PgParam(double number)
{
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out.precision(17);
    out << number;
    value = out.str();
}

std::int64_t PgResult::integer(int row, int column) const
{
    const char* v = PQgetvalue(m_result.get(), row, column);
    std::int64_t out = 0;
    std::from_chars(v, v + std::strlen(v), out);
    return out;
}

double PgResult::real(int row, int column) const
{
    std::istringstream in(PQgetvalue(m_result.get(), row, column));
    in.imbue(std::locale::classic());
    double out = 0.0;
    in >> out;
    return out;
}

std::optional<double> PgResult::optionalReal(int row, int column) const
{
    if (isNull(row, column))
        return std::nullopt;
    return real(row, column);
}

std::string PgResult::bytes(int row, int column) const
{
    return std::string(PQgetvalue(m_result.get(), row, column), static_cast<std::size_t>(PQgetlength(m_result.get(), row, column)));
}

int PgResult::affected() const
{
    const char* n = PQcmdTuples(m_result.get());
    return n && *n ? std::atoi(n) : 0;
}

PgConnection::PgConnection(const std::string& conninfo, std::string location)
    : m_conn(PQconnectdb(conninfo.c_str()), &PQfinish), m_location(std::move(location))
{
    if (!m_conn)
        throw core::util::IoError(m_location, "", _("cannot connect: out of memory"));
    if (PQstatus(m_conn.get()) != CONNECTION_OK)
        throw core::util::IoError(m_location, "", core::i18n::format(_("cannot connect to the database: {1}"), {firstLine(PQerrorMessage(m_conn.get()))}));
    // Messages from the server in English and no notices on stderr: sandtable prints its own.
    PQsetNoticeProcessor(m_conn.get(), [](void*, const char*) {}, nullptr);
    // random_page_cost 1.1 (PostgreSQL's default, 4, is for spinning disks): the catalogue's search tables are
    // small and read from memory, where a page fetched through the GIN index costs what a page read in order
    // does. With 4 the planner read newest first through 700 packages for two words that 278 of them hold,
    // rather than fetching those 278.
    // plan_cache_mode force_custom_plan: a prepared statement (execPrepared) is parsed and analysed once, but
    // planned for each run's values, so that the planner sees a search's words (how many packages hold them)
    // and chooses between the GIN index and reading the newest packages first. A generic plan, which cannot,
    // took 3.9-5.5 ms at p50 on the bench's 10,000 packages, against 1.1-1.3 ms.
    PGresult* r = PQexec(m_conn.get(), "SET client_min_messages = warning; SET search_path = sandtable, public; SET random_page_cost = 1.1; "
                                       "SET plan_cache_mode = force_custom_plan");
    PQclear(r);
}

void PgConnection::fail(PGresult* result, const char* object)
{
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    m_lastState = state ? state : "";
    const char* primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    std::string message = firstLine(primary ? primary : PQerrorMessage(m_conn.get()));
    // libpq's own text of a lost connection starts with the severity ("FATAL:  terminating connection ...").
    for (const char* severity : {"FATAL:", "ERROR:"})
        if (message.rfind(severity, 0) == 0)
            message.erase(0, message.find_first_not_of(' ', std::strlen(severity)));
    if (result)
        PQclear(result);
    if (m_lastState == kInsufficientPrivilege)
        throw core::util::OperationError(m_location, object, core::i18n::format(_("refused by the server: {1}"), {message}));
    if (PQstatus(m_conn.get()) != CONNECTION_OK)
        throw core::util::IoError(m_location, object, core::i18n::format(_("the connection to the database was lost: {1}"), {message}));
    throw core::util::OperationError(m_location, object, core::i18n::format(_("the database refused: {1}"), {message}));
}

PgResult PgConnection::exec(const std::string& sql, const std::vector<PgParam>& params, const char* object, bool binaryResult)
{
    const ParamArrays a(params);
    PGresult* r = PQexecParams(m_conn.get(), sql.c_str(), static_cast<int>(params.size()), nullptr, a.values.data(), a.lengths.data(),
        a.formats.data(), binaryResult ? 1 : 0);
    const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail(r, object);
    m_lastState.clear();
    return PgResult(r);
}

PgResult PgConnection::execPrepared(const std::string& sql, const std::vector<PgParam>& params, const char* object)
{
    auto found = m_prepared.find(sql);
    if (found == m_prepared.end()) {
        if (m_prepared.size() >= kPreparedStatements) {
            const std::string oldest = m_preparedOrder.front();
            m_preparedOrder.pop_front();
            exec("DEALLOCATE " + m_prepared.at(oldest), {}, object);
            m_prepared.erase(oldest);
        }
        const std::string name = "sandtable_" + std::to_string(++m_preparedCount);
        PGresult* r = PQprepare(m_conn.get(), name.c_str(), sql.c_str(), static_cast<int>(params.size()), nullptr);
        if (!r || PQresultStatus(r) != PGRES_COMMAND_OK)
            fail(r, object);
        PQclear(r);
        found = m_prepared.emplace(sql, name).first;
        m_preparedOrder.push_back(sql);
    }
    const ParamArrays a(params);
    PGresult* r = PQexecPrepared(m_conn.get(), found->second.c_str(), static_cast<int>(params.size()), a.values.data(), a.lengths.data(),
        a.formats.data(), 0);
    const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail(r, object);
    m_lastState.clear();
    return PgResult(r);
}

void PgConnection::script(const std::string& sql, const char* object)
{
    PGresult* r = PQexec(m_conn.get(), sql.c_str());
    const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail(r, object);
    PQclear(r);
}

void PgConnection::copyIn(const std::string& copySql, const std::string& data, const char* object)
{
    PGresult* r = PQexec(m_conn.get(), copySql.c_str());
    if (!r || PQresultStatus(r) != PGRES_COPY_IN)
        fail(r, object);
    PQclear(r);
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    for (std::size_t at = 0; at < data.size(); at += kChunk) {
        const std::size_t n = std::min(kChunk, data.size() - at);
        if (PQputCopyData(m_conn.get(), data.data() + at, static_cast<int>(n)) != 1)
            fail(nullptr, object);
    }
    if (PQputCopyEnd(m_conn.get(), nullptr) != 1)
        fail(nullptr, object);
    r = PQgetResult(m_conn.get());
    if (!r || PQresultStatus(r) != PGRES_COMMAND_OK)
        fail(r, object);
    PQclear(r);
    while ((r = PQgetResult(m_conn.get())) != nullptr)
        PQclear(r);
}

PgBinaryRows::PgBinaryRows()
{
    static constexpr char kSignature[] = "PGCOPY\n\377\r\n";
    m_data.append(kSignature, sizeof kSignature); // 11 bytes with the terminating zero
    bigEndian32(0);                               // flags
    bigEndian32(0);                               // header extension length
}

void PgBinaryRows::bigEndian32(std::uint32_t value)
{
    const char b[4] = {static_cast<char>(value >> 24), static_cast<char>(value >> 16), static_cast<char>(value >> 8), static_cast<char>(value)};
    m_data.append(b, 4);
}

void PgBinaryRows::row(int fields)
{
    m_data += static_cast<char>((fields >> 8) & 0xff);
    m_data += static_cast<char>(fields & 0xff);
}

void PgBinaryRows::bytes(std::string_view value)
{
    bigEndian32(static_cast<std::uint32_t>(value.size()));
    m_data.append(value);
}

void PgBinaryRows::optionalText(std::string_view value)
{
    if (value.empty())
        null();
    else
        bytes(value);
}

void PgBinaryRows::null() { bigEndian32(0xffffffffu); }

void PgBinaryRows::int32(std::int32_t value)
{
    bigEndian32(4);
    bigEndian32(static_cast<std::uint32_t>(value));
}

void PgBinaryRows::geometry(std::string_view wkb, int srid)
{
    // ISO WKB from toWkb: byte order 1 (little-endian), uint32 type (1..7, 2D), then the body. EWKB: the
    // type with 0x20000000 (SRID present), then the int32 SRID, then the same body.
    const auto* b = reinterpret_cast<const unsigned char*>(wkb.data());
    std::uint32_t type = static_cast<std::uint32_t>(b[1]) | static_cast<std::uint32_t>(b[2]) << 8 | static_cast<std::uint32_t>(b[3]) << 16
        | static_cast<std::uint32_t>(b[4]) << 24;
    type |= 0x20000000u;
    const auto s = static_cast<std::uint32_t>(srid);
    const char header[9] = {1, static_cast<char>(type), static_cast<char>(type >> 8), static_cast<char>(type >> 16),
        static_cast<char>(type >> 24), static_cast<char>(s), static_cast<char>(s >> 8), static_cast<char>(s >> 16), static_cast<char>(s >> 24)};
    bigEndian32(static_cast<std::uint32_t>(wkb.size() + 4));
    m_data.append(header, 9);
    m_data.append(wkb.substr(5));
}

std::string PgBinaryRows::finish()
{
    m_data += '\xff';
    m_data += '\xff';
    return std::exchange(m_data, std::string());
}

} // namespace sandtable::catalogue::detail
