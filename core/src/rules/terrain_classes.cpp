// SPDX-License-Identifier: GPL-3.0-or-later
// Canonical terrain classes (domain.md; Pub Battles terrain effects chart; Campaign Lite terrain).
#include "sandtable/core/rules/terrain_classes.hpp"

namespace sandtable::core::rules {

const std::vector<TerrainClassInfo>& canonicalTerrainClasses()
{
    static const std::vector<TerrainClassInfo> classes = {
        {"woods", 2, false, "reduced", "cover for the defender", "Pub Battles terrain effects chart"},
        {"village", 2, false, "pieces inside become disorganized and cannot rally",
            "cover; defender cannot be flanked", "Pub Battles terrain effects chart (buildings)"},
        {"hill", 2, false, "reduced to climb", "cover if attacker comes from lower level; blocks line of sight",
            "Pub Battles terrain effects chart"},
        {"stream", 1, false, "reduced to cross", "none", "Pub Battles terrain effects chart"},
        {"river", 1, true, "reduced; crossed only at a ford or bridge", "attacking across = flanked, first round only",
            "Pub Battles terrain effects chart"},
        {"marsh", 2, false, "reduced; forbidden to artillery, cavalry, baggage trains", "none",
            "Pub Battles terrain effects chart"},
        {"road", 1, false, "route column x2 along it", "-", "Pub Battles terrain effects chart"},
        {"bridge", 0, false, "crossing place", "-", "Pub Battles terrain effects chart"},
        {"ford", 0, false, "crossing place", "-", "Pub Battles terrain effects chart"},
        {"town", 2, false, "per the tabletop rules used", "per the tabletop rules used", "Campaign Lite: primary terrain"},
        {"field", 2, false, "per the tabletop rules used", "per the tabletop rules used", "Campaign Lite: secondary terrain tables"},
        {"orchard", 2, false, "per the tabletop rules used", "per the tabletop rules used", "Campaign Lite: secondary terrain tables"},
        {"wall", 1, false, "per the tabletop rules used", "per the tabletop rules used", "Campaign Lite: secondary terrain tables"},
        {"fence", 1, false, "per the tabletop rules used", "per the tabletop rules used", "Campaign Lite: secondary terrain tables"},
        {"hedge", 1, false, "per the tabletop rules used", "per the tabletop rules used", "Campaign Lite: secondary terrain tables"},
    };
    return classes;
}

const TerrainClassInfo* findTerrainClass(std::string_view id)
{
    for (const auto& c : canonicalTerrainClasses())
        if (c.id == id)
            return &c;
    return nullptr;
}

std::optional<ClassGeometry> classGeometry(const Scenario& scenario, std::string_view id)
{
    if (const TerrainClassInfo* info = findTerrainClass(id))
        return ClassGeometry{info->dimension, info->alsoPolygon};
    for (const CustomTerrainClass& c : scenario.customTerrainClasses)
        if (c.id == id)
            return ClassGeometry{c.geometry == "point" ? 0 : c.geometry == "line" ? 1 : 2, false};
    return std::nullopt;
}

} // namespace sandtable::core::rules
