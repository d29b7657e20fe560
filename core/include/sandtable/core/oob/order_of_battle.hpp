// SPDX-License-Identifier: GPL-3.0-or-later
// Derived order-of-battle figures: block footprints, victory points, rout thresholds, ranges at scale.
#pragma once

#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::core::oob {

/// The side a unit belongs to (through its formation), or nullptr when the formation is unknown.
const Side* sideOf(const Scenario& scenario, const Unit& unit);

/// The HQ unit of a formation at its own level (the first unit of type hq whose `formation` is that
/// formation; an HQ of a child formation is not its parent's HQ), or nullptr.
const Unit* hqOf(const Scenario& scenario, const FormationId& formation);

// The formation tree (domain.md, orders of battle; ORBAT Mapper's tree of any depth). A formation's
// `parent` is the enclosing formation; every helper below is safe against bad input: an unknown parent
// ends the chain, and a cycle in the parent links ends it at the first formation met twice.

/// The ancestors of a formation, nearest first (its parent, the parent's parent, ...), excluding itself.
/// Empty for a top-level formation or an unknown id.
std::vector<const Formation*> ancestors(const Scenario& scenario, const FormationId& formation);

/// The formations whose parent is `formation`, in document order. With an empty id: the top-level
/// formations (no parent, or a parent that does not exist) of every side.
std::vector<const Formation*> children(const Scenario& scenario, const FormationId& formation);

/// The top-level formations of one side, in document order (no parent, or one that does not exist).
std::vector<const Formation*> topLevelFormations(const Scenario& scenario, const SideId& side);

/// The depth of a formation: 0 at the top level, 1 for its children, ... (= ancestors().size()).
std::size_t depth(const Scenario& scenario, const FormationId& formation);

/// The formation and every formation below it (each once, even with a cycle), the formation first.
std::vector<const Formation*> descendants(const Scenario& scenario, const FormationId& formation);

/// The units directly in a formation (unit.formation == formation), in document order.
std::vector<const Unit*> unitsOf(const Scenario& scenario, const FormationId& formation);

/// The HQ a unit of `formation` answers to (Pub Battles rulebook, Command Range: "its HQ"): the HQ of
/// the formation itself, else of its nearest ancestor that has one; nullptr when none has.
const Unit* commandingHq(const Scenario& scenario, const FormationId& formation);

/// The strength of a formation: the sum of `strength` over every unit in it or in any formation below it
/// (men, and guns for artillery, added as they are; HQs count their own strength, usually 0).
long long strengthOf(const Scenario& scenario, const FormationId& formation);

/// "Side > Corps > Division": the side's name and the names (else ids) of the formation's ancestors and
/// of the formation itself, top first; for messages.
std::string formationPath(const Scenario& scenario, const FormationId& formation);

/// Block length and depth on the table in mm: the scenario's settings, else rules::pub_battles defaults
/// (20 x 10 mm; the rules give none). In route column the length is the route-column length when set.
double blockLengthMm(const ScenarioSettings& settings, bool routeColumn);
double blockDepthMm(const ScenarioSettings& settings);

/// Sticker size in mm: the scenario's, else the block's length x depth.
double stickerWidthMm(const ScenarioSettings& settings);
double stickerHeightMm(const ScenarioSettings& settings);

/// The ground footprint of a placed unit: its centre and facing, the block size converted to ground metres
/// at the scenario's scale (m = mm x N / 1000), line or route column. Throws std::invalid_argument when
/// the unit is not placed.
geometry::BlockFootprint footprintOf(const Scenario& scenario, const Unit& unit);

/// Per-piece figures (rulebook "Victory" and "How to Fight").
struct PieceFigures {
    UnitId id;
    SideId side;
    int victoryPoints = 0;  ///< points the enemy scores when this piece is eliminated
    int combatDice = 0;
    bool countsForRout = false;
    std::optional<double> meleePoints;  ///< SYW regiments only
    std::optional<double> meleePointsVsCavalry;
    std::optional<double> firePoints;
};

/// Per-side figures. `routThresholds[k]` is the rout threshold at the end of day startDay + k: the
/// infantry blocks at the start (placed, in reserve or not yet set up) plus reinforcements arriving up to
/// that day, halved and rounded up (rulebook "Victory", Rout).
struct SideFigures {
    SideId id;
    int pieces = 0;
    int victoryPoints = 0;      ///< sum over the side's pieces: what the enemy scores for eliminating all
    int infantryBlocksAtStart = 0;
    std::vector<int> infantryBlocksByDay;
    std::vector<int> routThresholds;
};

/// Everything `oob summary` reports.
struct OrderOfBattleSummary {
    double scaleDenominator = 16000.0;
    double footSegmentMetres = 0.0;
    double mountedSegmentMetres = 0.0;
    double commandRangeMetres = 0.0;
    double fieldOfFireMetres = 0.0;
    int startDay = 1;
    int days = 1;
    std::vector<PieceFigures> pieces;
    std::vector<SideFigures> sides;
};

/// Computes the summary. Units whose formation or side is unknown are left out of the side totals.
OrderOfBattleSummary summarize(const Scenario& scenario);

} // namespace sandtable::core::oob
