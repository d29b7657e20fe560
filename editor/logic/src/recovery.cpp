// SPDX-License-Identifier: GPL-3.0-or-later
// Recovery copies of unsaved scenarios in the XDG state folder.
#include "sandtable/editor/logic/recovery.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <system_error>

namespace sandtable::editor {

namespace {

constexpr const char* kPrefix = "recovery-";
constexpr const char* kSuffix = ".sandtable.json";

std::optional<long> pidOf(const std::string& name)
{
    const std::string prefix(kPrefix);
    const std::string suffix(kSuffix);
    if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0
        || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return std::nullopt;
    const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    long pid = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (ec != std::errc() || end != digits.data() + digits.size() || pid <= 0)
        return std::nullopt;
    return pid;
}

std::filesystem::path originFile(const std::filesystem::path& copy)
{
    std::filesystem::path origin = copy;
    origin += ".origin";
    return origin;
}

} // namespace

std::filesystem::path editorStateDir()
{
    if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg && std::filesystem::path(xdg).is_absolute())
        return std::filesystem::path(xdg) / "sandtable";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".local" / "state" / "sandtable";
    return std::filesystem::path(".local") / "state" / "sandtable";
}

RecoveryStore::RecoveryStore(std::filesystem::path folder, long pid)
    : m_folder(std::move(folder))
    , m_pid(pid)
{
}

std::filesystem::path RecoveryStore::ownFile() const
{
    return m_folder / (kPrefix + std::to_string(m_pid) + kSuffix);
}

void RecoveryStore::write(const core::Scenario& scenario, const std::filesystem::path& original) const
{
    std::error_code ec;
    std::filesystem::create_directories(m_folder, ec);
    if (ec)
        throw core::util::IoError(m_folder.string(), _("recovery folder"), ec.message());
    // The origin first: a copy is never found without knowing whose it is.
    const std::string origin = original.empty() ? std::string() : std::filesystem::absolute(original).string();
    core::io::writeFileAtomically(originFile(ownFile()), origin + "\n");
    core::io::saveScenario(scenario, ownFile());
}

void RecoveryStore::discardOwn() const noexcept
{
    discard(RecoveryEntry{ownFile(), {}, m_pid, {}});
}

void RecoveryStore::discard(const RecoveryEntry& entry) noexcept
{
    std::error_code ec;
    std::filesystem::remove(entry.file, ec);
    std::filesystem::remove(originFile(entry.file), ec);
}

std::vector<RecoveryEntry> RecoveryStore::orphans() const
{
    std::vector<RecoveryEntry> found;
    std::error_code ec;
    for (const auto& item : std::filesystem::directory_iterator(m_folder, ec)) {
        const auto pid = pidOf(item.path().filename().string());
        if (!pid || *pid == m_pid || processRunning(*pid) || !item.is_regular_file(ec))
            continue;
        RecoveryEntry entry{item.path(), {}, *pid, item.last_write_time(ec)};
        std::ifstream origin(originFile(item.path()));
        std::string line;
        if (origin && std::getline(origin, line) && !line.empty())
            entry.original = line;
        found.push_back(std::move(entry));
    }
    std::sort(found.begin(), found.end(), [](const RecoveryEntry& a, const RecoveryEntry& b) { return a.written > b.written; });
    return found;
}

bool processRunning(long pid)
{
    if (pid <= 0)
        return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

std::chrono::milliseconds autosaveInterval(const char* environmentValue)
{
    if (environmentValue && *environmentValue) {
        char* end = nullptr;
        const double seconds = std::strtod(environmentValue, &end);
        if (end && *end == '\0' && seconds > 0.0 && seconds < 86400.0)
            return std::chrono::milliseconds(static_cast<long long>(seconds * 1000.0));
    }
    return std::chrono::seconds(60);
}

} // namespace sandtable::editor
