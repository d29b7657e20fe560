// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable grid new|table|derive|override|roll|battle|print`: Campaign Lite grids over the map.
#include "sandtable/cli/context.hpp"
#include "sandtable/app/campaign_sheets.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/document/campaign_operations.hpp"
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/model/campaign_words.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/systems/campaign_lite/rules.hpp"
#include "sandtable/core/systems/campaign_lite/secondary_terrain.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/campaign_print.hpp"
#include "sandtable/print/sheet_marks.hpp"

#include <charconv>
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <ostream>
#include <locale>
#include <sstream>

namespace sandtable::cli {
namespace grid_commands {
namespace {

/// A number of the grid's result lines: six significant digits in the person's conventions.
std::string g6(double value) { return core::i18n::formatSignificant(value, 6); }

using core::io::JsonOut;
using core::io::JsonValue;

struct NewOptions {
    std::string file;
    double square = core::kMileMetres;
    std::string origin;
    int rows = 0;
    int columns = 0;
    std::string numbering = "letter-number";
    double rotation = 0.0;
    int startNumber = 1;
    std::string leadingZeros;
    bool descendingRows = false;
};

struct TableOptions {
    double lengthMm = 0.0;
    double widthMm = 0.0;
    double scale = 3600.0;
    int along = 6;
};

struct DeriveOptions {
    std::string file;
    std::optional<double> whole;
    std::optional<double> half;
};

struct OverrideOptions {
    std::string file;
    std::string square;
    std::string terrainClass;
    std::string cover;
    std::string note;
    bool remove = false;
};

struct RollOptions {
    std::string file;
    std::string seed;
    std::string region;
};

struct PrintOptions {
    std::string file;
    std::string output;
    int copies = 1;
    std::string page = "A4";
    std::optional<double> scale;
    double dpi = 150.0;
    std::string format;
    bool underlay = false;
    bool playerAid = false;
};

struct BattleOptions {
    std::string file;
    std::string squares;
    double rulesScale = 3600.0;
    bool dryRun = false;
};

constexpr const char* kSeedMax = "18446744073709551615";

/// The seed as an unsigned 64-bit number; "seed out of range" for anything else (negative, too large, not a number).
std::uint64_t parseSeed(const std::string& text)
{
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw core::util::OperationError("", "--seed", core::i18n::format(_("seed '{1}' is not a whole number from 0 to {2}"), {text, kSeedMax}));
    return value;
}

core::Coordinate parseOrigin(const std::string& text)
{
    const auto comma = text.find(',');
    try {
        if (comma != std::string::npos) {
            std::size_t used1 = 0, used2 = 0;
            const std::string xs = text.substr(0, comma), ys = text.substr(comma + 1);
            const double x = std::stod(xs, &used1), y = std::stod(ys, &used2);
            if (used1 == xs.size() && used2 == ys.size() && std::isfinite(x) && std::isfinite(y))
                return {x, y};
        }
    } catch (const std::exception&) {
    }
    throw core::util::OperationError("", "--origin", core::i18n::format(_("'{1}' is not X,Y in working-CRS metres (the grid's south-west corner)"), {text}));
}

JsonValue lineJson(const core::SquareLine& l, JsonOut& j)
{
    JsonValue edges = j.array();
    for (core::Edge e : l.edges)
        j.push(edges, core::toString(e));
    JsonValue out = j.object("feature", l.feature.str(), "class", l.terrainClass);
    if (!l.grade.empty())
        j.set(out, "grade", l.grade);
    j.set(out, "edges", std::move(edges));
    j.set(out, "length_m", l.length);
    return out;
}

JsonValue squareJson(const core::Campaign& c, const core::SquareTerrain& t, JsonOut& j)
{
    JsonValue terrain = j.object();
    JsonValue cover = j.object();
    JsonValue overridden = j.array();
    for (const auto& [cls, fraction] : t.coverage)
        j.set(terrain, cls, fraction);
    std::set<std::string> classes;
    for (const auto& entry : t.coverage)
        classes.insert(entry.first);
    for (const core::CoverOverride& o : c.overrides)
        if (o.square == t.square)
            classes.insert(o.terrainClass);
    for (const std::string& cls : classes) {
        j.set(cover, cls, core::toString(c.cover(t.square, cls)));
        if (c.overridden(t.square, cls))
            j.push(overridden, cls);
    }
    JsonValue lines = j.array();
    for (const core::SquareLine& l : t.lines)
        j.push(lines, lineJson(l, j));
    JsonValue crossings = j.array();
    for (const core::SquareCrossing& x : t.crossings)
        j.push(crossings, j.object("feature", x.feature.str(), "class", x.terrainClass, "edge",
                              x.edge ? j.value(core::toString(*x.edge)) : j.value(nullptr)));
    return j.object("ref", core::squareName(c.grid, t.square), "terrain", std::move(terrain), "cover", std::move(cover), "overridden",
        std::move(overridden), "lines", std::move(lines), "crossings", std::move(crossings));
}

/// The scenario file as a Document: every grid command that writes is load -> operation -> apply -> save.
core::document::Document openDocument(const std::string& file)
{
    return core::document::Document(core::io::loadScenario(file).scenario, file);
}

/// Applies `edit` and saves when it changed something (the file is left alone otherwise). `what` says what
/// was done, from the scenario after the edit.
template <class What>
void applyAndSave(core::document::Document& document, core::document::Edit edit, Context& context, What&& what)
{
    document.apply(std::move(edit));
    const bool changed = document.isModified();
    if (changed)
        document.save();
    if (!context.json && !context.quiet)
        context.err << core::i18n::format(changed ? _("{1}: {2}, saved") : _("{1}: {2}, unchanged"), {document.path().string(), what(document.scenario())})
                    << "\n";
}


void runNew(const NewOptions& o, Context& context)
{
    core::document::Document document = openDocument(o.file);
    core::CampaignGrid grid;
    grid.squareSize = o.square;
    grid.origin = parseOrigin(o.origin);
    grid.rows = o.rows;
    grid.columns = o.columns;
    grid.rotation = o.rotation;
    grid.numbering = core::gridNumberingFromString(o.numbering);
    grid.startNumber = o.startNumber;
    if (!o.leadingZeros.empty())
        grid.leadingZeros = o.leadingZeros == "true";
    grid.descendingRows = o.descendingRows;
    core::validation::Diagnostics findings;
    core::document::Edit edit = core::util::inFile(o.file, [&] { return core::document::operations::setCampaignGrid(document.scenario(), grid, findings); });
    if (!context.json)
        context.printDiagnostics(findings, o.file);
    applyAndSave(document, std::move(edit), context,
        [&](const core::Scenario&) {
            const int n = grid.rows * grid.columns;
            return core::i18n::format(P_("campaign grid of {1} square", "campaign grid of {1} squares", n), {std::to_string(n)});
        });
    const auto b = core::gridBounds(grid);
    if (context.json) {
        JsonOut j;
        context.printJson(j.object("file", o.file, "squares", grid.rows * grid.columns, "rows", grid.rows, "columns", grid.columns,
            "square_size", grid.squareSize, "numbering", core::toString(grid.numbering), "north_west", core::squareName(grid, {0, 0}),
            "south_east", core::squareName(grid, {grid.columns - 1, grid.rows - 1}), "bounds", j.array(b[0], b[1], b[2], b[3]), "diagnostics",
            diagnosticsToJson(findings, j)));
    } else {
        context.out << core::i18n::format(_("{1}: {2} x {3} squares of {4} m, {5} (north-west) to {6} (south-east)"),
                           {o.file, std::to_string(grid.columns), std::to_string(grid.rows), core::i18n::formatNumber(grid.squareSize, 0),
                               core::squareName(grid, {0, 0}), core::squareName(grid, {grid.columns - 1, grid.rows - 1})})
                    << "\n";
    }
}

void runTable(const TableOptions& o, Context& context)
{
    core::TableGrid t;
    try {
        t = core::proposeTableGrid(o.lengthMm, o.widthMm, o.scale, o.along);
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError("", _("table"), e.what());
    }
    if (context.json) {
        context.printJson(JsonOut().object("square_size", t.squareSize, "square_miles", t.squareSize / core::kMileMetres, "along", t.along,
            "across", t.across, "square_on_table_mm", t.squareOnTableMm));
        return;
    }
    context.out << core::i18n::format(_("{1} x {2} squares of {3} m ({4} mile), {5} mm on the table"),
                       {g6(t.along), g6(t.across), g6(t.squareSize), g6(t.squareSize / core::kMileMetres), g6(t.squareOnTableMm)})
                << "\n";
}

void runDerive(const DeriveOptions& o, Context& context)
{
    core::document::Document document = openDocument(o.file);
    core::document::Edit edit = core::util::inFile(o.file, [&] { return core::document::operations::deriveCampaign(document.scenario(), o.whole, o.half); });
    applyAndSave(document, std::move(edit), context, [](const core::Scenario& s) {
        const std::size_t n = s.campaign->derived.size();
        return core::i18n::format(P_("primary terrain of {1} square derived", "primary terrain of {1} squares derived", n), {std::to_string(n)});
    });
    const core::Campaign& campaign = *document.scenario().campaign;
    if (context.json) {
        JsonOut j;
        JsonValue squares = j.array();
        for (const auto& t : campaign.derived)
            j.push(squares, squareJson(campaign, t, j));
        context.printJson(j.object("file", o.file, "squares", std::move(squares), "overrides", campaign.overrides.size()));
        return;
    }
    for (const auto& t : campaign.derived) {
        std::ostringstream line;
        for (const auto& [cls, fraction] : t.coverage)
            line << " " << cls << "=" << core::i18n::formatNumber(fraction, 3) << "(" << core::coverWord(campaign.cover(t.square, cls))
                 << (campaign.overridden(t.square, cls) ? ", " + std::string(_("override")) : std::string()) << ")";
        for (const auto& l : t.lines) {
            line << " " << l.terrainClass << (l.grade.empty() ? "" : ":" + l.grade) << "[";
            for (std::size_t i = 0; i < l.edges.size(); ++i)
                line << (i ? "," : "") << core::edgeWord(l.edges[i]);
            line << "]";
        }
        for (const auto& x : t.crossings)
            line << " " << x.terrainClass << "@" << (x.edge ? core::edgeWord(*x.edge) : std::string(_("middle")));
        context.out << core::squareName(campaign.grid, t.square) << ":" << (line.str().empty() ? " -" : line.str()) << "\n";
    }
    // The squares set by hand, each named: derivation keeps them (issue 43 item 4), even a class it found none of.
    if (!campaign.overrides.empty()) {
        std::ostringstream kept;
        for (std::size_t i = 0; i < campaign.overrides.size(); ++i) {
            const core::CoverOverride& ov = campaign.overrides[i];
            kept << (i ? "; " : "") << core::squareName(campaign.grid, ov.square) << " " << ov.terrainClass << " " << core::coverWord(ov.cover)
                 << (ov.note.empty() ? "" : " (" + ov.note + ")");
        }
        context.out << core::i18n::format(P_("{1} square set by hand, kept: {2}", "{1} squares set by hand, kept: {2}", campaign.overrides.size()),
                           {std::to_string(campaign.overrides.size()), kept.str()})
                    << "\n";
    }
}

void runOverride(const OverrideOptions& o, Context& context)
{
    core::document::Document document = openDocument(o.file);
    const core::Scenario& s = document.scenario();
    if (!s.campaign)
        throw core::util::OperationError(o.file, _("scenario"), _("has no campaign grid (run 'sandtable grid new' first)"));
    core::SquareRef q;
    try {
        q = core::parseSquareName(s.campaign->grid, o.square);
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError(o.file, _("square"), e.what());
    }
    if (!o.remove && o.cover.empty())
        throw core::util::OperationError(o.file, "--cover", _("give whole, half or none (or --remove)"));
    const std::optional<core::Cover> cover = o.remove ? std::nullopt : std::optional<core::Cover>(core::coverFromString(o.cover));
    core::document::Edit edit = core::util::inFile(o.file, [&] { return core::document::operations::setCoverOverride(s, q, o.terrainClass, cover, o.note); });
    applyAndSave(document, std::move(edit), context,
        [&](const core::Scenario&) { return core::i18n::format(o.remove ? _("override removed on {1}") : _("override set on {1}"), {o.square}); });
    const core::Campaign& c = *document.scenario().campaign;
    if (context.json)
        context.printJson(JsonOut().object("file", o.file, "ref", core::squareName(c.grid, q), "class", o.terrainClass, "cover",
            core::toString(c.cover(q, o.terrainClass)), "overrides", c.overrides.size()));
}

void runRoll(const RollOptions& o, Context& context)
{
    const std::uint64_t seed = parseSeed(o.seed);
    core::document::Document document = openDocument(o.file);
    core::document::Edit edit = core::util::inFile(o.file, [&] { return core::document::operations::rollSecondaryTerrain(document.scenario(), seed, o.region); });
    applyAndSave(document, std::move(edit), context,
        [](const core::Scenario& s) {
            const std::size_t n = s.campaign->secondary->rolls.size();
            return core::i18n::format(P_("{1} square rolled", "{1} squares rolled", n), {std::to_string(n)});
        });
    const core::SecondaryTerrain& rolled = *document.scenario().campaign->secondary;
    const core::CampaignGrid& g = document.scenario().campaign->grid;
    if (context.json) {
        JsonOut j;
        JsonValue rolls = j.array();
        for (const auto& r : rolled.rolls) {
            JsonValue roll = j.object("ref", core::squareName(g, r.square), "d10", r.d10, "result", r.result, "d6", r.d6, "detail", r.detail);
            j.set(roll, "stream_to", r.streamTo ? j.value(core::squareName(g, *r.streamTo)) : j.value(nullptr));
            j.set(roll, "stream_edge", r.streamEdge ? j.value(core::toString(*r.streamEdge)) : j.value(nullptr));
            if (r.edgeDie)
                j.set(roll, "edge_die", *r.edgeDie);
            j.push(rolls, std::move(roll));
        }
        context.printJson(j.object("file", o.file, "seed", seed, "region", o.region, "rolls", std::move(rolls)));
        return;
    }
    for (const auto& r : rolled.rolls) {
        context.out << core::squareName(g, r.square) << ": d10=" << r.d10;
        for (int d : r.d6)
            context.out << " d6=" << d;
        context.out << " " << core::systems::campaign_lite::secondaryResultWord(r.result) << ": " << core::systems::campaign_lite::describeSecondaryRoll(r, *document.scenario().campaign, core::i18n::translate) << "\n";
    }
}

void runBattle(const BattleOptions& o, Context& context)
{
    core::document::Document document = openDocument(o.file);
    const core::Scenario& s = document.scenario();
    if (!s.campaign)
        throw core::util::OperationError(o.file, _("scenario"), _("has no campaign grid (run 'sandtable grid new' first)"));
    std::vector<core::SquareRef> squares;
    std::stringstream in(o.squares);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (item.empty())
            continue;
        try {
            squares.push_back(core::parseSquareName(s.campaign->grid, item));
        } catch (const std::invalid_argument& e) {
            throw core::util::OperationError(o.file, "--squares", e.what());
        }
    }
    core::systems::campaign_lite::BattleSetup b;
    try {
        b = core::systems::campaign_lite::planBattle(*s.campaign, squares, o.rulesScale);
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError(o.file, "--squares", e.what());
    }
    const core::CampaignGrid g = s.campaign->grid;
    if (!o.dryRun)
        applyAndSave(document, core::util::inFile(o.file, [&] { return core::document::operations::setTableSquares(s, squares); }), context,
            [&](const core::Scenario&) {
                return core::i18n::format(P_("table of {1} square chosen", "table of {1} squares chosen", squares.size()), {std::to_string(squares.size())});
            });
    if (context.json) {
        JsonOut j;
        JsonValue forces = j.array();
        for (const auto& f : b.forces) {
            JsonValue force = j.object("id", f.id, "side", f.side.str(), "name", f.name, "square", core::squareName(g, f.square), "on_table", f.onTable);
            if (f.onTable) {
                j.set(force, "square_mm",
                    j.array(f.squareLeftMm, f.squareTopMm, f.squareLeftMm + b.squareOnTableMm, f.squareTopMm + b.squareOnTableMm));
                j.set(force, "zone_mm", j.array(f.zoneLeftMm, f.zoneTopMm, f.zoneRightMm, f.zoneBottomMm));
            } else {
                j.set(force, "squares_from_table", f.squaresFromTable);
            }
            j.push(forces, std::move(force));
        }
        JsonValue table = j.array();
        for (core::SquareRef q : squares)
            j.push(table, core::squareName(g, q));
        context.printJson(j.object("file", o.file, "squares", std::move(table), "columns", b.columns, "rows", b.rows, "rules_scale", b.rulesScale,
            "square_on_table_mm", b.squareOnTableMm, "table_mm", j.array(b.tableWidthMm, b.tableDepthMm), "half_mile_mm", b.halfMileMm, "forces",
            std::move(forces)));
        return;
    }
    namespace i18n = core::i18n;
    context.out << i18n::format(_("table {1} x {2} squares at 1:{3}: {4} x {5} mm ({6} x {7} ft), one square {8} mm, half a mile {9} mm"),
                       {g6(b.columns), g6(b.rows), g6(b.rulesScale), g6(b.tableWidthMm), g6(b.tableDepthMm), g6(b.tableWidthMm / 304.8),
                           g6(b.tableDepthMm / 304.8), g6(b.squareOnTableMm), g6(b.halfMileMm)})
                << "\n";
    for (const auto& f : b.forces) {
        context.out << "  " << f.id << " (" << f.side.str() << ") " << core::squareName(g, f.square) << ": ";
        if (f.onTable)
            context.out << i18n::format(_("sets up within x {1}-{2} mm, y {3}-{4} mm from the table's north-west corner (its square or "
                                          "half a mile of it)"),
                               {g6(f.zoneLeftMm), g6(f.zoneRightMm), g6(f.zoneTopMm), g6(f.zoneBottomMm)})
                        << "\n";
        else
            context.out << i18n::format(P_("off the table, {1} square away: reinforcement or still campaigning",
                                           "off the table, {1} squares away: reinforcement or still campaigning", f.squaresFromTable),
                               {std::to_string(f.squaresFromTable)})
                        << "\n";
    }
}

void runPrint(const PrintOptions& o, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(o.file);
    context.warnIfInvalid(loaded.diagnostics, o.file);
    const core::Scenario& s = loaded.scenario;
    app::CampaignSheetsJob job;
    job.scenarioFile = o.file;
    job.output = o.output;
    print::CampaignPrintRequest& request = job.request;
    request.format = print::mapOutputFormat(o.output, o.format);
    request.pngDpi = o.dpi;
    request.page = print::parsePageSize(o.page);
    request.copies = o.copies;
    request.scaleDenominator = o.scale;
    request.playerAid = o.playerAid;
    job.underlay = o.underlay;
    job.underlayDpi = o.dpi;
    const app::CampaignSheetsOutcome outcome = app::printCampaignSheets(s, job, context.reporter());
    const print::CampaignPrintResult& result = outcome.result;
    const bool underlay = outcome.underlayPrinted;
    const char* formatName = request.format == print::MapOutputFormat::Pdf ? "pdf"
        : request.format == print::MapOutputFormat::Svg                      ? "svg"
                                                                             : "png";
    if (context.json) {
        JsonOut j;
        JsonValue files = j.array();
        for (const auto& f : result.files)
            j.push(files, f.string());
        context.printJson(j.object("output", o.output, "format", formatName, "files", std::move(files), "pages", result.pages, "copies", o.copies,
            "sheets_per_copy", result.layout.sheets.size(), "scale", result.scaleDenominator, "square_mm",
            s.campaign->grid.squareSize * 1000.0 / result.scaleDenominator, "page_mm",
            j.array(result.layout.pageWidthMm, result.layout.pageHeightMm), "underlay", underlay, "player_aid", o.playerAid));
        return;
    }
    {
        namespace i18n = core::i18n;
        const std::string pages = i18n::format(P_("{1} page", "{1} pages", result.pages), {std::to_string(result.pages)});
        const std::string copies = i18n::format(P_("{1} copy", "{1} copies", o.copies), {std::to_string(o.copies)});
        context.out << i18n::format(underlay ? _("{1}: {2}, {3} at 1:{4} (one square = {5} mm), with the base map")
                                             : _("{1}: {2}, {3} at 1:{4} (one square = {5} mm)"),
                           {o.output, pages, copies, i18n::formatNumber(result.scaleDenominator, 0),
                               i18n::formatNumber(s.campaign->grid.squareSize * 1000.0 / result.scaleDenominator, 1)})
                    << "\n";
    }
    if (result.files.size() > 1) {
        context.out << "  files:";
        for (const auto& f : result.files)
            context.out << " " << f.string();
        context.out << "\n";
    }
}

} // namespace

} // namespace grid_commands

void registerGridCommands(CLI::App& app, Context& context)
{
    using namespace grid_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "grid", _("Campaign Lite grids: lay, derive primary terrain, roll secondary terrain, print"));

    auto n = std::make_shared<NewOptions>();
    CLI::App* create = addCommand(*noun, "new", _("Lay a campaign grid (origin = south-west corner, working CRS)"));
    create->add_option("FILE", n->file, _("Scenario file (rewritten in place)"))->required();
    create->add_option("--square", n->square, _("Square size, metres (default one mile, 1609.344)"));
    create->add_option("--origin", n->origin, _("South-west corner X,Y in working-CRS metres"))->required();
    create->add_option("--rows", n->rows, _("Rows (north to south)"))->required();
    create->add_option("--cols,--columns", n->columns, _("Columns (west to east)"))->required();
    create->add_option("--numbering", n->numbering, _("letter-number (C4) or colrow (0304)"))->check(oneOf({"letter-number", "colrow"}));
    create->add_option("--rotation", n->rotation, _("Degrees clockwise from grid north, about the origin"));
    create->add_option("--start", n->startNumber, _("Number of the first row (and column for colrow)"));
    create->add_option("--leading-zeros", n->leadingZeros, _("true or false (default: the scheme's habit)"))->check(oneOf({"true", "false"}));
    create->add_flag("--descending-rows", n->descendingRows, _("Number rows from the south edge"));
    create->callback([n, &context] { runNew(*n, context); });

    auto t = std::make_shared<TableOptions>();
    CLI::App* table = addCommand(*noun, "table", _("Propose the square size that makes N squares span the table at a rules scale"));
    table->add_option("--length", t->lengthMm, _("Table length, mm (8 ft = 2438.4)"))->required()->check(positive());
    table->add_option("--width", t->widthMm, _("Table width, mm (6 ft = 1828.8)"))->required()->check(positive());
    table->add_option("--scale", t->scale, _("Rules scale 1:N (100 yards to the inch = 3600)"))->check(positive());
    table->add_option("--along", t->along, _("Squares along the long side (default 6)"))->check(inRange(1, 1000));
    table->callback([t, &context] { runTable(*t, context); });

    auto d = std::make_shared<DeriveOptions>();
    CLI::App* derive = addCommand(*noun, "derive", _("Primary terrain per square: exact coverage, roads, water, crossings (overrides kept)"));
    derive->add_option("FILE", d->file, _("Scenario file (rewritten in place)"))->required();
    derive->add_option("--whole", d->whole, _("Coverage from which a class covers the whole square (default 0.75)"))->check(inRange(0.0, 1.0));
    derive->add_option("--half", d->half, _("Coverage from which a class covers half the square (default 0.25)"))->check(inRange(0.0, 1.0));
    derive->callback([d, &context] { runDerive(*d, context); });

    auto ov = std::make_shared<OverrideOptions>();
    CLI::App* over = addCommand(*noun, "override", _("Set a square's cover of a class by hand (kept through re-derivation)"));
    over->add_option("FILE", ov->file, _("Scenario file (rewritten in place)"))->required();
    over->add_option("SQUARE", ov->square, _("Square as players call it (C4, 0304)"))->required();
    over->add_option("--class", ov->terrainClass, _("Terrain class (woods, hill, town, ...)"))->required();
    over->add_option("--cover", ov->cover, _("whole, half or none"))->check(oneOf({"whole", "half", "none"}));
    over->add_option("--note", ov->note, _("Why"));
    over->add_flag("--remove", ov->remove, _("Remove the override (the derived cover applies again)"));
    over->callback([ov, &context] { runOverride(*ov, context); });

    auto r = std::make_shared<RollOptions>();
    CLI::App* roll = addCommand(*noun, "roll", _("Secondary terrain: the d10 tables per table square, reproducible from a seed"));
    roll->add_option("FILE", r->file, _("Scenario file (rewritten in place)"))->required();
    roll->add_option("--seed", r->seed, core::i18n::format(_("Seed, a whole number from 0 to {1}"), {kSeedMax}))->required();
    roll->add_option("--region", r->region, _("foothills, valley or farming-plain"))->required()->check(
        oneOf({"foothills", "valley", "farming-plain"}));
    roll->callback([r, &context] { runRoll(*r, context); });

    auto bt = std::make_shared<BattleOptions>();
    CLI::App* battle = addCommand(*noun, "battle",
        _("Battle set-up: the table squares, the table size at a rules scale, where each force sets up (its square or half a mile of it)"));
    battle->add_option("FILE", bt->file, _("Scenario file (the chosen squares are saved as the table)"))->required();
    battle->add_option("--squares", bt->squares, _("Table squares, comma-separated (C4,D4,C5,D5): a full rectangle"))->required();
    battle->add_option("--rules-scale", bt->rulesScale, _("Rules scale 1:N of the tabletop (100 yards to the inch = 3600)"))->check(positive());
    battle->add_flag("--dry-run", bt->dryRun, _("Show the set-up without saving the table squares"));
    battle->callback([bt, &context] { runBattle(*bt, context); });

    auto p = std::make_shared<PrintOptions>();
    CLI::App* printCommand = addCommand(*noun, "print", _("Numbered campaign sheets (PDF, SVG or PNG), N copies, tiled when larger than a page"));
    printCommand->add_option("FILE", p->file, _("Scenario file"))->required();
    printCommand->add_option("-o,--output", p->output, _("PDF, SVG or PNG to write"))->required();
    printCommand->add_option("--copies", p->copies, _("Copies (the rules suggest about twenty for two players)"))->check(inRange(1, 500));
    printCommand->add_option("--page", p->page, _("A4, letter, A3, A0 or WxHmm"));
    printCommand->add_option("--scale", p->scale, _("Print at 1:N (default: the grid fits one page)"))->check(inRange(1.0, 1.0e8));
    printCommand->add_option("--dpi", p->dpi, _("Resolution of the base-map underlay and of PNG pages"))->check(inRange(10.0, 1200.0));
    printCommand->add_option("--format", p->format, _("pdf, svg or png (default: the output's extension); SVG/PNG write one file per page, numbered when several"))
        ->check(oneOf({"pdf", "svg", "png"}));
    printCommand->add_flag("--underlay", p->underlay, _("Print the scenario's base map under the grid"));
    printCommand->add_flag("--player-aid", p->playerAid,
        _("Add a last page: the Campaign Lite player aid (movement per arm and road bonuses, forced march, searches, "
          "recon points, situation and reinforcement tables, victory conditions, each with its line of the rules; "
          "the objectives and their points)"));
    printCommand->callback([p, &context] { runPrint(*p, context); });
}

} // namespace sandtable::cli
