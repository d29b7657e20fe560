// SPDX-License-Identifier: GPL-3.0-or-later
// The capability panes, each created once by installCapabilityPanes (capability_panes.cpp).
#pragma once

#include "sandtable/editor/ui/workbench.hpp"

namespace sandtable::editor::ui::panes {

/// Each adds its pane (hidden) to the frame's wxAUI manager and its commands to the action registry.
void installGeorefPane(Workbench& workbench);
void installCardsPane(Workbench& workbench);
void installGridPane(Workbench& workbench);
void installPrintPane(Workbench& workbench);
/// File > Export VASSAL module... (vassal_export.cpp).
void installVassalExport(Workbench& workbench);
/// File > Import... (file_import.cpp): any file an importer reads, chosen by its content.
void installFileImport(Workbench& workbench);

/// Shows (and raises) a pane by its wxAUI name.
void showPane(Workbench& workbench, const char* name);

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
    core::Document* m_document = nullptr;
    int m_handle = 0;
};

} // namespace sandtable::editor::ui::panes
