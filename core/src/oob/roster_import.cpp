// SPDX-License-Identifier: GPL-3.0-or-later
// Column mapping of roster rows into one Edit of sides, formations and units; every bad row reported.
#include "sandtable/core/oob/roster_import.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <set>

namespace sandtable::core::oob {
namespace {

std::string lower(std::string text)
{
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::string trim(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

/// A document id from any text: characters outside [A-Za-z0-9_.:-] become '-', a leading non-alphanumeric
/// gets an "x" in front.
std::string toId(const std::string& text)
{
    std::string id;
    for (char c : trim(text)) {
        const auto u = static_cast<unsigned char>(c);
        id += (std::isalnum(u) && u < 0x80) || c == '_' || c == '.' || c == ':' || c == '-' ? c : '-';
    }
    if (id.empty() || !std::isalnum(static_cast<unsigned char>(id[0])))
        id.insert(id.begin(), 'x');
    return id;
}

/// Case, spaces and underscores ignored: "Baggage Train" -> "baggage-train".
std::string normalise(const std::string& text)
{
    std::string out = lower(trim(text));
    std::replace(out.begin(), out.end(), ' ', '-');
    std::replace(out.begin(), out.end(), '_', '-');
    return out;
}

std::optional<UnitType> parseType(const std::string& raw)
{
    std::string t = normalise(raw);
    if (t == "baggage" || t == "baggage-trains")
        t = "baggage-train";
    if (t == "headquarters")
        t = "hq";
    try {
        return unitTypeFromString(t);
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
}

std::optional<UnitQuality> parseQuality(const std::string& raw)
{
    std::string q = normalise(raw);
    if (q == "recruits" || q == "green" || q == "militia-recruits")
        q = "militia";
    try {
        return unitQualityFromString(q);
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
}

std::optional<double> parseNumber(const std::string& raw)
{
    const std::string t = trim(raw);
    if (t.empty())
        return std::nullopt;
    double value = 0.0;
    const char* begin = t.data() + (t[0] == '+' ? 1 : 0);
    const auto [end, ec] = std::from_chars(begin, t.data() + t.size(), value);
    if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<bool> parseBool(const std::string& raw)
{
    const std::string b = normalise(raw);
    if (b == "true" || b == "1" || b == "yes" || b == "column" || b == "route-column")
        return true;
    if (b == "false" || b == "0" || b == "no" || b == "line" || b.empty())
        return false;
    return std::nullopt;
}

/// A mapping source: one column, or a template of literal text and {column} references.
struct Source {
    std::vector<std::pair<bool, std::string>> parts; // (isColumn, text or column name)
    std::vector<std::size_t> columnIndices;
};

struct Resolved {
    std::map<std::string, Source> fields;
    std::map<std::string, std::string> constants;
};

Resolved resolve(const RosterTable& table, const RosterMapping& mapping, std::vector<std::string>& problems)
{
    Resolved r;
    const auto& known = rosterFields();
    const auto isField = [&](const std::string& f) { return std::find(known.begin(), known.end(), f) != known.end(); };
    const auto columnList = [&] {
        std::string list;
        for (const auto& c : table.columns)
            list += (list.empty() ? "" : ", ") + c;
        return list;
    };
    for (const auto& [source, field] : mapping.columns) {
        if (!isField(field)) {
            problems.push_back("--map " + source + "=" + field + ": unknown field '" + field + "'");
            continue;
        }
        Source parsed;
        if (source.find('{') == std::string::npos) {
            const auto index = table.columnIndex(source);
            if (index < 0) {
                problems.push_back("--map " + source + "=" + field + ": the input has no column '" + source
                    + "' (columns: " + columnList() + ")");
                continue;
            }
            parsed.parts.emplace_back(true, table.columns[static_cast<std::size_t>(index)]);
            parsed.columnIndices.push_back(static_cast<std::size_t>(index));
        } else {
            std::size_t i = 0;
            bool ok = true;
            while (i < source.size()) {
                const std::size_t open = source.find('{', i);
                if (open == std::string::npos) {
                    parsed.parts.emplace_back(false, source.substr(i));
                    break;
                }
                if (open > i)
                    parsed.parts.emplace_back(false, source.substr(i, open - i));
                const std::size_t close = source.find('}', open);
                if (close == std::string::npos) {
                    problems.push_back("--map " + source + "=" + field + ": '{' without '}'");
                    ok = false;
                    break;
                }
                const std::string column = source.substr(open + 1, close - open - 1);
                const auto index = table.columnIndex(column);
                if (index < 0) {
                    problems.push_back("--map " + source + "=" + field + ": the input has no column '" + column
                        + "' (columns: " + columnList() + ")");
                    ok = false;
                }
                parsed.parts.emplace_back(true, column);
                parsed.columnIndices.push_back(index < 0 ? 0 : static_cast<std::size_t>(index));
                i = close + 1;
            }
            if (!ok)
                continue;
        }
        r.fields[field] = std::move(parsed);
    }
    for (const auto& [field, value] : mapping.constants) {
        if (!isField(field))
            problems.push_back("--set " + field + "=" + value + ": unknown field '" + field + "'");
        else
            r.constants[field] = value;
    }
    for (const auto& [field, values] : mapping.values)
        if (!isField(field))
            problems.push_back("--value " + field + ":...: unknown field '" + field + "'");
    // Columns named like a field fill it when nothing else does.
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const std::string name = lower(table.columns[c]);
        if (isField(name) && !r.fields.count(name) && !r.constants.count(name)) {
            Source s;
            s.parts.emplace_back(true, table.columns[c]);
            s.columnIndices.push_back(c);
            r.fields[name] = std::move(s);
        }
    }
    for (const char* required : {"type", "formation"})
        if (!r.fields.count(required) && !r.constants.count(required))
            problems.push_back(std::string("no column is mapped to '") + required + "' (use --map COLUMN=" + required
                + " or --set " + required + "=VALUE)");
    return r;
}

} // namespace

const std::vector<std::string>& rosterFields()
{
    static const std::vector<std::string> fields = {"id", "name", "type", "quality", "strength", "formation",
        "formation_name", "echelon", "side", "side_name", "command", "status", "x", "y", "facing", "column", "reserve",
        "arrival_day", "arrival_turn", "entry_x", "entry_y", "entry_road"};
    return fields;
}

void addColumnMapping(RosterMapping& mapping, const std::string& text)
{
    const auto eq = text.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
        throw OperationError("", "--map " + text, "expected COLUMN=FIELD");
    const std::string field = text.substr(eq + 1);
    const auto& known = rosterFields();
    if (std::find(known.begin(), known.end(), field) == known.end()) {
        std::string list;
        for (const auto& f : known)
            list += (list.empty() ? "" : ", ") + f;
        throw OperationError("", "--map " + text, "unknown field '" + field + "' (fields: " + list + ")");
    }
    mapping.columns.emplace_back(text.substr(0, eq), field);
}

void addConstant(RosterMapping& mapping, const std::string& text)
{
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw OperationError("", "--set " + text, "expected FIELD=VALUE");
    const std::string field = text.substr(0, eq);
    const auto& known = rosterFields();
    if (std::find(known.begin(), known.end(), field) == known.end())
        throw OperationError("", "--set " + text, "unknown field '" + field + "'");
    mapping.constants.emplace_back(field, text.substr(eq + 1));
}

void addValueMapping(RosterMapping& mapping, const std::string& text)
{
    const auto colon = text.find(':');
    const auto eq = text.find('=', colon == std::string::npos ? 0 : colon);
    if (colon == std::string::npos || eq == std::string::npos || colon == 0)
        throw OperationError("", "--value " + text, "expected FIELD:FROM=TO");
    const std::string field = text.substr(0, colon);
    const auto& known = rosterFields();
    if (std::find(known.begin(), known.end(), field) == known.end())
        throw OperationError("", "--value " + text, "unknown field '" + field + "'");
    mapping.values[field][text.substr(colon + 1, eq - colon - 1)] = text.substr(eq + 1);
}

RosterImport importRoster(const Scenario& scenario, const RosterTable& table, const RosterMapping& mapping,
    const std::string& sourceName)
{
    std::vector<std::string> problems;
    const Resolved resolved = resolve(table, mapping, problems);
    if (!problems.empty())
        throw RosterError(sourceName, std::move(problems));

    RosterImport result;
    result.edit.label = "Import order of battle";
    std::vector<Side> newSides;
    std::vector<Formation> newFormations;
    std::vector<Unit> newUnits;
    std::map<std::string, std::size_t> unitRows;      // id -> row number that created it
    std::map<std::string, std::size_t> formationRows; // new formation id -> row number that created it
    std::set<std::string> takenIds;
    for (const Unit& u : scenario.units)
        takenIds.insert(u.id.str());
    std::map<std::string, int> generatedCounters;

    for (const RosterRow& row : table.rows) {
        const std::string label = rowLabel(row);
        const std::size_t before = problems.size();
        // The field's value for this row: nullopt when unmapped (or NULL).
        const auto get = [&](const std::string& field) -> std::optional<std::string> {
            std::optional<std::string> value;
            if (auto c = resolved.constants.find(field); c != resolved.constants.end()) {
                value = c->second;
            } else if (auto f = resolved.fields.find(field); f != resolved.fields.end()) {
                std::string text;
                std::size_t k = 0;
                bool null = true;
                for (const auto& [isColumn, part] : f->second.parts) {
                    if (!isColumn) {
                        text += part;
                        continue;
                    }
                    const std::size_t index = f->second.columnIndices[k++];
                    if (index >= row.cells.size())
                        return std::nullopt;
                    if (!row.present[index]) {
                        problems.push_back(label + ": no member '" + table.columns[index] + "' (missing column, mapped to "
                            + field + ")");
                        return std::nullopt;
                    }
                    if (row.cells[index]) {
                        text += *row.cells[index];
                        null = false;
                    }
                }
                if (!null)
                    value = text;
            }
            if (value) {
                if (auto v = mapping.values.find(field); v != mapping.values.end()) {
                    if (auto to = v->second.find(*value); to != v->second.end())
                        value = to->second;
                    else if (auto trimmed = v->second.find(trim(*value)); trimmed != v->second.end())
                        value = trimmed->second;
                }
            }
            return value;
        };
        const auto integer = [&](const std::string& field, int minimum, int maximum) -> std::optional<int> {
            const auto text = get(field);
            if (!text || trim(*text).empty())
                return std::nullopt;
            const auto number = parseNumber(*text);
            if (!number || std::floor(*number) != *number) {
                problems.push_back(label + ": " + field + " '" + *text + "' is not a whole number");
                return std::nullopt;
            }
            if (*number < minimum || *number > maximum) {
                problems.push_back(label + ": " + field + " " + *text + " is outside " + std::to_string(minimum) + "-"
                    + std::to_string(maximum) + (*number < 0 ? " (negative)" : ""));
                return std::nullopt;
            }
            return static_cast<int>(*number);
        };
        const auto number = [&](const std::string& field) -> std::optional<double> {
            const auto text = get(field);
            if (!text || trim(*text).empty())
                return std::nullopt;
            const auto n = parseNumber(*text);
            if (!n)
                problems.push_back(label + ": " + field + " '" + *text + "' is not a number");
            return n;
        };

        Unit unit;
        // Type and quality.
        const auto typeText = get("type");
        if (!typeText || trim(*typeText).empty()) {
            problems.push_back(label + ": no unit type");
        } else if (auto type = parseType(*typeText)) {
            unit.type = *type;
        } else {
            problems.push_back(label + ": unknown unit type '" + *typeText
                + "' (infantry, detachment, artillery, cavalry, dragoons, baggage-train, hq; map others with --value type:"
                + trim(*typeText) + "=TYPE)");
        }
        if (const auto q = get("quality"); q && !trim(*q).empty()) {
            if (auto quality = parseQuality(*q))
                unit.quality = *quality;
            else
                problems.push_back(label + ": unknown quality '" + *q + "' (militia, regular, elite, guard)");
        }
        if (const auto st = get("status"); st && !trim(*st).empty()) {
            try {
                unit.status = unitStatusFromString(normalise(*st));
            } catch (const std::invalid_argument&) {
                problems.push_back(label + ": unknown status '" + *st + "' (fresh, disorganized)");
            }
        }
        // Strength: men, or guns for artillery.
        if (const auto text = get("strength"); text && !trim(*text).empty()) {
            const auto n = parseNumber(*text);
            if (!n || std::floor(*n) != *n)
                problems.push_back(label + ": strength '" + *text + "' is not a whole number");
            else if (*n < 0)
                problems.push_back(label + ": negative strength " + *text);
            else if (*n > 1000000)
                problems.push_back(label + ": strength " + *text + " exceeds 1,000,000");
            else
                unit.strength = static_cast<int>(*n);
        }
        unit.command = integer("command", 1, 6);

        // Side and formation.
        const auto sideText = get("side");
        std::optional<SideId> side;
        if (sideText && !trim(*sideText).empty()) {
            side = SideId(toId(*sideText));
            if (!scenario.findSide(*side)
                && std::none_of(newSides.begin(), newSides.end(), [&](const Side& s) { return s.id == *side; })) {
                if (scenario.sides.size() + newSides.size() >= 2) {
                    problems.push_back(label + ": side '" + side->str() + "' would be a third side (a battle has two)");
                } else {
                    const auto sideName = get("side_name");
                    newSides.push_back(Side{*side, sideName && !trim(*sideName).empty() ? trim(*sideName) : trim(*sideText), ""});
                }
            }
        }
        const auto formationText = get("formation");
        if (!formationText || trim(*formationText).empty()) {
            problems.push_back(label + ": no formation");
        } else {
            unit.formation = FormationId(toId(*formationText));
            const Formation* existing = scenario.findFormation(unit.formation);
            auto created = std::find_if(newFormations.begin(), newFormations.end(),
                [&](const Formation& f) { return f.id == unit.formation; });
            if (existing || created != newFormations.end()) {
                const SideId& onSide = existing ? existing->side : created->side;
                if (side && *side != onSide)
                    problems.push_back(label + ": formation '" + unit.formation.str() + "' is on side '" + onSide.str()
                        + "'" + (existing ? "" : " (row " + std::to_string(formationRows[unit.formation.str()]) + ")")
                        + ", not '" + side->str() + "'");
            } else if (!side) {
                problems.push_back(label + ": formation '" + unit.formation.str()
                    + "' does not exist and no side is mapped to create it on");
            } else {
                Formation f;
                f.id = unit.formation;
                f.side = *side;
                const auto formationName = get("formation_name");
                f.name = formationName && !trim(*formationName).empty() ? trim(*formationName) : trim(*formationText);
                if (const auto echelon = get("echelon"); echelon && !trim(*echelon).empty()) {
                    static const std::set<std::string> echelons = {"army", "wing", "corps", "division", "brigade"};
                    if (echelons.count(normalise(*echelon)))
                        f.echelon = normalise(*echelon);
                    else
                        problems.push_back(label + ": unknown echelon '" + *echelon + "' (army, wing, corps, division, brigade)");
                }
                formationRows[f.id.str()] = row.number;
                newFormations.push_back(std::move(f));
            }
        }

        // Id and name.
        const auto idText = get("id");
        if (idText && !trim(*idText).empty()) {
            unit.id = UnitId(toId(*idText));
            if (auto other = unitRows.find(unit.id.str()); other != unitRows.end())
                problems.push_back(label + ": duplicate id '" + unit.id.str() + "' (also row " + std::to_string(other->second) + ")");
            else if (takenIds.count(unit.id.str()))
                problems.push_back(label + ": id '" + unit.id.str() + "' is already a unit of the scenario");
        } else if (!unit.formation.empty()) {
            int& n = generatedCounters[unit.formation.str()];
            std::string id;
            do
                id = unit.formation.str() + "-" + std::to_string(++n);
            while (takenIds.count(id) || unitRows.count(id));
            unit.id = UnitId(id);
        }
        const auto nameText = get("name");
        unit.name = nameText && !trim(*nameText).empty() ? trim(*nameText) : (idText ? trim(*idText) : unit.id.str());

        // Set-up: placed, in a reserve, or arriving.
        const auto x = number("x"), y = number("y");
        if (x.has_value() != y.has_value())
            problems.push_back(label + ": x and y must be given together");
        else if (x) {
            Placement p;
            p.position = {*x, *y};
            double facing = number("facing").value_or(0.0);
            facing = std::fmod(facing, 360.0);
            p.facing = facing < 0 ? facing + 360.0 : facing;
            if (const auto c = get("column"); c) {
                if (auto b = parseBool(*c))
                    p.column = *b;
                else
                    problems.push_back(label + ": column '" + *c + "' is neither true/false nor line/column");
            }
            unit.placement = p;
        }
        if (const auto reserve = get("reserve"); reserve && !trim(*reserve).empty())
            unit.reserve = UnitId(toId(*reserve));
        const auto day = integer("arrival_day", 1, 100);
        std::optional<int> turn;
        if (const auto t = get("arrival_turn"); t && normalise(*t) == "night")
            turn = kNightTurn;
        else
            turn = integer("arrival_turn", 1, 8);
        if (day || turn) {
            Arrival a;
            a.day = day.value_or(1);
            a.turn = turn.value_or(1);
            const auto ex = number("entry_x"), ey = number("entry_y");
            if (ex.has_value() != ey.has_value())
                problems.push_back(label + ": entry_x and entry_y must be given together");
            else if (ex)
                a.entry = Coordinate{*ex, *ey};
            if (const auto road = get("entry_road"); road && !trim(*road).empty())
                a.road = FeatureId(toId(*road));
            unit.arrival = a;
        }

        if (problems.size() == before) {
            unitRows[unit.id.str()] = row.number;
            newUnits.push_back(std::move(unit));
        } else if (!unit.id.empty()) {
            unitRows.emplace(unit.id.str(), row.number);
        }
    }
    if (table.rows.empty())
        problems.push_back("the input has no rows");
    if (!problems.empty())
        throw RosterError(sourceName, std::move(problems));

    for (std::size_t i = 0; i < newSides.size(); ++i) {
        const std::size_t at = scenario.sides.size() + i;
        result.edit.changes.push_back(EntityChange<Side>{newSides[i].id.str(), std::nullopt, newSides[i], at, at});
    }
    for (std::size_t i = 0; i < newFormations.size(); ++i) {
        const std::size_t at = scenario.formations.size() + i;
        result.edit.changes.push_back(EntityChange<Formation>{newFormations[i].id.str(), std::nullopt, newFormations[i], at, at});
    }
    for (std::size_t i = 0; i < newUnits.size(); ++i) {
        const std::size_t at = scenario.units.size() + i;
        result.edit.changes.push_back(EntityChange<Unit>{newUnits[i].id.str(), std::nullopt, newUnits[i], at, at});
    }
    result.units = newUnits.size();
    result.formations = newFormations.size();
    result.sides = newSides.size();
    result.edit.label = "Import " + std::to_string(result.units) + " units";
    return result;
}

} // namespace sandtable::core::oob
