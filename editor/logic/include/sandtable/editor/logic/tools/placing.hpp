// SPDX-License-Identifier: GPL-3.0-or-later
// Placing blocks on the map without wx: true block size at the scenario's scale, hit-testing placed
// blocks, the rotation handle and facing from a drag, and the Edits of placing, moving and turning.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <array>
#include <optional>
#include <string>

namespace sandtable::editor::tools {

/// A block's size on the ground, metres: the scenario's block length/depth in mm (core::oob, defaults
/// 20 x 10 mm) times the scale denominator / 1000. `length` is the frontage in line, the length of the
/// column in route column (the route-column length when the scenario sets one).
struct GroundSize {
    double length = 0.0;
    double depth = 0.0;
};
GroundSize blockGroundSize(const core::ScenarioSettings& settings, bool column);

/// The four ground corners of `unit` placed at `placement`, at true size (core::oob::footprintOf), in
/// geometry::footprintCorners' order (rear-left, rear-right, front-right, front-left).
std::array<core::Coordinate, 4> blockCorners(const core::Scenario& scenario, const core::Unit& unit,
    const core::Placement& placement);

/// The placed unit whose block contains `p` or lies within `tolerance` metres of it; the last in the
/// document wins (drawn last, on top). nullopt when none.
std::optional<core::UnitId> hitTestBlock(const core::Scenario& scenario, core::Coordinate p, double tolerance);

/// Where the rotation handle of a placed block sits: on the line through the centre along the facing,
/// `offset` metres in front of the block's front edge.
core::Coordinate rotationHandle(const core::Scenario& scenario, const core::Unit& unit, double offset);

/// The facing in degrees clockwise from grid north, in [0, 360), from `centre` towards `towards`; with
/// `snap` rounded to the nearest multiple of 15 degrees. nullopt when the two points coincide.
std::optional<double> facingTowards(core::Coordinate centre, core::Coordinate towards, bool snap);

/// The Edit placing (or moving, turning, switching line/column of) unit `id` at `placement`, facing
/// normalised to [0, 360). `label` for the Edit menu; `mergeKey` joins the Edits of one drag (distinct for
/// each drag, so two drags are two undo steps). core::document::operations::moveUnit, whose rule this is: the unit's
/// reserve and arrival are cleared (a piece on the map is neither). Throws core::util::OperationError for an
/// unknown unit; an empty Edit when nothing changes.
core::document::Edit placeUnitEdit(const core::Scenario& scenario, const core::UnitId& id, core::Placement placement,
    const std::string& label, const std::string& mergeKey = {});

/// The Edit switching a placed unit between line and route column ("Route column" / "Line"). Throws
/// core::util::OperationError for an unknown or unplaced unit.
core::document::Edit toggleColumnEdit(const core::Scenario& scenario, const core::UnitId& id);

/// One drag of a placed block: moving it (press inside the block) or turning it (press on its rotation
/// handle). Each call returns the Edit to apply; all of one gesture share a merge key.
class BlockDrag {
public:
    enum class Mode { None, Move, Rotate };

    /// Starts on the block of `unit` when `p` is on its rotation handle (within `tolerance` metres of
    /// rotationHandle(..., handleOffset)) or inside it. Returns the mode started (None: nothing hit).
    Mode press(const core::Scenario& scenario, const core::UnitId& unit, core::Coordinate p, double tolerance,
        double handleOffset, std::uint64_t serial);
    /// Moving: the block's centre follows the cursor by the offset at the press. Rotating: the facing points
    /// at the cursor, snapped to 15 degrees with `snap`. An empty Edit when nothing changes.
    core::document::Edit drag(const core::Scenario& scenario, core::Coordinate p, bool snap);
    bool release() noexcept;
    Mode mode() const noexcept { return m_mode; }
    const core::UnitId& unit() const noexcept { return m_unit; }

private:
    Mode m_mode = Mode::None;
    core::UnitId m_unit;
    core::Coordinate m_grabOffset; // block centre - cursor at the press
    std::string m_mergeKey;
};

} // namespace sandtable::editor::tools
