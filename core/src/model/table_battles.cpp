// SPDX-License-Identifier: GPL-3.0-or-later
// Card references, the dice-pattern grammar and the names of the Table Battles enumerations.
#include "sandtable/core/model/table_battles.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace sandtable::core {
namespace {

constexpr std::array<const char*, 7> kActionNames = {
    "attack", "bombard", "reserve", "retire", "screen", "counterattack", "absorb"};
constexpr std::array<const char*, 3> kKindNames = {"", "infantry", "cavalry"};

bool isDigit(char c) { return c >= '0' && c <= '9'; }

} // namespace

std::string toString(const CardRef& ref) { return std::to_string(ref.number) + "-" + std::string(1, ref.face); }

CardRef parseCardRef(const std::string& text)
{
    const auto dash = text.find('-');
    if (dash == std::string::npos || dash == 0 || dash + 2 != text.size())
        throw std::invalid_argument(i18n::format(_("card reference '{1}' is not of the form NUMBER-A or NUMBER-B (e.g. 233-A)"), {text}));
    CardRef ref;
    const char* first = text.data();
    const char* last = text.data() + dash;
    if (!std::all_of(first, last, isDigit))
        throw std::invalid_argument(i18n::format(_("card reference '{1}': the number must be digits"), {text}));
    const auto [end, ec] = std::from_chars(first, last, ref.number);
    if (ec != std::errc() || end != last || ref.number < 1)
        throw std::invalid_argument(i18n::format(_("card reference '{1}': the number must be 1 or more"), {text}));
    const char face = text.back();
    if (face == 'A' || face == 'a')
        ref.face = 'A';
    else if (face == 'B' || face == 'b')
        ref.face = 'B';
    else
        throw std::invalid_argument(i18n::format(_("card reference '{1}': the face must be A or B"), {text}));
    return ref;
}

DicePatternError::DicePatternError(const std::string& text, std::size_t position, const std::string& reason)
    : std::invalid_argument(i18n::format(
          _("dice pattern '{1}', character {2}: {3} (use faces like 6, 5-6 or 1,3,5, or doubles, triples, straight2..straight6)"),
          {text, std::to_string(position + 1), reason}))
    , m_text(text)
    , m_position(position)
{
}

DicePattern parseDicePattern(const std::string& text)
{
    DicePattern p;
    if (text.empty())
        throw DicePatternError(text, 0, _("empty"));
    if (text == "doubles") {
        p.kind = DicePattern::Kind::Doubles;
        return p;
    }
    if (text == "triples") {
        p.kind = DicePattern::Kind::Triples;
        return p;
    }
    const std::string straight = "straight";
    if (text.rfind(straight, 0) == 0) {
        p.kind = DicePattern::Kind::Straight;
        const std::string rest = text.substr(straight.size());
        if (rest.size() != 1 || !isDigit(rest[0]))
            throw DicePatternError(text, straight.size(), _("a straight needs its length, a digit 2-6 (e.g. straight3)"));
        p.straightLength = rest[0] - '0';
        if (p.straightLength < 2 || p.straightLength > 6)
            throw DicePatternError(text, straight.size(), _("a straight is 2 to 6 dice long"));
        return p;
    }
    p.kind = DicePattern::Kind::Faces;
    std::size_t i = 0;
    // rangeEnd: the face after a '-' (the messages name "the end of the range", else "a die face").
    auto readFace = [&](bool rangeEnd) {
        if (i >= text.size())
            throw DicePatternError(text, i, rangeEnd ? _("expected the end of the range at the end") : _("expected a die face at the end"));
        const char c = text[i];
        if (!isDigit(c)) {
            if (std::isalpha(static_cast<unsigned char>(c)))
                throw DicePatternError(text, i, _("unknown word (only doubles, triples and straightN are words)"));
            throw DicePatternError(text, i,
                i18n::format(rangeEnd ? _("expected the end of the range, found '{1}'") : _("expected a die face, found '{1}'"),
                    {std::string(1, c)}));
        }
        if (i + 1 < text.size() && isDigit(text[i + 1]))
            throw DicePatternError(text, i, _("a die face is one digit, 1-6"));
        const int face = c - '0';
        if (face < 1 || face > 6)
            throw DicePatternError(text, i, i18n::format(_("face {1} is not on a six-sided die (1-6)"), {std::string(1, c)}));
        ++i;
        return face;
    };
    while (true) {
        const std::size_t itemStart = i;
        if (i < text.size() && text[i] == ',')
            throw DicePatternError(text, i, _("empty item between commas"));
        const int from = readFace(false);
        int to = from;
        if (i < text.size() && text[i] == '-') {
            ++i;
            const std::size_t toAt = i;
            to = readFace(true);
            if (to < from)
                throw DicePatternError(text, toAt, i18n::format(_("range {1}-{2} runs backwards"), {std::to_string(from), std::to_string(to)}));
        }
        for (int f = from; f <= to; ++f) {
            if (p.faces[static_cast<std::size_t>(f - 1)])
                throw DicePatternError(text, itemStart, i18n::format(_("face {1} is listed twice"), {std::to_string(f)}));
            p.faces[static_cast<std::size_t>(f - 1)] = true;
        }
        if (i == text.size())
            return p;
        if (text[i] != ',')
            throw DicePatternError(text, i, i18n::format(_("expected ',' or the end, found '{1}'"), {std::string(1, text[i])}));
        ++i;
        if (i == text.size())
            throw DicePatternError(text, i - 1, _("trailing comma"));
    }
}

std::string toString(const DicePattern& pattern)
{
    switch (pattern.kind) {
    case DicePattern::Kind::Doubles: return "doubles";
    case DicePattern::Kind::Triples: return "triples";
    case DicePattern::Kind::Straight: return "straight" + std::to_string(pattern.straightLength);
    case DicePattern::Kind::Faces: break;
    }
    std::string out;
    for (int f = 1; f <= 6; ++f) {
        if (!pattern.faces[static_cast<std::size_t>(f - 1)])
            continue;
        int g = f;
        while (g < 6 && pattern.faces[static_cast<std::size_t>(g)])
            ++g;
        if (!out.empty())
            out += ",";
        out += std::to_string(f);
        if (g > f)
        {
            out += '-';
            out += std::to_string(g);
        }
        f = g;
    }
    return out;
}

const char* toString(CardActionKind kind) { return kActionNames.at(static_cast<std::size_t>(kind)); }

CardActionKind cardActionKindFromString(const std::string& name)
{
    for (std::size_t i = 0; i < kActionNames.size(); ++i)
        if (name == kActionNames[i])
            return static_cast<CardActionKind>(i);
    throw std::invalid_argument(
        i18n::format(_("unknown action '{1}' (use attack, bombard, reserve, retire, screen, counterattack or absorb)"), {name}));
}

bool isReaction(CardActionKind kind)
{
    return kind == CardActionKind::Screen || kind == CardActionKind::Counterattack || kind == CardActionKind::Absorb;
}

const char* toString(FormationKind kind) { return kKindNames.at(static_cast<std::size_t>(kind)); }

FormationKind formationKindFromString(const std::string& name)
{
    for (std::size_t i = 0; i < kKindNames.size(); ++i)
        if (name == kKindNames[i])
            return static_cast<FormationKind>(i);
    throw std::invalid_argument(i18n::format(_("unknown formation type '{1}' (use infantry, cavalry or leave it empty)"), {name}));
}

bool FormationCard::has(CardActionKind actionKind) const
{
    return std::any_of(actions.begin(), actions.end(), [&](const CardAction& a) { return a.kind == actionKind; });
}

const FormationCard* TableBattlesSet::find(const CardRef& ref) const
{
    auto it = std::find_if(cards.begin(), cards.end(), [&](const FormationCard& c) { return c.ref == ref; });
    return it == cards.end() ? nullptr : &*it;
}

int TableBattlesSet::armyOf(const CardRef& ref) const
{
    for (int a = 0; a < 2; ++a) {
        const auto& list = scenario.armies[static_cast<std::size_t>(a)].cards;
        if (std::find(list.begin(), list.end(), ref) != list.end())
            return a;
    }
    return -1;
}

} // namespace sandtable::core
