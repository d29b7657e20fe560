// SPDX-License-Identifier: GPL-3.0-or-later
// The vertex editor without wx: handles on a feature's vertices and edge midpoints, and the geometry
// operations a drag, an insert and a delete make. Results may be invalid (a self-intersecting ring): the
// editor lets the designer make them and the problems panel flags them.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::tools {

/// A vertex of a geometry by position: part, ring and index in the ring (core::Geometry's layout). For a
/// closed ring the closing coordinate (equal to the first) is never referenced: index 0 stands for both.
struct VertexRef {
    std::size_t part = 0;
    std::size_t ring = 0;
    std::size_t index = 0;
    bool operator==(const VertexRef&) const = default;
};

/// A handle drawn by the vertex editor. A vertex handle names its vertex; a midpoint handle names the
/// segment from vertex `at` to the next one and sits at its middle.
struct VertexHandle {
    VertexRef at;
    bool midpoint = false;
    core::Coordinate position;
};

/// Every handle of `geometry`: each distinct vertex, then each segment's midpoint (lines and rings; a
/// point has only its vertex).
std::vector<VertexHandle> vertexHandles(const core::Geometry& geometry);

/// The handle nearest `p` within `tolerance` metres, vertices preferred over midpoints.
std::optional<VertexHandle> hitHandle(const core::Geometry& geometry, core::Coordinate p, double tolerance);

/// Moves a vertex to `to`; a closed ring's first and closing coordinates move together. Throws
/// std::out_of_range for a reference outside the geometry.
core::Geometry moveVertex(core::Geometry geometry, const VertexRef& vertex, core::Coordinate to);

/// Inserts `at` after vertex `after` (on the segment from it to the next vertex; after the last distinct
/// vertex of a closed ring = on the closing segment). Returns the geometry and, in `inserted`, the new
/// vertex's reference. Throws std::out_of_range for a reference outside the geometry and
/// std::invalid_argument for a point geometry.
core::Geometry insertVertex(core::Geometry geometry, const VertexRef& after, core::Coordinate at,
    VertexRef* inserted = nullptr);

/// Removes a vertex, keeping a ring closed. nullopt when the removal would leave fewer vertices than the
/// geometry type needs (a line 2, a ring 3 distinct; a point none can be removed). Throws std::out_of_range
/// for a reference outside the geometry.
std::optional<core::Geometry> deleteVertex(core::Geometry geometry, const VertexRef& vertex);

/// One vertex-editing gesture on feature `feature`: press on a handle, drag, release. Every step returns
/// the Edit to apply; all Edits of one gesture share a merge key so the Document keeps one undo step.
class VertexDrag {
public:
    /// Starts a drag when `p` hits a handle of the feature within `tolerance` metres: on a midpoint a
    /// vertex is inserted there first (the returned Edit holds the insertion; apply it). nullopt when no
    /// handle is hit; an empty Edit when a vertex handle is hit (nothing changes until the mouse moves).
    /// `serial` makes the merge key unique for this gesture. Throws core::util::OperationError for an unknown feature.
    std::optional<core::document::Edit> press(const core::Scenario& scenario, const core::FeatureId& feature,
        core::Coordinate p, double tolerance, std::uint64_t serial);
    /// The dragged vertex at `to` (an empty Edit when nothing is being dragged or it did not move).
    core::document::Edit drag(const core::Scenario& scenario, core::Coordinate to);
    /// Ends the gesture; true when one was in progress.
    bool release() noexcept;

    bool active() const noexcept { return m_vertex.has_value(); }
    const std::optional<VertexRef>& vertex() const noexcept { return m_vertex; }
    const std::string& mergeKey() const noexcept { return m_mergeKey; }

private:
    core::FeatureId m_feature;
    std::optional<VertexRef> m_vertex;
    std::string m_mergeKey;
};

/// The Edit deleting the vertex under `p` (within `tolerance` metres) of feature `feature`; nullopt when
/// no vertex is hit or the geometry would lose too many (deleteVertex). Labelled "Delete vertex".
std::optional<core::document::Edit> deleteVertexEdit(const core::Scenario& scenario, const core::FeatureId& feature,
    core::Coordinate p, double tolerance);

} // namespace sandtable::editor::tools
