// SPDX-License-Identifier: GPL-3.0-or-later
// Roster rows mapped to units, formations and sides: one undoable Edit, all rows or none.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/oob/roster_table.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::core::oob {

/// The unit fields a column can fill: id, name, type, quality, strength, formation, formation_name,
/// echelon, side, side_name, command, status, x, y, facing, column, reserve, arrival_day, arrival_turn,
/// entry_x, entry_y, entry_road, path, commander, parent.
const std::vector<std::string>& rosterFields();

/// How columns become fields.
/// - `columns`: (SOURCE, FIELD) pairs; SOURCE is a column name (exact, else case-insensitive) or a template
///   holding `{column}` references with literal text around them (e.g. "{army}-{corps}").
///   Columns named exactly like a field that no pair fills map to it by themselves.
/// - `constants`: (FIELD, VALUE) pairs giving every row the same value (e.g. formation = "us-i-corps").
/// - `values`: FIELD -> (raw value -> replacement), applied before interpretation (e.g. type "LC" -> cavalry).
struct RosterMapping {
    std::vector<std::pair<std::string, std::string>> columns;
    std::vector<std::pair<std::string, std::string>> constants;
    std::map<std::string, std::map<std::string, std::string>> values;
    std::string pathSeparator = "."; ///< splits the `path` field's elements
};

/// Parses "COLUMN=FIELD" (the last '=' splits), "FIELD=VALUE" and "FIELD:FROM=TO" option texts into
/// `mapping`. Throws OperationError naming the text when it is malformed or names no known field.
void addColumnMapping(RosterMapping& mapping, const std::string& text);
void addConstant(RosterMapping& mapping, const std::string& text);
void addValueMapping(RosterMapping& mapping, const std::string& text);

/// The outcome: the Edit adding the sides, formations and units (one undo step), and what it adds.
struct RosterImport {
    Edit edit;
    std::size_t units = 0;
    std::size_t formations = 0;
    std::size_t sides = 0;
};

/// Maps every row to a unit. Required: `type` and `formation` (mapped or constant). Types are the Pub
/// Battles piece types (case and spaces/underscores ignored; "baggage" = baggage-train, "headquarters" = hq);
/// qualities militia (also "recruits", "green"), regular, elite, guard (default regular). A formation not in
/// the scenario is created on the row's `side` (created too when new; at most two sides), named by
/// `formation_name` or the formation value; ids that are not valid document ids are made so (characters
/// outside [A-Za-z0-9_.:-] become '-'). Without an `id` column, ids are "<formation>-<n>".
///
/// With a `path` field (hierarchical import; ORBAT-style exports such as
/// "France.III_Corps.2eme_Division.111e_Ligne"), the `formation` field is not needed: the path, split at
/// `pathSeparator`, names the row itself as its last element. Its first element is the side (id from it,
/// name with '_' as space) unless a `side` field is mapped, in which case every element is a formation or
/// the row. A row whose path is the prefix of other rows' paths is a formation: its `formation_name` (else
/// `name`) and `echelon` name it, and only when typed as an HQ is it also a unit, the formation's HQ, named
/// by `commander` (else `name`), id "<path>-hq"; untyped or otherwise typed, it is the formation alone. The
/// other rows are units of the formation their path's prefix names. Missing levels are created from the
/// path; each formation's id is its path with '.' between elements (made a valid id), its parent the
/// level above, its echelon (unless given) the one its element names (a word containing corps/korps,
/// division, brigade, wing/aile, army/armee; case ignored), else the one below its parent's (army or
/// wing > corps > division > brigade; corps at the top). Without an `id`
/// column a unit's id is its path.
/// With a `parent` field instead (id/parent pairs; `id` and `side` must be mapped), each row's path is the
/// chain of ids from its topmost ancestor down to it, and a formation's id is its row's id; the top of a
/// chain may be a formation already in the scenario. A cycle in the links or a parent that is neither a
/// row's id nor a formation of the scenario is refused by row.
/// SYW regiments (syw-miniatures-house-rules.txt): a `figures` field holds a regiment's figures as text
/// ("22 musketeers + 2 musicians + 1 officer", rules::syw::parseFigures), and each figure kind's key
/// (musketeers, grenadiers, pikemen, officers, musicians, dragoons, light_dragoons, heavy_dragoons,
/// hussars, cuirassiers, cannon, mortars, limbers) may be mapped to a column of counts; both add up. A unit
/// with figures and no mapped strength has its figures' total as strength. An unknown figure kind is a
/// row problem ("unknown figure kind 'Jaeger' in 3 rows: ...").
/// The same problem on many rows is reported once: "unknown unit type 'Cuirassiers' in 27 rows: 4, 9,
/// 12, ..." (the first 10 row numbers); a problem of one row keeps "row N (line L): ".
/// Throws RosterError listing every problem with its row: unknown types, qualities or statuses, negative or
/// non-integer strengths, command values outside 1-6, duplicate ids (within the input or with the
/// scenario), a formation on two sides, a third side, partial coordinates, a missing JSON member; and for
/// the mapping: a column not in the input, an unknown field, a required field left unmapped.
RosterImport importRoster(const Scenario& scenario, const RosterTable& table, const RosterMapping& mapping,
    const std::string& sourceName);

} // namespace sandtable::core::oob
