// SPDX-License-Identifier: GPL-3.0-or-later
// The `sandtable` command-line tool: every command (cli/src/run.cpp registers the nouns).
#include "sandtable/cli/context.hpp"

#include <iostream>

int main(int argc, char** argv)
{
    sandtable::cli::setUpLanguage(argc, argv);
    return sandtable::cli::run(argc, argv, std::cout, std::cerr);
}
