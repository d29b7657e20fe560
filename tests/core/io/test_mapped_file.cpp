// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/mapped_file.hpp: the bytes, the errors, and a file cut short while mapped.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/mapped_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <string>
#include <csignal>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace sandtable::core;
using sandtable::test::TemporaryFolder;

BOOST_AUTO_TEST_SUITE(io_mapped_file)

BOOST_AUTO_TEST_CASE(gives_the_bytes_of_the_file)
{
    TemporaryFolder folder;
    std::string text;
    for (int i = 0; i < 100000; ++i)
        text += "line " + std::to_string(i) + "\n"; // 1.2 MB: several pages, not a multiple of the page size
    writeFileAtomically(folder / "big.txt", text);
    const MappedFile file(folder / "big.txt", text.size());
    BOOST_TEST(file.bytes().size() == text.size());
    BOOST_TEST((file.bytes() == text));
    writeFileAtomically(folder / "empty.txt", "");
    BOOST_TEST(MappedFile(folder / "empty.txt", 10).bytes().empty());
}

BOOST_AUTO_TEST_CASE(errors_name_the_file_and_the_reason)
{
    TemporaryFolder folder;
    writeFileAtomically(folder / "ten.txt", "0123456789");
    try {
        MappedFile file(folder / "ten.txt", 9);
        BOOST_FAIL("a file over the cap was mapped");
    } catch (const IoError& e) {
        BOOST_TEST(std::string(e.what()).find("ten.txt") != std::string::npos);
        BOOST_TEST(std::string(e.what()).find("limit of 9 bytes") != std::string::npos);
    }
    BOOST_CHECK_THROW(MappedFile(folder / "missing.txt", 100), IoError);
    BOOST_CHECK_THROW(MappedFile(folder.path(), 100), IoError);
}

BOOST_AUTO_TEST_CASE(a_file_cut_short_while_mapped_ends_the_process_with_a_message)
{
    // In a child process: map a file of three pages, cut it to one, read the third page. SIGBUS comes; the
    // handler must print the file's name and exit with 1 (not crash with a signal).
    TemporaryFolder folder;
    const auto path = folder / "cut.json";
    const long page = ::sysconf(_SC_PAGESIZE);
    writeFileAtomically(path, std::string(static_cast<std::size_t>(3 * page), 'x'));
    int pipeEnds[2];
    BOOST_REQUIRE(::pipe(pipeEnds) == 0);
    const pid_t child = ::fork();
    BOOST_REQUIRE(child >= 0);
    if (child == 0) {
        ::signal(SIGBUS, SIG_DFL); // not Boost.Test's handler: the child runs no more tests
        ::dup2(pipeEnds[1], STDERR_FILENO);
        ::close(pipeEnds[0]);
        const MappedFile file(path, static_cast<std::size_t>(3 * page));
        if (::truncate(path.c_str(), page) != 0)
            ::_exit(3);
        volatile char c = file.bytes()[static_cast<std::size_t>(2 * page + 7)];
        (void)c;
        ::_exit(2); // the read succeeded: no SIGBUS
    }
    ::close(pipeEnds[1]);
    std::string message;
    char buffer[512];
    for (ssize_t n; (n = ::read(pipeEnds[0], buffer, sizeof buffer)) > 0;)
        message.append(buffer, static_cast<std::size_t>(n));
    ::close(pipeEnds[0]);
    int status = 0;
    BOOST_REQUIRE(::waitpid(child, &status, 0) == child);
    BOOST_TEST(WIFEXITED(status));
    BOOST_TEST(WEXITSTATUS(status) == 1);
    BOOST_TEST(message == "sandtable: error: " + path.string() + ": was cut short by another program while it was being read\n");
}

BOOST_AUTO_TEST_CASE(a_sigbus_elsewhere_is_not_taken_for_a_cut_file)
{
    // A mapping that is not a MappedFile (here an anonymous file mapping cut short) keeps the default
    // action: the child dies of SIGBUS, it does not exit with sandtable's message.
    TemporaryFolder folder;
    const auto path = folder / "other.bin";
    const long page = ::sysconf(_SC_PAGESIZE);
    writeFileAtomically(folder / "guard.json", "{}");
    writeFileAtomically(path, std::string(static_cast<std::size_t>(2 * page), 'y'));
    const pid_t child = ::fork();
    BOOST_REQUIRE(child >= 0);
    if (child == 0) {
        ::signal(SIGBUS, SIG_DFL); // not Boost.Test's handler: the child runs no more tests
        const MappedFile guard(folder / "guard.json", 100); // installs the handler
        FILE* f = std::fopen(path.c_str(), "r");
        void* raw = ::mmap(nullptr, static_cast<std::size_t>(2 * page), PROT_READ, MAP_PRIVATE, ::fileno(f), 0);
        if (raw == MAP_FAILED || ::truncate(path.c_str(), 0) != 0)
            ::_exit(3);
        volatile char c = static_cast<const char*>(raw)[page + 1];
        (void)c;
        ::_exit(2);
    }
    int status = 0;
    BOOST_REQUIRE(::waitpid(child, &status, 0) == child);
    BOOST_TEST(WIFSIGNALED(status));
    if (WIFSIGNALED(status))
        BOOST_TEST(WTERMSIG(status) == SIGBUS);
}

BOOST_AUTO_TEST_SUITE_END()
