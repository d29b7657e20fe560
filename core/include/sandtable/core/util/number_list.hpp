// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a comma-separated list of numbers typed by a person ("172,185,195", "255,0,0", "300100,4400200").
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace sandtable::core::util {

/// The numbers of `text`, split at commas, each a finite decimal number with the point as separator (the
/// C locale's; "1e3" allowed) and nothing after it. Nullopt when `text` is empty, an item is empty or is not
/// such a number ("1,,2", "1;2", "nan", "2m"). The units are the caller's (metres, 0-255 components, ...).
std::optional<std::vector<double>> parseNumberList(std::string_view text);

} // namespace sandtable::core::util
