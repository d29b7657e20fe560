// SPDX-License-Identifier: GPL-3.0-or-later
// WIDTHxHEIGHT parsing.
#include "sandtable/editor/logic/pixel_size.hpp"

#include <charconv>

namespace sandtable::editor {

namespace {

std::optional<int> parseEdge(std::string_view digits)
{
    if (digits.empty() || digits.size() > 6)
        return std::nullopt;
    int value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc() || end != digits.data() + digits.size() || value < kMinPixelEdge || value > kMaxPixelEdge)
        return std::nullopt;
    return value;
}

} // namespace

std::optional<PixelSize> parsePixelSize(std::string_view text)
{
    const auto x = text.find_first_of("xX");
    if (x == std::string_view::npos)
        return std::nullopt;
    const auto width = parseEdge(text.substr(0, x));
    const auto height = parseEdge(text.substr(x + 1));
    if (!width || !height)
        return std::nullopt;
    return PixelSize{*width, *height};
}

} // namespace sandtable::editor
