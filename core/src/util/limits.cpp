// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/util/limits.hpp"

#include "sandtable/core/i18n/i18n.hpp"

namespace sandtable::core::util::limits {

std::string limitMessage(const char* name, std::uint64_t value, const char* unit)
{
    return i18n::format(_("exceeds the cap {1} of {2} {3} (sandtable/core/util/limits.hpp)"),
        {name, std::to_string(value), i18n::translate(unit)});
}

} // namespace sandtable::core::util::limits
