// SPDX-License-Identifier: GPL-3.0-or-later
// The OOB tree and the reinforcement schedule as plain data (the panes draw them), and the Edit of
// moving a unit to another formation.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::tools {

/// One node of the OOB tree: a side, a formation or a unit, with the text shown and its children.
struct OobNode {
    enum class Kind { Side, Formation, Unit };
    Kind kind = Kind::Side;
    std::string id;
    std::string label;
    bool hq = false;       ///< a formation node: it has an HQ; a unit node: it is one
    bool placed = false;   ///< a unit node: it has a placement on the map
    std::vector<OobNode> children;
    std::string colour{};  ///< a side node: the side's colour, "#rrggbb" ("" when it has none)
};

/// Sides -> formations (in document order, "[HQ]" after a formation with an HQ unit, "[no HQ]" without)
/// -> units ("<name> - <type>, <quality>, <strength> men|guns", HQs "<name> - HQ, command <n>").
/// Formations whose side is unknown and units whose formation is unknown are gathered under a last
/// node of kind Side with an empty id labelled "(unassigned)" (omitted when there are none).
std::vector<OobNode> buildOobTree(const core::Scenario& scenario);

/// The label of a unit node (as buildOobTree writes it).
std::string unitLabel(const core::Unit& unit);

/// The Edit moving unit `unit` to formation `formation` ("Move <unit> to <formation>"). Throws
/// core::util::OperationError for an unknown unit or formation; an empty Edit when it is already there.
core::document::Edit moveToFormationEdit(const core::Scenario& scenario, const core::UnitId& unit,
    const core::FormationId& formation);

/// One row of the reinforcement schedule: a unit arriving on `day`, `turn` (1-8, core::kNightTurn for the
/// night), entering at `entry` (metres) and/or along road `road`.
struct ReinforcementRow {
    core::UnitId unit;
    std::string unitName;
    std::string side;      ///< the side's name ("" when unknown)
    int day = 1;
    int turn = 1;
    std::string when;      ///< "Day 1, turn 3" or "Day 1, night"
    std::string entry;     ///< "road <id>", "(x, y)" rounded to metres, both, or "" when neither
};
/// The units with an arrival, ordered by day, then turn (night last), then document order.
std::vector<ReinforcementRow> reinforcementSchedule(const core::Scenario& scenario);

} // namespace sandtable::editor::tools
