// SPDX-License-Identifier: GPL-3.0-or-later
// Memory for one large input held whole for a moment: a scenario document's text and its parsed tree.
#pragma once

#include <cstddef>

namespace sandtable::core::util {

/// A block of uninitialised, writable memory of a fixed size in bytes, owned and freed by this object.
///
/// Why not std::string or std::vector: a 34 MB document read into a std::string is first zero-filled,
/// and every 4 KiB page of it costs the kernel one page fault when first touched. A block of 2 MiB or
/// more is instead a private anonymous mapping aligned to 2 MiB and marked MADV_HUGEPAGE, so a kernel
/// whose transparent huge pages are "always" or "madvise" (Debian's default) backs it with 2 MiB pages:
/// one fault where there were 512 (issue 22: the catalogue export of the bench scenario spent a third of
/// its CPU time in page faults, half of them on its text and its tree). Where the kernel has no huge
/// pages the mapping is used as it is. A smaller block comes from operator new.
///
/// Throws std::bad_alloc when the memory cannot be had.
class BulkMemory {
public:
    BulkMemory() noexcept = default;
    explicit BulkMemory(std::size_t bytes);
    ~BulkMemory();
    BulkMemory(BulkMemory&& other) noexcept;
    BulkMemory& operator=(BulkMemory&& other) noexcept;
    BulkMemory(const BulkMemory&) = delete;
    BulkMemory& operator=(const BulkMemory&) = delete;

    /// The first byte (null for an empty block).
    char* data() const noexcept { return m_data; }
    /// The usable size in bytes (what the constructor was asked for).
    std::size_t size() const noexcept { return m_size; }

    /// A block of `bytes` bytes (at least size()) holding this block's first `keep` bytes.
    /// Throws std::bad_alloc; this block is then unchanged.
    void resize(std::size_t bytes, std::size_t keep);

private:
    void release() noexcept;

    char* m_data = nullptr;
    std::size_t m_size = 0;
    void* m_mapping = nullptr;      // the mapping's start when mapped (m_data is m_mapping aligned up)
    std::size_t m_mappingBytes = 0; // its length, for munmap
};

} // namespace sandtable::core::util
