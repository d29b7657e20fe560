// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario <-> its JSON document (schemas/scenario.v1.schema.json).
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace sandtable::core {

/// The document of `scenario`, keys in the schema's order. Optional members are left out when absent.
nlohmann::ordered_json scenarioToJson(const Scenario& scenario);

/// The scenario of a schema-valid document. Throws FormatError(sourceName, json pointer, reason) when a
/// member has the wrong type (the schema check normally catches that first).
Scenario scenarioFromJson(const nlohmann::ordered_json& document, const std::string& sourceName);

/// GeoJSON geometry object <-> Geometry (coordinates in the working CRS, metres).
nlohmann::ordered_json geometryToJson(const Geometry& geometry);
Geometry geometryFromJson(const nlohmann::ordered_json& geometry);

/// The document's bytes as sandtable writes them (2-space indent, shortest round-trip numbers).
std::string serializeScenario(const Scenario& scenario);

} // namespace sandtable::core
