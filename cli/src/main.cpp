// SPDX-License-Identifier: GPL-3.0-or-later
// The `sandtable` command-line tool: a thin main over sandtable::cli::run.
#include "sandtable/cli/context.hpp"

#include <iostream>

int main(int argc, char** argv)
{
    return sandtable::cli::run(argc, argv, std::cout, std::cerr);
}
