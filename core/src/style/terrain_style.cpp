// SPDX-License-Identifier: GPL-3.0-or-later
// The terrain style table (after ISOM 2017's colours) and the lookup from a feature's class and attributes.
#include "sandtable/core/style/terrain_style.hpp"

#include "sandtable/core/i18n/i18n.hpp" // N_: the legends are translated where they are printed

#include <algorithm>
#include <cctype>

namespace sandtable::core::style {
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

constexpr Rgba kNone{0, 0, 0, 0};

// Built once, sorted by order. Alpha: areas are translucent so a scan underlay still shows through
// (ISOM's colours are printed as screens of spot inks; here a screen is an alpha over white paper).
std::vector<TerrainStyle> buildTable()
{
    const Rgba water{20, 100, 200, 255};
    std::vector<TerrainStyle> t = {
        // key, class, fill, outline, width, dash, hatch, hatch colour, spacing, hatch width, symbol, size, order, legend
        {"field", "field", {245, 215, 110, 110}, {185, 155, 60, 255}, 0.15, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 10, N_("Field")},
        {"orchard", "orchard", {190, 225, 120, 140}, {100, 150, 60, 255}, 0.2, {0.6, 0.6}, Hatch::None, kNone, 1.0,
            0.2, PointSymbol::Disc, 3.0, 12, N_("Orchard")},
        {"hill", "hill", {205, 160, 100, 70}, {150, 90, 35, 255}, 0.4, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 14, N_("Hill"), {150, 90, 35, 120}, 1.2, {255, 255, 255, 190}, 1.0},
        {"hill-upper", "hill", {205, 160, 100, 120}, {115, 65, 20, 255}, 0.5, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 15, N_("Hill, upper level"), {115, 65, 20, 150}, 1.2, {255, 255, 255, 190}, 1.1},
        {"woods", "woods", {110, 185, 90, 170}, {40, 115, 40, 255}, 0.25, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 20, N_("Woods (cover)")},
        {"woods-dense", "woods", {60, 150, 55, 200}, {25, 90, 25, 255}, 0.25, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 21, N_("Woods, dense (cover)")},
        {"marsh", "marsh", {150, 200, 235, 60}, water, 0.2, {1.2, 0.8}, Hatch::Horizontal, water, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 22, N_("Marsh (no artillery, cavalry, baggage)")},
        {"town", "town", {165, 95, 75, 120}, {95, 50, 35, 255}, 0.3, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 24, N_("Town")},
        {"village", "village", {125, 60, 45, 190}, {70, 30, 20, 255}, 0.3, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 26, N_("Village / buildings")},
        {"custom", "", {150, 150, 150, 110}, {90, 90, 90, 255}, 0.25, {1.2, 0.8}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 28, N_("Scenario terrain")},
        {"river", "river", {90, 155, 225, 170}, water, 1.0, {}, Hatch::None, kNone, 1.0, 0.2, PointSymbol::Disc, 3.0,
            30, N_("River (cross at bridge or ford)")},
        {"stream", "stream", kNone, {30, 115, 215, 255}, 0.5, {}, Hatch::None, kNone, 1.0, 0.2, PointSymbol::Disc,
            3.0, 32, N_("Stream")},
        {"wall", "wall", kNone, {70, 70, 70, 255}, 0.35, {}, Hatch::None, kNone, 1.0, 0.2, PointSymbol::Disc, 3.0, 36,
            N_("Stone wall")},
        {"fence", "fence", kNone, {125, 95, 60, 255}, 0.25, {1.2, 0.8}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 37, N_("Fence")},
        {"hedge", "hedge", kNone, {35, 105, 35, 255}, 0.45, {0.5, 0.4}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Disc, 3.0, 38, N_("Hedge")},
        // Minor under major, so a junction shows the major road through.
        {"road-minor", "road", kNone, {130, 95, 60, 255}, 0.5, {}, Hatch::None, kNone, 1.0, 0.2, PointSymbol::Disc,
            3.0, 40, N_("Road (minor)")},
        {"road-major", "road", kNone, {55, 40, 30, 255}, 0.9, {}, Hatch::None, kNone, 1.0, 0.2, PointSymbol::Disc,
            3.0, 41, N_("Road (major)")},
        {"bridge", "bridge", {255, 255, 255, 255}, {20, 20, 20, 255}, 0.35, {}, Hatch::None, kNone, 1.0, 0.2,
            PointSymbol::Bar, 3.2, 50, N_("Bridge")},
        {"ford", "ford", {200, 230, 255, 255}, water, 0.35, {}, Hatch::None, kNone, 1.0, 0.2, PointSymbol::Disc, 3.0,
            51, N_("Ford")},
    };
    std::stable_sort(t.begin(), t.end(), [](const TerrainStyle& a, const TerrainStyle& b) { return a.order < b.order; });
    return t;
}

std::int64_t intAttribute(const Attributes& attributes, const char* key, std::int64_t fallback)
{
    const AttributeValue* value = attributes.find(key);
    return value && value->isInteger() ? value->asInteger() : fallback;
}

bool isString(const Attributes& attributes, const char* key, std::string_view text)
{
    const AttributeValue* value = attributes.find(key);
    return value && value->isString(text);
}

bool boolAttribute(const Attributes& attributes, const char* key)
{
    const AttributeValue* value = attributes.find(key);
    return value && value->isBool() && value->asBool();
}

} // namespace

std::optional<Rgba> parseHexColour(std::string_view text)
{
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#')
        return std::nullopt;
    const auto r = hexByte(text.substr(1, 2));
    const auto g = hexByte(text.substr(3, 2));
    const auto b = hexByte(text.substr(5, 2));
    if (!r || !g || !b)
        return std::nullopt;
    Rgba colour{*r, *g, *b, 255};
    if (text.size() == 9) {
        const auto a = hexByte(text.substr(7, 2));
        if (!a)
            return std::nullopt;
        colour.a = *a;
    }
    return colour;
}

const std::vector<TerrainStyle>& terrainStyles()
{
    static const std::vector<TerrainStyle> table = buildTable();
    return table;
}

const TerrainStyle* findTerrainStyle(std::string_view key)
{
    for (const TerrainStyle& s : terrainStyles())
        if (s.key == key)
            return &s;
    return nullptr;
}

const TerrainStyle& terrainStyle(std::string_view terrainClass, const Attributes& attributes)
{
    std::string_view key = terrainClass;
    if (terrainClass == "hill")
        key = intAttribute(attributes, "level", 1) >= 2 ? "hill-upper" : "hill";
    else if (terrainClass == "road")
        key = isString(attributes, "grade", "major") ? "road-major" : "road-minor";
    else if (terrainClass == "woods")
        key = boolAttribute(attributes, "dense") ? "woods-dense" : "woods";
    const TerrainStyle* found = findTerrainStyle(key);
    // "custom" and the variant keys are not class names: a scenario class spelled like them is still custom.
    if (!found || found->terrainClass != terrainClass)
        found = findTerrainStyle("custom");
    return *found;
}

std::string legendLabel(const TerrainStyle& style, std::string_view terrainClass)
{
    if (style.terrainClass.empty())
        return std::string(terrainClass) + " (scenario terrain)";
    return std::string(style.legend);
}

} // namespace sandtable::core::style
