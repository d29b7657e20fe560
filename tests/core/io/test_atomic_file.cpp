// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/atomic_file.hpp.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>

using namespace sandtable::core;
using sandtable::test::TemporaryFolder;

BOOST_AUTO_TEST_SUITE(io_atomic_file)

BOOST_AUTO_TEST_CASE(replaces_the_file_and_leaves_no_temporary)
{
    TemporaryFolder folder;
    writeFileAtomically(folder / "x.txt", "first");
    writeFileAtomically(folder / "x.txt", "second");
    BOOST_TEST(readFile(folder / "x.txt") == "second");
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder.path()))
        ++files;
    BOOST_TEST(files == 1u);
}

BOOST_AUTO_TEST_CASE(uncommitted_atomic_file_leaves_the_target_untouched)
{
    TemporaryFolder folder;
    writeFileAtomically(folder / "x.txt", "original");
    {
        AtomicFile file(folder / "x.txt");
        std::ofstream(file.temporaryPath()) << "half-written";
    }
    BOOST_TEST(readFile(folder / "x.txt") == "original");
    BOOST_TEST(!std::filesystem::exists(folder / ".x.txt.tmp"));
}

BOOST_AUTO_TEST_CASE(read_errors_name_the_file)
{
    try {
        readFile("/nonexistent/sandtable/file.json");
        BOOST_FAIL("no error");
    } catch (const IoError& e) {
        BOOST_TEST(std::string(e.what()) == "/nonexistent/sandtable/file.json: no such file");
    }
    TemporaryFolder folder;
    writeFileAtomically(folder / "big", std::string(100, 'x'));
    BOOST_CHECK_THROW(readFile(folder / "big", 10), IoError);
}

BOOST_AUTO_TEST_SUITE_END()
