// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/util/text_encoding.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <memory>

namespace sandtable::core::util {
namespace {

/// Length of the valid UTF-8 sequence at `i`, or 0 (overlongs, surrogates and > U+10FFFF refused).
std::size_t utf8Length(std::string_view s, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80)
        return 1;
    std::size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || i + n > s.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && byte(i + 1) < 0xA0) || (c == 0xED && byte(i + 1) > 0x9F) || (c == 0xF0 && byte(i + 1) < 0x90)
        || (c == 0xF4 && byte(i + 1) > 0x8F))
        return 0;
    return n;
}

} // namespace

std::string asciiLower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::size_t utf8CharacterCount(std::string_view text)
{
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::size_t firstInvalidUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8Length(text, i);
        if (n == 0)
            return i;
        i += n;
    }
    return std::string_view::npos;
}

std::optional<EncodingProblem> findEncodingProblem(std::string_view bytes, char delimiter)
{
    EncodingProblem p;
    const auto utf16 = [&](const char* which) {
        p.encoding = which;
        p.row = 1;
        p.column = 1;
        p.message = i18n::format(_("the file is {1} text, not UTF-8: save it as \"CSV UTF-8\", or give --encoding utf-16"), {which});
        return p;
    };
    if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFF && static_cast<unsigned char>(bytes[1]) == 0xFE)
        return utf16("UTF-16LE");
    if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFE && static_cast<unsigned char>(bytes[1]) == 0xFF)
        return utf16("UTF-16BE");
    // UTF-16 without a byte order mark: ASCII text with a NUL after (or before) every character.
    if (bytes.size() >= 4 && bytes[1] == '\0' && bytes[3] == '\0' && bytes[0] != '\0')
        return utf16("UTF-16LE");
    if (bytes.size() >= 4 && bytes[0] == '\0' && bytes[2] == '\0' && bytes[1] != '\0')
        return utf16("UTF-16BE");
    std::size_t i = bytes.size() >= 3 && bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    std::size_t row = 1, column = 1;
    bool quoted = false;
    while (i < bytes.size()) {
        const char c = bytes[i];
        const std::size_t n = utf8Length(bytes, i);
        if (n == 0) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
            p.offset = i;
            p.row = row;
            p.column = column;
            p.encoding = "Windows-1252";
            p.message = i18n::format(_("byte {1} is not UTF-8: the file looks like Windows-1252 (as spreadsheet programs save "
                                       "\"CSV\" on Windows); save it as \"CSV UTF-8\", or give --encoding windows-1252"),
                {hex});
            return p;
        }
        if (c == '"')
            quoted = !quoted;
        else if (c == delimiter && !quoted)
            ++column;
        else if (c == '\n' && !quoted) {
            ++row;
            column = 1;
        }
        i += n;
    }
    return std::nullopt;
}

std::string convertToUtf8(std::string_view bytes, const std::string& encoding, const std::string& sourceName)
{
    std::string from = asciiLower(encoding);
    if (from == "utf-8" || from == "utf8")
        return std::string(bytes);
    if (from == "windows-1252" || from == "cp1252")
        from = "WINDOWS-1252";
    else if (from == "latin1" || from == "latin-1" || from == "iso-8859-1")
        from = "ISO-8859-1";
    else if (from == "utf-16" || from == "utf16")
        from = "UTF-16";
    else if (from == "utf-16le")
        from = "UTF-16LE";
    else if (from == "utf-16be")
        from = "UTF-16BE";
    iconv_t cd = iconv_open("UTF-8", from.c_str());
    if (cd == reinterpret_cast<iconv_t>(-1))
        throw FormatError(sourceName, _("encoding"),
            i18n::format(_("'{1}' is not an encoding this system can convert from "
                           "(use windows-1252, latin1, utf-16, utf-16le, utf-16be or utf-8)"),
                {encoding}));
    const std::unique_ptr<void, int (*)(iconv_t)> closer(cd, iconv_close);
    std::string out(bytes.size() * 4 + 16, '\0');
    char* in = const_cast<char*>(bytes.data());
    std::size_t inLeft = bytes.size();
    char* to = out.data();
    std::size_t outLeft = out.size();
    if (iconv(cd, &in, &inLeft, &to, &outLeft) == static_cast<std::size_t>(-1))
        throw FormatError(sourceName, _("encoding"),
            i18n::format(errno == EINVAL ? _("byte {1} is not {2} (the file ends inside a character)") : _("byte {1} is not {2}"),
                {std::to_string(bytes.size() - inLeft), encoding}));
    out.resize(out.size() - outLeft);
    // A UTF-16 byte order mark converts to U+FEFF; UTF-8 files need none.
    if (out.size() >= 3 && out.compare(0, 3, "\xEF\xBB\xBF") == 0)
        out.erase(0, 3);
    return out;
}

} // namespace sandtable::core::util
