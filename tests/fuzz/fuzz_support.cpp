// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzz_support.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>

namespace sandtable::fuzz {
namespace {
struct Scratch {
    std::filesystem::path folder;
    Scratch()
    {
        const char* tmp = std::getenv("TMPDIR");
        folder = std::filesystem::path(tmp && *tmp ? tmp : "/tmp") / ("sandtable-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(folder);
    }
    ~Scratch()
    {
        std::error_code ec;
        std::filesystem::remove_all(folder, ec);
    }
};
Scratch& scratch()
{
    static Scratch s;
    return s;
}
} // namespace

std::filesystem::path scratchFile(const char* name, const std::uint8_t* data, std::size_t size)
{
    const auto path = scratch().folder / name;
    std::error_code ec;
    std::filesystem::remove(path, ec);
    // SQLite's companions of a previous input must not leak into this one.
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        std::filesystem::remove(path.string() + suffix, ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out.close();
    if (!out)
        throw std::runtime_error("fuzz: cannot write the scratch file " + path.string());
    return path;
}
} // namespace sandtable::fuzz
