// SPDX-License-Identifier: GPL-3.0-or-later
// gettext set-up, the by-language catalogue lookup of printed products, and people's numbers.
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/i18n/number_entry.hpp"

#include <libintl.h>

#include <boost/locale/generator.hpp>
#include <boost/locale/message.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <clocale>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <langinfo.h>
#include <locale.h>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>
#include <unordered_map>

namespace sandtable::core::i18n {

namespace {

/// The environment's numeric conventions, for formatNumber (0: none, the "C" convention).
locale_t g_personNumeric = static_cast<locale_t>(0);

bool isPlainC(const char* name) { return !name || std::strcmp(name, "C") == 0 || std::strcmp(name, "POSIX") == 0; }

/// The std::locale Boost.Locale makes for `language` with sandtable's catalogue of the bound folder
/// ("fr_FR.UTF-8" looks for fr_FR, then fr), cached per folder and language; nullopt when the folder holds no
/// catalogue for it. Boost.Locale reads the .mo and evaluates its Plural-Forms expression (Polish's three
/// forms, Czech's, Russian's), as GNU gettext does, without the process's locale or LANGUAGE.
const std::locale* localeFor(const std::string& language)
{
    static std::mutex mutex;
    static std::map<std::pair<std::string, std::string>, std::optional<std::locale>> cache;
    const std::filesystem::path folder = boundLocaleDir();
    const std::lock_guard lock(mutex);
    const auto key = std::make_pair(folder.string(), language);
    if (auto found = cache.find(key); found != cache.end())
        return found->second ? &*found->second : nullptr;
    std::optional<std::locale> result;
    std::string name = language.substr(0, language.find('.'));
    bool catalogue = false;
    for (std::string tried = name; !tried.empty() && !catalogue;) {
        std::error_code ec;
        catalogue = std::filesystem::is_regular_file(folder / tried / "LC_MESSAGES" / (std::string(kTextDomain) + ".mo"), ec);
        const auto cut = tried.find_last_of("_@");
        tried = cut == std::string::npos ? std::string() : tried.substr(0, cut);
    }
    if (catalogue) {
        try {
            boost::locale::generator generator;
            generator.add_messages_path(folder.string());
            generator.add_messages_domain(kTextDomain);
            generator.categories(boost::locale::message_facet | boost::locale::information_facet);
            generator.characters(boost::locale::char_facet);
            result = generator(name + ".UTF-8");
        } catch (const std::exception&) {
            result.reset(); // a catalogue Boost.Locale cannot read: English, as gettext does
        }
    }
    const auto& stored = cache.emplace(key, std::move(result)).first->second;
    return stored ? &*stored : nullptr;
}

bool isEnglish(const std::string& language) { return language.empty() || language == "en" || language.rfind("en_", 0) == 0 || language == "C"; }

/// The locale the environment names for messages, as setlocale(LC_ALL, "") reads it: LC_ALL, then
/// LC_MESSAGES, then LANG ("" when none is set).
std::string environmentLocaleName()
{
    for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"})
        if (const char* value = std::getenv(variable); value && *value)
            return value;
    return {};
}

} // namespace

const char* translate(const char* msgid) noexcept { return dgettext(kTextDomain, msgid); }

const char* translatePlural(const char* singular, const char* plural, unsigned long n) noexcept
{
    return dngettext(kTextDomain, singular, plural, n);
}

std::string format(std::string_view pattern, std::initializer_list<std::string> args)
{
    std::string out;
    out.reserve(pattern.size() + 16);
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '{') {
            std::size_t j = i + 1;
            std::size_t k = 0;
            while (j < pattern.size() && pattern[j] >= '0' && pattern[j] <= '9')
                k = k * 10 + static_cast<std::size_t>(pattern[j++] - '0');
            if (j > i + 1 && j < pattern.size() && pattern[j] == '}' && k >= 1 && k <= args.size()) {
                out += *(args.begin() + (k - 1));
                i = j;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

std::filesystem::path findLocaleDir(const std::vector<std::filesystem::path>& candidates)
{
    for (const std::filesystem::path& folder : candidates) {
        std::error_code ec;
        if (folder.empty() || !std::filesystem::is_directory(folder, ec))
            continue;
        for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
            if (std::filesystem::is_regular_file(entry.path() / "LC_MESSAGES" / (std::string(kTextDomain) + ".mo"), ec))
                return folder;
    }
    return {};
}

void bindCatalogues(const std::filesystem::path& localeDir)
{
    if (!localeDir.empty())
        bindtextdomain(kTextDomain, localeDir.c_str());
    bind_textdomain_codeset(kTextDomain, "UTF-8");
}

std::filesystem::path boundLocaleDir()
{
    const char* folder = bindtextdomain(kTextDomain, nullptr);
    return folder ? std::filesystem::path(folder) : std::filesystem::path();
}

void setUpProcessLanguage(const std::string& language, const std::vector<std::filesystem::path>& localeDirs)
{
    if (!language.empty())
        ::setenv("LANGUAGE", language.c_str(), 1);
    // A LANG naming a locale that is not installed leaves everything "C": then at least UTF-8, and the
    // language it names is still the one the person reads (LANG=fr_FR or fr_FR.ISO-8859-1 on a system with
    // only fr_FR.UTF-8: the messages in French, as LANGUAGE=fr would ask).
    if (!std::setlocale(LC_ALL, "")) {
        const char* languageList = std::getenv("LANGUAGE");
        if (!languageList || !*languageList) {
            const std::string named = environmentLocaleName();
            const std::string languageOnly = named.substr(0, named.find_first_of(".@"));
            if (!isPlainC(languageOnly.c_str()) && !languageOnly.empty() && !isEnglish(languageOnly))
                ::setenv("LANGUAGE", languageOnly.c_str(), 1);
        }
        std::setlocale(LC_ALL, "C.UTF-8");
    }
    if (const locale_t numeric = ::newlocale(LC_NUMERIC_MASK, "", static_cast<locale_t>(0))) {
        // Set up again (a test, a language chosen anew): the earlier conventions are let go, not leaked.
        if (g_personNumeric)
            ::freelocale(g_personNumeric);
        g_personNumeric = numeric;
    }
    std::setlocale(LC_NUMERIC, "C");
    const char* asked = std::getenv("LANGUAGE");
    if (asked && *asked && isPlainC(std::setlocale(LC_MESSAGES, nullptr)))
        std::setlocale(LC_MESSAGES, "C.UTF-8");
    bindCatalogues(findLocaleDir(localeDirs));
    textdomain(kTextDomain);
}

std::string translateIn(const std::string& language, const char* msgid)
{
    const std::locale* locale = isEnglish(language) ? nullptr : localeFor(language);
    if (!locale)
        return msgid;
    return boost::locale::dgettext(kTextDomain, msgid, *locale);
}

std::string translatePluralIn(const std::string& language, const char* singular, const char* plural, unsigned long n)
{
    const std::locale* locale = isEnglish(language) ? nullptr : localeFor(language);
    if (!locale)
        return n == 1 ? singular : plural;
    // Boost.Locale 1.74 counts in an int: a count past a billion keeps its last nine digits and stays large,
    // which every plural rule (n % 10, n % 100, n > 1) reads as it reads n.
    const int count = static_cast<int>(n < 1000000000UL ? n : n % 1000000000UL + 1000000000UL);
    return boost::locale::dngettext(kTextDomain, singular, plural, count, *locale);
}

std::vector<std::string> availableLanguages()
{
    std::vector<std::string> languages;
    const std::filesystem::path folder = boundLocaleDir();
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (std::filesystem::is_regular_file(entry.path() / "LC_MESSAGES" / (std::string(kTextDomain) + ".mo"), ec))
            languages.push_back(entry.path().filename().string());
    std::sort(languages.begin(), languages.end());
    return languages;
}

std::string formatFigure(double value, int maxDecimals)
{
    int decimals = 0;
    double scale = 1.0;
    while (decimals < maxDecimals && std::abs(value * scale - std::round(value * scale)) > 1e-9 * std::max(1.0, std::abs(value * scale))) {
        ++decimals;
        scale *= 10.0;
    }
    return formatNumber(value, decimals);
}

std::string formatSignificant(double value, int digits)
{
    if (value == 0.0 || !std::isfinite(value))
        return formatFigure(value, 0);
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value))));
    const int decimals = std::clamp(std::clamp(digits, 1, 15) - 1 - magnitude, 0, 12);
    const double scale = std::pow(10.0, decimals);
    return formatFigure(std::round(value * scale) / scale, decimals);
}

namespace {

/// The person's decimal separator ("," in French and German; "." when the environment named no conventions).
std::string personRadix()
{
    const char* radix = g_personNumeric ? ::nl_langinfo_l(RADIXCHAR, g_personNumeric) : nullptr;
    return radix && *radix ? radix : ".";
}

/// The person's thousands separator (U+202F in French, "." in German; empty when they have none).
std::string personThousands()
{
    const char* thousands = g_personNumeric ? ::nl_langinfo_l(THOUSEP, g_personNumeric) : nullptr;
    return thousands ? thousands : "";
}

} // namespace

std::string formatNumber(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(decimals, 0, 12), value); // LC_NUMERIC is "C"
    const std::string plain = buffer;
    if (!g_personNumeric)
        return plain;
    // The person's decimal separator, and their thousands separator every three digits (fr, de, en alike).
    const std::string radix = personRadix();
    const std::string thousands = personThousands();
    const std::size_t sign = plain[0] == '-' ? 1 : 0;
    const std::size_t point = std::min(plain.find('.'), plain.size());
    std::string out = plain.substr(0, sign);
    for (std::size_t i = sign; i < point; ++i) {
        out += plain[i];
        const std::size_t left = point - i - 1;
        if (left > 0 && left % 3 == 0)
            out += thousands;
    }
    if (point < plain.size())
        out += radix + plain.substr(point + 1);
    return out;
}

std::string formatEditableNumber(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(decimals, 0, 12), value); // LC_NUMERIC is "C"
    std::string out = buffer;
    const std::string radix = personRadix();
    if (const std::size_t point = out.find('.'); point != std::string::npos)
        out.replace(point, 1, radix);
    return out;
}

std::optional<double> parseNumber(std::string_view text)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && space(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && space(text.back()))
        text.remove_suffix(1);
    const std::string radix = personRadix();
    const std::string thousands = personThousands();
    // The separators that may stand between digits: the person's own when it cannot be read as a decimal
    // point, and every kind of space when theirs is one (a plain space typed for glibc's U+202F in French).
    std::vector<std::string> groups;
    if (!thousands.empty() && thousands != "." && thousands != radix) {
        groups.push_back(thousands);
        if (thousands == "\u202f" || thousands == "\u00a0" || thousands == " ")
            for (const char* other : {" ", "\u00a0", "\u202f"})
                if (thousands != other)
                    groups.emplace_back(other);
    }
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    // A thousands separator is followed by exactly three digits ("1,5" in English is not 15).
    const auto threeDigits = [&](std::size_t at) {
        return at + 3 <= text.size() && digit(text[at]) && digit(text[at + 1]) && digit(text[at + 2])
            && (at + 3 == text.size() || !digit(text[at + 3]));
    };
    std::string plain;
    for (std::size_t i = 0; i < text.size();) {
        const std::string_view rest = text.substr(i);
        if (radix != "." && rest.substr(0, radix.size()) == radix) {
            plain += '.';
            i += radix.size();
            continue;
        }
        bool grouped = false;
        for (const std::string& group : groups)
            if (rest.substr(0, group.size()) == group && !plain.empty() && digit(plain.back()) && threeDigits(i + group.size())) {
                i += group.size();
                grouped = true;
                break;
            }
        if (!grouped)
            plain += text[i++];
    }
    std::string_view number = plain;
    if (number.size() > 1 && number.front() == '+' && number[1] != '-')
        number.remove_prefix(1);
    double value = 0.0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (number.empty() || error != std::errc() || end != number.data() + number.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string withPointDecimals(std::string_view text)
{
    const std::string radix = personRadix();
    std::string out(text);
    if (radix == ".")
        return out;
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (std::size_t at = out.find(radix); at != std::string::npos; at = out.find(radix, at + 1))
        if (at > 0 && digit(out[at - 1]) && at + radix.size() < out.size() && digit(out[at + radix.size()]))
            out.replace(at, radix.size(), 1, '.');
    return out;
}

} // namespace sandtable::core::i18n
