// SPDX-License-Identifier: GPL-3.0-or-later
// JSON text to a RapidJSON tree.
#include "rapidjson_tree.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/limits.hpp"

#include <rapidjson/error/error.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <system_error>

namespace sandtable::core::io::detail {

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
    bool String(const Ch* s, rapidjson::SizeType n, bool copy) { return shortEnough(n) && m_document.String(s, n, copy); }
    bool Key(const Ch* s, rapidjson::SizeType n, bool copy) { return shortEnough(n) && m_document.Key(s, n, copy); }
    bool StartObject() { return shallowEnough() && m_document.StartObject(); }
    bool EndObject(rapidjson::SizeType members) { --m_depth; return m_document.EndObject(members); }
    bool StartArray() { return shallowEnough() && m_document.StartArray(); }
    bool EndArray(rapidjson::SizeType elements) { --m_depth; return m_document.EndArray(elements); }

    bool RawNumber(const Ch* s, rapidjson::SizeType n, bool /*copy*/)
    {
        const char* end = s + n;
        const bool integral = std::none_of(s, end, [](char c) { return c == '.' || c == 'e' || c == 'E'; });
        if (integral) {
            // Out of 64-bit range: a double, as RapidJSON reads such integers.
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
    /// Whether the parse stopped at a cap of limits.hpp (the error names it) rather than at bad JSON.
    bool capped() const noexcept { return m_capped; }

private:
    /// limits.hpp's kMaxJsonDepth, checked as each array or object opens: RapidJSON's reader, valijson and
    /// the model all recurse, so the parse stops before the stack could.
    bool shallowEnough()
    {
        if (++m_depth <= util::limits::kMaxJsonDepth)
            return true;
        m_capped = true;
        m_error = i18n::format(_("the nesting {1}"),
            {util::limits::limitMessage("kMaxJsonDepth", util::limits::kMaxJsonDepth, N_("levels of arrays and objects"))});
        return false;
    }
    /// limits.hpp's kMaxStringBytes for a string or a member name of `n` bytes (after its escapes).
    bool shortEnough(rapidjson::SizeType n)
    {
        if (n <= util::limits::kMaxStringBytes)
            return true;
        m_capped = true;
        m_error = i18n::format(_("a string of {1} bytes {2}"),
            {std::to_string(n), util::limits::limitMessage("kMaxStringBytes", util::limits::kMaxStringBytes, N_("bytes"))});
        return false;
    }

    rapidjson::Document& m_document;
    std::size_t m_depth = 0;
    std::string m_error;
    bool m_capped = false;
};

/// RapidJSON's reason for a parse error, in the process's language.
std::string parseErrorReason(rapidjson::ParseErrorCode code)
{
    switch (code) {
    case rapidjson::kParseErrorNone: break;
    case rapidjson::kParseErrorDocumentEmpty: return _("the document is empty");
    case rapidjson::kParseErrorDocumentRootNotSingular: return _("more text follows the document's value");
    case rapidjson::kParseErrorValueInvalid: return _("a value is expected (a string, a number, an object, an array, true, false or null)");
    case rapidjson::kParseErrorObjectMissName: return _("a member name in quotes is expected");
    case rapidjson::kParseErrorObjectMissColon: return _("a colon is expected after the member name");
    case rapidjson::kParseErrorObjectMissCommaOrCurlyBracket: return _("a comma or '}' is expected after the member");
    case rapidjson::kParseErrorArrayMissCommaOrSquareBracket: return _("a comma or ']' is expected after the element");
    case rapidjson::kParseErrorStringUnicodeEscapeInvalidHex: return _("a \\u escape needs four hexadecimal digits");
    case rapidjson::kParseErrorStringUnicodeSurrogateInvalid: return _("a \\u escape has an invalid surrogate pair");
    case rapidjson::kParseErrorStringEscapeInvalid: return _("a string has an invalid escape");
    case rapidjson::kParseErrorStringMissQuotationMark: return _("a string has no closing quotation mark");
    case rapidjson::kParseErrorStringInvalidEncoding: return _("the text is not valid UTF-8");
    case rapidjson::kParseErrorNumberTooBig: return _("a number is too large for a double");
    case rapidjson::kParseErrorNumberMissFraction: return _("a number has no digits after its decimal point");
    case rapidjson::kParseErrorNumberMissExponent: return _("a number has no digits in its exponent");
    case rapidjson::kParseErrorTermination:
    case rapidjson::kParseErrorUnspecificSyntaxError: break;
    }
    return _("a syntax error");
}

/// For a string with no closing quotation mark, which RapidJSON reports at the end of the text: the
/// offset where that string opens (the last quotation mark not escaped by an odd run of backslashes).
std::size_t unterminatedStringStart(std::string_view text)
{
    for (std::size_t i = text.size(); i-- > 0;) {
        if (text[i] != '"')
            continue;
        std::size_t backslashes = 0;
        while (backslashes < i && text[i - 1 - backslashes] == '\\')
            ++backslashes;
        if (backslashes % 2 == 0)
            return i + 1;
    }
    return 0;
}

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
    // 8.1 lets a parser ignore it).
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    if (text.size() > util::limits::kMaxScenarioFileBytes)
        throw util::FormatError(sourceName, "", i18n::format(_("the document is {1} bytes, which {2}"), {std::to_string(text.size()),
            util::limits::limitMessage("kMaxScenarioFileBytes", util::limits::kMaxScenarioFileBytes, N_("bytes"))}));
    // Parsed where it lies: strings are copied into the document's pool, numbers are read from the text.
    // An in-situ parse would need a copy of the whole text first, as large as the text, to write into.
    constexpr unsigned kFlags = rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseValidateEncodingFlag;
    rapidjson::Reader reader;
    std::string handlerError;
    bool handlerCapped = false;
    const auto generate = [&](rapidjson::Document& document) {
        ExactNumbers handler(document);
        rapidjson::MemoryStream stream(text.data(), text.size());
        const bool ok = !reader.Parse<kFlags>(stream, handler).IsError();
        handlerError = handler.error();
        handlerCapped = handler.capped();
        return ok;
    };
    tree.document.Populate(generate);
    if (!reader.HasParseError())
        return;
    std::size_t offset = std::min(reader.GetErrorOffset(), text.size());
    std::string reason = handlerError.empty() ? parseErrorReason(reader.GetParseErrorCode()) : handlerError;
    bool capped = handlerCapped;
    if (reader.GetParseErrorCode() == rapidjson::kParseErrorStringMissQuotationMark) {
        // A runaway string is named by its cap when it is past it, as a closed one would be.
        const std::size_t start = unterminatedStringStart(text.substr(0, offset));
        if (offset - start > util::limits::kMaxStringBytes) {
            reason = i18n::format(_("an unterminated string of {1} bytes {2}"), {std::to_string(offset - start),
                util::limits::limitMessage("kMaxStringBytes", util::limits::kMaxStringBytes, N_("bytes"))});
            offset = start;
            capped = true;
        }
    }
    const std::string_view before = text.substr(0, offset);
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t lineStart = before.rfind('\n');
    const std::size_t column = offset - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
    const std::string pattern = capped ? _("{1} (at line {2}, column {3})") : _("not valid JSON: {1} at line {2}, column {3}");
    throw util::FormatError(sourceName, "", i18n::format(pattern, {reason, std::to_string(line), std::to_string(column)}));
}

} // namespace sandtable::core::io::detail
