// SPDX-License-Identifier: GPL-3.0-or-later
// Saves that never leave a half-written file: write a temporary beside the target, fsync, rename.
#pragma once

#include "sandtable/core/util/bulk_memory.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable::core::io {

/// Writes `bytes` to `path` atomically: a temporary file in the same folder is written and fsync'ed, then
/// renamed over `path`, then the folder is fsync'ed. On any failure the temporary is removed, the old
/// file at `path` is untouched, and IoError(path, "", reason) is thrown.
void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes);

/// For writers that need a file name of their own (cairo, GDAL): reserves a temporary path beside the
/// target; commit() fsyncs it and renames it over the target; destruction without commit() removes it.
class AtomicFile {
public:
    explicit AtomicFile(std::filesystem::path target);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// The temporary path to write to.
    const std::filesystem::path& temporaryPath() const noexcept { return m_temporary; }
    const std::filesystem::path& target() const noexcept { return m_target; }
    /// fsync + rename over the target; throws IoError on failure (the temporary is then removed).
    void commit();

private:
    std::filesystem::path m_target;
    std::filesystem::path m_temporary;
    bool m_committed = false;
};

/// A whole file's bytes in memory that is not zero-filled first and, for a large file, is backed by
/// huge pages (BulkMemory): what a scenario document of tens of megabytes is read into.
struct FileBytes {
    util::BulkMemory memory;
    std::size_t size = 0; // bytes read; memory.size() may be larger
    std::string_view view() const noexcept { return {memory.data(), size}; }
};

/// Reads a whole file; throws IoError(path, "", reason) when it cannot: "no such file", "is a folder, not
/// a file", "cannot open for reading: ...", "read failed: ...". `maxBytes` caps what is read (a larger
/// file is an IoError naming the cap).
FileBytes readFileBytes(const std::filesystem::path& path, std::size_t maxBytes = std::size_t{1} << 30);

/// readFileBytes, as a string.
std::string readFile(const std::filesystem::path& path, std::size_t maxBytes = std::size_t{1} << 30);

} // namespace sandtable::core::io
