// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's Layers tree: the map, reference layers, terrain by class and units by side, kept in step
// with the canvas selection both ways (split from main_frame.cpp by concern).
#include "sandtable/editor/ui/main_frame.hpp"

#include "sandtable/editor/logic/terrain_style.hpp"
#include "sandtable/editor/ui/map_canvas.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/treectrl.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace sandtable::editor::ui {
namespace {

/// A layers-tree item naming an object of the scenario.
class ObjectItem : public wxTreeItemData {
public:
    explicit ObjectItem(ObjectRef object) : m_object(std::move(object)) {}
    const ObjectRef& object() const noexcept { return m_object; }

private:
    ObjectRef m_object;
};

} // namespace

void MainFrame::rebuildLayers()
{
    m_syncingTree = true;
    m_layers->Freeze();
    m_layers->DeleteAllItems();
    const wxTreeItemId root = m_layers->AddRoot("scenario");
    if (m_document) {
        const core::Scenario& scenario = m_document->scenario();
        const wxString map = scenario.map
            ? wxString::Format(_("Map: %s"), wxString::FromUTF8(std::filesystem::path(scenario.map->path).filename().string()))
            : _("Map: none");
        m_layers->AppendItem(root, map);
        if (!scenario.references.empty()) {
            const wxTreeItemId refs = m_layers->AppendItem(root, wxString::Format(_("Reference layers (%zu)"), scenario.references.size()));
            for (const core::ReferenceLayer& r : scenario.references) {
                wxString details = wxString::FromUTF8(core::toString(r.kind));
                if (r.hillshade)
                    details += _(", hillshade");
                details += wxString::Format(", %d%%, ", static_cast<int>(std::lround(r.opacity * 100)));
                details += r.overScan ? _("over the scan") : _("under the scan");
                if (!r.visible)
                    details += _(", hidden");
                m_layers->AppendItem(refs, wxString::FromUTF8(r.name) + "  (" + details + ")");
            }
            m_layers->Expand(refs);
        }
        const wxTreeItemId terrain = m_layers->AppendItem(root, wxString::Format(_("Terrain (%zu)"), scenario.terrain.size()));
        std::map<std::string, std::vector<const core::TerrainFeature*>> byClass;
        for (const auto& feature : scenario.terrain)
            byClass[feature.terrainClass].push_back(&feature);
        for (const auto& [cls, features] : byClass) {
            const wxTreeItemId group = m_layers->AppendItem(terrain, wxString::Format("%s (%zu)", wxString::FromUTF8(cls), features.size()));
            for (const core::TerrainFeature* feature : features) {
                const std::string label = (feature->name.empty() ? feature->id.str() : feature->name + "  [" + feature->id.str() + "]");
                m_layers->AppendItem(group, wxString::FromUTF8(label), -1, -1,
                    new ObjectItem(ObjectRef{ObjectRef::Kind::Feature, feature->id.str()}));
            }
        }
        m_layers->Expand(terrain);
        const wxTreeItemId units = m_layers->AppendItem(root, wxString::Format(_("Units (%zu)"), scenario.units.size()));
        for (const auto& side : scenario.sides) {
            const wxTreeItemId sideItem = m_layers->AppendItem(units, wxString::FromUTF8(side.name), -1, -1,
                new ObjectItem(ObjectRef{ObjectRef::Kind::Side, side.id.str()}));
            for (const auto& unit : scenario.units)
                if (sideOfUnit(scenario, unit) == side.id)
                    m_layers->AppendItem(sideItem,
                        wxString::FromUTF8(unit.name + (unit.placement ? std::string() : std::string(" (not placed)"))),
                        -1, -1, new ObjectItem(ObjectRef{ObjectRef::Kind::Unit, unit.id.str()}));
        }
    }
    m_layers->Thaw();
    m_syncingTree = false;
    syncTreeSelection();
    fitLayersPane();
}

void MainFrame::fitLayersPane()
{
    // The pane grows (up to 210 px, so that the map keeps half of a 1600 px window beside a workspace) to show
    // the map's name and the expanded groups' items; longer ones scroll, and every item shows its whole text as a
    // tool tip.
    int widest = 0;
    wxTreeItemIdValue cookie;
    const wxTreeItemId root = m_layers->GetRootItem();
    if (!root.IsOk())
        return;
    for (wxTreeItemId item = m_layers->GetFirstChild(root, cookie); item.IsOk(); item = m_layers->GetNextChild(root, cookie)) {
        widest = std::max(widest, m_layers->GetTextExtent(m_layers->GetItemText(item)).GetWidth() + 40);
        if (m_layers->IsExpanded(item)) { // the reference layers, the terrain classes
            wxTreeItemIdValue inner;
            for (wxTreeItemId child = m_layers->GetFirstChild(item, inner); child.IsOk(); child = m_layers->GetNextChild(item, inner))
                widest = std::max(widest, m_layers->GetTextExtent(m_layers->GetItemText(child)).GetWidth() + 60);
        }
    }
    wxAuiPaneInfo& pane = m_aui.GetPane(m_layers);
    const int wanted = std::min(widest, 210);
    // Only new, wider content widens it, once: a width the person gave the pane stays (issue 46 item 4: it
    // re-widened itself after every GCP).
    if (!pane.IsOk() || wanted <= m_layersFittedWidth)
        return;
    m_layersFittedWidth = wanted;
    if (m_layers->GetSize().GetWidth() >= wanted)
        return;
    pane.BestSize(wanted, -1).MinSize(wanted, -1).Fixed();
    m_aui.Update();
    pane.MinSize(160, -1).Resizable();
    m_aui.Update();
}

void MainFrame::syncTreeSelection()
{
    const auto& selected = m_canvas->selection().object();
    m_syncingTree = true;
    if (!selected) {
        m_layers->UnselectAll();
    } else {
        std::vector<wxTreeItemId> stack{m_layers->GetRootItem()};
        bool found = false;
        while (!stack.empty()) {
            const wxTreeItemId item = stack.back();
            stack.pop_back();
            if (!item.IsOk())
                continue;
            if (const auto* data = dynamic_cast<ObjectItem*>(m_layers->GetItemData(item)); data && data->object() == *selected) {
                m_layers->EnsureVisible(item);
                m_layers->SelectItem(item);
                found = true;
                break;
            }
            wxTreeItemIdValue cookie;
            for (wxTreeItemId child = m_layers->GetFirstChild(item, cookie); child.IsOk();
                 child = m_layers->GetNextChild(item, cookie))
                stack.push_back(child);
        }
        if (!found)
            m_layers->UnselectAll();
    }
    m_syncingTree = false;
}

void MainFrame::onTreeSelection(wxTreeEvent& event)
{
    if (m_syncingTree)
        return;
    const auto* data = dynamic_cast<ObjectItem*>(m_layers->GetItemData(event.GetItem()));
    m_canvas->setSelection(data ? std::optional<ObjectRef>(data->object()) : std::nullopt);
}

} // namespace sandtable::editor::ui
