// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable oob import|tree|summary|print`: roster import as one undoable edit, derived figures, sticker sheets.
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
#include <set>

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
    std::string path;
    std::string parent;
    std::string separator = ".";
    bool dryRun = false;
};

struct TreeOptions {
    std::string file;
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

Json unitJson(const core::Unit& u)
{
    return Json{{"id", u.id.str()}, {"name", u.name}, {"type", core::toString(u.type)}, {"strength", u.strength}};
}

/// A formation node {"id", "name", "hq", "units", "children"} (hq: the HQ unit at its level, or null);
/// `seen` guards against a cycle in the parent links.
Json formationJson(const core::Scenario& s, const core::Formation& f, std::set<std::string>& seen)
{
    const core::Unit* hq = core::oob::hqOf(s, f.id);
    Json units = Json::array();
    for (const core::Unit* u : core::oob::unitsOf(s, f.id))
        units.push_back(unitJson(*u));
    Json children = Json::array();
    for (const core::Formation* child : core::oob::children(s, f.id))
        if (seen.insert(child->id.str()).second)
            children.push_back(formationJson(s, *child, seen));
    return Json{{"id", f.id.str()}, {"name", f.name}, {"echelon", f.echelon}, {"hq", hq ? Json(hq->id.str()) : Json()},
        {"strength", core::oob::strengthOf(s, f.id)}, {"units", std::move(units)}, {"children", std::move(children)}};
}

/// The order of battle as a list of sides, each a node whose children are its top-level formations.
Json treeJson(const core::Scenario& s)
{
    Json sides = Json::array();
    for (const core::Side& side : s.sides) {
        std::set<std::string> seen;
        Json children = Json::array();
        long long strength = 0;
        for (const core::Formation* f : core::oob::topLevelFormations(s, side.id)) {
            seen.insert(f->id.str());
            strength += core::oob::strengthOf(s, f->id);
            children.push_back(formationJson(s, *f, seen));
        }
        sides.push_back(Json{{"id", side.id.str()}, {"name", side.name}, {"hq", Json()}, {"strength", strength},
            {"units", Json::array()}, {"children", std::move(children)}});
    }
    return sides;
}

void printTreeNode(const Json& node, int indent, std::ostream& out)
{
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    out << pad << node.at("name").get<std::string>() << " [" << node.at("id").get<std::string>() << "]";
    if (node.contains("echelon"))
        out << " " << node.at("echelon").get<std::string>();
    out << ", HQ " << (node.at("hq").is_null() ? std::string("none") : node.at("hq").get<std::string>()) << ", strength "
        << node.at("strength").get<long long>() << "\n";
    for (const auto& u : node.at("units"))
        out << pad << "  - " << u.at("name").get<std::string>() << " [" << u.at("id").get<std::string>() << "] "
            << u.at("type").get<std::string>() << " " << u.at("strength").get<int>() << "\n";
    for (const auto& child : node.at("children"))
        printTreeNode(child, indent + 1, out);
}

/// Formations per depth (0 = top level) and units, for `import --dry-run` and `tree`.
std::vector<std::size_t> formationsPerLevel(const core::Scenario& s)
{
    std::vector<std::size_t> counts;
    for (const core::Formation& f : s.formations) {
        const std::size_t d = core::oob::depth(s, f.id);
        if (counts.size() <= d)
            counts.resize(d + 1, 0);
        ++counts[d];
    }
    return counts;
}

void runTree(const TreeOptions& o, Context& context)
{
    const core::LoadedScenario loaded = core::loadScenario(o.file);
    const Json tree = treeJson(loaded.scenario);
    if (context.json) {
        context.printJson(tree);
        return;
    }
    for (const auto& side : tree)
        printTreeNode(side, 0, context.out);
}

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
    if (!o.path.empty())
        mapping.columns.emplace_back(o.path, "path");
    if (!o.parent.empty())
        mapping.columns.emplace_back(o.parent, "parent");
    mapping.pathSeparator = o.separator;
    std::string bytes = core::readFile(o.input, std::size_t{256} << 20);
    if (!o.encoding.empty())
        bytes = core::convertToUtf8(bytes, o.encoding, o.input);
    const core::oob::RosterTable table = core::oob::parseRoster(bytes, format, o.input);
    core::oob::RosterImport imported = core::oob::importRoster(loaded.scenario, table, mapping, o.input);
    const auto errorsBefore = core::countSeverity(core::validateScenario(loaded.scenario), core::Severity::Error);
    core::Document document(std::move(loaded.scenario), o.file);
    document.apply(std::move(imported.edit));
    const core::Diagnostics diagnostics = core::validateScenario(document.scenario());
    const auto errors = core::countSeverity(diagnostics, core::Severity::Error);
    const auto warnings = core::countSeverity(diagnostics, core::Severity::Warning);
    // All or nothing: an import that leaves new validation errors is not saved.
    const bool refused = errors > errorsBefore;
    if (!o.dryRun && !refused)
        document.save();
    if (refused)
        context.exitCode = 1;
    const std::vector<std::size_t> levels = formationsPerLevel(document.scenario());
    if (context.json) {
        Json out{{"file", o.file}, {"input", o.input}, {"format", core::oob::toString(format)},
            {"imported", imported.units}, {"formations_created", imported.formations}, {"sides_created", imported.sides},
            {"saved", !o.dryRun && !refused}, {"formations_per_level", levels},
            {"errors", errors}, {"warnings", warnings}, {"diagnostics", diagnosticsToJson(diagnostics)}};
        if (o.dryRun)
            out["tree"] = treeJson(document.scenario());
        context.printJson(out);
    } else {
        if (o.dryRun)
            for (const auto& side : treeJson(document.scenario()))
                printTreeNode(side, 0, context.out);
        context.out << o.file << ": " << (o.dryRun ? "would import " : refused ? "not saved: importing " : "imported ")
                    << imported.units << " unit(s) from " << o.input << " (" << imported.formations << " new formation(s), "
                    << imported.sides << " new side(s); formations per level:";
        for (std::size_t d = 0; d < levels.size(); ++d)
            context.out << " " << levels[d];
        context.out << "); the scenario " << (o.dryRun || refused ? "would have " : "has ") << errors << " error(s), "
                    << warnings << " warning(s)";
        if (refused)
            context.out << " (" << errors - errorsBefore << " more than before: nothing changed)";
        context.out << "\n";
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
    CLI::App* noun = addCommand(app, "oob", _("Orders of battle: import rosters, derived figures, block stickers"));

    auto i = std::make_shared<ImportOptions>();
    CLI::App* import = addCommand(*noun, "import", _("Add a roster's rows as units (all rows or none; one undo step)"));
    import->add_option("FILE", i->file, _("Scenario file (saved atomically)"))->required();
    import->add_option("INPUT", i->input, _("Roster: CSV, TSV, PostgreSQL COPY text, or a JSON array of objects"))->required();
    import->add_option("--encoding", i->encoding,
        _("The roster's encoding when it is not UTF-8: windows-1252 (Excel's \"CSV\" on Windows), latin1, utf-16"));
    import->add_option("--format", i->format, _("csv, tsv, pgcopy or json (default: from the file name)"))
        ->check(CLI::IsMember({"csv", "tsv", "pgcopy", "json"}));
    import->add_option("--map", i->maps,
        _("COLUMN=FIELD (COLUMN may be a template like '{army}-{corps}'); fields: id, name, type, quality, strength, "
        "formation, formation_name, echelon, side, side_name, command, status, x, y, facing, column, reserve, "
        "arrival_day, arrival_turn, entry_x, entry_y, entry_road"));
    import->add_option("--set", i->constants, _("FIELD=VALUE for every row (e.g. formation=us-i-corps)"));
    import->add_option("--value", i->values, _("FIELD:FROM=TO value replacement (e.g. type:LC=cavalry)"));
    import->add_option("--path", i->path,
        _("Column (or template) holding each row's dotted path, e.g. France.III_Corps.2eme_Division.111e_Ligne: "
        "the side, the formations and the row itself; rows that prefix others are formations (builds the tree)"));
    import->add_option("--parent", i->parent,
        _("Column holding each row's parent id (id/parent pairs; needs id and side): rows that are parents are formations"));
    import->add_option("--separator", i->separator, _("Separator of the --path elements (default '.')"));
    import->add_flag("--dry-run", i->dryRun, _("Show the tree and counts per level that the import would build; write nothing"));
    import->callback([i, &context] { runImport(*i, context); });

    auto t = std::make_shared<TreeOptions>();
    CLI::App* tree = addCommand(*noun, "tree", _("The order of battle as a tree: side > formation > ... > units, with HQ and strength"));
    tree->add_option("FILE", t->file, _("Scenario file"))->required();
    tree->callback([t, &context] { runTree(*t, context); });

    auto s = std::make_shared<SummaryOptions>();
    CLI::App* summary = addCommand(*noun, "summary", _("Victory points, rout thresholds, combat dice and ranges at the scenario's scale"));
    summary->add_option("FILE", s->file, _("Scenario file"))->required();
    summary->callback([s, &context] { runSummary(*s, context); });

    auto p = std::make_shared<PrintOptions>();
    CLI::App* printCommand = addCommand(*noun, "print", _("Block sticker sheet (one label per piece) as a PDF"));
    printCommand->add_option("FILE", p->file, _("Scenario file"))->required();
    printCommand->add_option("-o,--output", p->output, _("PDF to write"))->required();
    printCommand->add_option("--page", p->page, _("A4, letter, A3, A0 or WxHmm"));
    printCommand->add_option("--width", p->width, _("Sticker width in mm (default: the scenario's)"))->check(CLI::Range(0.0, 1000.0));
    printCommand->add_option("--height", p->height, _("Sticker height in mm (default: the scenario's)"))->check(CLI::Range(0.0, 1000.0));
    printCommand->callback([p, &context] { runPrint(*p, context); });
}

} // namespace sandtable::cli
