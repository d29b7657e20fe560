// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: menus bound from the action registry, the layers pane, status bar, Document life,
// and the Workbench the capability panes and canvas tools use.
#include "sandtable/editor/ui/main_frame.hpp"

#include "main_frame_internal.hpp"

#include "sandtable/core/document/oob_operations.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/editor/logic/hit_test.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/ui/error_dialog.hpp"
#include "sandtable/editor/ui/map_canvas.hpp"
#include "sandtable/editor/ui/problems_pane.hpp"
#include "sandtable/editor/ui/properties_pane.hpp"
#include "sandtable/editor/ui/measure_tool.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/version.hpp"
#include "sandtable/editor/logic/measure.hpp"

#include <wx/aboutdlg.h>
#include <wx/app.h>
#include <wx/evtloop.h>
#include <wx/dialog.h>
#include <wx/filedlg.h>
#include <wx/listctrl.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/progdlg.h>
#include <wx/artprov.h>
#include <wx/statusbr.h>
#include <wx/toolbar.h>
#include <wx/utils.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace sandtable::editor::ui {

void askNewFromMap(MainFrame& frame); // new_from_map.cpp

namespace {


/// Stock ids give GTK's icons and standard behaviour; other actions get fresh ids.
int stockIdFor(const std::string& action)
{
    static const std::map<std::string, int> stock = {{"file.new", wxID_NEW}, {"file.open", wxID_OPEN},
        {"file.save", wxID_SAVE}, {"file.save_as", wxID_SAVEAS}, {"file.quit", wxID_EXIT}, {"edit.undo", wxID_UNDO},
        {"edit.redo", wxID_REDO}, {"edit.delete", wxID_DELETE}, {"view.zoom_in", wxID_ZOOM_IN},
        {"view.zoom_out", wxID_ZOOM_OUT}, {"view.fit", wxID_ZOOM_FIT}};
    const auto it = stock.find(action);
    return it != stock.end() ? it->second : wxID_NONE;
}

wxString menuText(const std::string& label, const std::string& shortcut)
{
    wxString text = translatedText(label);
    if (!shortcut.empty())
        text += "\t" + wxString::FromUTF8(shortcut);
    return text;
}

wxString menuTitle(const std::string& menu)
{
    static const std::map<std::string, const char*> titles = {{"file", wxTRANSLATE("&File")}, {"edit", wxTRANSLATE("&Edit")},
        {"view", wxTRANSLATE("&View")}, {"terrain", wxTRANSLATE("&Terrain")}, {"oob", wxTRANSLATE("&Order of Battle")},
        {"georef", wxTRANSLATE("&Georeference")}, {"cards", wxTRANSLATE("&Cards")}, {"campaign", wxTRANSLATE("Ca&mpaign")},
        {"print", wxTRANSLATE("&Print")}, {"tools", wxTRANSLATE("T&ools")}, {"window", wxTRANSLATE("&Window")},
        {"help", wxTRANSLATE("&Help")}, {"setup", wxTRANSLATE("&Setup")}, {"grid", wxTRANSLATE("&Grid")}};
    if (const auto it = titles.find(menu); it != titles.end())
        return wxGetTranslation(it->second);
    wxString title = wxString::FromUTF8(menu);
    return "&" + title.Left(1).Upper() + title.Mid(1);
}

/// Menus in the registry's first-seen order, except that help comes last (a desktop convention).
std::vector<std::string> menuOrder(const ActionRegistry& registry)
{
    std::vector<std::string> menus = registry.menus();
    const auto help = std::find(menus.begin(), menus.end(), "help");
    if (help != menus.end())
        std::rotate(help, help + 1, menus.end());
    return menus;
}

} // namespace

MainFrame::MainFrame(bool rememberRecentFiles)
    : wxFrame(nullptr, wxID_ANY, _("sandtable editor"), wxDefaultPosition, wxSize(1200, 800))
    , m_actions(ActionRegistry::standard())
    , m_rememberRecent(rememberRecentFiles)
{
    if (m_rememberRecent)
        m_recent = RecentFiles::load(editorConfigDir() / "recent-files.txt");
    m_aui.SetManagedWindow(this);
    // A workspace pane (georeferencing, card designer, grid, print) may take half the window, not AUI's third.
    m_aui.SetDockSizeConstraint(0.5, 0.5);
    m_canvas = new MapCanvas(this);
    m_layers = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(260, -1),
        wxTR_DEFAULT_STYLE | wxTR_HIDE_ROOT | wxTR_SINGLE);
    m_aui.AddPane(m_canvas, wxAuiPaneInfo().Name("map").CenterPane());
    m_aui.AddPane(m_layers,
        wxAuiPaneInfo().Name("layers").Caption(_("Layers")).Left().BestSize(220, -1).MinSize(160, -1).CloseButton(false));
    m_properties = new PropertiesPane(this, *this);
    m_aui.AddPane(m_properties,
        wxAuiPaneInfo().Name("properties").Caption(_("Properties")).Right().Layer(1).BestSize(260, -1).MinSize(200, -1)
            .CloseButton(false));
    m_problems = new ProblemsPane(this, *this);
    m_aui.AddPane(m_problems,
        wxAuiPaneInfo().Name("problems").Caption(_("Problems")).Bottom().BestSize(-1, 130).MinSize(-1, 80).CloseButton(false));
    addCommand({"view.next_problem", wxTRANSLATE("Next &Problem"), "F8", wxTRANSLATE("Select and show the object of the next problem")},
        [this] {
            if (!m_problems->goToNext())
                setStatusText(translated("No problem names an object on the map"));
        });
    addCommand({"view.measure", wxTRANSLATE("&Measure Distance"), "Ctrl+M",
                   wxTRANSLATE("Measure a path in metres, map centimetres and Pub Battles movement segments")},
        [this] {
            const auto& tool = m_canvas->tool();
            if (tool && tool->name() == "measure")
                m_canvas->setTool(nullptr);
            else
                m_canvas->setTool(std::make_shared<MeasureTool>(*this));
        });
    addCommand({"file.new_from_map", wxTRANSLATE("New from &Map..."), "Ctrl+Shift+N",
                   wxTRANSLATE("Start a scenario from your own raster: georeferenced ones place themselves, scans get GCPs")},
        [this] {
            if (confirmDiscard())
                askNewFromMap(*this);
        },
        [] { return true; });
    addCommand({"help.guide", wxTRANSLATE("Editor &Guide"), "F1", wxTRANSLATE("The editor's guide, with pictures, in your browser")},
        [this] { showGuide(); }, [] { return true; });
    addCommand({"help.shortcuts", wxTRANSLATE("&Keyboard Shortcuts"), "Ctrl+F1", wxTRANSLATE("List the commands and their shortcuts")},
        [this] { showShortcuts(); }, [] { return true; });
    addCommand({"help.about", wxTRANSLATE("&About sandtable"), "", wxTRANSLATE("Version, licence and what sandtable is for")},
        [this] { showAbout(); }, [] { return true; });
    addCommand({"edit.language", wxTRANSLATE("&Language..."), "", wxTRANSLATE("Choose the editor's language (from its next start)")},
        [this] { chooseLanguage(this); }, [] { return true; });

    buildStatusBar();
    m_canvas->onCursorMoved = [this](std::optional<core::Coordinate> world) { showCursor(world); };
    m_canvas->onViewChanged = [this] { updateScale(); };
    m_canvas->onSelectionChanged = [this] { selectionChanged(); };
    m_canvas->onToolChanged = [this] { updateTool(); };
    m_canvas->onRasterError = [this](const std::string& error) {
        SetStatusText(wxString::FromUTF8("map raster: " + error), kMessageField);
    };
    m_canvas->onDrawError = [this](const std::string& error) {
        SetStatusText(wxString::FromUTF8("canvas: " + error), kMessageField);
    };
    m_layers->Bind(wxEVT_TREE_SEL_CHANGED, &MainFrame::onTreeSelection, this);
    m_layers->Bind(wxEVT_TREE_ITEM_GETTOOLTIP, [this](wxTreeEvent& event) { event.SetToolTip(m_layers->GetItemText(event.GetItem())); });
    // Delete with the focus in the Layers tree: the GTK tree view keeps the key from the menu's accelerator,
    // so the tree handles it itself, deleting what it selected (undoable) or saying why it cannot.
    m_layers->Bind(wxEVT_TREE_KEY_DOWN, [this](wxTreeEvent& event) {
        const int key = event.GetKeyCode();
        if (key != WXK_DELETE && key != WXK_NUMPAD_DELETE) {
            event.Skip();
            return;
        }
        if (isEnabled("edit.delete"))
            deleteSelection();
        else
            SetStatusText(_("Delete: select a terrain feature or a unit in the tree first (a reference layer is removed with "
                          "Georeference > Remove reference layer; the map raster and the groups cannot be deleted)"),
                kMessageField);
    });
    Bind(wxEVT_CLOSE_WINDOW, &MainFrame::onClose, this);
    m_autosaveTimer.SetOwner(this);
    Bind(wxEVT_TIMER, [this](wxTimerEvent&) { autosaveNow(); }, m_autosaveTimer.GetId());
    Bind(wxEVT_MENU, &MainFrame::onMenu, this);
    Bind(wxEVT_UPDATE_UI, &MainFrame::onUpdateUi, this);
    Bind(wxEVT_MENU, &MainFrame::onRecentFile, this, wxID_FILE1, wxID_FILE9);

    // The capability panes and tools add their panes and commands; the menus are then built once.
    const std::pair<const char*, void (*)(Workbench&)> installers[] = {
        {"terrain and set-up tools", &installTerrainAndOobTools}, {"capability panes", &installCapabilityPanes}};
    for (const auto& [what, install] : installers) {
        try {
            install(*this);
        } catch (const std::exception& error) {
            std::cerr << "sandtable-editor: error: installing the " << what << ": " << error.what() << "\n";
            SetStatusText(wxString::FromUTF8(std::string("could not install the ") + what + ": " + error.what()),
                kMessageField);
        }
    }
    buildMenus();
    buildToolBar();
    // The layout the user left (panes docked, sized, hidden), when one was kept and fits these panes.
    if (m_rememberRecent) {
        std::ifstream layout(editorConfigDir() / "layout.txt");
        std::string perspective;
        if (layout && std::getline(layout, perspective) && !perspective.empty())
            m_aui.LoadPerspective(wxString::FromUTF8(perspective), true);
    }
    m_aui.Update();
    rebuildLayers();
    updateTitle();
    updateTool();
}

MainFrame::~MainFrame()
{
    m_autosaveTimer.Stop();
    // A clean document needs no recovery copy; an unsaved one keeps it (the next start offers it).
    if (m_recovery && !isModified())
        m_recovery->discardOwn();
    // Panes and the canvas are children, destroyed after this body by wx. Destroy them now, while the
    // Document they may unsubscribe from is alive, and keep the canvas from calling back meanwhile.
    m_canvas->onCursorMoved = nullptr;
    m_canvas->onViewChanged = nullptr;
    m_canvas->onSelectionChanged = nullptr;
    m_canvas->onToolChanged = nullptr;
    m_canvas->onRasterError = nullptr;
    m_canvas->onDrawError = nullptr;
    m_canvas->setTool(nullptr);
    if (m_document)
        m_document->unsubscribe(m_subscription);
    m_canvas->setDocument(nullptr, {});
    m_aui.UnInit();
    m_documentCallbacks.clear();
    m_selectionCallbacks.clear();
    // Not DestroyChildren(): the menu, tool and status bars are children too, and wxFrame's own
    // destructor deletes those through its pointers to them.
    std::vector<wxWindow*> children;
    for (wxWindowList::compatibility_iterator node = GetChildren().GetFirst(); node; node = node->GetNext())
        children.push_back(node->GetData());
    for (wxWindow* child : children)
        if (child != GetMenuBar() && child != GetStatusBar() && child != GetToolBar() && !child->IsTopLevel())
            delete child;
    m_canvas = nullptr;
    m_layers = nullptr;
    m_problems = nullptr;
    m_properties = nullptr;
    m_commands.clear();
}

void MainFrame::buildMenus()
{
    auto* bar = new wxMenuBar;
    m_recentMenu = nullptr;
    for (const std::string& menuName : menuOrder(m_actions)) {
        auto* menu = new wxMenu;
        for (const ActionInfo* action : m_actions.actionsOf(menuName)) {
            int& id = m_windowIdOfAction[action->id];
            if (id == 0) {
                id = stockIdFor(action->id);
                if (id == wxID_NONE)
                    id = wxWindow::NewControlId();
                m_actionOfWindowId[id] = action->id;
            }
            if (action->id == "file.quit")
                continue; // last in its menu, after the commands added later (issue 46 item 4)
            menu->Append(id, menuText(action->label, action->shortcut), translatedText(action->help));
        }
        if (const ActionInfo* quit = m_actions.find("file.quit"); quit && menuName == "file") {
            m_recentMenu = new wxMenu;
            menu->AppendSeparator();
            menu->AppendSubMenu(m_recentMenu, _("Open &Recent"));
            menu->AppendSeparator();
            menu->Append(m_windowIdOfAction[quit->id], menuText(quit->label, quit->shortcut), translatedText(quit->help));
        }
        bar->Append(menu, menuTitle(menuName));
    }
    wxMenuBar* old = GetMenuBar();
    SetMenuBar(bar);
    delete old;
    m_menusBuilt = true;
    rebuildRecentMenu();
}

void MainFrame::buildToolBar()
{
    // The common commands with the desktop's icons; the tools send the menu items' ids, so they run and
    // enable exactly as the menus do.
    static const std::pair<const char*, const char*> tools[] = {{"file.new", wxART_NEW}, {"file.open", wxART_FILE_OPEN},
        {"file.save", wxART_FILE_SAVE}, {"", ""}, {"edit.undo", wxART_UNDO}, {"edit.redo", wxART_REDO},
        {"edit.delete", wxART_DELETE}, {"", ""}, {"view.zoom_in", wxART_PLUS}, {"view.zoom_out", wxART_MINUS},
        {"view.fit", wxART_FULL_SCREEN}, {"view.measure", wxART_HELP_SIDE_PANEL}, {"view.next_problem", wxART_WARNING}};
    wxToolBar* bar = CreateToolBar(wxTB_HORIZONTAL | wxTB_FLAT);
    for (const auto& [action, art] : tools) {
        if (!*action) {
            bar->AddSeparator();
            continue;
        }
        const ActionInfo* info = m_actions.find(action);
        const auto id = m_windowIdOfAction.find(action);
        if (!info || id == m_windowIdOfAction.end())
            continue;
        std::string label = translatedText(info->label).utf8_string();
        std::erase(label, '&');
        std::erase(label, '.');
        const std::string tip = label + (info->shortcut.empty() ? std::string() : " (" + info->shortcut + ")");
        // Without an icon theme a stock icon may be missing: its menu item is still there.
        const wxBitmapBundle icon = wxArtProvider::GetBitmapBundle(art, wxART_TOOLBAR);
        if (!icon.IsOk())
            continue;
        bar->AddTool(id->second, wxString::FromUTF8(label), icon, wxString::FromUTF8(tip));
    }
    bar->Realize();
}

void MainFrame::showGuide()
{
    // The guide beside the programs: $SANDTABLE_DOCDIR, the installed copy, else this source tree's.
    std::vector<std::filesystem::path> candidates;
    if (const char* dir = std::getenv("SANDTABLE_DOCDIR"))
        candidates.emplace_back(std::filesystem::path(dir) / "guide" / "editor-guide.md");
    candidates.emplace_back(std::filesystem::path(SANDTABLE_INSTALLED_DOCDIR) / "guide" / "editor-guide.md");
    candidates.emplace_back(std::filesystem::path(SANDTABLE_SOURCE_DOCDIR) / "editor-guide.md");
    for (const std::filesystem::path& guide : candidates) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(guide, ec)) {
            if (!wxLaunchDefaultApplication(wxString::FromUTF8(guide.string())))
                showError(translated("Editor Guide"), core::i18n::format(translated("The guide is {1}; no program here opens it."), {guide.string()}));
            else
                setStatusText(core::i18n::format(translated("Opened the guide, {1}"), {guide.string()}));
            return;
        }
    }
    showError(translated("Editor Guide"), translated("The editor's guide is not installed with this copy of sandtable."));
}

void MainFrame::showAbout()
{
    wxAboutDialogInfo info;
    info.SetName("sandtable");
    info.SetVersion(sandtable::kVersion);
    info.SetDescription(_("Turns a historical map into a playable, printable, checked wargame scenario: georeference the scan, "
                          "draw the terrain, set up the orders of battle, print maps that measure true, and play online in VASSAL."));
    info.SetLicence(_("GNU General Public License, version 3 or later"));
    wxAboutBox(info, this);
}

void MainFrame::showShortcuts()
{
    std::vector<std::pair<std::string, std::string>> rows; // command, shortcut
    std::string text;
    for (const std::string& menu : menuOrder(m_actions))
        for (const ActionInfo* action : m_actions.actionsOf(menu)) {
            std::string label = translatedText(action->label).utf8_string();
            std::erase(label, '&');
            rows.emplace_back(label, action->shortcut);
            text += label + (action->shortcut.empty() ? std::string() : "\t" + action->shortcut) + "\n";
        }
    const std::string onTheMap = translated("On the map: drag or arrow keys pan, the wheel zooms, a click selects, Escape ends a tool or clears "
                                            "the selection.");
    if (m_batch) {
        std::cout << text << "\n" << onTheMap << "\n";
        return;
    }
    // A list that scrolls inside a dialog no taller than the window (issue 46 item 4: a message box of every
    // command was taller than the screen).
    wxDialog dialog(this, wxID_ANY, _("Keyboard shortcuts"), wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER);
    auto* list = new wxListCtrl(&dialog, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
    list->AppendColumn(_("Command"));
    list->AppendColumn(_("Shortcut"));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const long row = list->InsertItem(static_cast<long>(i), wxString::FromUTF8(rows[i].first));
        list->SetItem(row, 1, wxString::FromUTF8(rows[i].second));
    }
    list->SetColumnWidth(0, wxLIST_AUTOSIZE);
    list->SetColumnWidth(1, 140);
    auto* hint = new wxStaticText(&dialog, wxID_ANY, wxString::FromUTF8(onTheMap));
    const int width = std::min(list->GetColumnWidth(0) + 180, std::max(360, GetClientSize().GetWidth() - 80));
    hint->Wrap(width);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(list, 1, wxEXPAND | wxALL, 8);
    sizer->Add(hint, 0, wxEXPAND | wxLEFT | wxRIGHT, 8);
    sizer->Add(dialog.CreateStdDialogButtonSizer(wxOK), 0, wxEXPAND | wxALL, 8);
    dialog.SetSizer(sizer);
    const int height = std::max(240, std::min(GetSize().GetHeight() - 60, 24 * static_cast<int>(rows.size()) + 160));
    dialog.SetSize(width + 16, height);
    dialog.CentreOnParent();
    dialog.ShowModal();
}

void MainFrame::scheduleMenuRebuild()
{
    if (!m_menusBuilt || m_menuRebuildPending)
        return;
    m_menuRebuildPending = true;
    CallAfter([this] {
        m_menuRebuildPending = false;
        buildMenus();
    });
}

void MainFrame::buildStatusBar()
{
    CreateStatusBar(kFieldCount);
    const int widths[kFieldCount] = {-1, 150, 380, 300};
    SetStatusWidths(kFieldCount, widths);
}

ActionContext MainFrame::actionContext() const
{
    return ActionContext{m_document.get(), !m_canvas->selection().empty()};
}

bool MainFrame::isEnabled(const std::string& id) const
{
    if (const auto it = m_commands.find(id); it != m_commands.end()) {
        if (it->second.enabled) {
            try {
                return it->second.enabled();
            } catch (const std::exception&) {
                return false;
            }
        }
        return m_document != nullptr;
    }
    if (id == "file.save")
        return m_document && (isModified() || m_document->path().empty());
    if (id == "edit.delete") {
        const auto& object = m_canvas->selection().object();
        return m_document && object
            && (object->kind == ObjectRef::Kind::Feature || object->kind == ObjectRef::Kind::Unit);
    }
    return m_actions.state(id, actionContext()).enabled;
}

void MainFrame::onUpdateUi(wxUpdateUIEvent& event)
{
    const auto it = m_actionOfWindowId.find(event.GetId());
    if (it == m_actionOfWindowId.end() || !GetMenuBar()) {
        event.Skip();
        return;
    }
    event.Enable(isEnabled(it->second));
    const ActionInfo* info = m_actions.find(it->second);
    if (!info)
        return;
    std::string label = m_commands.count(it->second) ? info->label : m_actions.state(it->second, actionContext()).label;
    if (it->second == "edit.undo" || it->second == "edit.redo") {
        // The verb translated, the step's label as the operation named it.
        const std::string step = m_document ? (it->second == "edit.undo" ? m_document->undoLabel() : m_document->redoLabel()) : std::string();
        label = undoRedoLabel(translatedText(info->label).utf8_string(), step);
    }
    if (it->second == "edit.delete") {
        const auto& object = m_canvas->selection().object();
        label = object && object->kind == ObjectRef::Kind::Unit ? wxTRANSLATE("&Delete Unit") : wxTRANSLATE("&Delete Feature");
    }
    const wxString text = menuText(label, info->shortcut);
    if (wxMenuItem* item = GetMenuBar()->FindItem(event.GetId()); item && item->GetItemLabel() != text)
        event.SetText(text);
}

void MainFrame::onMenu(wxCommandEvent& event)
{
    const auto it = m_actionOfWindowId.find(event.GetId());
    if (it == m_actionOfWindowId.end()) {
        event.Skip();
        return;
    }
    const std::string id = it->second; // the map may change while the command runs
    if (isEnabled(id))
        execute(id);
}

void MainFrame::addCommand(ActionInfo action, std::function<void()> run, std::function<bool()> enabled)
{
    const std::string id = action.id;
    m_actions.add(std::move(action)); // throws std::invalid_argument for a bad or repeated id
    m_commands[id] = Command{std::move(run), std::move(enabled)};
    scheduleMenuRebuild();
}

bool MainFrame::runCommand(const std::string& id)
{
    if (!m_actions.find(id) || !isEnabled(id))
        return false;
    execute(id);
    return true;
}

void MainFrame::execute(const std::string& id)
{
    const auto it = m_commands.find(id);
    if (it == m_commands.end()) {
        runStandard(id);
        return;
    }
    const std::function<void()> run = it->second.run; // a command may add commands
    try {
        if (run)
            run();
    } catch (const std::exception& error) {
        const ActionInfo* info = m_actions.find(id);
        std::string label = info ? translatedText(info->label).utf8_string() : id;
        std::erase(label, '&');
        showFailureOf(wxString::Format(_("%s failed"), wxString::FromUTF8(label)).utf8_string(), error);
    }
}

void MainFrame::runStandard(const std::string& id)
{
    // The standard actions of the registry (action_registry.cpp), one entry each: no chain of compares.
    using Run = void (*)(MainFrame&);
    static const std::map<std::string, Run, std::less<>> standard = {
        {"file.new", [](MainFrame& f) {
             if (f.confirmDiscard())
                 f.newDocument();
         }},
        {"file.open", [](MainFrame& f) {
             if (!f.confirmDiscard())
                 return;
             wxFileDialog dialog(&f, _("Open scenario"), "", "", _("Scenario files (*.json)|*.json|All files|*"),
                 wxFD_OPEN | wxFD_FILE_MUST_EXIST);
             if (dialog.ShowModal() == wxID_OK)
                 f.openFile(std::filesystem::path(dialog.GetPath().utf8_string()));
         }},
        {"file.save", [](MainFrame& f) { f.save(); }},
        {"file.save_as", [](MainFrame& f) { f.saveAs(); }},
        {"file.quit", [](MainFrame& f) { f.Close(); }},
        {"edit.undo", [](MainFrame& f) { f.m_document->undo(); }},
        {"edit.redo", [](MainFrame& f) { f.m_document->redo(); }},
        {"edit.delete", [](MainFrame& f) { f.deleteSelection(); }},
        {"view.zoom_in", [](MainFrame& f) { f.m_canvas->zoomIn(); }},
        {"view.zoom_out", [](MainFrame& f) { f.m_canvas->zoomOut(); }},
        {"view.fit", [](MainFrame& f) { f.m_canvas->fit(); }},
    };
    if (const auto it = standard.find(id); it != standard.end())
        it->second(*this);
}

void MainFrame::deleteSelection()
{
    const auto object = m_canvas->selection().object();
    if (!m_document || !object)
        return;
    try {
        if (object->kind == ObjectRef::Kind::Feature)
            m_document->apply(core::document::operations::removeFeature(m_document->scenario(), core::FeatureId(object->id)));
        else if (object->kind == ObjectRef::Kind::Unit) // reserves of a deleted HQ are freed (issue 46 item 2)
            m_document->apply(core::document::operations::deleteUnit(m_document->scenario(), core::UnitId(object->id)));
        else if (object->kind == ObjectRef::Kind::Side || object->kind == ObjectRef::Kind::Formation)
            runCommand("oob.delete"); // asks first: it takes what is in it
    } catch (const std::exception& error) {
        showFailureOf(object->kind == ObjectRef::Kind::Unit ? translated("Cannot delete the unit") : translated("Cannot delete the feature"),
            error);
    }
}

std::filesystem::path MainFrame::scenarioFolder() const
{
    if (!m_document || m_document->path().empty())
        return {};
    return m_document->path().parent_path();
}

int MainFrame::onDocumentReplaced(std::function<void()> callback)
{
    const int handle = m_nextCallback++;
    m_documentCallbacks[handle] = std::move(callback);
    return handle;
}

int MainFrame::onSelectionChanged(std::function<void()> callback)
{
    const int handle = m_nextCallback++;
    m_selectionCallbacks[handle] = std::move(callback);
    return handle;
}

void MainFrame::removeCallback(int handle)
{
    m_documentCallbacks.erase(handle);
    m_selectionCallbacks.erase(handle);
}

void MainFrame::notifyAll(const std::map<int, std::function<void()>>& callbacks)
{
    // A copy: a callback may register or remove callbacks.
    const auto copy = callbacks;
    for (const auto& [handle, callback] : copy)
        if (callback)
            callback();
}

void MainFrame::select(const std::optional<ObjectRef>& object, bool zoomTo)
{
    m_canvas->setSelection(object);
    if (zoomTo && object && m_document)
        if (const auto extent = objectExtent(m_document->scenario(), *object))
            m_canvas->zoomToExtent(*extent);
}

std::optional<ObjectRef> MainFrame::selected() const { return m_canvas->selection().object(); }

void MainFrame::addOverlay(std::shared_ptr<CanvasOverlay> overlay) { m_canvas->addOverlay(std::move(overlay)); }

void MainFrame::removeOverlay(const std::shared_ptr<CanvasOverlay>& overlay) { m_canvas->removeOverlay(overlay); }

void MainFrame::setTool(std::shared_ptr<CanvasTool> tool) { m_canvas->setTool(std::move(tool)); }

void MainFrame::refreshCanvas() { m_canvas->Refresh(); }

void MainFrame::showError(const std::string& title, const std::string& message)
{
    ++m_errorCount;
    if (m_batch) {
        std::cerr << "sandtable-editor: error: " << title << ": " << message << "\n";
        return;
    }
    wxMessageDialog dialog(this, wxString::FromUTF8(title), "sandtable", wxOK | wxICON_ERROR | wxCENTRE);
    dialog.SetExtendedMessage(wxString::FromUTF8(message));
    dialog.ShowModal();
}

void MainFrame::showFailureOf(const std::string& title, const std::exception& error)
{
    showError(title, describeFailure(error));
}

void MainFrame::setStatusText(const std::string& text)
{
    SetStatusText(wxString::FromUTF8(text), kMessageField);
    if (m_batch) // what a person would read in the status bar, for the tests that drive the editor
        std::cout << "sandtable-editor: status: " << text << "\n";
}

void MainFrame::replaceDocument(std::unique_ptr<core::document::Document> document)
{
    // The previous document lives until the callbacks have run (panes unsubscribe from it there).
    std::unique_ptr<core::document::Document> previous = std::move(m_document);
    if (previous)
        previous->unsubscribe(m_subscription);
    m_canvas->setTool(nullptr);
    m_document = std::move(document);
    m_restoredUnsaved = false;
    m_editCount = m_autosavedEditCount = 0;
    if (m_recovery)
        m_recovery->discardOwn();
    m_notice = m_canvas->setDocument(m_document.get(), scenarioFolder());
    if (m_document)
        m_subscription = m_document->subscribe([this](const core::document::Edit&) { documentEdited(); });
    rebuildLayers();
    updateTitle();
    updateScale();
    m_problems->refresh();
    m_properties->refresh();
    notifyAll(m_documentCallbacks);
    previous.reset();
}

void MainFrame::newDocument()
{
    replaceDocument(std::make_unique<core::document::Document>());
    SetStatusText(_("New scenario"), kMessageField);
}

std::string MainFrame::openFile(const std::filesystem::path& file, bool quiet)
{
    std::unique_ptr<core::document::Document> document;
    std::size_t findings = 0;
    try {
        core::io::LoadedScenario loaded = core::io::loadScenario(file);
        findings = loaded.diagnostics.size();
        document = std::make_unique<core::document::Document>(std::move(loaded.scenario), file);
    } catch (const std::exception& error) {
        if (!quiet)
            showFailureOf(wxString::Format(_("Cannot open %s"), wxString::FromUTF8(file.filename().string())).utf8_string(), error);
        return error.what();
    }
    replaceDocument(std::move(document));
    if (findings > 0)
        m_notice += (m_notice.empty() ? "" : "; ")
            + wxString::Format(wxPLURAL("%d rule finding (the Problems pane lists it)", "%d rule findings (the Problems pane lists them)",
                static_cast<int>(findings)), static_cast<int>(findings)).utf8_string();
    SetStatusText(m_notice.empty() ? wxString::Format(_("Opened %s"), wxString::FromUTF8(file.filename().string())) : wxString::FromUTF8(m_notice),
        kMessageField);
    rememberRecent(file);
    m_canvas->SetFocus();
    return {};
}

bool MainFrame::save()
{
    if (!m_document)
        return false;
    if (m_document->path().empty())
        return saveAs();
    try {
        m_document->save();
    } catch (const std::exception& error) {
        showFailureOf(wxString::Format(_("Cannot save %s"), wxString::FromUTF8(m_document->path().filename().string())).utf8_string(), error);
        return false;
    }
    savedCleanly();
    SetStatusText(wxString::Format(_("Saved %s"), wxString::FromUTF8(m_document->path().filename().string())), kMessageField);
    updateTitle();
    return true;
}

bool MainFrame::saveAs()
{
    if (!m_document)
        return false;
    wxFileDialog dialog(this, _("Save scenario as"), wxString::FromUTF8(m_document->path().parent_path().string()),
        wxString::FromUTF8(m_document->path().filename().string()), _("Scenario files (*.json)|*.json"),
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return false;
    const std::filesystem::path target(dialog.GetPath().utf8_string());
    try {
        m_document->save(target);
    } catch (const std::exception& error) {
        showFailureOf(wxString::Format(_("Cannot save %s"), wxString::FromUTF8(target.filename().string())).utf8_string(), error);
        return false;
    }
    savedCleanly();
    SetStatusText(wxString::Format(_("Saved %s"), wxString::FromUTF8(target.filename().string())), kMessageField);
    rememberRecent(target);
    updateTitle();
    return true;
}

void MainFrame::savedCleanly()
{
    m_restoredUnsaved = false;
    m_autosavedEditCount = m_editCount;
    if (m_recovery)
        m_recovery->discardOwn();
}

bool MainFrame::isModified() const noexcept
{
    return m_document && (m_document->isModified() || m_restoredUnsaved);
}

bool MainFrame::confirmDiscard()
{
    if (!isModified())
        return true;
    const std::string name = m_document->path().empty() ? translated("the new scenario") : m_document->path().filename().string();
    wxMessageDialog ask(this, wxString::Format(_("Save changes to %s?"), wxString::FromUTF8(name)), "sandtable",
        wxYES_NO | wxCANCEL | wxICON_QUESTION);
    ask.SetExtendedMessage(_("Your changes will be lost if you don't save them."));
    ask.SetYesNoLabels("&Save", "&Don't Save");
    switch (ask.ShowModal()) {
    case wxID_YES:
        return save();
    case wxID_NO:
        return true;
    default:
        return false;
    }
}

void MainFrame::onClose(wxCloseEvent& event)
{
    if (event.CanVeto() && !confirmDiscard()) {
        event.Veto();
        return;
    }
    m_autosaveTimer.Stop();
    if (m_recovery)
        m_recovery->discardOwn();
    if (m_rememberRecent) {
        try {
            const std::filesystem::path folder = editorConfigDir();
            std::filesystem::create_directories(folder);
            core::io::writeFileAtomically(folder / "layout.txt", m_aui.SavePerspective().utf8_string() + "\n");
        } catch (const std::exception&) {
            // The layout is a convenience: closing never fails over it.
        }
    }
    Destroy();
}

void MainFrame::documentEdited()
{
    ++m_editCount;
    m_problems->scheduleRefresh();
    m_properties->refresh();
    m_canvas->documentChanged();
    rebuildLayers();
    updateTitle();
}

void MainFrame::selectionChanged()
{
    syncTreeSelection();
    m_properties->refresh();
    notifyAll(m_selectionCallbacks);
}

void MainFrame::updateTitle()
{
    wxString title = _("sandtable editor");
    if (m_document) {
        const std::string name = m_document->path().empty() ? std::string("untitled") : m_document->path().filename().string();
        title = wxString::FromUTF8((isModified() ? "*" : "") + name) + " - " + title;
    }
    SetTitle(title);
}

void MainFrame::updateScale()
{
    const ViewTransform& view = m_canvas->view();
    wxString text = wxString::FromUTF8(formatScale(view.scaleDenominator()) + "   "
        + core::i18n::format(translated("{1} m/px"), {core::i18n::formatFigure(1.0 / view.scale(), 1.0 / view.scale() >= 10 ? 1 : 2)}));
    if (m_document && m_document->scenario().settings.scaleDenominator > 1.0)
        text += "   " + wxString::Format(_("game %s"), wxString::FromUTF8(formatScale(m_document->scenario().settings.scaleDenominator)));
    SetStatusText(text, kScaleField);
}

void MainFrame::updateTool()
{
    const auto& tool = m_canvas->tool();
    if (!tool) {
        SetStatusText(_("Select"), kToolField);
        return;
    }
    // The tool as the person knows it: the label of the menu command that starts it, in their language
    // (issue 46 item 4: the status bar showed ids such as "gcp.add" and "setup.place").
    std::string id = tool->name();
    std::replace(id.begin(), id.end(), '-', '_');
    wxString label;
    if (id == "measure")
        id = "view.measure";
    if (const ActionInfo* action = m_actions.find(id))
        label = wxStripMenuCodes(wxGetTranslation(wxString::FromUTF8(action->label)));
    else if (id == "gcp.add")
        label = _("Add GCP");
    else if (id == "grid.drag_origin")
        label = _("Move the grid's origin");
    else
        label = wxString::FromUTF8(tool->name());
    label.Replace("...", "");
    SetStatusText(wxString::Format(_("Tool: %s"), label), kToolField);
}

void MainFrame::showCursor(std::optional<core::Coordinate> world)
{
    if (!world || !m_document) {
        SetStatusText("", kCursorField);
        return;
    }
    wxString text = wxString::Format("E %.1f  N %.1f m", world->x, world->y);
    // At game scale: centimetres on the printed map from its south-west corner.
    const core::ScenarioSettings& settings = m_document->scenario().settings;
    if (settings.extent && settings.scaleDenominator > 0.0)
        text += wxString::Format("  |  map %.1f, %.1f cm", (world->x - settings.extent->minX) * 100.0 / settings.scaleDenominator,
            (world->y - settings.extent->minY) * 100.0 / settings.scaleDenominator);
    SetStatusText(text, kCursorField);
}

} // namespace sandtable::editor::ui
