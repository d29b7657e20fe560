// SPDX-License-Identifier: GPL-3.0-or-later
// The card designer panel's logic, without wx: the cards listed per side and actions/reactions as editable
// text lines. Replacing a card is core::document::operations::replaceCard (core/document/card_operations.hpp).
#pragma once

#include "sandtable/core/model/table_battles.hpp"

#include <string>
#include <vector>

namespace sandtable::editor::panes {

/// One side's column in the card list: the army's name from the scenario card and its cards in the
/// order it lists them. Cards no army lists come last under "(not on the scenario card)".
struct CardColumn {
    std::string army;
    std::vector<core::CardRef> cards;
};
std::vector<CardColumn> cardsBySide(const core::TableBattlesSet& set);

/// An action as one line: `<kind>[ hits=<n>][ targets=<ref>,<ref>...][ voluntary][ requires=<text>]`,
/// e.g. "attack hits=2 targets=3-A,4-A" or "screen targets=1-A voluntary requires=not disordered".
/// hits appears for attack/counterattack/bombard when non-zero; `requires=` takes the rest of the line.
std::string formatAction(const core::CardAction& action);
/// Parses formatAction's line (words in any order before requires=). Throws std::invalid_argument naming
/// the word for an unknown kind or key, a bad number or card reference.
core::CardAction parseAction(const std::string& line);
/// Every non-blank line of `text` parsed; the error names the line number ("line 2: ...").
std::vector<core::CardAction> parseActions(const std::string& text);

} // namespace sandtable::editor::panes
