// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers over validation findings.
#include "sandtable/core/validation/diagnostic.hpp"

#include <algorithm>

namespace sandtable::core::validation {

const char* toString(Severity severity)
{
    switch (severity) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "error";
}

std::size_t countSeverity(const Diagnostics& diagnostics, Severity severity)
{
    return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
        [severity](const Diagnostic& d) { return d.severity == severity; }));
}

bool hasErrors(const Diagnostics& diagnostics)
{
    return countSeverity(diagnostics, Severity::Error) > 0;
}

} // namespace sandtable::core::validation
