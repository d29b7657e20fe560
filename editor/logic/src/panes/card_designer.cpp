// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/card_designer.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace sandtable::editor::panes {

std::vector<CardColumn> cardsBySide(const core::TableBattlesSet& set)
{
    std::vector<CardColumn> out;
    for (const core::ArmySetup& army : set.scenario.armies)
        out.push_back(CardColumn{army.name, army.cards});
    CardColumn unlisted{"(not on the scenario card)", {}};
    for (const core::FormationCard& c : set.cards)
        if (set.armyOf(c.ref) < 0)
            unlisted.cards.push_back(c.ref);
    if (!unlisted.cards.empty())
        out.push_back(std::move(unlisted));
    return out;
}

std::string formatAction(const core::CardAction& a)
{
    std::string out = core::toString(a.kind);
    if (a.hits != 0)
        out += " hits=" + std::to_string(a.hits);
    if (!a.targets.empty()) {
        out += " targets=";
        for (std::size_t i = 0; i < a.targets.size(); ++i)
        {
            if (i)
                out += ',';
            out += core::toString(a.targets[i]);
        }
    }
    if (a.voluntary)
        out += " voluntary";
    if (!a.requirement.empty())
        out += " requires=" + a.requirement;
    return out;
}

core::CardAction parseAction(const std::string& line)
{
    core::CardAction action;
    std::string rest = line;
    if (const auto at = rest.find("requires="); at != std::string::npos) {
        action.requirement = rest.substr(at + 9);
        while (!action.requirement.empty() && std::isspace(static_cast<unsigned char>(action.requirement.back())))
            action.requirement.pop_back();
        rest = rest.substr(0, at);
    }
    std::istringstream words(rest);
    std::string word;
    if (!(words >> word))
        throw std::invalid_argument(_("an action line needs a kind (attack, bombard, reserve, retire, screen, counterattack, absorb)"));
    action.kind = core::cardActionKindFromString(word);
    while (words >> word) {
        if (word == "voluntary") {
            action.voluntary = true;
        } else if (word.rfind("hits=", 0) == 0) {
            const std::string value = word.substr(5);
            std::size_t used = 0;
            int hits = 0;
            try {
                hits = std::stoi(value, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != value.size() || value.empty() || hits < 0)
                throw std::invalid_argument(core::i18n::format(_("'{1}': hits must be a whole number >= 0"), {word}));
            action.hits = hits;
        } else if (word.rfind("targets=", 0) == 0) {
            std::istringstream refs(word.substr(8));
            std::string ref;
            while (std::getline(refs, ref, ','))
                if (!ref.empty())
                    action.targets.push_back(core::parseCardRef(ref));
        } else {
            throw std::invalid_argument(core::i18n::format(_("'{1}': expected hits=N, targets=REF,REF, voluntary or requires=TEXT"), {word}));
        }
    }
    return action;
}

std::vector<core::CardAction> parseActions(const std::string& text)
{
    std::vector<core::CardAction> out;
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        try {
            out.push_back(parseAction(line));
        } catch (const std::exception& e) {
            throw std::invalid_argument(core::i18n::format(_("line {1}: {2}"), {std::to_string(number), e.what()}));
        }
    }
    return out;
}

} // namespace sandtable::editor::panes
