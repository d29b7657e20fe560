// SPDX-License-Identifier: GPL-3.0-or-later
// Edit builders for the scenario's collections and settings.
#include "sandtable/core/document/operations.hpp"

#include "sandtable/core/util/error.hpp"

#include <algorithm>
#include <cmath>

namespace sandtable::core::operations {
namespace {

const std::vector<TerrainFeature>& items(const Scenario& s, const TerrainFeature*) { return s.terrain; }
const std::vector<Side>& items(const Scenario& s, const Side*) { return s.sides; }
const std::vector<Formation>& items(const Scenario& s, const Formation*) { return s.formations; }
const std::vector<Unit>& items(const Scenario& s, const Unit*) { return s.units; }

template <class T>
std::ptrdiff_t indexOf(const Scenario& s, const std::string& id)
{
    const auto& list = items(s, static_cast<const T*>(nullptr));
    auto it = std::find_if(list.begin(), list.end(), [&](const T& item) { return item.id.str() == id; });
    return it == list.end() ? -1 : it - list.begin();
}

template <class T>
Edit addEntity(const Scenario& s, T entity, const std::string& label)
{
    if (entity.id.empty())
        throw OperationError("", label, "the new entity has no id");
    if (indexOf<T>(s, entity.id.str()) >= 0)
        throw OperationError("", "'" + entity.id.str() + "'", "id exists already");
    const std::size_t at = items(s, static_cast<const T*>(nullptr)).size();
    EntityChange<T> change{entity.id.str(), std::nullopt, std::move(entity), at, at};
    return Edit{label, {change}, {}};
}

template <class T>
Edit replaceEntity(const Scenario& s, T entity, std::string label, std::string mergeKey)
{
    const auto index = indexOf<T>(s, entity.id.str());
    if (index < 0)
        throw OperationError("", "'" + entity.id.str() + "'", "does not exist");
    const auto at = static_cast<std::size_t>(index);
    EntityChange<T> change{entity.id.str(), items(s, static_cast<const T*>(nullptr))[at], std::move(entity), at, at};
    return Edit{std::move(label), {change}, std::move(mergeKey)};
}

template <class T>
Edit removeEntity(const Scenario& s, const std::string& id, const std::string& label)
{
    const auto index = indexOf<T>(s, id);
    if (index < 0)
        throw OperationError("", "'" + id + "'", "does not exist");
    const auto at = static_cast<std::size_t>(index);
    EntityChange<T> change{id, items(s, static_cast<const T*>(nullptr))[at], std::nullopt, at, at};
    return Edit{label, {change}, {}};
}

} // namespace

Edit addFeature(const Scenario& s, TerrainFeature feature)
{
    const std::string label = "Add " + feature.terrainClass;
    return addEntity(s, std::move(feature), label);
}

Edit replaceFeature(const Scenario& s, TerrainFeature feature, std::string label, std::string mergeKey)
{
    return replaceEntity(s, std::move(feature), std::move(label), std::move(mergeKey));
}

Edit removeFeature(const Scenario& s, const FeatureId& id)
{
    return removeEntity<TerrainFeature>(s, id.str(), "Delete feature");
}

Edit addSide(const Scenario& s, Side side) { return addEntity(s, std::move(side), "Add side"); }
Edit addFormation(const Scenario& s, Formation formation) { return addEntity(s, std::move(formation), "Add formation"); }
Edit addUnit(const Scenario& s, Unit unit) { return addEntity(s, std::move(unit), "Add unit"); }

Edit replaceUnit(const Scenario& s, Unit unit, std::string label, std::string mergeKey)
{
    return replaceEntity(s, std::move(unit), std::move(label), std::move(mergeKey));
}

Edit removeUnit(const Scenario& s, const UnitId& id) { return removeEntity<Unit>(s, id.str(), "Delete unit"); }

Edit moveUnit(const Scenario& s, const UnitId& id, Coordinate position, double facing)
{
    const Unit* unit = s.findUnit(id);
    if (!unit)
        throw OperationError("", "unit '" + id.str() + "'", "does not exist");
    Unit moved = *unit;
    double normalised = std::fmod(facing, 360.0);
    if (normalised < 0)
        normalised += 360.0;
    Placement placement = moved.placement.value_or(Placement{});
    placement.position = position;
    placement.facing = normalised;
    moved.placement = placement;
    return replaceEntity(s, std::move(moved), "Move " + unit->name, "move:" + id.str());
}

Edit setSettings(const Scenario& s, ScenarioSettings settings, std::string label)
{
    return Edit{std::move(label), {SettingsChange{s.settings, std::move(settings)}}, {}};
}

Edit setMap(const Scenario& s, std::optional<MapSource> map, std::string label)
{
    return Edit{std::move(label), {MapChange{s.map, std::move(map)}}, {}};
}

std::string freshId(const Scenario& s, const std::string& prefix)
{
    for (std::size_t n = 1;; ++n) {
        const std::string id = prefix + "-" + std::to_string(n);
        if (indexOf<TerrainFeature>(s, id) < 0 && indexOf<Side>(s, id) < 0 && indexOf<Formation>(s, id) < 0
            && indexOf<Unit>(s, id) < 0)
            return id;
    }
}

} // namespace sandtable::core::operations
