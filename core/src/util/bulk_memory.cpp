// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/util/bulk_memory.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>

namespace sandtable::core::util {
namespace {

/// The size of a transparent huge page on x86-64 and of the alignment that lets the kernel use them.
constexpr std::size_t kHugePage = std::size_t{2} << 20;

} // namespace

BulkMemory::BulkMemory(std::size_t bytes)
{
    if (bytes == 0)
        return;
    if (bytes < kHugePage) {
        m_data = static_cast<char*>(::operator new(bytes));
        m_size = bytes;
        return;
    }
    // One huge page more than asked, so that the block can start on a 2 MiB boundary.
    const std::size_t length = (bytes + 2 * kHugePage - 1) / kHugePage * kHugePage;
    void* mapping = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED)
        throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(mapping);
    const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
    // Advice only: a kernel without transparent huge pages refuses it and the block stays 4 KiB pages.
    ::madvise(reinterpret_cast<void*>(aligned), length - (aligned - start), MADV_HUGEPAGE);
    m_mapping = mapping;
    m_mappingBytes = length;
    m_data = reinterpret_cast<char*>(aligned);
    m_size = bytes;
}

BulkMemory::~BulkMemory() { release(); }

BulkMemory::BulkMemory(BulkMemory&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)), m_size(std::exchange(other.m_size, 0)),
      m_mapping(std::exchange(other.m_mapping, nullptr)), m_mappingBytes(std::exchange(other.m_mappingBytes, 0))
{
}

BulkMemory& BulkMemory::operator=(BulkMemory&& other) noexcept
{
    if (this != &other) {
        release();
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_mapping = std::exchange(other.m_mapping, nullptr);
        m_mappingBytes = std::exchange(other.m_mappingBytes, 0);
    }
    return *this;
}

void BulkMemory::resize(std::size_t bytes, std::size_t keep)
{
    BulkMemory bigger(std::max(bytes, m_size));
    if (keep > 0)
        std::memcpy(bigger.m_data, m_data, std::min(keep, m_size));
    *this = std::move(bigger);
}

void BulkMemory::release() noexcept
{
    if (m_mapping)
        ::munmap(m_mapping, m_mappingBytes);
    else
        ::operator delete(m_data);
    m_data = nullptr;
    m_size = 0;
    m_mapping = nullptr;
    m_mappingBytes = 0;
}

} // namespace sandtable::core::util
