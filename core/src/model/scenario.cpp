// SPDX-License-Identifier: GPL-3.0-or-later
// Names of the scenario's enumerations and look-ups by id.
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/systems/game_system.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <stdexcept>

namespace sandtable::core {
namespace {

template <class Enum, std::size_t N>
Enum fromName(const std::array<const char*, N>& names, const std::string& name, const char* unknownPattern)
{
    for (std::size_t i = 0; i < N; ++i)
        if (name == names[i])
            return static_cast<Enum>(i);
    // unknownPattern: an N_() sentence, {1} the name.
    throw std::invalid_argument(i18n::format(i18n::translate(unknownPattern), {name}));
}

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

// The names are the systems' own (core/src/systems, the one list).
const char* toString(GameSystem system) { return systems::describe(system).name.c_str(); }
GameSystem gameSystemFromString(const std::string& name)
{
    if (const systems::GameSystemDescriptor* d = systems::findGameSystem(name))
        return d->id;
    throw std::invalid_argument(i18n::format(_("unknown game system '{1}'"), {name}));
}

const char* toString(GeoreferenceMethod method) { return kMethods.at(static_cast<std::size_t>(method)); }
GeoreferenceMethod georeferenceMethodFromString(const std::string& name)
{
    return fromName<GeoreferenceMethod>(kMethods, name, N_("unknown georeference method '{1}'"));
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
UnitType unitTypeFromString(const std::string& name) { return fromName<UnitType>(kUnitTypes, name, N_("unknown unit type '{1}'")); }

const char* toString(UnitQuality quality) { return kQualities.at(static_cast<std::size_t>(quality)); }
UnitQuality unitQualityFromString(const std::string& name)
{
    return fromName<UnitQuality>(kQualities, name, N_("unknown unit quality '{1}'"));
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
    throw std::invalid_argument(i18n::format(_("unknown reference layer kind '{1}' (raster or vector)"), {name}));
}

UnitStatus unitStatusFromString(const std::string& name)
{
    if (name == "fresh")
        return UnitStatus::Fresh;
    if (name == "disorganized")
        return UnitStatus::Disorganized;
    throw std::invalid_argument(i18n::format(_("unknown unit status '{1}'"), {name}));
}

const ReferenceLayer* Scenario::findReference(const std::string& name) const
{
    for (const ReferenceLayer& r : references)
        if (r.name == name)
            return &r;
    return nullptr;
}

} // namespace sandtable::core
