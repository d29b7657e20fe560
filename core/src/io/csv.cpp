// SPDX-License-Identifier: GPL-3.0-or-later
// The one CSV tokenizer (RFC 4180): quotes, doubled quotes, CR LF, a byte order mark, comment lines.
#include "sandtable/core/io/csv.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>

namespace sandtable::core::io {

bool CsvRecord::blank() const
{
    return !quoted && !comment
        && std::all_of(fields.begin(), fields.end(), [](const std::string& f) { return f.find_first_not_of(" \t") == std::string::npos; });
}

namespace {

class Tokenizer {
public:
    Tokenizer(std::string_view text, const CsvOptions& options) : m_text(text), m_options(options)
    {
        if (m_text.substr(0, 3) == "\xEF\xBB\xBF")
            m_text.remove_prefix(3);
    }

    CsvText run()
    {
        while (m_at < m_text.size() && !m_stopped) {
            CsvRecord record{m_row, m_line, {}};
            if (m_options.comment != '\0' && m_text[m_at] == m_options.comment)
                readComment(record);
            else
                readRecord(record);
            // An empty line holds no record (its row is counted).
            const bool empty = !record.comment && record.fields.size() == 1 && record.fields[0].empty() && !record.quoted;
            if (!m_stopped && !empty)
                m_out.records.push_back(std::move(record));
            ++m_row;
        }
        return std::move(m_out);
    }

private:
    std::string_view m_text;
    const CsvOptions& m_options;
    CsvText m_out;
    std::size_t m_at = 0, m_row = 1, m_line = 1;
    bool m_stopped = false;

    char peek(std::size_t ahead = 0) const { return m_at + ahead < m_text.size() ? m_text[m_at + ahead] : '\0'; }
    bool atEnd() const { return m_at >= m_text.size(); }

    void problem(CsvSyntaxProblem::Kind kind, const CsvRecord& record, std::size_t line)
    {
        m_out.problems.push_back({kind, record.row, line, record.fields.size() + 1});
        if (m_options.stopAtFirstProblem)
            m_stopped = true;
    }

    void readComment(CsvRecord& record)
    {
        const std::size_t end = std::min(m_text.find('\n', m_at), m_text.size());
        std::string_view line = m_text.substr(m_at, end - m_at);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        record.fields.emplace_back(line);
        record.comment = true;
        m_at = end + 1;
        ++m_line;
    }

    /// A quoted field from its opening quote; false when the text ends inside it.
    bool readQuoted(std::string& field)
    {
        ++m_at;
        while (!atEnd()) {
            const char c = m_text[m_at];
            if (c == '"') {
                if (peek(1) == '"') {
                    field += '"';
                    m_at += 2;
                    continue;
                }
                ++m_at;
                return true;
            }
            if (c == '\n')
                ++m_line;
            field += c;
            ++m_at;
        }
        return false;
    }

    void readRecord(CsvRecord& record)
    {
        std::string field;
        bool fieldQuoted = false;
        while (!atEnd() && !m_stopped) {
            const char c = m_text[m_at];
            if (c == '"' && field.empty() && !fieldQuoted) {
                fieldQuoted = record.quoted = true;
                const std::size_t line = m_line;
                if (!readQuoted(field)) {
                    problem(CsvSyntaxProblem::Kind::UnclosedQuote, record, line);
                    break;
                }
                if (!atEnd() && peek() != m_options.delimiter && peek() != '\n' && peek() != '\r')
                    problem(CsvSyntaxProblem::Kind::TextAfterClosingQuote, record, m_line);
            } else if (c == m_options.delimiter) {
                record.fields.push_back(std::move(field));
                field.clear();
                fieldQuoted = false;
                ++m_at;
            } else if (c == '\r' && peek(1) == '\n') {
                ++m_at;
            } else if (c == '\r') {
                problem(CsvSyntaxProblem::Kind::LoneCarriageReturn, record, m_line);
                ++m_at;
            } else if (c == '\n') {
                ++m_at;
                ++m_line;
                break;
            } else {
                if (c == '"' && !fieldQuoted)
                    problem(CsvSyntaxProblem::Kind::QuoteInUnquotedField, record, m_line);
                field += c;
                ++m_at;
            }
        }
        record.fields.push_back(std::move(field));
    }
};

} // namespace

CsvText readCsv(std::string_view text, const CsvOptions& options) { return Tokenizer(text, options).run(); }

std::string csvProblemReason(CsvSyntaxProblem::Kind kind)
{
    switch (kind) {
    case CsvSyntaxProblem::Kind::UnclosedQuote: return _("the quote opened here is never closed");
    case CsvSyntaxProblem::Kind::TextAfterClosingQuote: return _("text after the closing quote (a quote inside a field is written \"\")");
    case CsvSyntaxProblem::Kind::QuoteInUnquotedField:
        return _("a quote inside an unquoted field (quote the whole field and double the quote)");
    case CsvSyntaxProblem::Kind::LoneCarriageReturn: return _("a carriage return that does not end a line");
    }
    return {};
}

std::string csvField(const std::string& field, char delimiter)
{
    if (field.find_first_of(std::string{delimiter, '"', '\r', '\n'}) == std::string::npos)
        return field;
    std::string out = "\"";
    for (const char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

} // namespace sandtable::core::io
