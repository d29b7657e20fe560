// SPDX-License-Identifier: GPL-3.0-or-later
// The options of an import command, taken from what its target's importers declare (core ImportOption):
// one declaration serves the CLI's --help and parsing and the editor's File > Import... alike.
#pragma once

#include "sandtable/core/io/importer.hpp"

#include <CLI/CLI.hpp>

#include <deque>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace sandtable::cli {

class ImportSettings {
public:
    /// Adds to `command` an option --KEY for every option an importer of `target` declares (the first
    /// importer's declaration of a key wins), in the registry's order, except the keys in `boundElsewhere`
    /// (the command gives those from its own arguments: `vassal import`'s -o is the scenario-file). A flag
    /// option becomes a flag, a repeatable one may be given again; the help is the declared help through
    /// gettext, then the declared detail on its own lines.
    void declare(CLI::App& command, core::io::ImportTarget target, std::set<std::string> boundElsewhere = {});

    /// Throws CLI::RequiredError (a usage error, exit code 2) when no importer of the target could run on the
    /// options given: none has every required key and one option of each of its groups. Its message lists
    /// what each importer needs ("the input needs one of --preset, --class-from, --class (vector) or --levels (dem)"). Keys in
    /// `boundElsewhere` count as given.
    void requireSomeImporterSatisfied() const;

    /// The request for `input`: every option given, in declaration order (a repeatable one's values in the
    /// order given; a flag as "true").
    core::io::ImportRequest request(const std::filesystem::path& input, core::util::ProgressCallback progress) const;

private:
    struct Entry {
        core::io::ImportOption option;
        std::vector<std::string> values;
        bool set = false; ///< a flag's value
    };
    bool given(const std::string& key) const;

    core::io::ImportTarget m_target = core::io::ImportTarget::Terrain;
    std::set<std::string> m_boundElsewhere;
    std::deque<Entry> m_entries; // stable addresses: CLI11 writes into them
};

} // namespace sandtable::cli
