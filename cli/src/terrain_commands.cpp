// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable terrain list|check|repair|places|majority`: the terrain features, their validity and topology,
// MakeValid repair as one undoable edit, terrain made of the scan's named places, and the majority rule for
// a block footprint.
#include "sandtable/cli/context.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "import_settings.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/geometry/terrain_check.hpp"
#include "sandtable/core/geometry/terrain_cleanup.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/number_list.hpp"
#include "sandtable/core/io/importer.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/importers/dem_hills.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/importers/importer_registry.hpp"
#include "sandtable/importers/scan_trace.hpp"
#include "sandtable/importers/tag_rules.hpp"
#include "sandtable/importers/terrain_import.hpp"

#include <cmath>
#include <filesystem>
#include <cstdio>
#include <optional>
#include <ostream>
#include <sstream>
#include <string_view>
#include <stdexcept>

namespace sandtable::cli {
namespace terrain_commands {
namespace {

/// A working-CRS coordinate in whole metres, as the options --x, --y and --seed take it back ("C" form:
/// a person copies it into a command line).
std::string coordinateText(double metres)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", metres);
    return text;
}

struct FileOptions {
    std::string file;
};

struct PlacesOptions {
    std::string file;
    std::string place;
    std::string terrainClass;
};

struct RepairOptions {
    std::string file;
    std::optional<double> gridSize;
};

struct ImportOptions {
    std::string file;
    std::string vector;
    ImportSettings settings; // the options the terrain importers declare (vector, dem)
};

struct MajorityOptions {
    std::string file;
    double x = 0.0;
    double y = 0.0;
    double length = 0.0;
    double depth = 0.0;
    double facing = 0.0;
    std::string formation = "line";
};

struct HillsOptions {
    std::string file;
    std::string dem;
    std::string levels;
    double simplify = 0.0;
    double minArea = 0.0;
    double resolution = 0.0;
};

struct TraceOptions {
    std::string file;
    std::string colour;
    double tolerance = 0.0;
    std::string terrainClass;
    std::string seed;
    double simplify = 0.0;
    double minArea = 0.0;
    double holeArea = 0.0;
    double resolution = 0.0;
};

struct SnapOptions {
    std::string file;
    double tolerance = 0.0;
};

struct ResolveOptions {
    std::string file;
    std::vector<std::string> rules;
};

// "a,b,c" -> numbers; throws OperationError naming the option on anything else.
std::vector<double> parseNumbers(const std::string& text, const std::string& option)
{
    std::optional<std::vector<double>> numbers = core::util::parseNumberList(text);
    if (!numbers)
        throw core::util::OperationError("", option + " '" + text + "'", _("expected comma-separated numbers"));
    return std::move(*numbers);
}

/// A terrain feature's measures for `terrain list`; none for a geometry GEOS cannot build (an unclosed ring),
/// which is listed as invalid.
struct FeatureMeasures {
    std::optional<double> area;
    std::optional<double> length;
    std::optional<core::geometry::Placement> where;
};

FeatureMeasures measure(const core::TerrainFeature& f)
{
    FeatureMeasures m;
    try {
        m.area = core::geometry::area(f.geometry);
        m.length = core::geometry::length(f.geometry);
        m.where = core::geometry::placement(f.geometry);
    } catch (const core::util::OperationError&) {
    }
    return m;
}

void runList(const FileOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    const std::vector<core::TerrainFeature>& terrain = loaded.scenario.terrain;
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue features = j.array();
        for (const core::TerrainFeature& f : terrain) {
            const FeatureMeasures m = measure(f);
            core::io::JsonValue centroid, bounds;
            if (m.where) {
                centroid = j.array(m.where->centroid.x, m.where->centroid.y);
                bounds = j.array(m.where->minX, m.where->minY, m.where->maxX, m.where->maxY);
            }
            j.push(features, j.object("id", f.id.str(), "class", f.terrainClass, "name", f.name, "geometry_type", core::toString(f.geometry.type),
                                 "area_m2", m.area, "length_m", m.length, "centroid", std::move(centroid), "bounds", std::move(bounds), "vertices",
                                 f.geometry.vertexCount(), "valid", core::geometry::checkValidity(f.geometry).valid));
        }
        context.printJson(j.object("file", options.file, "count", terrain.size(), "features", std::move(features)));
        return;
    }
    // Tab-separated for a person (--json is the machine form): id and class as written in the document, the
    // size in the person's number conventions, the place in whole metres as `terrain majority --x --y` takes them.
    for (const core::TerrainFeature& f : terrain) {
        const FeatureMeasures m = measure(f);
        context.out << f.id.str() << "\t" << f.terrainClass << "\t" << core::toString(f.geometry.type) << "\t";
        if (m.area && *m.area > 0)
            context.out << core::i18n::format(_("{1} m2"), {core::i18n::formatNumber(*m.area, 1)});
        else if (m.length && *m.length > 0)
            context.out << core::i18n::format(_("{1} m"), {core::i18n::formatNumber(*m.length, 1)});
        // Where it is, so that `terrain majority --x --y` can be tried on it: centroid, then bounds.
        if (m.where)
            context.out << "\t" << core::i18n::format(_("at {1},{2}"), {coordinateText(m.where->centroid.x), coordinateText(m.where->centroid.y)})
                        << "\t"
                        << core::i18n::format(_("bounds {1},{2} to {3},{4}"),
                               {coordinateText(m.where->minX), coordinateText(m.where->minY), coordinateText(m.where->maxX),
                                   coordinateText(m.where->maxY)});
        if (!core::geometry::checkValidity(f.geometry).valid)
            context.out << "\t" << _("INVALID");
        context.out << "\n";
    }
    context.out << core::i18n::format(P_("{1}: {2} terrain feature", "{1}: {2} terrain features", terrain.size()),
                       {options.file, std::to_string(terrain.size())})
                << "\n";
}

/// The findings of a terrain command; with --json after the file and the counts, `countName` (null: none)
/// with `count`.
void report(const core::validation::Diagnostics& diagnostics, const std::string& file, const char* countName, std::size_t count, Context& context)
{
    const auto errors = core::validation::countSeverity(diagnostics, core::validation::Severity::Error);
    const auto warnings = core::validation::countSeverity(diagnostics, core::validation::Severity::Warning);
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue document = j.object("file", file, "errors", errors, "warnings", warnings);
        if (countName)
            j.set(document, countName, count);
        j.set(document, "diagnostics", diagnosticsToJson(diagnostics, j));
        context.printJson(document);
    } else {
        context.printDiagnostics(diagnostics, file);
        context.out << file << ": " << errorsAndWarnings(errors, warnings) << "\n";
    }
    if (errors > 0)
        context.exitCode = 1;
}

void runCheck(const FileOptions& options, Context& context)
{
    // Loading runs the rules validator, topology included; check keeps the terrain findings.
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::validation::Diagnostics terrain;
    for (const auto& d : loaded.diagnostics)
        if (d.code.rfind("terrain.", 0) == 0)
            terrain.push_back(d);
    // Slivers and overlaps of exclusive classes (docs/model.md: reported with id and area, never dropped).
    for (auto& d : core::geometry::findSlivers(loaded.scenario))
        terrain.push_back(std::move(d));
    for (auto& d : core::geometry::findExclusiveOverlaps(loaded.scenario))
        terrain.push_back(std::move(d));
    report(terrain, options.file, nullptr, 0, context);
}

void runRepair(const RepairOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::document::Document document(loaded.scenario, options.file);
    core::geometry::RepairOptions repair;
    repair.gridSize = options.gridSize;
    core::validation::Diagnostics findings;
    core::document::Edit edit = core::document::operations::repairTerrain(document.scenario(), repair, findings);
    const std::size_t repaired = edit.changes.size();
    document.apply(std::move(edit));
    if (document.isModified())
        document.save();
    if (!context.json && !context.quiet)
        context.err << core::i18n::format(repaired ? P_("{1}: {2} feature repaired, saved", "{1}: {2} features repaired, saved", repaired)
                                                   : _("{1}: no feature repaired"),
                           {options.file, std::to_string(repaired)})
                    << "\n";
    report(findings, options.file, "repaired", repaired, context);
}

void runHills(const HillsOptions& options, Context& context)
{
    importers::DemHillsOptions hills;
    hills.levels = parseNumbers(options.levels, "--levels");
    hills.simplify = options.simplify;
    hills.minArea = options.minArea;
    hills.resolution = options.resolution;
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::document::Document document(loaded.scenario, options.file);
    importers::DemHillsResult result;
    try {
        result = importers::hillsFromDem(document.scenario(), options.dem, hills, context.progress());
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError(options.file, "--levels", e.what());
    }
    document.apply(std::move(result.edit));
    if (document.isModified())
        document.save();
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue list = j.array();
        for (const auto& h : result.hills)
            j.push(list, j.object("id", h.id, "level", h.level, "contour_m", h.contour, "summit_m", h.summit, "summit",
                             j.array(h.summitAt.x, h.summitAt.y), "area_m2", h.area, "ridgeline_vertices", h.ridgelineVertices));
        context.printJson(j.object("file", options.file, "crs", result.crs, "added", result.hills.size(), "hills", std::move(list), "dropped",
            result.dropped, "dropped_area_m2", result.droppedArea, "diagnostics", diagnosticsToJson(result.diagnostics, j)));
        return;
    }
    context.printDiagnostics(result.diagnostics, options.dem);
    for (const auto& h : result.hills)
        context.out << h.id << "\t" << core::i18n::format(_("level {1}"), {std::to_string(h.level)}) << "\t"
                    << core::i18n::format(_("{1} m2"), {core::i18n::formatNumber(h.area, 0)}) << "\t"
                    << core::i18n::format(_("summit {1} m at {2} {3}"),
                           {core::i18n::formatNumber(h.summit, 1), coordinateText(h.summitAt.x), coordinateText(h.summitAt.y)})
                    << "\n";
    context.out << core::i18n::format(P_("{1}: {2} hill added, {3} below --min-area dropped (working CRS {4})",
                                          "{1}: {2} hills added, {3} below --min-area dropped (working CRS {4})", result.hills.size()),
                       {options.file, std::to_string(result.hills.size()), std::to_string(result.dropped), result.crs})
                << "\n";
}

void runTrace(const TraceOptions& options, Context& context)
{
    importers::TraceOptions trace;
    const std::vector<double> rgb = parseNumbers(options.colour, "--colour");
    if (rgb.size() != 3)
        throw core::util::OperationError("", "--colour '" + options.colour + "'", _("expected R,G,B"));
    for (std::size_t i = 0; i < 3; ++i) {
        if (rgb[i] < 0 || rgb[i] > 255 || rgb[i] != std::floor(rgb[i]))
            throw core::util::OperationError("", "--colour '" + options.colour + "'", _("components are integers 0-255"));
        trace.colour[i] = static_cast<int>(rgb[i]);
    }
    if (!options.seed.empty()) {
        const std::vector<double> xy = parseNumbers(options.seed, "--seed");
        if (xy.size() != 2)
            throw core::util::OperationError("", "--seed '" + options.seed + "'", _("expected X,Y in working-CRS metres"));
        trace.seed = core::Coordinate{xy[0], xy[1]};
    }
    trace.tolerance = options.tolerance;
    trace.terrainClass = options.terrainClass;
    trace.simplify = options.simplify;
    trace.minArea = options.minArea;
    trace.holeArea = options.holeArea;
    trace.resolution = options.resolution;
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::document::Document document(loaded.scenario, options.file);
    importers::TraceResult result;
    try {
        result = importers::traceScan(document.scenario(), std::filesystem::absolute(options.file).parent_path(), trace,
            context.progress());
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError(options.file, "trace", e.what());
    }
    document.apply(std::move(result.edit));
    if (document.isModified())
        document.save();
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue list = j.array();
        for (std::size_t i = 0; i < result.ids.size(); ++i)
            j.push(list, j.object("id", result.ids[i], "area_m2", result.areas[i]));
        context.printJson(j.object("file", options.file, "added", result.ids.size(), "features", std::move(list), "matched_pixels",
            result.traced.matchedPixels, "dropped", result.traced.droppedPolygons, "dropped_area_m2", result.traced.droppedArea, "holes_filled",
            result.traced.droppedHoles, "diagnostics", diagnosticsToJson(result.diagnostics, j)));
        return;
    }
    context.printDiagnostics(result.diagnostics, options.file);
    for (std::size_t i = 0; i < result.ids.size(); ++i)
        context.out << result.ids[i] << "\t" << core::i18n::format(_("{1} m2"), {core::i18n::formatNumber(result.areas[i], 0)}) << "\n";
    context.out << core::i18n::format(P_("{1}: {2} {3} feature traced from {4} matching pixels; {5} below --min-area and "
                                         "{6} holes below --hole-area dropped",
                                         "{1}: {2} {3} features traced from {4} matching pixels; {5} below --min-area and "
                                         "{6} holes below --hole-area dropped",
                                         result.ids.size()),
                       {options.file, std::to_string(result.ids.size()), options.terrainClass,
                           std::to_string(result.traced.matchedPixels), std::to_string(result.traced.droppedPolygons),
                           std::to_string(result.traced.droppedHoles)})
                << "\n";
}

void runSnap(const SnapOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::document::Document document(loaded.scenario, options.file);
    core::geometry::TerrainSnap snap;
    try {
        snap = core::geometry::snapTerrain(document.scenario(), options.tolerance);
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError(options.file, "--tolerance", e.what());
    }
    document.apply(core::document::operations::replaceGeometries(document.scenario(), snap.replacements, "Snap terrain"));
    if (document.isModified())
        document.save();
    report(snap.diagnostics, options.file, "snapped", snap.replacements.size(), context);
}

void runResolve(const ResolveOptions& options, Context& context)
{
    std::vector<core::geometry::ExclusionRule> rules = core::geometry::defaultExclusionRules();
    for (const std::string& rule : options.rules) {
        const auto colon = rule.find(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == rule.size())
            throw core::util::OperationError("", "--exclude '" + rule + "'", _("expected WINNER:LOSER"));
        rules.push_back({rule.substr(0, colon), rule.substr(colon + 1), "--exclude " + rule});
    }
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::document::Document document(loaded.scenario, options.file);
    core::geometry::OverlapResolution resolution = core::geometry::resolveOverlaps(document.scenario(), rules);
    document.apply(core::document::operations::replaceGeometries(document.scenario(), resolution.replacements, "Resolve overlaps"));
    if (document.isModified())
        document.save();
    report(resolution.diagnostics, options.file, "resolved", resolution.replacements.size(), context);
}

void runImport(const ImportOptions& options, Context& context)
{
    // The importer is chosen by the file's content (a vector file, or a DEM contoured into hills).
    core::io::ImportRequest request = options.settings.request(options.vector, context.progress());
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    const core::io::Importer& importer
        = importers::standardImporters().choose(core::io::ImportTarget::Terrain, core::io::FileProbe::of(options.vector));
    core::document::Document document(loaded.scenario, options.file);
    core::io::ImportResult result = importer.run(document.scenario(), request);
    if (result.imported == 0) {
        // A command that did not do what was asked is not a success: say why, change nothing.
        std::string why;
        for (const core::validation::Diagnostic& d : result.findings)
            if (why.size() < 600)
                why += (why.empty() ? "" : "; ") + d.message;
        throw core::util::OperationError(options.vector, "",
            why.empty() ? std::string(_("no feature imported (the scenario is unchanged)"))
                        : core::i18n::format(_("no feature imported: {1} (the scenario is unchanged)"), {why}));
    }
    document.apply(std::move(result.edit));
    if (document.isModified())
        document.save();
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue counts = j.object();
        for (const auto& [what, count] : result.counts)
            j.set(counts, what, count);
        context.printJson(j.object("file", options.file, "importer", importer.name(), "imported", result.imported, "skipped", result.skipped,
            importer.name() == "dem" ? "levels" : "classes", std::move(counts), "crs", result.details["crs"], "diagnostics",
            diagnosticsToJson(result.findings, j)));
    } else {
        context.printDiagnostics(result.findings, options.vector);
        context.out << options.file << ": " << result.summary << "\n";
    }
}

/// `terrain places`: lists the named places read off the scan; with --place and --class, makes terrain of
/// every place of that name through the scan's georeference (one undo step), saved in place.
void runPlaces(const PlacesOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    const std::vector<core::ScanPlace> none;
    const std::vector<core::ScanPlace>& places = loaded.scenario.map ? loaded.scenario.map->places : none;
    if (options.place.empty() != options.terrainClass.empty())
        throw core::util::OperationError(options.file, options.place.empty() ? "--place" : "--class",
            _("--place and --class go together: name the place and the terrain class it becomes"));
    if (options.place.empty()) {
        core::io::JsonOut j;
        core::io::JsonValue list = j.array();
        for (const core::ScanPlace& p : places) {
            double x = 0, y = 0;
            for (const core::Coordinate& c : p.pixels) {
                x += c.x / static_cast<double>(p.pixels.size());
                y += c.y / static_cast<double>(p.pixels.size());
            }
            j.push(list, j.object("name", p.name, "kind", p.isArea() ? "area" : "point", "positions", p.pixels.size(), "centre_px", j.array(x, y),
                             "note", p.note));
            if (!context.json)
                context.out << core::i18n::format(p.isArea() ? _("{1}: area of {2} positions around pixel ({3}, {4})")
                                                              : _("{1}: point at pixel ({3}, {4})"),
                                   {p.name, std::to_string(p.pixels.size()), core::i18n::formatFigure(x, 0),
                                       core::i18n::formatFigure(y, 0)})
                            << (p.note.empty() ? "" : " - " + p.note) << "\n";
        }
        if (context.json)
            context.printJson(j.object("file", options.file, "count", places.size(), "places", std::move(list)));
        else
            context.out << core::i18n::format(P_("{1}: {2} place on the scan", "{1}: {2} places on the scan", places.size()),
                               {options.file, std::to_string(places.size())})
                        << "\n";
        return;
    }
    core::document::Document document(loaded.scenario, options.file);
    std::vector<core::FeatureId> made;
    document.apply(core::util::inFile(options.file, [&] {
        const core::document::operations::ScanToWorking toWorking = geo::scanToWorking(document.scenario(), options.file);
        return core::document::operations::placesToTerrain(document.scenario(), options.place, options.terrainClass, toWorking, &made);
    }));
    document.save();
    std::vector<std::string> ids;
    for (const core::FeatureId& id : made)
        ids.push_back(id.str());
    if (context.json) {
        context.printJson(core::io::JsonOut().object("file", options.file, "made", ids, "class", options.terrainClass));
        return;
    }
    std::string list;
    for (const core::FeatureId& id : made)
        list += (list.empty() ? "" : ", ") + id.str();
    context.out << core::i18n::format(P_("{1}: {2} feature of class {3} made of place '{4}' ({5}), saved",
                                          "{1}: {2} features of class {3} made of place '{4}' ({5}), saved", made.size()),
                       {options.file, std::to_string(made.size()), options.terrainClass, options.place, list})
                << "\n";
}

void runMajority(const MajorityOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::geometry::BlockFootprint footprint;
    footprint.centre = {options.x, options.y};
    footprint.length = options.length;
    footprint.depth = options.depth;
    footprint.facing = options.facing;
    footprint.formation = core::geometry::blockFormationFromString(options.formation);
    std::array<core::Coordinate, 4> corners;
    try {
        corners = core::geometry::footprintCorners(footprint);
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError(options.file, _("footprint"), e.what());
    }
    const core::geometry::TerrainIndex index(loaded.scenario.terrain);
    const auto result = index.majority(footprint);
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue fractions = j.object();
        for (const auto& [cls, fraction] : result.fractions)
            j.set(fractions, cls, fraction);
        core::io::JsonValue corner = j.array();
        for (const auto& c : corners)
            j.push(corner, j.array(c.x, c.y));
        context.printJson(j.object("file", options.file, "fractions", std::move(fractions), "majority",
            result.majority.empty() ? j.value(nullptr) : j.value(result.majority), "majorities", result.majorities, "formation", options.formation,
            "area_m2", result.footprintArea, "footprint", std::move(corner)));
        return;
    }
    for (const auto& [cls, fraction] : result.fractions)
        context.out << cls << "\t" << core::i18n::formatNumber(fraction, 4) << "\n";
    context.out << core::i18n::format(_("majority: {1}"), {result.majority.empty() ? std::string(_("none")) : result.majority}) << "\n";
}

} // namespace

struct ClassesOptions {
    std::string file;
};

/// `terrain classes [FILE]`: the canonical classes (every game system), with the geometry each is drawn as
/// and its rules' effects, then the scenario's own classes when FILE is given.
void runClasses(const ClassesOptions& o, Context& context)
{
    core::Scenario scenario;
    if (!o.file.empty())
        scenario = core::io::loadScenario(o.file).scenario;
    const auto geometryWord = [](int dimension, bool alsoPolygon) -> std::string {
        return dimension == 0 ? _("point") : dimension == 1 ? (alsoPolygon ? _("line or polygon") : _("line")) : _("polygon");
    };
    core::io::JsonOut j;
    core::io::JsonValue list = j.array();
    for (const core::rules::TerrainClassInfo& c : core::rules::canonicalTerrainClasses()) {
        if (context.json) {
            j.push(list, j.object("id", c.id, "geometry", c.dimension == 0 ? "point" : c.dimension == 1 ? "line" : "polygon", "also_polygon",
                             c.alsoPolygon, "movement", c.movement, "combat", c.combat, "source", c.source, "custom", false));
            continue;
        }
        context.out << std::string(c.id) << "  (" << geometryWord(c.dimension, c.alsoPolygon) << "): "
                    << core::i18n::format(_("movement {1}; combat {2} [{3}]"), {std::string(c.movement), std::string(c.combat), std::string(c.source)})
                    << "\n";
    }
    for (const core::CustomTerrainClass& c : scenario.customTerrainClasses) {
        if (context.json) {
            j.push(list, j.object("id", c.id, "geometry", c.geometry, "custom", true));
            continue;
        }
        context.out << c.id << "  (" << c.geometry << "): " << _("the scenario's own class") << "\n";
    }
    if (context.json)
        context.printJson(j.object("classes", std::move(list)));
}

} // namespace terrain_commands

void registerTerrainCommands(CLI::App& app, Context& context)
{
    using namespace terrain_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "terrain", _("Terrain features: list, check, repair, majority rule"));

    auto classesOptions = std::make_shared<ClassesOptions>();
    CLI::App* classes = addCommand(*noun, "classes",
        _("List the terrain classes: the canonical ones with their geometry and rules, and the scenario's own"));
    classes->add_option("FILE", classesOptions->file, _("Scenario file (its own classes are listed too)"));
    classes->callback([classesOptions, &context] { runClasses(*classesOptions, context); });

    auto listOptions = std::make_shared<FileOptions>();
    CLI::App* list = addCommand(*noun, "list", _("List the terrain features with their measures and validity"));
    list->add_option("FILE", listOptions->file, _("Scenario file"))->required();
    list->callback([listOptions, &context] { runList(*listOptions, context); });

    auto checkOptions = std::make_shared<FileOptions>();
    CLI::App* check = addCommand(*noun, "check",
        _("Check terrain validity (GEOS reason and location) and topology (docs/model.md); exit 1 on errors"));
    check->add_option("FILE", checkOptions->file, _("Scenario file"))->required();
    check->callback([checkOptions, &context] { runCheck(*checkOptions, context); });

    auto repairOptions = std::make_shared<RepairOptions>();
    CLI::App* repair = addCommand(*noun, "repair",
        _("Make invalid terrain valid (GEOS MakeValid, parts of the feature's dimension kept), saved atomically"));
    repair->add_option("FILE", repairOptions->file, _("Scenario file (rewritten in place)"))->required();
    repair->add_option("--grid-size", repairOptions->gridSize, _("Snap coordinates to a grid of this size, metres"))
        ->check(positive());
    repair->callback([repairOptions, &context] { runRepair(*repairOptions, context); });

    auto importOptions = std::make_shared<ImportOptions>();
    CLI::App* import = addCommand(*noun, "import",
        _("Add the features of an OGR vector file (GeoJSON, Shapefile, GeoPackage, OSM, ...) as terrain, "
        "reprojected to the working CRS; a DEM (chosen by its content) is contoured at --levels into hills"));
    import->add_option("FILE", importOptions->file, _("Scenario file (rewritten in place)"))->required();
    import->add_option("VECTOR", importOptions->vector, _("Vector file or DEM"))->required();
    importOptions->settings.declare(*import, core::io::ImportTarget::Terrain);
    import->callback([importOptions, &context] {
        importOptions->settings.requireSomeImporterSatisfied();
        runImport(*importOptions, context);
    });

    auto hillsOptions = std::make_shared<HillsOptions>();
    CLI::App* hills = addCommand(*noun, "hills",
        _("Hills from a DEM (Terrarium tile folder or elevation raster): contoured at --levels into hill features "
        "of level 1, 2, ... with ridgelines, one undo step"));
    hills->add_option("FILE", hillsOptions->file, _("Scenario file (rewritten in place)"))->required();
    hills->add_option("--dem", hillsOptions->dem, _("Folder of Terrarium tiles t_Z_X_Y.png, or an elevation raster"))->required();
    // The DEM importer's own settings (`terrain import FILE DEM` takes the same keys), declared once there:
    // here they are typed and checked as numbers before the DEM is read.
    const auto demHelp = [](std::string_view key) {
        if (const core::io::Importer* dem = importers::standardImporters().find("dem"))
            for (const core::io::ImportOption& option : dem->options())
                if (option.key == key)
                    return std::string(_(option.help.c_str()));
        throw std::logic_error("the DEM importer declares no setting '" + std::string(key) + "'");
    };
    hills->add_option("--levels", hillsOptions->levels, demHelp("levels"))->required();
    hills->add_option("--simplify", hillsOptions->simplify, demHelp("simplify"))->check(nonNegative());
    hills->add_option("--min-area", hillsOptions->minArea, demHelp("min-area"))->check(nonNegative());
    hills->add_option("--resolution", hillsOptions->resolution, demHelp("resolution"))->check(nonNegative());
    hills->callback([hillsOptions, &context] { runHills(*hillsOptions, context); });

    auto traceOptions = std::make_shared<TraceOptions>();
    CLI::App* trace = addCommand(*noun, "trace",
        _("Trace a colour of the georeferenced scan (magic wand) into terrain features of a class, one undo step"));
    trace->add_option("FILE", traceOptions->file, _("Scenario file (rewritten in place)"))->required();
    trace->add_option("--colour", traceOptions->colour, _("Target colour R,G,B (0-255)"))->required();
    trace->add_option("--tolerance", traceOptions->tolerance, _("Largest RGB distance from the colour that matches"))
        ->required()
        ->check(nonNegative());
    trace->add_option("--class", traceOptions->terrainClass, _("Polygonal terrain class of the features"))->required();
    trace->add_option("--seed", traceOptions->seed, _("X,Y (working-CRS metres): only the area connected to this point"));
    trace->add_option("--simplify", traceOptions->simplify, _("Simplification tolerance, metres"))->check(nonNegative());
    trace->add_option("--min-area", traceOptions->minArea, _("Drop polygons smaller than this, square metres"))
        ->check(nonNegative());
    trace->add_option("--hole-area", traceOptions->holeArea, _("Fill holes smaller than this, square metres"))
        ->check(nonNegative());
    trace->add_option("--resolution", traceOptions->resolution, _("Metres per traced pixel (default: the scan's own)"))
        ->check(nonNegative());
    trace->callback([traceOptions, &context] { runTrace(*traceOptions, context); });

    auto snapOptions = std::make_shared<SnapOptions>();
    CLI::App* snap = addCommand(*noun, "snap",
        _("Snap each feature to the features before it within a tolerance in metres (closes gaps and overlaps along borders)"));
    snap->add_option("FILE", snapOptions->file, _("Scenario file (rewritten in place)"))->required();
    snap->add_option("--tolerance", snapOptions->tolerance, _("Snapping distance, metres"))->required()->check(positive());
    snap->callback([snapOptions, &context] { runSnap(*snapOptions, context); });

    auto resolveOptions = std::make_shared<ResolveOptions>();
    CLI::App* resolve = addCommand(*noun, "resolve-overlaps",
        _("Give overlapping ground to the winning class where classes exclude each other (docs/model.md: river over village)"));
    resolve->add_option("FILE", resolveOptions->file, _("Scenario file (rewritten in place)"))->required();
    resolve->add_option("--exclude", resolveOptions->rules, _("WINNER:LOSER, an extra exclusion rule (repeatable)"));
    resolve->callback([resolveOptions, &context] { runResolve(*resolveOptions, context); });

    auto placesOptions = std::make_shared<PlacesOptions>();
    CLI::App* places = addCommand(*noun, "places",
        _("List the named places read off the scan (VASSAL zones and regions); with --place and --class, make "
          "terrain of them through the scan's georeference, one undo step"));
    places->add_option("FILE", placesOptions->file, _("Scenario file (rewritten in place with --place)"))->required();
    places->add_option("--place", placesOptions->place, _("The place's name: every place of that name becomes terrain"));
    places->add_option("--class", placesOptions->terrainClass,
        _("Terrain class it becomes: a polygon class (or river) for an area, bridge or ford for a point"));
    places->callback([placesOptions, &context] { runPlaces(*placesOptions, context); });

    auto majorityOptions = std::make_shared<MajorityOptions>();
    CLI::App* majority = addCommand(*noun, "majority",
        _("Majority rule for a block footprint: class fractions and the class covering strictly more than half"));
    majority->add_option("FILE", majorityOptions->file, _("Scenario file"))->required();
    majority->add_option("--x", majorityOptions->x, _("Centre easting, working-CRS metres"))->required();
    majority->add_option("--y", majorityOptions->y, _("Centre northing, working-CRS metres"))->required();
    majority->add_option("--length", majorityOptions->length, _("Block length, metres (frontage in line)"))
        ->required()
        ->check(positive());
    majority->add_option("--depth", majorityOptions->depth, _("Block depth, metres"))->required()->check(positive());
    majority->add_option("--facing", majorityOptions->facing, _("Facing, degrees clockwise from grid north"))->required();
    majority->add_option("--formation", majorityOptions->formation, _("line (default) or column"))
        ->check(oneOf({"line", "column"}));
    majority->callback([majorityOptions, &context] { runMajority(*majorityOptions, context); });
}

} // namespace sandtable::cli
