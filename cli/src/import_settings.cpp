// SPDX-License-Identifier: GPL-3.0-or-later
// GCC 12 at -O2 sees a "potential null pointer dereference" in std::vector<std::string> growth inside
// CLI11's CLI::detail::split as it is compiled in this file: a false positive of -Wnull-dereference in
// library code, silenced for CLI11's headers only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#endif
#include "import_settings.hpp"
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/importers/importer_registry.hpp"

#include <algorithm>

namespace sandtable::cli {

void ImportSettings::declare(CLI::App& command, core::io::ImportTarget target, std::set<std::string> boundElsewhere)
{
    m_target = target;
    m_boundElsewhere = std::move(boundElsewhere);
    for (const auto& importer : importers::standardImporters().importers()) {
        if (importer->target() != target)
            continue;
        for (const core::io::ImportOption& option : importer->options()) {
            if (m_boundElsewhere.count(option.key) != 0)
                continue;
            if (std::any_of(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.option.key == option.key; }))
                continue;
            Entry& entry = m_entries.emplace_back();
            entry.option = option;
            std::string help = _(option.help.c_str());
            if (!option.detail.empty())
                help += "\n" + option.detail;
            const std::string name = "--" + option.key;
            if (option.flag)
                command.add_flag(name, entry.set, help);
            else if (option.repeatable)
                command.add_option(name, entry.values, help);
            else
                command.add_option(name, entry.values, help)->expected(1);
        }
    }
}

bool ImportSettings::given(const std::string& key) const
{
    if (m_boundElsewhere.count(key) != 0)
        return true;
    for (const Entry& e : m_entries)
        if (e.option.key == key)
            return e.option.flag ? e.set : !e.values.empty();
    return false;
}

void ImportSettings::requireSomeImporterSatisfied() const
{
    std::vector<std::string> needs;
    bool anyNeeds = false;
    for (const auto& importer : importers::standardImporters().importers()) {
        if (importer->target() != m_target)
            continue;
        // What core::io::checkSettings will ask of it: each required option, one option of each group.
        bool satisfied = true;
        std::vector<std::string> need;
        for (const core::io::ImportOption& option : importer->options())
            if (option.group.empty() && option.required) {
                need.push_back("--" + option.key);
                satisfied = satisfied && given(option.key);
            }
        for (const core::io::ImportOptionGroup& group : core::io::optionGroups(*importer)) {
            std::string alternatives;
            for (const core::io::ImportOption* option : group.options)
                alternatives += (alternatives.empty() ? "--" : ", --") + option->key;
            need.push_back(core::i18n::format(_("one of {1}"), {alternatives}));
            satisfied = satisfied
                && std::any_of(group.options.begin(), group.options.end(), [&](const core::io::ImportOption* o) { return given(o->key); });
        }
        if (satisfied)
            return; // an importer with nothing it needs is always satisfied
        anyNeeds = true;
        std::string line;
        for (const std::string& n : need)
            line += (line.empty() ? "" : " and ") + n;
        needs.push_back(line + " (" + std::string(importer->name()) + ")");
    }
    if (!anyNeeds)
        return;
    // "A; B or C": the last two joined by the translated "or".
    std::string message = needs.front();
    for (std::size_t i = 1; i < needs.size(); ++i)
        message = i + 1 == needs.size() ? core::i18n::format(_("{1} or {2}"), {message, needs[i]}) : message + "; " + needs[i];
    throw CLI::RequiredError(core::i18n::format(_("the input needs {1}"), {message}), CLI::ExitCodes::RequiredError);
}

core::io::ImportRequest ImportSettings::request(const std::filesystem::path& input, core::util::ProgressCallback progress) const
{
    core::io::ImportRequest request{input, {}, std::move(progress)};
    for (const Entry& e : m_entries) {
        if (e.option.flag) {
            if (e.set)
                request.settings.emplace_back(e.option.key, "true");
            continue;
        }
        for (const std::string& value : e.values)
            request.settings.emplace_back(e.option.key, value);
    }
    return request;
}

} // namespace sandtable::cli
