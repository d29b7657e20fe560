// SPDX-License-Identifier: GPL-3.0-or-later
// Output helpers shared by all commands.
#include "sandtable/cli/context.hpp"

#include "sandtable/core/io/json_writer.hpp"

#include <cmath>
#include <ostream>

namespace sandtable::cli {

void Context::printJson(const nlohmann::ordered_json& document) const
{
    out << core::writeJson(document, 2);
    out.flush();
    printedJson = true;
}

core::ProgressCallback Context::progress() const
{
    if (quiet)
        return {};
    auto lastPercent = std::make_shared<int>(-1);
    auto lastWhat = std::make_shared<std::string>();
    std::ostream* stream = &err;
    return [stream, lastPercent, lastWhat](double fraction, std::string_view what) {
        const int percent = static_cast<int>(std::floor(std::clamp(fraction, 0.0, 1.0) * 100.0));
        // Every 10 % and on a change of stage: enough to see it move, not enough to flood a log.
        if (what != *lastWhat || percent / 10 != *lastPercent / 10 || percent == 100) {
            if (percent != *lastPercent || what != *lastWhat)
                *stream << core::i18n::translate(std::string(what).c_str()) << ": " << percent << "%\n"; // N_() at the source
            *lastPercent = percent;
            *lastWhat = std::string(what);
        }
        return true;
    };
}

void Context::printDiagnostics(const core::Diagnostics& diagnostics, const std::string& file) const
{
    for (const auto& d : diagnostics)
        err << file << ": " << severityText(d.severity) << ": " << d.path << ": " << d.message << " [" << d.code
            << "]\n";
}

std::string severityText(core::Severity severity)
{
    // The words of core::toString(Severity), for people; --json keeps core::toString's.
    switch (severity) {
    case core::Severity::Error:
        return _("error");
    case core::Severity::Warning:
        return _("warning");
    case core::Severity::Info:
        break;
    }
    return _("info");
}

std::string errorsAndWarnings(std::size_t errors, std::size_t warnings)
{
    return core::i18n::format(P_("{1} error", "{1} errors", errors), {std::to_string(errors)}) + ", "
        + core::i18n::format(P_("{1} warning", "{1} warnings", warnings), {std::to_string(warnings)});
}

nlohmann::ordered_json diagnosticsToJson(const core::Diagnostics& diagnostics)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& d : diagnostics)
        out.push_back({{"code", d.code}, {"severity", core::toString(d.severity)}, {"path", d.path}, {"message", d.message}});
    return out;
}

CLI::App* addCommand(CLI::App& parent, const std::string& name, const std::string& description)
{
    CLI::App* command = parent.add_subcommand(name, description);
    command->fallthrough();
    // CLI11 makes a subcommand's help flag before it copies the option defaults: the group's name, translated.
    if (command->get_help_ptr() && parent.get_help_ptr())
        command->get_help_ptr()->group(parent.get_help_ptr()->get_group());
    return command;
}

} // namespace sandtable::cli
