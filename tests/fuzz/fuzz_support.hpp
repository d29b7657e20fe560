// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers of the fuzz targets: a per-process scratch file for readers that take a path.
#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

namespace sandtable::fuzz {
/// Writes `data` to a file named `name` in this process's scratch folder (under $TMPDIR, removed at exit)
/// and returns its path. Each call replaces the previous content.
std::filesystem::path scratchFile(const char* name, const std::uint8_t* data, std::size_t size);
inline std::string_view asText(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}
} // namespace sandtable::fuzz
