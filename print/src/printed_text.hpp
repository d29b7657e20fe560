// SPDX-License-Identifier: GPL-3.0-or-later
// The fixed texts of printed products in the scenario's language (issue 25), whatever the printer's.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <string>

namespace sandtable::print::detail {

/// `english` (marked for xgettext by this name) in `scenario`'s language (settings.language; "" English).
inline std::string inLanguage(const core::Scenario& scenario, const char* english)
{
    return core::i18n::translateIn(scenario.settings.language, english);
}

/// The same for a language given directly (products printed without a scenario: the georeferencing report).
inline std::string inLanguageCode(const std::string& language, const char* english)
{
    return core::i18n::translateIn(language, english);
}

} // namespace sandtable::print::detail
