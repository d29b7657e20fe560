// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a file to read it whole, with the errors readFile gives (private to core/src/io).
#pragma once

#include <filesystem>

namespace sandtable::core::io::detail {

/// A file descriptor of `path` opened read-only (O_CLOEXEC); the caller closes it. Throws IoError(path, "",
/// reason): "no such file", "is a folder, not a file", or "cannot open for reading: <errno text>".
int openForReading(const std::filesystem::path& path);

} // namespace sandtable::core::io::detail
