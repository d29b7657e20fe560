// SPDX-License-Identifier: GPL-3.0-or-later
// Locating test inputs and temporary folders.
#include "support/test_data.hpp"

#include <cstdlib>
#include <random>

namespace sandtable::test {

std::filesystem::path projectData(const std::string& relative)
{
    const auto path = std::filesystem::path(SANDTABLE_TEST_DATA_DIR) / relative;
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(path), "project test file missing: " << path);
    return path;
}

std::filesystem::path sourceDir() { return SANDTABLE_SOURCE_DIR; }

std::filesystem::path sharedDataDir()
{
    if (const char* env = std::getenv("SANDTABLE_SHARED_DATA"); env && *env)
        return env;
    return SANDTABLE_DEFAULT_SHARED_DATA;
}

std::filesystem::path sharedData(const std::string& relative)
{
    const auto path = sharedDataDir() / relative;
    BOOST_REQUIRE_MESSAGE(std::filesystem::is_directory(sharedDataDir()),
        "the shared data folder " << sharedDataDir() << " is absent: it lies beside the clone as ../shared/data, "
        "or set SANDTABLE_SHARED_DATA (a test never skips for want of its input)");
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(path), "shared data file missing: " << path);
    return path;
}

TemporaryFolder::TemporaryFolder()
{
    std::random_device random;
    m_path = std::filesystem::temp_directory_path() / ("sandtable-test-" + std::to_string(random()));
    std::filesystem::create_directories(m_path);
}

TemporaryFolder::~TemporaryFolder()
{
    std::error_code ignored;
    std::filesystem::permissions(m_path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ignored);
    std::filesystem::remove_all(m_path, ignored);
}

} // namespace sandtable::test
