// SPDX-License-Identifier: GPL-3.0-or-later
// What every catalogue backend shares: identity rules, search text, query language, masked locations.
#include "package_content.hpp"

#include <filesystem>

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

namespace sandtable::catalogue::detail {

bool validScenarioId(const std::string& id)
{
    if (id.empty() || id.size() > 200 || !std::isalnum(static_cast<unsigned char>(id.front())))
        return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':' || c == '-';
    });
}

namespace {

/// "'Title' (pub-battles, battle 'B', 1863-07-01)", for the messages of checkSameScenario.
std::string describe(const std::string& title, const std::string& system, const std::string& battle, const std::string& date)
{
    std::string out = "'" + title + "' (" + system;
    if (!battle.empty())
        out += core::i18n::format(_(", battle '{1}'"), {battle});
    if (!date.empty())
        out += ", " + date;
    return out + ")";
}

} // namespace

void checkSameScenario(const std::string& location, const std::string& id, const std::optional<StoredIdentity>& stored,
    const core::ScenarioSettings& settings, const ExportOptions& options)
{
    if (!stored)
        return;
    const std::string newSystem = core::toString(settings.system);
    const std::string text = core::i18n::format(_("the catalogue's '{1}' (revision {2}) is {3}, this document is {4}"),
        {id, std::to_string(stored->revision), describe(stored->title, stored->system, stored->battle, stored->date),
            describe(settings.title, newSystem, settings.battle, settings.date)});
    if (stored->system != newSystem)
        throw NotARevision(location, id,
            core::i18n::format(_("not a revision of the package already stored under this id: {1}; a revision keeps its game "
                                 "system. Store it under another id (--as-new-id ID)"),
                {text}));
    const bool sameTitle = stored->title == settings.title;
    const bool sameBattleAndDate = (!stored->battle.empty() || !stored->date.empty()) && stored->battle == settings.battle
        && stored->date == settings.date;
    if (!sameTitle && !sameBattleAndDate && !options.asRevision)
        throw NotARevision(location, id,
            core::i18n::format(_("not a revision of the package already stored under this id: {1}; a revision keeps its title, "
                                 "or its battle and date. Store it under another id (--as-new-id ID), or, if it is this "
                                 "scenario renamed, export it with --as-revision"),
                {text}));
}

namespace {

void addPart(std::string& out, const std::string& part)
{
    if (part.empty())
        return;
    if (!out.empty())
        out += "; ";
    out += part;
}

} // namespace

SearchText searchTextOf(const core::Scenario& scenario)
{
    SearchText t;
    const core::ScenarioSettings& s = scenario.settings;
    t.title = s.title;
    t.battle = s.battle;
    t.date = s.date;
    t.description = s.description;
    for (const core::Side& side : scenario.sides)
        addPart(t.names, side.name);
    for (const core::Formation& f : scenario.formations)
        addPart(t.names, f.name);
    for (const core::Unit& u : scenario.units)
        addPart(t.names, u.name);
    std::set<std::string> places;
    std::vector<std::string> placeOrder;
    const auto place = [&](const std::string& name) {
        if (!name.empty() && places.insert(name).second)
            placeOrder.push_back(name);
    };
    if (scenario.tableBattles) {
        const core::TableBattlesSet& set = *scenario.tableBattles;
        addPart(t.names, set.scenario.name);
        for (const auto& army : set.scenario.armies)
            addPart(t.names, army.name);
        for (const core::FormationCard& c : set.cards)
            addPart(t.names, c.name);
        addPart(t.rules, set.scenario.specialRules);
        for (const core::FormationCard& c : set.cards)
            addPart(t.rules, c.specialRule);
        std::set<std::string> kinds;
        for (const core::FormationCard& c : set.cards)
            for (const core::CardAction& a : c.actions)
                if (kinds.insert(core::toString(a.kind)).second)
                    addPart(t.rules, core::toString(a.kind));
        for (const core::FormationCard& c : set.cards)
            for (const core::CardAction& a : c.actions)
                addPart(t.rules, a.requirement);
    }
    if (scenario.campaign) {
        for (const core::CampaignForce& f : scenario.campaign->forces)
            addPart(t.names, f.name);
        for (const core::Objective& o : scenario.campaign->objectives)
            place(o.name);
    }
    for (const core::TerrainFeature& f : scenario.terrain)
        place(f.name);
    for (const std::string& p : placeOrder)
        addPart(t.places, p);
    return t;
}

namespace {

/// Typographic punctuation and spaces that FTS5's unicode61 separates words at (UTF-8 sequences).
bool separatorAt(std::string_view text, std::size_t i, std::size_t& length)
{
    static constexpr std::string_view kSeparators[] = {"\u00a0", "\u00ab", "\u00bb", "\u00b7", "\u2010", "\u2011", "\u2012", "\u2013",
        "\u2014", "\u2018", "\u2019", "\u201a", "\u201c", "\u201d", "\u201e", "\u2026", "\u2032", "\u2033", "\u202f", "\u00b0"};
    for (std::string_view s : kSeparators)
        if (text.substr(i, s.size()) == s) {
            length = s.size();
            return true;
        }
    return false;
}

bool tokenByte(unsigned char c) { return std::isalnum(c) || c >= 0x80; }

} // namespace

std::vector<std::string> searchTokens(std::string_view text)
{
    std::vector<std::string> out;
    std::string word;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = 0;
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80 && separatorAt(text, i, length)) {
            i += length;
        } else if (tokenByte(c)) {
            word += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
            ++i;
            continue;
        } else {
            ++i;
        }
        if (!word.empty())
            out.push_back(std::move(word));
        word.clear();
    }
    if (!word.empty())
        out.push_back(std::move(word));
    return out;
}

std::string searchTokenText(std::string_view text)
{
    std::string out;
    for (const std::string& t : searchTokens(text)) {
        if (!out.empty())
            out += ' ';
        out += t;
    }
    return out;
}

namespace {

struct Lexeme {
    enum class Kind { Word, String, Open, Close, And, Or, Not, End };
    Kind kind = Kind::End;
    std::string text;      ///< Word, String: its text (a String without quotes, "" undoubled)
    std::string column;    ///< a column filter before it
};

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<Lexeme> lex(const std::string& text)
{
    std::vector<Lexeme> out;
    std::string column;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (space(c)) {
            ++i;
        } else if (c == '(' || c == ')') {
            out.push_back({c == '(' ? Lexeme::Kind::Open : Lexeme::Kind::Close, "", column});
            column.clear();
            ++i;
        } else if (c == '"') {
            std::string s;
            std::size_t j = i + 1;
            bool closed = false;
            while (j < text.size()) {
                if (text[j] == '"') {
                    if (j + 1 < text.size() && text[j + 1] == '"') {
                        s += '"';
                        j += 2;
                        continue;
                    }
                    closed = true;
                    break;
                }
                s += text[j++];
            }
            if (!closed)
                throw std::invalid_argument("unterminated string");
            i = j + 1;
            if (i < text.size() && text[i] == '*') {
                s += '*';
                ++i;
            }
            out.push_back({Lexeme::Kind::String, s, column});
            column.clear();
        } else {
            std::size_t j = i;
            while (j < text.size() && !space(text[j]) && text[j] != '(' && text[j] != ')' && text[j] != '"')
                ++j;
            std::string word = text.substr(i, j - i);
            i = j;
            if (word == "AND" || word == "OR" || word == "NOT") {
                out.push_back({word == "AND" ? Lexeme::Kind::And : word == "OR" ? Lexeme::Kind::Or : Lexeme::Kind::Not, "", ""});
                continue;
            }
            if (word == "+")
                continue;
            if (const auto colon = word.find(':'); colon != std::string::npos) {
                const std::string name = word.substr(word.front() == '-' ? 1 : 0, colon - (word.front() == '-' ? 1 : 0));
                if (std::find(std::begin(kSearchColumnNames), std::end(kSearchColumnNames), name) != std::end(kSearchColumnNames)) {
                    if (word.front() != '-')
                        column = name;
                    word.erase(0, colon + 1);
                    if (word.empty())
                        continue; // "title:" then a string or a group
                }
            }
            if (!word.empty() && word.front() == '^')
                word.erase(0, 1);
            out.push_back({Lexeme::Kind::Word, word, column});
            column.clear();
        }
    }
    out.push_back({Lexeme::Kind::End, "", ""});
    return out;
}

std::unique_ptr<QueryNode> phrase(std::string text, const std::string& column)
{
    auto node = std::make_unique<QueryNode>();
    node->column = column;
    if (text.size() > 1 && text.back() == '*') {
        node->prefix = true;
        text.pop_back();
    }
    node->tokens = searchTokens(text);
    if (node->tokens.empty())
        return nullptr;
    return node;
}

void setColumn(QueryNode& node, const std::string& column)
{
    if (node.kind == QueryNode::Kind::Phrase) {
        if (node.column.empty())
            node.column = column;
        return;
    }
    for (auto& child : node.children)
        setColumn(*child, column);
}

std::unique_ptr<QueryNode> combine(QueryNode::Kind kind, std::vector<std::unique_ptr<QueryNode>> parts)
{
    std::erase(parts, nullptr);
    if (parts.empty())
        return nullptr;
    if (parts.size() == 1)
        return std::move(parts.front());
    auto node = std::make_unique<QueryNode>();
    node->kind = kind;
    node->children = std::move(parts);
    return node;
}

class Parser {
public:
    explicit Parser(std::vector<Lexeme> lexemes) : m_lexemes(std::move(lexemes)) {}

    std::unique_ptr<QueryNode> parse()
    {
        auto node = orExpression();
        if (peek() != Lexeme::Kind::End)
            throw std::invalid_argument("unexpected text");
        return node;
    }

private:
    Lexeme::Kind peek() const { return m_lexemes[m_at].kind; }

    bool startsPrimary() const
    {
        const auto k = peek();
        return k == Lexeme::Kind::Word || k == Lexeme::Kind::String || k == Lexeme::Kind::Open;
    }

    std::unique_ptr<QueryNode> orExpression()
    {
        std::vector<std::unique_ptr<QueryNode>> parts;
        parts.push_back(andExpression());
        while (peek() == Lexeme::Kind::Or) {
            ++m_at;
            parts.push_back(andExpression());
        }
        return combine(QueryNode::Kind::Or, std::move(parts));
    }

    std::unique_ptr<QueryNode> andExpression()
    {
        std::vector<std::unique_ptr<QueryNode>> parts;
        parts.push_back(notExpression());
        for (;;) {
            if (peek() == Lexeme::Kind::And) {
                ++m_at;
                parts.push_back(notExpression());
            } else if (startsPrimary()) {
                parts.push_back(notExpression());
            } else {
                break;
            }
        }
        return combine(QueryNode::Kind::And, std::move(parts));
    }

    std::unique_ptr<QueryNode> notExpression()
    {
        auto node = primary();
        while (peek() == Lexeme::Kind::Not) {
            ++m_at;
            auto excluded = primary();
            if (!node)
                throw std::invalid_argument("NOT without a left operand");
            if (!excluded)
                continue;
            auto n = std::make_unique<QueryNode>();
            n->kind = QueryNode::Kind::Not;
            n->children.push_back(std::move(node));
            n->children.push_back(std::move(excluded));
            node = std::move(n);
        }
        return node;
    }

    std::unique_ptr<QueryNode> primary()
    {
        const Lexeme& l = m_lexemes[m_at];
        switch (l.kind) {
        case Lexeme::Kind::Word:
        case Lexeme::Kind::String:
            ++m_at;
            return phrase(l.text, l.column);
        case Lexeme::Kind::Open: {
            ++m_at;
            auto node = orExpression();
            if (peek() != Lexeme::Kind::Close)
                throw std::invalid_argument("unclosed parenthesis");
            ++m_at;
            if (node && !l.column.empty())
                setColumn(*node, l.column);
            return node;
        }
        default:
            throw std::invalid_argument("an operand is missing");
        }
    }

    std::vector<Lexeme> m_lexemes;
    std::size_t m_at = 0;
};

} // namespace

std::unique_ptr<QueryNode> parseQuery(const std::string& text)
{
    return Parser(lex(text)).parse();
}

std::unique_ptr<QueryNode> plainWordsQuery(const std::string& text)
{
    std::vector<std::unique_ptr<QueryNode>> parts;
    std::string word;
    const auto flush = [&] {
        if (!word.empty())
            parts.push_back(phrase(word, ""));
        word.clear();
    };
    for (char c : text) {
        if (space(c))
            flush();
        else
            word += c;
    }
    flush();
    return combine(QueryNode::Kind::And, std::move(parts));
}

bool isDatabaseLocation(std::string_view value)
{
    return value.starts_with("PG:") || value.starts_with("postgresql://") || value.starts_with("postgres://");
}

std::string conninfoOf(std::string_view value)
{
    if (value.starts_with("PG:"))
        value.remove_prefix(3);
    return std::string(value);
}

std::string maskPassword(std::string_view text)
{
    std::string out(text);
    // URI: scheme://user:password@host
    if (const auto scheme = out.find("://"); scheme != std::string::npos) {
        const auto authorityEnd = out.find_first_of("/?", scheme + 3);
        const auto at = out.rfind('@', authorityEnd == std::string::npos ? std::string::npos : authorityEnd);
        if (at != std::string::npos && at > scheme + 3) {
            const auto colon = out.find(':', scheme + 3);
            if (colon != std::string::npos && colon < at)
                out.replace(colon + 1, at - colon - 1, "***");
        }
    }
    // key=value (conninfo) and password=... in a URI's query: the value up to a space or '&', or a quoted one
    for (std::size_t at = 0; (at = out.find("password", at)) != std::string::npos;) {
        std::size_t i = at + 8;
        while (i < out.size() && out[i] == ' ')
            ++i;
        if (i >= out.size() || out[i] != '=') {
            at = i;
            continue;
        }
        ++i;
        while (i < out.size() && out[i] == ' ')
            ++i;
        std::size_t end = i;
        if (end < out.size() && out[end] == '\'') {
            ++end;
            while (end < out.size() && out[end] != '\'') {
                if (out[end] == '\\')
                    ++end;
                ++end;
            }
            end = std::min(out.size(), end + 1);
        } else {
            while (end < out.size() && out[end] != ' ' && out[end] != '&')
                ++end;
        }
        out.replace(i, end - i, "***");
        at = i + 3;
    }
    return out;
}

std::string extractedRasterName(const std::string& mapPath, const std::string& id)
{
    const std::string name = std::filesystem::path(mapPath).filename().string();
    return name.empty() || name == "." || name == ".." ? id + ".raster" : name;
}

} // namespace sandtable::catalogue::detail
