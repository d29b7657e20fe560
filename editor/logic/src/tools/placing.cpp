// SPDX-License-Identifier: GPL-3.0-or-later
// Block placing maths and Edits.
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/tools/placing.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/hit_test.hpp"

#include <cmath>
#include <numbers>

namespace sandtable::editor::tools {

namespace {

double normalised(double degrees)
{
    double d = std::fmod(degrees, 360.0);
    if (d < 0.0)
        d += 360.0;
    if (d >= 360.0) // fmod of a tiny negative number plus 360
        d -= 360.0;
    return d;
}

const core::Unit& unitOrThrow(const core::Scenario& scenario, const core::UnitId& id)
{
    const core::Unit* unit = scenario.findUnit(id);
    if (!unit)
        throw core::util::OperationError("", core::i18n::format(_("unit '{1}'"), {id.str()}), _("does not exist"));
    return *unit;
}

} // namespace

GroundSize blockGroundSize(const core::ScenarioSettings& settings, bool column)
{
    const double metresPerMm = settings.scaleDenominator / 1000.0;
    return {core::oob::blockLengthMm(settings, column) * metresPerMm, core::oob::blockDepthMm(settings) * metresPerMm};
}

std::array<core::Coordinate, 4> blockCorners(const core::Scenario& scenario, const core::Unit& unit,
    const core::Placement& placement)
{
    core::Unit placed = unit;
    placed.placement = placement;
    return core::geometry::footprintCorners(core::oob::footprintOf(scenario, placed));
}

std::optional<core::UnitId> hitTestBlock(const core::Scenario& scenario, core::Coordinate p, double tolerance)
{
    for (auto it = scenario.units.rbegin(); it != scenario.units.rend(); ++it) {
        if (!it->placement)
            continue;
        std::array<core::Coordinate, 4> c;
        try {
            c = blockCorners(scenario, *it, *it->placement);
        } catch (const std::invalid_argument&) {
            continue; // a zero or negative block size in the settings: nothing to hit
        }
        std::vector<core::Coordinate> ring(c.begin(), c.end());
        if (insidePolygon(p, {ring}))
            return it->id;
        for (std::size_t i = 0; i < 4; ++i)
            if (distanceToSegment(p, c[i], c[(i + 1) % 4]) <= tolerance)
                return it->id;
    }
    return std::nullopt;
}

core::Coordinate rotationHandle(const core::Scenario& scenario, const core::Unit& unit, double offset)
{
    if (!unit.placement)
        throw std::invalid_argument(core::i18n::format(_("unit '{1}' is not placed"), {unit.id.str()}));
    const core::Placement& pl = *unit.placement;
    const GroundSize size = blockGroundSize(scenario.settings, pl.column);
    const double halfAlong = (pl.column ? size.length : size.depth) / 2.0;
    const double radians = pl.facing * std::numbers::pi / 180.0;
    const double reach = halfAlong + offset;
    return {pl.position.x + reach * std::sin(radians), pl.position.y + reach * std::cos(radians)};
}

std::optional<double> facingTowards(core::Coordinate centre, core::Coordinate towards, bool snap)
{
    const double dx = towards.x - centre.x;
    const double dy = towards.y - centre.y;
    if (dx == 0.0 && dy == 0.0)
        return std::nullopt;
    double degrees = normalised(std::atan2(dx, dy) * 180.0 / std::numbers::pi);
    if (snap)
        degrees = normalised(std::round(degrees / 15.0) * 15.0);
    return degrees;
}

core::document::Edit placeUnitEdit(const core::Scenario& scenario, const core::UnitId& id, core::Placement placement,
    const std::string& label, const std::string& mergeKey)
{
    return core::document::operations::moveUnit(scenario, id, placement, label, mergeKey);
}

core::document::Edit toggleColumnEdit(const core::Scenario& scenario, const core::UnitId& id)
{
    const core::Unit& unit = unitOrThrow(scenario, id);
    if (!unit.placement)
        throw core::util::OperationError("", core::i18n::format(_("unit '{1}'"), {id.str()}), _("is not placed on the map"));
    core::Placement placement = *unit.placement;
    placement.column = !placement.column;
    return core::document::operations::moveUnit(scenario, id, placement, placement.column ? _("Route column") : _("Line"));
}

BlockDrag::Mode BlockDrag::press(const core::Scenario& scenario, const core::UnitId& unit, core::Coordinate p,
    double tolerance, double handleOffset, std::uint64_t serial)
{
    m_mode = Mode::None;
    const core::Unit* u = scenario.findUnit(unit);
    if (!u || !u->placement)
        return m_mode;
    m_unit = unit;
    m_mergeKey = "block-drag:" + unit.str() + ":" + std::to_string(serial);
    const core::Coordinate handle = rotationHandle(scenario, *u, handleOffset);
    if (std::hypot(handle.x - p.x, handle.y - p.y) <= tolerance) {
        m_mode = Mode::Rotate;
        return m_mode;
    }
    std::array<core::Coordinate, 4> c;
    try {
        c = blockCorners(scenario, *u, *u->placement);
    } catch (const std::invalid_argument&) {
        return m_mode;
    }
    std::vector<core::Coordinate> ring(c.begin(), c.end());
    if (insidePolygon(p, {ring})) {
        m_mode = Mode::Move;
        m_grabOffset = {u->placement->position.x - p.x, u->placement->position.y - p.y};
    }
    return m_mode;
}

core::document::Edit BlockDrag::drag(const core::Scenario& scenario, core::Coordinate p, bool snap)
{
    if (m_mode == Mode::None)
        return {};
    const core::Unit* u = scenario.findUnit(m_unit);
    if (!u || !u->placement) {
        m_mode = Mode::None;
        return {};
    }
    core::Placement placement = *u->placement;
    if (m_mode == Mode::Move) {
        placement.position = {p.x + m_grabOffset.x, p.y + m_grabOffset.y};
        return placeUnitEdit(scenario, m_unit, placement, core::i18n::format(_("Move {1}"), {u->name}), m_mergeKey);
    }
    const auto facing = facingTowards(placement.position, p, snap);
    if (!facing)
        return {};
    placement.facing = *facing;
    return placeUnitEdit(scenario, m_unit, placement, core::i18n::format(_("Turn {1}"), {u->name}), m_mergeKey);
}

bool BlockDrag::release() noexcept
{
    const bool was = m_mode != Mode::None;
    m_mode = Mode::None;
    return was;
}

} // namespace sandtable::editor::tools
