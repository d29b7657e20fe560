// SPDX-License-Identifier: GPL-3.0-or-later
// SYW house-rules arithmetic: melee and fire points per figure kind, grenades, melee losses.
#include "sandtable/core/systems/syw_miniatures/rules.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <stdexcept>

namespace sandtable::core::systems::syw_miniatures {

double meleePoints(const SywFigures& f, bool againstCavalry)
{
    return 1.0 * f.musketeers + 1.5 * f.grenadiers + (againstCavalry ? 2.0 : 0.0) * f.pikemen + 2.0 * f.officers
        + 1.0 * f.musicians + 2.0 * (f.dragoons + f.lightDragoons + f.heavyDragoons) + 2.0 * f.hussars
        + 3.0 * f.cuirassiers;
}

double firePoints(const SywFigures& f)
{
    return 1.0 * (f.musketeers + f.grenadiers) + 1.0 * f.dragoons + 2.0 * f.lightDragoons + 3.0 * f.heavyDragoons
        + 2.0 * f.hussars + 2.0 * f.cuirassiers;
}

int grenadeKills(const SywFigures& f)
{
    return f.grenadiers >= kGrenadeThrowers ? kGrenadeThrowers * kKillsPerGrenade : 0;
}

int meleeLosses(double pointsA, double pointsB)
{
    return static_cast<int>(std::floor(std::abs(pointsA - pointsB)));
}

namespace {

constexpr std::array<FigureKind, 13> kKinds = {{
    {"musketeers", NP_("musketeer", "musketeers"), &SywFigures::musketeers},
    {"grenadiers", NP_("grenadier", "grenadiers"), &SywFigures::grenadiers},
    {"pikemen", NP_("pikeman", "pikemen"), &SywFigures::pikemen},
    {"officers", NP_("officer", "officers"), &SywFigures::officers},
    {"musicians", NP_("musician", "musicians"), &SywFigures::musicians},
    {"dragoons", NP_("dragoon", "dragoons"), &SywFigures::dragoons},
    {"light_dragoons", NP_("light dragoon", "light dragoons"), &SywFigures::lightDragoons},
    {"heavy_dragoons", NP_("heavy dragoon", "heavy dragoons"), &SywFigures::heavyDragoons},
    {"hussars", NP_("hussar", "hussars"), &SywFigures::hussars},
    {"cuirassiers", NP_("cuirassier", "cuirassiers"), &SywFigures::cuirassiers},
    {"cannon", NP_("cannon", "cannon"), &SywFigures::cannon},
    {"mortars", NP_("mortar", "mortars"), &SywFigures::mortars},
    {"limbers", NP_("limber", "limbers"), &SywFigures::limbers},
}};

/// Lower case without spaces, '-' and '_': "Light_Dragoons" and "light dragoons" are both "lightdragoons".
std::string folded(const std::string& word)
{
    std::string out;
    for (unsigned char c : word)
        if (!std::isspace(c) && c != '-' && c != '_')
            out.push_back(static_cast<char>(std::tolower(c)));
    return out;
}

std::string trimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

} // namespace

std::span<const FigureKind> figureKinds()
{
    return kKinds;
}

const FigureKind* findFigureKind(const std::string& word)
{
    const std::string w = folded(word);
    if (w.empty())
        return nullptr;
    for (const FigureKind& kind : kKinds)
        if (w == folded(kind.key) || w == folded(kind.singular) || w == folded(kind.plural)
            || w == folded(i18n::translatePlural(kind.singular, kind.plural, 1))
            || w == folded(i18n::translatePlural(kind.singular, kind.plural, 2)))
            return &kind;
    // The rules' other names: "musketeer/fusilier", "musician/standard bearer"; guns are cannon.
    const std::pair<const char*, const char*> synonyms[] = {{"fusilier", "musketeers"}, {"fusiliers", "musketeers"},
        {"standardbearer", "musicians"}, {"standardbearers", "musicians"}, {"bearer", "musicians"},
        {"bearers", "musicians"}, {"drummer", "musicians"}, {"drummers", "musicians"}, {"pikes", "pikemen"},
        {"pikeman", "pikemen"}, {"gun", "cannon"}, {"guns", "cannon"}, {"cannons", "cannon"}};
    for (const auto& [synonym, key] : synonyms)
        if (w == synonym)
            for (const FigureKind& kind : kKinds)
                if (std::string(kind.key) == key)
                    return &kind;
    return nullptr;
}

SywFigures parseFigures(const std::string& text)
{
    SywFigures out;
    std::size_t items = 0;
    std::string item;
    const auto takeItem = [&] {
        const std::string t = trimmed(item);
        item.clear();
        if (t.empty())
            return;
        std::size_t digits = 0;
        while (digits < t.size() && std::isdigit(static_cast<unsigned char>(t[digits])))
            ++digits;
        if (digits == 0) {
            if (findFigureKind(t))
                throw std::invalid_argument(i18n::format(_("no count in '{1}'"), {t}));
            throw std::invalid_argument(i18n::format(_("'{1}' is not a count and a figure kind"), {t}));
        }
        if (digits > 6)
            throw std::invalid_argument(i18n::format(_("count too large in '{1}'"), {t}));
        const std::string word = trimmed(t.substr(digits));
        const FigureKind* kind = findFigureKind(word);
        if (!kind)
            throw std::invalid_argument(word.empty() ? i18n::format(_("no figure kind in '{1}'"), {t})
                                                     : i18n::format(_("unknown figure kind '{1}'"), {word}));
        out.*(kind->count) += std::stoi(t.substr(0, digits));
        ++items;
    };
    for (char c : text) {
        if (c == '+' || c == ',' || c == ';')
            takeItem();
        else
            item.push_back(c);
    }
    takeItem();
    if (items == 0)
        throw std::invalid_argument(i18n::format(_("no figures in '{1}'"), {text}));
    return out;
}

std::string formatFigures(const SywFigures& figures)
{
    std::string out;
    for (const FigureKind& kind : kKinds) {
        const int n = figures.*(kind.count);
        if (n == 0)
            continue;
        if (!out.empty())
            out += " + ";
        out += std::to_string(n) + " " + i18n::translatePlural(kind.singular, kind.plural, static_cast<unsigned long>(n));
    }
    return out;
}

void setFigureCount(Unit& unit, const FigureKind& kind, int count)
{
    if (count < 0)
        throw std::invalid_argument(i18n::format(_("a count of {1} cannot be negative"),
            {i18n::translatePlural(kind.singular, kind.plural, 2)}));
    SywFigures figures = unit.figures.value_or(SywFigures{});
    const bool following = unit.strength == 0 || unit.strength == figures.total();
    figures.*(kind.count) = count;
    unit.figures = figures;
    if (following)
        unit.strength = figures.total();
}

double moveFields(UnitType type)
{
    return type == UnitType::Cavalry || type == UnitType::Dragoons ? kCavalryMoveFields
        : type == UnitType::Artillery ? kArtilleryMoveFields
                                      : kInfantryMoveFields;
}

} // namespace sandtable::core::systems::syw_miniatures
