// SPDX-License-Identifier: GPL-3.0-or-later
// An Edit: one undoable change to a scenario, as before/after snapshots keyed by id.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace sandtable::core::document {

/// A change to one entity of a collection. `before` empty = the entity is created; `after` empty = it is
/// removed; both set = it is replaced. Indices are positions in the collection (before the change for
/// `beforeIndex`, after it for `afterIndex`), so undo puts a removed entity back exactly where it was.
template <class T>
struct EntityChange {
    std::string id;
    std::optional<T> before;
    std::optional<T> after;
    std::size_t beforeIndex = 0;
    std::size_t afterIndex = 0;
};

/// A change of the scenario-wide settings (title, CRS, scale, extent, ...).
struct SettingsChange {
    ScenarioSettings before;
    ScenarioSettings after;
};

/// A change of the map source (set, replaced, removed; includes its georeference and GCPs).
struct MapChange {
    std::optional<MapSource> before;
    std::optional<MapSource> after;
};

/// A change of the reference layers (the whole list, in drawing order: it is short).
struct ReferencesChange {
    std::vector<ReferenceLayer> before;
    std::vector<ReferenceLayer> after;
};

/// A change of the declared custom terrain classes (the whole list, it is short).
struct CustomClassesChange {
    std::vector<CustomTerrainClass> before;
    std::vector<CustomTerrainClass> after;
};

/// A change of the Table Battles cards, the whole set at once (set, replaced, removed; a CSV import).
struct TableBattlesChange {
    std::optional<TableBattlesSet> before;
    std::optional<TableBattlesSet> after;
};

/// A change of the Campaign Lite campaign, the whole of it at once (grid, overrides, rolls, forces,
/// objectives; set, replaced, removed).
struct CampaignChange {
    std::optional<Campaign> before;
    std::optional<Campaign> after;
};

using Change = std::variant<SettingsChange, MapChange, CustomClassesChange, EntityChange<TerrainFeature>,
    EntityChange<Side>, EntityChange<Formation>, EntityChange<Unit>, TableBattlesChange, CampaignChange, ReferencesChange>;

/// One undo step. `label` is what the Edit menu shows ("Move unit", "Add woods"). Edits with the same
/// non-empty `mergeKey` applied one after another merge into one step (one drag = one undo step).
struct Edit {
    std::string label;
    std::vector<Change> changes;
    std::string mergeKey;

    bool empty() const { return changes.empty(); }
};

/// Applies the changes in order. Throws OperationError when a change does not fit the scenario (an
/// entity to replace or remove is missing, an entity to create exists already): the scenario is then
/// left as it was.
void applyEdit(Scenario& scenario, const Edit& edit);

/// The edit that undoes `edit` (changes reversed, before and after swapped).
Edit invert(const Edit& edit);

} // namespace sandtable::core::document
