// SPDX-License-Identifier: GPL-3.0-or-later
// Reading (schema + rules validation) and atomic saving of scenario documents.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/limits.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable::core::io {

/// Largest scenario document read, in bytes (a cap against unbounded allocation).
inline constexpr std::size_t kMaxScenarioBytes = util::limits::kMaxScenarioFileBytes;

/// A scenario that passed the schema, with the rules validator's findings.
struct LoadedScenario {
    Scenario scenario;
    validation::Diagnostics diagnostics;
};

/// The outcome of checking a document: schema problems (code "schema.*") and rule findings together.
/// `scenario` is set when the document passed the schema.
struct ValidationReport {
    std::optional<Scenario> scenario;
    validation::Diagnostics diagnostics;
};

/// Checks a document's text: JSON syntax, format and version (a newer version is an error diagnostic
/// "format.version"), the schema (valijson, schemas/scenario.v1.schema.json), then the rules. The text is
/// parsed once (RapidJSON); the schema is checked on that tree and the model read from it.
///
/// Schema findings carry a specific code: schema.required, schema.type, schema.enum, schema.const,
/// schema.pattern, schema.range, schema.length, schema.items, schema.unknown_field, schema.alternatives
/// (schema.invalid for anything else), a JSON pointer to the offending value (for schema.required, to the
/// object missing the field), and a message naming the field, what the schema expects and what was found.
/// One finding per defect. Bad JSON is one "format.invalid" finding naming the line and column.
ValidationReport validateScenarioText(std::string_view text, const std::string& sourceName);

/// validateScenarioText without the rules: `scenario` is set when the document passes the schema, and
/// `diagnostics` then holds no error (validateScenario(*scenario) gives the rule findings that follow).
ValidationReport readScenarioText(std::string_view text, const std::string& sourceName);

/// Parses a document that must pass the schema. Throws FormatError(sourceName, json pointer, reason) on
/// bad JSON, a foreign or newer format, or schema violations (the first few are named in the reason).
LoadedScenario parseScenario(std::string_view text, const std::string& sourceName);

/// Reads and parses a file: IoError when it cannot be read, FormatError as parseScenario.
LoadedScenario loadScenario(const std::filesystem::path& path);

/// Writes the document atomically (write, fsync, rename). Loading a saved file and saving it again gives
/// the same bytes. Throws IoError; the previous file is then untouched.
void saveScenario(const Scenario& scenario, const std::filesystem::path& path);

/// The embedded JSON Schema text of format version 1.
std::string_view scenarioSchemaText();

} // namespace sandtable::core::io
