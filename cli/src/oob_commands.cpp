// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable oob import|tree|summary|print`: roster import as one undoable edit, derived figures, sticker sheets.
#include "sandtable/cli/context.hpp"
#include "sandtable/app/stickers.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "import_settings.hpp"

#include "sandtable/core/util/text_encoding.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/property_operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/importer.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/oob/roster_import.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/importers/importer_registry.hpp"
#include "sandtable/print/sticker_print.hpp"

#include <charconv>
#include <optional>
#include <ostream>
#include <system_error>
#include <vector>
#include <set>
#include <sstream>

namespace sandtable::cli {
namespace oob_commands {
namespace {

using core::io::JsonOut;
using core::io::JsonValue;

struct ImportOptions {
    std::string file;
    std::string input;
    ImportSettings settings; // the options the roster importer declares
    bool dryRun = false;
};

struct TreeOptions {
    std::string file;
};

struct BlocksOptions {
    std::string file;
    std::string level;
    std::vector<std::string> formations;
    bool clear = false;
    bool dryRun = false;
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

/// A strength by arm: {"men", "guns", "sabres"}, never one sum (oob::ArmStrength).
JsonValue strengthJson(const core::oob::ArmStrength& strength, JsonOut& j)
{
    return j.object("men", strength.men, "guns", strength.guns, "sabres", strength.sabres);
}

JsonValue unitJson(const core::Scenario& s, const core::Unit& u, JsonOut& j)
{
    JsonValue out = j.object("id", u.id.str(), "name", u.name, "type", core::toString(u.type), "strength", u.strength, "arm",
        core::oob::toString(core::oob::armOf(u.type)));
    if (u.block)
        j.set(out, "block", true);
    if (const core::Formation* by = core::oob::blockedBy(s, u))
        j.set(out, "in_block_of", by->id.str()); // historical detail, not a piece
    return out;
}

/// A formation node {"id", "name", "echelon", "hq", "strength", "units", "children"} (hq: the HQ unit at its
/// level, or null; strength: {"men", "guns", "sabres"} of every unit at or below it); `seen` guards against a
/// cycle in the parent links.
JsonValue formationJson(const core::Scenario& s, const core::Formation& f, std::set<std::string>& seen, JsonOut& j)
{
    const core::Unit* hq = core::oob::hqOf(s, f.id);
    JsonValue units = j.array();
    for (const core::Unit* u : core::oob::unitsOf(s, f.id))
        j.push(units, unitJson(s, *u, j));
    JsonValue children = j.array();
    for (const core::Formation* child : core::oob::children(s, f.id))
        if (seen.insert(child->id.str()).second)
            j.push(children, formationJson(s, *child, seen, j));
    return j.object("id", f.id.str(), "name", f.name, "echelon", f.echelon, "hq", hq ? j.value(hq->id.str()) : j.value(nullptr), "strength",
        strengthJson(core::oob::strengthOf(s, f.id), j), "units", std::move(units), "children", std::move(children));
}

/// The order of battle as a list of sides, each a node whose children are its top-level formations.
JsonValue treeJson(const core::Scenario& s, JsonOut& j)
{
    JsonValue sides = j.array();
    for (const core::Side& side : s.sides) {
        std::set<std::string> seen;
        JsonValue children = j.array();
        core::oob::ArmStrength strength;
        for (const core::Formation* f : core::oob::topLevelFormations(s, side.id)) {
            seen.insert(f->id.str());
            strength += core::oob::strengthOf(s, f->id);
            j.push(children, formationJson(s, *f, seen, j));
        }
        j.push(sides, j.object("id", side.id.str(), "name", side.name, "hq", nullptr, "strength", strengthJson(strength, j), "units", j.array(),
                          "children", std::move(children)));
    }
    return sides;
}

std::string textOf(const JsonValue& v) { return std::string(v.GetString(), v.GetStringLength()); }

void printTreeNode(const JsonValue& node, int indent, std::ostream& out)
{
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    out << pad << textOf(node["name"]) << " [" << textOf(node["id"]) << "]";
    if (node.HasMember("echelon"))
        out << " " << textOf(node["echelon"]);
    // Each arm in its own unit: "12000 men, 48 guns, 1000 sabres", never their sum.
    const JsonValue& byArm = node["strength"];
    const std::string strength =
        core::oob::strengthText(core::oob::ArmStrength{byArm["men"].GetInt64(), byArm["guns"].GetInt64(), byArm["sabres"].GetInt64()});
    out << (node["hq"].IsNull() ? core::i18n::format(_(", HQ none, strength {1}"), {strength})
                                : core::i18n::format(_(", HQ {1}, strength {2}"), {textOf(node["hq"]), strength}))
        << "\n";
    for (const JsonValue& u : node["units"].GetArray()) {
        core::oob::ArmStrength own;
        const std::string arm = textOf(u["arm"]);
        (arm == "guns" ? own.guns : arm == "sabres" ? own.sabres : own.men) = u["strength"].GetInt64();
        out << pad << "  - " << textOf(u["name"]) << " [" << textOf(u["id"]) << "] " << textOf(u["type"]) << " " << core::oob::strengthText(own)
            << (u.HasMember("block") ? _(" (block)") : u.HasMember("in_block_of") ? _(" (in its block)") : "") << "\n";
    }
    for (const JsonValue& child : node["children"].GetArray())
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
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    JsonOut j;
    const JsonValue tree = treeJson(loaded.scenario, j);
    if (context.json) {
        context.printJson(tree);
        return;
    }
    for (const JsonValue& side : tree.GetArray())
        printTreeNode(side, 0, context.out);
}

/// The errors an import may not add: every error but "a formation has 0 HQs" (oob::formationsWithoutHq),
/// which a unit list imported before its HQs leaves and `scenario validate` keeps reporting.
std::size_t refusingErrors(const core::validation::Diagnostics& diagnostics, const core::Scenario& s)
{
    std::set<std::string> lacking;
    for (const core::Formation* f : core::oob::formationsWithoutHq(s))
        lacking.insert("/formations/" + std::to_string(static_cast<std::size_t>(f - s.formations.data())));
    std::size_t n = 0;
    for (const core::validation::Diagnostic& d : diagnostics)
        if (d.severity == core::validation::Severity::Error && !(d.code == "oob.formation.hq_count" && lacking.count(d.path)))
            ++n;
    return n;
}

void runImport(const ImportOptions& o, Context& context)
{
    core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    core::io::ImportRequest request = o.settings.request(o.input, context.progress());
    const core::io::Importer& importer
        = importers::standardImporters().choose(core::io::ImportTarget::OrderOfBattle, core::io::FileProbe::of(o.input));
    core::io::ImportResult imported = importer.run(loaded.scenario, request);
    const std::string format = imported.details["format"];
    const auto errorsBefore = refusingErrors(core::validation::validateScenario(loaded.scenario), loaded.scenario);
    core::document::Document document(std::move(loaded.scenario), o.file);
    document.apply(std::move(imported.edit));
    const core::validation::Diagnostics diagnostics = core::validation::validateScenario(document.scenario());
    const auto errors = core::validation::countSeverity(diagnostics, core::validation::Severity::Error);
    const auto warnings = core::validation::countSeverity(diagnostics, core::validation::Severity::Warning);
    const std::size_t withoutHq = errors - refusingErrors(diagnostics, document.scenario());
    // All or nothing: an import that leaves new validation errors is not saved; a formation without its HQ
    // yet is the import's finding, not a refusal (the HQs may come later; two HQs in one formation refuse).
    const bool refused = errors - withoutHq > errorsBefore;
    if (!o.dryRun && !refused)
        document.save();
    if (refused)
        context.exitCode = 1;
    const std::vector<std::size_t> levels = formationsPerLevel(document.scenario());
    if (context.json) {
        JsonOut j;
        JsonValue out = j.object("file", o.file, "input", o.input, "format", format, "imported", imported.imported, "formations_created",
            imported.counts["formations_created"], "sides_created", imported.counts["sides_created"], "saved", !o.dryRun && !refused,
            "formations_per_level", levels, "errors", errors, "warnings", warnings, "formations_without_hq", withoutHq, "findings",
            diagnosticsToJson(imported.findings, j), "diagnostics", diagnosticsToJson(diagnostics, j));
        if (o.dryRun)
            j.set(out, "tree", treeJson(document.scenario(), j));
        context.printJson(out);
    } else {
        if (o.dryRun) {
            JsonOut j;
            const JsonValue tree = treeJson(document.scenario(), j);
            for (const JsonValue& side : tree.GetArray())
                printTreeNode(side, 0, context.out);
        }
        namespace i18n = core::i18n;
        const std::size_t units = imported.imported, formations = imported.counts["formations_created"],
                          sides = imported.counts["sides_created"];
        const std::string unitText = i18n::format(o.dryRun ? P_("would import {1} unit", "would import {1} units", units)
                : refused                                  ? P_("not saved: importing {1} unit", "not saved: importing {1} units", units)
                                                           : P_("imported {1} unit", "imported {1} units", units),
            {std::to_string(units)});
        std::string perLevel;
        for (std::size_t d = 0; d < levels.size(); ++d)
            perLevel += " " + std::to_string(levels[d]);
        const std::string errorText = i18n::format(P_("{1} error", "{1} errors", errors), {std::to_string(errors)});
        const std::string warningText = i18n::format(P_("{1} warning", "{1} warnings", warnings), {std::to_string(warnings)});
        context.out << i18n::format(_("{1}: {2} from {3} ({4}, {5}; formations per level:{6}); "), {o.file, unitText, o.input,
                           i18n::format(P_("{1} new formation", "{1} new formations", formations), {std::to_string(formations)}),
                           i18n::format(P_("{1} new side", "{1} new sides", sides), {std::to_string(sides)}), perLevel})
                    << i18n::format(o.dryRun || refused ? _("the scenario would have {1}, {2}") : _("the scenario has {1}, {2}"),
                           {errorText, warningText});
        if (refused)
            context.out << i18n::format(_(" ({1} more than before: nothing changed)"), {std::to_string(errors - withoutHq - errorsBefore)});
        if (withoutHq > 0)
            context.out << i18n::format(P_(" ({1} of them a formation without its HQ yet: add it before play)",
                                            " ({1} of them formations without their HQ yet: add them before play)", withoutHq),
                {std::to_string(withoutHq)});
        context.out << "\n";
        if (!context.quiet) {
            // The import's findings name the input's rows; a formation the import left without its HQ is said
            // there once, not again as the scenario's error.
            context.printDiagnostics(imported.findings, o.input);
            std::set<std::string> said;
            for (const core::validation::Diagnostic& d : imported.findings)
                if (d.code == "oob.import.no_hq")
                    said.insert(d.path);
            core::validation::Diagnostics rest;
            for (const core::validation::Diagnostic& d : diagnostics)
                if (!(d.code == "oob.formation.hq_count" && said.count(d.path)))
                    rest.push_back(d);
            context.printDiagnostics(rest, o.file);
        }
    }
}

/// `oob summary` of a SYW house-rules scenario: fields, the table, the deployment order, and the points of
/// every regiment and army (syw-miniatures-house-rules.txt), with no Pub Battles term.
void printSywSummary(const SummaryOptions& o, const core::Scenario& s, Context& context)
{
    namespace syw = core::systems::syw_miniatures;
    const core::oob::SywSummary summary = core::oob::summarizeSyw(s);
    const auto number = [](double v) { return core::i18n::formatFigure(v); };
    if (context.json) {
        JsonOut j;
        JsonValue regiments = j.array();
        for (const auto& r : summary.regiments) {
            const core::Unit* u = s.findUnit(r.id);
            JsonValue figures = j.object();
            for (const syw::FigureKind& kind : syw::figureKinds())
                if (r.figures.*(kind.count) != 0)
                    j.set(figures, kind.key, r.figures.*(kind.count));
            j.push(regiments, j.object("id", r.id.str(), "name", u ? u->name : "", "side", r.side.empty() ? j.value(nullptr) : j.value(r.side.str()),
                                  "formation", r.formation.str(), "type", u ? core::toString(u->type) : "", "figures", std::move(figures), "men",
                                  r.men, "melee_points", r.meleePoints, "melee_points_vs_cavalry", r.meleePointsVsCavalry, "fire_points",
                                  r.firePoints, "grenade_kills", r.grenadeKills, "move_fields", r.moveFields, "move_cm",
                                  r.moveFields * summary.fieldCm));
        }
        JsonValue sides = j.array();
        for (const auto& side : summary.sides)
            j.push(sides, j.object("id", side.id.str(), "general", side.general, "attacker", side.attacker, "defender", side.defender, "regiments",
                              side.regiments, "men", side.men, "cannon", side.cannon, "mortars", side.mortars, "melee_points", side.meleePoints,
                              "fire_points", side.firePoints));
        JsonValue order = j.array();
        for (const auto& id : summary.deploymentOrder)
            j.push(order, id.str());
        context.printJson(j.object("file", o.file, "system", "syw-miniatures", "field_cm", summary.fieldCm, "table_cm",
            summary.tableWidthCm && summary.tableDepthCm ? j.array(*summary.tableWidthCm, *summary.tableDepthCm) : j.value(nullptr),
            "moves_fields",
            j.object("infantry", syw::kInfantryMoveFields, "cavalry", syw::kCavalryMoveFields, "artillery", syw::kArtilleryMoveFields),
            "limbered_move_cm", syw::kLimberedMoveCm, "ranges_fields",
            j.object("musketry", syw::kFireRangeFields, "cannon", syw::kCannonRangeFields, "mortar", syw::kMortarRangeFields),
            "deployment_order", std::move(order), "sectors", summary.sectors, "sectors_to_win", summary.sectorsToWin, "sides", std::move(sides),
            "regiments", std::move(regiments)));
        return;
    }
    namespace i18n = core::i18n;
    const auto whole = [](int n) { return std::to_string(n); };
    context.out << i18n::format(_("{1}: SYW house rules, 1 field = {2} cm"), {o.file, number(summary.fieldCm)});
    if (summary.tableWidthCm && summary.tableDepthCm)
        context.out << i18n::format(_(", table {1} x {2} cm"), {number(*summary.tableWidthCm), number(*summary.tableDepthCm)});
    context.out << "\n  "
                << i18n::format(_("moves: infantry {1} field, cavalry {2} fields, artillery {3} field or a shot (limbered {4} cm); "
                                  "musketry at {5} field, cannon {6} fields (kills {7} close, {8} wide), mortar {9} fields (kills {10})"),
                       {number(syw::kInfantryMoveFields), number(syw::kCavalryMoveFields), number(syw::kArtilleryMoveFields),
                           number(syw::kLimberedMoveCm), number(syw::kFireRangeFields), number(syw::kCannonRangeFields),
                           whole(syw::kCannonKillsClose), whole(syw::kCannonKillsWide), number(syw::kMortarRangeFields), whole(syw::kMortarKills)})
                << "\n";
    if (!summary.deploymentOrder.empty())
        context.out << "  "
                    << i18n::format(_("deployment: {1} (defender) deploys first, then {2} (attacker), who moves first"),
                           {summary.deploymentOrder[0].str(), summary.deploymentOrder[1].str()})
                    << "\n";
    if (summary.sectors > 0)
        context.out << "  "
                    << i18n::format(_("territory: {1} of {2} sectors make 3/4 of the battlefield"), {whole(summary.sectorsToWin), whole(summary.sectors)})
                    << "\n";
    for (const auto& side : summary.sides) {
        const std::string role = side.defender ? std::string(_(" (defender)")) : side.attacker ? std::string(_(" (attacker)")) : std::string();
        context.out << "  " << side.id.str() << role << ": "
                    << i18n::format(P_("{1} regiment, {2} men", "{1} regiments, {2} men", side.regiments), {whole(side.regiments), whole(side.men)});
        if (side.cannon + side.mortars > 0)
            context.out << i18n::format(P_(", {1} cannon", ", {1} cannon", side.cannon), {whole(side.cannon)})
                        << i18n::format(P_(", {1} mortar", ", {1} mortars", side.mortars), {whole(side.mortars)});
        context.out << i18n::format(_("; melee {1} points, fire {2} points"), {number(side.meleePoints), number(side.firePoints)});
        if (!side.general.empty())
            context.out << i18n::format(_("; general {1}"), {side.general});
        context.out << "\n";
        for (const auto& r : summary.regiments) {
            if (r.side != side.id)
                continue;
            const core::Unit* u = s.findUnit(r.id);
            context.out << "    " << r.id.str() << " " << (u ? u->name : "") << ": "
                        << (r.figures.total() ? syw::formatFigures(r.figures) : std::string(_("no figures")));
            if (r.men > 0 || r.figures.cannon + r.figures.mortars == 0) {
                context.out << i18n::format(_("; melee {1}"), {number(r.meleePoints)});
                if (r.meleePointsVsCavalry != r.meleePoints)
                    context.out << i18n::format(_(" ({1} against cavalry)"), {number(r.meleePointsVsCavalry)});
                context.out << i18n::format(_(", fire {1}"), {number(r.firePoints)});
                if (r.grenadeKills)
                    context.out << i18n::format(_(", grenades kill {1}"), {whole(r.grenadeKills)});
            }
            if (r.figures.cannon > 0)
                context.out << i18n::format(_("; cannon fire {1} fields, kill {2} close, {3} wide"),
                    {number(syw::kCannonRangeFields), whole(syw::kCannonKillsClose), whole(syw::kCannonKillsWide)});
            if (r.figures.mortars > 0)
                context.out << i18n::format(_("; mortars fire {1} fields, kill {2}"), {number(syw::kMortarRangeFields), whole(syw::kMortarKills)});
            context.out << (r.moveFields == 1 ? i18n::format(_("; moves {1} field"), {number(r.moveFields)})
                                              : i18n::format(_("; moves {1} fields"), {number(r.moveFields)}))
                        << "\n";
        }
    }
}

/// `oob blocks`: the chosen level plays as blocks, each the sum of the units below it (one undo step).
void runBlocks(const BlocksOptions& o, Context& context)
{
    if (o.level.empty() && o.formations.empty() && !o.clear)
        throw core::util::OperationError(o.file, "oob blocks", _("name --level ECHELON, --formation ID or --clear"));
    core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    core::oob::BlockRequest request;
    if (!o.level.empty())
        request.echelon = o.level;
    for (const std::string& id : o.formations)
        request.formations.push_back(core::FormationId(id));
    request.clear = o.clear;
    core::oob::BlockPlan plan = core::util::inFile(o.file, [&] { return core::oob::planBlocks(loaded.scenario, request); });
    const auto actionName = [](core::oob::BlockPlanLine::Action a) {
        using A = core::oob::BlockPlanLine::Action;
        return a == A::Create ? "new" : a == A::Update ? "updated" : a == A::Keep ? "unchanged" : "removed";
    };
    // The same line for a person (--json keeps actionName's words).
    const auto actionText = [](core::oob::BlockPlanLine::Action a) -> std::string {
        using A = core::oob::BlockPlanLine::Action;
        return a == A::Create ? _("new block '{1}'") : a == A::Update ? _("updated block '{1}'") : a == A::Keep ? _("unchanged block '{1}'")
                                                                                                               : _("removed block '{1}'");
    };
    int pieces = 0;
    core::document::Document document(std::move(loaded.scenario), o.file);
    if (!plan.edit.empty())
        document.apply(std::move(plan.edit));
    for (const core::Unit& u : document.scenario().units)
        pieces += core::oob::isPiece(document.scenario(), u) ? 1 : 0;
    if (!o.dryRun && !plan.lines.empty())
        document.save();
    if (context.json) {
        JsonOut j;
        JsonValue lines = j.array();
        for (const auto& l : plan.lines)
            j.push(lines, j.object("formation", l.formation.str(), "block", l.block.str(), "action", actionName(l.action), "units", l.derived.units,
                              "strength", l.derived.strength, "type", core::toString(l.derived.type), "quality", core::toString(l.derived.quality)));
        context.printJson(j.object("file", o.file, "dry_run", o.dryRun, "blocks", std::move(lines), "pieces", pieces));
        return;
    }
    for (const auto& l : plan.lines) {
        context.out << "  " << core::oob::formationPath(document.scenario(), l.formation) << ": "
                    << core::i18n::format(actionText(l.action), {l.block.str()});
        if (l.action != core::oob::BlockPlanLine::Action::Remove)
            context.out << ", " << core::toString(l.derived.type) << ", " << core::toString(l.derived.quality) << ", "
                        << core::i18n::format(P_("{1} from {2} unit", "{1} from {2} units", l.derived.units),
                               {std::to_string(l.derived.strength), std::to_string(l.derived.units)});
        context.out << "\n";
    }
    const std::string changes = core::i18n::format(P_("{1} block change", "{1} block changes", plan.lines.size()), {std::to_string(plan.lines.size())});
    const std::string piecesText = core::i18n::format(P_("{1} game piece", "{1} game pieces", pieces), {std::to_string(pieces)});
    context.out << core::i18n::format(o.dryRun ? _("{1}: would have made {2}; {3} (dry run: nothing written)") : _("{1}: {2}; {3}"),
                       {o.file, changes, piecesText})
                << "\n";
}

void runSummary(const SummaryOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    const core::Scenario& s = loaded.scenario;
    if (core::systems::describe(s.settings.system).figureRegiments) {
        printSywSummary(o, s, context);
        return;
    }
    const core::oob::OrderOfBattleSummary summary = core::oob::summarize(s);
    if (context.json) {
        JsonOut j;
        JsonValue pieces = j.array();
        for (const auto& p : summary.pieces) {
            const core::Unit* u = s.findUnit(p.id);
            JsonValue piece = j.object("id", p.id.str(), "name", u ? u->name : "", "side", p.side.empty() ? j.value(nullptr) : j.value(p.side.str()),
                "type", u ? core::toString(u->type) : "", "quality", u ? core::toString(u->quality) : "", "victory_points", p.victoryPoints,
                "combat_dice", p.combatDice, "counts_for_rout", p.countsForRout);
            if (p.meleePoints) {
                j.set(piece, "melee_points", *p.meleePoints);
                j.set(piece, "melee_points_vs_cavalry", *p.meleePointsVsCavalry);
                j.set(piece, "fire_points", *p.firePoints);
            }
            j.push(pieces, std::move(piece));
        }
        JsonValue sides = j.array();
        for (const auto& side : summary.sides)
            j.push(sides, j.object("id", side.id.str(), "pieces", side.pieces, "victory_points", side.victoryPoints, "infantry_blocks",
                              side.infantryBlocksAtStart, "infantry_blocks_by_day", side.infantryBlocksByDay, "rout_threshold",
                              side.routThresholds.empty() ? 0 : side.routThresholds.front(), "rout_thresholds_by_day", side.routThresholds));
        JsonValue formations = j.array();
        for (const auto& f : summary.formations)
            j.push(formations, j.object("id", f.id.str(), "pieces", f.pieces, "victory_points", f.victoryPoints, "infantry_blocks",
                                   f.infantryBlocksAtStart, "ineffective_at", f.ineffectiveAt));
        JsonValue cavalry = j.array();
        for (const core::CavalryType& t : s.settings.cavalryTypes)
            j.push(cavalry, j.object("name", t.name, "effects", t.effects));
        context.printJson(j.object("file", o.file, "scale", summary.scaleDenominator, "cavalry_types", std::move(cavalry), "foot_segment_m",
            summary.footSegmentMetres, "mounted_segment_m", summary.mountedSegmentMetres, "command_range_m", summary.commandRangeMetres,
            "field_of_fire_m", summary.fieldOfFireMetres, "spotting_range_m", summary.spottingRangeMetres, "formations", std::move(formations),
            "start_day", summary.startDay, "days", summary.days, "sides", std::move(sides), "pieces", std::move(pieces)));
        return;
    }
    namespace i18n = core::i18n;
    const auto whole = [](auto n) { return std::to_string(n); };
    context.out << i18n::format(_("{1}: 1:{2}, command range {3} m, field of fire {4} m, spotting {5} m"),
                       {o.file, i18n::formatFigure(summary.scaleDenominator), i18n::formatFigure(summary.commandRangeMetres),
                           i18n::formatFigure(summary.fieldOfFireMetres), i18n::formatFigure(summary.spottingRangeMetres)})
                << "\n";
    // Rulebook line 142: "The scenario rules specify the cavalry types available and their special rules."
    if (!s.settings.cavalryTypes.empty()) {
        context.out << "  " << _("cavalry types:");
        for (std::size_t k = 0; k < s.settings.cavalryTypes.size(); ++k) {
            const core::CavalryType& t = s.settings.cavalryTypes[k];
            context.out << (k ? "; " : " ") << t.name;
            if (!t.effects.empty())
                context.out << " (" << t.effects << ")";
        }
        context.out << "\n";
    }
    for (const auto& side : summary.sides) {
        context.out << "  " << side.id.str() << ": "
                    << i18n::format(P_("{1} piece worth {2} victory points", "{1} pieces worth {2} victory points", side.pieces),
                           {whole(side.pieces), whole(side.victoryPoints)})
                    << "; "
                    << i18n::format(P_("{1} infantry block at the start, rout at", "{1} infantry blocks at the start, rout at", side.infantryBlocksAtStart),
                           {whole(side.infantryBlocksAtStart)});
        // Per day: n = blocks at the start plus reinforcements arrived by that day's end (docs/model.md, Rout).
        for (std::size_t k = 0; k < side.routThresholds.size(); ++k) {
            const std::string day = whole(summary.startDay + static_cast<int>(k));
            context.out << (k ? ", " : " ")
                        << (k < side.infantryBlocksByDay.size()
                                   ? i18n::format(_("{1} losses of {2} (end of day {3})"), {whole(side.routThresholds[k]), whole(side.infantryBlocksByDay[k]), day})
                                   : i18n::format(_("{1} losses (end of day {2})"), {whole(side.routThresholds[k]), day}));
        }
        context.out << "\n";
        // Rulebook "Ineffective Formation": 50% of a formation's infantry, counted as for rout.
        for (const auto& f : summary.formations) {
            const core::Formation* formation = s.findFormation(f.id);
            if (!formation || formation->side != side.id)
                continue;
            context.out << "    " << core::oob::formationPath(s, f.id) << ": "
                        << i18n::format(P_("{1} piece worth {2} victory points", "{1} pieces worth {2} victory points", f.pieces),
                               {whole(f.pieces), whole(f.victoryPoints)});
            if (f.infantryBlocksAtStart > 0)
                context.out << i18n::format(P_("; ineffective at {1} losses of {2} infantry block", "; ineffective at {1} losses of {2} infantry blocks",
                                                f.infantryBlocksAtStart),
                    {whole(f.ineffectiveAt), whole(f.infantryBlocksAtStart)});
            context.out << "\n";
        }
    }
}

void runPrint(const PrintOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    context.warnIfInvalid(loaded.diagnostics, o.file);
    app::StickersJob job;
    job.scenarioFile = o.file;
    job.output = o.output;
    job.request.page = print::parsePageSize(o.page);
    job.request.stickerWidthMm = o.width;
    job.request.stickerHeightMm = o.height;
    const print::StickerLayout layout = app::printScenarioStickers(loaded.scenario, job);
    if (context.json)
        context.printJson(JsonOut().object("output", o.output, "pages", layout.pages, "stickers", layout.stickers, "sticker_mm",
            std::vector<double>{layout.stickerWidthMm, layout.stickerHeightMm}, "columns", layout.columns, "rows", layout.rows));
    else
        context.out << core::i18n::format(P_("{1}: {2} sticker of {3} x {4} mm", "{1}: {2} stickers of {3} x {4} mm", layout.stickers),
                           {o.output, std::to_string(layout.stickers), core::i18n::formatFigure(layout.stickerWidthMm),
                               core::i18n::formatFigure(layout.stickerHeightMm)})
                    << core::i18n::format(P_(" on {1} page", " on {1} pages", layout.pages), {std::to_string(layout.pages)}) << "\n";
}

} // namespace

struct SetOptions {
    std::string file;
    std::string unit;
    std::optional<double> strength;
    std::optional<double> facing;
    std::vector<std::string> figures; ///< KIND=N
};

/// `oob set FILE UNIT`: the unit's strength, facing and SYW figure counts through core's named operations (the
/// rules the editor's Properties pane applies), each one undo step of the document, saved in place; nothing
/// saved when one is refused.
void runSet(const SetOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    core::document::Document document(loaded.scenario, o.file);
    const core::UnitId id(o.unit);
    const auto apply = [&](core::document::Edit edit) {
        if (!edit.empty())
            document.apply(std::move(edit));
    };
    if (o.strength)
        apply(core::util::inFile(o.file, [&] { return core::document::operations::setUnitStrength(document.scenario(), id, *o.strength); }));
    if (o.facing)
        apply(core::util::inFile(o.file, [&] { return core::document::operations::setUnitFacing(document.scenario(), id, *o.facing); }));
    for (const std::string& figure : o.figures) {
        const auto eq = figure.find('=');
        double count = -1;
        const std::string number = eq == std::string::npos ? std::string() : figure.substr(eq + 1);
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), count);
        if (eq == std::string::npos || ec != std::errc() || end != number.data() + number.size())
            throw core::util::OperationError(o.file, "--figures", core::i18n::format(_("'{1}' is not KIND=COUNT"), {figure}));
        apply(core::util::inFile(o.file, [&] { return core::document::operations::setUnitFigureCount(document.scenario(), id, figure.substr(0, eq), count); }));
    }
    if (document.isModified())
        document.save();
    const core::Unit* unit = document.scenario().findUnit(id);
    if (context.json) {
        JsonOut j;
        context.printJson(j.object("file", o.file, "unit", o.unit, "strength", unit ? unit->strength : 0, "facing",
            unit && unit->placement ? j.value(unit->placement->facing) : j.value(nullptr), "changed", document.canUndo()));
        return;
    }
    context.out << core::i18n::format(_("{1}: unit '{2}': strength {3}{4}"),
                       {o.file, o.unit, std::to_string(unit ? unit->strength : 0),
                           unit && unit->placement ? core::i18n::format(_(", facing {1} degrees"), {core::i18n::formatFigure(unit->placement->facing)})
                                                   : std::string()})
                << "\n";
}

} // namespace oob_commands

/// add-side, add-formation, add-unit, rename, colour, delete, move (oob_author_commands.cpp).
void registerOobAuthorCommands(CLI::App& noun, Context& context);

void registerOobCommands(CLI::App& app, Context& context)
{
    using namespace oob_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "oob", _("Orders of battle: import rosters, derived figures, block stickers"));
    registerOobAuthorCommands(*noun, context);

    auto set = std::make_shared<SetOptions>();
    CLI::App* setCommand = addCommand(*noun, "set", _("Change a unit's strength, facing or SYW figures, with the rules the editor applies (saved in place)"));
    setCommand->add_option("FILE", set->file, _("Scenario file (rewritten in place)"))->required();
    setCommand->add_option("UNIT", set->unit, _("The unit's id"))->required();
    setCommand->add_option("--strength", set->strength, _("Men, or guns for artillery: a whole number, 0 or more"));
    setCommand->add_option("--facing", set->facing, _("Degrees clockwise from grid north (wrapped into 0-360)"));
    setCommand->add_option("--figures", set->figures, _("KIND=COUNT of a SYW regiment's figures, e.g. musketeer=24 (repeatable)"));
    setCommand->callback([set, &context] { runSet(*set, context); });

    auto i = std::make_shared<ImportOptions>();
    CLI::App* import = addCommand(*noun, "import", _("Add a roster's rows as units (all rows or none; one undo step)"));
    import->add_option("FILE", i->file, _("Scenario file (saved atomically)"))->required();
    import->add_option("INPUT", i->input, _("Roster: CSV, TSV, PostgreSQL COPY text, or a JSON array of objects"))->required();
    i->settings.declare(*import, core::io::ImportTarget::OrderOfBattle);
    import->add_flag("--dry-run", i->dryRun, _("Show the tree and counts per level that the import would build; write nothing"));
    import->callback([i, &context] { runImport(*i, context); });

    auto t = std::make_shared<TreeOptions>();
    CLI::App* tree = addCommand(*noun, "tree", _("The order of battle as a tree: side > formation > ... > units, with HQ and strength"));
    tree->add_option("FILE", t->file, _("Scenario file"))->required();
    tree->callback([t, &context] { runTree(*t, context); });

    auto b = std::make_shared<BlocksOptions>();
    CLI::App* blocks = addCommand(*noun, "blocks",
        _("Play one level of the tree as blocks: each formation of --level (or each --formation) becomes one block "
          "whose strength, arm and quality come from the units below it; those units stay as history, not pieces"));
    blocks->add_option("FILE", b->file, _("Scenario file (saved atomically)"))->required();
    blocks->add_option("--level", b->level, _("Echelon whose formations are blocks: army, wing, corps, division, brigade"))
        ->check(oneOf({"army", "wing", "corps", "division", "brigade"}));
    blocks->add_option("--formation", b->formations, _("A formation to play as one block (repeatable; with or without --level)"));
    blocks->add_flag("--clear", b->clear, _("Remove every block: each unit is a piece again"));
    blocks->add_flag("--dry-run", b->dryRun, _("Show the blocks that would be made; write nothing"));
    blocks->callback([b, &context] { runBlocks(*b, context); });

    auto s = std::make_shared<SummaryOptions>();
    CLI::App* summary = addCommand(*noun, "summary", _("Victory points, rout thresholds, combat dice and ranges at the scenario's scale (SYW: fields, the table, points per regiment and army)"));
    summary->add_option("FILE", s->file, _("Scenario file"))->required();
    summary->callback([s, &context] { runSummary(*s, context); });

    auto p = std::make_shared<PrintOptions>();
    CLI::App* printCommand = addCommand(*noun, "print", _("Block sticker sheet (one label per piece) as a PDF"));
    printCommand->add_option("FILE", p->file, _("Scenario file"))->required();
    printCommand->add_option("-o,--output", p->output, _("PDF to write"))->required();
    printCommand->add_option("--page", p->page, _("A4, letter, A3, A0 or WxHmm"));
    printCommand->add_option("--width", p->width, _("Sticker width in mm (default: the scenario's)"))->check(inRange(0.0, 1000.0));
    printCommand->add_option("--height", p->height, _("Sticker height in mm (default: the scenario's)"))->check(inRange(0.0, 1000.0));
    printCommand->callback([p, &context] { runPrint(*p, context); });
}

} // namespace sandtable::cli
