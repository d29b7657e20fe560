// SPDX-License-Identifier: GPL-3.0-or-later
// Column mapping of roster rows into one Edit of sides, formations and units; every bad row reported.
#include "sandtable/core/oob/roster_import.hpp"

#include "sandtable/core/document/bulk_operations.hpp"

#include "sandtable/core/oob/order_of_battle.hpp"

#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/text_encoding.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <optional>
#include <set>

namespace sandtable::core::oob {
namespace {

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
    std::string out = util::asciiLower(trim(text));
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
            problems.push_back(i18n::format(_("--map {1}={2}: unknown field '{2}'"), {source, field}));
            continue;
        }
        Source parsed;
        if (source.find('{') == std::string::npos) {
            const auto index = table.columnIndex(source);
            if (index < 0) {
                problems.push_back(i18n::format(_("--map {1}={2}: the input has no column '{1}' (columns: {3})"),
                    {source, field, columnList()}));
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
                    problems.push_back(i18n::format(_("--map {1}={2}: '{' without '}'"), {source, field}));
                    ok = false;
                    break;
                }
                const std::string column = source.substr(open + 1, close - open - 1);
                const auto index = table.columnIndex(column);
                if (index < 0) {
                    problems.push_back(i18n::format(_("--map {1}={2}: the input has no column '{3}' (columns: {4})"),
                        {source, field, column, columnList()}));
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
            problems.push_back(i18n::format(_("--set {1}={2}: unknown field '{1}'"), {field, value}));
        else
            r.constants[field] = value;
    }
    for (const auto& [field, values] : mapping.values)
        if (!isField(field))
            problems.push_back(i18n::format(_("--value {1}:...: unknown field '{1}'"), {field}));
    // Columns named like a field fill it when nothing else does.
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const std::string name = util::asciiLower(table.columns[c]);
        if (isField(name) && !r.fields.count(name) && !r.constants.count(name)) {
            Source s;
            s.parts.emplace_back(true, table.columns[c]);
            s.columnIndices.push_back(c);
            r.fields[name] = std::move(s);
        }
    }
    const bool byParent = r.fields.count("parent") || r.constants.count("parent");
    const bool byPath = byParent || r.fields.count("path") || r.constants.count("path");
    if (byParent && !r.fields.count("path") && !r.constants.count("path")) {
        if (!r.fields.count("side") && !r.constants.count("side"))
            problems.push_back(_("with a parent column, map a side too (--map COLUMN=side or --set side=VALUE)"));
        if (!r.fields.count("id") && !r.constants.count("id"))
            problems.push_back(_("with a parent column, map an id too (--map COLUMN=id)"));
    }
    for (const char* required : {"type", "formation"})
        if (!r.fields.count(required) && !r.constants.count(required) && !(byPath && std::string(required) == "formation"))
            problems.push_back(i18n::format(_("no column is mapped to '{1}' (use --map COLUMN={1} or --set {1}=VALUE)"), {required}));
    return r;
}

/// A problem of one row; the same message on many rows is reported once (groupProblems).
struct RowProblem {
    std::size_t row = 0;
    std::string label;   // "row 4 (line 5)"
    std::string message; // "unknown unit type 'Cuirassiers'"
    std::string hint;    // " (infantry, ...)", printed after the rows
};

/// One line per distinct message, in the order first met: "row 4 (line 5): message hint" for one row,
/// "message in 27 rows: 4, 9, 12, ... hint" (the first 10 row numbers) for several.
std::vector<std::string> groupProblems(const std::vector<RowProblem>& problems)
{
    std::vector<std::string> order;
    std::map<std::string, std::vector<const RowProblem*>> groups;
    for (const RowProblem& p : problems) {
        const std::string key = p.message + '\0' + p.hint;
        auto& group = groups[key];
        if (group.empty())
            order.push_back(key);
        group.push_back(&p);
    }
    std::vector<std::string> out;
    for (const auto& key : order) {
        const auto& group = groups[key];
        const RowProblem& first = *group.front();
        if (group.size() == 1) {
            out.push_back(i18n::format(_("{1}: {2}{3}"), {first.label, first.message, first.hint}));
            continue;
        }
        std::string rows;
        for (std::size_t i = 0; i < group.size() && i < 10; ++i)
            rows += (i ? ", " : "") + std::to_string(group[i]->row);
        if (group.size() > 10)
            rows += ", ...";
        out.push_back(i18n::format(P_("{1} in {2} row: {3}{4}", "{1} in {2} rows: {3}{4}", group.size()),
            {first.message, std::to_string(group.size()), rows, first.hint}));
    }
    return out;
}

/// Where a row sits in the tree, from its path.
struct PathInfo {
    bool formationRow = false; // its path is the prefix of other rows' paths
    FormationId formation;     // the formation its unit goes into (its own, for a formation row)
    std::string unitId;        // the unit id from the path ("<path>-hq" for a formation's HQ)
    std::string text;          // the path as written
    std::string element;       // its last element (the row's own name in the path)
};

std::string spaced(std::string element)
{
    std::replace(element.begin(), element.end(), '_', ' ');
    return element;
}

/// The echelon a path element names ("III_Corps", "2eme_Division", "Armee_du_Nord", "13_Brigade"), if any.
std::optional<std::string> echelonFromName(const std::string& element)
{
    const std::string n = util::asciiLower(element);
    if (n.find("corps") != std::string::npos || n.find("korps") != std::string::npos)
        return "corps";
    if (n.find("division") != std::string::npos)
        return "division";
    if (n.find("brigade") != std::string::npos)
        return "brigade";
    if (n.find("wing") != std::string::npos || n.find("aile") != std::string::npos || n.find("flugel") != std::string::npos)
        return "wing";
    if (n.find("army") != std::string::npos || n.find("armee") != std::string::npos)
        return "army";
    return std::nullopt;
}

/// An echelon's rank, top down: army 0, wing 1, corps 2, division 3, brigade 4 (Formation::echelon; Pub Battles
/// rulebook line 98: a formation, "generally an army corps or a wing", has "combat units, usually Divisions or
/// Brigades").
int echelonRank(const std::string& echelon)
{
    static const std::map<std::string, int> ranks = {{"army", 0}, {"wing", 1}, {"corps", 2}, {"division", 3}, {"brigade", 4}};
    const auto r = ranks.find(echelon);
    return r == ranks.end() ? 2 : r->second;
}

/// The level a formation takes from its place under a parent of `parentEchelon`: army or wing > corps >
/// division > brigade (and brigade below a brigade).
std::string echelonBelow(const std::string& parentEchelon)
{
    return parentEchelon == "army" || parentEchelon == "wing" ? "corps" : parentEchelon == "corps" ? "division" : "brigade";
}

/// Whether an element's name qualifies its echelon word by an arm or a role ("Corps_Artillery",
/// "Corps_Cavalry", "Corps_de_Bataille", "Artillerie_du_Corps", "Division_Train"): the part of a formation
/// that the word names, not a formation of that echelon.
bool qualifiedName(const std::string& element)
{
    const std::string n = util::asciiLower(element);
    for (const char* part : {"artiller", "cavalr", "cavaler", "kavaller", "kavaler", "bataille", "battle", "train", "genie",
             "engineer", "pionier", "pioneer", "staff", "headquarters", "reserve"})
        if (n.find(part) != std::string::npos)
            return true;
    std::string token;
    for (const char c : n + ' ') {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            token += c;
            continue;
        }
        if (token == "hq" || token == "park" || token == "parc" || token == "stab")
            return true;
        token.clear();
    }
    return false;
}

/// A tidy name from a formation value written as a slug ("prussia-9th-brigade" on side "Prussia" ->
/// "9th Brigade"): the side's id in front dropped, '-' and '_' as spaces, each word capitalised but the
/// particles of names (de, du, von, of, ...). A value that is no slug (it has a space or a capital) is
/// kept as written.
std::string tidyFormationName(const std::string& value, const std::string& side)
{
    std::string text = trim(value);
    const bool slug = text.find(' ') == std::string::npos
        && std::none_of(text.begin(), text.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); })
        && (text.find('-') != std::string::npos || text.find('_') != std::string::npos);
    if (!slug)
        return text;
    const std::string prefix = util::asciiLower(side);
    if (!prefix.empty() && text.size() > prefix.size() + 1 && text.compare(0, prefix.size(), prefix) == 0
        && (text[prefix.size()] == '-' || text[prefix.size()] == '_' || text[prefix.size()] == '.'))
        text.erase(0, prefix.size() + 1);
    std::replace(text.begin(), text.end(), '-', ' ');
    std::replace(text.begin(), text.end(), '_', ' ');
    static const std::set<std::string> particles = {"de", "du", "des", "la", "le", "von", "van", "der", "of", "the", "and", "et", "und"};
    std::string out, word;
    const auto flush = [&] {
        if (!word.empty() && (out.empty() || !particles.count(word)) && std::isalpha(static_cast<unsigned char>(word[0])))
            word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
        out += word;
        word.clear();
    };
    for (const char c : text) {
        if (c == ' ') {
            flush();
            if (!out.empty() && out.back() != ' ')
                out += ' ';
        } else {
            word += c;
        }
    }
    flush();
    return trim(out);
}

using Getter = std::function<std::optional<std::string>(const RosterRow&, const std::string&)>;
using ProblemSink = std::function<void(const RosterRow&, std::string, std::string)>;
/// A finding of the import about a row: (row, severity, code, message).
using FindingSink = std::function<void(const RosterRow&, validation::Severity, std::string, std::string)>;

/// buildPaths()'s state: what it reads, what it adds, and each row's path split into its elements.
struct PathBuilder {
    const Scenario& scenario;
    const RosterTable& table;
    const Getter& get;
    const ProblemSink& problem;
    const FindingSink& finding;
    bool byParent;
    bool sideMapped;
    std::string sep;
    std::vector<Side>& newSides;
    std::vector<Formation>& newFormations;
    std::map<std::string, std::size_t>& formationRows;
    std::vector<std::vector<std::string>> elements;
    std::set<std::string> prefixes;
    std::map<std::string, std::size_t> rowOfKey;

    std::string key(const std::vector<std::string>& e, std::size_t k) const
    {
        std::string out;
        for (std::size_t i = 0; i < k; ++i)
            out += (i ? "\x1f" : "") + e[i];
        return out;
    }

    std::string levelId(const std::vector<std::string>& e, std::size_t k) const
    {
        if (byParent)
            return toId(e[k - 1]);
        std::string out;
        for (std::size_t i = 0; i < k; ++i)
            out += (i ? "." : "") + e[i];
        return toId(out);
    }

    /// With id/parent pairs, each row's path is the chain of ids down to it (the top may be a formation of
    /// the scenario); a formation's id is then its row's id.
    std::vector<std::optional<std::string>> chainsOfParents() const
    {
        const std::size_t rows = table.rows.size();
        std::vector<std::optional<std::string>> texts(rows);
        std::vector<std::string> ids(rows), parents(rows);
        std::map<std::string, std::size_t> rowOfId;
        for (std::size_t i = 0; i < rows; ++i) {
            const auto id = get(table.rows[i], "id");
            const auto parent = get(table.rows[i], "parent");
            if (id && !trim(*id).empty()) {
                ids[i] = toId(*id);
                rowOfId.emplace(ids[i], i);
            }
            if (parent && !trim(*parent).empty())
                parents[i] = toId(*parent);
        }
        for (std::size_t i = 0; i < rows; ++i) {
            const RosterRow& row = table.rows[i];
            if (ids[i].empty()) {
                problem(row, _("no id (a parent column links rows by id)"), "");
                continue;
            }
            std::vector<std::string> chain{ids[i]};
            std::set<std::string> seen{ids[i]};
            std::string at = parents[i];
            bool ok = true;
            while (!at.empty()) {
                if (!seen.insert(at).second) {
                    std::string cycle;
                    for (const auto& c : chain) // upwards, from the row
                        cycle += c + " > ";
                    problem(row, i18n::format(_("the parent links form a cycle ({1})"), {cycle + at}), "");
                    ok = false;
                    break;
                }
                chain.push_back(at);
                if (const auto r = rowOfId.find(at); r != rowOfId.end()) {
                    at = parents[r->second];
                } else if (scenario.findFormation(FormationId(at))) {
                    break;
                } else {
                    problem(row, i18n::format(_("parent '{1}' is neither the id of a row nor a formation of the scenario"), {at}), "");
                    ok = false;
                    break;
                }
            }
            if (!ok)
                continue;
            std::string text;
            for (auto c = chain.rbegin(); c != chain.rend(); ++c)
                text += (text.empty() ? "" : sep) + *c;
            texts[i] = text;
        }
        return texts;
    }

    /// Splits each row's path text into its elements (`elements`), noting every path that is the prefix of
    /// another (`prefixes`) and the row of each whole path (`rowOfKey`); the path as written into `paths`.
    void splitPaths(const std::vector<std::optional<std::string>>& texts, std::vector<PathInfo>& paths)
    {
        elements.assign(table.rows.size(), {});
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            const RosterRow& row = table.rows[i];
            const auto& text = texts[i];
            if (!text || trim(*text).empty()) {
                if (!byParent)
                    problem(row, _("no path"), "");
                continue;
            }
            const std::string raw = trim(*text);
            std::vector<std::string> parts;
            std::size_t at = 0;
            while (true) {
                const std::size_t next = raw.find(sep, at);
                parts.push_back(trim(raw.substr(at, next == std::string::npos ? std::string::npos : next - at)));
                if (next == std::string::npos)
                    break;
                at = next + sep.size();
            }
            for (const auto& part : parts)
                paths[i].text += (paths[i].text.empty() ? "" : byParent ? " > " : sep) + part;
            if (std::any_of(parts.begin(), parts.end(), [](const std::string& p) { return p.empty(); })) {
                problem(row, i18n::format(_("path '{1}' has an empty element"), {paths[i].text}), "");
                continue;
            }
            for (std::size_t k = 1; k < parts.size(); ++k)
                prefixes.insert(key(parts, k));
            rowOfKey.emplace(key(parts, parts.size()), i);
            elements[i] = std::move(parts);
        }
    }

    /// The row's side: its side field where one is mapped, else its path's first element; a side the
    /// scenario lacks is added (at most two). False, with the problem told, where there is none.
    bool sideOfRow(const RosterRow& row, const std::vector<std::string>& e, SideId& side)
    {
        std::string sideName;
        if (sideMapped) {
            const auto sideText = get(row, "side");
            if (!sideText || trim(*sideText).empty()) {
                problem(row, _("no side"), "");
                return false;
            }
            side = SideId(toId(*sideText));
            sideName = trim(*sideText);
        } else {
            side = SideId(toId(e[0]));
            sideName = spaced(e[0]);
        }
        if (!scenario.findSide(side)
            && std::none_of(newSides.begin(), newSides.end(), [&](const Side& s) { return s.id == side; })) {
            if (scenario.sides.size() + newSides.size() >= 2) {
                problem(row, i18n::format(_("side '{1}' would be a third side (a battle has two)"), {side.str()}), "");
                return false;
            }
            const auto named = get(row, "side_name");
            newSides.push_back(Side{side, named && !trim(*named).empty() ? trim(*named) : sideName, ""});
        }
        return true;
    }

    /// Creates the formation of row `i`'s path `e` at level `k` (below the side's `offset` elements): its
    /// name and echelon from its own row where the path has one, else from the path element and its place in
    /// the tree, with a finding where name and place disagree.
    void addFormation(const RosterRow& row, std::size_t i, const std::vector<std::string>& e, std::size_t k, std::size_t offset,
        const SideId& side, const FormationId& id)
    {
        static const std::set<std::string> echelons = {"army", "wing", "corps", "division", "brigade"};
        Formation f;
        f.id = id;
        f.side = side;
        f.name = spaced(e[k - 1]);
        std::optional<std::string> parentEchelon;
        std::string parentName;
        if (k > offset + 1) {
            f.parent = FormationId(levelId(e, k - 1));
            const Formation* p = scenario.findFormation(*f.parent);
            const auto made = std::find_if(newFormations.begin(), newFormations.end(),
                [&](const Formation& g) { return g.id == *f.parent; });
            parentEchelon = p ? p->echelon : made != newFormations.end() ? made->echelon : std::string("corps");
            parentName = p ? p->name : made != newFormations.end() ? made->name : f.parent->str();
        }
        std::size_t definedBy = row.number;
        const RosterRow* definingRow = &row;
        std::optional<std::string> given; // the echelon the file says, on the formation's own row
        if (const auto own = rowOfKey.find(key(e, k)); own != rowOfKey.end()) {
            const RosterRow& formationRow = table.rows[own->second];
            definedBy = formationRow.number;
            definingRow = &formationRow;
            const auto formationName = get(formationRow, "formation_name");
            const auto name = get(formationRow, "name");
            if (formationName && !trim(*formationName).empty())
                f.name = trim(*formationName);
            else if (name && !trim(*name).empty())
                f.name = trim(*name);
            if (const auto echelon = get(formationRow, "echelon"); echelon && !trim(*echelon).empty()) {
                if (echelons.count(normalise(*echelon)))
                    given = normalise(*echelon);
                else if (own->second == i)
                    problem(row, i18n::format(_("unknown echelon '{1}'"), {trim(*echelon)}), " (army, wing, corps, division, brigade)");
            }
        }
        // The level: what the file says, else the one the element's name designates when it is below the
        // parent's, else the place in the tree (the level below the parent's; corps at the top). A name
        // such as "Corps Artillery" directly under a corps is that corps' artillery, not a corps.
        const std::optional<std::string> named = echelonFromName(e[k - 1]);
        if (given) {
            f.echelon = *given;
            if (parentEchelon && echelonRank(*given) <= echelonRank(*parentEchelon))
                finding(*definingRow, validation::Severity::Warning, "oob.import.echelon",
                    i18n::format(_("'{1}' is a {2} directly under the {3} '{4}': a {2} under a {3} (as its echelon column says; "
                                   "check the column or the path)"),
                        {f.name, *given, *parentEchelon, parentName}));
        } else if (named && (!parentEchelon || echelonRank(*named) > echelonRank(*parentEchelon))) {
            f.echelon = *named;
        } else {
            f.echelon = parentEchelon ? echelonBelow(*parentEchelon) : std::string("corps");
            if (named && parentEchelon && !qualifiedName(e[k - 1]))
                finding(*definingRow, validation::Severity::Warning, "oob.import.echelon",
                    i18n::format(_("'{1}' is named like a {2} but sits directly under the {3} '{4}': a {2} under a {3}? "
                                   "Taken as a {5}, its place in the tree (an echelon column says otherwise)"),
                        {f.name, *named, *parentEchelon, parentName, f.echelon}));
        }
        formationRows[f.id.str()] = definedBy;
        newFormations.push_back(std::move(f));
    }

    /// Places row `i` on its path: its side, every formation above it (created where new, each once) and
    /// its unit's id, formation and name in `info`.
    void placeRow(std::size_t i, PathInfo& info)
    {
        const RosterRow& row = table.rows[i];
        const auto& e = elements[i];
        if (e.empty())
            return;
        const std::size_t offset = sideMapped ? 0 : 1; // path elements naming the side
        info.formationRow = prefixes.count(key(e, e.size())) > 0;
        const std::size_t levels = info.formationRow ? e.size() : e.size() - 1;
        if (levels < offset + 1) {
            problem(row, byParent ? i18n::format(_("'{1}' has no parent"), {info.text})
                                  : i18n::format(_("path '{1}' names no formation above the row ({2}...)"),
                                      {info.text, (sideMapped ? "formation" : "side" + sep + "formation") + sep}), "");
            return;
        }
        SideId side;
        if (!sideOfRow(row, e, side))
            return;
        bool ok = true;
        for (std::size_t k = offset + 1; k <= levels && ok; ++k) {
            const FormationId id(levelId(e, k));
            const Formation* existing = scenario.findFormation(id);
            const auto created = std::find_if(newFormations.begin(), newFormations.end(),
                [&](const Formation& f) { return f.id == id; });
            if (existing || created != newFormations.end()) {
                const SideId& onSide = existing ? existing->side : created->side;
                if (onSide != side) {
                    problem(row, i18n::format(_("formation '{1}' is on side '{2}', not '{3}'"), {id.str(), onSide.str(), side.str()}), "");
                    ok = false;
                }
                continue;
            }
            addFormation(row, i, e, k, offset, side, id);
        }
        if (!ok)
            return;
        info.formation = FormationId(levelId(e, levels));
        info.unitId = info.formationRow ? levelId(e, e.size()) + "-hq" : levelId(e, e.size());
        info.element = spaced(e.back());
    }
};

/// Splits every row's path, then creates the sides (the first element, unless a side field is mapped)
/// and every formation the paths name, parents first, each once.
void buildPaths(const Scenario& scenario, const RosterTable& table, const RosterMapping& mapping, bool sideMapped,
    const Getter& get, std::vector<PathInfo>& paths, std::vector<Side>& newSides, std::vector<Formation>& newFormations,
    std::map<std::string, std::size_t>& formationRows, const ProblemSink& problem, const FindingSink& finding, bool byParent)
{
    const std::string sep = byParent ? std::string("\x1e")
                                     : mapping.pathSeparator.empty() ? std::string(".") : mapping.pathSeparator;
    PathBuilder builder{scenario, table, get, problem, finding, byParent, sideMapped, sep, newSides, newFormations, formationRows, {}, {}, {}};
    const std::size_t rows = table.rows.size();
    paths.assign(rows, PathInfo{});
    std::vector<std::optional<std::string>> texts(rows);
    if (byParent) {
        texts = builder.chainsOfParents();
    } else {
        for (std::size_t i = 0; i < rows; ++i)
            texts[i] = get(table.rows[i], "path");
    }
    builder.splitPaths(texts, paths);
    for (std::size_t i = 0; i < rows; ++i)
        builder.placeRow(i, paths[i]);
}

} // namespace

const std::vector<std::string>& rosterFields()
{
    static const std::vector<std::string> fields = {"id", "name", "type", "quality", "strength", "formation",
        "formation_name", "echelon", "side", "side_name", "command", "status", "x", "y", "facing", "column", "reserve",
        "arrival_day", "arrival_turn", "entry_x", "entry_y", "entry_road", "path", "commander", "parent", "figures"};
    static const std::vector<std::string> withKinds = [] {
        std::vector<std::string> all = fields;
        for (const systems::syw_miniatures::FigureKind& kind : systems::syw_miniatures::figureKinds())
            all.emplace_back(kind.key);
        return all;
    }();
    return withKinds;
}

void addColumnMapping(RosterMapping& mapping, const std::string& text)
{
    const auto eq = text.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
        throw util::OperationError("", "--map " + text, _("expected COLUMN=FIELD"));
    const std::string field = text.substr(eq + 1);
    const auto& known = rosterFields();
    if (std::find(known.begin(), known.end(), field) == known.end()) {
        std::string list;
        for (const auto& f : known)
            list += (list.empty() ? "" : ", ") + f;
        throw util::OperationError("", "--map " + text, i18n::format(_("unknown field '{1}' (fields: {2})"), {field, list}));
    }
    mapping.columns.emplace_back(text.substr(0, eq), field);
}

void addConstant(RosterMapping& mapping, const std::string& text)
{
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw util::OperationError("", "--set " + text, _("expected FIELD=VALUE"));
    const std::string field = text.substr(0, eq);
    const auto& known = rosterFields();
    if (std::find(known.begin(), known.end(), field) == known.end())
        throw util::OperationError("", "--set " + text, i18n::format(_("unknown field '{1}'"), {field}));
    mapping.constants.emplace_back(field, text.substr(eq + 1));
}

void addValueMapping(RosterMapping& mapping, const std::string& text)
{
    const auto colon = text.find(':');
    const auto eq = text.find('=', colon == std::string::npos ? 0 : colon);
    if (colon == std::string::npos || eq == std::string::npos || colon == 0)
        throw util::OperationError("", "--value " + text, _("expected FIELD:FROM=TO"));
    const std::string field = text.substr(0, colon);
    const auto& known = rosterFields();
    if (std::find(known.begin(), known.end(), field) == known.end())
        throw util::OperationError("", "--value " + text, i18n::format(_("unknown field '{1}'"), {field}));
    mapping.values[field][text.substr(colon + 1, eq - colon - 1)] = text.substr(eq + 1);
}

namespace {

/// What one roster import gathers as it reads the rows: the sides, formations and units it adds, the rows that
/// made them, and the problems and findings per row; the steps below share it.
struct RosterImportState {
    const Scenario& scenario;
    const RosterTable& table;
    const RosterMapping& mapping;
    const Resolved& resolved;
    std::vector<Side> newSides;
    std::vector<Formation> newFormations;
    std::vector<Unit> newUnits;
    std::map<std::string, std::size_t> unitRows;      // id -> row number that created it
    std::map<std::string, std::size_t> formationRows; // new formation id -> row number that created it
    std::set<std::string> takenIds;
    std::map<std::string, int> generatedCounters;
    std::vector<RowProblem> rowProblems;
    std::vector<std::pair<std::size_t, validation::Diagnostic>> rowFindings; // by row number, said in the rows' order
    // Rows with rows under them and a strength of their own, weighed against those rows once all are read.
    struct OwnStrength {
        const RosterRow* row;
        FormationId formation;
        std::string name;
        long long strength;
        std::optional<UnitId> unit; // the attached unit keeping it; none for an untyped row
    };
    std::vector<OwnStrength> ownStrengths;

    void rowProblem(const RosterRow& row, std::string message, std::string hint = {})
    {
        rowProblems.push_back(RowProblem{row.number, rowLabel(row), std::move(message), std::move(hint)});
    }

    void rowFinding(const RosterRow& row, validation::Severity severity, std::string code, std::string message)
    {
        rowFindings.emplace_back(row.number, validation::Diagnostic{std::move(code), severity, rowLabel(row), std::move(message)});
    }

    // The field's value for a row: nullopt when unmapped (or NULL); `report` adds a missing member's problem.
    std::optional<std::string> getFor(const RosterRow& row, const std::string& field, bool report)
    {
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
                    if (report)
                        rowProblem(row, i18n::format(_("no member '{1}' (missing column, mapped to {2})"), {table.columns[index], field}));
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
    }
};

/// One row's fields as the unit reads them: text, whole numbers in a range and numbers, each problem said
/// against the row.
struct RowReader {
    RosterImportState& s;
    const RosterRow& row;

    std::optional<std::string> get(const std::string& field) const { return s.getFor(row, field, true); }

    std::optional<int> integer(const std::string& field, int minimum, int maximum) const
    {
        const auto text = get(field);
        if (!text || trim(*text).empty())
            return std::nullopt;
        const auto number = parseNumber(*text);
        if (!number || std::floor(*number) != *number) {
            s.rowProblem(row, i18n::format(_("{1} '{2}' is not a whole number"), {field, *text}));
            return std::nullopt;
        }
        if (*number < minimum || *number > maximum) {
            s.rowProblem(row, i18n::format(*number < 0 ? _("{1} {2} is outside {3}-{4} (negative)") : _("{1} {2} is outside {3}-{4}"),
                {field, *text, std::to_string(minimum), std::to_string(maximum)}));
            return std::nullopt;
        }
        return static_cast<int>(*number);
    }

    std::optional<double> number(const std::string& field) const
    {
        const auto text = get(field);
        if (!text || trim(*text).empty())
            return std::nullopt;
        const auto n = parseNumber(*text);
        if (!n)
            s.rowProblem(row, i18n::format(_("{1} '{2}' is not a number"), {field, *text}));
        return n;
    }
};

/// A formation's own row names it; it is also a unit when typed as an HQ (the formation's HQ), or typed
/// otherwise with a strength of its own (a unit attached to the formation, keeping it). False when the row
/// makes no unit; `attached` says it is such an attached unit.
bool formationRowMakesUnit(RosterImportState& s, const RowReader& r, const PathInfo& pathInfo, bool& attached)
{
    const auto t = r.get("type");
    const auto strengthText = s.getFor(r.row, "strength", false);
    const bool strengthWritten = strengthText && !trim(*strengthText).empty();
    // The written strength (-1 when it is no number: the unit's own reading then says why).
    const double own = strengthWritten ? parseNumber(*strengthText).value_or(-1.0) : 0.0;
    const bool nonZero = strengthWritten && own != 0.0;
    if (!t || trim(*t).empty()) {
        if (own > 0.0 && own <= 1000000.0 && std::floor(own) == own)
            s.ownStrengths.push_back({&r.row, pathInfo.formation, "", static_cast<long long>(own), std::nullopt});
        return false;
    }
    const auto parsed = parseType(*t);
    if (parsed && *parsed != UnitType::Hq) {
        if (!nonZero)
            return false;
        attached = true;
    }
    return true;
}

/// The unit's type, quality, status, strength (men, or guns for artillery), command and SYW figures.
void readKindAndStrength(RosterImportState& s, const RowReader& r, Unit& unit)
{
    const RosterRow& row = r.row;
    // Type and quality.
    const auto typeText = r.get("type");
    if (!typeText || trim(*typeText).empty()) {
        s.rowProblem(row, _("no unit type"));
    } else if (auto type = parseType(*typeText)) {
        unit.type = *type;
    } else {
        s.rowProblem(row, i18n::format(_("unknown unit type '{1}'"), {trim(*typeText)}),
            i18n::format(_(" (infantry, detachment, artillery, cavalry, dragoons, baggage-train, hq; map others with --value type:{1}=TYPE)"),
                {trim(*typeText)}));
    }
    if (const auto q = r.get("quality"); q && !trim(*q).empty()) {
        if (auto quality = parseQuality(*q))
            unit.quality = *quality;
        else
            s.rowProblem(row, i18n::format(_("unknown quality '{1}' (militia, regular, elite, guard)"), {*q}));
    }
    if (const auto st = r.get("status"); st && !trim(*st).empty()) {
        try {
            unit.status = unitStatusFromString(normalise(*st));
        } catch (const std::invalid_argument&) {
            s.rowProblem(row, i18n::format(_("unknown status '{1}' (fresh, disorganized)"), {*st}));
        }
    }
    // Strength: men, or guns for artillery.
    if (const auto text = r.get("strength"); text && !trim(*text).empty()) {
        const auto n = parseNumber(*text);
        if (!n || std::floor(*n) != *n)
            s.rowProblem(row, i18n::format(_("strength '{1}' is not a whole number"), {*text}));
        else if (*n < 0)
            s.rowProblem(row, i18n::format(_("negative strength {1}"), {*text}));
        else if (*n > 1000000)
            s.rowProblem(row, i18n::format(_("strength {1} exceeds 1,000,000"), {*text}));
        else
            unit.strength = static_cast<int>(*n);
    }
    unit.command = r.integer("command", 1, 6);
    // SYW regiments: a "figures" text ("22 musketeers + 2 musicians + 1 officer") and/or a count per kind
    // (house rules 2.D's skills list); the strength is then the figures, unless mapped.
    std::optional<SywFigures> figures;
    if (const auto text = r.get("figures"); text && !trim(*text).empty()) {
        try {
            figures = systems::syw_miniatures::parseFigures(*text);
        } catch (const std::invalid_argument& e) {
            std::string kinds;
            for (const systems::syw_miniatures::FigureKind& kind : systems::syw_miniatures::figureKinds())
                kinds += (kinds.empty() ? "" : ", ") + std::string(i18n::translatePlural(kind.singular, kind.plural, 2));
            s.rowProblem(row, e.what(),
                i18n::format(_(" (figures as '22 musketeers + 2 musicians + 1 officer'; kinds: {1})"), {kinds}));
        }
    }
    for (const systems::syw_miniatures::FigureKind& kind : systems::syw_miniatures::figureKinds())
        if (const auto n = r.integer(kind.key, 0, 100000)) {
            if (!figures)
                figures = SywFigures{};
            figures.value().*(kind.count) += *n;
        }
    if (figures) {
        if (const auto text = r.get("strength"); !text || trim(*text).empty())
            unit.strength = figures->total();
        unit.figures = figures;
    }
}

/// Without a path: the unit's side and formation from the side and formation fields, creating the side and
/// the formation when the scenario has them not.
void placeBySideAndFormation(RosterImportState& s, const RowReader& r, Unit& unit)
{
    const RosterRow& row = r.row;
    const auto sideText = r.get("side");
    std::optional<SideId> side;
    if (sideText && !trim(*sideText).empty()) {
        side = SideId(toId(*sideText));
        if (!s.scenario.findSide(*side)
            && std::none_of(s.newSides.begin(), s.newSides.end(), [&](const Side& sd) { return sd.id == *side; })) {
            if (s.scenario.sides.size() + s.newSides.size() >= 2) {
                s.rowProblem(row, i18n::format(_("side '{1}' would be a third side (a battle has two)"), {side->str()}));
            } else {
                const auto sideName = r.get("side_name");
                s.newSides.push_back(Side{*side, sideName && !trim(*sideName).empty() ? trim(*sideName) : trim(*sideText), ""});
            }
        }
    }
    const auto formationText = r.get("formation");
    if (!formationText || trim(*formationText).empty()) {
        s.rowProblem(row, _("no formation"));
        return;
    }
    unit.formation = FormationId(toId(*formationText));
    const Formation* existing = s.scenario.findFormation(unit.formation);
    auto created = std::find_if(s.newFormations.begin(), s.newFormations.end(),
        [&](const Formation& f) { return f.id == unit.formation; });
    if (existing || created != s.newFormations.end()) {
        const SideId& onSide = existing ? existing->side : created->side;
        if (side && *side != onSide)
            s.rowProblem(row, existing
                    ? i18n::format(_("formation '{1}' is on side '{2}', not '{3}'"), {unit.formation.str(), onSide.str(), side->str()})
                    : i18n::format(_("formation '{1}' is on side '{2}' (row {3}), not '{4}'"), {unit.formation.str(), onSide.str(),
                          std::to_string(s.formationRows[unit.formation.str()]), side->str()}));
    } else if (!side) {
        s.rowProblem(row, i18n::format(_("formation '{1}' does not exist and no side is mapped to create it on"), {unit.formation.str()}));
    } else {
        Formation f;
        f.id = unit.formation;
        f.side = *side;
        const auto formationName = r.get("formation_name");
        f.name = formationName && !trim(*formationName).empty() ? trim(*formationName)
                                                                : tidyFormationName(*formationText, trim(*sideText));
        // Its level: the echelon field's, else the one its name designates, else corps.
        f.echelon = echelonFromName(f.name).value_or(echelonFromName(*formationText).value_or("corps"));
        if (const auto echelon = r.get("echelon"); echelon && !trim(*echelon).empty()) {
            static const std::set<std::string> echelons = {"army", "wing", "corps", "division", "brigade"};
            if (echelons.count(normalise(*echelon)))
                f.echelon = normalise(*echelon);
            else
                s.rowProblem(row, i18n::format(_("unknown echelon '{1}' (army, wing, corps, division, brigade)"), {*echelon}));
        }
        s.formationRows[f.id.str()] = row.number;
        s.newFormations.push_back(std::move(f));
    }
}

/// The unit's id (the id field, else its path, else one made from its formation) and its name.
void identifyAndName(RosterImportState& s, const RowReader& r, const PathInfo* pathInfo, bool attached, Unit& unit)
{
    const RosterRow& row = r.row;
    const auto idText = r.get("id");
    if (idText && !trim(*idText).empty()) {
        unit.id = UnitId(toId(*idText));
        if (auto other = s.unitRows.find(unit.id.str()); other != s.unitRows.end())
            s.rowProblem(row, i18n::format(_("duplicate id '{1}' (also row {2})"), {unit.id.str(), std::to_string(other->second)}));
        else if (s.takenIds.count(unit.id.str()))
            s.rowProblem(row, i18n::format(_("id '{1}' is already a unit of the scenario"), {unit.id.str()}));
    } else if (pathInfo && !pathInfo->unitId.empty()) {
        unit.id = UnitId(attached ? pathInfo->formation.str() + "-" + toString(unit.type) : pathInfo->unitId);
        if (auto other = s.unitRows.find(unit.id.str()); other != s.unitRows.end())
            s.rowProblem(row, i18n::format(_("duplicate path '{1}' (also row {2})"), {pathInfo->text, std::to_string(other->second)}));
        else if (s.takenIds.count(unit.id.str()))
            s.rowProblem(row, i18n::format(_("id '{1}' is already a unit of the scenario"), {unit.id.str()}));
    } else if (!unit.formation.empty()) {
        int& n = s.generatedCounters[unit.formation.str()];
        std::string id;
        do
            id = unit.formation.str() + "-" + std::to_string(++n);
        while (s.takenIds.count(id) || s.unitRows.count(id));
        unit.id = UnitId(id);
    }
    // Its name: the formation's HQ by its commander, else `name`; else, in a tree, its path's last
    // element ("1st Battalion 9th Infantry", never the whole path), else its id.
    const bool formationHq = pathInfo && pathInfo->formationRow && !attached;
    const auto written = [](const std::optional<std::string>& t) { return t && !trim(*t).empty(); };
    if (const auto commander = formationHq ? r.get("commander") : std::nullopt; written(commander))
        unit.name = trim(*commander);
    else if (const auto nameText = r.get("name"); written(nameText))
        unit.name = trim(*nameText);
    else if (pathInfo && !pathInfo->element.empty())
        unit.name = formationHq ? pathInfo->element + " HQ" : pathInfo->element;
    else
        unit.name = written(idText) ? trim(*idText) : unit.id.str();
}

/// Set-up: placed (x, y, facing, column), in a reserve, or arriving (day, turn, entry point or road).
void readSetUp(RosterImportState& s, const RowReader& r, Unit& unit)
{
    const RosterRow& row = r.row;
    const auto x = r.number("x"), y = r.number("y");
    if (x.has_value() != y.has_value())
        s.rowProblem(row, _("x and y must be given together"));
    else if (x) {
        Placement p;
        p.position = {*x, *y};
        double facing = r.number("facing").value_or(0.0);
        facing = std::fmod(facing, 360.0);
        p.facing = facing < 0 ? facing + 360.0 : facing;
        if (const auto c = r.get("column"); c) {
            if (auto b = parseBool(*c))
                p.column = *b;
            else
                s.rowProblem(row, i18n::format(_("column '{1}' is neither true/false nor line/column"), {*c}));
        }
        unit.placement = p;
    }
    if (const auto reserve = r.get("reserve"); reserve && !trim(*reserve).empty())
        unit.reserve = UnitId(toId(*reserve));
    const auto day = r.integer("arrival_day", 1, 100);
    std::optional<int> turn;
    if (const auto t = r.get("arrival_turn"); t && normalise(*t) == "night")
        turn = kNightTurn;
    else
        turn = r.integer("arrival_turn", 1, 8);
    if (day || turn) {
        Arrival a;
        a.day = day.value_or(1);
        a.turn = turn.value_or(1);
        const auto ex = r.number("entry_x"), ey = r.number("entry_y");
        if (ex.has_value() != ey.has_value())
            s.rowProblem(row, _("entry_x and entry_y must be given together"));
        else if (ex)
            a.entry = Coordinate{*ex, *ey};
        if (const auto road = r.get("entry_road"); road && !trim(*road).empty())
            a.road = FeatureId(toId(*road));
        unit.arrival = a;
    }
}

/// One row read as a unit: kept when the row has no problem, else only its id is taken (so later rows
/// repeating it are named).
void readUnitRow(RosterImportState& s, const RosterRow& row, const PathInfo* pathInfo)
{
    const std::size_t before = s.rowProblems.size();
    const RowReader r{s, row};
    bool attached = false;
    if (pathInfo && pathInfo->formationRow && !formationRowMakesUnit(s, r, *pathInfo, attached))
        return;
    Unit unit;
    readKindAndStrength(s, r, unit);
    // Side and formation: from the path, else from the side and formation fields.
    if (pathInfo)
        unit.formation = pathInfo->formation;
    else
        placeBySideAndFormation(s, r, unit);
    identifyAndName(s, r, pathInfo, attached, unit);
    if (attached)
        s.ownStrengths.push_back({&row, unit.formation, unit.name, unit.strength, unit.id});
    readSetUp(s, r, unit);

    if (s.rowProblems.size() == before) {
        s.unitRows[unit.id.str()] = row.number;
        s.newUnits.push_back(std::move(unit));
    } else if (!unit.id.empty()) {
        s.unitRows.emplace(unit.id.str(), row.number);
    }
}

/// The rows with a strength of their own and rows under them, weighed against those rows in the order of
/// battle as imported: kept as an attached unit, or taken as the rows' total, or not imported.
void addOwnStrengthFindings(RosterImportState& s, const Scenario& after)
{
    for (const RosterImportState::OwnStrength& own : s.ownStrengths) {
        const Formation* f = after.findFormation(own.formation);
        const std::string formationName = f && !f->name.empty() ? f->name : own.formation.str();
        ArmStrength below = strengthOf(after, own.formation);
        if (own.unit) {
            const Unit* u = after.findUnit(*own.unit);
            if (!u)
                continue;
            const Arm arm = armOf(u->type);
            const long long rest = below.of(arm) - own.strength; // the rows under it, in the unit's arm
            ArmStrength mine;
            (arm == Arm::Guns ? mine.guns : arm == Arm::Sabres ? mine.sabres : mine.men) = own.strength;
            s.rowFinding(*own.row, rest == own.strength ? validation::Severity::Warning : validation::Severity::Info, "oob.import.attached_strength",
                rest == own.strength
                    ? i18n::format(_("'{1}' has rows under it and a strength of its own ({2}): kept as unit '{3}' of the formation; "
                                     "the rows under it add up to the same {2}: if it is their total, leave the row's strength empty"),
                          {formationName, strengthText(mine), own.unit->str()})
                    : i18n::format(_("'{1}' has rows under it and a strength of its own ({2}): kept as unit '{3}' of the formation"),
                          {formationName, strengthText(mine), own.unit->str()}));
        } else {
            const std::string figure = std::to_string(own.strength);
            const bool total = own.strength == below.men || own.strength == below.men + below.sabres
                || own.strength == below.men + below.guns + below.sabres;
            s.rowFinding(*own.row, total ? validation::Severity::Info : validation::Severity::Warning, "oob.import.untyped_strength",
                total ? i18n::format(_("'{1}' has rows under it and a strength ({2}) that they add up to: taken as their total, "
                                       "not imported (a formation's strength is its units')"),
                            {formationName, figure})
                      : i18n::format(_("'{1}' has rows under it and a strength ({2}) but no type: a formation alone, its {2} not imported "
                                       "(the rows under it hold {3}); give the row a type to keep it as a unit of the formation"),
                            {formationName, figure, strengthText(below)}));
        }
    }
}

/// Formations left without their HQ by the import: a finding, not a refusal (the HQs may come later).
void addMissingHqFindings(const Scenario& scenario, const Scenario& after, RosterImport& result)
{
    std::set<std::string> lackingBefore;
    for (const Formation* f : formationsWithoutHq(scenario))
        lackingBefore.insert(f->id.str());
    for (const Formation* f : formationsWithoutHq(after)) {
        if (lackingBefore.count(f->id.str()))
            continue;
        const auto index = static_cast<std::size_t>(f - after.formations.data());
        result.findings.push_back(validation::Diagnostic{"oob.import.no_hq", validation::Severity::Warning, "/formations/" + std::to_string(index),
            i18n::format(_("formation '{1}' ({2}) has no HQ yet: imported without one; add its HQ (a row of type hq) before play "
                           "(the scenario's validation reports it as an error until then)"),
                {f->id.str(), formationPath(after, f->id)})});
    }
}

} // namespace

RosterImport importRoster(const Scenario& scenario, const RosterTable& table, const RosterMapping& mapping,
    const std::string& sourceName)
{
    std::vector<std::string> problems;
    const Resolved resolved = resolve(table, mapping, problems);
    if (!problems.empty())
        throw RosterError(sourceName, std::move(problems));

    RosterImport result;
    result.edit.label = _("Import order of battle");
    RosterImportState s{scenario, table, mapping, resolved, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}};
    for (const Unit& u : scenario.units)
        s.takenIds.insert(u.id.str());
    const auto rowProblem = [&](const RosterRow& row, std::string message, std::string hint = {}) {
        s.rowProblem(row, std::move(message), std::move(hint));
    };
    const auto rowFinding = [&](const RosterRow& row, validation::Severity severity, std::string code, std::string message) {
        s.rowFinding(row, severity, std::move(code), std::move(message));
    };

    // Path mode: every row's dotted path (its last element naming the row itself) places it in the tree.
    const bool byParent = !resolved.fields.count("path") && !resolved.constants.count("path")
        && (resolved.fields.count("parent") || resolved.constants.count("parent"));
    const bool pathMode = byParent || resolved.fields.count("path") || resolved.constants.count("path");
    std::vector<PathInfo> paths;
    if (pathMode)
        buildPaths(scenario, table, mapping, resolved.fields.count("side") || resolved.constants.count("side"), [&](const RosterRow& row, const std::string& field) {
            return s.getFor(row, field, false);
        }, paths, s.newSides, s.newFormations, s.formationRows, rowProblem, rowFinding, byParent);

    for (const RosterRow& row : table.rows)
        readUnitRow(s, row, pathMode ? &paths[static_cast<std::size_t>(&row - table.rows.data())] : nullptr);
    if (table.rows.empty())
        problems.push_back(_("the input has no rows"));
    for (std::string& grouped : groupProblems(s.rowProblems))
        problems.push_back(std::move(grouped));
    if (!problems.empty())
        throw RosterError(sourceName, std::move(problems));

    // The change records are core/document's to make (issue 42 item 2).
    result.edit = document::operations::addOrderOfBattle(scenario, s.newSides, s.newFormations, s.newUnits, result.edit.label);

    // The order of battle as imported (no terrain: the tree alone), for the findings about strengths and HQs.
    Scenario after;
    after.settings = scenario.settings;
    after.sides = scenario.sides;
    after.formations = scenario.formations;
    after.units = scenario.units;
    after.sides.insert(after.sides.end(), s.newSides.begin(), s.newSides.end());
    after.formations.insert(after.formations.end(), s.newFormations.begin(), s.newFormations.end());
    after.units.insert(after.units.end(), s.newUnits.begin(), s.newUnits.end());
    addOwnStrengthFindings(s, after);
    std::stable_sort(s.rowFindings.begin(), s.rowFindings.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& entry : s.rowFindings)
        result.findings.push_back(std::move(entry.second));
    addMissingHqFindings(scenario, after, result);
    result.units = s.newUnits.size();
    result.formations = s.newFormations.size();
    result.sides = s.newSides.size();
    result.edit.label = i18n::format(P_("Import {1} unit", "Import {1} units", result.units), {std::to_string(result.units)});
    return result;
}

} // namespace sandtable::core::oob
