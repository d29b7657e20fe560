// SPDX-License-Identifier: GPL-3.0-or-later
// JSON text to a RapidJSON tree, and a RapidJSON subtree to the model's nlohmann values.
#include "rapidjson_tree.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <system_error>

namespace sandtable::core::detail {

namespace {

/// RapidJSON's SAX handler concept, forwarding every event to the Document that is being built, except
/// that numbers arrive as text (kParseNumbersAsStringsFlag) and are converted here with std::from_chars:
/// correctly rounded like strtod, and much faster than RapidJSON's full-precision mode, which copies
/// every number's digits aside first.
class ExactNumbers {
public:
    using Ch = char;
    explicit ExactNumbers(rapidjson::Document& document) : m_document(document) {}

    bool Null() { return m_document.Null(); }
    bool Bool(bool b) { return m_document.Bool(b); }
    bool Int(int i) { return m_document.Int(i); }
    bool Uint(unsigned i) { return m_document.Uint(i); }
    bool Int64(std::int64_t i) { return m_document.Int64(i); }
    bool Uint64(std::uint64_t i) { return m_document.Uint64(i); }
    bool Double(double d) { return m_document.Double(d); }
    bool String(const Ch* s, rapidjson::SizeType n, bool copy) { return m_document.String(s, n, copy); }
    bool Key(const Ch* s, rapidjson::SizeType n, bool copy) { return m_document.Key(s, n, copy); }
    bool StartObject() { return m_document.StartObject(); }
    bool EndObject(rapidjson::SizeType members) { return m_document.EndObject(members); }
    bool StartArray() { return m_document.StartArray(); }
    bool EndArray(rapidjson::SizeType elements) { return m_document.EndArray(elements); }

    bool RawNumber(const Ch* s, rapidjson::SizeType n, bool /*copy*/)
    {
        const char* end = s + n;
        const bool integral = std::none_of(s, end, [](char c) { return c == '.' || c == 'e' || c == 'E'; });
        if (integral) {
            // Out of 64-bit range: a double, as RapidJSON and nlohmann read such integers.
            if (*s == '-') {
                std::int64_t v = 0;
                if (const auto r = std::from_chars(s, end, v); r.ec == std::errc() && r.ptr == end)
                    return m_document.Int64(v);
            } else {
                std::uint64_t v = 0;
                if (const auto r = std::from_chars(s, end, v); r.ec == std::errc() && r.ptr == end)
                    return m_document.Uint64(v);
            }
        }
        double d = 0.0;
        const auto r = std::from_chars(s, end, d);
        if (r.ec == std::errc::result_out_of_range && r.ptr == end) {
            // Underflow reads as zero (strtod's answer); overflow has no double.
            const char* e = std::find_if(s, end, [](char c) { return c == 'e' || c == 'E'; });
            if (e != end && e + 1 != end && e[1] == '-')
                return m_document.Double(*s == '-' ? -0.0 : 0.0);
            m_error = i18n::format(_("the number {1} is too large for a double"), {std::string(s, std::min<std::size_t>(n, 40))});
            return false;
        }
        if (r.ec != std::errc() || r.ptr != end) {
            m_error = i18n::format(_("the number {1} cannot be read"), {std::string(s, std::min<std::size_t>(n, 40))});
            return false;
        }
        return m_document.Double(d);
    }

    const std::string& error() const noexcept { return m_error; }

private:
    rapidjson::Document& m_document;
    std::string m_error;
};

/// The pool's chunks after its first block (see JsonTree).
constexpr std::size_t kPoolChunkBytes = std::size_t{1} << 20;

/// The pool's first block for a text of `textBytes` bytes: 1.5 times the text, at least RapidJSON's own
/// first chunk (64 KiB).
std::size_t poolBlockBytes(std::size_t textBytes)
{
    return std::max<std::size_t>(std::size_t{64} << 10, textBytes + textBytes / 2);
}

} // namespace

JsonTree::JsonTree(std::size_t textBytes)
    : poolBlock(poolBlockBytes(textBytes)),
      pool(poolBlock.data(), poolBlock.size(), kPoolChunkBytes),
      document(&pool)
{
}

void parseJson(std::string_view text, const std::string& sourceName, JsonTree& tree)
{
    // A UTF-8 byte-order mark (Windows editors write one) is not part of the JSON text (RFC 8259 section
    // 8.1 lets a parser ignore it, as nlohmann's does).
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    // Parsed where it lies: strings are copied into the document's pool, numbers are read from the text.
    // An in-situ parse would need a copy of the whole text first, as large as the text, to write into.
    constexpr unsigned kFlags = rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseValidateEncodingFlag;
    rapidjson::Reader reader;
    std::string handlerError;
    const auto generate = [&](rapidjson::Document& document) {
        ExactNumbers handler(document);
        rapidjson::MemoryStream stream(text.data(), text.size());
        const bool ok = !reader.Parse<kFlags>(stream, handler).IsError();
        handlerError = handler.error();
        return ok;
    };
    tree.document.Populate(generate);
    if (!reader.HasParseError())
        return;
    const std::size_t offset = std::min(reader.GetErrorOffset(), text.size());
    const std::string_view before = text.substr(0, offset);
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t lineStart = before.rfind('\n');
    const std::size_t column = offset - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
    const std::string reason = handlerError.empty() ? std::string(rapidjson::GetParseError_En(reader.GetParseErrorCode())) : handlerError;
    throw FormatError(sourceName, "", i18n::format(_("not valid JSON: {1} at line {2}, column {3}"),
            {reason, std::to_string(line), std::to_string(column)}));
}

nlohmann::ordered_json toOrderedJson(const rapidjson::Value& value)
{
    switch (value.GetType()) {
    case rapidjson::kNullType: return nullptr;
    case rapidjson::kFalseType: return false;
    case rapidjson::kTrueType: return true;
    case rapidjson::kStringType: return std::string(value.GetString(), value.GetStringLength());
    case rapidjson::kNumberType:
        if (value.IsUint64())
            return value.GetUint64();
        if (value.IsInt64())
            return value.GetInt64();
        return value.GetDouble();
    case rapidjson::kArrayType: {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        out.get_ref<nlohmann::ordered_json::array_t&>().reserve(value.Size());
        for (const rapidjson::Value& item : value.GetArray())
            out.push_back(toOrderedJson(item));
        return out;
    }
    case rapidjson::kObjectType: {
        nlohmann::ordered_json out = nlohmann::ordered_json::object();
        for (const auto& m : value.GetObject())
            out[std::string(m.name.GetString(), m.name.GetStringLength())] = toOrderedJson(m.value);
        return out;
    }
    }
    return nullptr;
}

} // namespace sandtable::core::detail
