// SPDX-License-Identifier: GPL-3.0-or-later
// The tool's entry: the one list of nouns, argument parsing (CLI11, the global flags included), "did you
// mean" hints, and the one place failures become "sandtable: error: ..." with exit code 1.
#include "sandtable/core/util/edit_distance.hpp"
#include "sandtable/cli/context.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/version.hpp"


#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <regex>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::cli {
namespace {

/// Walks the words of the command line down the command tree; at the first word that names no
/// subcommand where one is expected, suggests the closest names.
std::string didYouMean(const CLI::App& root, const std::vector<std::string>& args)
{
    const CLI::App* level = &root;
    bool optionValue = false; // the word after --lang is its value, not a command
    for (const std::string& word : args) {
        if (std::exchange(optionValue, word == "--lang") || word.empty() || word[0] == '-')
            continue;
        const auto subs = level->get_subcommands([](const CLI::App*) { return true; });
        if (subs.empty())
            return {};
        const CLI::App* next = nullptr;
        for (const CLI::App* s : subs)
            if (s->get_name() == word)
                next = s;
        if (next) {
            level = next;
            continue;
        }
        std::vector<std::pair<std::size_t, std::string>> scored;
        for (const CLI::App* s : subs)
            scored.emplace_back(core::util::editDistance(word, s->get_name()), s->get_name());
        std::sort(scored.begin(), scored.end());
        std::string hint;
        for (const auto& [distance, name] : scored)
            if (distance <= std::max<std::size_t>(2, word.size() / 2) || name.rfind(word, 0) == 0)
                hint += (hint.empty() ? "" : ", ") + name;
        std::string commands;
        for (const auto& entry : scored)
            commands += (commands.empty() ? "" : ", ") + entry.second;
        return core::i18n::format(_("'{1}' is not a command here."), {word}) + " "
            + (hint.empty() ? std::string() : core::i18n::format(_("Did you mean: {1}?"), {hint}) + " ")
            + core::i18n::format(_("Commands: {1}"), {commands});
    }
    return {};
}

/// CLI11's usage messages (English, built by CLI/Error.hpp) in the person's language: the common ones by
/// their fixed words, the names they quote kept as typed; any other message as CLI11 wrote it.
std::string usageMessage(const std::string& english)
{
    if (english == "A subcommand is required")
        return _("A subcommand is required");
    static const std::pair<std::regex, const char*> patterns[] = {
        {std::regex("^The following argument was not expected: (.*)$"), N_("The following argument was not expected: {1}")},
        {std::regex("^The following arguments were not expected: (.*)$"), N_("The following arguments were not expected: {1}")},
        {std::regex("^The value (.*) is not an allowed value for (.*)$"), N_("The value {1} is not an allowed value for {2}")},
        {std::regex("^Could not convert: (.*)$"), N_("Could not convert: {1}")},
        {std::regex("^(\\S+) is required$"), N_("{1} is required")},
        {std::regex("^(\\S+) requires (\\S+)$"), N_("{1} requires {2}")},
        {std::regex("^(\\S+) excludes (\\S+)$"), N_("{1} excludes {2}")},
        {std::regex("^(\\S+): 1 required (.+) missing$"), N_("{1} needs a value ({2})")},
        {std::regex("^(\\S+): (\\d+) required (.+) missing$"), N_("{1} needs {2} values ({3})")},
        {std::regex("^Expected exactly (\\d+) arguments to (\\S+), got (\\d+)$"), N_("{2} takes exactly {1} values, not {3}")},
        {std::regex("^(\\S+) was given a disallowed flag override$"), N_("{1} is a flag and takes no value")},
        {std::regex("^(\\S+) not found$"), N_("{1} not found")}};
    std::smatch m;
    for (const auto& [pattern, translation] : patterns)
        if (std::regex_match(english, m, pattern))
        {
            const auto quoted = [&](std::size_t i) { return i < m.size() ? m[i].str() : std::string(); };
            return core::i18n::format(_(translation), {quoted(1), quoted(2), quoted(3)});
        }
    return english;
}

/// The value of --lang on the command line ("" when not given; the last one wins, as CLI11 takes it).
std::string askedLanguage(int argc, const char* const* argv)
{
    std::string language;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            language = argv[i + 1];
        else if (std::strncmp(argv[i], "--lang=", 7) == 0)
            language = argv[i] + 7;
    }
    return language;
}

/// "" when `language` (a --lang value: "fr", "de_DE.UTF-8", a LANGUAGE list "fr:de") names English or a
/// language with a catalogue here; else the notice that the messages stay English, naming those there are.
std::string languageNotice(const std::string& language)
{
    if (language.empty())
        return {};
    const std::vector<std::string> installed = core::i18n::availableLanguages();
    std::size_t start = 0;
    while (start <= language.size()) {
        const std::size_t end = std::min(language.find(':', start), language.size());
        std::string name = language.substr(start, end - start);
        name = name.substr(0, name.find('.'));
        if (name == "en" || name.rfind("en_", 0) == 0 || name == "C")
            return {};
        while (!name.empty()) {
            if (std::find(installed.begin(), installed.end(), name) != installed.end())
                return {};
            const auto cut = name.find_last_of("_@");
            name = cut == std::string::npos ? std::string() : name.substr(0, cut);
        }
        start = end + 1;
    }
    std::string list;
    for (const std::string& name : installed)
        list += (list.empty() ? "" : ", ") + name;
    return core::i18n::format(_("no messages in '{1}' here (installed: en, {2}); the messages are in English"), {language, list});
}

/// CLI11's type words in the help ("TEXT", "FLOAT", "[FLOAT,FLOAT]") in the person's language.
std::string translatedTypeWords(const std::string& english)
{
    static const std::pair<std::string_view, const char*> words[] = {{"TEXT", N_("TEXT")}, {"FLOAT", N_("FLOAT")},
        {"UINT", N_("UINT")}, {"INT", N_("INT")}, {"BOOLEAN", N_("BOOLEAN")}, {"CHAR", N_("CHAR")}, {"ENUM", N_("ENUM")}};
    std::string out;
    std::size_t i = 0;
    while (i < english.size()) {
        if (!std::isupper(static_cast<unsigned char>(english[i]))) {
            out += english[i++];
            continue;
        }
        std::size_t j = i;
        while (j < english.size() && std::isupper(static_cast<unsigned char>(english[j])))
            ++j;
        const std::string_view token(english.data() + i, j - i);
        const auto known = std::find_if(std::begin(words), std::end(words), [&](const auto& w) { return w.first == token; });
        out += known == std::end(words) ? std::string(token) : std::string(_(known->second));
        i = j;
    }
    return out;
}

/// Gives every option of `app` and of its subcommands its type word in the person's language; the
/// validators' descriptions, which CLI11 appends after a ':', are already translated where they are made.
void translateTypeNames(CLI::App& app)
{
    for (CLI::Option* option : app.get_options([](CLI::Option*) { return true; })) {
        const std::string full = option->get_type_name();
        const std::string base = full.substr(0, full.find(':'));
        if (!base.empty())
            option->type_name(translatedTypeWords(base));
    }
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        translateTypeNames(*sub);
}

/// A noun of the command line and the function that registers its commands.
struct Noun {
    std::string_view name; ///< as typed: "catalogue"
    void (*registerCommands)(CLI::App& app, Context& context);
};

/// Every noun of the tool, in the order of `sandtable --help`: the one place they are registered.
constexpr Noun kNouns[] = {{"scenario", registerScenarioCommands}, {"raster", registerRasterCommands},
    {"map", registerMapCommands}, {"grid", registerGridCommands}, {"terrain", registerTerrainCommands},
    {"reference", registerReferenceCommands}, {"catalogue", registerCatalogueCommands}, {"demo", registerDemoCommand}, {"oob", registerOobCommands},
    {"cards", registerCardsCommands}, {"vassal", registerVassalCommands}};

} // namespace

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err)
{
    Context context{out, err};
    CLI::App app{_("sandtable: turn historical maps into playable, printable, checked wargame scenarios"), "sandtable"};
    // CLI11's own words in the help, in the person's language; subcommands inherit them when added.
    const auto formatter = app.get_formatter();
    // TRANSLATORS: "Usage", "Positionals", "Options" and "Subcommands" are printed followed by ':'; end the
    // translation with a space where the language sets one before a colon (French: "Utilisation ").
    for (const char* label : {N_("Usage"), N_("OPTIONS"), N_("SUBCOMMAND"), N_("SUBCOMMANDS"), N_("Positionals"), N_("REQUIRED"),
             N_("Env"), N_("Needs"), N_("Excludes")})
        formatter->label(label, _(label));
    app.option_defaults()->group(_("Options"));
    app.group(_("Subcommands"));
    app.set_help_flag("-h,--help", _("Print this help message and exit"));
    app.set_version_flag("--version", std::string("sandtable ") + kVersion, _("Print the version and exit"));
    app.add_flag("--json", context.json, _("Print the result as one JSON document on stdout"));
    app.add_flag("-q,--quiet", context.quiet, _("No progress messages"));
    std::string language; // read by setUpLanguage() before anything is translated; declared here for --help
    app.add_option("--lang", language, _("Language of the messages: fr, de, en, ... (default: $LANGUAGE, then the locale)"));
    app.require_subcommand(1);
    for (const Noun& noun : kNouns) {
        noun.registerCommands(app, context);
        const auto named = app.get_subcommands([&](const CLI::App* sub) { return sub->get_name() == noun.name; });
        if (named.empty())
            throw std::logic_error("the commands of '" + std::string(noun.name) + "' are registered under another name");
    }
    for (CLI::App* noun : app.get_subcommands([](const CLI::App*) { return true; }))
        if (!noun->get_subcommands([](const CLI::App*) { return true; }).empty())
            noun->require_subcommand(1);
    translateTypeNames(app);
    if (const std::string notice = languageNotice(askedLanguage(argc, argv)); !notice.empty())
        err << "sandtable: " << notice << "\n";

    std::vector<std::string> args(argv + 1, argv + argc);
    // With --json every outcome is one JSON document on stdout, a failure included (issue 24): the error as
    // {"error": {"kind", "message", "file", "object", "reason", "exit_code"}}; the stderr line stays for people.
    // --json is looked for among the words too, for a usage error found before the flags are parsed.
    const bool json = context.json || std::find(args.begin(), args.end(), "--json") != args.end();
    const auto fail = [&](int code, const char* kind, const std::string& message, const core::util::Error* error) {
        if (json && !context.printedJson) {
            core::io::JsonOut j;
            core::io::JsonValue document = j.object("kind", kind, "message", message);
            j.set(document, "file", error && !error->file().empty() ? j.value(error->file()) : j.value(nullptr));
            j.set(document, "object", error && !error->object().empty() ? j.value(error->object()) : j.value(nullptr));
            j.set(document, "reason", error ? error->reason() : message);
            j.set(document, "exit_code", code);
            context.printJson(j.object("error", std::move(document)));
        }
        return code;
    };
    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend());
        app.parse(reversed);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e, out, err);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e, out, err);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e, out, err);
    } catch (const CLI::ParseError& e) {
        err << "sandtable: " << _("usage error:") << " " << usageMessage(e.what()) << "\n";
        const std::string hint = didYouMean(app, args);
        if (!hint.empty())
            err << "sandtable: " << hint << "\n";
        err << _("Run 'sandtable --help' for the commands.") << "\n";
        return fail(2, "usage", std::string(e.what()) + (hint.empty() ? std::string() : " (" + hint + ")"), nullptr);
    } catch (const core::util::Error& e) {
        err << "sandtable: " << _("error:") << " " << e.what() << "\n";
        return fail(1, "error", e.what(), &e);
    } catch (const core::util::Cancelled&) {
        err << "sandtable: " << _("error:") << " " << _("cancelled") << "\n";
        return fail(1, "cancelled", "cancelled", nullptr);
    } catch (const std::bad_alloc&) {
        err << "sandtable: " << _("error:") << " " << _("out of memory") << "\n";
        return fail(1, "error", "out of memory", nullptr);
    } catch (const std::exception& e) {
        err << "sandtable: " << _("error:") << " " << e.what() << "\n";
        return fail(1, "error", e.what(), nullptr);
    }
    return context.exitCode;
}

void setUpLanguage(int argc, const char* const* argv)
{
    const std::string language = askedLanguage(argc, argv);
    std::vector<std::filesystem::path> folders;
    if (const char* own = std::getenv("SANDTABLE_LOCALEDIR"); own && *own)
        folders.emplace_back(own);
    folders.emplace_back(SANDTABLE_BUILD_LOCALEDIR);
    folders.emplace_back(SANDTABLE_INSTALLED_LOCALEDIR);
    core::i18n::setUpProcessLanguage(language, folders);
}

} // namespace sandtable::cli
