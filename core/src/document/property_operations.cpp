// SPDX-License-Identifier: GPL-3.0-or-later
// Named property changes of units and terrain features, with their rules.
#include "sandtable/core/document/property_operations.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cmath>
#include <optional>

namespace sandtable::core::document::operations {
namespace {

const Unit& unitOf(const Scenario& s, const UnitId& id)
{
    const Unit* unit = s.findUnit(id);
    if (!unit)
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), _("does not exist"));
    return *unit;
}

bool wholeInRange(double value, double max) { return std::isfinite(value) && value >= 0 && value == std::floor(value) && value <= max; }

} // namespace

Edit setUnitStrength(const Scenario& s, const UnitId& id, double strength)
{
    Unit unit = unitOf(s, id);
    if (!wholeInRange(strength, kMaxUnitStrength))
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}),
            i18n::format(_("strength must be a whole number of men (or guns) from 0 to {1}"), {i18n::formatNumber(kMaxUnitStrength, 0)}));
    if (unit.strength == static_cast<int>(strength))
        return Edit{};
    unit.strength = static_cast<int>(strength);
    return replaceUnit(s, std::move(unit), _("Change unit strength"));
}

Edit setUnitFacing(const Scenario& s, const UnitId& id, double degrees)
{
    const Unit& unit = unitOf(s, id);
    if (!unit.placement)
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), _("is not placed on the map, so it has no facing"));
    if (!std::isfinite(degrees))
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), _("the facing must be a number of degrees"));
    Placement placement = *unit.placement;
    placement.facing = degrees; // moveUnit wraps it into [0, 360)
    Edit edit = moveUnit(s, id, placement);
    if (!edit.changes.empty())
        edit.label = _("Change unit facing");
    return edit;
}

Edit setUnitFigureCount(const Scenario& s, const UnitId& id, const std::string& kind, double count)
{
    Unit unit = unitOf(s, id);
    const systems::syw_miniatures::FigureKind* figure = systems::syw_miniatures::findFigureKind(kind);
    if (!figure)
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), i18n::format(_("'{1}' is no kind of figure"), {kind}));
    if (!wholeInRange(count, kMaxFigureCount))
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}),
            i18n::format(_("a count of figures is a whole number from 0 to {1}"), {i18n::formatNumber(kMaxFigureCount, 0)}));
    const Unit before = unit;
    systems::syw_miniatures::setFigureCount(unit, *figure, static_cast<int>(count));
    if (unit == before)
        return Edit{};
    return replaceUnit(s, std::move(unit), _("Change unit figures"));
}

Edit setFeatureClass(const Scenario& s, const FeatureId& id, const std::string& terrainClass)
{
    const TerrainFeature* feature = s.findFeature(id);
    if (!feature)
        throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}), _("does not exist"));
    if (feature->terrainClass == terrainClass)
        return Edit{};
    const std::optional<rules::ClassGeometry> geometry = rules::classGeometry(s, terrainClass);
    if (!geometry) {
        const std::optional<std::string> meant = rules::closestTerrainClass(s, terrainClass);
        throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}),
            meant ? i18n::format(_("'{1}' is no terrain class (did you mean '{2}'?)"), {terrainClass, *meant})
                  : i18n::format(_("'{1}' is no terrain class (the classes: {2})"), {terrainClass, rules::terrainClassList(s)}));
    }
    const int dimension = core::dimension(feature->geometry.type);
    if (dimension != geometry->dimension && !(dimension == 2 && geometry->takesPolygon()))
        throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}),
            i18n::format(_("a {1} cannot be {2}"), {toString(feature->geometry.type), terrainClass}));
    TerrainFeature changed = *feature;
    changed.terrainClass = terrainClass;
    // Class attributes (hill level, road grade, woods dense) mean nothing for another class; a note stays.
    Attributes kept;
    if (const AttributeValue* note = changed.attributes.find("note"))
        kept["note"] = *note;
    changed.attributes = std::move(kept);
    return replaceFeature(s, std::move(changed), i18n::format(_("Set class to {1}"), {terrainClass}));
}

} // namespace sandtable::core::document::operations
