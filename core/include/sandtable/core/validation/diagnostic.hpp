// SPDX-License-Identifier: GPL-3.0-or-later
// Findings of validation and lossy imports: data, never exceptions.
#pragma once

#include <string>
#include <vector>

namespace sandtable::core::validation {

enum class Severity { Info, Warning, Error };

/// "info", "warning" or "error".
const char* toString(Severity severity);

/// One finding. `path` is a JSON pointer into the scenario document (e.g. "/terrain/3/geometry"),
/// `code` a stable dotted identifier (e.g. "oob.formation.hq_count") that scripts may match on.
struct Diagnostic {
    std::string code;
    Severity severity = Severity::Error;
    std::string path;
    std::string message;

    bool operator==(const Diagnostic&) const = default;
};

using Diagnostics = std::vector<Diagnostic>;

/// Number of diagnostics of the given severity.
std::size_t countSeverity(const Diagnostics& diagnostics, Severity severity);

/// True when any diagnostic is an error.
bool hasErrors(const Diagnostics& diagnostics);

} // namespace sandtable::core::validation
