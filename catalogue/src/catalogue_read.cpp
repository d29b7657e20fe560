// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue: list, ranked search, show, extract (byte for byte, checked) and remove.
#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "geopackage/gpkg_backend.hpp"
#include "package_content.hpp"
#include "catalogue_schema.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/sha256.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <set>
#include <string_view>
#include <vector>

namespace sandtable::catalogue {
namespace {

/// Search weights of the FTS5 columns title, battle, date, description, names, places: a word in the title
/// counts ten times a word in the description (bm25's per-column weights).
constexpr const char* kRankFunction = "bm25(10.0, 5.0, 2.0, 1.0, 3.0, 2.0)";

constexpr const char* kSummaryColumns =
    "p.scenario_id, p.revision, (SELECT count(*) FROM packages q WHERE q.scenario_id = p.scenario_id), p.title, p.system, "
    "p.battle, p.date, p.created, p.warning_count";

PackageSummary readSummary(const detail::Statement& s)
{
    PackageSummary out;
    out.id = s.text(0);
    out.revision = static_cast<int>(s.integer(1));
    out.revisionCount = static_cast<int>(s.integer(2));
    out.title = s.text(3);
    out.system = s.text(4);
    out.battle = s.text(5);
    out.date = s.text(6);
    out.created = s.text(7);
    out.warningCount = static_cast<int>(s.integer(8));
    return out;
}

/// A character of a token to the unicode61 tokenizer (ASCII letters and digits, anything non-ASCII).
bool tokenChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80; }

bool hasToken(std::string_view text) { return std::any_of(text.begin(), text.end(), tokenChar); }

/// `word` as an FTS5 string ("" doubling inner quotes), with `*` after it for a prefix query: FTS5 then
/// takes the last token of the string as a prefix ("saint-c"* finds "Saint-Cyr").
std::string asString(std::string_view word, bool prefix)
{
    std::string out = "\"";
    for (char c : word) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + (prefix ? "\"*" : "\"");
}

/// The query as plain words: each whitespace-separated word becomes an FTS5 string (implicit AND), a
/// trailing * staying a prefix; words of punctuation alone, which hold no token, are left out.
std::string asPlainWords(const std::string& text)
{
    std::string out;
    std::string word;
    auto flush = [&] {
        const bool prefix = word.size() > 1 && word.back() == '*';
        if (prefix)
            word.pop_back();
        if (hasToken(word)) {
            if (!out.empty())
                out += ' ';
            out += asString(word, prefix);
        }
        word.clear();
    };
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            flush();
        else
            word += c;
    }
    flush();
    return out;
}

/// The columns of the search index, for column filters ("title:word").
constexpr std::array<std::string_view, 7> kSearchColumns{"title", "battle", "date", "description", "names", "places", "rules"};

/// FTS5 query text with every word FTS5 cannot take bare (it allows letters, digits, '_' and non-ASCII:
/// "saint-c*", "d'Eu", "1-3 July") quoted as a string, a trailing * kept as a prefix. Operators (AND, OR,
/// NOT), "strings", parentheses, column filters ("title:", "-names:") and '^' pass as they are; words of
/// punctuation alone are left out.
std::string quoteOddWords(const std::string& text)
{
    std::string out;
    std::size_t i = 0;
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (i < text.size()) {
        const char c = text[i];
        if (space(c)) {
            out += ' ';
            ++i;
        } else if (c == '"') {
            // A string, "" inside it being a quote; copied whole (an unclosed one makes FTS5 refuse the query).
            std::size_t j = i + 1;
            while (j < text.size()) {
                if (text[j] == '"') {
                    if (j + 1 < text.size() && text[j + 1] == '"') {
                        j += 2;
                        continue;
                    }
                    break;
                }
                ++j;
            }
            const std::size_t end = std::min(text.size(), j + 1);
            out.append(text, i, end - i);
            i = end;
        } else if (c == '(' || c == ')') {
            out += c;
            ++i;
        } else {
            std::size_t j = i;
            while (j < text.size() && !space(text[j]) && text[j] != '(' && text[j] != ')' && text[j] != '"')
                ++j;
            std::string_view word(text.data() + i, j - i);
            i = j;
            if (word == "AND" || word == "OR" || word == "NOT" || word == "+") {
                out += word;
                continue;
            }
            if (const auto colon = word.find(':'); colon != std::string_view::npos) {
                const std::string_view column = word.substr(word.front() == '-' ? 1 : 0, colon - (word.front() == '-' ? 1 : 0));
                if (std::find(kSearchColumns.begin(), kSearchColumns.end(), column) != kSearchColumns.end()) {
                    out += word.substr(0, colon + 1);
                    word.remove_prefix(colon + 1);
                }
            }
            if (!word.empty() && word.front() == '^') {
                out += '^';
                word.remove_prefix(1);
            }
            const bool prefix = !word.empty() && word.back() == '*';
            if (prefix)
                word.remove_suffix(1);
            if (!hasToken(word))
                continue;
            const bool bare = std::all_of(word.begin(), word.end(), [](char ch) { return tokenChar(ch) || ch == '_'; });
            out += bare ? std::string(word) + (prefix ? "*" : "") : asString(word, prefix);
        }
    }
    return out;
}

bool blank(const std::string& text)
{
    return std::all_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

/// Streams a blob to a file (no whole-raster copy in memory).
void readBlobToFile(detail::Database& db, const char* table, const char* column, std::int64_t rowid, const std::filesystem::path& file)
{
    sqlite3_blob* blob = nullptr;
    int rc = sqlite3_blob_open(db.handle(), "main", table, column, rowid, 0, &blob);
    if (rc != SQLITE_OK)
        detail::throwSqlite(rc, db.fileName(), table, db.lastError());
    const int size = sqlite3_blob_bytes(blob);
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!out) {
        sqlite3_blob_close(blob);
        throw core::util::IoError(file.string(), "", _("cannot write"));
    }
    std::vector<char> buffer(std::size_t{1} << 20);
    for (int offset = 0; offset < size;) {
        const int n = std::min<int>(static_cast<int>(buffer.size()), size - offset);
        rc = sqlite3_blob_read(blob, buffer.data(), n, offset);
        if (rc != SQLITE_OK) {
            sqlite3_blob_close(blob);
            detail::throwSqlite(rc, db.fileName(), table, db.lastError());
        }
        out.write(buffer.data(), n);
        offset += n;
    }
    sqlite3_blob_close(blob);
    out.flush();
    if (!out)
        throw core::util::IoError(file.string(), "", _("write failed"));
}

} // namespace

std::int64_t detail::GpkgBackend::packageFid(const std::string& id, std::optional<int> revision)
{
    detail::Database& database = readable();
    if (version > 0) {
        detail::Statement s(database, revision ? "SELECT fid FROM packages WHERE scenario_id = ?1 AND revision = ?2"
                                               : "SELECT fid FROM packages WHERE scenario_id = ?1 AND latest = 1");
        s.bind(1, id);
        if (revision)
            s.bind(2, *revision);
        if (s.step())
            return s.integer(0);
    }
    throw core::util::OperationError(m_location, id,
        revision ? core::i18n::format(_("no revision {1} of this package in the catalogue"), {std::to_string(*revision)})
                 : std::string(_("no such package in the catalogue")));
}

void detail::GpkgBackend::indexPackage(std::int64_t fid) { detail::indexPackageSearch(db, fid); }

std::vector<PackageSummary> detail::GpkgBackend::list()
{
    readable();
    std::vector<PackageSummary> out;
    if (version == 0)
        return out;
    detail::Transaction read(db, detail::Transaction::Kind::Deferred);
    detail::Statement s(db, std::string("SELECT ") + kSummaryColumns + " FROM packages p WHERE p.latest = 1 ORDER BY p.scenario_id");
    while (s.step())
        out.push_back(readSummary(s));
    read.commit();
    return out;
}

std::vector<PackageSummary> detail::GpkgBackend::search(const SearchQuery& query)
{
    readable();
    std::vector<PackageSummary> out;
    if (version == 0)
        return out;
    const std::string filters = " AND (?2 IS NULL OR p.system = ?2) AND (?3 IS NULL OR p.date >= ?3) AND (?4 IS NULL OR p.date <= ?4)";
    const bool filtered = !query.system.empty() || !query.dateFrom.empty() || !query.dateTo.empty();
    const auto bindFilters = [&](detail::Statement& s) {
        s.bindOrNull(2, query.system).bindOrNull(3, query.dateFrom).bindOrNull(4, query.dateTo).bind(5, std::max(0, query.limit));
    };
    const std::string plainWords = asPlainWords(query.text);
    if (plainWords.empty() && (!filtered || !blank(query.text)))
        throw UnsearchableQuery(m_location, "search",
            blank(query.text) ? std::string(_("the query is empty: give a word to search for (every package: 'catalogue list')"))
                              : core::i18n::format(_("'{1}' holds no word to search for (words, \"phrases\", prefix*, AND/OR/NOT, column:word)"), {query.text}));
    detail::Transaction read(db, detail::Transaction::Kind::Deferred);
    if (plainWords.empty()) {
        detail::Statement s(db, std::string("SELECT ") + kSummaryColumns + " FROM packages p WHERE p.latest = 1" + filters
                + " ORDER BY p.scenario_id LIMIT ?5");
        bindFilters(s);
        while (s.step())
            out.push_back(readSummary(s));
        read.commit();
        return out;
    }
    // Tier 1: the title index alone, ranked by bm25 (few rows, short texts). Tier 2 (schema v1 files: the
    // only tier, bm25 over every column): the full index, newest first, which FTS5 walks backwards and
    // stops after `limit` rows instead of scoring every match. Unfiltered, FTS5 limits on its own; with
    // filters the rows are joined first.
    const bool tiered = version >= 2;
    const std::string titleIndex = tiered ? "package_title_search" : "package_search";
    const std::string rankFunction = tiered ? "bm25()" : kRankFunction;
    const std::string rankedSql = filtered
        ? std::string("SELECT ") + kSummaryColumns + ", f.rank, f.rowid FROM " + titleIndex + " f CROSS JOIN packages p ON p.fid = f.rowid "
              "WHERE " + titleIndex + " MATCH ?1 AND f.rank MATCH '" + rankFunction + "'" + filters + " ORDER BY f.rank LIMIT ?5"
        : std::string("SELECT ") + kSummaryColumns + ", f.rank, f.rowid FROM (SELECT rowid, rank FROM " + titleIndex + " WHERE "
              + titleIndex + " MATCH ?1 AND rank MATCH '" + rankFunction + "' ORDER BY rank LIMIT ?5) f "
              "CROSS JOIN packages p ON p.fid = f.rowid WHERE 1" + filters + " ORDER BY f.rank";
    const std::string recentSql = std::string("SELECT ") + kSummaryColumns + ", 0.0, f.rowid FROM package_search f CROSS JOIN packages p "
        "ON p.fid = f.rowid WHERE package_search MATCH ?1" + filters + " ORDER BY f.rowid DESC";
    const auto run = [&](const std::string& match) {
        std::vector<PackageSummary> rows;
        std::set<std::int64_t> seen;
        const std::size_t limit = static_cast<std::size_t>(std::max(0, query.limit));
        {
            detail::Statement s(db, rankedSql, "search");
            s.bind(1, match);
            bindFilters(s);
            // A title that matches a query with NOT may still be excluded by the other columns: such rows
            // are checked against the full index.
            const bool negated = tiered && match.find("NOT") != std::string::npos;
            std::optional<detail::Statement> check;
            if (negated)
                check.emplace(db, "SELECT 1 FROM package_search WHERE package_search MATCH ?1 AND rowid = ?2", "search");
            while (s.step()) {
                if (check) {
                    check->reset();
                    check->bind(1, match).bind(2, s.integer(10));
                    if (!check->step())
                        continue;
                }
                rows.push_back(readSummary(s));
                rows.back().score = s.real(9);
                seen.insert(s.integer(10));
            }
        }
        if (tiered && rows.size() < limit) {
            detail::Statement s(db, recentSql, "search");
            s.bind(1, match);
            s.bindOrNull(2, query.system).bindOrNull(3, query.dateFrom).bindOrNull(4, query.dateTo);
            while (rows.size() < limit && s.step()) {
                if (seen.count(s.integer(10)) != 0)
                    continue;
                rows.push_back(readSummary(s));
                rows.back().score = 0.0;
            }
        }
        return rows;
    };
    try {
        out = run(quoteOddWords(query.text));
    } catch (const core::util::FormatError&) {
        // Not FTS5 syntax even so (a stray quote or parenthesis, NOT with nothing before it): search for the
        // words themselves.
        try {
            out = run(plainWords);
        } catch (const core::util::FormatError& e) {
            throw core::util::OperationError(m_location, "search", core::i18n::format(_("cannot search for '{1}': {2}"), {query.text, e.reason()}));
        }
    }
    read.commit();
    return out;
}

PackageDetails detail::GpkgBackend::show(const std::string& id, std::optional<int> revision)
{
    const std::int64_t fid = packageFid(id, revision);
    detail::Transaction read(db, detail::Transaction::Kind::Deferred);
    PackageDetails d;
    {
        detail::Statement s(db, std::string("SELECT ") + kSummaryColumns
                + ", p.description, p.crs, p.scale, p.source_name, p.document_sha256, p.document_size, "
                + (version >= 3 ? "''" : "coalesce(p.terrain_table, '')")
                + ", p.feature_count, p.side_count, p.formation_count, p.unit_count FROM packages p WHERE p.fid = ?1");
        s.bind(1, fid);
        s.step();
        d.summary = readSummary(s);
        d.description = s.text(9);
        d.crs = s.text(10);
        d.scale = s.real(11);
        d.sourceName = s.text(12);
        d.documentSha256 = s.text(13);
        d.documentSize = s.integer(14);
        if (!s.text(15).empty())
            d.terrainTables.push_back(s.text(15));
        d.featureCount = static_cast<int>(s.integer(16));
        d.sideCount = static_cast<int>(s.integer(17));
        d.formationCount = static_cast<int>(s.integer(18));
        d.unitCount = static_cast<int>(s.integer(19));
    }
    if (version >= 3)
        for (const std::string& table : detail::terrainTablesOf(db, d.crs)) {
            detail::Statement s(db, "SELECT 1 FROM " + detail::quoteIdentifier(table) + " WHERE package_fid = ?1 LIMIT 1", table);
            s.bind(1, fid);
            if (s.step())
                d.terrainTables.push_back(table);
        }
    {
        detail::Statement s(db, "SELECT revision FROM packages WHERE scenario_id = ?1 ORDER BY revision");
        s.bind(1, id);
        while (s.step())
            d.revisions.push_back(static_cast<int>(s.integer(0)));
    }
    {
        detail::Statement s(db, "SELECT code, severity, path, message FROM package_warnings WHERE package_fid = ?1 ORDER BY ordinal");
        s.bind(1, fid);
        while (s.step()) {
            const std::string severity = s.text(1);
            d.warnings.push_back(core::validation::Diagnostic{s.text(0),
                severity == "info" ? core::validation::Severity::Info : severity == "warning" ? core::validation::Severity::Warning : core::validation::Severity::Error,
                s.text(2), s.text(3)});
        }
    }
    {
        detail::Statement s(db, "SELECT path, sha256, width, height, coalesce(method, ''), coalesce(target_crs, ''), rms_map, rms_px, "
                                "(SELECT count(*) FROM map_gcps g WHERE g.package_fid = m.package_fid), raster IS NOT NULL, "
                                "coalesce(raster_sha256, ''), coalesce(raster_size, 0) FROM map_sources m WHERE package_fid = ?1");
        s.bind(1, fid);
        if (s.step()) {
            MapProvenance m;
            m.path = s.text(0);
            m.sha256 = s.text(1);
            m.width = static_cast<int>(s.integer(2));
            m.height = static_cast<int>(s.integer(3));
            m.method = s.text(4);
            m.targetCrs = s.text(5);
            m.rmsMap = s.optionalReal(6);
            m.rmsPixels = s.optionalReal(7);
            m.gcpCount = static_cast<int>(s.integer(8));
            m.rasterStored = s.integer(9) != 0;
            m.rasterSha256 = s.text(10);
            m.rasterSize = s.integer(11);
            d.map = m;
        }
    }
    if (version >= 2) {
        {
            detail::Statement s(db, "SELECT width, height FROM package_thumbnails WHERE package_fid = ?1");
            s.bind(1, fid);
            if (s.step())
                d.thumbnail = std::pair<int, int>(static_cast<int>(s.integer(0)), static_cast<int>(s.integer(1)));
        }
        {
            detail::Statement s(db, "SELECT (SELECT count(*) FROM tb_formation_cards WHERE package_fid = ?1), "
                                    "EXISTS (SELECT 1 FROM campaign_grids WHERE package_fid = ?1)");
            s.bind(1, fid);
            s.step();
            d.tableBattlesCards = static_cast<int>(s.integer(0));
            d.campaignGrid = s.integer(1) != 0;
        }
    }
    read.commit();
    return d;
}

std::optional<std::string> detail::GpkgBackend::thumbnail(const std::string& id, std::optional<int> revision)
{
    const std::int64_t fid = packageFid(id, revision);
    if (version < 2)
        return std::nullopt;
    detail::Statement s(db, "SELECT png FROM package_thumbnails WHERE package_fid = ?1 AND length(png) <= 16777216",
        "package_thumbnails");
    s.bind(1, fid);
    if (!s.step())
        return std::nullopt;
    return s.blob(0);
}

std::string detail::GpkgBackend::document(const std::string& id, std::optional<int> revision)
{
    const std::int64_t fid = packageFid(id, revision);
    detail::Transaction read(db, detail::Transaction::Kind::Deferred);
    std::string bytes;
    std::string expected;
    {
        detail::Statement s(db, "SELECT length(d.document), p.document_sha256 FROM package_documents d JOIN packages p ON p.fid = d.package_fid "
                                "WHERE d.package_fid = ?1", "package_documents");
        s.bind(1, fid);
        if (!s.step())
            throw core::util::FormatError(m_location, id, _("the package has no stored document (damaged catalogue)"));
        if (static_cast<std::uint64_t>(s.integer(0)) > core::io::kMaxScenarioBytes)
            throw core::util::FormatError(m_location, id,
                core::i18n::format(_("the stored document is {1} bytes, more than a scenario may be ({2}); refused"),
                    {std::to_string(s.integer(0)), std::to_string(core::io::kMaxScenarioBytes)}));
        expected = s.text(1);
    }
    {
        detail::Statement s(db, "SELECT document FROM package_documents WHERE package_fid = ?1", "package_documents");
        s.bind(1, fid);
        s.step();
        bytes = s.blob(0);
    }
    read.commit();
    if (core::util::sha256Hex(bytes) != expected)
        throw core::util::FormatError(m_location, id, _("the stored document does not match its SHA-256 (damaged catalogue)"));
    return bytes;
}

ExtractResult detail::GpkgBackend::extract(const std::string& id, const std::filesystem::path& output, const ExtractOptions& options)
{
    const std::int64_t fid = packageFid(id, options.revision);
    ExtractResult result;
    std::string rasterName;
    {
        detail::Statement s(db, "SELECT revision FROM packages WHERE fid = ?1");
        s.bind(1, fid);
        s.step();
        result.revision = static_cast<int>(s.integer(0));
    }
    if (options.rasterDir) {
        detail::Statement s(db, "SELECT path, coalesce(raster_sha256, '') FROM map_sources WHERE package_fid = ?1 AND raster IS NOT NULL");
        s.bind(1, fid);
        if (!s.step())
            throw core::util::OperationError(m_location, id, core::i18n::format(_("revision {1} has no stored map raster"), {std::to_string(result.revision)}));
        rasterName = detail::extractedRasterName(s.text(0), id);
        result.rasterSha256 = s.text(1);
    }
    const std::string bytes = document(id, result.revision);
    std::error_code ec;
    if (output.has_parent_path())
        std::filesystem::create_directories(output.parent_path(), ec);
    if (options.rasterDir) {
        std::filesystem::create_directories(*options.rasterDir, ec);
        const std::filesystem::path target = *options.rasterDir / rasterName;
        core::io::AtomicFile file(target);
        readBlobToFile(db, "map_sources", "raster", fid, file.temporaryPath());
        if (core::util::sha256File(file.temporaryPath()) != result.rasterSha256)
            throw core::util::FormatError(m_location, id, _("the stored raster does not match its SHA-256 (damaged catalogue)"));
        file.commit();
        result.raster = target;
    }
    core::io::writeFileAtomically(output, bytes);
    result.document = output;
    return result;
}

int detail::GpkgBackend::remove(const std::string& id, std::optional<int> revision)
{
    readable();
    detail::Transaction transaction(db, detail::Transaction::Kind::Immediate);
    const detail::SchemaState state = detail::inspectCatalogue(db);
    if (state.version > 0 && state.version < kSchemaVersion)
        detail::migrateCatalogue(db, state);
    version = state.version > 0 ? kSchemaVersion : 0;
    std::vector<std::pair<std::int64_t, std::string>> doomed; // fid, crs
    if (version > 0) {
        detail::Statement s(db, revision ? "SELECT fid, crs FROM packages WHERE scenario_id = ?1 AND revision = ?2"
                                         : "SELECT fid, crs FROM packages WHERE scenario_id = ?1");
        s.bind(1, id);
        if (revision)
            s.bind(2, *revision);
        while (s.step())
            doomed.emplace_back(s.integer(0), s.text(1));
    }
    if (doomed.empty())
        throw core::util::OperationError(m_location, id,
            revision ? core::i18n::format(_("no revision {1} of this package in the catalogue"), {std::to_string(*revision)})
                 : std::string(_("no such package in the catalogue")));
    std::set<std::string> layers;
    for (const auto& [fid, crs] : doomed) {
        const auto packageFid = fid; // a plain variable: clang < 16 cannot capture a structured binding
        const auto del = [&](const std::string& sql) {
            detail::Statement s(db, sql);
            s.bind(1, packageFid).run();
        };
        del("DELETE FROM package_search WHERE rowid = ?1");
        del("DELETE FROM package_title_search WHERE rowid = ?1");
        del("DELETE FROM package_thumbnails WHERE package_fid = ?1");
        del("DELETE FROM setup_arrivals WHERE package_fid = ?1");
        del("DELETE FROM setup_reserves WHERE package_fid = ?1");
        del("DELETE FROM setup_placements WHERE package_fid = ?1");
        del("DELETE FROM campaign_objectives WHERE package_fid = ?1");
        del("DELETE FROM campaign_forces WHERE package_fid = ?1");
        del("DELETE FROM campaign_overrides WHERE package_fid = ?1");
        del("DELETE FROM campaign_square_cover WHERE package_fid = ?1");
        del("DELETE FROM campaign_grids WHERE package_fid = ?1");
        del("DELETE FROM tb_card_actions WHERE package_fid = ?1");
        del("DELETE FROM tb_formation_cards WHERE package_fid = ?1");
        del("DELETE FROM tb_armies WHERE package_fid = ?1");
        del("DELETE FROM tb_scenario_cards WHERE package_fid = ?1");
        del("DELETE FROM units WHERE package_fid = ?1");
        del("DELETE FROM formations WHERE package_fid = ?1");
        del("DELETE FROM sides WHERE package_fid = ?1");
        del("DELETE FROM map_gcps WHERE package_fid = ?1");
        del("DELETE FROM map_sources WHERE package_fid = ?1");
        del("DELETE FROM package_warnings WHERE package_fid = ?1");
        del("DELETE FROM package_documents WHERE package_fid = ?1");
        for (const std::string& table : detail::featureTablesOf(db, crs)) {
            del("DELETE FROM " + detail::quoteIdentifier(table) + " WHERE package_fid = ?1");
            layers.insert(table);
        }
        del("DELETE FROM packages WHERE fid = ?1");
    }
    // When the newest revision went, the newest remaining one becomes "latest" and searchable again.
    std::optional<std::int64_t> newest;
    {
        detail::Statement s(db, "SELECT fid, crs FROM packages WHERE scenario_id = ?1 "
                                "AND NOT EXISTS (SELECT 1 FROM packages q WHERE q.scenario_id = ?1 AND q.latest = 1) "
                                "ORDER BY revision DESC LIMIT 1");
        s.bind(1, id);
        if (s.step()) {
            newest = s.integer(0);
            for (const std::string& table : detail::featureTablesOf(db, s.text(1))) {
                detail::Statement u(db, "UPDATE " + detail::quoteIdentifier(table) + " SET latest = 1 WHERE package_fid = ?1");
                u.bind(1, *newest).run();
            }
        }
    }
    if (newest) {
        detail::Statement u(db, "UPDATE packages SET latest = 1 WHERE fid = ?1");
        u.bind(1, *newest).run();
        indexPackage(*newest);
    }
    for (const std::string& table : layers)
        detail::refreshLayerExtent(db, table);
    for (const char* table : detail::kAttributeTables)
        detail::touchContents(db, table);
    transaction.commit();
    return static_cast<int>(doomed.size());
}

} // namespace sandtable::catalogue
