// SPDX-License-Identifier: GPL-3.0-or-later
// Paper styles of the canonical terrain classes, close to period survey maps and the Pub Battles map.
#include "sandtable/print/terrain_style.hpp"

#include <algorithm>

namespace sandtable::print {
namespace {
Colour rgb(int r, int g, int b, double a = 1.0) { return {r / 255.0, g / 255.0, b / 255.0, a}; }
} // namespace

TerrainStyle terrainStyle(const std::string& c, int level, const std::string& grade)
{
    if (c == "hill") {
        const double a = std::min(0.35 + 0.15 * (level - 1), 0.8);
        return {rgb(201, 170, 113, a), rgb(138, 101, 48), 0.3, 3.0, false, 10, "Hill (by level)"};
    }
    if (c == "field")
        return {rgb(236, 226, 170, 0.5), rgb(180, 170, 110), 0.15, 3.0, false, 12, "Field"};
    if (c == "orchard")
        return {rgb(170, 205, 120, 0.6), rgb(100, 140, 60), 0.2, 3.0, true, 14, "Orchard"};
    if (c == "woods")
        return {rgb(120, 170, 90, 0.75), rgb(62, 110, 45), 0.25, 3.0, false, 20, "Woods (cover)"};
    if (c == "marsh")
        return {rgb(130, 190, 180, 0.6), rgb(50, 120, 120), 0.2, 3.0, true, 22, "Marsh (no artillery, cavalry, baggage)"};
    if (c == "town")
        return {rgb(200, 120, 100, 0.45), rgb(140, 60, 40), 0.3, 3.0, false, 24, "Town"};
    if (c == "village")
        return {rgb(176, 90, 60, 0.8), rgb(110, 40, 20), 0.3, 3.0, false, 26, "Village / buildings"};
    if (c == "river")
        return {rgb(60, 130, 200, 0.6), rgb(30, 100, 180), 1.0, 3.0, false, 30, "River (cross at bridge or ford)"};
    if (c == "stream")
        return {rgb(60, 130, 200, 0.6), rgb(40, 120, 200), 0.5, 3.0, false, 32, "Stream"};
    if (c == "wall")
        return {Colour{}, rgb(90, 90, 90), 0.35, 3.0, false, 36, "Stone wall"};
    if (c == "fence")
        return {Colour{}, rgb(130, 100, 70), 0.25, 3.0, true, 36, "Fence"};
    if (c == "hedge")
        return {Colour{}, rgb(60, 120, 60), 0.45, 3.0, false, 36, "Hedge"};
    if (c == "road")
        return grade == "major" ? TerrainStyle{Colour{}, rgb(60, 50, 45), 0.9, 3.0, false, 40, "Road (major)"}
                                : TerrainStyle{Colour{}, rgb(110, 95, 80), 0.5, 3.0, false, 41, "Road (minor)"};
    if (c == "bridge")
        return {rgb(255, 255, 255), rgb(20, 20, 20), 0.35, 3.2, false, 50, "Bridge"};
    if (c == "ford")
        return {rgb(200, 230, 255), rgb(30, 100, 180), 0.35, 3.0, false, 50, "Ford"};
    return {rgb(160, 160, 160, 0.5), rgb(90, 90, 90), 0.25, 3.0, true, 45, c + " (scenario terrain)"};
}

Colour parseHexColour(const std::string& text, Colour fallback)
{
    if (text.size() != 7 || text[0] != '#')
        return fallback;
    try {
        const int value = std::stoi(text.substr(1), nullptr, 16);
        return rgb((value >> 16) & 255, (value >> 8) & 255, value & 255);
    } catch (const std::exception&) {
        return fallback;
    }
}

} // namespace sandtable::print
