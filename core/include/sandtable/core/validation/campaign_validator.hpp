// SPDX-License-Identifier: GPL-3.0-or-later
// Rule checks of a scenario's Campaign Lite part (grid, forces, objectives, intelligence).
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

namespace sandtable::core::validation {

/// Appends the findings about `scenario.campaign` (nothing when it has none), paths under "/campaign":
/// - a malformed grid (error "campaign.grid"); a grid that leaves part of the map extent uncovered
///   (warning "campaign.grid.coverage": `grid derive` refuses it);
/// - force and objective ids unique (error "id.duplicate"); a force's or objective's side, an intelligence
///   entry's side and its seen forces must exist (error "ref.missing"); a force with no units (warning
///   "campaign.force.empty"); more units in a square than the stacking limit (warning "campaign.stacking");
/// - each side with forces has a line of communication among the objectives (warning "campaign.loc.missing":
///   campaign-lite.txt, "always including Line-of-Communication as one of them");
/// - seen forces belong to the other side (error "campaign.intelligence.side");
/// - cover thresholds in order (error "campaign.thresholds");
/// - forces, objectives and table squares on squares the grid has (errors "campaign.force.off_grid",
///   "campaign.objective.off_grid", "campaign.table.off_grid");
/// - a force's route to its start square steps between squares sharing an edge (error "campaign.force.route")
///   and crosses a river only where a bridge or ford lies in one of the two squares (error
///   "campaign.force.river", naming the force and both squares; campaign-lite.txt "Rivers: Can only be crossed
///   at bridges", docs/model.md: fords are crossing places).
void checkCampaign(const Scenario& scenario, Diagnostics& out);

} // namespace sandtable::core::validation
