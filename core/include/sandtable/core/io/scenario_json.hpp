// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario -> its JSON document (schemas/scenario.v1.schema.json); scenario_file.hpp reads it.
#pragma once

#include "sandtable/core/io/json.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <string>

namespace sandtable::core::io {

/// The document of `scenario`, keys in the schema's order, built in `out`. Optional members are left out
/// when absent.
JsonValue scenarioToJson(const Scenario& scenario, JsonOut& out);

/// The document's bytes as sandtable writes them (writeJson: 2-space indent, shortest round-trip numbers).
std::string serializeScenario(const Scenario& scenario);

} // namespace sandtable::core::io
