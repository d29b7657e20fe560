// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the `sandtable` tool in-process for CLI tests: exit code, stdout and stderr.
#pragma once

#include "sandtable/cli/context.hpp"

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

} // namespace sandtable::test
