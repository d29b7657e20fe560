// SPDX-License-Identifier: GPL-3.0-or-later
// Canonical terrain classes (docs/model.md; Pub Battles terrain effects chart; Campaign Lite terrain).
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/util/edit_distance.hpp"
#include "sandtable/core/util/text_encoding.hpp"

#include <algorithm>
#include <cctype>
#include <vector>
#include <utility>

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

namespace {

std::vector<std::string> knownClasses(const Scenario& scenario)
{
    std::vector<std::string> ids;
    for (const auto& c : canonicalTerrainClasses())
        ids.emplace_back(c.id);
    for (const CustomTerrainClass& c : scenario.customTerrainClasses)
        ids.push_back(c.id);
    return ids;
}

} // namespace

std::optional<std::string> closestTerrainClass(const Scenario& scenario, std::string_view id)
{
    const std::vector<std::string> ids = knownClasses(scenario);
    const std::string wanted = util::asciiLower(id);
    for (const std::string& known : ids)
        if (util::asciiLower(known) == wanted)
            return known;
    static const std::vector<std::pair<std::string_view, std::string_view>> synonyms = {
        {"forest", "woods"}, {"trees", "woods"}, {"wood", "woods"}, {"woodland", "woods"}, {"hamlet", "village"},
        {"creek", "stream"}, {"brook", "stream"}, {"swamp", "marsh"}, {"bog", "marsh"}, {"track", "road"},
        {"lane", "road"}, {"city", "town"}};
    for (const auto& [word, cls] : synonyms)
        if (wanted == word)
            return std::string(cls);
    std::optional<std::string> best;
    std::size_t bestDistance = 3;
    bool tie = false;
    for (const std::string& known : ids) {
        const std::size_t d = util::editDistance(wanted, util::asciiLower(known));
        if (d < bestDistance) {
            best = known;
            bestDistance = d;
            tie = false;
        } else if (d == bestDistance) {
            tie = true;
        }
    }
    if (tie)
        return std::nullopt;
    return best;
}

std::string terrainClassList(const Scenario& scenario)
{
    std::string list;
    for (const std::string& id : knownClasses(scenario))
        list += (list.empty() ? "" : ", ") + id;
    return list;
}

} // namespace sandtable::core::rules
