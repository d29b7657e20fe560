// SPDX-License-Identifier: GPL-3.0-or-later
// Atomic replacement of files (write, fsync, rename, fsync folder) and whole-file reads.
#include "sandtable/core/io/atomic_file.hpp"

#include "open_for_reading.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>

#include <algorithm>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandtable::core::io {
namespace {

std::filesystem::path temporaryBeside(const std::filesystem::path& target)
{
    static thread_local std::mt19937_64 random{std::random_device{}()};
    std::string name = ".";
    name += target.filename().string();
    name += ".tmp-";
    name += std::to_string(::getpid());
    name += '-';
    name += std::to_string(random() % 1000000000ULL);
    return target.parent_path() / name;
}

void fsyncPath(const std::filesystem::path& path, bool directory)
{
    const int fd = ::open(path.empty() ? "." : path.c_str(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

std::string errnoText() { return std::strerror(errno); }

} // namespace

void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes)
{
    AtomicFile file(path);
    const int fd = ::open(file.temporaryPath().c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        throw util::IoError(path.string(), "", i18n::format(_("cannot create a file in its folder: {1}"), {errnoText()}));
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const std::string reason = errnoText();
            ::close(fd);
            throw util::IoError(path.string(), "", i18n::format(_("cannot write: {1}"), {reason}));
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0)
        throw util::IoError(path.string(), "", i18n::format(_("cannot flush to disk: {1}"), {errnoText()}));
    file.commit();
}

AtomicFile::AtomicFile(std::filesystem::path target)
    : m_target(std::move(target))
    , m_temporary(temporaryBeside(m_target))
{
}

AtomicFile::~AtomicFile()
{
    if (!m_committed) {
        std::error_code ignored;
        std::filesystem::remove(m_temporary, ignored);
    }
}

void AtomicFile::commit()
{
    if (!std::filesystem::exists(m_temporary))
        throw util::IoError(m_target.string(), "", _("nothing was written"));
    fsyncPath(m_temporary, false);
    // Keep the permissions of a file we replace.
    std::error_code ec;
    if (std::filesystem::exists(m_target, ec)) {
        const auto perms = std::filesystem::status(m_target, ec).permissions();
        if (!ec)
            std::filesystem::permissions(m_temporary, perms, ec);
    }
    if (::rename(m_temporary.c_str(), m_target.c_str()) != 0)
        throw util::IoError(m_target.string(), "", i18n::format(_("cannot replace the file: {1}"), {errnoText()}));
    m_committed = true;
    fsyncPath(m_target.parent_path(), true);
}

int detail::openForReading(const std::filesystem::path& path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw util::IoError(path.string(), "", _("no such file"));
    if (std::filesystem::is_directory(path, ec))
        throw util::IoError(path.string(), "", _("is a folder, not a file"));
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw util::IoError(path.string(), "", i18n::format(_("cannot open for reading: {1}"), {errnoText()}));
    return fd;
}

FileBytes readFileBytes(const std::filesystem::path& path, std::size_t maxBytes)
{
    const int fd = detail::openForReading(path);
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    // Read straight into the block, sized from the file's length when it is known (a regular file),
    // then doubled (at least 64 KiB) while it gives more.
    struct stat info {};
    std::size_t expected = 0;
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0)
        expected = std::min(static_cast<std::size_t>(info.st_size), maxBytes + 1);
    FileBytes bytes;
    bytes.memory = util::BulkMemory(expected > 0 ? expected + 1 : 65536); // + 1: the end shows without growing
    while (true) {
        if (bytes.size == bytes.memory.size())
            bytes.memory.resize(bytes.size + std::max<std::size_t>(65536, bytes.size), bytes.size);
        const ssize_t got = ::read(fd, bytes.memory.data() + bytes.size, bytes.memory.size() - bytes.size);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            throw util::IoError(path.string(), "", i18n::format(_("read failed: {1}"), {errnoText()}));
        }
        if (got == 0)
            break;
        bytes.size += static_cast<std::size_t>(got);
        if (bytes.size > maxBytes)
            throw util::IoError(path.string(), "", i18n::format(_("larger than the limit of {1} bytes"), {std::to_string(maxBytes)}));
    }
    return bytes;
}

std::string readFile(const std::filesystem::path& path, std::size_t maxBytes)
{
    return std::string(readFileBytes(path, maxBytes).view());
}

} // namespace sandtable::core::io
