// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable vassal export|import`: a scenario as a playable VASSAL module, and a module as a scenario.
#include "sandtable/cli/context.hpp"

#include "sandtable/app/vassal_export.hpp"

#include "import_settings.hpp"

#include "sandtable/core/io/importer.hpp"
#include "sandtable/importers/importer_registry.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/document/campaign_operations.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"

#include "sandtable/vassal/vassal_module.hpp"


#include <filesystem>
#include <optional>
#include <ostream>

namespace sandtable::cli {
namespace vassal_commands {
namespace {

struct ExportOptions {
    std::string file;
    std::string output;
    std::optional<double> pxPerKm;
};

struct ImportOptions {
    std::string module;
    std::string output;
    ImportSettings settings; // the options the module importers declare, the scenario-file from -o
};

void runExport(const ExportOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    context.warnIfInvalid(loaded.diagnostics, o.file);
    const core::Scenario& s = loaded.scenario;
    const std::optional<double> pxPerM = o.pxPerKm ? std::optional<double>(*o.pxPerKm / 1000.0) : std::nullopt;
    const vassal::VassalExportResult r = app::exportVassalModule(s, o.file, o.output, pxPerM, context.reporter());
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("module", o.output, "px_per_m", r.pxPerM, "board_px",
            r.boardWidth ? j.array(r.boardWidth, r.boardHeight) : j.value(nullptr), "pieces", r.pieces, "setup_stacks", r.setupStacks,
            "reinforcements", r.reinforcements, "forces", r.forces, "cards", r.cards, "decks", r.decks, "files", r.files.size(), "findings",
            diagnosticsToJson(r.findings, j)));
    } else {
        context.printDiagnostics(r.findings, o.output);
        namespace i18n = core::i18n;
        const auto n = [](auto v) { return std::to_string(v); };
        context.out << i18n::format(_("{1}: VASSAL {2} module, "), {o.output, vassal::kVassalVersion});
        if (r.boardWidth)
            context.out << i18n::format(_("board {1} x {2} px at {3} px/km, "), {n(r.boardWidth), n(r.boardHeight), i18n::formatFigure(r.pxPerM * 1000.0)});
        context.out << i18n::format(P_("{1} piece, ", "{1} pieces, ", r.pieces), {n(r.pieces)})
                    << i18n::format(_("{1} at start, "), {n(r.setupStacks)})
                    << i18n::format(P_("{1} reinforcement", "{1} reinforcements", r.reinforcements), {n(r.reinforcements)});
        if (r.forces)
            context.out << i18n::format(P_(", {1} campaign force", ", {1} campaign forces", r.forces), {n(r.forces)});
        if (r.cards)
            context.out << i18n::format(P_(", {1} card", ", {1} cards", r.cards), {n(r.cards)})
                        << i18n::format(P_(" in {1} deck", " in {1} decks", r.decks), {n(r.decks)});
        context.out << "\n";
    }
}

void runImport(const ImportOptions& o, Context& context)
{
    core::io::ImportRequest request = o.settings.request(o.module, context.progress());
    request.settings.insert(request.settings.begin(), {"scenario-file", o.output});
    const core::io::Importer& importer = importers::standardImporters().choose(core::io::ImportTarget::Scenario, core::io::FileProbe::of(o.module));
    core::io::ImportResult made = importer.run(core::Scenario{}, request);
    try {
        core::document::Document document(core::Scenario{}, std::filesystem::path(o.output));
        document.apply(std::move(made.edit));
        // The scenario written reads back: its own bytes checked against the schema and the rules; an error
        // ends the import with nothing written (a real module's roster of four sides once made one that did not).
        const core::io::ValidationReport check = core::io::validateScenarioText(core::io::serializeScenario(document.scenario()), o.output);
        for (const core::validation::Diagnostic& d : check.diagnostics)
            if (d.severity == core::validation::Severity::Error)
                throw core::util::OperationError(o.output, d.path.empty() ? std::string("/") : d.path,
                    core::i18n::format(_("the imported scenario would not validate: {1} [{2}]"), {d.message, d.code}));
        document.save();
        if (context.json) {
            core::io::JsonOut j;
            context.printJson(j.object("file", o.output, "board", made.details["board"], "map", made.details["map"], "boards",
                made.counts["boards"], "sides", made.counts["sides"], "formations", made.counts["formations"], "pieces", made.imported, "placed",
                made.counts["placed"], "moved", made.counts["moved"], "grid", made.counts["grid"] == 1, "zones", made.counts["zones"], "regions",
                made.counts["regions"], "findings", diagnosticsToJson(made.findings, j)));
        } else {
            context.printDiagnostics(made.findings, o.module);
            context.out << o.output << ": " << made.summary << "\n";
        }
    } catch (...) {
        // No partial output: the board image written for the scenario goes with it.
        std::error_code ec;
        std::filesystem::remove(made.details["board_image"], ec);
        throw;
    }
}

} // namespace

} // namespace vassal_commands

void registerVassalCommands(CLI::App& app, Context& context)
{
    using namespace vassal_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "vassal", _("VASSAL modules: export a scenario to play online, import a module's boards and pieces"));
    auto e = std::make_shared<ExportOptions>();
    CLI::App* exportCommand = addCommand(*noun, "export", _("Write the scenario as a VASSAL 3.7 module (.vmod): board, pieces, setup, cards, help, dice"));
    exportCommand->add_option("FILE", e->file, _("Scenario file"))->required();
    exportCommand->add_option("-o,--output", e->output, _("Module to write (.vmod)"))->required();
    exportCommand->add_option("--px-per-km", e->pxPerKm,
        _("Board resolution, pixels per ground km (default: 100 px per inch of table at game scale)"))->check(inRange(0.001, 1.0e7));
    exportCommand->callback([e, &context] { runExport(*e, context); });

    auto i = std::make_shared<ImportOptions>();
    CLI::App* importCommand = addCommand(*noun, "import", _("Make a scenario of a VASSAL module: a board as the map scan, sides and pieces as an order of battle"));
    importCommand->add_option("MODULE", i->module, _("Module (.vmod) or unpacked module folder"))->required();
    importCommand->add_option("-o,--output", i->output, _("Scenario file to write"))->required();
    i->settings.declare(*importCommand, core::io::ImportTarget::Scenario, {"scenario-file"});
    importCommand->callback([i, &context] { runImport(*i, context); });
}

} // namespace sandtable::cli
