// SPDX-License-Identifier: GPL-3.0-or-later
// The Campaign Lite part of a scenario <-> the "campaign" object of the scenario document.
#pragma once

#include "sandtable/core/model/campaign.hpp"

#include <nlohmann/json.hpp>

namespace sandtable::core {

/// The "campaign" object (schemas/scenario.v1.schema.json, definitions/campaign). Squares are written by
/// the names players call ("C4", "0304") in the grid's own numbering; optional members only when set.
nlohmann::ordered_json campaignToJson(const Campaign& campaign);

/// The campaign of a schema-valid "campaign" object. Throws nlohmann::json::exception on a wrong type and
/// std::invalid_argument on a malformed grid or a square name off the grid; scenarioFromJson turns both
/// into a FormatError naming the JSON pointer.
Campaign campaignFromJson(const nlohmann::ordered_json& object);

} // namespace sandtable::core
