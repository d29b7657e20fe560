// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain drawing tools without wx: snapping to neighbouring features and the click-by-click state of
// drawing a point, a line or a polygon.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::tools {

/// Where snapping put a cursor position. `kind` None = nothing within tolerance (`point` is the input);
/// Vertex = a vertex of `feature` (or, with an empty `feature`, one of the caller's extra vertices, e.g.
/// the first vertex of the polygon being drawn); Edge = the nearest point of one of `feature`'s edges.
struct Snap {
    enum class Kind { None, Vertex, Edge };
    core::Coordinate point;
    Kind kind = Kind::None;
    core::FeatureId feature;
};

/// Snaps `p` (working-CRS metres) to the terrain within `tolerance` metres (the canvas passes a few
/// pixels divided by its pixels per metre): the nearest vertex within tolerance wins over any edge, else
/// the nearest point of an edge (polygon rings and lines) within tolerance, else `p` unchanged.
/// `exclude` is left out (the feature being edited); `extraVertices` are also vertex candidates.
/// A non-positive tolerance never snaps.
Snap snapToTerrain(const core::Scenario& scenario, core::Coordinate p, double tolerance,
    const std::optional<core::FeatureId>& exclude = std::nullopt,
    const std::vector<core::Coordinate>& extraVertices = {});

/// What is being drawn (a bridge or ford is a point, a stream or road a line, woods a polygon).
enum class DrawKind { Point, Line, Polygon };
const char* toString(DrawKind kind); ///< "point", "line", "polygon"
/// The kind a terrain class is digitised as (rules::findTerrainClass's dimension, a custom class's
/// declared geometry); Polygon for an unknown class.
DrawKind drawKindOf(const core::Scenario& scenario, const std::string& terrainClass);

/// The vertices clicked so far and the rules for finishing. Vertices are working-CRS metres.
class DrawingState {
public:
    explicit DrawingState(DrawKind kind) : m_kind(kind) {}

    DrawKind kind() const noexcept { return m_kind; }
    const std::vector<core::Coordinate>& vertices() const noexcept { return m_vertices; }
    bool empty() const noexcept { return m_vertices.empty(); }

    /// Adds a clicked vertex. A vertex equal to the last one is ignored (returns false). For a point the
    /// click replaces any earlier one.
    bool addVertex(core::Coordinate c);
    /// Backspace: removes the last vertex; false when there was none.
    bool removeLastVertex();
    /// Escape: forgets every vertex.
    void cancel() noexcept { m_vertices.clear(); }

    /// Enough vertices for a geometry: a point 1, a line 2, a polygon 3 (after dropping repeats).
    bool canFinish() const;
    /// Double-click or Enter: the geometry (a polygon's ring closed), or nullopt when too few vertices
    /// remain; the state is cleared when a geometry is returned. A last vertex within `duplicateTolerance`
    /// metres of the one before is dropped first (the second press of a double-click adds one).
    std::optional<core::Geometry> finish(double duplicateTolerance = 0.0);

private:
    DrawKind m_kind;
    std::vector<core::Coordinate> m_vertices;
};

/// The Edit that adds a new feature of `terrainClass` (its attributes empty) with `geometry`, a fresh
/// id "<class>-<n>" (operations::freshId), labelled "Add <class>". `id` receives the new id when given.
core::document::Edit addFeatureEdit(const core::Scenario& scenario, const std::string& terrainClass, core::Geometry geometry,
    core::FeatureId* id = nullptr);

/// The Edit that sets the class of feature `id` (attributes of the old class are dropped when the class
/// changes), labelled "Set class to <class>". Throws core::util::OperationError for an unknown id. An empty
/// Edit when the class is already that.
core::document::Edit setClassEdit(const core::Scenario& scenario, const core::FeatureId& id, const std::string& terrainClass);

/// One class of the palette: its id, the geometry it is drawn as, and whether it is a scenario custom class.
struct PaletteEntry {
    std::string id;
    DrawKind kind = DrawKind::Polygon;
    bool custom = false;
};
/// The classes a designer may draw in this scenario: the canonical classes of docs/model.md (valid in every
/// game system), in docs/model.md's order, then the scenario's custom classes.
std::vector<PaletteEntry> paletteClasses(const core::Scenario& scenario);

} // namespace sandtable::editor::tools
