// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite operations: the grid, primary-terrain derivation, cover overrides, secondary rolls and the
// table squares, each a pure function returning the Edit (one CampaignChange) that the CLI and the editor apply.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::document::operations {

/// True when two grids put their squares on the same ground: square size, origin, rotation, rows and
/// columns all equal. Numbering, start number, leading zeros and row direction only rename squares.
bool sameGridGeometry(const CampaignGrid& a, const CampaignGrid& b) noexcept;

/// Lays or replaces the campaign grid (`grid new`, the grid pane's fields, fit-to-map, the origin drag).
/// The one rule, for the CLI and the editor alike:
/// - the grid must be well formed (checkGrid); otherwise OperationError on "campaign grid" with its reason;
/// - a force (its square or any step of its route) or an objective left off the new grid is refused:
///   OperationError on "campaign grid" naming every stranded one ("force 'f1' at C3, objective 'o2' at
///   D1: off the new 2 x 2 grid; move them first"); nothing is dropped silently that a designer placed;
/// - overrides and table squares off the new grid are dropped (they describe ground the grid no longer has);
/// - when the geometry changed (sameGridGeometry false) the derived terrain and the secondary rolls are
///   cleared: they were computed for squares that now lie elsewhere (`grid derive` and `grid roll` again);
/// - when only the naming changed, derived terrain and rolls are kept.
/// A scenario without a campaign gets one with default thresholds. An empty Edit when nothing changes.
/// A grid that does not cover the map extent is accepted (the grid is often laid in steps: origin, then
/// rows and columns), and reported in `findings` as a warning "campaign.grid.coverage" naming the sides
/// left uncovered; `grid derive` refuses such a grid.
Edit setCampaignGrid(const Scenario& scenario, const CampaignGrid& grid, validation::Diagnostics& findings,
    std::string label = {}, std::string mergeKey = {}); ///< an empty label: "Campaign grid" (translated)

/// `grid derive`: the primary terrain of every square recomputed (geometry::rederiveCampaign), overrides
/// kept, with the cover thresholds changed first when given. Throws OperationError when the scenario has no
/// campaign, the thresholds break 0 < half <= whole <= 1 ("thresholds"), or the grid does not cover the
/// map extent. An empty Edit when nothing changes.
Edit deriveCampaign(const Scenario& scenario, std::optional<double> whole = std::nullopt,
    std::optional<double> half = std::nullopt);

/// Sets (cover given) or removes (nullopt) the designer's override of `terrainClass` in `square`; a set
/// override replaces the one of the same square and class. Throws OperationError when the scenario has no
/// campaign, the square is off the grid or the class is empty. An empty Edit when nothing changes.
Edit setCoverOverride(const Scenario& scenario, SquareRef square, const std::string& terrainClass,
    std::optional<Cover> cover, const std::string& note = {});

/// `grid roll`: the secondary terrain of the table squares rolled from `seed` on `region`'s table
/// (systems::campaign_lite::rollSecondaryTerrain) and recorded. Throws OperationError when the scenario has no campaign, for
/// an unknown region or a table square off the grid.
Edit rollSecondaryTerrain(const Scenario& scenario, std::uint64_t seed, std::string_view region);

/// Chooses the squares of the tabletop (`grid battle`). Throws OperationError when the scenario has no
/// campaign or the squares are not a battle table (systems::campaign_lite::planBattle: none, repeated, off the grid, not a
/// full rectangle).
Edit setTableSquares(const Scenario& scenario, std::vector<SquareRef> squares);

/// The campaign's forces replaced by `forces` (a VASSAL module's force counters read back). Throws
/// OperationError when the scenario has no campaign, or on "force 'ID'" when a force's id is empty or
/// repeated, its side is not a side of the scenario, its square or a step of its route is off the grid, or
/// a count by arm is negative. An empty Edit when nothing changes.
Edit setCampaignForces(const Scenario& scenario, std::vector<CampaignForce> forces);

} // namespace sandtable::core::document::operations
