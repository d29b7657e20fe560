// SPDX-License-Identifier: GPL-3.0-or-later
// The panes of the terrain and set-up tools: the terrain-class palette, the OOB tree (drag units between
// formations, or onto the map to place them) and the reinforcement schedule.
#include "tools_internal.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/logic/tools/oob_model.hpp"
#include "sandtable/editor/ui/map_canvas.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/aui/framemanager.h>
#include <wx/bitmap.h>
#include <wx/button.h>
#include <wx/clrpicker.h>
#include <wx/dcmemory.h>
#include <wx/imaglist.h>
#include <wx/listctrl.h>
#include <wx/panel.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/treectrl.h>
#include <wx/utils.h>
#include <wx/wrapsizer.h>

#include <map>

namespace sandtable::editor::ui::tools {

namespace {

wxString fromUtf8(const std::string& text) { return wxString::FromUTF8(text.c_str()); }

/// Keeps a subscription to whichever document the workbench has open and calls `changed` after every
/// edit, undo and redo, and after the document is replaced.
class DocumentWatch {
public:
    DocumentWatch(Workbench& workbench, std::function<void()> changed)
        : m_workbench(workbench), m_changed(std::move(changed))
    {
        subscribe();
        workbench.onDocumentReplaced([this] {
            // The previous document is still alive while these callbacks run.
            if (m_document && m_handle)
                m_document->unsubscribe(m_handle);
            m_document = nullptr;
            subscribe();
            m_changed();
        });
    }

private:
    void subscribe()
    {
        m_document = m_workbench.document();
        m_handle = m_document ? m_document->subscribe([this](const core::document::Edit&) { m_changed(); }) : 0;
    }

    Workbench& m_workbench;
    std::function<void()> m_changed;
    core::document::Document* m_document = nullptr;
    int m_handle = 0;
};

wxBitmap colourSwatch(const wxColour& colour)
{
    wxBitmap bitmap(16, 12);
    wxMemoryDC dc(bitmap);
    dc.SetBackground(wxBrush(colour));
    dc.Clear();
    dc.SetPen(wxPen(wxColour(80, 80, 80)));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(0, 0, 16, 12);
    dc.SelectObject(wxNullBitmap);
    return bitmap;
}

wxBitmap swatchBitmap(const std::string& terrainClass) { return colourSwatch(swatchColour(terrainClass)); }

// ---------------------------------------------------------------------------------------------------
class PalettePane final : public wxPanel {
public:
    PalettePane(wxWindow* parent, std::shared_ptr<ToolsContext> context)
        : wxPanel(parent), m_context(std::move(context)), m_images(16, 12, true)
    {
        m_list = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
        m_list->AppendColumn(_("Class"), wxLIST_FORMAT_LEFT, 120);
        m_list->AppendColumn(_("Drawn as"), wxLIST_FORMAT_LEFT, 70);
        m_list->AppendColumn(_("Legend"), wxLIST_FORMAT_LEFT, 160);
        m_list->SetImageList(&m_images, wxIMAGE_LIST_SMALL);
        auto* draw = new wxButton(this, wxID_ANY, _("Draw"));
        auto* setClass = new wxButton(this, wxID_ANY, _("Set class of selection"));
        auto* buttons = new wxBoxSizer(wxHORIZONTAL);
        buttons->Add(draw, 0, wxRIGHT, 4);
        buttons->Add(setClass, 1);
        auto* sizer = new wxBoxSizer(wxVERTICAL);
        sizer->Add(m_list, 1, wxEXPAND);
        sizer->Add(buttons, 0, wxEXPAND | wxALL, 4);
        SetSizer(sizer);

        m_list->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& event) {
            const auto index = static_cast<std::size_t>(event.GetIndex());
            if (!m_syncing && index < m_entries.size())
                m_context->setCurrentClass(m_entries[index].id);
        });
        m_list->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent&) { m_context->workbench.runCommand("terrain.draw_current"); });
        draw->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { m_context->workbench.runCommand("terrain.draw_current"); });
        setClass->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { m_context->workbench.runCommand("terrain.set_class"); });
        m_context->classListeners.push_back([this] { showCurrent(); });
        m_watch = std::make_unique<DocumentWatch>(m_context->workbench, [this] { rebuild(); });
        rebuild();
    }

private:
    static wxString drawnAs(editor::tools::DrawKind kind) { return wxString::FromUTF8(geometryWord(kind)); }

    void rebuild()
    {
        const core::document::Document* document = m_context->workbench.document();
        const core::Scenario empty;
        auto entries = editor::tools::paletteClasses(document ? document->scenario() : empty);
        const bool same = entries.size() == m_entries.size()
            && std::equal(entries.begin(), entries.end(), m_entries.begin(),
                [](const auto& a, const auto& b) { return a.id == b.id && a.kind == b.kind; });
        if (same && m_list->GetItemCount() > 0)
            return;
        m_entries = std::move(entries);
        m_syncing = true;
        m_list->DeleteAllItems();
        m_images.RemoveAll();
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            const auto& e = m_entries[i];
            const int image = m_images.Add(swatchBitmap(e.id));
            // The class id is the scenario's own word (files, the CLI, rules); how it is drawn and its
            // legend label are the reader's.
            const long row = m_list->InsertItem(static_cast<long>(i), fromUtf8(e.id) + (e.custom ? wxString(" ") + _("(custom)") : wxString()), image);
            m_list->SetItem(row, 1, drawnAs(e.kind));
            const core::style::TerrainStyle& style = core::style::terrainStyle(e.id, core::Attributes());
            m_list->SetItem(row, 2, style.terrainClass.empty() ? _("scenario terrain") : wxGetTranslation(fromUtf8(std::string(style.legend))));
        }
        // Each column as wide as its longest text (the pane scrolls sideways rather than cut a word).
        for (int column = 0; column < m_list->GetColumnCount(); ++column)
            m_list->SetColumnWidth(column, m_entries.empty() ? wxLIST_AUTOSIZE_USEHEADER : wxLIST_AUTOSIZE);
        m_syncing = false;
        showCurrent();
    }

    void showCurrent()
    {
        m_syncing = true;
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            const bool current = m_entries[i].id == m_context->currentClass;
            m_list->SetItemState(static_cast<long>(i), current ? wxLIST_STATE_SELECTED | wxLIST_STATE_FOCUSED : 0,
                wxLIST_STATE_SELECTED | wxLIST_STATE_FOCUSED);
            if (current)
                m_list->EnsureVisible(static_cast<long>(i));
        }
        m_syncing = false;
    }

    std::shared_ptr<ToolsContext> m_context;
    wxListCtrl* m_list = nullptr;
    wxImageList m_images;
    std::vector<editor::tools::PaletteEntry> m_entries;
    std::unique_ptr<DocumentWatch> m_watch;
    bool m_syncing = false;
};

// ---------------------------------------------------------------------------------------------------
class OobItemData final : public wxTreeItemData {
public:
    OobItemData(editor::tools::OobNode::Kind nodeKind, std::string nodeId) : kind(nodeKind), id(std::move(nodeId)) {}
    editor::tools::OobNode::Kind kind;
    std::string id;
};

bool sameTree(const std::vector<editor::tools::OobNode>& a, const std::vector<editor::tools::OobNode>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].kind != b[i].kind || a[i].id != b[i].id || a[i].label != b[i].label || a[i].placed != b[i].placed
            || a[i].colour != b[i].colour || !sameTree(a[i].children, b[i].children))
            return false;
    return true;
}

class OobPane final : public wxPanel {
public:
    OobPane(wxWindow* parent, std::shared_ptr<ToolsContext> context)
        : wxPanel(parent), m_context(std::move(context)), m_images(16, 12, true)
    {
        // Authoring (issue 46 item 2): each button runs the Order of Battle menu's command.
        auto* buttons = new wxWrapSizer(wxHORIZONTAL);
        const auto button = [&](const wxString& label, const wxString& tip, const char* command) {
            auto* b = new wxButton(this, wxID_ANY, label, wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
            b->SetToolTip(tip);
            b->Bind(wxEVT_BUTTON, [this, command](wxCommandEvent&) { m_context->workbench.runCommand(command); });
            m_buttons.emplace_back(b, command);
            buttons->Add(b, 0, wxRIGHT | wxBOTTOM, 2);
        };
        button(_("+ Side"), _("Add a side"), "oob.add_side");
        button(_("+ Formation"), _("Add a formation under the selection"), "oob.add_formation");
        button(_("+ Unit"), _("Add a unit to the selected formation"), "oob.add_unit");
        button(_("Rename"), _("Rename the selection (F2)"), "oob.rename");
        button(_("Delete"), _("Delete the selection with what is in it"), "oob.delete");
        button(wxString::FromUTF8("\u25B2"), _("Move the selection up (Alt+Up)"), "oob.move_up");
        button(wxString::FromUTF8("\u25BC"), _("Move the selection down (Alt+Down)"), "oob.move_down");
        m_colour = new wxColourPickerCtrl(this, wxID_ANY, *wxLIGHT_GREY, wxDefaultPosition, wxSize(40, -1));
        m_colour->SetToolTip(_("The colour of the selected side"));
        buttons->Add(m_colour, 0, wxRIGHT | wxBOTTOM, 2);
        m_tree = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize,
            wxTR_DEFAULT_STYLE | wxTR_HIDE_ROOT | wxTR_SINGLE);
        m_tree->SetImageList(&m_images);
        auto* hint = new wxStaticText(this, wxID_ANY,
            _("Drag a unit onto a formation to move it, onto the map to place it (bold: not on the map)."));
        hint->Wrap(240);
        auto* sizer = new wxBoxSizer(wxVERTICAL);
        sizer->Add(buttons, 0, wxEXPAND | wxALL, 2);
        sizer->Add(m_tree, 1, wxEXPAND);
        sizer->Add(hint, 0, wxEXPAND | wxALL, 4);
        SetSizer(sizer);

        m_colour->Bind(wxEVT_COLOURPICKER_CHANGED, [this](wxColourPickerEvent& event) {
            if (const auto side = selectedSide(*m_context))
                setSideColour(*m_context, *side, event.GetColour());
        });
        m_tree->Bind(wxEVT_TREE_SEL_CHANGED, [this](wxTreeEvent& event) { treeSelected(event.GetItem()); });
        m_tree->Bind(wxEVT_TREE_ITEM_ACTIVATED, [this](wxTreeEvent&) { m_context->workbench.runCommand("oob.rename"); });
        m_tree->Bind(wxEVT_TREE_ITEM_GETTOOLTIP, [this](wxTreeEvent& event) { event.SetToolTip(m_tree->GetItemText(event.GetItem())); });
        m_tree->Bind(wxEVT_TREE_BEGIN_DRAG, [this](wxTreeEvent& event) {
            const auto* data = itemData(event.GetItem());
            if (data && data->kind == editor::tools::OobNode::Kind::Unit) {
                m_dragged = data->id;
                event.Allow();
            } else if (data && data->kind == editor::tools::OobNode::Kind::Formation) {
                m_draggedFormation = data->id; // re-parented where it is dropped (issue 20 item 1)
                event.Allow();
            }
        });
        m_tree->Bind(wxEVT_TREE_END_DRAG, [this](wxTreeEvent& event) { endDrag(event); });
        m_context->workbench.onSelectionChanged([this] {
            followSelection();
            updateButtons();
        });
        m_watch = std::make_unique<DocumentWatch>(m_context->workbench, [this] {
            rebuild();
            updateButtons();
        });
        rebuild();
        updateButtons();
    }

private:
    const OobItemData* itemData(const wxTreeItemId& item) const
    {
        return item.IsOk() ? dynamic_cast<const OobItemData*>(m_tree->GetItemData(item)) : nullptr;
    }

    void rebuild()
    {
        const core::document::Document* document = m_context->workbench.document();
        auto tree = document ? editor::tools::buildOobTree(document->scenario()) : std::vector<editor::tools::OobNode>{};
        if (sameTree(tree, m_nodes) && m_tree->GetCount() > 0)
            return;
        m_nodes = std::move(tree);
        m_syncing = true;
        m_tree->Freeze();
        m_tree->DeleteAllItems();
        m_items.clear();
        m_images.RemoveAll();
        const wxTreeItemId root = m_tree->AddRoot("OOB");
        for (const auto& side : m_nodes)
            add(root, side);
        m_tree->ExpandAll();
        m_tree->Thaw();
        m_syncing = false;
        followSelection();
    }

    void add(const wxTreeItemId& parent, const editor::tools::OobNode& node)
    {
        // A side shows its colour, as its blocks are drawn (grey when it has none).
        int image = -1;
        if (node.kind == editor::tools::OobNode::Kind::Side && !node.id.empty()) {
            const wxColour colour(fromUtf8(node.colour));
            image = m_images.Add(colourSwatch(colour.IsOk() ? colour : wxColour(77, 77, 77)));
        }
        const wxTreeItemId item = m_tree->AppendItem(parent, fromUtf8(node.label), image, image, new OobItemData(node.kind, node.id));
        if (node.kind == editor::tools::OobNode::Kind::Unit && !node.placed)
            m_tree->SetItemBold(item);
        if (!node.id.empty())
            m_items[{static_cast<int>(node.kind), node.id}] = item;
        for (const auto& child : node.children)
            add(item, child);
    }

    static ObjectRef::Kind refKind(editor::tools::OobNode::Kind kind)
    {
        switch (kind) {
        case editor::tools::OobNode::Kind::Side:
            return ObjectRef::Kind::Side;
        case editor::tools::OobNode::Kind::Formation:
            return ObjectRef::Kind::Formation;
        case editor::tools::OobNode::Kind::Unit:
            return ObjectRef::Kind::Unit;
        }
        return ObjectRef::Kind::Unit;
    }

    void treeSelected(const wxTreeItemId& item)
    {
        if (m_syncing)
            return;
        const auto* data = itemData(item);
        if (!data || data->id.empty())
            return;
        m_syncing = true;
        m_context->workbench.select(ObjectRef{refKind(data->kind), data->id}, false);
        m_syncing = false;
    }

    void followSelection()
    {
        if (m_syncing)
            return;
        const auto ref = m_context->workbench.selected();
        m_syncing = true;
        if (ref) {
            for (const auto kind : {editor::tools::OobNode::Kind::Side, editor::tools::OobNode::Kind::Formation,
                     editor::tools::OobNode::Kind::Unit})
                if (refKind(kind) == ref->kind) {
                    const auto it = m_items.find({static_cast<int>(kind), ref->id});
                    if (it != m_items.end()) {
                        m_tree->SelectItem(it->second);
                        m_tree->EnsureVisible(it->second);
                    }
                }
        } else if (m_tree->GetSelection().IsOk()) {
            m_tree->Unselect();
        }
        m_syncing = false;
    }

    /// A formation dropped on another formation (or on one of its units) goes under it; dropped on its
    /// side, to the top level. One undo step (core::document::operations::setFormationParent, which refuses a cycle).
    void endFormationDrag(wxTreeEvent& event, const std::string& formation)
    {
        const core::document::Document* document = m_context->workbench.document();
        if (!document)
            return;
        wxTreeItemId target = event.GetItem();
        const auto* data = itemData(target);
        if (data && data->kind == editor::tools::OobNode::Kind::Unit)
            data = itemData(m_tree->GetItemParent(target));
        if (!data || data->id == formation)
            return;
        std::optional<core::FormationId> parent;
        if (data->kind == editor::tools::OobNode::Kind::Formation)
            parent = core::FormationId(data->id);
        try {
            m_context->apply(core::document::operations::setFormationParent(document->scenario(), core::FormationId(formation), parent),
                translated("Move formation"));
        } catch (const std::exception& e) {
            m_context->workbench.showError(translated("Move formation"), e.what());
        }
    }

    void endDrag(wxTreeEvent& event)
    {
        if (const std::string formation = std::exchange(m_draggedFormation, std::string()); !formation.empty()) {
            endFormationDrag(event, formation);
            return;
        }
        const std::string unit = std::exchange(m_dragged, std::string());
        const core::document::Document* document = m_context->workbench.document();
        if (unit.empty() || !document)
            return;
        // Released over the map: place the block there, at true size.
        MapCanvas& canvas = m_context->workbench.canvas();
        const wxPoint onCanvas = canvas.ScreenToClient(wxGetMousePosition());
        if (wxRect(canvas.GetClientSize()).Contains(onCanvas) && !m_tree->GetScreenRect().Contains(wxGetMousePosition())) {
            const core::Coordinate world = canvas.view().screenToWorld(
                {static_cast<double>(onCanvas.x), static_cast<double>(onCanvas.y)});
            placeUnitAt(*m_context, core::UnitId(unit), world);
            return;
        }
        // Released on a formation (or on one of its units): move the unit to that formation.
        wxTreeItemId target = event.GetItem();
        const auto* data = itemData(target);
        if (data && data->kind == editor::tools::OobNode::Kind::Unit)
            data = itemData(m_tree->GetItemParent(target));
        if (!data || data->kind != editor::tools::OobNode::Kind::Formation)
            return;
        try {
            m_context->apply(editor::tools::moveToFormationEdit(document->scenario(), core::UnitId(unit),
                                 core::FormationId(data->id)),
                translated("Move unit"));
        } catch (const std::exception& e) {
            m_context->workbench.showError(translated("Move unit"), e.what());
        }
    }

    /// Buttons enabled as their commands are; the colour button shows the selected side's colour.
    void updateButtons()
    {
        for (auto& [b, command] : m_buttons)
            b->Enable(m_context->workbench.isCommandEnabled(command));
        // The colour button is the selected side's (the Side Colour command also takes a formation's or unit's side).
        const auto ref = m_context->workbench.selected();
        const auto side = ref && ref->kind == ObjectRef::Kind::Side ? selectedSide(*m_context) : std::nullopt;
        m_colour->Enable(side.has_value());
        if (!side)
            m_colour->SetColour(wxColour(200, 200, 200));
        if (side) {
            const wxColour colour(fromUtf8(m_context->workbench.document()->scenario().findSide(*side)->colour));
            m_colour->SetColour(colour.IsOk() ? colour : wxColour(77, 77, 77));
        }
    }

    std::shared_ptr<ToolsContext> m_context;
    wxImageList m_images;
    std::vector<std::pair<wxButton*, std::string>> m_buttons;
    wxColourPickerCtrl* m_colour = nullptr;
    wxTreeCtrl* m_tree = nullptr;
    std::vector<editor::tools::OobNode> m_nodes;
    std::map<std::pair<int, std::string>, wxTreeItemId> m_items;
    std::unique_ptr<DocumentWatch> m_watch;
    std::string m_dragged;
    std::string m_draggedFormation;
    bool m_syncing = false;
};

// ---------------------------------------------------------------------------------------------------
class ReinforcementPane final : public wxPanel {
public:
    ReinforcementPane(wxWindow* parent, std::shared_ptr<ToolsContext> context)
        : wxPanel(parent), m_context(std::move(context))
    {
        m_list = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
        m_list->AppendColumn(_("Arrives"), wxLIST_FORMAT_LEFT, 110);
        m_list->AppendColumn(_("Unit"), wxLIST_FORMAT_LEFT, 150);
        m_list->AppendColumn(_("Side"), wxLIST_FORMAT_LEFT, 100);
        m_list->AppendColumn(_("Entry"), wxLIST_FORMAT_LEFT, 160);
        auto* sizer = new wxBoxSizer(wxVERTICAL);
        sizer->Add(m_list, 1, wxEXPAND);
        SetSizer(sizer);
        m_list->Bind(wxEVT_LIST_ITEM_SELECTED, [this](wxListEvent& event) {
            const auto index = static_cast<std::size_t>(event.GetIndex());
            if (m_syncing || index >= m_rows.size())
                return;
            m_syncing = true;
            m_context->workbench.select(ObjectRef{ObjectRef::Kind::Unit, m_rows[index].unit.str()}, false);
            m_syncing = false;
        });
        m_context->workbench.onSelectionChanged([this] { followSelection(); });
        m_watch = std::make_unique<DocumentWatch>(m_context->workbench, [this] { rebuild(); });
        rebuild();
    }

private:
    void rebuild()
    {
        const core::document::Document* document = m_context->workbench.document();
        auto rows = document ? editor::tools::reinforcementSchedule(document->scenario())
                             : std::vector<editor::tools::ReinforcementRow>{};
        // The map gets the room (issue 24 item 5): with no reinforcements the pane folds away, and comes
        // back when the scenario gets some (View > Show Reinforcements shows it at any time).
        wxAuiPaneInfo& pane = m_context->workbench.panes().GetPane("reinforcements");
        if (pane.IsOk()) {
            if (rows.empty() && pane.IsShown() && !m_folded) {
                pane.Hide();
                m_folded = true;
                m_context->workbench.panes().Update();
            } else if (!rows.empty() && m_folded) {
                pane.Show();
                m_folded = false;
                m_context->workbench.panes().Update();
            }
        }
        const bool same = rows.size() == m_rows.size()
            && std::equal(rows.begin(), rows.end(), m_rows.begin(), [](const auto& a, const auto& b) {
                   return a.unit == b.unit && a.when == b.when && a.entry == b.entry && a.unitName == b.unitName;
               });
        if (same)
            return;
        m_rows = std::move(rows);
        m_syncing = true;
        m_list->DeleteAllItems();
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            const auto& r = m_rows[i];
            const long row = m_list->InsertItem(static_cast<long>(i), fromUtf8(r.when));
            m_list->SetItem(row, 1, fromUtf8(r.unitName));
            m_list->SetItem(row, 2, fromUtf8(r.side));
            m_list->SetItem(row, 3, fromUtf8(r.entry));
        }
        m_syncing = false;
        followSelection();
    }

    void followSelection()
    {
        if (m_syncing)
            return;
        const auto ref = m_context->workbench.selected();
        m_syncing = true;
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            const bool selected = ref && ref->kind == ObjectRef::Kind::Unit && ref->id == m_rows[i].unit.str();
            m_list->SetItemState(static_cast<long>(i), selected ? wxLIST_STATE_SELECTED : 0, wxLIST_STATE_SELECTED);
        }
        m_syncing = false;
    }

    std::shared_ptr<ToolsContext> m_context;
    wxListCtrl* m_list = nullptr;
    bool m_folded = false; ///< hidden by rebuild() for want of rows, not by the user
    std::vector<editor::tools::ReinforcementRow> m_rows;
    std::unique_ptr<DocumentWatch> m_watch;
    bool m_syncing = false;
};

void addPane(Workbench& workbench, wxWindow* window, const char* name, const char* caption, const char* command,
    int side, wxSize best)
{
    wxAuiPaneInfo info;
    info.Name(name).Caption(wxGetTranslation(caption)).BestSize(best).MinSize(wxSize(160, 120)).Direction(side).Layer(1);
    workbench.panes().AddPane(window, info);
    // Composed here in the editor's language (no catalogue holds "Show <caption>" itself).
    const wxString shown = wxGetTranslation(caption);
    workbench.addCommand({command, wxString::Format(_("Show %s"), shown).utf8_string(), "",
                             wxString::Format(_("Show the %s pane"), shown).utf8_string()},
        [&workbench, name] {
            wxAuiPaneInfo& pane = workbench.panes().GetPane(name);
            if (pane.IsOk()) {
                pane.Show();
                workbench.panes().Update();
            }
        },
        [] { return true; });
}

} // namespace

void addPalettePane(const std::shared_ptr<ToolsContext>& context)
{
    auto* pane = new PalettePane(context->workbench.window(), context);
    addPane(context->workbench, pane, "terrain_classes", wxTRANSLATE("Terrain classes"), "view.terrain_classes", wxAUI_DOCK_RIGHT,
        wxSize(230, 360));
}

void addOobPane(const std::shared_ptr<ToolsContext>& context)
{
    auto* pane = new OobPane(context->workbench.window(), context);
    addPane(context->workbench, pane, "oob_tree", wxTRANSLATE("Order of battle"), "view.oob_tree", wxAUI_DOCK_RIGHT, wxSize(280, 360));
}

void addReinforcementPane(const std::shared_ptr<ToolsContext>& context)
{
    auto* pane = new ReinforcementPane(context->workbench.window(), context);
    addPane(context->workbench, pane, "reinforcements", wxTRANSLATE("Reinforcements"), "view.reinforcements", wxAUI_DOCK_BOTTOM,
        wxSize(520, 140));
}

} // namespace sandtable::editor::ui::tools
