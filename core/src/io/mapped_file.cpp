// SPDX-License-Identifier: GPL-3.0-or-later
// MappedFile: mmap of a regular file, and the SIGBUS handler that turns a file cut short by another
// program into a clear error instead of a crash.
#include "sandtable/core/io/mapped_file.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"

#include "open_for_reading.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <string>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandtable::core {
namespace {

/// The mappings the SIGBUS handler knows: their address range and the message to print. The handler only
/// reads this table (atomics, no locks); entries are filled and emptied under `guard`.
struct Slot {
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    char message[512] = {};
    std::atomic<std::size_t> messageSize{0};
};
constexpr int kSlots = 16;
Slot slots[kSlots];
std::mutex guard;
struct sigaction previousAction {};

void onSigbus(int signal, siginfo_t* info, void* context)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info ? info->si_addr : nullptr);
    for (Slot& slot : slots) {
        const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        if (begin != 0 && address >= begin && address < slot.end.load(std::memory_order_acquire)) {
            const std::size_t size = slot.messageSize.load(std::memory_order_acquire);
            [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, slot.message, size);
            ::_exit(1);
        }
    }
    // Not a mapped file of ours: what would have happened without this handler.
    if (previousAction.sa_flags & SA_SIGINFO) {
        if (previousAction.sa_sigaction) {
            previousAction.sa_sigaction(signal, info, context);
            return;
        }
    } else if (previousAction.sa_handler != SIG_DFL && previousAction.sa_handler != SIG_IGN) {
        previousAction.sa_handler(signal);
        return;
    }
    ::signal(SIGBUS, SIG_DFL); // the faulting access runs again and ends the process as usual
}

int registerMapping(const void* data, std::size_t size, const std::string& file)
{
    std::lock_guard lock(guard);
    // Installed again when someone replaced it since (a test framework does, around each test).
    struct sigaction current {};
    if (::sigaction(SIGBUS, nullptr, &current) != 0)
        return -1;
    if (!(current.sa_flags & SA_SIGINFO) || current.sa_sigaction != onSigbus) {
        struct sigaction action {};
        action.sa_sigaction = onSigbus;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        if (::sigaction(SIGBUS, &action, &previousAction) != 0)
            return -1;
    }
    for (int i = 0; i < kSlots; ++i) {
        Slot& slot = slots[i];
        if (slot.begin.load(std::memory_order_relaxed) != 0)
            continue;
        const std::string text = "sandtable: error: " + file + ": was cut short by another program while it was being read\n";
        const std::size_t n = std::min(text.size(), sizeof slot.message);
        std::memcpy(slot.message, text.data(), n);
        slot.message[n - 1] = '\n'; // a path too long for the slot is cut, the line still ends
        slot.messageSize.store(n, std::memory_order_release);
        slot.end.store(reinterpret_cast<std::uintptr_t>(data) + size, std::memory_order_release);
        slot.begin.store(reinterpret_cast<std::uintptr_t>(data), std::memory_order_release);
        return i;
    }
    return -1;
}

void unregisterMapping(int index)
{
    std::lock_guard lock(guard);
    slots[index].begin.store(0, std::memory_order_release);
    slots[index].end.store(0, std::memory_order_release);
}

} // namespace

MappedFile::MappedFile(const std::filesystem::path& path, std::size_t maxBytes)
{
    const int fd = detail::openForReading(path);
    struct stat info {};
    const bool regular = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
    if (regular && static_cast<std::uint64_t>(info.st_size) > maxBytes) {
        ::close(fd);
        throw IoError(path.string(), "", "larger than the limit of " + std::to_string(maxBytes) + " bytes");
    }
    if (regular) {
        const auto size = static_cast<std::size_t>(info.st_size);
        void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE
#ifdef MAP_POPULATE
                | MAP_POPULATE
#endif
            , fd, 0);
        if (mapping != MAP_FAILED) {
            const int slot = registerMapping(mapping, size, path.string());
            if (slot >= 0) {
                ::close(fd);
                m_mapping = mapping;
                m_data = static_cast<const char*>(mapping);
                m_size = size;
                m_slot = slot;
                return;
            }
            ::munmap(mapping, size); // no room to guard it: read it instead
        }
    }
    ::close(fd);
    m_copy = readFile(path, maxBytes);
    m_data = m_copy.data();
    m_size = m_copy.size();
}

MappedFile::~MappedFile()
{
    if (m_mapping) {
        unregisterMapping(m_slot);
        ::munmap(m_mapping, m_size);
    }
}

} // namespace sandtable::core
