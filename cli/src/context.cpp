// SPDX-License-Identifier: GPL-3.0-or-later
// Output helpers shared by all commands.
#include "sandtable/cli/context.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <ostream>

namespace sandtable::cli {

void Context::printJson(const core::io::JsonValue& document) const
{
    out << core::io::writeJson(document, 2);
    out.flush();
    printedJson = true;
}

void Context::warnIfInvalid(const core::validation::Diagnostics& diagnostics, const std::string& file) const
{
    const std::size_t errors = core::validation::countSeverity(diagnostics, core::validation::Severity::Error);
    if (errors == 0 || quiet || json)
        return;
    err << "sandtable: " << file << ": " << _("warning") << ": "
        << core::i18n::format(P_("the scenario has {1} error (`sandtable scenario validate {2}` lists it); the product is made anyway",
                                 "the scenario has {1} errors (`sandtable scenario validate {2}` lists them); the product is made anyway", errors),
               {std::to_string(errors), file})
        << "\n";
}

app::Reporter Context::reporter() const
{
    app::Reporter r;
    r.progress = progress();
    if (!quiet)
        r.notice = [this](const std::string& text) { err << "sandtable: " << text << "\n"; };
    return r;
}

core::util::ProgressCallback Context::progress() const
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

void Context::printDiagnostics(const core::validation::Diagnostics& diagnostics, const std::string& file) const
{
    for (const auto& d : diagnostics)
        err << file << ": " << severityText(d.severity) << ": " << d.path << ": " << d.message << " [" << d.code
            << "]\n";
}

std::string severityText(core::validation::Severity severity)
{
    // The words of core::toString(Severity), for people; --json keeps core::toString's.
    switch (severity) {
    case core::validation::Severity::Error:
        return _("error");
    case core::validation::Severity::Warning:
        return _("warning");
    case core::validation::Severity::Info:
        break;
    }
    return _("info");
}

std::string errorsAndWarnings(std::size_t errors, std::size_t warnings)
{
    return core::i18n::format(P_("{1} error", "{1} errors", errors), {std::to_string(errors)}) + ", "
        + core::i18n::format(P_("{1} warning", "{1} warnings", warnings), {std::to_string(warnings)});
}

core::io::JsonValue diagnosticsToJson(const core::validation::Diagnostics& diagnostics, core::io::JsonOut& out)
{
    core::io::JsonValue array = out.array();
    for (const auto& d : diagnostics)
        out.push(array, out.object("code", d.code, "severity", core::validation::toString(d.severity), "path", d.path, "message", d.message));
    return array;
}

namespace {

/// The option's text as a number in the "C" form, or nullopt when it is not one (trailing text too).
std::optional<double> optionNumber(const std::string& text)
{
    if (text.empty())
        return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end); // LC_NUMERIC is "C" for the whole process
    if (end != text.c_str() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace

CLI::Validator oneOf(std::vector<std::string> choices)
{
    std::string list;
    for (const std::string& c : choices)
        list += (list.empty() ? "" : ", ") + c;
    return CLI::Validator(
        [choices, list](std::string& input) {
            return std::find(choices.begin(), choices.end(), input) != choices.end()
                ? std::string()
                : core::i18n::format(_("'{1}' is not one of {2}"), {input, list});
        },
        "{" + list + "}");
}

CLI::Validator inRange(double min, double max)
{
    const std::string low = core::i18n::formatFigure(min, 6), high = core::i18n::formatFigure(max, 6);
    return CLI::Validator(
        [min, max, low, high](std::string& input) {
            const std::optional<double> v = optionNumber(input);
            return v && *v >= min && *v <= max ? std::string()
                                               : core::i18n::format(_("'{1}' is not a number from {2} to {3}"), {input, low, high});
        },
        core::i18n::format(_("from {1} to {2}"), {low, high}));
}

CLI::Validator positive()
{
    return CLI::Validator(
        [](std::string& input) {
            const std::optional<double> v = optionNumber(input);
            return v && *v > 0.0 ? std::string() : core::i18n::format(_("'{1}' is not a number greater than 0"), {input});
        },
        _("greater than 0"));
}

CLI::Validator nonNegative()
{
    return CLI::Validator(
        [](std::string& input) {
            const std::optional<double> v = optionNumber(input);
            return v && *v >= 0.0 ? std::string() : core::i18n::format(_("'{1}' is not a number of 0 or more"), {input});
        },
        _("0 or more"));
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
