// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario's members other than its terrain, read from the document's tree (private to core/src/io).
#pragma once

#include "sandtable/core/io/json.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <string>

namespace sandtable::core::io::detail {

/// The scenario of a schema-valid document, every member but "terrain" (scenario_file.cpp reads that, the
/// bulk of a big document, itself). Throws FormatError(sourceName, JSON pointer, reason) when a member has
/// the wrong type (the schema check normally catches that first) or a value the model refuses.
Scenario scenarioWithoutTerrain(const JsonValue& document, const std::string& sourceName);

} // namespace sandtable::core::io::detail
