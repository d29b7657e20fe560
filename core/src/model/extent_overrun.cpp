// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain past the map extent, from the features' vertices.
#include "sandtable/core/model/extent_overrun.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable::core {

double ExtentOverrun::most() const { return std::max({west, south, east, north}); }

std::vector<ExtentOverrun> terrainPastExtent(const Scenario& scenario, double tolerance)
{
    std::vector<ExtentOverrun> out;
    if (!scenario.settings.extent)
        return out;
    const Extent& e = *scenario.settings.extent;
    for (std::size_t i = 0; i < scenario.terrain.size(); ++i) {
        const TerrainFeature& f = scenario.terrain[i];
        double minX = std::numeric_limits<double>::infinity(), minY = minX, maxX = -minX, maxY = -minX;
        bool inside = false, any = false;
        for (const auto& part : f.geometry.parts)
            for (const auto& ring : part)
                for (const Coordinate c : ring) {
                    if (!std::isfinite(c.x) || !std::isfinite(c.y))
                        continue;
                    any = true;
                    minX = std::min(minX, c.x);
                    minY = std::min(minY, c.y);
                    maxX = std::max(maxX, c.x);
                    maxY = std::max(maxY, c.y);
                    inside = inside || e.contains(c);
                }
        if (!any)
            continue;
        ExtentOverrun o{i, f.id, f.name, std::max(0.0, e.minX - minX), std::max(0.0, e.minY - minY),
            std::max(0.0, maxX - e.maxX), std::max(0.0, maxY - e.maxY), !inside};
        for (double* edge : {&o.west, &o.south, &o.east, &o.north})
            if (*edge <= tolerance)
                *edge = 0.0;
        if (o.most() > 0.0)
            out.push_back(std::move(o));
    }
    return out;
}

std::string describeOverrun(const ExtentOverrun& o)
{
    const std::pair<double, const char*> edges[] = {
        {o.west, N_("{1} m west")}, {o.south, N_("{1} m south")}, {o.east, N_("{1} m east")}, {o.north, N_("{1} m north")}};
    std::vector<std::string> parts;
    for (const auto& [metres, pattern] : edges)
        if (metres > 0.0)
            parts.push_back(i18n::format(_(pattern), {std::to_string(std::max(1LL, std::llround(metres)))}));
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0)
            text += i + 1 == parts.size() ? _(" and ") : ", ";
        text += parts[i];
    }
    return text;
}

} // namespace sandtable::core
