// SPDX-License-Identifier: GPL-3.0-or-later
// Names of the scenario's enumerations and look-ups by id.
#include "sandtable/core/model/scenario.hpp"

#include <algorithm>
#include <stdexcept>

namespace sandtable::core {
namespace {

template <class Enum, std::size_t N>
Enum fromName(const std::array<const char*, N>& names, const std::string& name, const char* what)
{
    for (std::size_t i = 0; i < N; ++i)
        if (name == names[i])
            return static_cast<Enum>(i);
    throw std::invalid_argument(std::string("unknown ") + what + " '" + name + "'");
}

constexpr std::array<const char*, 4> kSystems = {"pub-battles", "table-battles", "campaign-lite", "syw-miniatures"};
constexpr std::array<const char*, 6> kMethods = {"affine", "helmert", "poly1", "poly2", "poly3", "tps"};
constexpr std::array<const char*, 7> kUnitTypes = {
    "infantry", "detachment", "artillery", "cavalry", "dragoons", "baggage-train", "hq"};
constexpr std::array<const char*, 4> kQualities = {"militia", "regular", "elite", "guard"};

template <class T, class IdT>
const T* findById(const std::vector<T>& items, const IdT& id)
{
    auto it = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.id == id; });
    return it == items.end() ? nullptr : &*it;
}

} // namespace

const char* toString(GameSystem system) { return kSystems.at(static_cast<std::size_t>(system)); }
GameSystem gameSystemFromString(const std::string& name) { return fromName<GameSystem>(kSystems, name, "game system"); }

const char* toString(GeoreferenceMethod method) { return kMethods.at(static_cast<std::size_t>(method)); }
GeoreferenceMethod georeferenceMethodFromString(const std::string& name)
{
    return fromName<GeoreferenceMethod>(kMethods, name, "georeference method");
}

int minimumGcps(GeoreferenceMethod method)
{
    switch (method) {
    case GeoreferenceMethod::Helmert: return 2;
    case GeoreferenceMethod::Affine:
    case GeoreferenceMethod::Poly1:
    case GeoreferenceMethod::Tps: return 3;
    case GeoreferenceMethod::Poly2: return 6;
    case GeoreferenceMethod::Poly3: return 10;
    }
    return 3;
}

const char* toString(UnitType type) { return kUnitTypes.at(static_cast<std::size_t>(type)); }
UnitType unitTypeFromString(const std::string& name) { return fromName<UnitType>(kUnitTypes, name, "unit type"); }

const char* toString(UnitQuality quality) { return kQualities.at(static_cast<std::size_t>(quality)); }
UnitQuality unitQualityFromString(const std::string& name)
{
    return fromName<UnitQuality>(kQualities, name, "unit quality");
}

const TerrainFeature* Scenario::findFeature(const FeatureId& id) const { return findById(terrain, id); }
const Side* Scenario::findSide(const SideId& id) const { return findById(sides, id); }
const Formation* Scenario::findFormation(const FormationId& id) const { return findById(formations, id); }
const Unit* Scenario::findUnit(const UnitId& id) const { return findById(units, id); }

const char* toString(ReferenceKind kind)
{
    return kind == ReferenceKind::Raster ? "raster" : "vector";
}

ReferenceKind referenceKindFromString(const std::string& name)
{
    if (name == "raster")
        return ReferenceKind::Raster;
    if (name == "vector")
        return ReferenceKind::Vector;
    throw std::invalid_argument("unknown reference layer kind '" + name + "' (raster or vector)");
}

const ReferenceLayer* Scenario::findReference(const std::string& name) const
{
    for (const ReferenceLayer& r : references)
        if (r.name == name)
            return &r;
    return nullptr;
}

} // namespace sandtable::core
