// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/atomic_file.hpp.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>

using namespace sandtable::core;
using sandtable::test::TemporaryFolder;

BOOST_AUTO_TEST_SUITE(io_atomic_file)

BOOST_AUTO_TEST_CASE(replaces_the_file_and_leaves_no_temporary)
{
    TemporaryFolder folder;
    io::writeFileAtomically(folder / "x.txt", "first");
    io::writeFileAtomically(folder / "x.txt", "second");
    BOOST_TEST(io::readFile(folder / "x.txt") == "second");
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder.path()))
        ++files;
    BOOST_TEST(files == 1u);
}

BOOST_AUTO_TEST_CASE(uncommitted_atomic_file_leaves_the_target_untouched)
{
    TemporaryFolder folder;
    io::writeFileAtomically(folder / "x.txt", "original");
    {
        io::AtomicFile file(folder / "x.txt");
        std::ofstream(file.temporaryPath()) << "half-written";
    }
    BOOST_TEST(io::readFile(folder / "x.txt") == "original");
    BOOST_TEST(!std::filesystem::exists(folder / ".x.txt.tmp"));
}

BOOST_AUTO_TEST_CASE(read_errors_name_the_file)
{
    try {
        io::readFile("/nonexistent/sandtable/file.json");
        BOOST_FAIL("no error");
    } catch (const util::IoError& e) {
        BOOST_TEST(std::string(e.what()) == "/nonexistent/sandtable/file.json: no such file");
    }
    TemporaryFolder folder;
    io::writeFileAtomically(folder / "big", std::string(100, 'x'));
    BOOST_CHECK_THROW(io::readFile(folder / "big", 10), util::IoError);
}

BOOST_AUTO_TEST_CASE(a_large_file_is_read_whole_into_a_block_on_a_huge_page_boundary)
{
    // 5 MiB + 3 bytes: past the 2 MiB size from which BulkMemory maps, aligned to 2 MiB, and not a
    // multiple of a page. Every byte is its offset's low byte, so a shifted or short read shows.
    TemporaryFolder folder;
    const std::size_t n = (std::size_t{5} << 20) + 3;
    std::string bytes(n, '\0');
    for (std::size_t i = 0; i < n; ++i)
        bytes[i] = static_cast<char>(i & 0xff);
    io::writeFileAtomically(folder / "big.json", bytes);
    const io::FileBytes read = io::readFileBytes(folder / "big.json");
    BOOST_TEST(read.size == n);
    BOOST_TEST(read.memory.size() >= n);
    BOOST_TEST(reinterpret_cast<std::uintptr_t>(read.memory.data()) % (std::uintptr_t{2} << 20) == 0u);
    BOOST_TEST((read.view() == bytes));
    BOOST_TEST((io::readFile(folder / "big.json") == bytes));
}

BOOST_AUTO_TEST_CASE(a_stream_of_unknown_length_is_read_to_its_end)
{
    // A FIFO has no length: the block starts at 64 KiB and doubles while the writer gives more
    // (3 MiB + 1 byte: six doublings, from the heap into a mapping past 2 MiB).
    TemporaryFolder folder;
    const std::filesystem::path fifo = folder / "pipe";
    BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::size_t n = (std::size_t{3} << 20) + 1;
    std::thread writer([&] {
        std::ofstream out(fifo, std::ios::binary);
        for (std::size_t i = 0; i < n; ++i)
            out.put(static_cast<char>('a' + i % 26));
    });
    const io::FileBytes read = io::readFileBytes(fifo);
    writer.join();
    BOOST_TEST(read.size == n);
    BOOST_TEST(read.view().front() == 'a');
    BOOST_TEST(read.view()[26] == 'a');
    BOOST_TEST(read.view()[n - 1] == static_cast<char>('a' + (n - 1) % 26));
    BOOST_TEST(read.view().substr(1 << 20, 3) == std::string({static_cast<char>('a' + (1 << 20) % 26),
        static_cast<char>('a' + ((1 << 20) + 1) % 26), static_cast<char>('a' + ((1 << 20) + 2) % 26)}));
}

BOOST_AUTO_TEST_CASE(bulk_memory_keeps_what_it_was_asked_to_keep_when_it_grows)
{
    util::BulkMemory small(100);
    BOOST_TEST(small.size() == 100u);
    std::memcpy(small.data(), "sandtable", 9);
    small.resize(std::size_t{4} << 20, 9); // from the heap to a mapping
    BOOST_TEST(small.size() == (std::size_t{4} << 20));
    BOOST_TEST(std::string_view(small.data(), 9) == "sandtable");
    small.data()[(std::size_t{4} << 20) - 1] = 'z'; // the last byte is writable
    util::BulkMemory moved = std::move(small);
    BOOST_TEST(small.data() == nullptr);
    BOOST_TEST(small.size() == 0u);
    BOOST_TEST(moved.data()[(std::size_t{4} << 20) - 1] == 'z');
    BOOST_TEST(util::BulkMemory().data() == nullptr);
}

BOOST_AUTO_TEST_SUITE_END()
