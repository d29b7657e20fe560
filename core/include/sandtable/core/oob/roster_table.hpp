// SPDX-License-Identifier: GPL-3.0-or-later
// Roster files read into rows of text cells: CSV, TSV, PostgreSQL COPY text dumps and JSON arrays.
#pragma once

#include "sandtable/core/util/error.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::oob {

enum class RosterFormat { Csv, Tsv, PgCopy, Json };

/// "csv", "tsv", "pgcopy", "json"; rosterFormatFromString throws std::invalid_argument for anything else.
const char* toString(RosterFormat format);
RosterFormat rosterFormatFromString(const std::string& name);
/// The format a file name suggests: .tsv/.tab tsv, .sql/.copy/.pgcopy/.dump pgcopy, .json json, else csv.
RosterFormat rosterFormatFromPath(const std::string& path);

/// A roster input that cannot be read or imported. `problems` lists every problem found, each starting
/// with "row N (line L): " when it belongs to a row (rows count data records from 1; lines count the
/// file's physical lines from 1, the header included); what() names the file and all problems.
class RosterError : public util::FormatError {
public:
    RosterError(const std::string& file, std::vector<std::string> problems);
    const std::vector<std::string>& problems() const noexcept { return m_problems; }

private:
    std::vector<std::string> m_problems;
};

/// One data record. `line` is the physical line it starts on (0 for JSON, which has no lines per row).
/// A cell is nullopt for SQL NULL (COPY's \N), JSON null, or a member the JSON object lacks.
struct RosterRow {
    std::size_t number = 0;
    std::size_t line = 0;
    std::vector<std::optional<std::string>> cells;
    std::vector<bool> present;  ///< JSON: whether the object had the member; text formats: all true
};

/// A parsed roster: column names (the header; for JSON the members in order of first appearance) and rows.
struct RosterTable {
    std::vector<std::string> columns;
    std::vector<RosterRow> rows;

    /// The index of `column` (exact match first, then case-insensitive), or -1.
    std::ptrdiff_t columnIndex(const std::string& column) const;
};

/// "row N (line L)" or, without a line, "row N": how problems name a record.
std::string rowLabel(const RosterRow& row);

/// Parses `bytes`. The whole input must be UTF-8 (a UTF-8 byte-order mark is skipped). CSV is RFC 4180
/// (quoted fields may hold commas, quotes doubled, line breaks; CRLF or LF); TSV splits lines on tabs with
/// no quoting; a COPY dump takes its columns from the first `COPY name (a, b) FROM stdin;` line, or else from
/// a tab-separated header line, reads rows up to `\.` and decodes COPY's backslash escapes; JSON is an array
/// of flat objects (or an object whose first array member holds them), values being strings, numbers,
/// booleans or null. Every row of a text format must have exactly the header's number of fields. A CSV or
/// TSV line whose fields are all blank and none quoted (",,,,,," that Excel writes for the empty rows at the
/// end of a sheet, whatever their number of commas) is no row, like a blank line: rows and their numbers
/// skip it, lines count it. Likewise unnamed columns at the end of the header whose cells are blank in every
/// row (a sheet's used range wider than its data) are no columns.
/// Throws RosterError listing every problem (invalid UTF-8 with its line, missing or extra fields per row,
/// duplicate or empty column names, malformed quoting, JSON syntax), so nothing is half read.
RosterTable parseRoster(std::string_view bytes, RosterFormat format, const std::string& sourceName);

} // namespace sandtable::core::oob
