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

namespace sandtable::core {

/// Largest scenario document read, in bytes (a cap against unbounded allocation).
inline constexpr std::size_t kMaxScenarioBytes = limits::kMaxScenarioFileBytes;

/// A scenario that passed the schema, with the rules validator's findings.
struct LoadedScenario {
    Scenario scenario;
    Diagnostics diagnostics;
};

/// The outcome of checking a document: schema problems (code "schema.*") and rule findings together.
/// `scenario` is set when the document passed the schema.
struct ValidationReport {
    std::optional<Scenario> scenario;
    Diagnostics diagnostics;
};

/// Checks a document's text: JSON syntax, format and version (a newer version is an error diagnostic
/// "format.newer_version"), the schema (valijson, schemas/scenario.v1.schema.json), then the rules.
/// A document that passes is read once into an arena tree and checked there (the same verdicts as
/// valijson's); any other takes the nlohmann + valijson path, which words what is wrong.
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

namespace detail {
/// The two ways of reading a document, for the tests that check they agree. readScenarioFast: the arena
/// tree path, nullopt when it leaves the document to the other; readScenarioThorough: nlohmann + valijson,
/// as readScenarioText without the fast path.
std::optional<Scenario> readScenarioFast(std::string_view text, const std::string& sourceName);
ValidationReport readScenarioThorough(std::string_view text, const std::string& sourceName);
/// The fast path's schema verdict on a document: 0 valid, 1 invalid, 2 unsure, -1 not parsed.
int fastSchemaVerdict(std::string_view text);
/// valijson's verdict (the text must be JSON nlohmann parses).
bool schemaAccepts(std::string_view text);
} // namespace detail

} // namespace sandtable::core
