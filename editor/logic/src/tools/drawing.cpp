// SPDX-License-Identifier: GPL-3.0-or-later
// Snapping and the drawing state of the terrain tools.
#include "sandtable/core/document/property_operations.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/tools/drawing.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable::editor::tools {

using core::distance;

namespace {

core::Coordinate nearestOnSegment(core::Coordinate p, core::Coordinate a, core::Coordinate b)
{
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double lengthSquared = dx * dx + dy * dy;
    double t = 0.0;
    if (lengthSquared > 0.0)
        t = std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0.0, 1.0);
    return {a.x + t * dx, a.y + t * dy};
}

// True when the bounding box of `ring` grown by `tolerance` contains p (cheap rejection).
bool nearBox(const std::vector<core::Coordinate>& ring, core::Coordinate p, double tolerance)
{
    double minX = std::numeric_limits<double>::infinity(), minY = minX;
    double maxX = -minX, maxY = -minX;
    for (const core::Coordinate& c : ring) {
        minX = std::min(minX, c.x);
        minY = std::min(minY, c.y);
        maxX = std::max(maxX, c.x);
        maxY = std::max(maxY, c.y);
    }
    return p.x >= minX - tolerance && p.x <= maxX + tolerance && p.y >= minY - tolerance && p.y <= maxY + tolerance;
}

} // namespace

Snap snapToTerrain(const core::Scenario& scenario, core::Coordinate p, double tolerance,
    const std::optional<core::FeatureId>& exclude, const std::vector<core::Coordinate>& extraVertices)
{
    Snap best{p, Snap::Kind::None, {}};
    if (!(tolerance > 0.0))
        return best;
    double bestVertex = tolerance;
    double bestEdge = tolerance;
    Snap edge{p, Snap::Kind::None, {}};
    for (const core::Coordinate& c : extraVertices) {
        const double d = distance(p, c);
        if (d <= bestVertex) {
            bestVertex = d;
            best = Snap{c, Snap::Kind::Vertex, {}};
        }
    }
    for (const core::TerrainFeature& feature : scenario.terrain) {
        if (exclude && feature.id == *exclude)
            continue;
        for (const auto& part : feature.geometry.parts)
            for (const auto& ring : part) {
                if (ring.empty() || !nearBox(ring, p, tolerance))
                    continue;
                for (std::size_t i = 0; i < ring.size(); ++i) {
                    const double d = distance(p, ring[i]);
                    if (d < bestVertex || (d <= bestVertex && best.kind == Snap::Kind::None)) {
                        bestVertex = d;
                        best = Snap{ring[i], Snap::Kind::Vertex, feature.id};
                    }
                    if (i > 0) {
                        const core::Coordinate q = nearestOnSegment(p, ring[i - 1], ring[i]);
                        const double e = distance(p, q);
                        if (e < bestEdge || (e <= bestEdge && edge.kind == Snap::Kind::None)) {
                            bestEdge = e;
                            edge = Snap{q, Snap::Kind::Edge, feature.id};
                        }
                    }
                }
            }
    }
    if (best.kind == Snap::Kind::Vertex)
        return best;
    return edge;
}

const char* toString(DrawKind kind)
{
    switch (kind) {
    case DrawKind::Point:
        return "point";
    case DrawKind::Line:
        return "line";
    case DrawKind::Polygon:
        return "polygon";
    }
    return "polygon";
}

DrawKind drawKindOf(const core::Scenario& scenario, const std::string& terrainClass)
{
    if (const auto* info = core::rules::findTerrainClass(terrainClass))
        return info->dimension == 0 ? DrawKind::Point : info->dimension == 1 ? DrawKind::Line : DrawKind::Polygon;
    for (const core::CustomTerrainClass& custom : scenario.customTerrainClasses)
        if (custom.id == terrainClass)
            return custom.geometry == "point" ? DrawKind::Point
                : custom.geometry == "line"   ? DrawKind::Line
                                              : DrawKind::Polygon;
    return DrawKind::Polygon;
}

bool DrawingState::addVertex(core::Coordinate c)
{
    if (m_kind == DrawKind::Point) {
        m_vertices.assign(1, c);
        return true;
    }
    if (!m_vertices.empty() && m_vertices.back() == c)
        return false;
    m_vertices.push_back(c);
    return true;
}

bool DrawingState::removeLastVertex()
{
    if (m_vertices.empty())
        return false;
    m_vertices.pop_back();
    return true;
}

bool DrawingState::canFinish() const
{
    const std::size_t needed = m_kind == DrawKind::Point ? 1 : m_kind == DrawKind::Line ? 2 : 3;
    return m_vertices.size() >= needed;
}

std::optional<core::Geometry> DrawingState::finish(double duplicateTolerance)
{
    std::vector<core::Coordinate> vertices = m_vertices;
    if (vertices.size() >= 2 && distance(vertices[vertices.size() - 1], vertices[vertices.size() - 2]) <= duplicateTolerance)
        vertices.pop_back();
    // A polygon clicked back onto its first vertex: that click closes the ring, it is not a vertex.
    if (m_kind == DrawKind::Polygon && vertices.size() >= 2 && distance(vertices.front(), vertices.back()) <= duplicateTolerance)
        vertices.pop_back();
    const std::size_t needed = m_kind == DrawKind::Point ? 1 : m_kind == DrawKind::Line ? 2 : 3;
    if (vertices.size() < needed)
        return std::nullopt;
    m_vertices.clear();
    switch (m_kind) {
    case DrawKind::Point:
        return core::Geometry::point(vertices.front());
    case DrawKind::Line:
        return core::Geometry::lineString(std::move(vertices));
    case DrawKind::Polygon:
        vertices.push_back(vertices.front());
        return core::Geometry::polygon({std::move(vertices)});
    }
    return std::nullopt;
}

core::document::Edit addFeatureEdit(const core::Scenario& scenario, const std::string& terrainClass, core::Geometry geometry,
    core::FeatureId* id)
{
    core::TerrainFeature feature;
    feature.id = core::FeatureId(core::document::operations::freshId(scenario, terrainClass.empty() ? "feature" : terrainClass));
    feature.terrainClass = terrainClass;
    feature.geometry = std::move(geometry);
    if (id)
        *id = feature.id;
    core::document::Edit edit = core::document::operations::addFeature(scenario, std::move(feature));
    edit.label = core::i18n::format(_("Add {1}"), {terrainClass});
    return edit;
}

core::document::Edit setClassEdit(const core::Scenario& scenario, const core::FeatureId& id, const std::string& terrainClass)
{
    // The rule (attributes of the old class dropped, a note kept) is core's, as for `sandtable terrain ...`.
    return core::document::operations::setFeatureClass(scenario, id, terrainClass);
}

std::vector<PaletteEntry> paletteClasses(const core::Scenario& scenario)
{
    std::vector<PaletteEntry> entries;
    for (const core::rules::TerrainClassInfo& info : core::rules::canonicalTerrainClasses())
        entries.push_back({std::string(info.id), drawKindOf(scenario, std::string(info.id)), false});
    for (const core::CustomTerrainClass& custom : scenario.customTerrainClasses)
        if (std::none_of(entries.begin(), entries.end(), [&](const PaletteEntry& e) { return e.id == custom.id; }))
            entries.push_back({custom.id, drawKindOf(scenario, custom.id), true});
    return entries;
}

} // namespace sandtable::editor::tools
