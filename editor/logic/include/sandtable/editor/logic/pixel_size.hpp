// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing of the editor's --size WIDTHxHEIGHT option.
#pragma once

#include <optional>
#include <string_view>

namespace sandtable::editor {

struct PixelSize {
    int width = 0;
    int height = 0;
    bool operator==(const PixelSize&) const = default;
};

/// Smallest and largest accepted edge, pixels (a canvas below 16 px shows nothing; 16384 is cairo's limit).
inline constexpr int kMinPixelEdge = 16;
inline constexpr int kMaxPixelEdge = 16384;

/// "800x600" (or "800X600") -> {800, 600}; nullopt for anything else or an edge outside
/// [kMinPixelEdge, kMaxPixelEdge].
std::optional<PixelSize> parsePixelSize(std::string_view text);

} // namespace sandtable::editor
