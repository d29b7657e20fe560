// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's main window: wxAUI frame with the map canvas, the layers pane, menus from the action
// registry, and the status bar; owns the open Document.
#pragma once

#include "sandtable/core/document/document.hpp"
#include "sandtable/editor/logic/action_registry.hpp"
#include "sandtable/editor/logic/recent_files.hpp"

#include <wx/aui/framemanager.h>
#include <wx/frame.h>
#include <wx/treectrl.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace sandtable::editor::ui {

class MapCanvas;

class MainFrame : public wxFrame {
public:
    /// `rememberRecentFiles` false keeps batch runs (--screenshot) from touching the user's settings.
    explicit MainFrame(bool rememberRecentFiles);
    ~MainFrame() override;

    /// Loads `file` into a new Document. On failure shows a dialog (unless `quiet`: the caller reports)
    /// and keeps the current document; returns the error's text, empty on success.
    std::string openFile(const std::filesystem::path& file, bool quiet = false);
    /// Saves through Document::save (atomic); Save As when the document has no file yet. Shows a dialog
    /// on failure and returns false; the document in memory is kept.
    bool save();
    bool saveAs();

    MapCanvas& canvas() noexcept { return *m_canvas; }
    /// What the status bar says about the open document's map ("" when its raster is drawn).
    const std::string& notice() const noexcept { return m_notice; }
    const core::Document* document() const noexcept { return m_document.get(); }

private:
    void buildMenus();
    void buildStatusBar();
    void onAction(const std::string& id);
    void onUpdateUi(wxUpdateUIEvent& event);
    void onClose(wxCloseEvent& event);
    void onRecentFile(wxCommandEvent& event);
    void onTreeSelection(wxTreeEvent& event);
    void documentEdited();
    void rebuildLayers();
    void syncTreeSelection();
    void updateTitle();
    void updateScale();
    void showCursor(std::optional<core::Coordinate> world);
    void rebuildRecentMenu();
    void rememberRecent(const std::filesystem::path& file);
    bool confirmDiscard();
    ActionContext actionContext() const;

    wxAuiManager m_aui;
    MapCanvas* m_canvas = nullptr;
    wxTreeCtrl* m_layers = nullptr;
    wxMenu* m_recentMenu = nullptr;
    ActionRegistry m_actions;
    std::map<int, std::string> m_actionOfId;
    std::unique_ptr<core::Document> m_document;
    int m_subscription = 0;
    std::string m_notice;
    RecentFiles m_recent;
    bool m_rememberRecent;
    bool m_syncingTree = false;
};

} // namespace sandtable::editor::ui
