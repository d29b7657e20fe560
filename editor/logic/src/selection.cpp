// SPDX-License-Identifier: GPL-3.0-or-later
// The selection's object references: existence, place on the map, and diagnostics' JSON pointers.
#include "sandtable/editor/logic/selection.hpp"

#include "sandtable/editor/logic/affine.hpp"
#include "sandtable/editor/logic/map_raster.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace sandtable::editor {

namespace {

core::Extent pointExtent(core::Coordinate c) { return {c.x, c.y, c.x, c.y}; }

void include(std::optional<core::Extent>& extent, core::Coordinate c)
{
    if (!extent) {
        extent = pointExtent(c);
        return;
    }
    extent->minX = std::min(extent->minX, c.x);
    extent->minY = std::min(extent->minY, c.y);
    extent->maxX = std::max(extent->maxX, c.x);
    extent->maxY = std::max(extent->maxY, c.y);
}

std::optional<int> parseIndex(std::string_view text)
{
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0)
        return std::nullopt;
    return value;
}

const core::Gcp* findGcp(const core::Scenario& scenario, const std::string& id)
{
    if (!scenario.map || !scenario.map->georeference)
        return nullptr;
    const auto number = parseIndex(id);
    if (!number)
        return nullptr;
    for (const auto& gcp : scenario.map->georeference->gcps)
        if (gcp.id == *number)
            return &gcp;
    return nullptr;
}

std::optional<core::SquareRef> findSquare(const core::Scenario& scenario, const std::string& name)
{
    if (!scenario.campaign)
        return std::nullopt;
    try {
        return core::parseSquareName(scenario.campaign->grid, name);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

bool cardExists(const core::Scenario& scenario, const std::string& id)
{
    if (!scenario.tableBattles)
        return false;
    try {
        return scenario.tableBattles->find(core::parseCardRef(id)) != nullptr;
    } catch (const std::exception&) {
        return false;
    }
}

/// The 6 geotransform numbers of an affine georeference, as an affine map pixel/line -> working CRS.
std::optional<Affine2D> affineOf(const core::Georeference& georeference)
{
    using Method = core::GeoreferenceMethod;
    const bool affine = georeference.method == Method::Affine || georeference.method == Method::Helmert
        || georeference.method == Method::Poly1;
    if (!affine || georeference.transform.size() != 6)
        return std::nullopt;
    const auto& t = georeference.transform;
    return Affine2D::fromGeoTransform({t[0], t[1], t[2], t[3], t[4], t[5]});
}

} // namespace

const char* toString(ObjectRef::Kind kind)
{
    switch (kind) {
    case ObjectRef::Kind::Feature:
        return "feature";
    case ObjectRef::Kind::Unit:
        return "unit";
    case ObjectRef::Kind::Formation:
        return "formation";
    case ObjectRef::Kind::Side:
        return "side";
    case ObjectRef::Kind::Gcp:
        return "gcp";
    case ObjectRef::Kind::Card:
        return "card";
    case ObjectRef::Kind::GridSquare:
        return "grid-square";
    case ObjectRef::Kind::Scenario:
        return "scenario";
    }
    return "scenario";
}

bool objectExists(const core::Scenario& scenario, const ObjectRef& object)
{
    switch (object.kind) {
    case ObjectRef::Kind::Feature:
        return scenario.findFeature(core::FeatureId(object.id)) != nullptr;
    case ObjectRef::Kind::Unit:
        return scenario.findUnit(core::UnitId(object.id)) != nullptr;
    case ObjectRef::Kind::Formation:
        return scenario.findFormation(core::FormationId(object.id)) != nullptr;
    case ObjectRef::Kind::Side:
        return scenario.findSide(core::SideId(object.id)) != nullptr;
    case ObjectRef::Kind::Gcp:
        return findGcp(scenario, object.id) != nullptr;
    case ObjectRef::Kind::Card:
        return cardExists(scenario, object.id);
    case ObjectRef::Kind::GridSquare:
        return findSquare(scenario, object.id).has_value();
    case ObjectRef::Kind::Scenario:
        return true;
    }
    return false;
}

std::optional<core::Extent> objectExtent(const core::Scenario& scenario, const ObjectRef& object)
{
    std::optional<core::Extent> extent;
    switch (object.kind) {
    case ObjectRef::Kind::Feature:
        if (const auto* feature = scenario.findFeature(core::FeatureId(object.id)))
            for (const auto& part : feature->geometry.parts)
                for (const auto& ring : part)
                    for (const auto& c : ring)
                        include(extent, c);
        break;
    case ObjectRef::Kind::Unit:
        if (const auto* unit = scenario.findUnit(core::UnitId(object.id)); unit && unit->placement)
            include(extent, unit->placement->position);
        break;
    case ObjectRef::Kind::Formation:
        for (const auto& unit : scenario.units)
            if (unit.placement && unit.formation.str() == object.id)
                include(extent, unit.placement->position);
        break;
    case ObjectRef::Kind::Side:
        for (const auto& unit : scenario.units)
            if (unit.placement && sideOfUnit(scenario, unit).str() == object.id)
                include(extent, unit.placement->position);
        break;
    case ObjectRef::Kind::Gcp:
        if (const auto* gcp = findGcp(scenario, object.id)) {
            if (const auto affine = affineOf(*scenario.map->georeference)) {
                const Point p = affine->apply({gcp->pixel, gcp->line});
                include(extent, {p.x, p.y});
            }
        }
        break;
    case ObjectRef::Kind::GridSquare:
        if (const auto square = findSquare(scenario, object.id))
            for (const auto& c : core::squareCorners(scenario.campaign->grid, *square))
                include(extent, c);
        break;
    case ObjectRef::Kind::Card:
        break;
    case ObjectRef::Kind::Scenario:
        extent = scenarioExtent(scenario);
        break;
    }
    return extent;
}

std::optional<ObjectRef> objectAtPath(const core::Scenario& scenario, const std::string& jsonPointer)
{
    std::vector<std::string_view> tokens;
    std::string_view rest(jsonPointer);
    while (!rest.empty() && rest.front() == '/') {
        rest.remove_prefix(1);
        const auto slash = rest.find('/');
        tokens.push_back(rest.substr(0, slash));
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
    }
    if (tokens.size() < 2) {
        return std::nullopt;
    }
    const auto index = parseIndex(tokens[1]);
    auto at = [&](const auto& collection) -> const auto* {
        using Item = std::remove_cvref_t<decltype(collection.front())>;
        return index && static_cast<std::size_t>(*index) < collection.size()
            ? &collection[static_cast<std::size_t>(*index)]
            : static_cast<const Item*>(nullptr);
    };
    if (tokens[0] == "terrain") {
        if (const auto* feature = at(scenario.terrain))
            return ObjectRef{ObjectRef::Kind::Feature, feature->id.str()};
    } else if (tokens[0] == "units") {
        if (const auto* unit = at(scenario.units))
            return ObjectRef{ObjectRef::Kind::Unit, unit->id.str()};
    } else if (tokens[0] == "formations") {
        if (const auto* formation = at(scenario.formations))
            return ObjectRef{ObjectRef::Kind::Formation, formation->id.str()};
    } else if (tokens[0] == "sides") {
        if (const auto* side = at(scenario.sides))
            return ObjectRef{ObjectRef::Kind::Side, side->id.str()};
    } else if (tokens[0] == "map" && tokens.size() >= 4 && tokens[1] == "georeference" && tokens[2] == "gcps") {
        const auto gcpIndex = parseIndex(tokens[3]);
        if (scenario.map && scenario.map->georeference && gcpIndex
            && static_cast<std::size_t>(*gcpIndex) < scenario.map->georeference->gcps.size())
            return ObjectRef{ObjectRef::Kind::Gcp,
                std::to_string(scenario.map->georeference->gcps[static_cast<std::size_t>(*gcpIndex)].id)};
    } else if (tokens[0] == "table_battles" && tokens.size() >= 3
        && (tokens[1] == "formation_cards" || tokens[1] == "cards")) {
        // The validator's paths name the JSON array (formation_cards); "cards" is the model's name.
        const auto cardIndex = parseIndex(tokens[2]);
        if (scenario.tableBattles && cardIndex
            && static_cast<std::size_t>(*cardIndex) < scenario.tableBattles->cards.size())
            return ObjectRef{ObjectRef::Kind::Card,
                core::toString(scenario.tableBattles->cards[static_cast<std::size_t>(*cardIndex)].ref)};
    }
    return std::nullopt;
}

std::optional<core::FeatureId> Selection::feature() const
{
    if (m_object && m_object->kind == ObjectRef::Kind::Feature)
        return core::FeatureId(m_object->id);
    return std::nullopt;
}

std::optional<core::UnitId> Selection::unit() const
{
    if (m_object && m_object->kind == ObjectRef::Kind::Unit)
        return core::UnitId(m_object->id);
    return std::nullopt;
}

bool Selection::prune(const core::Scenario& scenario)
{
    if (m_object && !objectExists(scenario, *m_object)) {
        m_object.reset();
        return true;
    }
    return false;
}

bool Selection::highlightsUnit(const core::Scenario& scenario, const core::Unit& unit) const
{
    if (!m_object)
        return false;
    switch (m_object->kind) {
    case ObjectRef::Kind::Unit:
        return unit.id.str() == m_object->id;
    case ObjectRef::Kind::Formation:
        return unit.formation.str() == m_object->id;
    case ObjectRef::Kind::Side:
        return sideOfUnit(scenario, unit).str() == m_object->id;
    default:
        return false;
    }
}

} // namespace sandtable::editor
