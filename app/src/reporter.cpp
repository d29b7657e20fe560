// SPDX-License-Identifier: GPL-3.0-or-later
// Reporter: notices and progress of a product function.
#include "sandtable/app/reporter.hpp"

namespace sandtable::app {

void Reporter::tell(const std::string& text) const
{
    if (notice)
        notice(text);
}

core::util::ProgressCallback Reporter::part(double from, double to) const
{
    if (!progress)
        return {};
    return [whole = progress, from, to](double f, std::string_view what) { return whole(from + f * (to - from), what); };
}

} // namespace sandtable::app
