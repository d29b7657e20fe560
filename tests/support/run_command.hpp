// SPDX-License-Identifier: GPL-3.0-or-later
// Running an outside tool from a test (GDAL's validator, python3-gdal, ogrinfo) and keeping what it printed.
#pragma once

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace sandtable::test {

struct CommandResult {
    int exitCode = -1;   ///< the tool's exit code; -1 when it could not be run or ended on a signal
    std::string output;  ///< stdout and stderr together
};

/// Runs a shell command line, capturing its output.
inline CommandResult runCommand(const std::string& commandLine)
{
    CommandResult result;
    FILE* pipe = popen((commandLine + " 2>&1").c_str(), "r");
    if (!pipe)
        return result;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        result.output.append(buffer.data(), n);
    const int status = pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

} // namespace sandtable::test
