// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles cards as data: the scenario (set-up) card, formation cards, dice patterns, actions.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandtable::core {

/// A formation card's number and face, written "233-A" / "233-B" (table-battles-rules.txt: "Each card has
/// an A and a B side"). Number >= 1, face 'A' or 'B'.
struct CardRef {
    int number = 0;
    char face = 'A';
    auto operator<=>(const CardRef&) const = default;
    bool operator==(const CardRef&) const = default;
};

/// "233-A".
std::string toString(const CardRef& ref);
/// Parses "233-A" (the face letter is case-insensitive, no spaces). Throws std::invalid_argument naming
/// the text and what is wrong.
CardRef parseCardRef(const std::string& text);

/// Thrown by parseDicePattern: `position()` is the 0-based character of `text()` where reading failed.
class DicePatternError : public std::invalid_argument {
public:
    DicePatternError(const std::string& text, std::size_t position, const std::string& reason);
    const std::string& text() const noexcept { return m_text; }
    std::size_t position() const noexcept { return m_position; }

private:
    std::string m_text;
    std::size_t m_position;
};

/// The dice a formation card accepts (the card's dice area). Grammar, whole text, no spaces, lower case:
///   pattern  := faces | "doubles" | "triples" | "straight" N      (N = 2..6: N dice of consecutive faces)
///   faces    := item ("," item)*                                   (a set of single die faces, 1-6)
///   item     := F | F "-" G                                        (F <= G, both 1-6; "5-6" = {5, 6})
/// Items may not repeat a face. The canonical text (toString) writes the face set as one range when it is
/// contiguous ("5-6", "4"), else as a comma list of single faces and ranges in ascending order ("1,3,5",
/// "1-2,5-6").
struct DicePattern {
    enum class Kind { Faces, Doubles, Triples, Straight };
    Kind kind = Kind::Faces;
    std::array<bool, 6> faces{};  ///< Faces only: faces[f - 1] is true when face f is accepted
    int straightLength = 0;       ///< Straight only: 2..6
    bool operator==(const DicePattern&) const = default;

    /// True for a Faces pattern that accepts face `face` (1-6).
    bool accepts(int face) const { return kind == Kind::Faces && face >= 1 && face <= 6 && faces[face - 1]; }
};

/// Parses the grammar above. Throws DicePatternError with the position and the reason (unknown word,
/// face outside 1-6, reversed range, repeated face, empty item, straight length outside 2-6).
DicePattern parseDicePattern(const std::string& text);
/// The canonical text; parseDicePattern(toString(p)) == p.
std::string toString(const DicePattern& pattern);

/// Actions and reactions printed on formation cards (table-battles-rules.txt: "The Actions are as
/// follows" / "The Reactions are as follows"; Retire: a formation with RETIRE on its card may leave).
enum class CardActionKind { Attack, Bombard, Reserve, Retire, Screen, Counterattack, Absorb };
const char* toString(CardActionKind kind);                       ///< "attack", "bombard", ..., "absorb"
CardActionKind cardActionKindFromString(const std::string& name); ///< throws std::invalid_argument
/// Screen, Counterattack and Absorb are reactions (taken in the opponent's Action Phase).
bool isReaction(CardActionKind kind);

/// One action or reaction. `targets` name cards of the scenario: enemy formations for Attack, Screen and
/// Counterattack, friendly ones for Absorb and Reserve; Bombard and Retire have none. `hits` (>= 1) is
/// used by Attack and Counterattack, 0 otherwise. `requirement` is rules text gating the action (empty =
/// none). Reactions are mandatory unless `voluntary` (rules: "Reactions are mandatory unless the Action
/// text specifically indicates that it is Voluntary"); actions are never voluntary.
struct CardAction {
    CardActionKind kind = CardActionKind::Attack;
    std::vector<CardRef> targets;
    int hits = 0;
    std::string requirement;
    bool voluntary = false;
    bool operator==(const CardAction&) const = default;
};

/// Infantry/Cavalry type of the Shift expansion rule; None when the card shows neither.
enum class FormationKind { None, Infantry, Cavalry };
const char* toString(FormationKind kind);                        ///< "", "infantry", "cavalry"
FormationKind formationKindFromString(const std::string& name);  ///< "" = None; throws std::invalid_argument

/// One face of a formation card. A normal formation starts with `strength` sticks of `stickColour`; a
/// special formation (`special`, massed artillery or leadership) holds cubes instead, starts with one and
/// holds at most `strength` (rules: "The Strength on the Special Formation's card indicates the maximum
/// number of cubes"). `wingColour` is the colour band ("#rrggbb") and names the wing for dice placement;
/// `stickColour` is the physical stick colour used for it (a one-wing army may borrow a second colour).
/// `reserve` set = the card starts in Reserve and the named friendly card's Reserve action brings it in.
/// `star`: a rout gives two morale cubes. `link`: the Links expansion symbol. `pursuit`: removed when the
/// target of its attack routs. Retiring is an action of kind Retire.
struct FormationCard {
    CardRef ref;
    std::string name;
    std::string army;        ///< the army's name as on the scenario card
    std::string wingColour;  ///< "#rrggbb"
    std::string stickColour; ///< a colour name, e.g. "red"; at most four per scenario
    int strength = 1;        ///< sticks (normal) or cube capacity (special), >= 1
    FormationKind kind = FormationKind::None;
    bool star = false;
    bool link = false;
    bool special = false;
    std::optional<CardRef> reserve;
    bool pursuit = false;
    DicePattern dice;
    std::vector<CardAction> actions;
    std::string specialRule;
    bool operator==(const FormationCard&) const = default;

    bool has(CardActionKind kind) const;
};

/// Tactical Victory (expansion rule): eliminating `sticks` enemy sticks gives a win, or a draw.
struct TacticalVictory {
    int sticks = 1;
    bool draw = false;
    bool operator==(const TacticalVictory&) const = default;
};

/// One army on the scenario card: its formation cards (in set-up order), starting morale cubes and
/// optional tactical-victory target.
struct ArmySetup {
    std::string name;
    int morale = 1;
    std::vector<CardRef> cards;
    std::optional<TacticalVictory> tacticalVictory;
    bool operator==(const ArmySetup&) const = default;
};

/// The scenario (set-up) card: number, name, date text, the two armies, who goes first (0 or 1, an
/// index into `armies`), special rules text.
struct ScenarioCard {
    int number = 1;
    std::string name;
    std::string date;
    std::array<ArmySetup, 2> armies;
    int firstPlayer = 0;
    std::string specialRules;
    bool operator==(const ScenarioCard&) const = default;
};

/// A Table Battles scenario: the set-up card and the formation cards it uses, in document order.
struct TableBattlesSet {
    ScenarioCard scenario;
    std::vector<FormationCard> cards;
    bool operator==(const TableBattlesSet&) const = default;

    const FormationCard* find(const CardRef& ref) const;
    /// Index into scenario.armies of the army listing `ref`, or -1 when neither lists it.
    int armyOf(const CardRef& ref) const;
};

} // namespace sandtable::core
