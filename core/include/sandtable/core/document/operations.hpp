// SPDX-License-Identifier: GPL-3.0-or-later
// Operations: pure functions that read a scenario and return the Edit that would change it.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/geometry/terrain_check.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <string>

namespace sandtable::core::document::operations {

/// Adds a terrain feature at the end of the terrain list. Throws OperationError when its id is taken.
Edit addFeature(const Scenario& scenario, TerrainFeature feature);
/// Replaces the feature with the same id (geometry, class, attributes). `mergeKey` joins a vertex drag.
/// An empty `label` (every operation's undo label, shown to a person) is "Edit feature" in the process's
/// language.
Edit replaceFeature(const Scenario& scenario, TerrainFeature feature, std::string label = {},
    std::string mergeKey = {});
/// Removes a feature. Throws OperationError when the id is unknown.
Edit removeFeature(const Scenario& scenario, const FeatureId& id);
/// Splits a polygon or line feature with a blade line (working-CRS metres): the largest piece keeps the
/// feature's id, the others become new features of the same class, name and attributes, with fresh ids
/// "<id>-<n>", placed right after it. One undo step. Throws OperationError when the id is unknown or the
/// blade does not cut the feature in two (geometry::splitGeometry).
Edit splitFeature(const Scenario& scenario, const FeatureId& id, const Geometry& blade);
/// Merges features of one class into the first of `ids` (the union of their geometries, lines merged
/// end to end); the others are removed. One undo step. Throws OperationError for fewer than two ids, an
/// unknown or repeated id, different classes, or geometries that cannot be united.
Edit mergeFeatures(const Scenario& scenario, const std::vector<FeatureId>& ids);
/// Replaces the geometries of several features in one undo step labelled `label` (snapping, overlap
/// resolution, repair), each feature keeping its id, class, name, attributes and place. Throws
/// OperationError naming an unknown id; an empty Edit when the list is empty.
Edit replaceGeometries(const Scenario& scenario, const std::vector<std::pair<FeatureId, Geometry>>& replacements,
    std::string label);
/// Repairs the terrain (geometry::repairTerrain): one undo step replacing every changed geometry; the
/// findings (fixed, collapsed, slivers, dropped parts) are appended to `findings`. An empty Edit when
/// nothing changed.
Edit repairTerrain(const Scenario& scenario, const geometry::RepairOptions& options, validation::Diagnostics& findings);

Edit addSide(const Scenario& scenario, Side side);
Edit addFormation(const Scenario& scenario, Formation formation);
/// Replaces the formation with the same id (name, echelon, chit, ...). Throws OperationError when the id is
/// unknown.
Edit replaceFormation(const Scenario& scenario, Formation formation, std::string label = {}); ///< label: "Edit formation"
/// Re-parents a formation: `parent` becomes its enclosing formation (unset = top level under its side);
/// one undo step "Move <name> under <parent>". Throws OperationError when either formation does not exist,
/// the parent is on another side, or the parent is the formation itself or one of its descendants (a
/// cycle). An empty Edit when nothing changes.
Edit setFormationParent(const Scenario& scenario, const FormationId& formation, std::optional<FormationId> parent);
Edit addUnit(const Scenario& scenario, Unit unit);
Edit replaceUnit(const Scenario& scenario, Unit unit, std::string label = {}, std::string mergeKey = {}); ///< label: "Edit unit"
Edit removeUnit(const Scenario& scenario, const UnitId& id);
/// Places, moves or turns a piece on the map: its placement becomes `placement` (centre in working-CRS
/// metres, facing in degrees clockwise from grid north, normalised to [0, 360), line or route column).
/// A piece on the map is set up there and nowhere else (docs/model.md: set-up is a position "or its place in
/// an HQ's reserve", reinforcements enter later; setup_checks refuse a unit set up more than once), so
/// the unit's `reserve` and `arrival` are cleared. `label` defaults to "Move <name>"; a non-empty
/// `mergeKey` joins the edits of one gesture into one undo step (the editor gives each drag its own).
/// Throws OperationError for an unknown unit; an empty Edit when nothing changes.
Edit moveUnit(const Scenario& scenario, const UnitId& id, Placement placement, std::string label = {},
    std::string mergeKey = {});
/// The same keeping the piece's line/column (in line for a piece not yet on the map); successive moves of
/// one unit merge into one undo step (merge key "move:<id>").
Edit moveUnit(const Scenario& scenario, const UnitId& id, Coordinate position, double facing);

/// Replaces the scenario-wide settings. An empty `label` is "Scenario settings" (translated).
Edit setSettings(const Scenario& scenario, ScenarioSettings settings, std::string label = {});
/// Sets the language of the printed products' fixed texts: an ISO 639-1 code ("fr", "de", optionally
/// "_TERRITORY": "fr_CA"), or "" / "en" for English (stored as ""). Throws OperationError naming the code
/// when it is not of that form. A language without a shipped catalogue prints English (i18n::translateIn).
Edit setLanguage(const Scenario& scenario, const std::string& language);
/// Sets or clears the map source (with its georeference). An empty `label` is "Set map" (translated).
Edit setMap(const Scenario& scenario, std::optional<MapSource> map, std::string label = {});

/// A fresh id "<prefix>-<n>" not used by any entity of the scenario.
std::string freshId(const Scenario& scenario, const std::string& prefix);

} // namespace sandtable::core::document::operations
