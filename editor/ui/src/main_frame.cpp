// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: menus bound from the action registry, the layers pane, status bar and Document life.
#include "sandtable/editor/ui/main_frame.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/editor/logic/hit_test.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/ui/error_dialog.hpp"
#include "sandtable/editor/ui/map_canvas.hpp"

#include <wx/filedlg.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/statusbr.h>

#include <cmath>
#include <map>
#include <vector>

namespace sandtable::editor::ui {

namespace {

enum StatusField { kMessageField = 0, kCursorField = 1, kScaleField = 2 };

/// Stock ids give GTK's icons and standard behaviour; other actions get fresh ids.
int windowIdFor(const std::string& action)
{
    static const std::map<std::string, int> stock = {{"file.open", wxID_OPEN}, {"file.save", wxID_SAVE},
        {"file.save_as", wxID_SAVEAS}, {"file.quit", wxID_EXIT}, {"edit.undo", wxID_UNDO}, {"edit.redo", wxID_REDO},
        {"edit.delete", wxID_DELETE}, {"view.zoom_in", wxID_ZOOM_IN}, {"view.zoom_out", wxID_ZOOM_OUT},
        {"view.fit", wxID_ZOOM_FIT}};
    const auto it = stock.find(action);
    return it != stock.end() ? it->second : wxWindow::NewControlId();
}

wxString menuText(const std::string& label, const std::string& shortcut)
{
    wxString text = wxString::FromUTF8(label);
    if (!shortcut.empty())
        text += "\t" + wxString::FromUTF8(shortcut);
    return text;
}

wxString menuTitle(const std::string& menu)
{
    if (menu == "file")
        return "&File";
    if (menu == "edit")
        return "&Edit";
    if (menu == "view")
        return "&View";
    wxString title = wxString::FromUTF8(menu);
    return "&" + title.Left(1).Upper() + title.Mid(1);
}

/// A layers-tree item naming a terrain feature.
class FeatureItem : public wxTreeItemData {
public:
    explicit FeatureItem(core::FeatureId id) : m_id(std::move(id)) {}
    const core::FeatureId& id() const noexcept { return m_id; }

private:
    core::FeatureId m_id;
};

wxString groupedNumber(double value)
{
    const long long rounded = std::llround(value);
    std::string digits = std::to_string(rounded < 0 ? -rounded : rounded);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), ",");
    return wxString::FromUTF8((rounded < 0 ? "-" : "") + digits);
}

} // namespace

MainFrame::MainFrame(bool rememberRecentFiles)
    : wxFrame(nullptr, wxID_ANY, "sandtable editor", wxDefaultPosition, wxSize(1200, 800))
    , m_actions(ActionRegistry::standard())
    , m_rememberRecent(rememberRecentFiles)
{
    if (m_rememberRecent)
        m_recent = RecentFiles::load(editorConfigDir() / "recent-files.txt");
    m_aui.SetManagedWindow(this);
    m_canvas = new MapCanvas(this);
    m_layers = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(260, -1),
        wxTR_DEFAULT_STYLE | wxTR_HIDE_ROOT | wxTR_SINGLE);
    m_aui.AddPane(m_canvas, wxAuiPaneInfo().Name("map").CenterPane());
    m_aui.AddPane(m_layers,
        wxAuiPaneInfo().Name("layers").Caption("Layers").Left().BestSize(260, -1).MinSize(160, -1).CloseButton(false));
    m_aui.Update();

    buildMenus();
    buildStatusBar();
    rebuildLayers();
    updateTitle();

    m_canvas->onCursorMoved = [this](std::optional<core::Coordinate> world) { showCursor(world); };
    m_canvas->onViewChanged = [this] { updateScale(); };
    m_canvas->onSelectionChanged = [this] { syncTreeSelection(); };
    m_canvas->onRasterError = [this](const std::string& error) {
        SetStatusText(wxString::FromUTF8("map raster: " + error), kMessageField);
    };
    m_layers->Bind(wxEVT_TREE_SEL_CHANGED, &MainFrame::onTreeSelection, this);
    Bind(wxEVT_CLOSE_WINDOW, &MainFrame::onClose, this);
}

MainFrame::~MainFrame()
{
    // The canvas outlives this body (wx destroys children later): it must not call back into a frame
    // being destroyed, nor keep the Document that dies with it.
    m_canvas->onCursorMoved = nullptr;
    m_canvas->onViewChanged = nullptr;
    m_canvas->onSelectionChanged = nullptr;
    m_canvas->onRasterError = nullptr;
    if (m_document)
        m_document->unsubscribe(m_subscription);
    m_canvas->setDocument(nullptr, {});
    m_aui.UnInit();
}

void MainFrame::buildMenus()
{
    auto* bar = new wxMenuBar;
    for (const std::string& menuName : m_actions.menus()) {
        auto* menu = new wxMenu;
        for (const ActionInfo* action : m_actions.actionsOf(menuName)) {
            const int id = windowIdFor(action->id);
            m_actionOfId[id] = action->id;
            if (action->id == "file.quit") {
                m_recentMenu = new wxMenu;
                menu->AppendSubMenu(m_recentMenu, "Open &Recent");
                menu->AppendSeparator();
            }
            menu->Append(id, menuText(action->label, action->shortcut), wxString::FromUTF8(action->help));
            Bind(wxEVT_MENU, [this, actionId = action->id](wxCommandEvent&) { onAction(actionId); }, id);
            Bind(wxEVT_UPDATE_UI, &MainFrame::onUpdateUi, this, id);
        }
        bar->Append(menu, menuTitle(menuName));
    }
    SetMenuBar(bar);
    Bind(wxEVT_MENU, &MainFrame::onRecentFile, this, wxID_FILE1, wxID_FILE9);
    rebuildRecentMenu();
}

void MainFrame::buildStatusBar()
{
    CreateStatusBar(3);
    const int widths[3] = {-1, 280, 220};
    SetStatusWidths(3, widths);
}

ActionContext MainFrame::actionContext() const
{
    return ActionContext{m_document.get(), !m_canvas->selection().empty()};
}

void MainFrame::onUpdateUi(wxUpdateUIEvent& event)
{
    const auto it = m_actionOfId.find(event.GetId());
    if (it == m_actionOfId.end())
        return;
    const ActionState state = m_actions.state(it->second, actionContext());
    event.Enable(state.enabled);
    const ActionInfo* info = m_actions.find(it->second);
    const wxString text = menuText(state.label, info->shortcut);
    if (wxMenuItem* item = GetMenuBar()->FindItem(event.GetId()); item && item->GetItemLabel() != text)
        event.SetText(text);
}

void MainFrame::onAction(const std::string& id)
{
    if (!m_actions.state(id, actionContext()).enabled)
        return;
    if (id == "file.open") {
        if (!confirmDiscard())
            return;
        wxFileDialog dialog(this, "Open scenario", "", "", "Scenario files (*.json)|*.json|All files|*",
            wxFD_OPEN | wxFD_FILE_MUST_EXIST);
        if (dialog.ShowModal() == wxID_OK)
            openFile(std::filesystem::path(dialog.GetPath().utf8_string()));
    } else if (id == "file.save") {
        save();
    } else if (id == "file.save_as") {
        saveAs();
    } else if (id == "file.quit") {
        Close();
    } else if (id == "edit.undo") {
        m_document->undo();
    } else if (id == "edit.redo") {
        m_document->redo();
    } else if (id == "edit.delete") {
        const auto& selected = m_canvas->selection().feature();
        try {
            m_document->apply(core::operations::removeFeature(m_document->scenario(), *selected));
        } catch (const std::exception& error) {
            showFailure(this, "Cannot delete the feature", error);
        }
    } else if (id == "view.zoom_in") {
        m_canvas->zoomIn();
    } else if (id == "view.zoom_out") {
        m_canvas->zoomOut();
    } else if (id == "view.fit") {
        m_canvas->fit();
    }
}

std::string MainFrame::openFile(const std::filesystem::path& file, bool quiet)
{
    std::unique_ptr<core::Document> document;
    std::size_t findings = 0;
    try {
        core::LoadedScenario loaded = core::loadScenario(file);
        findings = loaded.diagnostics.size();
        document = std::make_unique<core::Document>(std::move(loaded.scenario), file);
    } catch (const std::exception& error) {
        if (!quiet)
            showFailure(this, "Cannot open " + file.filename().string(), error);
        return error.what();
    }
    if (m_document)
        m_document->unsubscribe(m_subscription);
    m_notice = m_canvas->setDocument(document.get(), file.parent_path());
    m_document = std::move(document);
    m_subscription = m_document->subscribe([this](const core::Edit&) { documentEdited(); });
    if (findings > 0)
        m_notice += (m_notice.empty() ? "" : "; ") + std::to_string(findings) + " rule finding(s) (run sandtable scenario validate)";
    SetStatusText(m_notice.empty() ? wxString("Opened " + file.filename().string()) : wxString::FromUTF8(m_notice),
        kMessageField);
    rebuildLayers();
    updateTitle();
    updateScale();
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
        showFailure(this, "Cannot save " + m_document->path().filename().string(), error);
        return false;
    }
    SetStatusText("Saved " + m_document->path().filename().string(), kMessageField);
    updateTitle();
    return true;
}

bool MainFrame::saveAs()
{
    if (!m_document)
        return false;
    wxFileDialog dialog(this, "Save scenario as", wxString::FromUTF8(m_document->path().parent_path().string()),
        wxString::FromUTF8(m_document->path().filename().string()), "Scenario files (*.json)|*.json",
        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK)
        return false;
    const std::filesystem::path target(dialog.GetPath().utf8_string());
    try {
        m_document->save(target);
    } catch (const std::exception& error) {
        showFailure(this, "Cannot save " + target.filename().string(), error);
        return false;
    }
    SetStatusText("Saved " + target.filename().string(), kMessageField);
    rememberRecent(target);
    updateTitle();
    return true;
}

bool MainFrame::confirmDiscard()
{
    if (!m_document || !m_document->isModified())
        return true;
    wxMessageDialog ask(this, "Save changes to " + m_document->path().filename().string() + "?", "sandtable",
        wxYES_NO | wxCANCEL | wxICON_QUESTION);
    ask.SetExtendedMessage("Your changes will be lost if you don't save them.");
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
    Destroy();
}

void MainFrame::documentEdited()
{
    m_canvas->documentChanged();
    rebuildLayers();
    updateTitle();
}

void MainFrame::updateTitle()
{
    wxString title = "sandtable editor";
    if (m_document) {
        const std::string name = m_document->path().empty() ? std::string("untitled") : m_document->path().filename().string();
        title = wxString::FromUTF8((m_document->isModified() ? "*" : "") + name) + " - " + title;
    }
    SetTitle(title);
}

void MainFrame::updateScale()
{
    const ViewTransform& view = m_canvas->view();
    SetStatusText(wxString::Format("1:%s   %.3g m/px", groupedNumber(view.scaleDenominator()), 1.0 / view.scale()),
        kScaleField);
}

void MainFrame::showCursor(std::optional<core::Coordinate> world)
{
    if (!world || !m_document) {
        SetStatusText("", kCursorField);
        return;
    }
    SetStatusText(wxString::Format("E %.1f  N %.1f m", world->x, world->y), kCursorField);
}

void MainFrame::rebuildLayers()
{
    m_syncingTree = true;
    m_layers->Freeze();
    m_layers->DeleteAllItems();
    const wxTreeItemId root = m_layers->AddRoot("scenario");
    if (m_document) {
        const core::Scenario& scenario = m_document->scenario();
        const wxString map = scenario.map ? wxString::FromUTF8("Map: " + std::filesystem::path(scenario.map->path).filename().string())
                                          : wxString("Map: none");
        m_layers->AppendItem(root, map);
        const wxTreeItemId terrain = m_layers->AppendItem(root, wxString::Format("Terrain (%zu)", scenario.terrain.size()));
        std::map<std::string, std::vector<const core::TerrainFeature*>> byClass;
        for (const auto& feature : scenario.terrain)
            byClass[feature.terrainClass].push_back(&feature);
        for (const auto& [cls, features] : byClass) {
            const wxTreeItemId group = m_layers->AppendItem(terrain, wxString::Format("%s (%zu)", wxString::FromUTF8(cls), features.size()));
            for (const core::TerrainFeature* feature : features) {
                const std::string label = (feature->name.empty() ? feature->id.str() : feature->name + "  [" + feature->id.str() + "]");
                m_layers->AppendItem(group, wxString::FromUTF8(label), -1, -1, new FeatureItem(feature->id));
            }
        }
        m_layers->Expand(terrain);
        const wxTreeItemId units = m_layers->AppendItem(root, wxString::Format("Units (%zu)", scenario.units.size()));
        for (const auto& side : scenario.sides) {
            const wxTreeItemId sideItem = m_layers->AppendItem(units, wxString::FromUTF8(side.name));
            for (const auto& unit : scenario.units)
                if (sideOfUnit(scenario, unit) == side.id)
                    m_layers->AppendItem(sideItem,
                        wxString::FromUTF8(unit.name + (unit.placement ? std::string() : std::string(" (not placed)"))));
        }
    }
    m_layers->Thaw();
    m_syncingTree = false;
    syncTreeSelection();
}

void MainFrame::syncTreeSelection()
{
    const auto& selected = m_canvas->selection().feature();
    m_syncingTree = true;
    if (!selected) {
        m_layers->UnselectAll();
    } else {
        std::vector<wxTreeItemId> stack{m_layers->GetRootItem()};
        while (!stack.empty()) {
            const wxTreeItemId item = stack.back();
            stack.pop_back();
            if (!item.IsOk())
                continue;
            if (const auto* data = dynamic_cast<FeatureItem*>(m_layers->GetItemData(item)); data && data->id() == *selected) {
                m_layers->EnsureVisible(item);
                m_layers->SelectItem(item);
                break;
            }
            wxTreeItemIdValue cookie;
            for (wxTreeItemId child = m_layers->GetFirstChild(item, cookie); child.IsOk();
                 child = m_layers->GetNextChild(item, cookie))
                stack.push_back(child);
        }
    }
    m_syncingTree = false;
}

void MainFrame::onTreeSelection(wxTreeEvent& event)
{
    if (m_syncingTree)
        return;
    const auto* data = dynamic_cast<FeatureItem*>(m_layers->GetItemData(event.GetItem()));
    m_canvas->setSelection(data ? std::optional<core::FeatureId>(data->id()) : std::nullopt);
}

void MainFrame::rememberRecent(const std::filesystem::path& file)
{
    if (!m_rememberRecent)
        return;
    m_recent.add(file);
    try {
        m_recent.save(editorConfigDir() / "recent-files.txt");
    } catch (const std::exception& error) {
        SetStatusText(wxString::FromUTF8(std::string("recent files not kept: ") + error.what()), kMessageField);
    }
    rebuildRecentMenu();
}

void MainFrame::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    while (m_recentMenu->GetMenuItemCount() > 0)
        m_recentMenu->Destroy(m_recentMenu->FindItemByPosition(0));
    const auto& files = m_recent.files();
    for (std::size_t i = 0; i < files.size() && i < 9; ++i)
        m_recentMenu->Append(wxID_FILE1 + static_cast<int>(i),
            wxString::Format("&%zu %s", i + 1, wxString::FromUTF8(files[i].string())));
    if (files.empty())
        m_recentMenu->Append(wxID_ANY, "(none)")->Enable(false);
}

void MainFrame::onRecentFile(wxCommandEvent& event)
{
    const std::size_t index = static_cast<std::size_t>(event.GetId() - wxID_FILE1);
    if (index >= m_recent.files().size() || !confirmDiscard())
        return;
    const std::filesystem::path file = m_recent.files()[index];
    if (!openFile(file).empty()) {
        m_recent.remove(file);
        rebuildRecentMenu();
    }
}

} // namespace sandtable::editor::ui
