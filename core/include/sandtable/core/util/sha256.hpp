// SPDX-License-Identifier: GPL-3.0-or-later
// SHA-256 of files and bytes (OpenSSL's libcrypto), for map sources and catalogue blobs.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable::core::util {

/// Lowercase hex SHA-256 of `bytes`.
std::string sha256Hex(std::string_view bytes);

/// Lowercase hex SHA-256 of a file's bytes, read in chunks. Throws IoError when it cannot be read.
std::string sha256File(const std::filesystem::path& path);

} // namespace sandtable::core::util
