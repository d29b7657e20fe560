// SPDX-License-Identifier: GPL-3.0-or-later
// JSON output: JsonOut's attribute values, and the deterministic text of a value through RapidJSON's Writer
// (one line) and PrettyWriter (indented).
#include "sandtable/core/io/json.hpp"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <charconv>
#include <cmath>

namespace sandtable::core::io {

JsonValue JsonOut::attribute(const AttributeValue& v)
{
    switch (v.kind()) {
    case AttributeValue::Kind::Null: return JsonValue();
    case AttributeValue::Kind::Boolean: return value(v.asBool());
    case AttributeValue::Kind::Integer: return value(v.asInteger());
    case AttributeValue::Kind::Number: return value(v.asNumber());
    case AttributeValue::Kind::String: return string(v.asString());
    case AttributeValue::Kind::Array: return value(v.asArray());
    case AttributeValue::Kind::Object: return attributes(v.asObject());
    }
    return JsonValue();
}

JsonValue JsonOut::attributes(const Attributes& a)
{
    JsonValue out(rapidjson::kObjectType);
    for (const auto& [name, v] : a) {
        JsonValue key = string(name);
        JsonValue item = attribute(v);
        out.AddMember(key, item, m_pool);
    }
    return out;
}

namespace {

/// The length of the well-formed UTF-8 sequence at the start of `s` (Unicode 15, table 3-7), or 0 when it is
/// ill-formed; `maximalSubpart` is then the length of its longest well-formed beginning (at least 1).
std::size_t utf8Sequence(std::string_view s, std::size_t& maximalSubpart)
{
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = b(0);
    maximalSubpart = 1;
    if (lead < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // the second byte's range
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80;
        high = lead == 0xED ? 0x9F : 0xBF;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF;
    } else
        return 0;
    for (std::size_t i = 1; i < length; ++i) {
        const bool ok = i < s.size() && b(i) >= (i == 1 ? low : 0x80) && b(i) <= (i == 1 ? high : 0xBF);
        if (!ok)
            return 0;
        maximalSubpart = i + 1;
    }
    return length;
}

/// Whether RapidJSON's own escaping writes `s` as sandtable does: well-formed UTF-8 with no control
/// character other than those with a short escape (\b \t \n \f \r; RapidJSON writes the others' \u escapes
/// with uppercase hex digits).
bool plainString(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if (c < 0x20 && c != '\b' && c != '\t' && c != '\n' && c != '\f' && c != '\r')
                return false;
            ++i;
            continue;
        }
        std::size_t subpart = 0;
        const std::size_t n = utf8Sequence(s.substr(i), subpart);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

/// `s` as a JSON string literal for the strings plainString refuses: control characters as \u00xx, each
/// ill-formed UTF-8 sequence (its maximal well-formed beginning, or one byte) as U+FFFD.
std::string escapedString(std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            std::size_t subpart = 0;
            const std::size_t n = utf8Sequence(s.substr(i), subpart);
            out += n == 0 ? std::string_view("\xEF\xBF\xBD") : s.substr(i, n);
            i += n == 0 ? subpart : n;
            continue;
        }
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\t': out += "\\t"; break;
        case '\n': out += "\\n"; break;
        case '\f': out += "\\f"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 15];
            } else
                out += static_cast<char>(c);
        }
        ++i;
    }
    out += '"';
    return out;
}

/// Numbers that are neither integers: the shortest round-trip form (std::to_chars), ".0" added when that
/// reads as an integer ("2" would come back as an integer, harmless for the model but a second write would
/// change the bytes); null for NaN and the infinities.
template <class Writer>
void writeDouble(Writer& w, double value)
{
    if (!std::isfinite(value)) {
        w.RawValue("null", 4, rapidjson::kNullType);
        return;
    }
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer - 2, value);
    std::size_t n = static_cast<std::size_t>(result.ptr - buffer);
    if (std::string_view(buffer, n).find_first_of(".eEn") == std::string_view::npos) {
        buffer[n++] = '.';
        buffer[n++] = '0';
    }
    w.RawValue(buffer, n, rapidjson::kNumberType);
}

template <class Writer>
void writeString(Writer& w, const JsonValue& s, bool key)
{
    const std::string_view text(s.GetString(), s.GetStringLength());
    if (plainString(text)) {
        if (key)
            w.Key(text.data(), static_cast<rapidjson::SizeType>(text.size()));
        else
            w.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
        return;
    }
    const std::string literal = escapedString(text);
    w.RawValue(literal.data(), literal.size(), rapidjson::kStringType);
}

/// Whether the array goes on one line: numbers, or non-empty arrays of numbers (a ring or a line string:
/// one line per ring keeps a big terrain file about a third smaller than a line per vertex, and still
/// diffs ring by ring).
bool oneLine(const JsonValue& array)
{
    const auto numbers = [](const JsonValue& a) {
        for (const JsonValue& item : a.GetArray())
            if (!item.IsNumber())
                return false;
        return true;
    };
    if (numbers(array))
        return true;
    for (const JsonValue& item : array.GetArray())
        if (!item.IsArray() || item.Empty() || !numbers(item))
            return false;
    return true;
}

using Compact = rapidjson::Writer<rapidjson::StringBuffer>;
using Pretty = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

void arrayLayout(Compact&, bool) {}
void arrayLayout(Pretty& w, bool single) { w.SetFormatOptions(single ? rapidjson::kFormatSingleLineArray : rapidjson::kFormatDefault); }

/// Writes `v`; `single`: whether the enclosing array is on one line (its items' separators follow that).
template <class Writer>
void write(Writer& w, const JsonValue& v, bool single)
{
    switch (v.GetType()) {
    case rapidjson::kNullType: w.Null(); return;
    case rapidjson::kFalseType: w.Bool(false); return;
    case rapidjson::kTrueType: w.Bool(true); return;
    case rapidjson::kStringType: writeString(w, v, false); return;
    case rapidjson::kNumberType:
        if (v.IsUint64())
            w.Uint64(v.GetUint64());
        else if (v.IsInt64())
            w.Int64(v.GetInt64());
        else
            writeDouble(w, v.GetDouble());
        return;
    case rapidjson::kObjectType:
        w.StartObject();
        for (const auto& m : v.GetObject()) {
            writeString(w, m.name, true);
            write(w, m.value, false);
        }
        w.EndObject();
        return;
    case rapidjson::kArrayType: {
        const bool itemsSingle = oneLine(v);
        w.StartArray();
        arrayLayout(w, itemsSingle);
        for (const JsonValue& item : v.GetArray())
            write(w, item, itemsSingle);
        w.EndArray();
        arrayLayout(w, single);
        return;
    }
    }
}

} // namespace

std::string writeJson(const JsonValue& value, int indent)
{
    rapidjson::StringBuffer buffer;
    if (indent <= 0) {
        Compact w(buffer);
        write(w, value, false);
    } else {
        Pretty w(buffer);
        w.SetIndent(' ', static_cast<unsigned>(indent));
        write(w, value, false);
    }
    std::string out(buffer.GetString(), buffer.GetSize());
    if (indent > 0)
        out += '\n';
    return out;
}

} // namespace sandtable::core::io
