// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's main window: wxAUI frame with the map canvas and the panes, menus from the action
// registry, the status bar; owns the open Document, the selection and the long-job runner. It is the
// Workbench the capability panes and canvas tools are written against.
#pragma once

#include "sandtable/core/document/document.hpp"
#include "sandtable/editor/logic/action_registry.hpp"
#include "sandtable/editor/logic/recent_files.hpp"
#include "sandtable/editor/logic/recovery.hpp"
#include "sandtable/editor/ui/workbench.hpp"

#include <wx/aui/framemanager.h>
#include <wx/frame.h>
#include <wx/timer.h>
#include <wx/treectrl.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace sandtable::editor::ui {

class MapCanvas;
class ProblemsPane;
class PropertiesPane;

class MainFrame : public wxFrame, public Workbench {
public:
    /// `rememberRecentFiles` false keeps batch runs (--screenshot) from touching the user's settings.
    explicit MainFrame(bool rememberRecentFiles);
    ~MainFrame() override;

    /// Batch mode (--screenshot runs): errors go to stderr instead of dialogs and are counted.
    void setBatchMode(bool batch) noexcept { m_batch = batch; }
    bool batchMode() const noexcept { return m_batch; }
    /// Errors reported through showError (and failed opens/saves) since start.
    int errorCount() const noexcept { return m_errorCount; }

    /// Loads `file` into a new Document. On failure shows a dialog (unless `quiet`: the caller reports)
    /// and keeps the current document; returns the error's text, empty on success.
    std::string openFile(const std::filesystem::path& file, bool quiet = false);
    /// A new, empty scenario (no file yet).
    void newDocument();
    /// File > New from map...: writes a scenario for `scenarioFile` started from `raster`
    /// (geo::newScenarioFromRaster), opens it and says how the map was placed; a plain scan opens the
    /// georeferencing workspace. Shows a dialog (stderr in batch mode) on failure and returns its text, empty
    /// on success; nothing is written then. Defined in new_from_map.cpp.
    std::string newFromMap(const std::filesystem::path& raster, const std::filesystem::path& scenarioFile,
        core::GameSystem system);
    /// Saves through Document::save (atomic); Save As when the document has no file yet. Shows a dialog
    /// on failure and returns false; the document in memory is kept.
    bool save();
    bool saveAs();

    /// Autosaves unsaved changes to a recovery copy in `store`'s folder every `interval` (the copy is
    /// removed on save, close or a new document).
    void enableRecovery(RecoveryStore store, std::chrono::milliseconds interval);
    /// Offers to restore the newest copy left by an editor that did not close (a crash, kill -9): asks with
    /// a dialog, or takes `answer` (--restore yes|no) when given. A refused copy is removed. Returns true
    /// when a copy was restored (the document then shows as modified, its own file as its path).
    bool offerRestore(std::optional<bool> answer);
    /// Writes the recovery copy now when there are changes it lacks (the timer calls it).
    void autosaveNow();
    /// The document differs from its file (edits, or restored from a recovery copy).
    bool isModified() const noexcept;

    /// What the status bar says about the open document's map ("" when its raster is drawn).
    const std::string& notice() const noexcept { return m_notice; }
    const core::document::Document* document() const noexcept { return m_document.get(); }
    const ActionRegistry& actions() const noexcept { return m_actions; }
    ProblemsPane& problems() noexcept { return *m_problems; }
    PropertiesPane& properties() noexcept { return *m_properties; }
    /// Enabled right now (as the menu shows it).
    bool isEnabled(const std::string& id) const;

    // Workbench
    wxWindow* window() override { return this; }
    wxAuiManager& panes() override { return m_aui; }
    core::document::Document* document() override { return m_document.get(); }
    std::filesystem::path scenarioFolder() const override;
    MapCanvas& canvas() override { return *m_canvas; }
    bool openScenario(const std::filesystem::path& file) override { return confirmDiscard() && openFile(file).empty(); }
    int onDocumentReplaced(std::function<void()> callback) override;
    int onSelectionChanged(std::function<void()> callback) override;
    void removeCallback(int handle) override;
    void select(const std::optional<ObjectRef>& object, bool zoomTo) override;
    std::optional<ObjectRef> selected() const override;
    void addOverlay(std::shared_ptr<CanvasOverlay> overlay) override;
    void removeOverlay(const std::shared_ptr<CanvasOverlay>& overlay) override;
    void setTool(std::shared_ptr<CanvasTool> tool) override;
    void refreshCanvas() override;
    bool runLongJob(const std::string& title,
        const std::function<void(const core::util::ProgressCallback& progress)>& work) override;
    void addCommand(ActionInfo action, std::function<void()> run, std::function<bool()> enabled = {}) override;
    bool runCommand(const std::string& id) override;
    bool isCommandEnabled(const std::string& id) const override { return isEnabled(id); }
    void showError(const std::string& title, const std::string& message) override;
    void setStatusText(const std::string& text) override;

private:
    struct Command {
        std::function<void()> run;
        std::function<bool()> enabled;
    };

    void buildMenus();
    void scheduleMenuRebuild();
    void buildToolBar();
    void showGuide();
    void showAbout();
    void showShortcuts();
    void buildStatusBar();
    void execute(const std::string& id);
    void runStandard(const std::string& id);
    void onMenu(wxCommandEvent& event);
    void onUpdateUi(wxUpdateUIEvent& event);
    void onClose(wxCloseEvent& event);
    void onRecentFile(wxCommandEvent& event);
    void onTreeSelection(wxTreeEvent& event);
    void replaceDocument(std::unique_ptr<core::document::Document> document);
    void documentEdited();
    void selectionChanged();
    void deleteSelection();
    void rebuildLayers();
    void fitLayersPane();
    void syncTreeSelection();
    void updateTitle();
    void updateScale();
    void updateTool();
    void showCursor(std::optional<core::Coordinate> world);
    void rebuildRecentMenu();
    void rememberRecent(const std::filesystem::path& file);
    bool confirmDiscard();
    void savedCleanly();
    void showFailureOf(const std::string& title, const std::exception& error);
    ActionContext actionContext() const;
    static void notifyAll(const std::map<int, std::function<void()>>& callbacks);

    wxAuiManager m_aui;
    MapCanvas* m_canvas = nullptr;
    wxTreeCtrl* m_layers = nullptr;
    ProblemsPane* m_problems = nullptr;
    PropertiesPane* m_properties = nullptr;
    wxMenu* m_recentMenu = nullptr;
    ActionRegistry m_actions;
    std::map<std::string, Command> m_commands;      // added through addCommand
    std::map<std::string, int> m_windowIdOfAction;  // stable across menu rebuilds
    std::map<int, std::string> m_actionOfWindowId;
    bool m_menusBuilt = false;
    bool m_menuRebuildPending = false;
    std::unique_ptr<core::document::Document> m_document;
    int m_subscription = 0;
    std::map<int, std::function<void()>> m_documentCallbacks;
    std::map<int, std::function<void()>> m_selectionCallbacks;
    int m_nextCallback = 1;
    std::string m_notice;
    RecentFiles m_recent;
    bool m_rememberRecent;
    bool m_syncingTree = false;
    int m_layersFittedWidth = 0; // the widest content the Layers pane was widened for (fitLayersPane)
    bool m_batch = false;
    bool m_jobRunning = false;
    int m_errorCount = 0;
    std::optional<RecoveryStore> m_recovery;
    wxTimer m_autosaveTimer;
    std::uint64_t m_editCount = 0;
    std::uint64_t m_autosavedEditCount = 0;
    bool m_restoredUnsaved = false;
    std::string m_autosaveError;
};

} // namespace sandtable::editor::ui
