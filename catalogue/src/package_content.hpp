// SPDX-License-Identifier: GPL-3.0-or-later
// What every backend shares: identity rules, the search text a package gives, the search query language,
// and how a database connection is named in messages (password masked).
#pragma once

#include "backend.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::catalogue::detail {

/// A scenario id as the scenario schema has it: ^[A-Za-z0-9][A-Za-z0-9_.:-]*$, 1 to 200 characters.
bool validScenarioId(const std::string& id);

/// Refuses (NotARevision, naming `location`) a document that is not the same scenario as `stored`, the newest
/// revision under `id` (ExportOptions: same system, and the same title or the same battle and date, or
/// options.asRevision). No stored revision: accepted.
void checkSameScenario(const std::string& location, const std::string& id, const std::optional<StoredIdentity>& stored,
    const core::ScenarioSettings& settings, const ExportOptions& options);

/// The searchable text of a package, by column (the GeoPackage's FTS5 columns): names are the sides',
/// formations', units', Table Battles scenario card's, armies' and formation cards', and campaign forces';
/// places the distinct names of terrain features and campaign objectives; rules the Table Battles special
/// rules, action kinds and requirements. Parts joined by "; ".
struct SearchText {
    std::string title;
    std::string battle;
    std::string date;
    std::string description;
    std::string names;
    std::string places;
    std::string rules;
};
SearchText searchTextOf(const core::Scenario& scenario);

/// The words of `text` as FTS5's unicode61 tokenizer splits them: runs of ASCII letters and digits and of
/// non-ASCII characters (typographic punctuation and spaces excepted), ASCII letters lower-cased.
std::vector<std::string> searchTokens(std::string_view text);
/// searchTokens joined by single spaces.
std::string searchTokenText(std::string_view text);

/// A search query parsed as the GeoPackage's FTS5 takes it: words, "phrases", prefix*, AND, OR, NOT,
/// parentheses, column:word (columns as kSearchColumnNames). NOT binds tightest, then AND (or nothing), then OR.
struct QueryNode {
    enum class Kind { Phrase, And, Or, Not };
    Kind kind = Kind::Phrase;
    std::string column;                ///< Phrase: "" for any column
    std::vector<std::string> tokens;   ///< Phrase: its tokens, in order
    bool prefix = false;               ///< Phrase: the last token is a prefix
    std::vector<std::unique_ptr<QueryNode>> children; ///< And, Or: two or more; Not: what, then what not
};
inline constexpr const char* kSearchColumnNames[] = {"title", "battle", "date", "description", "names", "places", "rules"};

/// Parses `text`; nullptr when it holds no word. Throws std::invalid_argument when it is not valid syntax
/// (a stray quote or parenthesis, an operator without its operand).
std::unique_ptr<QueryNode> parseQuery(const std::string& text);
/// The query as plain words (each word a phrase of its tokens, all of them required); nullptr without a word.
std::unique_ptr<QueryNode> plainWordsQuery(const std::string& text);

/// The file name an extracted raster takes in ExtractOptions::rasterDir: the stored map path's last component
/// ("../../../shared/data/maps/scan.jpg" -> "scan.jpg"), never a path that leaves the folder; "<id>.raster"
/// when that is empty, "." or "..".
std::string extractedRasterName(const std::string& mapPath, const std::string& id);

/// Whether a --catalogue value names a PostgreSQL database ("PG:..." as GDAL writes it, or a
/// postgresql:// / postgres:// URI) rather than a GeoPackage file.
bool isDatabaseLocation(std::string_view value);
/// The libpq connection string of a database location ("PG:" taken off).
std::string conninfoOf(std::string_view value);
/// The location as messages show it: any password (password=..., user:password@ in a URI) as "***".
std::string maskPassword(std::string_view text);

} // namespace sandtable::catalogue::detail
