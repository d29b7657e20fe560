// SPDX-License-Identifier: GPL-3.0-or-later
// sandtable-full: the `sandtable` tool with every command, GDAL's included. `sandtable` hands it the
// command lines it does not run itself (cli/src/main.cpp); it is installed under libexec.
#include "sandtable/cli/context.hpp"

#include <iostream>

int main(int argc, char** argv)
{
    return sandtable::cli::run(argc, argv, std::cout, std::cerr);
}
