// SPDX-License-Identifier: GPL-3.0-or-later
// A room per game system (issue 42 item 3): what sandtable knows of each system, in one descriptor per
// system (core/src/systems/<system>.cpp), all of them listed once, in order, in core/src/systems/game_systems.cpp.
// The code that differs by system reads the descriptor, never the system's name; docs/architecture.md says how
// to add a system.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::systems {

/// Where a system's pieces stand: on a map at the game's scale, or on a table measured in centimetres at 1:1
/// (scale 1; areas in cm2; the map print becomes a table plan).
enum class Ground { Map, Table };

struct GameSystemDescriptor {
    GameSystem id{};
    std::string name;        ///< in files and on the command line: "pub-battles"
    std::string title;       ///< for people: "Pub Battles"
    std::string rulesText;   ///< the rules it follows, a file of ../shared/rules ("pub-battles.txt")
    /// How a designer choosing a system sees it, an N_() text in English ("Pub Battles (blocks, 1:16,000)").
    std::string choiceLabel;
    Ground ground = Ground::Map;
    /// Units are regiments of figures (SYW house rules 2.D): figure counts, the regiment's frontage as the
    /// piece's default length, a general per side, its own order-of-battle summary.
    bool figureRegiments = false;
    /// Units are blocks worth victory points (Pub Battles rulebook): every formation needs its HQ, placed
    /// pieces may not stack, HQs command within range; VASSAL pieces carry their VP and the module its VP table.
    bool victoryPointBlocks = false;
    /// Forces move over a grid of squares laid on the map (Campaign Lite): a VASSAL board's square grid becomes
    /// the campaign grid.
    bool squareGrid = false;
    /// The dice a game needs (the VASSAL module's dice buttons), faces of each.
    std::vector<int> dice{6};
    /// A piece's length on the table when the scenario sets none, mm (a block, or a regiment's frontage).
    double defaultPieceLengthMm = 20.0;
    /// Its depth, mm.
    double defaultPieceDepthMm = 10.0;
    /// The system's own set-up checks, appended after the common ones (core::oob::checkSetUp); may be empty.
    std::function<void(const Scenario& scenario, validation::Diagnostics& out)> setUpChecks;
};

/// Every system, in order: the four of ../shared/rules first (their GameSystem values are the enum's), then
/// any registered since.
const std::vector<const GameSystemDescriptor*>& gameSystems();
/// The descriptor of `system`. Throws std::out_of_range for a value no system has.
const GameSystemDescriptor& describe(GameSystem system);
/// The system named `name`, or null.
const GameSystemDescriptor* findGameSystem(std::string_view name);
/// The names of every system, in order ("pub-battles", "table-battles", "campaign-lite", "syw-miniatures").
std::vector<std::string> gameSystemNames();
/// Adds a system (a variant, a house system, a test's own): it gets the next GameSystem value, which it
/// returns, and flows through validation, print and VASSAL export by its descriptor. Throws
/// std::invalid_argument for an empty or taken name. Call before any thread reads the list.
GameSystem registerGameSystem(GameSystemDescriptor descriptor);

} // namespace sandtable::core::systems
