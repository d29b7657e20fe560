// SPDX-License-Identifier: GPL-3.0-or-later
// Readers of roster files (CSV, TSV, COPY text, JSON) into rows of cells, reporting every bad row.
#include "sandtable/core/oob/roster_table.hpp"
#include "sandtable/core/io/csv.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/limits.hpp"
#include "sandtable/core/util/text_encoding.hpp"

#include "../io/rapidjson_tree.hpp" // the one JSON parser, with the caps of limits.hpp

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <stdexcept>

namespace sandtable::core::oob {
namespace {

constexpr std::size_t kMaxProblems = 50;

std::string joinProblems(const std::vector<std::string>& problems)
{
    std::string text = i18n::format(P_("{1} problem, nothing imported:", "{1} problems, nothing imported:", problems.size()),
        {std::to_string(problems.size())});
    for (const std::string& p : problems)
        text += "\n  " + p;
    return text;
}

using Record = io::CsvRecord;

/// RFC 4180 records by the one tokenizer (core/io/csv.hpp), read leniently (a stray quote is text);
/// problems for a quoted field never closed and for lines ending in CR alone.
std::vector<Record> csvRecords(std::string_view s, std::vector<std::string>& problems)
{
    io::CsvOptions options;
    options.stopAtFirstProblem = false;
    io::CsvText csv = io::readCsv(s, options);
    bool loneCarriageReturn = false;
    for (const io::CsvSyntaxProblem& p : csv.problems) {
        if (p.kind == io::CsvSyntaxProblem::Kind::LoneCarriageReturn && !loneCarriageReturn) {
            // Said once: a file saved with CR alone ends its lines this way throughout.
            problems.push_back(i18n::format(_("line {1}: a carriage return that does not end a line "
                                              "(lines ending in CR alone, as classic Mac OS wrote them?); save the file "
                                              "with LF or CRLF line ends"), {std::to_string(p.line)}));
            loneCarriageReturn = true;
        } else if (p.kind == io::CsvSyntaxProblem::Kind::UnclosedQuote) {
            // The field runs to the end of the text: its record is the last one.
            problems.push_back(i18n::format(_("line {1}: a quoted field is never closed"), {std::to_string(csv.records.back().line)}));
        }
    }
    if (loneCarriageReturn)
        return {}; // its rows cannot be told apart: nothing else about them is worth saying
    return std::move(csv.records);
}

std::vector<std::string> splitTabs(std::string_view line)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= line.size(); ++i)
        if (i == line.size() || line[i] == '\t') {
            out.emplace_back(line.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

std::vector<std::pair<std::size_t, std::string_view>> physicalLines(std::string_view s)
{
    std::vector<std::pair<std::size_t, std::string_view>> out;
    std::size_t start = 0, line = 1;
    while (start < s.size()) {
        std::size_t end = s.find('\n', start);
        if (end == std::string_view::npos)
            end = s.size();
        std::string_view text = s.substr(start, end - start);
        if (!text.empty() && text.back() == '\r')
            text.remove_suffix(1);
        out.emplace_back(line++, text);
        start = end + 1;
    }
    return out;
}

/// COPY text format: \N is NULL; \b \f \n \r \t \v, \\, octal \NNN and hex \xHH decode; any other
/// backslashed character stands for itself.
std::optional<std::string> copyField(const std::string& raw)
{
    if (raw == "\\N")
        return std::nullopt;
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 == raw.size()) {
            out += raw[i];
            continue;
        }
        const char c = raw[++i];
        switch (c) {
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'v': out += '\v'; break;
        case 'x': {
            int value = 0, digits = 0;
            while (digits < 2 && i + 1 < raw.size() && std::isxdigit(static_cast<unsigned char>(raw[i + 1]))) {
                const char h = raw[++i];
                value = value * 16 + (std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : std::tolower(h) - 'a' + 10);
                ++digits;
            }
            if (digits == 0)
                out += 'x';
            else
                out += static_cast<char>(value);
            break;
        }
        default:
            if (c >= '0' && c <= '7') {
                int value = c - '0', digits = 1;
                while (digits < 3 && i + 1 < raw.size() && raw[i + 1] >= '0' && raw[i + 1] <= '7') {
                    value = value * 8 + (raw[++i] - '0');
                    ++digits;
                }
                out += static_cast<char>(value & 0xFF);
            } else {
                out += c;
            }
        }
    }
    return out;
}

/// The column list of `COPY name (a, "b c") FROM stdin;`, or nullopt when the line is no such statement.
std::optional<std::vector<std::string>> copyColumns(std::string_view line)
{
    const std::string l = util::asciiLower(std::string(line));
    if (l.rfind("copy ", 0) != 0 || l.find("from stdin") == std::string::npos)
        return std::nullopt;
    const std::size_t open = line.find('('), close = line.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return std::vector<std::string>{};
    std::vector<std::string> columns;
    std::string current;
    bool quoted = false;
    for (std::size_t i = open + 1; i < close; ++i) {
        const char c = line[i];
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted) {
            columns.push_back(current);
            current.clear();
        } else if (quoted || !std::isspace(static_cast<unsigned char>(c)))
            current += c;
    }
    columns.push_back(current);
    return columns;
}

void checkHeader(const std::vector<std::string>& columns, std::vector<std::string>& problems)
{
    std::set<std::string> seen;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (columns[i].empty())
            problems.push_back(i18n::format(_("header: column {1} has no name"), {std::to_string(i + 1)}));
        else if (!seen.insert(columns[i]).second)
            problems.push_back(i18n::format(_("header: column '{1}' appears twice"), {columns[i]}));
    }
}

void addTextRow(RosterTable& table, std::size_t line, std::vector<std::optional<std::string>> cells,
    std::vector<std::string>& problems)
{
    RosterRow row;
    row.number = table.rows.size() + 1;
    row.line = line;
    if (cells.size() != table.columns.size())
        problems.push_back(i18n::format(cells.size() < table.columns.size()
                ? _("{1}: {2} field(s), the header has {3} (missing columns)")
                : _("{1}: {2} field(s), the header has {3} (extra columns)"),
            {rowLabel(row), std::to_string(cells.size()), std::to_string(table.columns.size())}));
    row.cells = std::move(cells);
    row.present.assign(row.cells.size(), true);
    table.rows.push_back(std::move(row));
}

RosterTable parseDelimited(std::string_view s, char delimiter, std::vector<std::string>& problems)
{
    RosterTable table;
    std::vector<Record> records;
    if (delimiter == ',') {
        records = csvRecords(s, problems);
    } else {
        for (const auto& [line, text] : physicalLines(s))
            if (!text.empty())
                records.push_back({0, line, splitTabs(text)});
    }
    if (records.empty()) {
        if (problems.empty()) // else the reader already said why (lines ending in CR alone)
            problems.push_back(_("the input has no header line"));
        return table;
    }
    // A sheet whose used range is wider than its data: unnamed columns at the end of the header, blank in
    // every row (Excel writes their commas on every line), are no columns.
    const auto blank = [](const std::string& f) { return f.find_first_not_of(" \t") == std::string::npos; };
    std::vector<std::string>& header = records.front().fields;
    while (header.size() > 1 && blank(header.back())) {
        const std::size_t last = header.size() - 1;
        if (!std::all_of(records.begin() + 1, records.end(), [&](const Record& r) { return r.fields.size() <= last || blank(r.fields[last]); }))
            break;
        header.pop_back();
        for (auto r = records.begin() + 1; r != records.end(); ++r)
            if (r->fields.size() == last + 1)
                r->fields.pop_back();
    }
    table.columns = header;
    checkHeader(table.columns, problems);
    for (std::size_t r = 1; r < records.size(); ++r) {
        // A spreadsheet's empty row (",,,,,," that Excel leaves at the end of a sheet, or tabs alone): no row.
        if (records[r].blank())
            continue;
        std::vector<std::optional<std::string>> cells(records[r].fields.begin(), records[r].fields.end());
        addTextRow(table, records[r].line, std::move(cells), problems);
    }
    return table;
}

RosterTable parseCopy(std::string_view s, std::vector<std::string>& problems)
{
    RosterTable table;
    const auto lines = physicalLines(s);
    std::size_t at = 0;
    bool haveColumns = false;
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (auto columns = copyColumns(lines[i].second)) {
            if (columns->empty())
                problems.push_back(i18n::format(_("line {1}: the COPY statement lists no columns"), {std::to_string(lines[i].first)}));
            table.columns = std::move(*columns);
            at = i + 1;
            haveColumns = true;
            break;
        }
    if (!haveColumns) {
        std::size_t first = 0;
        while (first < lines.size() && lines[first].second.empty())
            ++first;
        if (first == lines.size()) {
            problems.push_back(_("the input has neither a COPY statement nor a header line"));
            return table;
        }
        table.columns = splitTabs(lines[first].second);
        at = first + 1;
    }
    checkHeader(table.columns, problems);
    for (; at < lines.size(); ++at) {
        const auto& [line, text] = lines[at];
        if (text == "\\.")
            break;
        if (text.empty() && haveColumns)
            continue;
        std::vector<std::optional<std::string>> cells;
        for (const std::string& raw : splitTabs(text))
            cells.push_back(copyField(raw));
        addTextRow(table, line, std::move(cells), problems);
    }
    // Octal or hex escapes may spell bytes that are not UTF-8.
    for (const RosterRow& row : table.rows)
        for (const auto& cell : row.cells)
            if (cell && util::firstInvalidUtf8(*cell) != std::string_view::npos) {
                problems.push_back(i18n::format(_("{1}: an escaped value is not valid UTF-8"), {rowLabel(row)}));
                break;
            }
    return table;
}

std::optional<std::string> jsonCell(const io::JsonValue& v, bool& nested)
{
    if (v.IsNull())
        return std::nullopt;
    if (v.IsString())
        return std::string(v.GetString(), v.GetStringLength());
    if (v.IsBool())
        return v.GetBool() ? std::string("true") : std::string("false");
    nested = !v.IsNumber();
    return io::writeJson(v, 0);
}

/// The names of an object's members, sorted (a roster's columns come in name order), each once.
std::vector<std::string> sortedNames(const io::JsonValue& object)
{
    std::set<std::string> names;
    for (const auto& m : object.GetObject())
        names.emplace(m.name.GetString(), m.name.GetStringLength());
    return {names.begin(), names.end()};
}

/// The member `name` of an object (its last value when the name is given twice), or null.
const io::JsonValue* lastMember(const io::JsonValue& object, const std::string& name)
{
    const io::JsonValue* found = nullptr;
    for (const auto& m : object.GetObject())
        if (std::string_view(m.name.GetString(), m.name.GetStringLength()) == name)
            found = &m.value;
    return found;
}

RosterTable parseJson(std::string_view s, std::vector<std::string>& problems)
{
    RosterTable table;
    // One parse with the caps of limits.hpp on outside JSON (size, nesting, string length).
    io::detail::JsonTree tree(s.size());
    try {
        io::detail::parseJson(s, "", tree);
    } catch (const util::FormatError& e) {
        problems.push_back(i18n::format(_("not JSON: {1}"), {e.reason()}));
        return table;
    }
    const io::JsonValue& document = tree.document;
    const io::JsonValue* array = &document;
    if (document.IsObject()) {
        array = nullptr;
        for (const std::string& name : sortedNames(document))
            if (const io::JsonValue* value = lastMember(document, name); value->IsArray()) {
                array = value;
                break;
            }
    }
    if (!array || !array->IsArray()) {
        problems.push_back(_("JSON: expected an array of objects (or an object holding one)"));
        return table;
    }
    for (const io::JsonValue& item : array->GetArray())
        if (item.IsObject())
            for (const std::string& key : sortedNames(item))
                if (std::find(table.columns.begin(), table.columns.end(), key) == table.columns.end())
                    table.columns.push_back(key);
    for (const io::JsonValue& item : array->GetArray()) {
        RosterRow row;
        row.number = table.rows.size() + 1;
        row.cells.resize(table.columns.size());
        row.present.assign(table.columns.size(), false);
        if (!item.IsObject()) {
            problems.push_back(i18n::format(_("{1}: not a JSON object"), {rowLabel(row)}));
        } else {
            for (std::size_t c = 0; c < table.columns.size(); ++c) {
                const io::JsonValue* cell = lastMember(item, table.columns[c]);
                if (!cell)
                    continue;
                bool nested = false;
                row.cells[c] = jsonCell(*cell, nested);
                row.present[c] = true;
                if (nested)
                    problems.push_back(i18n::format(_("{1}: member '{2}' is an array or object, not a value"), {rowLabel(row), table.columns[c]}));
            }
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

} // namespace

RosterError::RosterError(const std::string& file, std::vector<std::string> problems)
    : util::FormatError(file, _("roster"), joinProblems(problems)), m_problems(std::move(problems))
{
}

const char* toString(RosterFormat format)
{
    switch (format) {
    case RosterFormat::Csv: return "csv";
    case RosterFormat::Tsv: return "tsv";
    case RosterFormat::PgCopy: return "pgcopy";
    case RosterFormat::Json: return "json";
    }
    return "csv";
}

RosterFormat rosterFormatFromString(const std::string& name)
{
    for (RosterFormat f : {RosterFormat::Csv, RosterFormat::Tsv, RosterFormat::PgCopy, RosterFormat::Json})
        if (name == toString(f))
            return f;
    throw std::invalid_argument(i18n::format(_("unknown roster format '{1}' (use csv, tsv, pgcopy or json)"), {name}));
}

RosterFormat rosterFormatFromPath(const std::string& path)
{
    const std::string p = util::asciiLower(path);
    const auto endsWith = [&](const char* suffix) {
        const std::string s(suffix);
        return p.size() >= s.size() && p.compare(p.size() - s.size(), s.size(), s) == 0;
    };
    if (endsWith(".tsv") || endsWith(".tab"))
        return RosterFormat::Tsv;
    if (endsWith(".sql") || endsWith(".copy") || endsWith(".pgcopy") || endsWith(".dump"))
        return RosterFormat::PgCopy;
    if (endsWith(".json"))
        return RosterFormat::Json;
    return RosterFormat::Csv;
}

std::ptrdiff_t RosterTable::columnIndex(const std::string& column) const
{
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (columns[i] == column)
            return static_cast<std::ptrdiff_t>(i);
    const std::string wanted = util::asciiLower(column);
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (util::asciiLower(columns[i]) == wanted)
            return static_cast<std::ptrdiff_t>(i);
    return -1;
}

std::string rowLabel(const RosterRow& row)
{
    if (row.line > 0)
        return i18n::format(_("row {1} (line {2})"), {std::to_string(row.number), std::to_string(row.line)});
    return i18n::format(_("row {1}"), {std::to_string(row.number)});
}

RosterTable parseRoster(std::string_view bytes, RosterFormat format, const std::string& sourceName)
{
    std::vector<std::string> problems;
    if (bytes.size() >= 3 && bytes.substr(0, 3) == "\xEF\xBB\xBF")
        bytes.remove_prefix(3);
    if (const std::optional<util::EncodingProblem> encoding
        = util::findEncodingProblem(bytes, format == RosterFormat::Tsv || format == RosterFormat::PgCopy ? '\t' : ','))
        throw RosterError(sourceName, {i18n::format(_("line {1}, column {2} (offset {3}): {4}"),
            {std::to_string(encoding->row), std::to_string(encoding->column), std::to_string(encoding->offset), encoding->message})});
    RosterTable table;
    switch (format) {
    case RosterFormat::Csv: table = parseDelimited(bytes, ',', problems); break;
    case RosterFormat::Tsv: table = parseDelimited(bytes, '\t', problems); break;
    case RosterFormat::PgCopy: table = parseCopy(bytes, problems); break;
    case RosterFormat::Json: table = parseJson(bytes, problems); break;
    }
    for (const RosterRow& row : table.rows)
        for (std::size_t c = 0; c < row.cells.size() && problems.size() <= kMaxProblems; ++c)
            if (row.cells[c] && row.cells[c]->size() > util::limits::kMaxStringBytes)
                problems.push_back(rowLabel(row) + ": "
                    + i18n::format(_("a cell of {1} bytes {2}"), {std::to_string(row.cells[c]->size()),
                        util::limits::limitMessage("kMaxStringBytes", util::limits::kMaxStringBytes, N_("bytes"))}));
    if (!problems.empty()) {
        if (problems.size() > kMaxProblems) {
            const std::size_t more = problems.size() - kMaxProblems;
            problems.resize(kMaxProblems);
            problems.push_back(i18n::format(_("... and {1} more"), {std::to_string(more)}));
        }
        throw RosterError(sourceName, std::move(problems));
    }
    return table;
}

} // namespace sandtable::core::oob
