// SPDX-License-Identifier: GPL-3.0-or-later
// Deterministic JSON text: fixed indentation, keys in document order, shortest round-trip numbers.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace sandtable::core {

/// Writes `value` as JSON text with `indent` spaces per level (0 = one line) and a final newline when
/// indenting. Floating-point numbers are written in the shortest form that reads back to the same double
/// (std::to_chars), so coordinates keep full precision; non-finite numbers (which JSON cannot hold) are
/// written as null. The same value always gives the same bytes.
std::string writeJson(const nlohmann::ordered_json& value, int indent = 2);

} // namespace sandtable::core
