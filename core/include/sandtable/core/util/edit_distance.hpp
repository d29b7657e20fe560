// SPDX-License-Identifier: GPL-3.0-or-later
// How far apart two words are, for "did you mean" hints (the CLI's commands, terrain classes).
#pragma once

#include <cstddef>
#include <string_view>

namespace sandtable::core::util {

/// The Levenshtein distance of `a` and `b`: the fewest single-byte insertions, deletions and substitutions
/// that turn one into the other ("wood" -> "woods" is 1). Bytes, not characters: for the ASCII names it serves.
std::size_t editDistance(std::string_view a, std::string_view b);

} // namespace sandtable::core::util
