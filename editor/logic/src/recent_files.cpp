// SPDX-License-Identifier: GPL-3.0-or-later
// The recent files list and where the editor keeps its settings.
#include "sandtable/editor/logic/recent_files.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace sandtable::editor {

RecentFiles::RecentFiles(std::size_t capacity)
    : m_capacity(std::max<std::size_t>(capacity, 1))
{
}

std::filesystem::path RecentFiles::normalise(const std::filesystem::path& file)
{
    std::error_code ignored;
    const auto absolute = std::filesystem::absolute(file, ignored);
    return (absolute.empty() ? file : absolute).lexically_normal();
}

void RecentFiles::add(const std::filesystem::path& file)
{
    if (file.empty())
        return;
    const auto normal = normalise(file);
    remove(normal);
    m_files.push_back(normal);
    std::rotate(m_files.rbegin(), m_files.rbegin() + 1, m_files.rend());
    if (m_files.size() > m_capacity)
        m_files.resize(m_capacity);
}

void RecentFiles::remove(const std::filesystem::path& file)
{
    const auto normal = normalise(file);
    std::erase(m_files, normal);
}

std::string RecentFiles::toText() const
{
    std::string text;
    for (const auto& file : m_files)
        text += file.string() + "\n";
    return text;
}

RecentFiles RecentFiles::fromText(std::string_view text, std::size_t capacity)
{
    RecentFiles list(capacity);
    std::vector<std::filesystem::path> read;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!line.empty()) {
            const auto normal = normalise(std::filesystem::path(std::string(line)));
            if (std::find(read.begin(), read.end(), normal) == read.end())
                read.push_back(normal);
        }
        start = end + 1;
    }
    if (read.size() > list.m_capacity)
        read.resize(list.m_capacity);
    list.m_files = std::move(read);
    return list;
}

RecentFiles RecentFiles::load(const std::filesystem::path& file, std::size_t capacity)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return RecentFiles(capacity);
    std::ostringstream text;
    text << in.rdbuf();
    return fromText(text.str(), capacity);
}

void RecentFiles::save(const std::filesystem::path& file) const
{
    std::error_code error;
    if (file.has_parent_path())
        std::filesystem::create_directories(file.parent_path(), error);
    if (error)
        throw core::util::IoError(file.parent_path().string(), _("folder"), error.message());
    auto temporary = file;
    temporary += ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << toText();
        out.flush();
        if (!out)
            throw core::util::IoError(temporary.string(), _("recent files"), _("cannot be written"));
    }
    std::filesystem::rename(temporary, file, error);
    if (error) {
        const std::string reason = error.message();
        std::filesystem::remove(temporary, error);
        throw core::util::IoError(file.string(), _("recent files"), core::i18n::format(_("cannot be replaced: {1}"), {reason}));
    }
}

std::filesystem::path editorConfigDir()
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg && std::filesystem::path(xdg).is_absolute())
        return std::filesystem::path(xdg) / "sandtable";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "sandtable";
    return std::filesystem::path(".config") / "sandtable";
}

} // namespace sandtable::editor
