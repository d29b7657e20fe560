// SPDX-License-Identifier: GPL-3.0-or-later
// The capability panes, each created once by installCapabilityPanes (capability_panes.cpp).
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/editor/ui/workbench.hpp"

#include <wx/panel.h>

#include <vector>

class wxButton;
class wxChoice;
class wxStaticText;

namespace sandtable::editor::ui::panes {

/// Each adds its pane (hidden) to the frame's wxAUI manager and its commands to the action registry.
void installGeorefPane(Workbench& workbench);
void installCardsPane(Workbench& workbench);
void installGridPane(Workbench& workbench);
void installPrintPane(Workbench& workbench);
/// File > Export VASSAL module... (vassal_export.cpp).
void installVassalExport(Workbench& workbench);
/// File > Export to Catalogue... and File > Browse Catalogue... (catalogue_dialogs.cpp).
void installCatalogue(Workbench& workbench);
/// File > Import... (file_import.cpp): any file an importer reads, chosen by its content.
void installFileImport(Workbench& workbench);

/// Shows the set-up column's panes a workspace put away (called when the workspace closes).
void restoreColumn(Workbench& workbench);
/// Binds the frame's pane-close event: a workspace closed by its close button gives the column back.
void watchWorkspaceClose(Workbench& workbench);
/// Shows (and raises) a pane by its wxAUI name; a workspace puts the set-up column away while it is open.
void showPane(Workbench& workbench, const char* name);

/// The Georeference pane's row for the named places read off the scan (core::MapSource::places): choose a
/// place and a terrain class of its shape, "Make terrain" (core::document::operations::placesToTerrain through
/// geo::scanToWorking; enabled once the scan is georeferenced). Hidden when the scan has no place.
class ScanPlacesBar : public wxPanel {
public:
    ScanPlacesBar(wxWindow* parent, Workbench& workbench);
    /// Refills the choices from the open document (call after every edit).
    void refresh();
    const std::vector<core::ScanPlace>& places() const;
    /// "Make terrain": the chosen place (every place of its name) as the chosen class, one undo step; an
    /// error dialog when the scan is not georeferenced or the place cannot be made terrain.
    void make();

private:
    void fillClasses();
    Workbench& m_workbench;
    wxStaticText* m_label = nullptr;
    wxChoice* m_place = nullptr;
    wxChoice* m_class = nullptr;
    wxButton* m_make = nullptr;
};

/// Keeps a pane's document subscription current: calls `changed` after every edit of the open document
/// and after a document is opened, created or closed.
class DocumentWatch {
public:
    DocumentWatch(Workbench& workbench, std::function<void()> changed);
    ~DocumentWatch();
    DocumentWatch(const DocumentWatch&) = delete;
    DocumentWatch& operator=(const DocumentWatch&) = delete;

private:
    void attach();
    Workbench& m_workbench;
    std::function<void()> m_changed;
    core::document::Document* m_document = nullptr;
    int m_handle = 0;
};

} // namespace sandtable::editor::ui::panes
