// SPDX-License-Identifier: GPL-3.0-or-later
// Hit-testing of terrain features, drawing order, piece markers, selection.
#include "sandtable/editor/logic/hit_test.hpp"

#include "sandtable/core/style/drawing_order.hpp"

#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace sandtable::editor {

double distanceToSegment(core::Coordinate p, core::Coordinate a, core::Coordinate b)
{
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double lengthSquared = dx * dx + dy * dy;
    double t = 0.0;
    if (lengthSquared > 0.0)
        t = std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0.0, 1.0);
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

bool insidePolygon(core::Coordinate p, const std::vector<std::vector<core::Coordinate>>& rings)
{
    bool inside = false;
    for (const auto& ring : rings) {
        const std::size_t n = ring.size();
        for (std::size_t i = 0, j = n == 0 ? 0 : n - 1; i < n; j = i++) {
            const core::Coordinate& a = ring[i];
            const core::Coordinate& b = ring[j];
            if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x)
                inside = !inside;
        }
    }
    return inside;
}

namespace {

bool nearRing(core::Coordinate p, const std::vector<core::Coordinate>& ring, double tolerance)
{
    if (ring.size() == 1)
        return std::hypot(p.x - ring[0].x, p.y - ring[0].y) <= tolerance;
    for (std::size_t i = 1; i < ring.size(); ++i)
        if (distanceToSegment(p, ring[i - 1], ring[i]) <= tolerance)
            return true;
    return false;
}

} // namespace

bool featureHit(const core::TerrainFeature& feature, core::Coordinate p, double tolerance)
{
    const bool areal = core::dimension(feature.geometry.type) == 2;
    for (const auto& part : feature.geometry.parts) {
        if (areal && insidePolygon(p, part))
            return true;
        for (const auto& ring : part)
            if (nearRing(p, ring, tolerance))
                return true;
    }
    return false;
}

std::vector<const core::TerrainFeature*> featuresInDrawingOrder(const core::Scenario& scenario)
{
    return core::style::terrainInDrawingOrder(scenario); // the printed map's order
}

std::optional<core::FeatureId> hitTestFeature(const core::Scenario& scenario, core::Coordinate p, double tolerance)
{
    const auto order = featuresInDrawingOrder(scenario);
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        if (featureHit(**it, p, tolerance))
            return (*it)->id;
    return std::nullopt;
}

std::array<core::Coordinate, 4> unitMarkerCorners(const core::Scenario& scenario, const core::Unit& unit,
    const core::Placement& placement, double pixelsPerMetre, const UnitMarkerStyle& style)
{
    const core::oob::PieceSizeMm size = core::oob::pieceSizeMm(scenario.settings, unit, placement.column);
    const double metresPerMm = scenario.settings.scaleDenominator / 1000.0;
    double length = size.length * metresPerMm;
    double depth = size.depth * metresPerMm;
    const double minimumLength = pixelsPerMetre > 0.0 ? style.minimumPixels / pixelsPerMetre : 0.0;
    if (length < minimumLength) {
        depth *= minimumLength / length;
        length = minimumLength;
    }
    const double radians = placement.facing * std::numbers::pi / 180.0;
    const core::Coordinate forward{std::sin(radians), std::cos(radians)};
    const core::Coordinate right{forward.y, -forward.x};
    // Half extents along the facing and across it.
    const double along = (placement.column ? length : depth) / 2.0;
    const double across = (placement.column ? depth : length) / 2.0;
    const core::Coordinate c = placement.position;
    auto corner = [&](double f, double r) {
        return core::Coordinate{c.x + f * forward.x + r * right.x, c.y + f * forward.y + r * right.y};
    };
    return {corner(along, -across), corner(along, across), corner(-along, across), corner(-along, -across)};
}

std::optional<core::UnitId> hitTestUnit(const core::Scenario& scenario, core::Coordinate p, double pixelsPerMetre,
    double tolerance, const UnitMarkerStyle& style)
{
    for (auto it = scenario.units.rbegin(); it != scenario.units.rend(); ++it) {
        if (!it->placement || !core::oob::isPiece(scenario, *it))
            continue;
        const auto corners = unitMarkerCorners(scenario, *it, *it->placement, pixelsPerMetre, style);
        const std::vector<std::vector<core::Coordinate>> ring{{corners[0], corners[1], corners[2], corners[3], corners[0]}};
        if (insidePolygon(p, ring))
            return it->id;
        for (std::size_t i = 0; i < 4; ++i)
            if (distanceToSegment(p, corners[i], corners[(i + 1) % 4]) <= tolerance)
                return it->id;
    }
    return std::nullopt;
}

} // namespace sandtable::editor
