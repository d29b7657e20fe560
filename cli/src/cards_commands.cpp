// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable cards import|export|print`: Table Battles cards through a spreadsheet, and printed sheets.
#include "sandtable/cli/context.hpp"
#include "sandtable/app/cards_print.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "import_settings.hpp"

#include "sandtable/core/io/importer.hpp"
#include "sandtable/importers/importer_registry.hpp"

#include "sandtable/core/util/text_encoding.hpp"
#include "sandtable/core/document/card_operations.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/table_battles_csv.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/print/card_print.hpp"

#include <ostream>

namespace sandtable::cli {
namespace cards_commands {
namespace {

struct ImportOptions {
    std::string file;
    std::string csv;
    ImportSettings settings; // the options the card importers declare
};

struct ExportOptions {
    std::string file;
    std::string output;
};

struct PrintOptions {
    std::string file;
    std::string output;
    std::string page = "A4";
    std::string mode = "home";
    std::string svgDir;
    std::string format;
    double dpi = 300.0;
    bool bleed = false;
};

core::validation::Diagnostics cardFindings(const core::validation::Diagnostics& all)
{
    core::validation::Diagnostics out;
    for (const auto& d : all)
        if (d.code.rfind("cards.", 0) == 0)
            out.push_back(d);
    return out;
}

void runImport(const ImportOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    // All or nothing: a CSV problem throws before anything is touched.
    core::io::ImportRequest request = o.settings.request(o.csv, context.progress());
    const core::io::Importer& importer = importers::standardImporters().choose(core::io::ImportTarget::Cards, core::io::FileProbe::of(o.csv));
    core::io::ImportResult imported = importer.run(loaded.scenario, request);
    const std::size_t cards = imported.imported;
    core::document::Document document(loaded.scenario, o.file);
    document.apply(std::move(imported.edit));
    const core::validation::Diagnostics findings = cardFindings(core::validation::validateScenario(document.scenario()));
    const bool refused = core::validation::hasErrors(findings);
    if (!refused)
        document.save();
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("imported", refused ? 0 : cards, "saved", !refused, "diagnostics", diagnosticsToJson(findings, j)));
    } else {
        context.printDiagnostics(findings, o.file);
        if (refused)
            context.err << o.file << ": not saved: the imported cards break the rules above\n";
        else
            context.out << core::i18n::format(P_("{1}: {2} formation card imported from {3}", "{1}: {2} formation cards imported from {3}", cards),
                               {o.file, std::to_string(cards), o.csv})
                        << "\n";
    }
    if (refused)
        context.exitCode = 1;
}

void runExport(const ExportOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    const core::TableBattlesSet& set = app::scenarioCards(loaded.scenario, o.file);
    core::io::writeFileAtomically(o.output, core::io::exportTableBattlesCsv(set));
    core::io::JsonOut j;
    if (context.json)
        context.printJson(j.object("output", o.output, "cards", set.cards.size()));
    else
        context.out << core::i18n::format(P_("{1}: {2} formation card and the scenario card", "{1}: {2} formation cards and the scenario card",
                                              set.cards.size()),
                           {o.output, std::to_string(set.cards.size())})
                    << "\n";
}

void runPrint(const PrintOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    context.warnIfInvalid(loaded.diagnostics, o.file);
    app::scenarioCards(loaded.scenario, o.file);
    const core::validation::Diagnostics findings = cardFindings(loaded.diagnostics);
    if (core::validation::hasErrors(findings) && !context.json) {
        context.printDiagnostics(findings, o.file);
        context.err << o.file << ": warning: printing cards that break the rules above\n";
    }
    app::CardsJob job;
    job.scenarioFile = o.file;
    job.output = o.output;
    if (!o.format.empty() && o.format != "pdf") // one image per card face into the folder -o names (issue 6)
        job.images = o.format == "png" ? print::CardImageFormat::Png : print::CardImageFormat::Svg;
    job.dpi = o.dpi;
    job.bleed = o.bleed;
    job.page = print::parsePageSize(o.page);
    job.mode = print::cardSheetModeFromString(o.mode);
    if (!o.svgDir.empty())
        job.svgFolder = o.svgDir;
    const app::CardsOutcome outcome = app::printScenarioCards(loaded.scenario, job);
    if (job.images) {
        const auto& files = outcome.images;
        if (context.json) {
            core::io::JsonOut j;
            core::io::JsonValue list = j.array();
            for (const auto& f : files)
                j.push(list, f.string());
            context.printJson(j.object("output", o.output, "format", o.format, "files", std::move(list), "card_mm",
                j.array(63.5 + (o.bleed ? 6.0 : 0.0), 88.9 + (o.bleed ? 6.0 : 0.0)), "errors", core::validation::countSeverity(findings, core::validation::Severity::Error)));
        } else {
            context.out << core::i18n::format(o.bleed ? P_("{1}: {2} {3} card face with 3 mm bleed", "{1}: {2} {3} card faces with 3 mm bleed", files.size())
                                                      : P_("{1}: {2} {3} card face at 63.5 x 88.9 mm", "{1}: {2} {3} card faces at 63.5 x 88.9 mm", files.size()),
                               {o.output, std::to_string(files.size()), o.format})
                        << "\n";
        }
        return;
    }
    const print::CardPrintResult& result = outcome.pdf;
    if (context.json) {
        core::io::JsonOut j;
        context.printJson(j.object("output", o.output, "pages", result.pages, "cards", result.cards, "mode", o.mode, "svg_files", result.svgFiles,
            "errors", core::validation::countSeverity(findings, core::validation::Severity::Error)));
    } else {
        namespace i18n = core::i18n;
        const std::string cards = i18n::format(P_("{1} card", "{1} cards", result.cards), {std::to_string(result.cards)});
        const std::string pages = i18n::format(P_("{1} page", "{1} pages", result.pages), {std::to_string(result.pages)});
        context.out << i18n::format(o.mode == "home" ? _("{1}: {2} on {3}, home sheets on {4}") : _("{1}: {2} on {3}, print-shop pages with bleed"),
            {o.output, cards, pages, job.page.name});
        if (result.svgFiles)
            context.out << i18n::format(P_(", {1} SVG face in {2}", ", {1} SVG faces in {2}", result.svgFiles),
                {std::to_string(result.svgFiles), o.svgDir});
        context.out << "\n";
    }
}

} // namespace

} // namespace cards_commands

void registerCardsCommands(CLI::App& app, Context& context)
{
    using namespace cards_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "cards", _("Table Battles cards: spreadsheet import/export and printed sheets"));

    auto i = std::make_shared<ImportOptions>();
    CLI::App* importCommand = addCommand(*noun, "import", _("Replace the scenario's cards with a CSV (docs/table-battles-csv.md), all or nothing"));
    importCommand->add_option("FILE", i->file, _("Scenario file"))->required();
    importCommand->add_option("CSV", i->csv, _("Card spreadsheet as CSV"))->required();
    i->settings.declare(*importCommand, core::io::ImportTarget::Cards);
    importCommand->callback([i, &context] { runImport(*i, context); });

    auto e = std::make_shared<ExportOptions>();
    CLI::App* exportCommand = addCommand(*noun, "export", _("Write the scenario's cards as CSV (docs/table-battles-csv.md)"));
    exportCommand->add_option("FILE", e->file, _("Scenario file"))->required();
    exportCommand->add_option("-o,--output", e->output, _("CSV to write"))->required();
    exportCommand->callback([e, &context] { runExport(*e, context); });

    auto p = std::make_shared<PrintOptions>();
    CLI::App* printCommand = addCommand(*noun, "print", _("Poker-size cards as a PDF (3 x 3 duplex home sheets or print-shop pages with bleed), or one SVG/PNG per face"));
    printCommand->add_option("FILE", p->file, _("Scenario file"))->required();
    printCommand->add_option("-o,--output", p->output, _("PDF to write (a folder with --format svg|png)"))->required();
    printCommand->add_option("--page", p->page, _("Home sheet size: A4 or letter"));
    printCommand->add_option("--mode", p->mode, _("home (3 x 3 sheets, crop marks, mirrored backs) or shop (one card per page, 3 mm bleed, TrimBox)"))
        ->check(oneOf({"home", "shop"}));
    printCommand->add_option("--svg-dir", p->svgDir, _("Also write one SVG per card face (with bleed) into this folder"));
    printCommand->add_option("--format", p->format, _("pdf (default), or svg / png: one image per card face into the folder -o names"))
        ->check(oneOf({"pdf", "svg", "png"}));
    printCommand->add_option("--dpi", p->dpi, _("PNG resolution (63.5 x 88.9 mm at 300 dpi = 750 x 1050 pixels)"))->check(inRange(10.0, 2400.0));
    printCommand->add_flag("--bleed", p->bleed, _("SVG/PNG faces with the 3 mm bleed all round (69.5 x 94.9 mm)"));
    printCommand->callback([p, &context] { runPrint(*p, context); });
}

} // namespace sandtable::cli
