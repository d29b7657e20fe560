// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/util/angle_text.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <cctype>
#include <charconv>
#include <vector>

namespace sandtable::core::util {
namespace {

bool fail(std::string* reason, std::string why)
{
    if (reason)
        *reason = std::move(why);
    return false;
}

/// Replaces the degree, minute and second signs (ASCII and the UTF-8 ones) with spaces, marking which sign
/// followed each number in `marks` is not needed: the order degrees, minutes, seconds is positional.
std::string separatorsToSpaces(const std::string& text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        // UTF-8: ° is C2 B0, º (masculine ordinal, often typed for degrees) C2 BA, ′ E2 80 B2, ″ E2 80 B3.
        if (c == 0xC2 && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) == 0xB0 || static_cast<unsigned char>(text[i + 1]) == 0xBA)) {
            out += ' ';
            ++i;
        } else if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80
            && (static_cast<unsigned char>(text[i + 2]) == 0xB2 || static_cast<unsigned char>(text[i + 2]) == 0xB3)) {
            out += ' ';
            i += 2;
        } else if (c == '\'' || c == '"' || c == ':' || c == ',' || c == '\t') {
            out += ' ';
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

} // namespace

std::optional<ParsedAngle> parseAngle(const std::string& text, std::string* reason)
{
    const std::string spaced = separatorsToSpaces(text);
    std::optional<char> hemisphere;
    bool negative = false;
    std::vector<double> parts;
    std::size_t i = 0;
    while (i < spaced.size()) {
        const char c = spaced[i];
        if (c == ' ') {
            ++i;
            continue;
        }
        const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || ((c == '-' || c == '+') && parts.empty())) {
            if (c == '-' || c == '+') {
                if (!parts.empty() || negative) {
                    fail(reason, _("a sign may only stand before the degrees"));
                    return std::nullopt;
                }
                negative = c == '-';
                ++i;
                continue;
            }
            double value = 0.0;
            const char* begin = spaced.data() + i;
            const auto [end, ec] = std::from_chars(begin, spaced.data() + spaced.size(), value);
            if (ec != std::errc()) {
                fail(reason, i18n::format(_("'{1}' is not a number of degrees"), {text}));
                return std::nullopt;
            }
            parts.push_back(value);
            i += static_cast<std::size_t>(end - begin);
            // 'd', 'm' and 's' right after a number are the unit letters of "2d21m7.2s".
            if (i < spaced.size()) {
                const char unit = spaced[i]; // lower case only: "24S" is 24 and the southern hemisphere
                const std::size_t expected = parts.size();
                if ((unit == 'd' && expected == 1) || (unit == 'm' && expected == 2) || (unit == 's' && expected == 3))
                    ++i;
            }
            continue;
        }
        if (upper == 'N' || upper == 'S' || upper == 'E' || upper == 'W') {
            if (hemisphere) {
                fail(reason, i18n::format(_("'{1}' names two hemispheres"), {text}));
                return std::nullopt;
            }
            hemisphere = upper;
            ++i;
            continue;
        }
        fail(reason, i18n::format(_("'{1}' is not an angle: unexpected '{2}' (write decimal degrees such as 48.8566 or degrees, minutes and "
                                      "seconds such as 48°51'24\"N)"),
                            {text, std::string(1, c)}));
        return std::nullopt;
    }
    if (parts.empty() || parts.size() > 3) {
        fail(reason, parts.empty() ? std::string(_("no number of degrees"))
                                   : i18n::format(_("'{1}' has more than degrees, minutes and seconds"), {text}));
        return std::nullopt;
    }
    for (std::size_t k = 1; k < parts.size(); ++k)
        if (!(parts[k] >= 0.0 && parts[k] < 60.0)) {
            fail(reason, i18n::format(k == 1 ? _("'{1}': minutes must be from 0 to under 60") : _("'{1}': seconds must be from 0 to under 60"), {text}));
            return std::nullopt;
        }
    for (std::size_t k = 0; k + 1 < parts.size(); ++k)
        if (parts[k] != static_cast<double>(static_cast<long long>(parts[k]))) {
            fail(reason, i18n::format(_("'{1}': only the last of degrees, minutes and seconds may have a fraction"), {text}));
            return std::nullopt;
        }
    ParsedAngle out;
    out.degrees = parts[0] + (parts.size() > 1 ? parts[1] / 60.0 : 0.0) + (parts.size() > 2 ? parts[2] / 3600.0 : 0.0);
    if (hemisphere) {
        const char h = *hemisphere;
        out.axis = h == 'N' || h == 'S' ? AngleAxis::Latitude : AngleAxis::Longitude;
        if (h == 'S' || h == 'W') {
            if (negative) {
                fail(reason, i18n::format(_("'{1}' has both a minus sign and {2}: write one of them"), {text, std::string(1, h)}));
                return std::nullopt;
            }
            negative = true;
        }
    }
    if (negative)
        out.degrees = -out.degrees;
    return out;
}

} // namespace sandtable::core::util
