// SPDX-License-Identifier: GPL-3.0-or-later
// `sandtable reference add|list|remove`: reference layers (any GDAL raster or OGR vector, drawn reprojected
// with the map; never terrain).
#include "sandtable/cli/context.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/reference_operations.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/new_scenario.hpp"
#include "sandtable/geo/reference_layer.hpp"

#include <filesystem>
#include <memory>
#include <optional>

namespace sandtable::cli {
namespace reference_commands {
namespace {

struct AddOptions {
    std::string file;
    std::string layer;
    std::string name;
    double opacity = 1.0;
    bool over = false;
    std::optional<bool> hillshade;
};

struct ListOptions {
    std::string file;
};

struct RemoveOptions {
    std::string file;
    std::string name;
};

core::io::JsonValue layerJson(const core::ReferenceLayer& r, core::io::JsonOut& j)
{
    return j.object("name", r.name, "path", r.path, "kind", core::toString(r.kind), "crs", r.crs, "opacity", r.opacity, "over_scan",
        r.overScan, "hillshade", r.hillshade, "visible", r.visible);
}

void runAdd(const AddOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    geo::NewReferenceLayer made = geo::newReferenceLayer(options.layer, options.file, options.name);
    core::ReferenceLayer& layer = made.layer;
    const geo::ReferenceLayerInfo& info = made.info;
    layer.opacity = options.opacity;
    layer.overScan = options.over;
    layer.hillshade = options.hillshade.value_or(info.elevation);
    core::document::Document document(loaded.scenario, options.file);
    document.apply(core::document::operations::addReference(document.scenario(), layer));
    document.save();
    core::io::JsonOut j;
    if (context.json)
        context.printJson(j.object("file", options.file, "added", layerJson(layer, j)));
    else if (!context.quiet)
        context.err << core::i18n::format(layer.hillshade ? _("{1}: added reference layer '{2}' ({3}, {4}, {5}, drawn as hillshade)")
                                                          : _("{1}: added reference layer '{2}' ({3}, {4}, {5})"),
                           {options.file, layer.name, core::toString(layer.kind), info.driver,
                               layer.crs.rfind("EPSG:", 0) == 0 ? layer.crs : std::string(_("its own CRS"))})
                    << "\n";
}

void runList(const ListOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    const auto& references = loaded.scenario.references;
    if (context.json) {
        core::io::JsonOut j;
        core::io::JsonValue list = j.array();
        for (const auto& r : references)
            j.push(list, layerJson(r, j));
        context.printJson(list);
        return;
    }
    if (references.empty())
        context.out << core::i18n::format(_("{1}: no reference layers (add one with 'sandtable reference add FILE LAYER')"), {options.file})
                    << "\n";
    for (const auto& r : references)
        context.out << r.name << "\t" << core::toString(r.kind) << "\t" << r.path << "\t"
                    << core::i18n::format(_("opacity {1}"), {core::i18n::formatFigure(r.opacity, 2)}) << "\t"
                    << (r.overScan ? _("over the scan") : _("under the scan")) << (r.hillshade ? std::string("\t") + _("hillshade") : "")
                    << (r.visible ? "" : std::string("\t") + _("hidden")) << "\n";
}

void runRemove(const RemoveOptions& options, Context& context)
{
    const core::io::LoadedScenario loaded = core::io::loadScenario(options.file);
    core::document::Document document(loaded.scenario, options.file);
    document.apply(core::document::operations::removeReference(document.scenario(), options.name));
    document.save();
    core::io::JsonOut j;
    if (context.json)
        context.printJson(j.object("file", options.file, "removed", options.name));
    else if (!context.quiet)
        context.err << core::i18n::format(_("{1}: removed reference layer '{2}'"), {options.file, options.name}) << "\n";
}

} // namespace

} // namespace reference_commands

void registerReferenceCommands(CLI::App& app, Context& context)
{
    using namespace reference_commands; // the command group's options and runs (the file's own namespace: one unity batch holds several groups)
    CLI::App* noun = addCommand(app, "reference",
        _("Reference layers: rasters and vectors drawn with the map (reprojected), never terrain"));

    auto add = std::make_shared<AddOptions>();
    CLI::App* addCmd = addCommand(*noun, "add",
        _("Add a raster (topographic map, DEM) or vector (OpenStreetMap .osm.pbf, GeoPackage, shapefile) layer"));
    addCmd->add_option("FILE", add->file, _("Scenario file"))->required();
    addCmd->add_option("LAYER", add->layer, _("Any raster GDAL reads or vector OGR reads"))->required();
    addCmd->add_option("--name", add->name, _("Layer name (default: the file name)"));
    addCmd->add_option("--opacity", add->opacity, _("0 (invisible) to 1 (opaque)"))->check(inRange(0.0, 1.0));
    addCmd->add_flag("--over", add->over, _("Draw it over the scan (default: under it)"));
    addCmd->add_option("--hillshade", add->hillshade, _("Draw a DEM as hillshade (default: true for one band of heights)"));
    addCmd->callback([add, &context] { runAdd(*add, context); });

    auto list = std::make_shared<ListOptions>();
    CLI::App* listCmd = addCommand(*noun, "list", _("The reference layers, in drawing order"));
    listCmd->add_option("FILE", list->file, _("Scenario file"))->required();
    listCmd->callback([list, &context] { runList(*list, context); });

    auto remove = std::make_shared<RemoveOptions>();
    CLI::App* removeCmd = addCommand(*noun, "remove", _("Remove a reference layer by name"));
    removeCmd->add_option("FILE", remove->file, _("Scenario file"))->required();
    removeCmd->add_option("NAME", remove->name, _("Layer name (see reference list)"))->required();
    removeCmd->callback([remove, &context] { runRemove(*remove, context); });
}

} // namespace sandtable::cli
