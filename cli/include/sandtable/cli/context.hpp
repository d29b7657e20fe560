// SPDX-License-Identifier: GPL-3.0-or-later
// What every command of the `sandtable` tool shares: output streams, --json, -q, the exit code.
#pragma once

#include "sandtable/app/reporter.hpp"
#include "sandtable/core/io/json.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/in_file.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <string>
#include <vector>

namespace sandtable::cli {

/// Shared state of one run of the tool. Commands write results to `out` (with --json, exactly one JSON
/// document and nothing else), human messages and progress to `err`, and set `exitCode` to 1 when the
/// operation found errors (validation). Failures are thrown as sandtable::core::util::Error and printed once
/// by run() as "sandtable: error: <file>: <object>: <reason>", and with --json as the document
/// {"error": {...}} on `out` unless the command had already printed its document (its diagnostics).
struct Context {
    std::ostream& out;
    std::ostream& err;
    bool json = false;
    bool quiet = false;
    int exitCode = 0;
    mutable bool printedJson = false; ///< set by printJson

    /// Prints a JSON document on `out` (core::io::writeJson: 2-space indent, shortest round-trip numbers). Commands
    /// build it with a core::io::JsonOut of their own.
    void printJson(const core::io::JsonValue& document) const;
    /// A progress callback printing "what: NN%" lines on `err` (nothing with -q).
    core::util::ProgressCallback progress() const;
    /// The app layer's reporter: progress() and notices as "sandtable: <notice>" lines on `err` (none with -q).
    app::Reporter reporter() const;
    /// Before a product is made of a scenario that has errors (issue 43 item 7: `map print` printed a scenario
    /// `scenario validate` refuses, with no word): one warning line on `err` naming the count and the command
    /// that lists them (nothing with -q or --json, or when there are no errors). The product is still made.
    void warnIfInvalid(const core::validation::Diagnostics& diagnostics, const std::string& file) const;
    /// Prints diagnostics as "severity: path: message" lines on `err`.
    void printDiagnostics(const core::validation::Diagnostics& diagnostics, const std::string& file) const;
};

/// A finding's severity as a person reads it, in the messages' language ("error", "erreur", "Fehler").
std::string severityText(core::validation::Severity severity);
/// "2 errors, 1 warning" in the messages' language (real plurals).
std::string errorsAndWarnings(std::size_t errors, std::size_t warnings);

/// Diagnostics as the JSON array of cli.md (`code`, `severity`, `path`, `message`), built in `out`.
core::io::JsonValue diagnosticsToJson(const core::validation::Diagnostics& diagnostics, core::io::JsonOut& out);

/// core::util::inFile (core/util/in_file.hpp): an operation's error without a file names the scenario file.
using core::util::inFile;

/// Adds a subcommand that accepts the global flags (--json, -q) after its own name too.
CLI::App* addCommand(CLI::App& parent, const std::string& name, const std::string& description);

// CLI11's IsMember, Range, PositiveNumber and NonNegativeNumber, with their help text and their error (the part
// after "--option: ") in the person's language. Numbers are read in the "C" form, as every option takes them.
CLI::Validator oneOf(std::vector<std::string> choices);   ///< "'regiment' is not one of army, wing, ..."
CLI::Validator inRange(double min, double max);           ///< "'0' is not a number from 1 to 500"
CLI::Validator positive();                                ///< a number > 0
CLI::Validator nonNegative();                             ///< a number >= 0

// Each noun registers its verbs (one file per noun under cli/src/).
void registerScenarioCommands(CLI::App& app, Context& context);
void registerRasterCommands(CLI::App& app, Context& context);
void registerTerrainCommands(CLI::App& app, Context& context);
void registerReferenceCommands(CLI::App& app, Context& context);
void registerCatalogueCommands(CLI::App& app, Context& context);
void registerDemoCommand(CLI::App& app, Context& context);
void registerMapCommands(CLI::App& app, Context& context);
void registerGridCommands(CLI::App& app, Context& context);
void registerOobCommands(CLI::App& app, Context& context);
void registerCardsCommands(CLI::App& app, Context& context);
void registerVassalCommands(CLI::App& app, Context& context);

/// Runs the tool with every command: parses arguments (the global flags --json, -q and --version
/// included), runs the command, converts failures once. Returns the exit code: 0 success, 1 failure or
/// validation errors, 2 usage error (with a "did you mean" hint). Throws std::logic_error when a noun's
/// function registers no subcommand of its name.
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

/// Sets up the language of the tool's messages before run() (the executable's main): --lang (as LANGUAGE),
/// LANGUAGE, the locale (core::i18n::setUpProcessLanguage), with the catalogues of $SANDTABLE_LOCALEDIR, this
/// build tree's, or the installed ones, the first that exists.
void setUpLanguage(int argc, const char* const* argv);

} // namespace sandtable::cli
