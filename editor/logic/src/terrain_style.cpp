// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain class styles and side colours.
#include "sandtable/editor/logic/terrain_style.hpp"

#include <cctype>

namespace sandtable::editor {

namespace {

int hexDigit(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower >= 'a' && lower <= 'f')
        return lower - 'a' + 10;
    return -1;
}

std::optional<std::uint8_t> hexByte(std::string_view two)
{
    const int hi = hexDigit(two[0]);
    const int lo = hexDigit(two[1]);
    if (hi < 0 || lo < 0)
        return std::nullopt;
    return static_cast<std::uint8_t>(hi * 16 + lo);
}

int intAttribute(const nlohmann::ordered_json& attributes, const char* key, int fallback)
{
    if (attributes.is_object()) {
        const auto it = attributes.find(key);
        if (it != attributes.end() && it->is_number_integer())
            return it->get<int>();
    }
    return fallback;
}

std::string stringAttribute(const nlohmann::ordered_json& attributes, const char* key, const std::string& fallback)
{
    if (attributes.is_object()) {
        const auto it = attributes.find(key);
        if (it != attributes.end() && it->is_string())
            return it->get<std::string>();
    }
    return fallback;
}

bool boolAttribute(const nlohmann::ordered_json& attributes, const char* key)
{
    if (attributes.is_object()) {
        const auto it = attributes.find(key);
        if (it != attributes.end() && it->is_boolean())
            return it->get<bool>();
    }
    return false;
}

} // namespace

std::optional<Rgba> parseHexColour(std::string_view text)
{
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#')
        return std::nullopt;
    Rgba colour;
    const auto r = hexByte(text.substr(1, 2));
    const auto g = hexByte(text.substr(3, 2));
    const auto b = hexByte(text.substr(5, 2));
    if (!r || !g || !b)
        return std::nullopt;
    colour.r = *r;
    colour.g = *g;
    colour.b = *b;
    if (text.size() == 9) {
        const auto a = hexByte(text.substr(7, 2));
        if (!a)
            return std::nullopt;
        colour.a = *a;
    }
    return colour;
}

TerrainStyle terrainStyle(std::string_view cls, const nlohmann::ordered_json& attributes)
{
    TerrainStyle s;
    if (cls == "field") {
        s = {{222, 205, 130, 70}, {176, 158, 88, 255}, 1.0, StrokePattern::Dotted, 4.0, 0};
    } else if (cls == "orchard") {
        s = {{132, 176, 70, 90}, {92, 130, 48, 255}, 1.0, StrokePattern::Dotted, 4.0, 0};
    } else if (cls == "hill") {
        const bool upper = intAttribute(attributes, "level", 1) >= 2;
        s = {{160, 112, 60, upper ? std::uint8_t{80} : std::uint8_t{40}}, {128, 82, 38, 255}, upper ? 2.5 : 2.0,
            StrokePattern::Solid, 4.0, 1};
    } else if (cls == "marsh") {
        s = {{96, 150, 140, 100}, {56, 112, 104, 255}, 1.5, StrokePattern::Dashed, 4.0, 2};
    } else if (cls == "woods") {
        const bool dense = boolAttribute(attributes, "dense");
        s = {{34, 139, 34, dense ? std::uint8_t{150} : std::uint8_t{110}}, {20, 92, 20, 255}, 1.5,
            StrokePattern::Solid, 4.0, 3};
    } else if (cls == "town") {
        s = {{176, 104, 84, 100}, {122, 62, 42, 255}, 1.5, StrokePattern::Dashed, 4.0, 4};
    } else if (cls == "village") {
        s = {{158, 70, 44, 150}, {112, 44, 24, 255}, 1.5, StrokePattern::Solid, 4.0, 4};
    } else if (cls == "river") {
        s = {{60, 120, 210, 140}, {22, 72, 182, 255}, 4.0, StrokePattern::Solid, 4.0, 5};
    } else if (cls == "stream") {
        s = {{0, 0, 0, 0}, {40, 112, 204, 255}, 2.0, StrokePattern::Solid, 4.0, 6};
    } else if (cls == "road") {
        if (stringAttribute(attributes, "grade", "minor") == "major")
            s = {{0, 0, 0, 0}, {96, 58, 26, 255}, 3.5, StrokePattern::Solid, 4.0, 7};
        else
            s = {{0, 0, 0, 0}, {156, 112, 60, 255}, 2.0, StrokePattern::Solid, 4.0, 7};
    } else if (cls == "wall") {
        s = {{0, 0, 0, 0}, {112, 112, 112, 255}, 2.0, StrokePattern::Solid, 4.0, 8};
    } else if (cls == "fence") {
        s = {{0, 0, 0, 0}, {140, 108, 70, 255}, 1.5, StrokePattern::Dashed, 4.0, 8};
    } else if (cls == "hedge") {
        s = {{0, 0, 0, 0}, {48, 120, 48, 255}, 2.5, StrokePattern::Dotted, 4.0, 8};
    } else if (cls == "bridge") {
        s = {{70, 70, 70, 255}, {0, 0, 0, 255}, 1.5, StrokePattern::Solid, 5.0, 9};
    } else if (cls == "ford") {
        s = {{110, 176, 232, 255}, {22, 72, 182, 255}, 1.5, StrokePattern::Solid, 5.0, 9};
    } else {
        s = {{200, 0, 200, 60}, {170, 0, 170, 255}, 1.5, StrokePattern::Dashed, 4.0, 5};
    }
    return s;
}

core::SideId sideOfUnit(const core::Scenario& scenario, const core::Unit& unit)
{
    const core::Formation* formation = scenario.findFormation(unit.formation);
    return formation ? formation->side : core::SideId();
}

Rgba sideColour(const core::Scenario& scenario, const core::SideId& side)
{
    if (const core::Side* found = scenario.findSide(side))
        if (const auto colour = parseHexColour(found->colour))
            return *colour;
    return {128, 128, 128, 255};
}

} // namespace sandtable::editor
