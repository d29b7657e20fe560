// SPDX-License-Identifier: GPL-3.0-or-later
// installTerrainAndOobTools: the terrain drawing tools, vertex editor, class palette, OOB tree, block
// placing and reinforcement schedule, wired to the Workbench as commands, canvas tools and panes.
#include "tools_internal.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/logic/tools/placing.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <algorithm>
#include <exception>

namespace sandtable::editor::ui {

namespace tools {

void ToolsContext::setCurrentClass(const std::string& id)
{
    if (id == currentClass)
        return;
    currentClass = id;
    for (const auto& listener : classListeners)
        listener();
}

bool ToolsContext::apply(core::Edit edit, const std::string& title)
{
    core::Document* document = workbench.document();
    if (!document || edit.empty())
        return false;
    try {
        document->apply(std::move(edit));
    } catch (const std::exception& e) {
        workbench.showError(title, e.what());
        return false;
    }
    workbench.refreshCanvas();
    return true;
}

std::optional<core::FeatureId> ToolsContext::selectedFeature() const
{
    const auto ref = workbench.selected();
    const core::Document* document = workbench.document();
    if (!ref || ref->kind != ObjectRef::Kind::Feature || !document)
        return std::nullopt;
    core::FeatureId id(ref->id);
    if (!document->scenario().findFeature(id))
        return std::nullopt;
    return id;
}

std::optional<core::UnitId> ToolsContext::selectedUnit() const
{
    const auto ref = workbench.selected();
    const core::Document* document = workbench.document();
    if (!ref || ref->kind != ObjectRef::Kind::Unit || !document)
        return std::nullopt;
    core::UnitId id(ref->id);
    if (!document->scenario().findUnit(id))
        return std::nullopt;
    return id;
}

void placeUnitAt(ToolsContext& context, const core::UnitId& unit, core::Coordinate world)
{
    const core::Document* document = context.workbench.document();
    if (!document)
        return;
    const core::Unit* u = document->scenario().findUnit(unit);
    if (!u)
        return;
    core::Placement placement = u->placement.value_or(core::Placement{});
    placement.position = world;
    const std::string label = (u->placement ? "Move " : "Place ") + (u->name.empty() ? u->id.str() : u->name);
    if (context.apply(editor::tools::placeUnitEdit(document->scenario(), unit, placement, label), "Place block"))
        context.workbench.select(ObjectRef{ObjectRef::Kind::Unit, unit.str()}, false);
}

wxColour toWxColour(const Rgba& c) { return wxColour(c.r, c.g, c.b, c.a); }

wxColour swatchColour(const std::string& terrainClass)
{
    const TerrainStyle style = terrainStyle(terrainClass, nlohmann::ordered_json::object());
    Rgba c = style.fill.a > 0 ? style.fill : style.stroke;
    // Over white, so a faint fill still reads as its colour in a list.
    const double a = c.a / 255.0;
    auto over = [a](std::uint8_t v) { return static_cast<unsigned char>(std::lround(v * a + 255.0 * (1.0 - a))); };
    return wxColour(over(c.r), over(c.g), over(c.b));
}

} // namespace tools

void installTerrainAndOobTools(Workbench& workbench)
{
    using editor::tools::DrawKind;
    auto context = std::make_shared<tools::ToolsContext>(workbench);
    Workbench* wb = &workbench;

    auto hasDocument = [wb] { return wb->document() != nullptr; };
    auto featureSelected = [context] { return context->selectedFeature().has_value(); };
    auto placedUnitSelected = [context] {
        const auto unit = context->selectedUnit();
        return unit && context->workbench.document()->scenario().findUnit(*unit)->placement.has_value();
    };

    workbench.addCommand({"terrain.draw_polygon", wxTRANSLATE("Draw &Polygon"), "Ctrl+Shift+P", wxTRANSLATE("Draw an area feature of the current class")},
        [context] { context->workbench.setTool(tools::makeDrawTool(context, DrawKind::Polygon)); }, hasDocument);
    workbench.addCommand({"terrain.draw_line", wxTRANSLATE("Draw &Line"), "Ctrl+Shift+L", wxTRANSLATE("Draw a line feature (stream, road) of the current class")},
        [context] { context->workbench.setTool(tools::makeDrawTool(context, DrawKind::Line)); }, hasDocument);
    workbench.addCommand({"terrain.draw_point", wxTRANSLATE("Draw P&oint"), "", wxTRANSLATE("Place a point feature (bridge, ford) of the current class")},
        [context] { context->workbench.setTool(tools::makeDrawTool(context, DrawKind::Point)); }, hasDocument);
    workbench.addCommand({"terrain.draw_current", wxTRANSLATE("&Draw Current Class"), "", wxTRANSLATE("Draw a feature of the current class as its geometry")},
        [context] {
            const core::Document* document = context->workbench.document();
            context->workbench.setTool(tools::makeDrawTool(context,
                editor::tools::drawKindOf(document->scenario(), context->currentClass)));
        },
        hasDocument);
    workbench.addCommand({"terrain.edit_vertices", wxTRANSLATE("Edit &Vertices"), "Ctrl+Shift+E",
                             wxTRANSLATE("Drag vertices of the selected feature; drag an edge's middle to insert one; Del or right-click deletes")},
        [context] { context->workbench.setTool(tools::makeVertexTool(context)); }, hasDocument);
    workbench.addCommand({"terrain.set_class", wxTRANSLATE("Set &Class of Selection"), "", wxTRANSLATE("Give the selected feature the palette's current class")},
        [context] {
            const auto id = context->selectedFeature();
            if (!id)
                return;
            try {
                context->apply(editor::tools::setClassEdit(context->workbench.document()->scenario(), *id,
                                   context->currentClass),
                    "Set class");
            } catch (const std::exception& e) {
                context->workbench.showError(translated("Set class"), e.what());
            }
        },
        featureSelected);
    workbench.addCommand({"terrain.pick_class", wxTRANSLATE("Pic&k Class from Selection"), "Ctrl+Shift+K",
                             wxTRANSLATE("Make the selected feature's class the palette's current class")},
        [context] {
            const auto id = context->selectedFeature();
            if (!id)
                return;
            const std::string& cls = context->workbench.document()->scenario().findFeature(*id)->terrainClass;
            context->setCurrentClass(cls);
            context->workbench.setStatusText(wxString::Format(_("Current class: %s"), wxString::FromUTF8(cls)).utf8_string());
        },
        featureSelected);
    workbench.addCommand({"terrain.split", wxTRANSLATE("&Split Selection by Line"), "", wxTRANSLATE("Draw a line across the selected feature to split it")},
        [context] { context->workbench.setTool(tools::makeSplitTool(context)); }, featureSelected);
    workbench.addCommand({"terrain.merge", wxTRANSLATE("&Merge Selection With..."), "", wxTRANSLATE("Click a feature of the same class to merge it into the selected one")},
        [context] { context->workbench.setTool(tools::makeMergeTool(context)); }, featureSelected);
    workbench.addCommand({"setup.place", wxTRANSLATE("&Place Blocks"), "Ctrl+Shift+B",
                             wxTRANSLATE("Place the selected unit by clicking the map; drag blocks to move them, their handle to turn them (Shift: 15 degree steps)")},
        [context] { context->workbench.setTool(tools::makePlaceTool(context)); }, hasDocument);
    workbench.addCommand({"setup.toggle_column", wxTRANSLATE("Toggle &Line/Route Column"), "", wxTRANSLATE("Switch the selected block between line and route column")},
        [context] {
            const auto unit = context->selectedUnit();
            if (!unit)
                return;
            try {
                context->apply(editor::tools::toggleColumnEdit(context->workbench.document()->scenario(), *unit),
                    "Route column");
            } catch (const std::exception& e) {
                context->workbench.showError(translated("Route column"), e.what());
            }
        },
        placedUnitSelected);

    tools::addPalettePane(context);
    tools::addOobPane(context);
    tools::addReinforcementPane(context);
}

} // namespace sandtable::editor::ui
