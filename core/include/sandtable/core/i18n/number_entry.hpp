// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers in the fields a person edits, in that person's numeric conventions (issue 25): written for the
// field and read back from what the person typed. The conventions are those core::i18n::formatNumber uses
// (LC_NUMERIC of the environment as setUpProcessLanguage found it); files never go through these.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sandtable::core::i18n {

/// `value` with `decimals` (0-12) digits after the person's decimal separator and no thousands separator,
/// for a field a person edits ("12,50" in French and German, "12.50" in "C"); parseNumber reads it back.
std::string formatEditableNumber(double value, int decimals);

/// A number as a person types it in a field: an optional sign, digits with the person's decimal separator
/// or '.', an optional exponent ("1e3"), spaces around it, and, where the person's thousands separator is
/// neither '.' nor their decimal separator, that separator between digits ("1 234,5" in French, "1,234.5"
/// in English). German "1.234,5" is refused: '.' always reads as a decimal point, so that "12.5" typed in
/// Germany is 12.5. nullopt when the text is empty, is not one finite number, or has more after it.
std::optional<double> parseNumber(std::string_view text);

/// `text` with the person's decimal separator, where it stands between two digits, written as '.': for a
/// field whose text holds numbers among other signs (an angle "7,25" or "48°51,4'" typed in French or
/// German, read by core::util::parseAngle, where ',' otherwise separates degrees from minutes). Unchanged when the
/// person's separator is '.'.
std::string withPointDecimals(std::string_view text);

} // namespace sandtable::core::i18n
