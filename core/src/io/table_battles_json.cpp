// SPDX-License-Identifier: GPL-3.0-or-later
// JSON mapping of the Table Battles scenario card and formation cards.
#include "sandtable/core/io/table_battles_json.hpp"

#include "sandtable/core/util/i18n.hpp"

namespace sandtable::core {
namespace {

using Json = nlohmann::ordered_json;

Json refsToJson(const std::vector<CardRef>& refs)
{
    Json out = Json::array();
    for (const CardRef& r : refs)
        out.push_back(toString(r));
    return out;
}

std::vector<CardRef> refsFromJson(const Json& j)
{
    std::vector<CardRef> out;
    for (const auto& r : j)
        out.push_back(parseCardRef(r.get<std::string>()));
    return out;
}

Json actionToJson(const CardAction& a)
{
    return Json{{"kind", toString(a.kind)}, {"targets", refsToJson(a.targets)}, {"hits", a.hits},
        {"requirement", a.requirement}, {"voluntary", a.voluntary}};
}

CardAction actionFromJson(const Json& j)
{
    CardAction a;
    a.kind = cardActionKindFromString(j.at("kind").get<std::string>());
    a.targets = refsFromJson(j.value("targets", Json::array()));
    a.hits = j.value("hits", 0);
    a.requirement = j.value("requirement", "");
    a.voluntary = j.value("voluntary", false);
    return a;
}

Json cardToJson(const FormationCard& c)
{
    Json out{{"card", toString(c.ref)}, {"name", c.name}, {"army", c.army}, {"wing_colour", c.wingColour},
        {"stick_colour", c.stickColour}, {"strength", c.strength}, {"type", toString(c.kind)}, {"star", c.star},
        {"link", c.link}, {"special", c.special}};
    if (c.reserve)
        out["reserve"] = toString(*c.reserve);
    out["pursuit"] = c.pursuit;
    out["dice"] = toString(c.dice);
    Json actions = Json::array();
    for (const CardAction& a : c.actions)
        actions.push_back(actionToJson(a));
    out["actions"] = std::move(actions);
    out["special_rule"] = c.specialRule;
    return out;
}

FormationCard cardFromJson(const Json& j)
{
    FormationCard c;
    c.ref = parseCardRef(j.at("card").get<std::string>());
    c.name = j.value("name", "");
    c.army = j.value("army", "");
    c.wingColour = j.value("wing_colour", "");
    c.stickColour = j.value("stick_colour", "");
    c.strength = j.value("strength", 1);
    c.kind = formationKindFromString(j.value("type", ""));
    c.star = j.value("star", false);
    c.link = j.value("link", false);
    c.special = j.value("special", false);
    if (j.contains("reserve"))
        c.reserve = parseCardRef(j.at("reserve").get<std::string>());
    c.pursuit = j.value("pursuit", false);
    c.dice = parseDicePattern(j.at("dice").get<std::string>());
    for (const auto& a : j.value("actions", Json::array()))
        c.actions.push_back(actionFromJson(a));
    c.specialRule = j.value("special_rule", "");
    return c;
}

} // namespace

Json tableBattlesToJson(const TableBattlesSet& set)
{
    const ScenarioCard& sc = set.scenario;
    Json armies = Json::array();
    for (const ArmySetup& a : sc.armies) {
        Json army{{"name", a.name}, {"morale", a.morale}, {"cards", refsToJson(a.cards)}};
        if (a.tacticalVictory)
            army["tactical_victory"] = Json{{"sticks", a.tacticalVictory->sticks},
                {"result", a.tacticalVictory->draw ? "draw" : "win"}};
        armies.push_back(std::move(army));
    }
    Json scenario{{"number", sc.number}, {"name", sc.name}, {"date", sc.date}, {"armies", std::move(armies)},
        {"first_player", sc.firstPlayer}, {"special_rules", sc.specialRules}};
    Json cards = Json::array();
    for (const FormationCard& c : set.cards)
        cards.push_back(cardToJson(c));
    return Json{{"scenario_card", std::move(scenario)}, {"formation_cards", std::move(cards)}};
}

TableBattlesSet tableBattlesFromJson(const Json& j)
{
    TableBattlesSet set;
    const Json& sc = j.at("scenario_card");
    set.scenario.number = sc.value("number", 1);
    set.scenario.name = sc.value("name", "");
    set.scenario.date = sc.value("date", "");
    const Json& armies = sc.at("armies");
    if (armies.size() != 2)
        throw std::invalid_argument(_("scenario_card/armies: a scenario card has exactly two armies"));
    for (std::size_t i = 0; i < 2; ++i) {
        const Json& a = armies.at(i);
        ArmySetup& army = set.scenario.armies[i];
        army.name = a.value("name", "");
        army.morale = a.value("morale", 1);
        army.cards = refsFromJson(a.value("cards", Json::array()));
        if (a.contains("tactical_victory")) {
            const Json& tv = a.at("tactical_victory");
            army.tacticalVictory = TacticalVictory{tv.at("sticks").get<int>(), tv.value("result", "win") == "draw"};
        }
    }
    set.scenario.firstPlayer = sc.value("first_player", 0);
    set.scenario.specialRules = sc.value("special_rules", "");
    for (const auto& c : j.value("formation_cards", Json::array()))
        set.cards.push_back(cardFromJson(c));
    return set;
}

} // namespace sandtable::core
