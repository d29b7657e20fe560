// SPDX-License-Identifier: GPL-3.0-or-later
// The Document: the one owner of a scenario, its undo history and its observers.
#pragma once

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/model/scenario.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

namespace sandtable::core::document {

/// Owns the scenario; nothing else mutates it. Every change is an Edit applied through apply(), which
/// records it for undo/redo and tells the observers. The CLI and the editor use the same operations
/// (core/document/operations.hpp) to build Edits.
class Document {
public:
    using Observer = std::function<void(const Edit& applied)>;

    Document() = default;
    explicit Document(Scenario scenario, std::filesystem::path path = {});

    const Scenario& scenario() const noexcept { return m_scenario; }
    const std::filesystem::path& path() const noexcept { return m_path; }

    /// Applies and records `edit` (an empty edit is ignored). Merges with the previous step when both
    /// carry the same non-empty mergeKey and nothing was undone in between. Clears the redo history.
    /// Throws OperationError when the edit does not fit; the document is then unchanged.
    void apply(Edit edit);

    bool canUndo() const noexcept { return !m_undo.empty(); }
    bool canRedo() const noexcept { return !m_redo.empty(); }
    /// Labels of the step undo()/redo() would take ("" when none).
    std::string undoLabel() const;
    std::string redoLabel() const;
    void undo();
    void redo();
    std::size_t undoDepth() const noexcept { return m_undo.size(); }

    /// True when the scenario differs from the last save (or load), by the history's position.
    bool isModified() const noexcept;
    /// Saves atomically to `path` (or the current path) and marks the document clean.
    /// Throws IoError; the document and the old file are then untouched.
    void save(const std::optional<std::filesystem::path>& path = std::nullopt);
    /// Marks the current state as saved without writing (after an autosave elsewhere, or a load).
    void markClean() noexcept;

    /// Observers are called after every apply, undo and redo with the edit that was applied.
    /// Returns a handle for unsubscribe().
    int subscribe(Observer observer);
    void unsubscribe(int handle);

private:
    void notify(const Edit& edit);

    Scenario m_scenario;
    std::filesystem::path m_path;
    std::vector<Edit> m_undo;
    std::vector<Edit> m_redo;
    // Undo depth at the last save; nullopt once that state cannot be reached again.
    std::optional<std::size_t> m_cleanDepth = 0;
    bool m_mergeAllowed = true;
    std::vector<std::pair<int, Observer>> m_observers;
    int m_nextHandle = 1;
};

} // namespace sandtable::core::document
