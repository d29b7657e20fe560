// SPDX-License-Identifier: GPL-3.0-or-later
// JSON mapping of the Table Battles scenario card and formation cards.
#include "table_battles_json.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <stdexcept>

namespace sandtable::core::io::detail {
namespace {

io::JsonValue refsToJson(const std::vector<CardRef>& refs, JsonOut& out)
{
    JsonValue array = out.array();
    for (const CardRef& r : refs)
        out.push(array, toString(r));
    return array;
}

std::vector<CardRef> refsFromJson(const std::vector<JsonIn>& items)
{
    std::vector<CardRef> refs;
    for (const JsonIn& r : items)
        refs.push_back(parseCardRef(r.string()));
    return refs;
}

io::JsonValue actionToJson(const CardAction& a, JsonOut& out)
{
    return out.object("kind", toString(a.kind), "targets", refsToJson(a.targets, out), "hits", a.hits, "requirement", a.requirement,
        "voluntary", a.voluntary);
}

CardAction actionFromJson(JsonIn j)
{
    CardAction a;
    a.kind = cardActionKindFromString(j.at("kind").string());
    a.targets = refsFromJson(j.itemsOf("targets"));
    a.hits = j.intOr("hits", 0);
    a.requirement = j.stringOr("requirement", "");
    a.voluntary = j.boolOr("voluntary", false);
    return a;
}

io::JsonValue cardToJson(const FormationCard& c, JsonOut& out)
{
    JsonValue card = out.object("card", toString(c.ref), "name", c.name, "army", c.army, "wing_colour", c.wingColour, "stick_colour",
        c.stickColour, "strength", c.strength, "type", toString(c.kind), "star", c.star, "link", c.link, "special", c.special);
    if (c.reserve)
        out.set(card, "reserve", toString(*c.reserve));
    out.set(card, "pursuit", c.pursuit);
    out.set(card, "dice", toString(c.dice));
    JsonValue actions = out.array();
    for (const CardAction& a : c.actions)
        out.push(actions, actionToJson(a, out));
    out.set(card, "actions", std::move(actions));
    out.set(card, "special_rule", c.specialRule);
    return card;
}

FormationCard cardFromJson(JsonIn j)
{
    FormationCard c;
    c.ref = parseCardRef(j.at("card").string());
    c.name = j.stringOr("name", "");
    c.army = j.stringOr("army", "");
    c.wingColour = j.stringOr("wing_colour", "");
    c.stickColour = j.stringOr("stick_colour", "");
    c.strength = j.intOr("strength", 1);
    c.kind = formationKindFromString(j.stringOr("type", ""));
    c.star = j.boolOr("star", false);
    c.link = j.boolOr("link", false);
    c.special = j.boolOr("special", false);
    if (j.contains("reserve"))
        c.reserve = parseCardRef(j.at("reserve").string());
    c.pursuit = j.boolOr("pursuit", false);
    c.dice = parseDicePattern(j.at("dice").string());
    for (const JsonIn& a : j.itemsOf("actions"))
        c.actions.push_back(actionFromJson(a));
    c.specialRule = j.stringOr("special_rule", "");
    return c;
}

} // namespace

io::JsonValue tableBattlesToJson(const TableBattlesSet& set, JsonOut& out)
{
    const ScenarioCard& sc = set.scenario;
    JsonValue armies = out.array();
    for (const ArmySetup& a : sc.armies) {
        JsonValue army = out.object("name", a.name, "morale", a.morale, "cards", refsToJson(a.cards, out));
        if (a.tacticalVictory)
            out.set(army, "tactical_victory",
                out.object("sticks", a.tacticalVictory->sticks, "result", a.tacticalVictory->draw ? "draw" : "win"));
        out.push(armies, std::move(army));
    }
    JsonValue scenario = out.object("number", sc.number, "name", sc.name, "date", sc.date, "armies", std::move(armies), "first_player",
        sc.firstPlayer, "special_rules", sc.specialRules);
    JsonValue cards = out.array();
    for (const FormationCard& c : set.cards)
        out.push(cards, cardToJson(c, out));
    return out.object("scenario_card", std::move(scenario), "formation_cards", std::move(cards));
}

TableBattlesSet tableBattlesFromJson(JsonIn j)
{
    TableBattlesSet set;
    const JsonIn sc = j.at("scenario_card");
    set.scenario.number = sc.intOr("number", 1);
    set.scenario.name = sc.stringOr("name", "");
    set.scenario.date = sc.stringOr("date", "");
    const std::vector<JsonIn> armies = sc.at("armies").items();
    if (armies.size() != 2)
        throw std::invalid_argument(_("scenario_card/armies: a scenario card has exactly two armies"));
    for (std::size_t i = 0; i < 2; ++i) {
        const JsonIn& a = armies[i];
        ArmySetup& army = set.scenario.armies[i];
        army.name = a.stringOr("name", "");
        army.morale = a.intOr("morale", 1);
        army.cards = refsFromJson(a.itemsOf("cards"));
        if (a.contains("tactical_victory")) {
            const JsonIn tv = a.at("tactical_victory");
            army.tacticalVictory = TacticalVictory{tv.at("sticks").integer32(), tv.stringOr("result", "win") == "draw"};
        }
    }
    set.scenario.firstPlayer = sc.intOr("first_player", 0);
    set.scenario.specialRules = sc.stringOr("special_rules", "");
    for (const JsonIn& c : j.itemsOf("formation_cards"))
        set.cards.push_back(cardFromJson(c));
    return set;
}

} // namespace sandtable::core::io::detail
