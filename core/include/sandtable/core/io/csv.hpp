// SPDX-License-Identifier: GPL-3.0-or-later
// The one CSV tokenizer (RFC 4180) behind every CSV reader: Table Battles cards, rosters, QGIS .points.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::io {

/// How a CSV text is split.
struct CsvOptions {
    /// The field separator (',' for CSV).
    char delimiter = ',';
    /// A line whose first character is this one is a comment (QGIS .points' "#CRS: ..."): one record with
    /// `comment` set and one field, the line's text without its line end. '\0': no comments.
    char comment = '\0';
    /// true: stop at the first syntax problem (what follows cannot be split reliably); the records before
    /// the one in error are returned. false: read on, keeping what a lenient reader keeps (text after a
    /// closing quote and a quote inside an unquoted field are field text, a lone CR is dropped), and report
    /// every problem.
    bool stopAtFirstProblem = true;
};

/// One record. `row` counts records from 1, blank lines included (a quoted field spanning lines is one
/// row); `line` is the physical line (1-based, LF-counted) the record starts on.
struct CsvRecord {
    std::size_t row = 0;
    std::size_t line = 0;
    std::vector<std::string> fields; ///< unquoted, doubled quotes undone; line breaks inside quotes kept as written
    bool quoted = false;             ///< some field was quoted ("" is an empty value written on purpose)
    bool comment = false;            ///< a comment line (CsvOptions::comment)

    /// True for a record of empty or blank (spaces, tabs) unquoted fields: ",,,,," as Excel leaves at the
    /// end of a sheet whose used range is wider than its data.
    bool blank() const;
};

/// A syntax problem: where (row and line as CsvRecord's, `column` the 1-based field) and what.
struct CsvSyntaxProblem {
    enum class Kind {
        UnclosedQuote,         ///< a quoted field runs to the end of the text
        TextAfterClosingQuote, ///< `"ab"c`
        QuoteInUnquotedField,  ///< `ab"c`
        LoneCarriageReturn,    ///< a CR not followed by LF outside quotes (classic Mac OS line ends)
    };
    Kind kind = Kind::UnclosedQuote;
    std::size_t row = 0;
    std::size_t line = 0;
    std::size_t column = 0;
};

struct CsvText {
    std::vector<CsvRecord> records; ///< empty lines hold no record; blank (",,,") records are kept
    std::vector<CsvSyntaxProblem> problems;
};

/// Splits `text` (UTF-8, an optional byte order mark skipped) into records: fields separated by
/// `options.delimiter`, records by LF or CR LF; a field that starts with '"' runs to the next lone '"'
/// and may hold delimiters, line breaks and doubled quotes ("" for one "). Never throws.
CsvText readCsv(std::string_view text, const CsvOptions& options = {});

/// The reason for a syntax problem, translated, in the words of a spreadsheet user
/// (e.g. "the quote opened here is never closed").
std::string csvProblemReason(CsvSyntaxProblem::Kind kind);

/// `field` as a CSV field: as is, or quoted with its quotes doubled when it holds `delimiter`, a quote,
/// CR or LF.
std::string csvField(const std::string& field, char delimiter = ',');

} // namespace sandtable::core::io
