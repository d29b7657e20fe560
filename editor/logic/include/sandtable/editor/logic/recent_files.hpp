// SPDX-License-Identifier: GPL-3.0-or-later
// The File > Open Recent list: most recent first, no duplicates, bounded, kept in the XDG config folder.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::editor {

class RecentFiles {
public:
    static constexpr std::size_t kDefaultCapacity = 8;

    explicit RecentFiles(std::size_t capacity = kDefaultCapacity);

    /// Puts `file` first (made absolute and lexically normal; an entry for the same file moves up) and
    /// drops the oldest entries past the capacity.
    void add(const std::filesystem::path& file);
    void remove(const std::filesystem::path& file);
    const std::vector<std::filesystem::path>& files() const noexcept { return m_files; }
    std::size_t capacity() const noexcept { return m_capacity; }

    /// One path per line, most recent first.
    std::string toText() const;
    /// Reads toText()'s format; blank lines are skipped and the list is cut to `capacity`.
    static RecentFiles fromText(std::string_view text, std::size_t capacity = kDefaultCapacity);

    /// Reads the list from `file`; a missing or unreadable file gives an empty list (the list is a
    /// convenience, never a reason to refuse to start).
    static RecentFiles load(const std::filesystem::path& file, std::size_t capacity = kDefaultCapacity);
    /// Writes the list to `file` (creating its folder) through a temporary file and a rename.
    /// Throws core::util::IoError when it cannot be written.
    void save(const std::filesystem::path& file) const;

private:
    static std::filesystem::path normalise(const std::filesystem::path& file);
    std::vector<std::filesystem::path> m_files;
    std::size_t m_capacity;
};

/// $XDG_CONFIG_HOME/sandtable, else $HOME/.config/sandtable (XDG Base Directory specification), else
/// a relative ".config/sandtable" when neither variable is set.
std::filesystem::path editorConfigDir();

} // namespace sandtable::editor
