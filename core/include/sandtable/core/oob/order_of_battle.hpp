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

// The formation tree (docs/model.md, orders of battle; ORBAT Mapper's tree of any depth). A formation's
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

/// The arm a unit's `strength` counts (an order of battle's return counts each arm in its own unit):
/// men for infantry, detachments, HQs and baggage trains; guns for artillery; sabres for cavalry and
/// dragoons (mounted troops, counted as Napoleonic and ACW returns count horse, whatever they fight as).
enum class Arm { Men, Guns, Sabres };
Arm armOf(UnitType type);
/// "men", "guns", "sabres": the stable key of --json output.
const char* toString(Arm arm);

/// A strength by arm. The three are never added to one another: "12,000 men, 48 guns, 1,000 sabres" is
/// not 13,048 of anything.
struct ArmStrength {
    long long men = 0;
    long long guns = 0;
    long long sabres = 0;
    ArmStrength& operator+=(const ArmStrength& other);
    /// The count of one arm.
    long long of(Arm arm) const;
    bool operator==(const ArmStrength&) const = default;
};

/// The strength of a formation, by arm: the sum of `strength` over every unit in it or in any formation
/// below it, each unit in its arm (armOf); HQs count their own strength, usually 0, as men; a block unit
/// is not added, its strength being that of the units it stands for.
ArmStrength strengthOf(const Scenario& scenario, const FormationId& formation);

/// "12000 men, 48 guns, 1000 sabres" in the process's language and numeric conventions (i18n::formatFigure:
/// "12 000 hommes" in French): the arms that have any, in that order; "0 men" when none has. For people only.
std::string strengthText(const ArmStrength& strength);

/// The formations that lack their HQ (Pub Battles rulebook: every formation has its HQ; the army
/// commander may have none): in a Pub Battles scenario, a formation that is not an army, has no HQ unit at
/// its own level, is a leaf or holds units of its own, and has no ancestor with an HQ to answer to.
/// `scenario validate` reports each as the error "oob.formation.hq_count"; an import reports each as a
/// finding and saves (a unit list may come before its HQs). Document order.
std::vector<const Formation*> formationsWithoutHq(const Scenario& scenario);

/// "Side > Corps > Division": the side's name and the names (else ids) of the formation's ancestors and
/// of the formation itself, top first; for messages.
std::string formationPath(const Scenario& scenario, const FormationId& formation);

/// Block length and depth on the table in mm: the scenario's settings, else systems::pub_battles defaults
/// (20 x 10 mm; the rules give none); a SYW regiment's base defaults to systems::syw_miniatures's one field by 4 cm. In route column the length is the route-column length when set.
double blockLengthMm(const ScenarioSettings& settings, bool routeColumn);
double blockDepthMm(const ScenarioSettings& settings);

/// A piece as drawn on a map or the editor's canvas, in table mm: `length` across the facing in line,
/// `depth` along it (swap them for the ground in route column: the long side then runs along the facing,
/// and the length is the route-column length). An HQ is a square of 0.8 x the block depth (it stands
/// apart from the line; the rules give it no size).
struct PieceSizeMm {
    double length = 0.0;
    double depth = 0.0;
};
PieceSizeMm pieceSizeMm(const ScenarioSettings& settings, const Unit& unit, bool routeColumn);

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
/// A formation's Ineffective threshold (rulebook "Ineffective Formation"): its infantry blocks at the start,
/// its own and those of the formations below it, and the losses that make it Ineffective.
struct FormationFigures {
    FormationId id;
    int infantryBlocksAtStart = 0;
    int ineffectiveAt = 0;  ///< systems::pub_battles::ineffectiveThreshold(infantryBlocksAtStart)
    int pieces = 0;         ///< game pieces at or below the formation (reinforcements included)
    int victoryPoints = 0;  ///< what the enemy scores for eliminating all of them (rulebook "Victory")
};

struct OrderOfBattleSummary {
    double scaleDenominator = 16000.0;
    double footSegmentMetres = 0.0;
    double mountedSegmentMetres = 0.0;
    double commandRangeMetres = 0.0;
    double fieldOfFireMetres = 0.0;
    double spottingRangeMetres = 0.0;  ///< rulebook "Spotting": one full Foot Movement
    int startDay = 1;
    int days = 1;
    std::vector<PieceFigures> pieces;
    std::vector<SideFigures> sides;
    std::vector<FormationFigures> formations; ///< those with pieces, in document order
};

/// Computes the summary. Units whose formation or side is unknown are left out of the side totals.
OrderOfBattleSummary summarize(const Scenario& scenario);

/// A SYW regiment as the house rules count it (syw-miniatures-house-rules.txt): its figures and what they
/// are worth. Units without figures count zero everywhere (validation warns: "syw.figures").
struct SywRegimentFigures {
    UnitId id;
    SideId side;                 ///< empty when the unit's formation or side is unknown
    FormationId formation;
    SywFigures figures;
    int men = 0;                 ///< figures that fight: every figure but guns and limbers
    double meleePoints = 0.0;    ///< 2.D, against infantry
    double meleePointsVsCavalry = 0.0; ///< 2.D, pikemen at 2 against cavalry
    double firePoints = 0.0;     ///< 2.C, dice points
    int grenadeKills = 0;        ///< 2.C/2.D: 4 when the regiment has 2 grenadiers or more
    double moveFields = 0.0;     ///< 2.B, fields of 10 cm (artillery with limbers: 30 cm = 3 fields)
};

/// A side's totals over its regiments, and its part in the set-up (2.A: the defender deploys first, the
/// attacker moves first).
struct SywSideFigures {
    SideId id;
    std::string general;
    bool attacker = false;
    bool defender = false;
    int regiments = 0;
    int men = 0;
    int cannon = 0;
    int mortars = 0;
    double meleePoints = 0.0;
    double firePoints = 0.0;
};

/// The SYW counterpart of OrderOfBattleSummary: no victory points, dice or ranges of Pub Battles, but
/// fields (10 cm), the table, points per regiment and per army, and the deployment order.
struct SywSummary {
    double fieldCm = 10.0;
    std::optional<double> tableWidthCm;
    std::optional<double> tableDepthCm;
    std::vector<SideId> deploymentOrder; ///< defender first, then attacker (2.A); empty unless both are named
    int sectors = 0;
    int sectorsToWin = 0;                ///< 4: 3/4 of the territory = ceil(0.75 x sectors)
    std::vector<SywRegimentFigures> regiments;
    std::vector<SywSideFigures> sides;
};

/// Computes the SYW summary of any scenario (meaningful for syw-miniatures ones).
SywSummary summarizeSyw(const Scenario& scenario);

} // namespace sandtable::core::oob
