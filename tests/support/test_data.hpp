// SPDX-License-Identifier: GPL-3.0-or-later
// The one way tests find their inputs: the project's own files under tests/data/, and the real
// third-party files of ../shared/data through SANDTABLE_SHARED_DATA.
#pragma once

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

namespace sandtable::test {

/// tests/data/<relative>; fails the test loudly when the file is missing (it is part of the project).
std::filesystem::path projectData(const std::string& relative);

/// The repository root (for schemas/ and examples/).
std::filesystem::path sourceDir();

/// The shared data folder: $SANDTABLE_SHARED_DATA, else the CMake default (../shared/data).
std::filesystem::path sharedDataDir();

/// <shared>/<relative>; fails the test (BOOST_REQUIRE) naming the folder or file when it is absent.
std::filesystem::path sharedData(const std::string& relative);

/// A fresh, empty temporary folder removed when the object dies.
class TemporaryFolder {
public:
    TemporaryFolder();
    ~TemporaryFolder();
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

private:
    std::filesystem::path m_path;
};


} // namespace sandtable::test
