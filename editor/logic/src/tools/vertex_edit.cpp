// SPDX-License-Identifier: GPL-3.0-or-later
// Vertex handles and the geometry operations of the vertex editor.
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/tools/vertex_edit.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cmath>
#include <stdexcept>

namespace sandtable::editor::tools {

using core::distance;

namespace {

bool areal(const core::Geometry& g) { return core::dimension(g.type) == 2; }

// Rings of polygons are stored closed (first == last); the closing coordinate is not a vertex of its own.
std::size_t distinctCount(const core::Geometry& g, const std::vector<core::Coordinate>& ring)
{
    if (areal(g) && ring.size() >= 2 && ring.front() == ring.back())
        return ring.size() - 1;
    return ring.size();
}

bool closed(const core::Geometry& g, const std::vector<core::Coordinate>& ring)
{
    return areal(g) && ring.size() >= 2 && ring.front() == ring.back();
}

std::vector<core::Coordinate>& ringOf(core::Geometry& g, const VertexRef& v)
{
    if (v.part >= g.parts.size() || v.ring >= g.parts[v.part].size())
        throw std::out_of_range(_("no such ring in the geometry"));
    auto& ring = g.parts[v.part][v.ring];
    if (v.index >= distinctCount(g, ring))
        throw std::out_of_range(_("no such vertex in the geometry"));
    return ring;
}

} // namespace

std::vector<VertexHandle> vertexHandles(const core::Geometry& geometry)
{
    std::vector<VertexHandle> handles;
    for (std::size_t p = 0; p < geometry.parts.size(); ++p)
        for (std::size_t r = 0; r < geometry.parts[p].size(); ++r) {
            const auto& ring = geometry.parts[p][r];
            for (std::size_t i = 0; i < distinctCount(geometry, ring); ++i)
                handles.push_back({{p, r, i}, false, ring[i]});
        }
    for (std::size_t p = 0; p < geometry.parts.size(); ++p)
        for (std::size_t r = 0; r < geometry.parts[p].size(); ++r) {
            const auto& ring = geometry.parts[p][r];
            // Segments i -> i + 1 as stored: a closed ring's last segment ends on its closing coordinate.
            for (std::size_t i = 0; i + 1 < ring.size(); ++i)
                handles.push_back({{p, r, i}, true,
                    {(ring[i].x + ring[i + 1].x) / 2.0, (ring[i].y + ring[i + 1].y) / 2.0}});
        }
    return handles;
}

std::optional<VertexHandle> hitHandle(const core::Geometry& geometry, core::Coordinate p, double tolerance)
{
    std::optional<VertexHandle> best;
    double bestDistance = tolerance;
    for (const VertexHandle& h : vertexHandles(geometry)) {
        const double d = distance(h.position, p);
        if (d > tolerance)
            continue;
        // Vertices come first in the list: a midpoint wins only when no vertex is within tolerance.
        if (best && !best->midpoint && h.midpoint)
            continue;
        if (!best || d < bestDistance) {
            best = h;
            bestDistance = d;
        }
    }
    return best;
}

core::Geometry moveVertex(core::Geometry geometry, const VertexRef& vertex, core::Coordinate to)
{
    auto& ring = ringOf(geometry, vertex);
    const bool wasClosed = closed(geometry, ring);
    ring[vertex.index] = to;
    if (wasClosed && vertex.index == 0)
        ring.back() = to;
    return geometry;
}

core::Geometry insertVertex(core::Geometry geometry, const VertexRef& after, core::Coordinate at, VertexRef* inserted)
{
    if (core::dimension(geometry.type) == 0)
        throw std::invalid_argument(_("a point has no segments to insert a vertex on"));
    auto& ring = ringOf(geometry, after);
    if (!closed(geometry, ring) && after.index + 1 >= ring.size())
        throw std::out_of_range(_("no segment after the last vertex of a line"));
    ring.insert(ring.begin() + static_cast<std::ptrdiff_t>(after.index + 1), at);
    if (inserted)
        *inserted = VertexRef{after.part, after.ring, after.index + 1};
    return geometry;
}

std::optional<core::Geometry> deleteVertex(core::Geometry geometry, const VertexRef& vertex)
{
    auto& ring = ringOf(geometry, vertex);
    const std::size_t distinct = distinctCount(geometry, ring);
    const int dim = core::dimension(geometry.type);
    const std::size_t minimum = dim == 0 ? 1 : dim == 1 ? 2 : 3;
    if (distinct <= minimum)
        return std::nullopt;
    const bool wasClosed = closed(geometry, ring);
    ring.erase(ring.begin() + static_cast<std::ptrdiff_t>(vertex.index));
    if (wasClosed && vertex.index == 0)
        ring.back() = ring.front();
    return geometry;
}

std::optional<core::document::Edit> VertexDrag::press(const core::Scenario& scenario, const core::FeatureId& feature,
    core::Coordinate p, double tolerance, std::uint64_t serial)
{
    m_vertex.reset();
    const core::TerrainFeature* f = scenario.findFeature(feature);
    if (!f)
        throw core::util::OperationError("", core::i18n::format(_("feature '{1}'"), {feature.str()}), _("does not exist"));
    const auto handle = hitHandle(f->geometry, p, tolerance);
    if (!handle)
        return std::nullopt;
    m_feature = feature;
    m_mergeKey = "vertex-drag:" + feature.str() + ":" + std::to_string(serial);
    if (!handle->midpoint) {
        m_vertex = handle->at;
        return core::document::Edit{};
    }
    VertexRef inserted;
    core::TerrainFeature changed = *f;
    changed.geometry = insertVertex(f->geometry, handle->at, handle->position, &inserted);
    m_vertex = inserted;
    return core::document::operations::replaceFeature(scenario, std::move(changed), _("Move vertex"), m_mergeKey);
}

core::document::Edit VertexDrag::drag(const core::Scenario& scenario, core::Coordinate to)
{
    if (!m_vertex)
        return {};
    const core::TerrainFeature* f = scenario.findFeature(m_feature);
    if (!f) {
        m_vertex.reset();
        return {};
    }
    core::TerrainFeature changed = *f;
    try {
        changed.geometry = moveVertex(f->geometry, *m_vertex, to);
    } catch (const std::out_of_range&) {
        m_vertex.reset(); // the geometry changed under the gesture (an undo): end it
        return {};
    }
    if (changed.geometry == f->geometry)
        return {};
    return core::document::operations::replaceFeature(scenario, std::move(changed), _("Move vertex"), m_mergeKey);
}

bool VertexDrag::release() noexcept
{
    const bool was = m_vertex.has_value();
    m_vertex.reset();
    return was;
}

std::optional<core::document::Edit> deleteVertexEdit(const core::Scenario& scenario, const core::FeatureId& feature,
    core::Coordinate p, double tolerance)
{
    const core::TerrainFeature* f = scenario.findFeature(feature);
    if (!f)
        return std::nullopt;
    auto handle = hitHandle(f->geometry, p, tolerance);
    if (!handle || handle->midpoint) {
        // A midpoint nearer than any vertex: look for a vertex alone.
        handle.reset();
        double best = tolerance;
        for (const VertexHandle& h : vertexHandles(f->geometry))
            if (!h.midpoint && distance(h.position, p) <= best) {
                best = distance(h.position, p);
                handle = h;
            }
        if (!handle)
            return std::nullopt;
    }
    auto geometry = deleteVertex(f->geometry, handle->at);
    if (!geometry)
        return std::nullopt;
    core::TerrainFeature changed = *f;
    changed.geometry = std::move(*geometry);
    return core::document::operations::replaceFeature(scenario, std::move(changed), _("Delete vertex"));
}

} // namespace sandtable::editor::tools
