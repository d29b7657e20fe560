// SPDX-License-Identifier: GPL-3.0-or-later
// Spreadsheets that are not UTF-8 (issue 23 item 7): what a file's bytes are, a clear refusal naming the row,
// the column and the likely encoding, and conversion when the designer names the encoding (glibc's iconv).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sandtable::core::util {

/// Where and why `bytes` are not UTF-8 text, in a delimited file (`delimiter` ',' or '\t').
struct EncodingProblem {
    std::size_t offset = 0;   ///< of the first offending byte
    std::size_t row = 0;      ///< 1-based line of the file
    std::size_t column = 0;   ///< 1-based field of that line (delimiters outside quotes counted)
    std::string encoding;     ///< the likely encoding: "UTF-16LE", "UTF-16BE" or "Windows-1252"
    std::string message;      ///< "byte 0xE9 is not UTF-8: the file looks like Windows-1252 (...); save it as
                              ///< "CSV UTF-8", or give --encoding windows-1252" (the caller names row and column)
};

/// `text` with the ASCII letters A-Z made lower case; every other byte (UTF-8 sequences included) kept. For
/// matching keywords, column names and class ids without regard to case, whatever the process's locale.
std::string asciiLower(std::string_view text);

/// The characters (code points) of UTF-8 `text`: its bytes that do not continue a character. What a
/// terminal column holds for the Latin, Greek and Cyrillic letters of the shipped languages.
std::size_t utf8CharacterCount(std::string_view text);

/// Offset of the first byte that breaks UTF-8 (overlongs, surrogates and > U+10FFFF included), or npos.
std::size_t firstInvalidUtf8(std::string_view text);

/// Nothing when `bytes` are UTF-8 (a UTF-8 byte order mark allowed); else the first problem. UTF-16 is
/// recognised by its byte order mark or by NUL bytes between ASCII characters; any other invalid byte
/// is reported as likely Windows-1252, the encoding spreadsheet programs save "CSV" in on Windows.
std::optional<EncodingProblem> findEncodingProblem(std::string_view bytes, char delimiter = ',');

/// `bytes` converted from `encoding` to UTF-8 by iconv: "windows-1252" (or "cp1252"), "latin1"
/// ("iso-8859-1"), "utf-16" (by its byte order mark), "utf-16le", "utf-16be", "utf-8" (unchanged).
/// Throws FormatError(sourceName, "encoding", ...) for an encoding iconv does not know or bytes that are
/// not in it (naming the offset).
std::string convertToUtf8(std::string_view bytes, const std::string& encoding, const std::string& sourceName);

} // namespace sandtable::core::util
