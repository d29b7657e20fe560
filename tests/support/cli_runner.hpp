// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the `sandtable` tool in-process for CLI tests: exit code, stdout and stderr.
#pragma once

#include "sandtable/cli/context.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sandtable::test {

/// What one run of the tool gave back.
struct Result {
    int code;
    std::string out;
    std::string err;
};

/// sandtable::cli::run with `args` after the program name, capturing both streams.
inline Result runTool(std::vector<std::string> args)
{
    args.insert(args.begin(), "sandtable");
    std::vector<const char*> argv;
    for (const auto& a : args)
        argv.push_back(a.c_str());
    std::ostringstream out, err;
    const int code = sandtable::cli::run(static_cast<int>(argv.size()), argv.data(), out, err);
    return {code, out.str(), err.str()};
}

/// The bytes of file `p` ("" when it cannot be read): what a command left on disk.
inline std::string readText(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace sandtable::test
