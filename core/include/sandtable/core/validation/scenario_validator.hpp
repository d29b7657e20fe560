// SPDX-License-Identifier: GPL-3.0-or-later
// The rules validator: what a schema cannot say about a scenario.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

namespace sandtable::core::validation {

/// All rule findings for a schema-valid scenario, each with a JSON pointer to the object it names:
/// - ids unique per collection (error "id.duplicate");
/// - references resolve: formation -> side, unit -> formation (error "ref.missing");
/// - each non-army formation has exactly one HQ (error "oob.formation.hq_count"; Pub Battles rulebook:
///   each formation has one HQ);
/// - terrain classes are canonical (docs/model.md) or declared custom classes (error "terrain.class.unknown");
/// - geometry dimension fits the class: woods polygon, stream line, bridge point (error "terrain.geometry.kind");
/// - geometry is valid per GEOS (error "terrain.geometry.invalid", the reason and location in the message);
/// - hill level and road grade attributes (error "terrain.attribute");
/// - placed pieces inside the map extent (error "setup.off_map");
/// - a working CRS is set when the scenario has terrain or placements (error "crs.missing");
/// - GCP ids unique (error "georef.gcp.duplicate") and enough enabled GCPs for the method (error
///   "georef.gcp.too_few").
Diagnostics validateScenario(const Scenario& scenario);

} // namespace sandtable::core::validation
