// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles cards <-> a spreadsheet (CSV) layout: one row per card face, repeated action columns.
#pragma once

#include "sandtable/core/model/table_battles.hpp"
#include "sandtable/core/util/error.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::io {

/// One problem of a CSV import: 1-based row (the header is row 1; a quoted field spanning lines still
/// counts as one row) and 1-based column (0 when it concerns the whole row).
struct CsvProblem {
    std::size_t row = 0;
    std::size_t column = 0;
    std::string message;
    bool operator==(const CsvProblem&) const = default;
};

/// A CSV that cannot be imported; what() lists the problems as "row R, column C (name): reason".
class CsvImportError : public util::FormatError {
public:
    CsvImportError(const std::string& sourceName, std::vector<CsvProblem> problems);
    const std::vector<CsvProblem>& problems() const noexcept { return m_problems; }

private:
    std::vector<CsvProblem> m_problems;
};

/// The fixed leading columns, in order (docs/table-battles-csv.md). After them come groups of five
/// columns per action: action_N, targets_N, hits_N, requirement_N, voluntary_N (N = 1, 2, ...).
const std::vector<std::string>& tableBattlesCsvColumns();

/// The CSV text of `set` (RFC 4180: comma separated, "\n" line ends, fields quoted only when they hold a
/// comma, a quote or a line break; quotes doubled). Rows: the header, one "scenario" row, two "army"
/// rows, then one "formation" row per card face in the set's order. As many action groups as the card
/// with the most actions has (at least one). Importing the text and exporting again gives the same bytes.
std::string exportTableBattlesCsv(const TableBattlesSet& set);

/// Reads the layout above, all or nothing: any problem (broken quoting, an unknown column, a wrong field
/// count, a bad number, card reference or dice pattern, a missing scenario row or army) throws
/// CsvImportError with every problem found (up to 100), each with its row and column. A UTF-8 byte
/// order mark and "\r\n" line ends are accepted.
TableBattlesSet importTableBattlesCsv(std::string_view text, const std::string& sourceName);

} // namespace sandtable::core::io
