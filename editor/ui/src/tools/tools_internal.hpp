// SPDX-License-Identifier: GPL-3.0-or-later
// Shared state of the terrain and set-up tools (src/tools/): the current terrain class, gesture serials,
// and the factories of the canvas tools and panes. Internal to sandtable_editor_ui.
#pragma once

#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/logic/tools/drawing.hpp"
#include "sandtable/editor/ui/workbench.hpp"

#include <wx/colour.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sandtable::editor::ui::tools {

/// Snapping tolerance, handle sizes and hit tolerances, in logical pixels (divided by the view's pixels
/// per metre to get metres).
inline constexpr double kSnapPixels = 8.0;
inline constexpr double kHandlePixels = 4.0;
inline constexpr double kHitPixels = 6.0;
inline constexpr double kRotationHandlePixels = 18.0;

struct ToolsContext {
    explicit ToolsContext(Workbench& w) : workbench(w) {}
    Workbench& workbench;
    std::string currentClass = "woods";
    std::uint64_t nextSerial = 1;
    /// Called when currentClass changes (the palette follows).
    std::vector<std::function<void()>> classListeners;

    void setCurrentClass(const std::string& id);
    /// Applies `edit` to the open document; shows an error dialog and returns false when it does not fit.
    bool apply(core::document::Edit edit, const std::string& title); ///< title: the error box's, in the editor's language
    /// The selected feature's id, if the selection is a feature that exists.
    std::optional<core::FeatureId> selectedFeature() const;
    std::optional<core::UnitId> selectedUnit() const;
};

/// The word for a kind of geometry in the editor's language ("point", "line", "polygon"; gettext context
/// "geometry", as German says Linie for a drawn line and Zeile for a raster's line).
std::string geometryWord(editor::tools::DrawKind kind);

std::shared_ptr<CanvasTool> makeDrawTool(std::shared_ptr<ToolsContext> context, editor::tools::DrawKind kind);
/// Draws a line and splits the selected feature with it (operations::splitFeature).
std::shared_ptr<CanvasTool> makeSplitTool(std::shared_ptr<ToolsContext> context);
/// Click a second feature of the selected feature's class to merge them (operations::mergeFeatures).
std::shared_ptr<CanvasTool> makeMergeTool(std::shared_ptr<ToolsContext> context);
std::shared_ptr<CanvasTool> makeVertexTool(std::shared_ptr<ToolsContext> context);
std::shared_ptr<CanvasTool> makePlaceTool(std::shared_ptr<ToolsContext> context);

/// The Order of Battle menu's authoring commands (oob.add_side, oob.add_formation, oob.add_unit, oob.rename,
/// oob.delete, oob.move_up, oob.move_down, oob.side_colour), each a core operation (oob_authoring.cpp).
void installOobAuthoring(const std::shared_ptr<ToolsContext>& context);
/// The side of the selected side, formation or unit, if any.
std::optional<core::SideId> selectedSide(const ToolsContext& context);
/// Gives `side` `colour` as one undo step (core::document::operations::setSideColour); false when refused.
bool setSideColour(ToolsContext& context, const core::SideId& side, const wxColour& colour);

void addPalettePane(const std::shared_ptr<ToolsContext>& context);
void addOobPane(const std::shared_ptr<ToolsContext>& context);
void addReinforcementPane(const std::shared_ptr<ToolsContext>& context);

/// Places unit `unit` with its centre at `world` (line, facing kept or north) as one undoable edit.
void placeUnitAt(ToolsContext& context, const core::UnitId& unit, core::Coordinate world);

wxColour toWxColour(const Rgba& c);
/// The colour a terrain class is shown with in the palette (its fill, else its stroke), over white.
wxColour swatchColour(const std::string& terrainClass);

} // namespace sandtable::editor::ui::tools
