// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable scenario new|validate`: create an empty scenario, check a document (schema + rules).
#include "sandtable/cli/context.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"

#include <filesystem>
#include <ostream>

namespace sandtable::cli {
namespace {

struct NewOptions {
    std::string system = "pub-battles";
    std::string title;
    std::string crs;
    std::string output;
};

struct ValidateOptions {
    std::string file;
};

struct UpgradeOptions {
    std::string file;
    std::string output;
};

void runNew(const NewOptions& options, Context& context)
{
    core::ScenarioSettings settings;
    settings.system = core::gameSystemFromString(options.system);
    settings.title = options.title;
    settings.crs = options.crs;
    const std::filesystem::path output(options.output);
    std::string id = output.stem().string();
    for (char& c : id)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            c = '-';
    settings.id = id.empty() || !std::isalnum(static_cast<unsigned char>(id[0])) ? "scenario" : id;
    if (settings.system == core::GameSystem::SywMiniatures || settings.system == core::GameSystem::TableBattles)
        settings.scaleDenominator = 1.0;
    // An empty document, then the settings through the one operation that sets them.
    core::Document document(core::Scenario{}, output);
    document.apply(core::operations::setSettings(document.scenario(), settings, "New scenario"));
    document.save();
    if (context.json)
        context.printJson({{"file", options.output}, {"id", settings.id}, {"system", options.system}});
    else if (!context.quiet)
        context.err << "created " << options.output << " (" << options.system << ")\n";
}

void runValidate(const ValidateOptions& options, Context& context)
{
    const std::string text = core::readFile(options.file, core::kMaxScenarioBytes);
    const core::ValidationReport report = core::validateScenarioText(text, options.file);
    const auto errors = core::countSeverity(report.diagnostics, core::Severity::Error);
    const auto warnings = core::countSeverity(report.diagnostics, core::Severity::Warning);
    if (context.json) {
        context.printJson({{"file", options.file}, {"valid", errors == 0}, {"errors", errors}, {"warnings", warnings},
            {"diagnostics", diagnosticsToJson(report.diagnostics)}});
    } else {
        context.printDiagnostics(report.diagnostics, options.file);
        context.out << options.file << ": " << errors << " error(s), " << warnings << " warning(s)\n";
    }
    if (errors > 0)
        context.exitCode = 1;
}

void runUpgrade(const UpgradeOptions& options, Context& context)
{
    core::LoadedScenario loaded = core::loadScenario(options.file);
    const std::string target = options.output.empty() ? options.file : options.output;
    core::Document document(std::move(loaded.scenario), options.file);
    document.save(target); // no edit: the same scenario in the current version and layout
    if (context.json)
        context.printJson({{"file", target}, {"version", core::kScenarioFormatVersion}});
    else if (!context.quiet)
        context.err << "wrote " << target << " in format version " << core::kScenarioFormatVersion << "\n";
}

} // namespace

void registerScenarioCommands(CLI::App& app, Context& context)
{
    CLI::App* noun = addCommand(app, "scenario", "Create and check scenario documents");

    auto newOptions = std::make_shared<NewOptions>();
    CLI::App* create = addCommand(*noun, "new", "Write an empty scenario that validates without errors");
    create->add_option("--system", newOptions->system, "Game system")
        ->check(CLI::IsMember({"pub-battles", "table-battles", "campaign-lite", "syw-miniatures"}));
    create->add_option("--title", newOptions->title, "Scenario title");
    create->add_option("--crs", newOptions->crs, "Working CRS, a projected metric CRS as EPSG:n");
    create->add_option("-o,--output", newOptions->output, "Scenario file to write")->required();
    create->callback([newOptions, &context] { runNew(*newOptions, context); });

    auto validateOptions = std::make_shared<ValidateOptions>();
    CLI::App* validate = addCommand(*noun, "validate", "Check a scenario against the schema and the rules (exit 1 on errors)");
    validate->add_option("FILE", validateOptions->file, "Scenario file")->required();
    validate->callback([validateOptions, &context] { runValidate(*validateOptions, context); });

    auto upgradeOptions = std::make_shared<UpgradeOptions>();
    CLI::App* upgrade = addCommand(*noun, "upgrade",
        "Rewrite a scenario in the current format version and sandtable's canonical layout (atomic)");
    upgrade->add_option("FILE", upgradeOptions->file, "Scenario file")->required();
    upgrade->add_option("-o,--output", upgradeOptions->output, "Write here instead of over FILE");
    upgrade->callback([upgradeOptions, &context] { runUpgrade(*upgradeOptions, context); });
}

} // namespace sandtable::cli
