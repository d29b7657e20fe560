// SPDX-License-Identifier: GPL-3.0-or-later
// A comma-separated list of numbers typed by a person.
#include "sandtable/core/util/number_list.hpp"

#include <cmath>
#include <string>

namespace sandtable::core::util {

std::optional<std::vector<double>> parseNumberList(std::string_view text)
{
    std::vector<double> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item(text.substr(start, comma - start));
        std::size_t used = 0;
        double value = 0.0;
        try {
            value = std::stod(item, &used);
        } catch (const std::exception&) {
            return std::nullopt;
        }
        if (used != item.size() || !std::isfinite(value))
            return std::nullopt;
        out.push_back(value);
        start = comma + 1;
    }
    return out;
}

} // namespace sandtable::core::util
