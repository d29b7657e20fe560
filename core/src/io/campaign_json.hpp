// SPDX-License-Identifier: GPL-3.0-or-later
// The Campaign Lite part of a scenario <-> the "campaign" object of the scenario document (private to
// core/src/io).
#pragma once

#include "json_in.hpp"
#include "sandtable/core/io/json.hpp"
#include "sandtable/core/model/campaign.hpp"

namespace sandtable::core::io::detail {

/// The "campaign" object (schemas/scenario.v1.schema.json, definitions/campaign). Squares are written by
/// the names players call ("C4", "0304") in the grid's own numbering; optional members only when set.
io::JsonValue campaignToJson(const Campaign& campaign, JsonOut& out);

/// The campaign of a schema-valid "campaign" object. Throws std::invalid_argument on a wrong type, a
/// malformed grid or a square name off the grid; the scenario reader turns it into a FormatError naming
/// the JSON pointer.
Campaign campaignFromJson(JsonIn object);

} // namespace sandtable::core::io::detail
