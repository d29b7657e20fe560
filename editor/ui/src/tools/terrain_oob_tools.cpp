// SPDX-License-Identifier: GPL-3.0-or-later
// installTerrainAndOobTools: the terrain drawing tools, vertex editor, class palette, OOB tree, block
// placing and reinforcement schedule, wired to the Workbench as commands, canvas tools and panes.
#include "tools_internal.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/logic/tools/placing.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <wx/choicdlg.h>

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

std::string geometryWord(editor::tools::DrawKind kind)
{
    switch (kind) {
    case editor::tools::DrawKind::Point: return wxGETTEXT_IN_CONTEXT("geometry", "point").utf8_string();
    case editor::tools::DrawKind::Line: return wxGETTEXT_IN_CONTEXT("geometry", "line").utf8_string();
    case editor::tools::DrawKind::Polygon: break;
    }
    return wxGETTEXT_IN_CONTEXT("geometry", "polygon").utf8_string();
}

bool ToolsContext::apply(core::document::Edit edit, const std::string& title)
{
    core::document::Document* document = workbench.document();
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
    const core::document::Document* document = workbench.document();
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
    const core::document::Document* document = workbench.document();
    if (!ref || ref->kind != ObjectRef::Kind::Unit || !document)
        return std::nullopt;
    core::UnitId id(ref->id);
    if (!document->scenario().findUnit(id))
        return std::nullopt;
    return id;
}

void placeUnitAt(ToolsContext& context, const core::UnitId& unit, core::Coordinate world)
{
    const core::document::Document* document = context.workbench.document();
    if (!document)
        return;
    const core::Unit* u = document->scenario().findUnit(unit);
    if (!u)
        return;
    core::Placement placement = u->placement.value_or(core::Placement{});
    placement.position = world;
    const std::string label = core::i18n::format(u->placement ? translated("Move {1}") : translated("Place {1}"), {u->name.empty() ? u->id.str() : u->name});
    if (context.apply(editor::tools::placeUnitEdit(document->scenario(), unit, placement, label), translated("Place block")))
        context.workbench.select(ObjectRef{ObjectRef::Kind::Unit, unit.str()}, false);
}

wxColour toWxColour(const Rgba& c) { return wxColour(c.r, c.g, c.b, c.a); }

wxColour swatchColour(const std::string& terrainClass)
{
    const TerrainStyle style = terrainStyle(terrainClass, core::Attributes());
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
            const core::document::Document* document = context->workbench.document();
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
                    translated("Set class"));
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
                    translated("Route column"));
            } catch (const std::exception& e) {
                context->workbench.showError(translated("Route column"), e.what());
            }
        },
        placedUnitSelected);

    // `oob blocks`: one level of a deep order of battle plays as blocks (core::oob::planBlocks).
    const auto applyBlocks = [context](const core::oob::BlockRequest& request) {
        try {
            core::oob::BlockPlan plan = core::oob::planBlocks(context->workbench.document()->scenario(), request);
            const std::size_t changes = plan.lines.size();
            if (!plan.edit.empty())
                context->apply(std::move(plan.edit), translated("Blocks"));
            const core::Scenario& s = context->workbench.document()->scenario();
            const auto pieces = std::count_if(s.units.begin(), s.units.end(), [&](const core::Unit& u) { return core::oob::isPiece(s, u); });
            context->workbench.setStatusText(
                wxString::Format(_("%zu block change(s); %d game piece(s)"), changes, static_cast<int>(pieces)).utf8_string());
        } catch (const std::exception& e) {
            context->workbench.showError(_("Blocks").utf8_string(), e.what());
        }
    };
    workbench.addCommand({"setup.blocks_level", wxTRANSLATE("Play &Blocks at Level..."), "",
                             wxTRANSLATE("Each formation of an echelon becomes one block whose strength is the units below it (they stay as history)")},
        [context, applyBlocks] {
            const wxString choices[] = {"army", "wing", "corps", "division", "brigade", _("none: every unit is a piece")};
            wxSingleChoiceDialog dialog(nullptr, _("Formations of this echelon play as one block each:"), _("Blocks at level"), 6, choices);
            dialog.SetSelection(3);
            if (dialog.ShowModal() != wxID_OK)
                return;
            core::oob::BlockRequest request;
            if (dialog.GetSelection() == 5)
                request.clear = true;
            else
                request.echelon = dialog.GetStringSelection().ToStdString(wxConvUTF8);
            applyBlocks(request);
        },
        hasDocument);
    workbench.addCommand({"setup.block_formation", wxTRANSLATE("Play Selected Formation as One Bl&ock"), "",
                             wxTRANSLATE("The formation selected in the order of battle becomes one block (its units stay as history)")},
        [context, applyBlocks] {
            const auto selected = context->workbench.selected();
            if (!selected || selected->kind != ObjectRef::Kind::Formation) {
                context->workbench.showError(_("Blocks").utf8_string(), _("Select a formation in the Order of battle pane first.").utf8_string());
                return;
            }
            core::oob::BlockRequest request;
            // Keep the blocks there are, add this one.
            for (const core::Unit& u : context->workbench.document()->scenario().units)
                if (u.block)
                    request.formations.push_back(u.formation);
            request.formations.push_back(core::FormationId(selected->id));
            applyBlocks(request);
        },
        hasDocument);

    tools::installOobAuthoring(context);
    tools::addPalettePane(context);
    tools::addOobPane(context);
    tools::addReinforcementPane(context);
}

} // namespace sandtable::editor::ui
