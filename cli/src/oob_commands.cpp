// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable oob import|summary|print`: roster import as one undoable edit, derived figures, sticker sheets.
#include "sandtable/cli/context.hpp"

#include "sandtable/core/util/text_encoding.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/oob/roster_import.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/print/sticker_print.hpp"

#include <ostream>

namespace sandtable::cli {
namespace {

using Json = nlohmann::ordered_json;

struct ImportOptions {
    std::string file;
    std::string input;
    std::string format;
    std::vector<std::string> maps;
    std::vector<std::string> constants;
    std::vector<std::string> values;
    std::string encoding;
};

struct SummaryOptions {
    std::string file;
};

struct PrintOptions {
    std::string file;
    std::string output;
    std::string page = "A4";
    double width = 0.0;
    double height = 0.0;
};

void runImport(const ImportOptions& o, Context& context)
{
    core::LoadedScenario loaded = core::loadScenario(o.file);
    core::oob::RosterFormat format = core::oob::rosterFormatFromPath(o.input);
    if (!o.format.empty()) {
        try {
            format = core::oob::rosterFormatFromString(o.format);
        } catch (const std::invalid_argument& e) {
            throw core::OperationError("", "--format", e.what());
        }
    }
    core::oob::RosterMapping mapping;
    for (const auto& m : o.maps)
        core::oob::addColumnMapping(mapping, m);
    for (const auto& c : o.constants)
        core::oob::addConstant(mapping, c);
    for (const auto& v : o.values)
        core::oob::addValueMapping(mapping, v);
    std::string bytes = core::readFile(o.input, std::size_t{256} << 20);
    if (!o.encoding.empty())
        bytes = core::convertToUtf8(bytes, o.encoding, o.input);
    const core::oob::RosterTable table = core::oob::parseRoster(bytes, format, o.input);
    core::oob::RosterImport imported = core::oob::importRoster(loaded.scenario, table, mapping, o.input);
    core::Document document(std::move(loaded.scenario), o.file);
    document.apply(std::move(imported.edit));
    document.save();
    const core::Diagnostics diagnostics = core::validateScenario(document.scenario());
    const auto errors = core::countSeverity(diagnostics, core::Severity::Error);
    const auto warnings = core::countSeverity(diagnostics, core::Severity::Warning);
    if (context.json) {
        context.printJson({{"file", o.file}, {"input", o.input}, {"format", core::oob::toString(format)},
            {"imported", imported.units}, {"formations_created", imported.formations}, {"sides_created", imported.sides},
            {"errors", errors}, {"warnings", warnings}, {"diagnostics", diagnosticsToJson(diagnostics)}});
    } else {
        context.out << o.file << ": imported " << imported.units << " unit(s) from " << o.input << " ("
                    << imported.formations << " new formation(s), " << imported.sides << " new side(s)); the scenario has "
                    << errors << " error(s), " << warnings << " warning(s)\n";
        if (!context.quiet)
            context.printDiagnostics(diagnostics, o.file);
    }
}

void runSummary(const SummaryOptions& o, Context& context)
{
    const core::LoadedScenario loaded = core::loadScenario(o.file);
    const core::Scenario& s = loaded.scenario;
    const core::oob::OrderOfBattleSummary summary = core::oob::summarize(s);
    if (context.json) {
        Json pieces = Json::array();
        for (const auto& p : summary.pieces) {
            const core::Unit* u = s.findUnit(p.id);
            Json piece{{"id", p.id.str()}, {"name", u ? u->name : ""}, {"side", p.side.empty() ? Json() : Json(p.side.str())},
                {"type", u ? core::toString(u->type) : ""}, {"quality", u ? core::toString(u->quality) : ""},
                {"victory_points", p.victoryPoints}, {"combat_dice", p.combatDice}, {"counts_for_rout", p.countsForRout}};
            if (p.meleePoints) {
                piece["melee_points"] = *p.meleePoints;
                piece["melee_points_vs_cavalry"] = *p.meleePointsVsCavalry;
                piece["fire_points"] = *p.firePoints;
            }
            pieces.push_back(std::move(piece));
        }
        Json sides = Json::array();
        for (const auto& side : summary.sides)
            sides.push_back(Json{{"id", side.id.str()}, {"pieces", side.pieces}, {"victory_points", side.victoryPoints},
                {"infantry_blocks", side.infantryBlocksAtStart}, {"infantry_blocks_by_day", side.infantryBlocksByDay},
                {"rout_threshold", side.routThresholds.empty() ? 0 : side.routThresholds.front()},
                {"rout_thresholds_by_day", side.routThresholds}});
        context.printJson({{"file", o.file}, {"scale", summary.scaleDenominator},
            {"foot_segment_m", summary.footSegmentMetres}, {"mounted_segment_m", summary.mountedSegmentMetres},
            {"command_range_m", summary.commandRangeMetres}, {"field_of_fire_m", summary.fieldOfFireMetres},
            {"start_day", summary.startDay}, {"days", summary.days}, {"sides", std::move(sides)},
            {"pieces", std::move(pieces)}});
        return;
    }
    context.out << o.file << ": 1:" << summary.scaleDenominator << ", command range " << summary.commandRangeMetres
                << " m, field of fire " << summary.fieldOfFireMetres << " m\n";
    for (const auto& side : summary.sides) {
        context.out << "  " << side.id.str() << ": " << side.pieces << " piece(s) worth " << side.victoryPoints
                    << " victory points; " << side.infantryBlocksAtStart << " infantry block(s) at the start, rout at";
        // Per day: n = blocks at the start plus reinforcements arrived by that day's end (domain.md, Rout).
        for (std::size_t k = 0; k < side.routThresholds.size(); ++k) {
            context.out << (k ? ", " : " ") << side.routThresholds[k] << " losses";
            if (k < side.infantryBlocksByDay.size())
                context.out << " of " << side.infantryBlocksByDay[k];
            context.out << " (end of day " << summary.startDay + static_cast<int>(k) << ")";
        }
        context.out << "\n";
    }
}

void runPrint(const PrintOptions& o, Context& context)
{
    const core::LoadedScenario loaded = core::loadScenario(o.file);
    print::StickerRequest request;
    request.page = print::parsePageSize(o.page);
    request.stickerWidthMm = o.width;
    request.stickerHeightMm = o.height;
    const print::StickerLayout layout = print::printStickers(loaded.scenario, request, o.output);
    if (context.json)
        context.printJson({{"output", o.output}, {"pages", layout.pages}, {"stickers", layout.stickers},
            {"sticker_mm", Json::array({layout.stickerWidthMm, layout.stickerHeightMm})}, {"columns", layout.columns},
            {"rows", layout.rows}});
    else
        context.out << o.output << ": " << layout.stickers << " sticker(s) of " << layout.stickerWidthMm << " x "
                    << layout.stickerHeightMm << " mm on " << layout.pages << " page(s)\n";
}

} // namespace

void registerOobCommands(CLI::App& app, Context& context)
{
    CLI::App* noun = addCommand(app, "oob", "Orders of battle: import rosters, derived figures, block stickers");

    auto i = std::make_shared<ImportOptions>();
    CLI::App* import = addCommand(*noun, "import", "Add a roster's rows as units (all rows or none; one undo step)");
    import->add_option("FILE", i->file, "Scenario file (saved atomically)")->required();
    import->add_option("INPUT", i->input, "Roster: CSV, TSV, PostgreSQL COPY text, or a JSON array of objects")->required();
    import->add_option("--encoding", i->encoding,
        "The roster's encoding when it is not UTF-8: windows-1252 (Excel's \"CSV\" on Windows), latin1, utf-16");
    import->add_option("--format", i->format, "csv, tsv, pgcopy or json (default: from the file name)")
        ->check(CLI::IsMember({"csv", "tsv", "pgcopy", "json"}));
    import->add_option("--map", i->maps,
        "COLUMN=FIELD (COLUMN may be a template like '{army}-{corps}'); fields: id, name, type, quality, strength, "
        "formation, formation_name, echelon, side, side_name, command, status, x, y, facing, column, reserve, "
        "arrival_day, arrival_turn, entry_x, entry_y, entry_road");
    import->add_option("--set", i->constants, "FIELD=VALUE for every row (e.g. formation=us-i-corps)");
    import->add_option("--value", i->values, "FIELD:FROM=TO value replacement (e.g. type:LC=cavalry)");
    import->callback([i, &context] { runImport(*i, context); });

    auto s = std::make_shared<SummaryOptions>();
    CLI::App* summary = addCommand(*noun, "summary", "Victory points, rout thresholds, combat dice and ranges at the scenario's scale");
    summary->add_option("FILE", s->file, "Scenario file")->required();
    summary->callback([s, &context] { runSummary(*s, context); });

    auto p = std::make_shared<PrintOptions>();
    CLI::App* printCommand = addCommand(*noun, "print", "Block sticker sheet (one label per piece) as a PDF");
    printCommand->add_option("FILE", p->file, "Scenario file")->required();
    printCommand->add_option("-o,--output", p->output, "PDF to write")->required();
    printCommand->add_option("--page", p->page, "A4, letter, A3, A0 or WxHmm");
    printCommand->add_option("--width", p->width, "Sticker width in mm (default: the scenario's)")->check(CLI::Range(0.0, 1000.0));
    printCommand->add_option("--height", p->height, "Sticker height in mm (default: the scenario's)")->check(CLI::Range(0.0, 1000.0));
    printCommand->callback([p, &context] { runPrint(*p, context); });
}

} // namespace sandtable::cli
