// SPDX-License-Identifier: GPL-3.0-or-later
// What the editor has selected: one object of the scenario by kind and id, and where it lies on the map.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>

namespace sandtable::editor {

/// A reference to one object of the scenario, by kind and id (never a pointer: undo replaces objects).
/// Panes and tools see it as ui::ObjectRef (workbench.hpp).
struct ObjectRef {
    enum class Kind { Feature, Unit, Formation, Side, Gcp, Card, GridSquare, Scenario };
    Kind kind = Kind::Scenario;
    std::string id; ///< the object's id; for Gcp its 1-based row number; for GridSquare its ref ("C4")
    bool operator==(const ObjectRef&) const = default;
};

/// "feature", "unit", "formation", "side", "gcp", "card", "grid-square" or "scenario".
const char* toString(ObjectRef::Kind kind);

/// True when `object` names something the scenario holds (a feature, unit, formation or side by id, a GCP
/// of the map's georeference by its id, a Table Battles card by its id, a square of the campaign grid by
/// its name; the scenario itself always).
bool objectExists(const core::Scenario& scenario, const ObjectRef& object);

/// Where an object lies in the working CRS, for "zoom to": a feature's bounding box, a placed unit's
/// position, the box of a formation's or side's placed units, a GCP's map position when the georeference
/// has an affine transform, a grid square's corners, the scenario's extent. nullopt when it has no place
/// on the map (an unplaced unit, a card).
std::optional<core::Extent> objectExtent(const core::Scenario& scenario, const ObjectRef& object);

/// The object a diagnostic's JSON pointer names: "/terrain/3/geometry" -> the feature at index 3,
/// "/units/7/placement" -> unit 7, "/formations/2" -> formation 2, "/sides/0" -> side 0,
/// "/map/georeference/gcps/4" -> the GCP at index 4; nullopt for paths naming no object (or an index
/// past the end).
std::optional<ObjectRef> objectAtPath(const core::Scenario& scenario, const std::string& jsonPointer);

/// The editor's selection: at most one object, held by kind and id (never a pointer).
class Selection {
public:
    const std::optional<ObjectRef>& object() const noexcept { return m_object; }
    /// The selected feature's id when a feature is selected.
    std::optional<core::FeatureId> feature() const;
    /// The selected unit's id when a unit is selected.
    std::optional<core::UnitId> unit() const;
    bool empty() const noexcept { return !m_object.has_value(); }
    void select(core::FeatureId id) { m_object = ObjectRef{ObjectRef::Kind::Feature, id.str()}; }
    void select(core::UnitId id) { m_object = ObjectRef{ObjectRef::Kind::Unit, id.str()}; }
    void select(ObjectRef object) { m_object = std::move(object); }
    void set(std::optional<ObjectRef> object) { m_object = std::move(object); }
    void clear() noexcept { m_object.reset(); }
    /// Drops the selection when its object no longer exists (after an undo, a delete, a reload).
    /// Returns true when the selection changed.
    bool prune(const core::Scenario& scenario);
    /// True when the canvas draws `unit` highlighted: the unit itself, or its formation or side is selected.
    bool highlightsUnit(const core::Scenario& scenario, const core::Unit& unit) const;

private:
    std::optional<ObjectRef> m_object;
};

} // namespace sandtable::editor
