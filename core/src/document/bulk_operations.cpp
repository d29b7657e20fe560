// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/document/bulk_operations.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <map>
#include <set>

namespace sandtable::core::document::operations {
namespace {

/// Appends one creation per item after `existing`, refusing an empty, repeated or taken id.
template <class T>
void appendAll(Edit& edit, const std::vector<T>& existing, std::vector<T> items, const char* kind)
{
    std::set<std::string> taken;
    for (const T& item : existing)
        taken.insert(item.id.str());
    std::set<std::string> added;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string id = items[i].id.str();
        if (id.empty())
            throw util::OperationError("", std::string(kind) + " " + std::to_string(i + 1), _("has no id"));
        if (taken.count(id))
            throw util::OperationError("", std::string(kind) + " '" + id + "'", _("exists already"));
        if (!added.insert(id).second)
            throw util::OperationError("", std::string(kind) + " '" + id + "'", _("is named twice"));
        const std::size_t at = existing.size() + i;
        edit.changes.push_back(EntityChange<T>{id, std::nullopt, std::move(items[i]), at, at});
    }
}

} // namespace

Edit addFeatures(const Scenario& scenario, std::vector<TerrainFeature> features, std::string label,
    std::optional<ScenarioSettings> settings)
{
    Edit edit{std::move(label), {}, {}};
    if (settings)
        edit.changes.push_back(SettingsChange{scenario.settings, std::move(*settings)});
    appendAll(edit, scenario.terrain, std::move(features), "feature");
    return edit;
}

Edit addOrderOfBattle(const Scenario& scenario, std::vector<Side> sides, std::vector<Formation> formations,
    std::vector<Unit> units, std::string label)
{
    Edit edit{std::move(label), {}, {}};
    appendAll(edit, scenario.sides, std::move(sides), "side");
    appendAll(edit, scenario.formations, std::move(formations), "formation");
    appendAll(edit, scenario.units, std::move(units), "unit");
    return edit;
}

Edit changeUnits(const Scenario& scenario, const std::vector<UnitId>& remove, std::vector<Unit> replace,
    std::vector<Unit> add, std::string label)
{
    Edit edit{std::move(label), {}, {}};
    std::set<std::string> removing;
    std::map<std::string, Unit> replacing;
    for (const UnitId& id : remove) {
        if (!scenario.findUnit(id))
            throw util::OperationError("", "unit '" + id.str() + "'", _("does not exist"));
        if (!removing.insert(id.str()).second)
            throw util::OperationError("", "unit '" + id.str() + "'", _("is named twice"));
    }
    for (Unit& u : replace) {
        const std::string id = u.id.str();
        if (!scenario.findUnit(u.id))
            throw util::OperationError("", "unit '" + id + "'", _("does not exist"));
        if (removing.count(id) || !replacing.emplace(id, std::move(u)).second)
            throw util::OperationError("", "unit '" + id + "'", _("is named twice"));
    }
    // Indices as applyEdit meets them: removals first, each shifting the later units up by one; then the
    // replacements in place; then the new units at the end.
    std::vector<std::size_t> removedBefore(scenario.units.size(), 0);
    std::size_t removed = 0;
    for (std::size_t i = 0; i < scenario.units.size(); ++i) {
        removedBefore[i] = removed;
        const Unit& u = scenario.units[i];
        if (!removing.count(u.id.str()))
            continue;
        const std::size_t at = i - removed;
        edit.changes.push_back(EntityChange<Unit>{u.id.str(), u, std::nullopt, at, at});
        ++removed;
    }
    for (std::size_t i = 0; i < scenario.units.size(); ++i) {
        const Unit& u = scenario.units[i];
        const auto it = replacing.find(u.id.str());
        if (it == replacing.end())
            continue;
        const std::size_t at = i - removedBefore[i];
        edit.changes.push_back(EntityChange<Unit>{u.id.str(), u, std::move(it->second), at, at});
    }
    std::vector<Unit> kept;
    kept.reserve(scenario.units.size() - removed);
    for (const Unit& u : scenario.units)
        if (!removing.count(u.id.str()))
            kept.push_back(u);
    appendAll(edit, kept, std::move(add), "unit");
    return edit;
}

Edit replaceWithScenario(const Scenario& start, const Scenario& carried, std::string label)
{
    Edit edit{std::move(label), {}, {}};
    edit.changes.push_back(SettingsChange{start.settings, carried.settings});
    edit.changes.push_back(MapChange{start.map, carried.map});
    edit.changes.push_back(ReferencesChange{start.references, carried.references});
    edit.changes.push_back(CustomClassesChange{start.customTerrainClasses, carried.customTerrainClasses});
    appendAll(edit, start.terrain, carried.terrain, "feature");
    appendAll(edit, start.sides, carried.sides, "side");
    appendAll(edit, start.formations, carried.formations, "formation");
    appendAll(edit, start.units, carried.units, "unit");
    edit.changes.push_back(TableBattlesChange{start.tableBattles, carried.tableBattles});
    edit.changes.push_back(CampaignChange{start.campaign, carried.campaign});
    return edit;
}

} // namespace sandtable::core::document::operations
