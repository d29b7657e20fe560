// SPDX-License-Identifier: GPL-3.0-or-later
// Schema version 2's attribute tables: Table Battles cards, Campaign Lite grid, set-ups, thumbnails.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "geopackage/sqlite_db.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable::catalogue::detail {

/// Stores the cards, campaign grid and set-ups of `scenario` for package `fid` (schema version 2 tables).
/// The package's sides and units must already be stored: the rows point at their fids.
void storeStructure(Database& db, std::int64_t fid, const core::Scenario& scenario);

/// After the v1 -> v2 migration: fills the version 2 tables of every package already in the catalogue
/// from its stored document (a document that no longer parses is left without them).
void backfillStructure(Database& db);

/// Width and height of a PNG from its IHDR chunk; nullopt when `png` is not a PNG.
std::optional<std::pair<int, int>> pngSize(std::string_view png);

} // namespace sandtable::catalogue::detail
