// SPDX-License-Identifier: GPL-3.0-or-later
// What panes and canvas tools may reach of the editor's main window (MainFrame implements it).
//
// The frame (MainFrame) owns the Document, the map canvas, the wxAUI manager, the selection and the
// long-job runner. Capability panes (georeferencing, OOB tree, cards, campaign grid, print preview) and
// canvas tools (terrain drawing, vertex editor, block placing, measuring) are written against this
// interface only, so they never include main_frame.hpp. Every change a pane or tool makes to the
// scenario goes through Document::apply (undoable); they never modify the scenario directly.
#pragma once

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/editor/logic/action_registry.hpp"
#include "sandtable/editor/logic/selection.hpp"
#include "sandtable/editor/logic/view_transform.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

class wxAuiManager;
class wxGraphicsContext;
class wxKeyEvent;
class wxMouseEvent;
class wxWindow;

namespace sandtable::editor::ui {

class MapCanvas;

/// A reference to one object of the scenario, by kind and id (never a pointer: undo replaces objects).
/// Defined in the wx-free logic library (selection.hpp) so selection rules are tested without wx:
/// `Kind { Feature, Unit, Formation, Side, Gcp, Card, GridSquare, Scenario }` and `std::string id` (the
/// object's id; for Gcp its 1-based row number; for Card "233-A"; for GridSquare its name, "C4").
using ObjectRef = sandtable::editor::ObjectRef;

/// Something drawn over the map after terrain and set-up (residual arrows, grid, previews).
class CanvasOverlay {
public:
    virtual ~CanvasOverlay() = default;
    /// Draws in logical window pixels; `view` maps working-CRS metres to those pixels.
    virtual void draw(wxGraphicsContext& gc, const ViewTransform& view) = 0;
};

/// A tool that owns the canvas's mouse and keys while active (one at a time; none = select/pan).
class CanvasTool : public CanvasOverlay {
public:
    /// Short name for the status bar and tests ("terrain.draw-polygon", "measure", "gcp.add").
    virtual std::string name() const = 0;
    /// A mouse event at `world` (working-CRS metres). Returns true when consumed: the canvas then neither
    /// pans nor selects. Middle-button drag and the wheel always pan/zoom and never reach a tool.
    virtual bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) = 0;
    /// A key while the canvas has focus; Escape not consumed ends the tool.
    virtual bool onKey(const wxKeyEvent& /*event*/) { return false; }
    virtual void activated() {}
    virtual void deactivated() {}
};

class Workbench {
public:
    virtual ~Workbench() = default;

    /// The main window (parent for panes and dialogs).
    virtual wxWindow* window() = 0;
    /// The wxAUI manager: panes call AddPane and then Update().
    virtual wxAuiManager& panes() = 0;
    /// The open document (null when none is open).
    virtual core::document::Document* document() = 0;
    /// The folder of the open scenario file (relative map paths resolve against it); empty when unsaved.
    virtual std::filesystem::path scenarioFolder() const = 0;
    virtual MapCanvas& canvas() = 0;
    /// Opens a scenario file in place of the open document, asking first about unsaved changes (as File >
    /// Open does). Returns false when the person kept the open document or the file could not be opened
    /// (a dialog has said why).
    virtual bool openScenario(const std::filesystem::path& file) = 0;

    /// Called after a document is opened, created or closed (not after edits: use Document::subscribe).
    /// The previous document is still alive during the call (unsubscribe from it there) and destroyed
    /// right after. Returns a handle; panes keep it for their lifetime.
    virtual int onDocumentReplaced(std::function<void()> callback) = 0;
    /// Called after the selection changed.
    virtual int onSelectionChanged(std::function<void()> callback) = 0;
    /// Forgets a callback registered by onDocumentReplaced or onSelectionChanged (a pane destroyed before
    /// the frame calls it). Unknown handles are ignored.
    virtual void removeCallback(int /*handle*/) {}

    virtual void select(const std::optional<ObjectRef>& object, bool zoomTo) = 0;
    virtual std::optional<ObjectRef> selected() const = 0;

    virtual void addOverlay(std::shared_ptr<CanvasOverlay> overlay) = 0;
    virtual void removeOverlay(const std::shared_ptr<CanvasOverlay>& overlay) = 0;
    /// Makes `tool` the active canvas tool (null: back to select/pan).
    virtual void setTool(std::shared_ptr<CanvasTool> tool) = 0;
    virtual void refreshCanvas() = 0;

    /// Runs `work` off the UI thread with a modal progress dialog that has a Cancel button; the window
    /// keeps repainting. Returns true when the work finished, false when cancelled (core::util::Cancelled).
    /// Other exceptions are shown in an error dialog titled `title` and false is returned.
    virtual bool runLongJob(const std::string& title,
        const std::function<void(const core::util::ProgressCallback& progress)>& work) = 0;
    /// Adds a command to the action registry (menus and toolbar are rebuilt from it; id "<menu>.<name>",
    /// e.g. "terrain.draw_polygon", "cards.show_panel"). `run` is called when the user picks it;
    /// `enabled` (optional) says when it is enabled (default: a document is open).
    virtual void addCommand(ActionInfo action, std::function<void()> run,
        std::function<bool()> enabled = {}) = 0;
    /// Runs a registered command by id, as the menu would (used by --run-action in UI tests).
    /// Returns false when the id is unknown or disabled.
    virtual bool runCommand(const std::string& id) = 0;
    /// Whether the command `id` is enabled right now (as its menu item shows it); false for an unknown id.
    virtual bool isCommandEnabled(const std::string& id) const = 0;

    /// Shows an error dialog (or prints it in batch/test mode).
    virtual void showError(const std::string& title, const std::string& message) = 0;
    virtual void setStatusText(const std::string& text) = 0;
};

/// Adds the capability panes (georeferencing, cards, campaign grid, print preview) and their menu items
/// to the frame. Defined in src/panes/ (editor/ui/panes.cmake).
void installCapabilityPanes(Workbench& workbench);
/// Adds the terrain and set-up tools (drawing, vertex editing, class palette, OOB tree, block placing).
/// Defined in src/tools/ (editor/ui/tools.cmake).
void installTerrainAndOobTools(Workbench& workbench);

} // namespace sandtable::editor::ui
