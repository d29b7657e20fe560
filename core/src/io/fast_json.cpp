// SPDX-License-Identifier: GPL-3.0-or-later
// One-pass JSON parser into an arena (see fast_json.hpp). It follows nlohmann's lexer: the same grammar,
// the same UTF-8 check and \u escapes, whole numbers as int64 (negative) or uint64 (otherwise) unless
// they overflow, then as doubles, correctly rounded (std::from_chars, as strtod).
#include "fast_json.hpp"

#include "sandtable/core/util/limits.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <future>
#include <string>
#include <system_error>

namespace sandtable::core::fastjson {

const Value* Value::find(std::string_view key) const
{
    if (kind != Kind::Object)
        return nullptr;
    for (std::uint32_t i = 0; i < size; ++i)
        if (members[i].name() == key)
            return &members[i].value;
    return nullptr;
}

struct Document::Impl {
    // Arena: blocks that live as long as the document.
    std::vector<std::unique_ptr<char[]>> blocks;
    char* next = nullptr;
    std::size_t left = 0;

    std::vector<Value> values;   // items of the arrays being parsed, innermost last
    std::vector<Member> members; // members of the objects being parsed
    std::string scratch;         // a string with escapes, decoded

    const char* p = nullptr;
    const char* end = nullptr;
    std::size_t depth = 0;
    std::size_t maxDepth = 0;

    // The second half of a long array, parsed ahead on another thread (see Document::parse).
    struct Ahead {
        std::unique_ptr<Impl> impl; ///< its arena and the items it read
        const char* end = nullptr;  ///< the ']' closing the array
        bool ok = false;
    };
    const char* splitAt = nullptr;
    std::future<Ahead>* ahead = nullptr;

    void* allocate(std::size_t bytes)
    {
        bytes = (bytes + 7) & ~std::size_t{7};
        if (bytes > left) {
            constexpr std::size_t kBlock = std::size_t{4} << 20;
            const std::size_t size = std::max(kBlock, bytes);
            blocks.emplace_back(new char[size]);
            next = blocks.back().get();
            left = size;
        }
        void* out = next;
        next += bytes;
        left -= bytes;
        return out;
    }

    void skipSpace()
    {
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
            ++p;
    }

    static int hex(char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    /// Four hex digits at p (after "\u"); -1 when they are not.
    int codeUnit()
    {
        if (end - p < 4)
            return -1;
        int value = 0;
        for (int i = 0; i < 4; ++i) {
            const int d = hex(p[i]);
            if (d < 0)
                return -1;
            value = value * 16 + d;
        }
        p += 4;
        return value;
    }

    static void appendUtf8(std::string& out, std::uint32_t cp)
    {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }

    /// A UTF-8 sequence starting with the byte at p (>= 0x80), as nlohmann's lexer accepts it (RFC 3629).
    bool utf8Sequence()
    {
        const auto byte = [&](std::ptrdiff_t i) { return static_cast<unsigned char>(p[i]); };
        const auto in = [](unsigned char c, unsigned char lo, unsigned char hi) { return c >= lo && c <= hi; };
        const unsigned char c = byte(0);
        std::ptrdiff_t n = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (in(c, 0xC2, 0xDF))
            n = 2;
        else if (c == 0xE0)
            n = 3, lo = 0xA0;
        else if (in(c, 0xE1, 0xEC) || in(c, 0xEE, 0xEF))
            n = 3;
        else if (c == 0xED)
            n = 3, hi = 0x9F;
        else if (c == 0xF0)
            n = 4, lo = 0x90;
        else if (in(c, 0xF1, 0xF3))
            n = 4;
        else if (c == 0xF4)
            n = 4, hi = 0x8F;
        else
            return false;
        if (end - p < n || !in(byte(1), lo, hi))
            return false;
        for (std::ptrdiff_t i = 2; i < n; ++i)
            if (!in(byte(i), 0x80, 0xBF))
                return false;
        p += n;
        return true;
    }

    /// A string at p (on its opening quote) into (text, size).
    bool string(const char*& text, std::uint32_t& size)
    {
        const char* start = ++p;
        bool escaped = false;
        while (true) {
            if (p >= end)
                return false;
            const auto c = static_cast<unsigned char>(*p);
            if (c == '"')
                break;
            if (c == '\\') {
                if (end - p < 2)
                    return false;
                escaped = true;
                p += 2; // checked (and decoded) below
                continue;
            }
            if (c < 0x20)
                return false;
            if (c >= 0x80) {
                if (!utf8Sequence())
                    return false;
                continue;
            }
            ++p;
        }
        const std::size_t raw = static_cast<std::size_t>(p - start);
        if (raw > limits::kMaxStringBytes)
            return false;
        const char* close = p;
        ++p;
        if (!escaped) {
            text = start;
            size = static_cast<std::uint32_t>(raw);
            return true;
        }
        // Decode the escapes of [start, close).
        scratch.clear();
        const char* saved = p;
        p = start;
        while (p < close) {
            const char c = *p;
            if (c != '\\') {
                scratch.push_back(c);
                ++p;
                continue;
            }
            ++p;
            if (p >= close)
                return false;
            const char e = *p++;
            switch (e) {
            case '"': scratch.push_back('"'); break;
            case '\\': scratch.push_back('\\'); break;
            case '/': scratch.push_back('/'); break;
            case 'b': scratch.push_back('\b'); break;
            case 'f': scratch.push_back('\f'); break;
            case 'n': scratch.push_back('\n'); break;
            case 'r': scratch.push_back('\r'); break;
            case 't': scratch.push_back('\t'); break;
            case 'u': {
                if (close - p < 4)
                    return false;
                int unit = codeUnit();
                if (unit < 0)
                    return false;
                std::uint32_t cp = static_cast<std::uint32_t>(unit);
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (close - p < 6 || p[0] != '\\' || p[1] != 'u')
                        return false;
                    p += 2;
                    const int low = codeUnit();
                    if (low < 0xDC00 || low > 0xDFFF)
                        return false;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<std::uint32_t>(low) - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    return false;
                }
                appendUtf8(scratch, cp);
                break;
            }
            default: return false;
            }
        }
        p = saved;
        char* copy = static_cast<char*>(allocate(scratch.size() + 1));
        std::memcpy(copy, scratch.data(), scratch.size());
        copy[scratch.size()] = '\0';
        text = copy;
        size = static_cast<std::uint32_t>(scratch.size());
        return true;
    }

    bool number(Value& out)
    {
        const char* start = p;
        const bool negative = *p == '-';
        if (negative)
            ++p;
        if (p >= end)
            return false;
        const char* digits = p;
        if (*p == '0') {
            ++p;
        } else if (*p >= '1' && *p <= '9') {
            while (p < end && *p >= '0' && *p <= '9')
                ++p;
        } else {
            return false;
        }
        const char* digitsEnd = p;
        bool isFloat = false;
        if (p < end && *p == '.') {
            isFloat = true;
            ++p;
            if (p >= end || *p < '0' || *p > '9')
                return false;
            while (p < end && *p >= '0' && *p <= '9')
                ++p;
        }
        if (p < end && (*p == 'e' || *p == 'E')) {
            isFloat = true;
            ++p;
            if (p < end && (*p == '+' || *p == '-'))
                ++p;
            if (p >= end || *p < '0' || *p > '9')
                return false;
            while (p < end && *p >= '0' && *p <= '9')
                ++p;
        }
        if (!isFloat) {
            // As strtoull / strtoll: exact when it fits, else (ERANGE) read as a double below.
            std::uint64_t magnitude = 0;
            bool overflow = false;
            for (const char* d = digits; d < digitsEnd; ++d) {
                const auto digit = static_cast<std::uint64_t>(*d - '0');
                if (magnitude > (UINT64_MAX - digit) / 10) {
                    overflow = true;
                    break;
                }
                magnitude = magnitude * 10 + digit;
            }
            if (!overflow) {
                if (!negative) {
                    out.kind = Kind::Unsigned;
                    out.unsignedInteger = magnitude;
                    return true;
                }
                if (magnitude <= std::uint64_t{1} << 63) {
                    out.kind = Kind::Integer;
                    out.integer = magnitude == (std::uint64_t{1} << 63) ? INT64_MIN : -static_cast<std::int64_t>(magnitude);
                    return true;
                }
            }
        }
        double value = 0.0;
        const auto result = std::from_chars(start, p, value);
        if (result.ec != std::errc() || result.ptr != p || !std::isfinite(value))
            return false;
        out.kind = Kind::Float;
        out.number = value;
        return true;
    }

    bool literal(const char* word, std::size_t n)
    {
        if (static_cast<std::size_t>(end - p) < n || std::memcmp(p, word, n) != 0)
            return false;
        p += n;
        return true;
    }

    bool value(Value& out)
    {
        if (p >= end)
            return false;
        switch (*p) {
        case '{': return object(out);
        case '[': return array(out);
        case '"': out.kind = Kind::String; return string(out.text, out.size);
        case 't': out.kind = Kind::True; return literal("true", 4);
        case 'f': out.kind = Kind::False; return literal("false", 5);
        case 'n': out.kind = Kind::Null; return literal("null", 4);
        default: return number(out);
        }
    }

    /// At an item of an array starting at splitAt: takes the items parsed ahead (when they parsed) and
    /// moves to the array's ']'; false when they did not (then this thread parses on).
    bool adopt()
    {
        splitAt = nullptr;
        Ahead chunk = ahead->get();
        if (!chunk.ok || depth + chunk.impl->maxDepth > limits::kMaxJsonDepth)
            return false;
        Impl& other = *chunk.impl;
        values.insert(values.end(), other.values.begin(), other.values.end());
        for (auto& block : other.blocks)
            blocks.push_back(std::move(block));
        p = chunk.end;
        return true;
    }

    /// Array items from p (at the first one) to the ']' closing their array, left on `values`; for the
    /// thread that parses ahead. Depth counts from the array's.
    bool items()
    {
        while (true) {
            skipSpace();
            Value item;
            if (!value(item))
                return false;
            values.push_back(item);
            skipSpace();
            if (p >= end)
                return false;
            if (*p == ',') {
                ++p;
                continue;
            }
            return *p == ']';
        }
    }

    bool array(Value& out)
    {
        if (++depth > limits::kMaxJsonDepth)
            return false;
        maxDepth = std::max(maxDepth, depth);
        ++p;
        const std::size_t base = values.size();
        skipSpace();
        if (p < end && *p == ']') {
            ++p;
        } else {
            while (true) {
                skipSpace();
                if (p == splitAt && adopt()) {
                    ++p; // the ']'
                    break;
                }
                Value item;
                if (!value(item))
                    return false;
                values.push_back(item);
                skipSpace();
                if (p >= end)
                    return false;
                if (*p == ',') {
                    ++p;
                    continue;
                }
                if (*p == ']') {
                    ++p;
                    break;
                }
                return false;
            }
        }
        const std::size_t n = values.size() - base;
        out.size = static_cast<std::uint32_t>(n);
        bool floats = n > 0;
        for (std::size_t i = base; floats && i < values.size(); ++i)
            floats = values[i].kind == Kind::Float;
        if (floats) {
            // Coordinates: plain doubles, a third of the memory of Values.
            auto* numbers = static_cast<double*>(allocate(n * sizeof(double)));
            for (std::size_t i = 0; i < n; ++i)
                numbers[i] = values[base + i].number;
            out.kind = Kind::Numbers;
            out.numbers = numbers;
        } else if (n > 0) {
            auto* items = static_cast<Value*>(allocate(n * sizeof(Value)));
            std::memcpy(static_cast<void*>(items), values.data() + base, n * sizeof(Value));
            out.kind = Kind::Array;
            out.items = items;
        } else {
            out.kind = Kind::Array;
            out.items = nullptr;
        }
        values.resize(base);
        --depth;
        return true;
    }

    bool object(Value& out)
    {
        if (++depth > limits::kMaxJsonDepth)
            return false;
        maxDepth = std::max(maxDepth, depth);
        ++p;
        const std::size_t base = members.size();
        skipSpace();
        if (p < end && *p == '}') {
            ++p;
        } else {
            while (true) {
                skipSpace();
                if (p >= end || *p != '"')
                    return false;
                Member m;
                if (!string(m.key, m.keySize))
                    return false;
                skipSpace();
                if (p >= end || *p != ':')
                    return false;
                ++p;
                skipSpace();
                if (!value(m.value))
                    return false;
                members.push_back(m);
                skipSpace();
                if (p >= end)
                    return false;
                if (*p == ',') {
                    ++p;
                    continue;
                }
                if (*p == '}') {
                    ++p;
                    break;
                }
                return false;
            }
        }
        const std::size_t n = members.size() - base;
        // A repeated key: nlohmann keeps the last value (at the first key's place in ordered_json); leave
        // that rare case to it.
        if (n > 1) {
            if (n <= 16) {
                for (std::size_t i = base; i < members.size(); ++i)
                    for (std::size_t j = i + 1; j < members.size(); ++j)
                        if (members[i].name() == members[j].name())
                            return false;
            } else {
                std::vector<std::string_view> names;
                names.reserve(n);
                for (std::size_t i = base; i < members.size(); ++i)
                    names.push_back(members[i].name());
                std::sort(names.begin(), names.end());
                if (std::adjacent_find(names.begin(), names.end()) != names.end())
                    return false;
            }
        }
        out.kind = Kind::Object;
        out.size = static_cast<std::uint32_t>(n);
        if (n > 0) {
            auto* copy = static_cast<Member*>(allocate(n * sizeof(Member)));
            std::memcpy(static_cast<void*>(copy), members.data() + base, n * sizeof(Member));
            out.members = copy;
        } else {
            out.members = nullptr;
        }
        members.resize(base);
        --depth;
        return true;
    }
};

Document::Document() : m_impl(std::make_unique<Impl>()) {}
Document::~Document() = default;

namespace {

/// Where a second thread may start parsing `text`: an object after a comma (an item of an array of
/// objects, such as a terrain feature) near the middle; null for short texts. Only a guess: the first
/// thread uses the result only if it reaches that very place as the start of an array item.
const char* splitPoint(std::string_view text)
{
    constexpr std::size_t kMinBytes = std::size_t{1} << 20;
    if (text.size() < kMinBytes)
        return nullptr;
    const char* const end = text.data() + text.size();
    for (const char* c = text.data() + text.size() / 2; c < end; ++c) {
        if (*c != '{')
            continue;
        const char* b = c;
        while (b > text.data() && (b[-1] == ' ' || b[-1] == '\n' || b[-1] == '\r' || b[-1] == '\t'))
            --b;
        if (b > text.data() + 1 && b[-1] == ',') {
            const char* before = b - 1;
            while (before > text.data() && (before[-1] == ' ' || before[-1] == '\n' || before[-1] == '\r' || before[-1] == '\t'))
                --before;
            if (before > text.data() && before[-1] == '}')
                return c;
        }
    }
    return nullptr;
}

} // namespace

bool Document::parse(std::string_view text)
{
    Impl& in = *m_impl;
    if (text.size() > limits::kMaxScenarioFileBytes)
        return false;
    in.p = text.data();
    in.end = text.data() + text.size();
    in.depth = 0;
    in.maxDepth = 0;
    in.values.clear();
    in.members.clear();
    in.values.reserve(1024);
    in.members.reserve(256);
    m_root = Value();
    // nlohmann skips a UTF-8 byte-order mark; leave that to it.
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF)
        return false;
    // A long document is parsed from both ends of a guessed split: the second half of the array holding
    // the split (the terrain) on another thread, adopted when this thread gets there.
    std::future<Impl::Ahead> ahead;
    if (const char* split = splitPoint(text)) {
        try {
            ahead = std::async(std::launch::async, [split, end = in.end] {
                Impl::Ahead out;
                out.impl = std::make_unique<Impl>();
                Impl& other = *out.impl;
                other.p = split;
                other.end = end;
                other.values.reserve(1024);
                other.members.reserve(256);
                out.ok = other.items();
                out.end = other.p;
                return out;
            });
            in.splitAt = split;
            in.ahead = &ahead;
        } catch (const std::system_error&) {
            // no second thread: one parse from the start
        }
    }
    in.skipSpace();
    const bool parsed = in.value(m_root);
    in.splitAt = nullptr;
    in.ahead = nullptr;
    if (ahead.valid())
        ahead.wait();
    if (!parsed)
        return false;
    in.skipSpace();
    return in.p == in.end;
}

nlohmann::ordered_json Document::toOrderedJson(const Value& v)
{
    switch (v.kind) {
    case Kind::Null: return nullptr;
    case Kind::False: return false;
    case Kind::True: return true;
    case Kind::Integer: return v.integer;
    case Kind::Unsigned: return v.unsignedInteger;
    case Kind::Float: return v.number;
    case Kind::String: return std::string(v.string());
    case Kind::Array:
    case Kind::Numbers: {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        out.get_ref<nlohmann::ordered_json::array_t&>().reserve(v.size);
        for (std::uint32_t i = 0; i < v.size; ++i)
            out.push_back(toOrderedJson(v.item(i)));
        return out;
    }
    case Kind::Object: {
        nlohmann::ordered_json out = nlohmann::ordered_json::object();
        for (std::uint32_t i = 0; i < v.size; ++i)
            out.emplace(std::string(v.members[i].name()), toOrderedJson(v.members[i].value));
        return out;
    }
    }
    return nullptr;
}

} // namespace sandtable::core::fastjson
