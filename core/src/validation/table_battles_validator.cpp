// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles card checks; the numbers are the rules' component counts (table-battles-rules.txt).
#include "sandtable/core/validation/table_battles_validator.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace sandtable::core::validation {
namespace {

// table-battles-rules.txt: "eighty wooden Units (20 sticks each in four colors), and ten wooden cubes".
constexpr int kCubes = 10;
constexpr int kSticksPerColour = 20;
constexpr int kStickColours = 4;

const std::string kRoot = "/table_battles";

std::string cardPath(std::size_t i, const std::string& rest = {})
{
    return kRoot + "/formation_cards/" + std::to_string(i) + rest;
}

std::string cardName(const FormationCard& c) { return i18n::format(_("card {1} ({2})"), {toString(c.ref), c.name}); }

std::string kindLabel(CardActionKind kind)
{
    std::string s = toString(kind);
    s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

class Checker {
public:
    Checker(const TableBattlesSet& set, Diagnostics& out) : m_set(set), m_out(out) {}

    void run()
    {
        checkRefs();
        checkSetup();
        for (std::size_t i = 0; i < m_set.cards.size(); ++i)
            checkCard(i);
        checkLinks();
        checkComponents();
        checkArmies();
    }

private:
    void error(const char* code, std::string path, std::string message)
    {
        m_out.push_back({code, Severity::Error, std::move(path), std::move(message)});
    }
    void warning(const char* code, std::string path, std::string message)
    {
        m_out.push_back({code, Severity::Warning, std::move(path), std::move(message)});
    }

    /// Army index of a card: by the scenario card's lists, else by its army name; -1 when unknown.
    int armyIndex(const FormationCard& c) const
    {
        const int listed = m_set.armyOf(c.ref);
        if (listed >= 0)
            return listed;
        for (int a = 0; a < 2; ++a)
            if (m_set.scenario.armies[static_cast<std::size_t>(a)].name == c.army)
                return a;
        return -1;
    }

    void checkRefs()
    {
        std::set<CardRef> seen;
        std::set<int> faceA, faceB;
        for (std::size_t i = 0; i < m_set.cards.size(); ++i) {
            const FormationCard& c = m_set.cards[i];
            if (!seen.insert(c.ref).second)
                error("cards.ref.duplicate", cardPath(i, "/card"),
                    i18n::format(_("{1}: card {2} is used more than once (card numbers are unique per face)"), {cardName(c), toString(c.ref)}));
            (c.ref.face == 'A' ? faceA : faceB).insert(c.ref.number);
        }
        for (std::size_t i = 0; i < m_set.cards.size(); ++i) {
            const FormationCard& c = m_set.cards[i];
            if (c.ref.face == 'B' && faceA.count(c.ref.number))
                warning("cards.ref.both_faces", cardPath(i, "/card"),
                    i18n::format(_("{1}: card {2}-A is in this scenario too; one card cannot be on the table with both faces"),
                        {cardName(c), std::to_string(c.ref.number)}));
        }
    }

    void checkSetup()
    {
        std::map<CardRef, int> listings;
        for (std::size_t a = 0; a < 2; ++a) {
            const ArmySetup& army = m_set.scenario.armies[a];
            for (std::size_t k = 0; k < army.cards.size(); ++k) {
                const CardRef& ref = army.cards[k];
                const std::string path = kRoot + "/scenario_card/armies/" + std::to_string(a) + "/cards/" + std::to_string(k);
                if (++listings[ref] == 2)
                    error("cards.setup.listed_twice", path,
                        i18n::format(_("scenario card: card {1} is listed more than once"), {toString(ref)}));
                const FormationCard* c = m_set.find(ref);
                if (!c)
                    error("cards.setup.missing", path,
                        i18n::format(_("scenario card: {1} lists card {2}, which does not exist"), {army.name, toString(ref)}));
            }
        }
        for (std::size_t i = 0; i < m_set.cards.size(); ++i) {
            const FormationCard& c = m_set.cards[i];
            const int listed = m_set.armyOf(c.ref);
            if (listed < 0) {
                error("cards.setup.unlisted", cardPath(i, "/card"),
                    i18n::format(_("{1}: no army on the scenario card lists it"), {cardName(c)}));
                continue;
            }
            const std::string& armyName = m_set.scenario.armies[static_cast<std::size_t>(listed)].name;
            if (c.army != armyName)
                error("cards.army.mismatch", cardPath(i, "/army"),
                    i18n::format(_("{1}: its army is '{2}' but the scenario card lists it for '{3}'"), {cardName(c), c.army, armyName}));
        }
    }

    void checkCard(std::size_t i)
    {
        const FormationCard& c = m_set.cards[i];
        const int own = armyIndex(c);
        for (std::size_t a = 0; a < c.actions.size(); ++a) {
            const CardAction& action = c.actions[a];
            const std::string path = cardPath(i, "/actions/" + std::to_string(a));
            const std::string what = cardName(c) + ": " + kindLabel(action.kind); // the action's name as the cards print it
            const bool needsTargets = action.kind == CardActionKind::Attack || action.kind == CardActionKind::Screen
                || action.kind == CardActionKind::Absorb || action.kind == CardActionKind::Reserve;
            const bool noTargets = action.kind == CardActionKind::Bombard || action.kind == CardActionKind::Retire;
            if (needsTargets && action.targets.empty())
                error("cards.target.none", path + "/targets", i18n::format(_("{1} names no target"), {what}));
            if (noTargets && !action.targets.empty())
                warning("cards.target.unexpected", path + "/targets", i18n::format(_("{1} takes no target; the targets are ignored"), {what}));
            const bool usesHits = action.kind == CardActionKind::Attack || action.kind == CardActionKind::Counterattack;
            if (usesHits && action.hits < 1)
                error("cards.hits.missing", path + "/hits", i18n::format(_("{1} needs hits of 1 or more"), {what}));
            if (!usesHits && action.hits != 0)
                warning("cards.hits.unexpected", path + "/hits", i18n::format(_("{1} inflicts no hits; the hits are ignored"), {what}));
            if (action.voluntary && !isReaction(action.kind))
                error("cards.voluntary.action", path + "/voluntary",
                    i18n::format(_("{1} is an action; only reactions (Screen, Counterattack, Absorb) can be voluntary"), {what}));
            if (noTargets)
                continue;
            const bool friendly = action.kind == CardActionKind::Absorb || action.kind == CardActionKind::Reserve;
            for (std::size_t t = 0; t < action.targets.size(); ++t) {
                const CardRef& ref = action.targets[t];
                const std::string tpath = path + "/targets/" + std::to_string(t);
                const FormationCard* target = m_set.find(ref);
                if (!target) {
                    error("cards.target.missing", tpath,
                        i18n::format(_("{1} target {2} is not a card of this scenario"), {what, toString(ref)}));
                    continue;
                }
                const int theirs = armyIndex(*target);
                if (own >= 0 && theirs >= 0 && (own == theirs) != friendly)
                    error("cards.target.side", tpath,
                        i18n::format(own == theirs ? (friendly ? _("{1} target {2} is friendly; {3} targets friendly formations")
                                                               : _("{1} target {2} is friendly; {3} targets enemy formations"))
                                                   : (friendly ? _("{1} target {2} is an enemy; {3} targets friendly formations")
                                                               : _("{1} target {2} is an enemy; {3} targets enemy formations")),
                            {what, cardName(*target), kindLabel(action.kind)}));
                if (target->special && action.kind != CardActionKind::Reserve)
                    error("cards.target.special", tpath,
                        i18n::format(_("{1} target {2} is a special formation, which cannot be a target"), {what, cardName(*target)}));
                if (action.kind == CardActionKind::Reserve && !(target->reserve && *target->reserve == c.ref))
                    error("cards.reserve.not_in_reserve", tpath,
                        i18n::format(_("{1} target {2} does not start in reserve waiting for this card"), {what, cardName(*target)}));
            }
        }
        if (c.reserve) {
            const FormationCard* bringer = m_set.find(*c.reserve);
            if (!bringer) {
                error("cards.reserve.missing", cardPath(i, "/reserve"),
                    i18n::format(_("{1}: in reserve for card {2}, which does not exist"), {cardName(c), toString(*c.reserve)}));
            } else {
                const int theirs = armyIndex(*bringer);
                if (own >= 0 && theirs >= 0 && own != theirs)
                    error("cards.reserve.side", cardPath(i, "/reserve"),
                        i18n::format(_("{1}: in reserve for {2}, an enemy formation"), {cardName(c), cardName(*bringer)}));
                const bool named = std::any_of(bringer->actions.begin(), bringer->actions.end(), [&](const CardAction& a) {
                    return a.kind == CardActionKind::Reserve
                        && std::find(a.targets.begin(), a.targets.end(), c.ref) != a.targets.end();
                });
                if (!named)
                    error("cards.reserve.no_action", cardPath(i, "/reserve"),
                        i18n::format(_("{1}: in reserve for {2}, which has no Reserve action naming it"), {cardName(c), cardName(*bringer)}));
            }
        }
        if (c.pursuit && !canAttack(c))
            warning("cards.pursuit.no_attack", cardPath(i, "/pursuit"),
                i18n::format(_("{1}: pursuit only happens when a target of its attacks routs, and it has no attack"), {cardName(c)}));
        if (!c.special && c.stickColour.empty())
            error("cards.sticks.colour_missing", cardPath(i, "/stick_colour"),
                i18n::format(_("{1}: a normal formation needs a stick colour for its {2} sticks"), {cardName(c), std::to_string(c.strength)}));
    }

    static bool canAttack(const FormationCard& c)
    {
        return std::any_of(c.actions.begin(), c.actions.end(),
            [](const CardAction& a) { return a.kind == CardActionKind::Attack && !a.targets.empty(); });
    }

    void checkLinks()
    {
        for (std::size_t i = 0; i < m_set.cards.size(); ++i) {
            const FormationCard& c = m_set.cards[i];
            if (!c.link)
                continue;
            bool paired = false;
            for (int delta : {-1, 1}) {
                const FormationCard* n = m_set.find(CardRef{c.ref.number + delta, c.ref.face});
                paired = paired || (n && n->link && armyIndex(*n) == armyIndex(c));
            }
            if (!paired)
                error("cards.link.unpaired", cardPath(i, "/link"),
                    i18n::format(_("{1}: its link symbol has no partner; links join friendly cards numbered {2} or {3}-{4} that carry the symbol too"),
                        {cardName(c), std::to_string(c.ref.number - 1), std::to_string(c.ref.number + 1), std::string(1, c.ref.face)}));
        }
    }

    void checkComponents()
    {
        const auto& armies = m_set.scenario.armies;
        int specials = 0;
        std::map<std::string, int> sticks;
        std::vector<std::string> order;
        for (const FormationCard& c : m_set.cards) {
            if (c.special) {
                ++specials;
            } else if (!c.stickColour.empty()) {
                if (!sticks.count(c.stickColour))
                    order.push_back(c.stickColour);
                sticks[c.stickColour] += c.strength;
            }
        }
        const int cubes = armies[0].morale + armies[1].morale + specials;
        if (cubes > kCubes)
            error("cards.cubes.too_many", kRoot + "/scenario_card/armies",
                i18n::format(_("scenario card: {1} cubes at the start (morale {2} + {3} + {4} special formation(s)); the game has {5}"),
                    {std::to_string(cubes), std::to_string(armies[0].morale), std::to_string(armies[1].morale), std::to_string(specials),
                        std::to_string(kCubes)}));
        for (const std::string& colour : order)
            if (sticks[colour] > kSticksPerColour)
                error("cards.sticks.colour_over", kRoot + "/formation_cards",
                    i18n::format(_("formation cards: {1} {2} sticks; the game has {3} of each colour"),
                        {std::to_string(sticks[colour]), colour, std::to_string(kSticksPerColour)}));
        if (order.size() > static_cast<std::size_t>(kStickColours)) {
            std::string list;
            for (const std::string& colour : order)
                list += (list.empty() ? "" : ", ") + colour;
            error("cards.sticks.colours", kRoot + "/formation_cards",
                i18n::format(_("formation cards: {1} stick colours ({2}); the game has {3}"),
                    {std::to_string(order.size()), list, std::to_string(kStickColours)}));
        }
    }

    void checkArmies()
    {
        const auto& armies = m_set.scenario.armies;
        std::array<int, 2> totalSticks{};
        std::array<bool, 2> attacks{};
        for (const FormationCard& c : m_set.cards) {
            const int a = armyIndex(c);
            if (a < 0)
                continue;
            if (!c.special)
                totalSticks[static_cast<std::size_t>(a)] += c.strength;
            attacks[static_cast<std::size_t>(a)] = attacks[static_cast<std::size_t>(a)] || canAttack(c);
        }
        for (std::size_t a = 0; a < 2; ++a) {
            const std::string path = kRoot + "/scenario_card/armies/" + std::to_string(a);
            if (!attacks[a])
                error("cards.side.cannot_attack", path,
                    i18n::format(_("{1}: no formation can attack, so this army loses at the start of its first turn"), {armies[a].name}));
            const ArmySetup& enemy = armies[1 - a];
            if (armies[a].tacticalVictory && armies[a].tacticalVictory->sticks > totalSticks[1 - a])
                warning("cards.tactical_victory.unreachable", path + "/tactical_victory",
                    i18n::format(_("{1}: tactical victory needs {2} sticks but {3} has only {4}"),
                        {armies[a].name, std::to_string(armies[a].tacticalVictory->sticks), enemy.name, std::to_string(totalSticks[1 - a])}));
        }
        for (std::size_t i = 0; i < m_set.cards.size(); ++i) {
            const FormationCard& c = m_set.cards[i];
            const int a = armyIndex(c);
            if (a < 0 || !c.has(CardActionKind::Bombard))
                continue;
            const ArmySetup& enemy = armies[static_cast<std::size_t>(1 - a)];
            if (enemy.morale < 2)
                error("cards.bombard.no_morale", cardPath(i, "/actions"),
                    i18n::format(_("{1}: Bombard can never remove the last morale cube, and {2} starts with {3}"),
                        {cardName(c), enemy.name, std::to_string(enemy.morale)}));
        }
    }

    const TableBattlesSet& m_set;
    Diagnostics& m_out;
};

} // namespace

Diagnostics validateTableBattles(const Scenario& scenario)
{
    Diagnostics out;
    if (scenario.tableBattles)
        Checker(*scenario.tableBattles, out).run();
    return out;
}

} // namespace sandtable::core::validation
