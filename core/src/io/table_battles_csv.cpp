// SPDX-License-Identifier: GPL-3.0-or-later
// The Table Battles CSV layout of docs/table-battles-csv.md: its rows read by the one CSV tokenizer with row/column errors,
// and the writer whose output reads back to the same bytes.
#include "sandtable/core/io/table_battles_csv.hpp"
#include "sandtable/core/io/csv.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/limits.hpp"
#include "sandtable/core/util/text_encoding.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

namespace sandtable::core::io {
namespace {

enum Column : std::size_t {
    kKind, kCard, kName, kArmy, kDate, kFirst, kMorale, kCards, kTactical, kWingColour, kStickColour, kStrength,
    kType, kStar, kLink, kSpecial, kReserve, kPursuit, kDice, kRules, kFixedColumns
};
const std::vector<std::string> kColumns = {"kind", "card", "name", "army", "date", "first", "morale", "cards",
    "tactical_victory", "wing_colour", "stick_colour", "strength", "type", "star", "link", "special", "reserve",
    "pursuit", "dice", "rules"};
const std::vector<std::string> kActionColumns = {"action_", "targets_", "hits_", "requirement_", "voluntary_"};
constexpr std::size_t kMaxProblems = 100;

std::string describe(const std::vector<CsvProblem>& problems)
{
    std::string out;
    for (const CsvProblem& p : problems) {
        if (!out.empty())
            out += "; ";
        if (p.column > 0) {
            const std::size_t c = p.column - 1;
            const std::string name = c < kFixedColumns
                ? kColumns[c]
                : kActionColumns[(c - kFixedColumns) % 5] + std::to_string((c - kFixedColumns) / 5 + 1);
            out += i18n::format(_("row {1}, column {2} ({3}): {4}"),
                {std::to_string(p.row), std::to_string(p.column), name, p.message});
        } else {
            out += i18n::format(_("row {1}: {2}"), {std::to_string(p.row), p.message});
        }
    }
    return out;
}

std::string joinRefs(const std::vector<CardRef>& refs)
{
    std::string out;
    for (const CardRef& r : refs) {
        if (!out.empty())
            out += ' ';
        out += toString(r);
    }
    return out;
}

const char* yesNo(bool value) { return value ? "yes" : "no"; }

using Record = CsvRecord;

/// The records of `text` (the one tokenizer, core/io/csv.hpp), stopping at the first quoting problem: what
/// follows cannot be split reliably. Empty and blank (",,,,", as Excel leaves them) rows hold no record.
std::vector<Record> splitCsv(std::string_view text, std::vector<CsvProblem>& problems)
{
    CsvText csv = readCsv(text);
    for (const CsvSyntaxProblem& p : csv.problems)
        problems.push_back({p.row, p.column, csvProblemReason(p.kind)});
    std::erase_if(csv.records, [](const Record& r) { return r.blank() || (r.fields.size() == 1 && r.fields[0].empty()); });
    return std::move(csv.records);
}

class RowReader {
public:
    RowReader(const Record& record, std::vector<CsvProblem>& problems) : m_record(record), m_problems(problems) {}

    const std::string& at(std::size_t column) const { return m_record.fields[column]; }
    std::size_t row() const { return m_record.row; }

    void problem(std::size_t column, std::string message) { m_problems.push_back({m_record.row, column + 1, std::move(message)}); }

    int integer(std::size_t column, int min, int max)
    {
        const std::string& s = at(column);
        int value = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (s.empty() || ec != std::errc() || end != s.data() + s.size() || value < min || value > max) {
            problem(column, i18n::format(_("'{1}' is not a whole number from {2} to {3}"), {s, std::to_string(min), std::to_string(max)}));
            return min;
        }
        return value;
    }

    bool boolean(std::size_t column)
    {
        const std::string& s = at(column);
        if (s == "yes")
            return true;
        if (s == "no" || s.empty())
            return false;
        problem(column, i18n::format(_("'{1}' is not yes or no"), {s}));
        return false;
    }

    CardRef ref(std::size_t column, const std::string& text)
    {
        try {
            return parseCardRef(text);
        } catch (const std::invalid_argument& e) {
            problem(column, e.what());
            return {};
        }
    }

    std::vector<CardRef> refs(std::size_t column)
    {
        std::vector<CardRef> out;
        std::istringstream in(at(column));
        std::string word;
        while (in >> word)
            out.push_back(ref(column, word));
        return out;
    }

    /// Columns that the row's kind does not use must be empty (catches columns shifted by one).
    void requireEmpty(std::initializer_list<std::size_t> columns, const std::string& kind)
    {
        for (std::size_t c : columns)
            if (!at(c).empty())
                problem(c, i18n::format(_("a {1} row leaves this column empty (found '{2}')"), {kind, at(c)}));
    }

private:
    const Record& m_record;
    std::vector<CsvProblem>& m_problems;
};

} // namespace

CsvImportError::CsvImportError(const std::string& sourceName, std::vector<CsvProblem> problems)
    : util::FormatError(sourceName, "", describe(problems))
    , m_problems(std::move(problems))
{
}

const std::vector<std::string>& tableBattlesCsvColumns() { return kColumns; }

std::string exportTableBattlesCsv(const TableBattlesSet& set)
{
    std::size_t groups = 1;
    for (const FormationCard& c : set.cards)
        groups = std::max(groups, c.actions.size());
    const std::size_t width = kFixedColumns + 5 * groups;
    std::string out;
    auto writeRow = [&](const std::vector<std::string>& fields) {
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (i)
                out += ',';
            out += csvField(fields[i]);
        }
        out += "\n";
    };
    std::vector<std::string> header = kColumns;
    for (std::size_t g = 1; g <= groups; ++g)
        for (const std::string& prefix : kActionColumns)
            header.push_back(prefix + std::to_string(g));
    writeRow(header);

    const ScenarioCard& sc = set.scenario;
    std::vector<std::string> row(width);
    row[kKind] = "scenario";
    row[kCard] = std::to_string(sc.number);
    row[kName] = sc.name;
    row[kDate] = sc.date;
    row[kFirst] = sc.armies[static_cast<std::size_t>(sc.firstPlayer == 1 ? 1 : 0)].name;
    row[kRules] = sc.specialRules;
    writeRow(row);
    for (const ArmySetup& army : sc.armies) {
        row.assign(width, "");
        row[kKind] = "army";
        row[kName] = army.name;
        row[kMorale] = std::to_string(army.morale);
        row[kCards] = joinRefs(army.cards);
        if (army.tacticalVictory)
            row[kTactical] = std::to_string(army.tacticalVictory->sticks) + (army.tacticalVictory->draw ? " draw" : " win");
        writeRow(row);
    }
    for (const FormationCard& c : set.cards) {
        row.assign(width, "");
        row[kKind] = "formation";
        row[kCard] = toString(c.ref);
        row[kName] = c.name;
        row[kArmy] = c.army;
        row[kWingColour] = c.wingColour;
        row[kStickColour] = c.stickColour;
        row[kStrength] = std::to_string(c.strength);
        row[kType] = toString(c.kind);
        row[kStar] = yesNo(c.star);
        row[kLink] = yesNo(c.link);
        row[kSpecial] = yesNo(c.special);
        row[kReserve] = c.reserve ? toString(*c.reserve) : "";
        row[kPursuit] = yesNo(c.pursuit);
        row[kDice] = toString(c.dice);
        row[kRules] = c.specialRule;
        for (std::size_t a = 0; a < c.actions.size(); ++a) {
            const CardAction& action = c.actions[a];
            const std::size_t base = kFixedColumns + 5 * a;
            row[base] = toString(action.kind);
            row[base + 1] = joinRefs(action.targets);
            row[base + 2] = action.hits ? std::to_string(action.hits) : "";
            row[base + 3] = action.requirement;
            row[base + 4] = yesNo(action.voluntary);
        }
        writeRow(row);
    }
    return out;
}

namespace {

/// The file's records, refused (CsvImportError) where it is not UTF-8, not CSV, has a cell beyond the size
/// limit or is empty.
std::vector<Record> readRecords(std::string_view text, const std::string& sourceName)
{
    std::vector<CsvProblem> problems;
    // Not UTF-8 (a Windows-1252 or UTF-16 save): refused with row, column and the fix before parsing, where
    // it would read as replacement characters or "a carriage return that does not end a line".
    if (const std::optional<util::EncodingProblem> encoding = util::findEncodingProblem(text, ','))
        throw CsvImportError(sourceName, {{encoding->row, encoding->column, encoding->message}});
    std::vector<Record> records = splitCsv(text, problems);
    for (const Record& record : records)
        for (std::size_t c = 0; c < record.fields.size() && problems.size() < kMaxProblems; ++c)
            if (record.fields[c].size() > util::limits::kMaxStringBytes)
                problems.push_back({record.row, c + 1,
                    i18n::format(_("a cell of {1} bytes {2}"), {std::to_string(record.fields[c].size()),
                        util::limits::limitMessage("kMaxStringBytes", util::limits::kMaxStringBytes, N_("bytes"))})});
    if (!problems.empty())
        throw CsvImportError(sourceName, std::move(problems));
    if (records.empty())
        throw CsvImportError(sourceName, {{1, 0, _("the file is empty; the first row is the header")}});
    return records;
}

/// The number of action column groups the header has, refused (CsvImportError) where its columns are not
/// the fixed ones followed by groups of 5 action columns.
std::size_t actionGroupsOf(const Record& header, const std::string& sourceName)
{
    std::vector<CsvProblem> problems;
    std::size_t groups = 0;
    if (header.fields.size() < kFixedColumns || (header.fields.size() - kFixedColumns) % 5 != 0)
        problems.push_back({header.row, 0, i18n::format(P_("the header has {1} column; expected {2} fixed columns and groups of 5 action columns",
            "the header has {1} columns; expected {2} fixed columns and groups of 5 action columns", header.fields.size()),
            {std::to_string(header.fields.size()), std::to_string(kFixedColumns)})});
    else
        groups = (header.fields.size() - kFixedColumns) / 5;
    for (std::size_t c = 0; c < header.fields.size(); ++c) {
        std::string expected;
        if (c < kFixedColumns)
            expected = kColumns[c];
        else if (groups > 0)
            expected = kActionColumns[(c - kFixedColumns) % 5] + std::to_string((c - kFixedColumns) / 5 + 1);
        else
            break;
        if (header.fields[c] != expected)
            problems.push_back({header.row, c + 1, i18n::format(_("header '{1}', expected '{2}'"), {header.fields[c], expected})});
    }
    if (!problems.empty())
        throw CsvImportError(sourceName, std::move(problems));
    return groups;
}

/// An army row: its name, morale, cards and tactical victory.
void readArmyRow(RowReader& in, const std::string& kind, ArmySetup& army)
{
    in.requireEmpty({kCard, kArmy, kDate, kFirst, kWingColour, kStickColour, kStrength, kType, kStar, kLink,
        kSpecial, kReserve, kPursuit, kDice, kRules}, kind);
    army.name = in.at(kName);
    if (army.name.empty())
        in.problem(kName, _("an army needs a name"));
    army.morale = in.integer(kMorale, 1, 10);
    army.cards = in.refs(kCards);
    const std::string& tv = in.at(kTactical);
    if (!tv.empty()) {
        std::istringstream words(tv);
        std::string sticks, result, extra;
        words >> sticks >> result >> extra;
        int n = 0;
        const auto [end, ec] = std::from_chars(sticks.data(), sticks.data() + sticks.size(), n);
        if (ec != std::errc() || end != sticks.data() + sticks.size() || n < 1 || n > 80
            || (result != "win" && result != "draw") || !extra.empty())
            in.problem(kTactical, i18n::format(_("'{1}' is not STICKS win or STICKS draw (e.g. 8 win)"), {tv}));
        else
            army.tacticalVictory = TacticalVictory{n, result == "draw"};
    }
}

/// A formation card's actions (action_N .. voluntary_N for the header's `groups`); a group whose action is
/// empty must be empty but for voluntary_N "no".
void readCardActions(RowReader& in, std::size_t groups, FormationCard& c)
{
    for (std::size_t g = 0; g < groups; ++g) {
        const std::size_t base = kFixedColumns + 5 * g;
        if (in.at(base).empty()) {
            for (std::size_t k = 1; k < 5; ++k)
                if (!in.at(base + k).empty() && !(k == 4 && in.at(base + k) == "no"))
                    in.problem(base + k, i18n::format(_("filled in, but action_{1} is empty"), {std::to_string(g + 1)}));
            continue;
        }
        CardAction action;
        try {
            action.kind = cardActionKindFromString(in.at(base));
        } catch (const std::invalid_argument& e) {
            in.problem(base, e.what());
        }
        action.targets = in.refs(base + 1);
        action.hits = in.at(base + 2).empty() ? 0 : in.integer(base + 2, 0, 20);
        action.requirement = in.at(base + 3);
        action.voluntary = in.boolean(base + 4);
        c.actions.push_back(std::move(action));
    }
}

/// A formation row: the card's fields and its actions.
FormationCard readFormationRow(RowReader& in, const std::string& kind, std::size_t groups)
{
    in.requireEmpty({kDate, kFirst, kMorale, kCards, kTactical}, kind);
    FormationCard c;
    c.ref = in.ref(kCard, in.at(kCard));
    c.name = in.at(kName);
    c.army = in.at(kArmy);
    c.wingColour = in.at(kWingColour);
    const std::string& wing = c.wingColour;
    const bool hex = wing.size() == 7 && wing[0] == '#'
        && std::all_of(wing.begin() + 1, wing.end(), [](char ch) { return std::isxdigit(static_cast<unsigned char>(ch)); });
    if (!wing.empty() && !hex)
        in.problem(kWingColour, i18n::format(_("'{1}' is not a colour written #rrggbb"), {wing}));
    c.stickColour = in.at(kStickColour);
    c.strength = in.integer(kStrength, 1, 20);
    try {
        c.kind = formationKindFromString(in.at(kType));
    } catch (const std::invalid_argument& e) {
        in.problem(kType, e.what());
    }
    c.star = in.boolean(kStar);
    c.link = in.boolean(kLink);
    c.special = in.boolean(kSpecial);
    if (!in.at(kReserve).empty())
        c.reserve = in.ref(kReserve, in.at(kReserve));
    c.pursuit = in.boolean(kPursuit);
    try {
        c.dice = parseDicePattern(in.at(kDice));
    } catch (const DicePatternError& e) {
        in.problem(kDice, e.what());
    }
    c.specialRule = in.at(kRules);
    readCardActions(in, groups, c);
    return c;
}

} // namespace

TableBattlesSet importTableBattlesCsv(std::string_view text, const std::string& sourceName)
{
    const std::vector<Record> records = readRecords(text, sourceName);
    const Record& header = records.front();
    const std::size_t groups = actionGroupsOf(header, sourceName);
    std::vector<CsvProblem> problems;
    TableBattlesSet set;
    bool haveScenario = false;
    std::size_t armies = 0;
    std::string firstName;
    std::size_t firstRow = 0;
    for (std::size_t r = 1; r < records.size() && problems.size() < kMaxProblems; ++r) {
        const Record& record = records[r];
        if (record.fields.size() != header.fields.size()) {
            problems.push_back({record.row, 0, i18n::format(P_("has {1} field, the header has {2}", "has {1} fields, the header has {2}",
                record.fields.size()), {std::to_string(record.fields.size()), std::to_string(header.fields.size())})});
            continue;
        }
        RowReader in(record, problems);
        const std::string& kind = in.at(kKind);
        if (kind == "scenario") {
            if (haveScenario) {
                in.problem(kKind, _("a second scenario row; a set has one scenario card"));
                continue;
            }
            haveScenario = true;
            in.requireEmpty({kArmy, kMorale, kCards, kTactical, kWingColour, kStickColour, kStrength, kType, kStar, kLink,
                kSpecial, kReserve, kPursuit, kDice}, kind);
            set.scenario.number = in.integer(kCard, 1, 999999);
            set.scenario.name = in.at(kName);
            set.scenario.date = in.at(kDate);
            firstName = in.at(kFirst);
            firstRow = record.row;
            set.scenario.specialRules = in.at(kRules);
        } else if (kind == "army") {
            if (armies == 2) {
                in.problem(kKind, _("a third army row; a scenario has two armies"));
                continue;
            }
            readArmyRow(in, kind, set.scenario.armies[armies++]);
        } else if (kind == "formation") {
            set.cards.push_back(readFormationRow(in, kind, groups));
        } else {
            in.problem(kKind, i18n::format(_("unknown row kind '{1}' (use scenario, army or formation)"), {kind}));
        }
    }
    const std::size_t lastRow = records.back().row;
    if (!haveScenario)
        problems.push_back({lastRow, 0, _("no scenario row (kind 'scenario') in the file")});
    if (armies != 2)
        problems.push_back({lastRow, 0, i18n::format(P_("found {1} army row; a scenario has two armies",
            "found {1} army rows; a scenario has two armies", armies), {std::to_string(armies)})});
    if (haveScenario && armies == 2) {
        if (firstName == set.scenario.armies[0].name)
            set.scenario.firstPlayer = 0;
        else if (firstName == set.scenario.armies[1].name)
            set.scenario.firstPlayer = 1;
        else
            problems.push_back({firstRow, kFirst + 1, i18n::format(_("first player '{1}' is neither army ('{2}', '{3}')"),
                {firstName, set.scenario.armies[0].name, set.scenario.armies[1].name})});
    }
    if (!problems.empty()) {
        if (problems.size() > kMaxProblems)
            problems.resize(kMaxProblems);
        throw CsvImportError(sourceName, std::move(problems));
    }
    return set;
}

} // namespace sandtable::core::io
