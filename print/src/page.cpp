// SPDX-License-Identifier: GPL-3.0-or-later
// Page size names (ISO 216 A series, US Letter) and custom WxHmm sizes.
#include "sandtable/print/page.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

namespace sandtable::print {

PageSize parsePageSize(const std::string& text)
{
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "a4")
        return {"A4", 210.0, 297.0};
    if (lower == "a3")
        return {"A3", 297.0, 420.0};
    if (lower == "a0")
        return {"A0", 841.0, 1189.0};
    if (lower == "letter")
        return {"Letter", 215.9, 279.4};
    static const std::regex custom(R"(^\s*([0-9]+(\.[0-9]+)?)\s*x\s*([0-9]+(\.[0-9]+)?)\s*mm\s*$)");
    std::smatch m;
    if (std::regex_match(lower, m, custom)) {
        const double w = std::stod(m[1].str());
        const double h = std::stod(m[3].str());
        if (w > 0 && h > 0 && w <= 100000 && h <= 100000)
            return {text, w, h};
    }
    throw core::util::OperationError("", core::i18n::format(_("page size '{1}'"), {text}),
        _("unknown page size; use A4, letter, A3, A0 or WxHmm (e.g. 600x400mm)"));
}

} // namespace sandtable::print
