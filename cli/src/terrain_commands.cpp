// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable terrain list|check|repair|majority`: the terrain features, their validity and topology,
// MakeValid repair as one undoable edit, and the majority rule for a block footprint.
#include "sandtable/cli/context.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/geometry/majority_rule.hpp"
#include "sandtable/core/geometry/terrain_check.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/importers/terrain_import.hpp"

#include <iomanip>
#include <optional>
#include <ostream>

namespace sandtable::cli {
namespace {

struct FileOptions {
    std::string file;
};

struct RepairOptions {
    std::string file;
    std::optional<double> gridSize;
};

struct ImportOptions {
    std::string file;
    std::string vector;
    std::string terrainClass;
    std::string classField;
    std::vector<std::string> mappings;
    std::string layer;
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

void runList(const FileOptions& options, Context& context)
{
    const core::LoadedScenario loaded = core::loadScenario(options.file);
    nlohmann::ordered_json features = nlohmann::ordered_json::array();
    for (const core::TerrainFeature& f : loaded.scenario.terrain) {
        const auto validity = core::geometry::checkValidity(f.geometry);
        nlohmann::ordered_json areaJson = nullptr;
        nlohmann::ordered_json lengthJson = nullptr;
        // A geometry GEOS cannot build (an unclosed ring) has no measures; it is listed as invalid.
        try {
            areaJson = core::geometry::area(f.geometry);
            lengthJson = core::geometry::length(f.geometry);
        } catch (const core::OperationError&) {
        }
        features.push_back({{"id", f.id.str()}, {"class", f.terrainClass}, {"name", f.name},
            {"geometry_type", core::toString(f.geometry.type)}, {"area_m2", areaJson}, {"length_m", lengthJson},
            {"vertices", f.geometry.vertexCount()}, {"valid", validity.valid}});
    }
    if (context.json) {
        context.printJson({{"file", options.file}, {"count", features.size()}, {"features", features}});
        return;
    }
    for (const auto& f : features) {
        context.out << f["id"].get<std::string>() << "\t" << f["class"].get<std::string>() << "\t"
                    << f["geometry_type"].get<std::string>() << "\t";
        if (f["area_m2"].is_number() && f["area_m2"].get<double>() > 0)
            context.out << std::fixed << std::setprecision(1) << f["area_m2"].get<double>() << " m2";
        else if (f["length_m"].is_number() && f["length_m"].get<double>() > 0)
            context.out << std::fixed << std::setprecision(1) << f["length_m"].get<double>() << " m";
        context.out << (f["valid"].get<bool>() ? "" : "\tINVALID") << "\n";
    }
    context.out << options.file << ": " << features.size() << " terrain feature(s)\n";
}

void report(const core::Diagnostics& diagnostics, const std::string& file, nlohmann::ordered_json extra, Context& context)
{
    const auto errors = core::countSeverity(diagnostics, core::Severity::Error);
    const auto warnings = core::countSeverity(diagnostics, core::Severity::Warning);
    if (context.json) {
        nlohmann::ordered_json document = {{"file", file}, {"errors", errors}, {"warnings", warnings}};
        for (auto& [key, value] : extra.items())
            document[key] = value;
        document["diagnostics"] = diagnosticsToJson(diagnostics);
        context.printJson(document);
    } else {
        context.printDiagnostics(diagnostics, file);
        context.out << file << ": " << errors << " error(s), " << warnings << " warning(s)\n";
    }
    if (errors > 0)
        context.exitCode = 1;
}

void runCheck(const FileOptions& options, Context& context)
{
    // Loading runs the rules validator, topology included; check keeps the terrain findings.
    const core::LoadedScenario loaded = core::loadScenario(options.file);
    core::Diagnostics terrain;
    for (const auto& d : loaded.diagnostics)
        if (d.code.rfind("terrain.", 0) == 0)
            terrain.push_back(d);
    report(terrain, options.file, nlohmann::ordered_json::object(), context);
}

void runRepair(const RepairOptions& options, Context& context)
{
    const core::LoadedScenario loaded = core::loadScenario(options.file);
    core::Document document(loaded.scenario, options.file);
    core::geometry::RepairOptions repair;
    repair.gridSize = options.gridSize;
    core::Diagnostics findings;
    core::Edit edit = core::operations::repairTerrain(document.scenario(), repair, findings);
    const std::size_t repaired = edit.changes.size();
    document.apply(std::move(edit));
    if (document.isModified())
        document.save();
    if (!context.json && !context.quiet)
        context.err << options.file << ": " << repaired << " feature(s) repaired" << (repaired ? ", saved" : "") << "\n";
    report(findings, options.file, {{"repaired", repaired}}, context);
}

void runImport(const ImportOptions& options, Context& context)
{
    importers::TerrainImportOptions import;
    import.fixedClass = options.terrainClass;
    import.classField = options.classField;
    import.layer = options.layer;
    for (const std::string& mapping : options.mappings) {
        const auto equals = mapping.find('=');
        if (equals == std::string::npos || equals == 0 || equals + 1 == mapping.size())
            throw core::OperationError("", "--map '" + mapping + "'", "expected VALUE=CLASS");
        import.valueMap[mapping.substr(0, equals)] = mapping.substr(equals + 1);
    }
    const core::LoadedScenario loaded = core::loadScenario(options.file);
    core::Document document(loaded.scenario, options.file);
    importers::TerrainImportResult result = importers::importTerrain(document.scenario(), options.vector, import);
    document.apply(std::move(result.edit));
    if (document.isModified())
        document.save();
    if (context.json) {
        context.printJson({{"file", options.file}, {"imported", result.imported}, {"skipped", result.skipped},
            {"crs", result.crs}, {"diagnostics", diagnosticsToJson(result.diagnostics)}});
    } else {
        context.printDiagnostics(result.diagnostics, options.vector);
        context.out << options.file << ": " << result.imported << " feature(s) imported, " << result.skipped
                    << " skipped (working CRS " << result.crs << ")\n";
    }
}

void runMajority(const MajorityOptions& options, Context& context)
{
    const core::LoadedScenario loaded = core::loadScenario(options.file);
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
        throw core::OperationError(options.file, "footprint", e.what());
    }
    const core::geometry::TerrainIndex index(loaded.scenario.terrain);
    const auto result = index.majority(footprint);
    if (context.json) {
        nlohmann::ordered_json fractions = nlohmann::ordered_json::object();
        for (const auto& [cls, fraction] : result.fractions)
            fractions[cls] = fraction;
        nlohmann::ordered_json corner = nlohmann::ordered_json::array();
        for (const auto& c : corners)
            corner.push_back({c.x, c.y});
        context.printJson({{"file", options.file}, {"fractions", fractions},
            {"majority", result.majority.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(result.majority)},
            {"majorities", result.majorities}, {"formation", options.formation}, {"area_m2", result.footprintArea},
            {"footprint", corner}});
        return;
    }
    for (const auto& [cls, fraction] : result.fractions)
        context.out << cls << "\t" << std::fixed << std::setprecision(4) << fraction << "\n";
    context.out << "majority: " << (result.majority.empty() ? "none" : result.majority) << "\n";
}

} // namespace

void registerTerrainCommands(CLI::App& app, Context& context)
{
    CLI::App* noun = addCommand(app, "terrain", "Terrain features: list, check, repair, majority rule");

    auto listOptions = std::make_shared<FileOptions>();
    CLI::App* list = addCommand(*noun, "list", "List the terrain features with their measures and validity");
    list->add_option("FILE", listOptions->file, "Scenario file")->required();
    list->callback([listOptions, &context] { runList(*listOptions, context); });

    auto checkOptions = std::make_shared<FileOptions>();
    CLI::App* check = addCommand(*noun, "check",
        "Check terrain validity (GEOS reason and location) and topology (domain.md); exit 1 on errors");
    check->add_option("FILE", checkOptions->file, "Scenario file")->required();
    check->callback([checkOptions, &context] { runCheck(*checkOptions, context); });

    auto repairOptions = std::make_shared<RepairOptions>();
    CLI::App* repair = addCommand(*noun, "repair",
        "Make invalid terrain valid (GEOS MakeValid, parts of the feature's dimension kept), saved atomically");
    repair->add_option("FILE", repairOptions->file, "Scenario file (rewritten in place)")->required();
    repair->add_option("--grid-size", repairOptions->gridSize, "Snap coordinates to a grid of this size, metres")
        ->check(CLI::PositiveNumber);
    repair->callback([repairOptions, &context] { runRepair(*repairOptions, context); });

    auto importOptions = std::make_shared<ImportOptions>();
    CLI::App* import = addCommand(*noun, "import",
        "Add the features of an OGR vector file (GeoJSON, Shapefile, GeoPackage, OSM, ...) as terrain, "
        "reprojected to the working CRS");
    import->add_option("FILE", importOptions->file, "Scenario file (rewritten in place)")->required();
    import->add_option("VECTOR", importOptions->vector, "Vector file")->required();
    CLI::Option* fixed = import->add_option("--class", importOptions->terrainClass, "One class for every feature");
    CLI::Option* from = import->add_option("--class-from", importOptions->classField, "Field holding the class");
    fixed->excludes(from);
    import->add_option("--map", importOptions->mappings, "VALUE=CLASS: class for a field value (repeatable)")->needs(from);
    import->add_option("--layer", importOptions->layer, "Import only this layer");
    import->callback([importOptions, &context] {
        if (importOptions->terrainClass.empty() && importOptions->classField.empty())
            throw CLI::RequiredError("--class or --class-from");
        runImport(*importOptions, context);
    });

    auto majorityOptions = std::make_shared<MajorityOptions>();
    CLI::App* majority = addCommand(*noun, "majority",
        "Majority rule for a block footprint: class fractions and the class covering strictly more than half");
    majority->add_option("FILE", majorityOptions->file, "Scenario file")->required();
    majority->add_option("--x", majorityOptions->x, "Centre easting, working-CRS metres")->required();
    majority->add_option("--y", majorityOptions->y, "Centre northing, working-CRS metres")->required();
    majority->add_option("--length", majorityOptions->length, "Block length, metres (frontage in line)")
        ->required()
        ->check(CLI::PositiveNumber);
    majority->add_option("--depth", majorityOptions->depth, "Block depth, metres")->required()->check(CLI::PositiveNumber);
    majority->add_option("--facing", majorityOptions->facing, "Facing, degrees clockwise from grid north")->required();
    majority->add_option("--formation", majorityOptions->formation, "line (default) or column")
        ->check(CLI::IsMember({"line", "column"}));
    majority->callback([majorityOptions, &context] { runMajority(*majorityOptions, context); });
}

} // namespace sandtable::cli
