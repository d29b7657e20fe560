// SPDX-License-Identifier: GPL-3.0-or-later
// The `sandtable` command-line tool. The commands that never need GDAL (scenario, catalogue, oob, cards)
// run in this executable, which does not link GDAL; every other command line is handed over unchanged to
// sandtable-full, the same tool with every command, by exec (the same process, streams and exit code).
// Loading GDAL and the hundred libraries it needs takes about 33 ms of a start of 38 ms: a catalogue
// search, an export or a scenario validation no longer pays it.
#include "sandtable/cli/context.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace {

/// Whether the command line names a noun of this executable: its first word that is not a global flag
/// (--json, -q, --quiet) is one of them. Anything else (--help, --version, another noun, no noun at all)
/// is sandtable-full's, whose answer lists every command.
bool runsHere(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (word == "--json" || word == "-q" || word == "--quiet")
            continue;
        if (word.empty() || word[0] == '-')
            return false;
        const auto nouns = sandtable::cli::nounsWithoutGdal();
        return std::any_of(nouns.begin(), nouns.end(), [&](const sandtable::cli::Noun& noun) { return noun.name == word; });
    }
    return false;
}

/// sandtable-full: next to this executable (a build tree), else where an install puts it relative to this
/// executable (bin/../libexec/sandtable), else where the configured install prefix puts it.
std::filesystem::path fullTool()
{
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        for (const std::filesystem::path& candidate :
            {self.parent_path() / "sandtable-full", self.parent_path() / SANDTABLE_FULL_RELATIVE})
            if (::access(candidate.c_str(), X_OK) == 0)
                return candidate;
    }
    return SANDTABLE_FULL_INSTALLED;
}

} // namespace

int main(int argc, char** argv)
{
    if (runsHere(argc, argv))
        return sandtable::cli::run(argc, argv, std::cout, std::cerr, sandtable::cli::nounsWithoutGdal());
    const std::filesystem::path full = fullTool();
    ::execv(full.c_str(), argv);
    std::cerr << "sandtable: error: cannot start " << full.string() << " (" << std::strerror(errno)
              << "), which runs this command; reinstall sandtable\n";
    return 1;
}
