// SPDX-License-Identifier: GPL-3.0-or-later
// Undo/redo history, clean-state tracking and observers of the Document.
#include "sandtable/core/document/document.hpp"

#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>

namespace sandtable::core::document {

Document::Document(Scenario scenario, std::filesystem::path path)
    : m_scenario(std::move(scenario))
    , m_path(std::move(path))
{
}

void Document::apply(Edit edit)
{
    if (edit.empty())
        return;
    applyEdit(m_scenario, edit);
    if (m_cleanDepth && *m_cleanDepth > m_undo.size())
        m_cleanDepth.reset(); // the saved state was in the redo history, which is now dropped
    m_redo.clear();
    const bool merge = m_mergeAllowed && !m_undo.empty() && !edit.mergeKey.empty()
        && m_undo.back().mergeKey == edit.mergeKey && !(m_cleanDepth && *m_cleanDepth == m_undo.size());
    if (merge) {
        Edit& top = m_undo.back();
        top.changes.insert(top.changes.end(), edit.changes.begin(), edit.changes.end());
        top.label = edit.label;
    } else {
        m_undo.push_back(edit);
    }
    m_mergeAllowed = true;
    notify(edit);
}

std::string Document::undoLabel() const { return m_undo.empty() ? std::string() : m_undo.back().label; }
std::string Document::redoLabel() const { return m_redo.empty() ? std::string() : m_redo.back().label; }

void Document::undo()
{
    if (m_undo.empty())
        return;
    const Edit inverse = invert(m_undo.back());
    applyEdit(m_scenario, inverse);
    m_redo.push_back(std::move(m_undo.back()));
    m_undo.pop_back();
    m_mergeAllowed = false;
    notify(inverse);
}

void Document::redo()
{
    if (m_redo.empty())
        return;
    applyEdit(m_scenario, m_redo.back());
    m_undo.push_back(std::move(m_redo.back()));
    m_redo.pop_back();
    m_mergeAllowed = false;
    notify(m_undo.back());
}

bool Document::isModified() const noexcept
{
    return !m_cleanDepth || *m_cleanDepth != m_undo.size();
}

void Document::save(const std::optional<std::filesystem::path>& path)
{
    const std::filesystem::path target = path ? *path : m_path;
    if (target.empty())
        throw util::IoError("", _("document"), _("has no file name yet; choose one with Save As"));
    io::saveScenario(m_scenario, target);
    m_path = target;
    markClean();
}

void Document::markClean() noexcept
{
    m_cleanDepth = m_undo.size();
    m_mergeAllowed = false;
}

int Document::subscribe(Observer observer)
{
    const int handle = m_nextHandle++;
    m_observers.emplace_back(handle, std::move(observer));
    return handle;
}

void Document::unsubscribe(int handle)
{
    std::erase_if(m_observers, [handle](const auto& entry) { return entry.first == handle; });
}

void Document::notify(const Edit& edit)
{
    const auto observers = m_observers; // an observer may unsubscribe while being called
    for (const auto& [handle, observer] : observers)
        observer(edit);
}

} // namespace sandtable::core::document
