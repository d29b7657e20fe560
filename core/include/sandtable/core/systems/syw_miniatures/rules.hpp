// SPDX-License-Identifier: GPL-3.0-or-later
// SYW miniatures house rules as data: melee and fire points per figure, movement and artillery ranges.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <span>
#include <string>

/// Numbers from shared/rules/syw-miniatures-house-rules.txt (section letters as the text has them) and
/// docs/model.md ("SYW miniatures house rules"). Lengths are table centimetres; 1 field = 10 cm.
namespace sandtable::core::systems::syw_miniatures {

inline constexpr double kFieldCm = 10.0;                ///< 2.B: 1 field = 10 cm
inline constexpr double kInfantryMoveFields = 1.0;      ///< 2.B: infantry 1 field
inline constexpr double kCavalryMoveFields = 3.0;       ///< 2.B: cavalry 3 fields
inline constexpr double kArtilleryMoveFields = 1.0;     ///< 2.B: artillery 1 field (or shoot, or turn)
inline constexpr double kLimberedMoveCm = 30.0;         ///< 2.B: with a limber the gun moves 30 cm
inline constexpr double kFireRangeFields = 1.0;         ///< 2.C: regiments fire at 1 field
inline constexpr double kCannonRangeFields = 5.0;       ///< 3.G: cannon fires 5 fields
inline constexpr int kCannonKillsClose = 3;             ///< 3.G: kills 3 men at close range
inline constexpr int kCannonKillsWide = 2;              ///< 3.G: 2 men at wide range
inline constexpr double kMortarRangeFields = 4.0;       ///< 3.G: mortar fires 4 fields
inline constexpr int kMortarKills = 3;                  ///< 3.G: kills 3 men
inline constexpr int kGrenadeThrowers = 2;              ///< 2.C/2.D: 2 grenadiers throw a hand grenade
inline constexpr int kKillsPerGrenade = 2;              ///< each kills 2
inline constexpr int kChargeTrampled = 4;               ///< 3.E: a gallop into infantry kills 4
inline constexpr int kCavalryPerTrampled = 3;           ///< 3.E: incomplete regiments: 3 cavalrymen kill 1
inline constexpr double kRetreatFields = 2.0;           ///< 3.F: panic retreat 2 fields
inline constexpr double kVictoryTerritoryShare = 0.75;  ///< 4: conquer 3/4 of the battlefield's territory
/// A regiment's base on the table when the scenario sets none: the rules give no base size; sandtable
/// takes one field of frontage (2.C: regiments fire at 1 field) by 4 cm (two ranks of 20 mm bases).
inline constexpr double kDefaultRegimentFrontageMm = 100.0;
inline constexpr double kDefaultRegimentDepthMm = 40.0;

/// 2.D "Melee": points per figure. Musketeers/fusiliers 1, grenadiers 1.5, pikemen 0 against infantry and
/// 2 against cavalry, officers 2, musicians/standard bearers 1, dragoons 2 (light and heavy dragoons are
/// dragoons: 2), hussars 2, cuirassiers 3. Guns and limbers do not melee (0).
/// `againstCavalry` selects the pikemen's rate.
double meleePoints(const SywFigures& figures, bool againstCavalry = false);

/// 2.C "Shooting": dice points. Infantry: one point per soldier with a firearm (musketeers/fusiliers,
/// grenadiers; docs/model.md: "one die per soldier"; pikemen, officers and musicians carry none). Cavalry as
/// listed: light dragoons 2, heavy dragoons 3, hussars 2, cuirassiers 2 per man; plain dragoons, not in the
/// list, are soldiers with muskets: 1 per man. Artillery shoots by 3.G instead (0 here).
double firePoints(const SywFigures& figures);

/// 2.C/2.D: men killed by hand grenades: 2 grenadiers throw, 2 kills each (4), when the regiment has at least 2.
int grenadeKills(const SywFigures& figures);

/// 2.D: the loser of a melee loses the difference of the points, in whole figures (rounded down). The
/// rules' example, as docs/model.md reads it: 24 grenadiers + 1 officer = 38 against 24 musketeers + 1 officer
/// = 26; the musketeers lose 12. Returns the losses of the side with fewer points (0 on a tie).
int meleeLosses(double pointsA, double pointsB);

/// A kind of figure a regiment is made of: 2.D's skills list (musketeer/fusilier, grenadier, pikeman, officer,
/// musician/standard bearer; dragoons, light and heavy dragoons, hussars, cuirassiers) and 2.B/3.G's guns and
/// limbers. `key` is the member of a unit's "figures" object in the document (plural, snake case), `singular`
/// and `plural` the names shown to a person, `count` the SywFigures counter.
struct FigureKind {
    const char* key;
    const char* singular;
    const char* plural;
    int SywFigures::*count;
};

/// Every figure kind, in document order (musketeers first, limbers last).
std::span<const FigureKind> figureKinds();

/// The kind a word names: its key, singular or plural, or one of the rules' other names for it
/// ("fusilier(s)" = musketeers, "standard bearer(s)"/"bearer(s)"/"drummer(s)" = musicians, "pikes" =
/// pikemen, "guns"/"cannons" = cannon); case, spaces, '-' and '_' are ignored. nullptr when none.
const FigureKind* findFigureKind(const std::string& word);

/// Parses a regiment's figures as a person writes them: "22 musketeers + 2 musicians + 1 officer" (items
/// separated by '+', ',' or ';', each a whole count then a kind; a kind named twice adds up). Throws
/// std::invalid_argument naming the item: "unknown figure kind 'Jaeger'", "no count in 'musketeers'",
/// "'x2 grenadiers' is not a count and a figure kind"; an empty text is refused too.
SywFigures parseFigures(const std::string& text);

/// The figures as parseFigures reads them back: "22 musketeers + 2 musicians + 1 officer" (document
/// order, kinds with no figure left out; "" when there is none).
std::string formatFigures(const SywFigures& figures);

/// Sets the unit's count of figures of `kind` (0 or more; throws std::invalid_argument when negative). The
/// unit's strength follows its figures when it was their total (or 0) before, so a regiment typed figure by
/// figure keeps "strength = figures". A unit without figures gets them.
void setFigureCount(Unit& unit, const FigureKind& kind, int count);

/// 2.B "Movement", in fields of 10 cm: infantry 1, cavalry (dragoons too) 3, artillery 1 (or a shot, or a turn of more
/// than 60 degrees); HQs and baggage move as infantry (the rules name only the three arms).
double moveFields(UnitType type);

} // namespace sandtable::core::systems::syw_miniatures
