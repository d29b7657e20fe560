// SPDX-License-Identifier: GPL-3.0-or-later
// Roster rows mapped to units, formations and sides: one undoable Edit, all rows or none.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/oob/roster_table.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

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

/// The outcome: the Edit adding the sides, formations and units (one undo step), what it adds, and the
/// findings: what the import read but took in a way the designer should know of (never an error: what it
/// cannot read it refuses). Each finding's `path` is the row it is about ("row 5 (line 6)"), or the
/// formation's JSON pointer in the scenario ("/formations/3") for "oob.import.no_hq". Codes:
/// - "oob.import.attached_strength" (info; warning when the rows under it add up to the same figure, which
///   may be their total): a row with rows under it and a strength of its own, kept as a unit of its formation;
/// - "oob.import.untyped_strength" (info when the rows under it add up to the same figure, else warning): a
///   row with rows under it, a strength and no type: a formation alone, its strength not imported;
/// - "oob.import.echelon" (warning): a formation at or above its parent's level (a corps under a corps),
///   said by the echelon column, or named like one and taken at its place in the tree;
/// - "oob.import.no_hq" (warning): a formation the import leaves without its HQ (oob::formationsWithoutHq);
///   `scenario validate` reports it as the error "oob.formation.hq_count" until its HQ is added.
struct RosterImport {
    document::Edit edit;
    std::size_t units = 0;
    std::size_t formations = 0;
    std::size_t sides = 0;
    validation::Diagnostics findings;
};

/// Maps every row to a unit. Required: `type` and `formation` (mapped or constant). Types are the Pub
/// Battles piece types (case and spaces/underscores ignored; "baggage" = baggage-train, "headquarters" = hq);
/// qualities militia (also "recruits", "green"), regular, elite, guard (default regular). A formation not in
/// the scenario is created on the row's `side` (created too when new; at most two sides), named by
/// `formation_name`, else by the formation value made tidy when it is a slug ("prussia-9th-brigade" on
/// side Prussia: "9th Brigade"; a value with a space or a capital is kept as written), its echelon the
/// `echelon` field's, else the one that name designates (as below), else corps; ids that are not valid
/// document ids are made so (characters outside [A-Za-z0-9_.:-] become '-'). Without an `id` column, ids
/// are "<formation>-<n>". A unit's name is `name`, else its id.
///
/// HQs (Pub Battles rulebook: every formation has exactly one HQ): a formation the import leaves without
/// one is a finding ("oob.import.no_hq"), not a refusal, so that a designer can import a unit list first and
/// add the HQs after; two HQs in one formation is what `oob import` refuses (a validation error it adds).
///
/// With a `path` field (hierarchical import; ORBAT-style exports such as
/// "France.III_Corps.2eme_Division.111e_Ligne"), the `formation` field is not needed: the path, split at
/// `pathSeparator`, names the row itself as its last element. Its first element is the side (id from it,
/// name with '_' as space) unless a `side` field is mapped, in which case every element is a formation or
/// the row. A row whose path is the prefix of other rows' paths is a formation: its `formation_name` (else
/// `name`) and `echelon` name it. Such a row is also a unit of that formation
/// - when typed as an HQ: the formation's HQ, named by `commander` (else `name`, else "<element> HQ"),
///   id "<path>-hq";
/// - when typed otherwise and given a strength (a battery of 8 guns with rows under it): a unit attached
///   to the formation, keeping its strength, named by `name` (else its element), id "<path>-<type>"
///   ("...Reserve_Artillery-artillery"), finding "oob.import.attached_strength". Dropping the strength
///   would lose guns from the side's total without a word; refusing would make the designer restructure a
///   file whose meaning is plain, so the import keeps it and says so.
/// Untyped, or typed with no strength, it is the formation alone (an untyped row's strength is not
/// imported: finding "oob.import.untyped_strength", as it cannot be given an arm). The other rows are
/// units of the formation their path's prefix names, named by `name`, else their path's last element
/// with '_' as space (never the whole path). Missing levels are created from the path; each formation's
/// id is its path with '.' between elements (made a valid id), its parent the level above.
/// A formation's echelon: the one its row's `echelon` says; else the one its element's name designates
/// (a word containing corps/korps, division, brigade, wing/aile, army/armee; case ignored) when that is
/// below its parent's; else its place in the tree, the level below its parent's (army or wing > corps >
/// division > brigade > brigade, Pub Battles rulebook line 98; corps at the top). So "Corps_Artillery", "Corps_Cavalry" or
/// "Corps_de_Bataille" directly under a corps are divisions of it, not corps. A formation at or above
/// its parent's level (the echelon column says a corps under a corps, or an element such as "I_Corps"
/// directly under a corps) gets the finding "oob.import.echelon". Without an `id` column a unit's id is
/// its path.
/// With a `parent` field instead (id/parent pairs; `id` and `side` must be mapped), each row's path is the
/// chain of ids from its topmost ancestor down to it, and a formation's id is its row's id; the top of a
/// chain may be a formation already in the scenario. A cycle in the links or a parent that is neither a
/// row's id nor a formation of the scenario is refused by row.
/// SYW regiments (syw-miniatures-house-rules.txt): a `figures` field holds a regiment's figures as text
/// ("22 musketeers + 2 musicians + 1 officer", systems::syw_miniatures::parseFigures), and each figure kind's key
/// (musketeers, grenadiers, pikemen, officers, musicians, dragoons, light_dragoons, heavy_dragoons,
/// hussars, cuirassiers, cannon, mortars, limbers) may be mapped to a column of counts; both add up. A unit
/// with figures and no mapped strength has its figures' total as strength. An unknown figure kind is a
/// row problem ("unknown figure kind 'Jaeger' in 3 rows: ...").
/// The same problem on many rows is reported once: "unknown unit type 'Cuirassiers' in 27 rows: 4, 9,
/// 12, ..." (the first 10 row numbers); a problem of one row keeps "row N (line L): ".
/// Rows of a spreadsheet left empty (every cell blank: Excel's comma-only lines) are no rows (parseRoster).
/// Throws RosterError listing every problem with its row: unknown types, qualities or statuses, negative or
/// non-integer strengths, command values outside 1-6, duplicate ids (within the input or with the
/// scenario), a formation on two sides, a third side, partial coordinates, a missing JSON member; and for
/// the mapping: a column not in the input, an unknown field, a required field left unmapped.
RosterImport importRoster(const Scenario& scenario, const RosterTable& table, const RosterMapping& mapping,
    const std::string& sourceName);

} // namespace sandtable::core::oob
