// SPDX-License-Identifier: GPL-3.0-or-later
// Never lose work: the autosaved recovery copies of unsaved scenarios, one per running editor.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor {

/// $XDG_STATE_HOME/sandtable, else $HOME/.local/state/sandtable (XDG Base Directory specification),
/// else a relative ".local/state/sandtable".
std::filesystem::path editorStateDir();

/// One recovery copy found on disk: the scenario file, the file it was a copy of (empty for a scenario
/// never saved), the editor process that wrote it and when.
struct RecoveryEntry {
    std::filesystem::path file;      ///< <dir>/recovery-<pid>.sandtable.json
    std::filesystem::path original;  ///< the document's own file, empty when it had none
    long pid = 0;
    std::filesystem::file_time_type written;
};

/// The recovery folder (<state dir>/recovery). Each editor process writes one copy, named by its pid,
/// with a small ".origin" file next to it naming the document's own file. A copy whose process is no
/// longer running is left over from a crash (or kill -9): the next editor offers to restore it.
class RecoveryStore {
public:
    explicit RecoveryStore(std::filesystem::path folder, long pid);

    const std::filesystem::path& folder() const noexcept { return m_folder; }
    /// This process's recovery copy.
    std::filesystem::path ownFile() const;

    /// Writes `scenario` atomically as this process's copy (creating the folder), remembering `original`.
    /// Throws core::util::IoError when it cannot be written (the caller reports it; the document is untouched).
    void write(const core::Scenario& scenario, const std::filesystem::path& original) const;
    /// Removes this process's copy (after a save, a close, a new document). Never throws.
    void discardOwn() const noexcept;
    /// Removes one entry's files. Never throws.
    static void discard(const RecoveryEntry& entry) noexcept;

    /// Copies left by processes that are no longer running, newest first.
    std::vector<RecoveryEntry> orphans() const;

private:
    std::filesystem::path m_folder;
    long m_pid;
};

/// True when a process with this id is running (kill(pid, 0) succeeds or is refused for permission).
bool processRunning(long pid);

/// The autosave interval: `SANDTABLE_AUTOSAVE_SECONDS` when it holds a positive number of seconds
/// (tests use 1), else 60 seconds.
std::chrono::milliseconds autosaveInterval(const char* environmentValue);

} // namespace sandtable::editor
