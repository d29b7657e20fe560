// SPDX-License-Identifier: GPL-3.0-or-later
// The Georeference pane's row for the named places read off the scan (VASSAL zones and regions): a place,
// the terrain class it becomes, and "Make terrain", which runs core::document::operations::placesToTerrain through
// the scan's georeference (geo::scanToWorking), the operation `terrain places` runs.
#include "panes_internal.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/geo/georeference_scan.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <set>

namespace sandtable::editor::ui::panes {

ScanPlacesBar::ScanPlacesBar(wxWindow* parent, Workbench& workbench) : wxPanel(parent, wxID_ANY), m_workbench(workbench)
{
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    m_label = new wxStaticText(this, wxID_ANY, _("Place"));
    row->Add(m_label, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_place = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxSize(180, -1));
    m_place->SetToolTip(_("A named place read off the scan (a VASSAL zone or region), drawn dashed on the scan"));
    row->Add(m_place, 0, wxRIGHT, 8);
    row->Add(new wxStaticText(this, wxID_ANY, _("as")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    m_class = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxSize(140, -1));
    row->Add(m_class, 0, wxRIGHT, 8);
    m_make = new wxButton(this, wxID_ANY, _("Make terrain")); // its tool tip says what it needs (refresh)
    row->Add(m_make, 0);
    SetSizer(row);
    m_place->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { fillClasses(); });
    m_make->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { make(); });
}

const std::vector<core::ScanPlace>& ScanPlacesBar::places() const
{
    static const std::vector<core::ScanPlace> none;
    const core::document::Document* doc = m_workbench.document();
    return doc && doc->scenario().map ? doc->scenario().map->places : none;
}

void ScanPlacesBar::refresh()
{
    const std::string chosen = m_place->GetStringSelection().utf8_string();
    m_place->Clear();
    std::set<std::string> names;
    for (const core::ScanPlace& p : places())
        if (names.insert(p.name).second)
            m_place->Append(wxString::FromUTF8(p.name));
    const int at = m_place->FindString(wxString::FromUTF8(chosen));
    if (!m_place->IsEmpty())
        m_place->SetSelection(at != wxNOT_FOUND ? at : 0);
    fillClasses();
    const core::document::Document* doc = m_workbench.document();
    const bool georeferenced = doc && doc->scenario().map && doc->scenario().map->georeference;
    m_make->Enable(!m_place->IsEmpty() && georeferenced);
    m_make->SetToolTip(georeferenced ? _("Every place of that name becomes a terrain feature of the class, through the "
                                         "scan's georeference, named after it (one undo step)")
                                     : _("Georeference the scan first (GCPs or calibration): places are in scan pixels"));
    Show(!m_place->IsEmpty());
}

void ScanPlacesBar::fillClasses()
{
    const std::string name = m_place->GetStringSelection().utf8_string();
    bool area = true;
    for (const core::ScanPlace& p : places())
        if (p.name == name)
            area = p.isArea();
    const std::string chosen = m_class->GetStringSelection().utf8_string();
    m_class->Clear();
    // The classes of the place's shape, canonical then the scenario's own (rules::classGeometry's order).
    const core::document::Document* doc = m_workbench.document();
    const auto offer = [&](const std::string& id) {
        const auto geometry = doc ? core::rules::classGeometry(doc->scenario(), id) : std::nullopt;
        if (geometry && (area ? geometry->takesPolygon() : geometry->dimension == 0))
            m_class->Append(wxString::FromUTF8(id));
    };
    for (const core::rules::TerrainClassInfo& c : core::rules::canonicalTerrainClasses())
        offer(std::string(c.id));
    if (doc)
        for (const core::CustomTerrainClass& c : doc->scenario().customTerrainClasses)
            offer(c.id);
    const int at = m_class->FindString(wxString::FromUTF8(chosen));
    if (!m_class->IsEmpty())
        m_class->SetSelection(at != wxNOT_FOUND ? at : 0);
}

void ScanPlacesBar::make()
{
    core::document::Document* doc = m_workbench.document();
    const std::string name = m_place->GetStringSelection().utf8_string();
    const std::string terrainClass = m_class->GetStringSelection().utf8_string();
    if (!doc || name.empty() || terrainClass.empty()) {
        m_workbench.setStatusText(translated("Make terrain: the scan has no named place"));
        return;
    }
    try {
        std::vector<core::FeatureId> made;
        const core::document::operations::ScanToWorking toWorking = geo::scanToWorking(doc->scenario());
        doc->apply(core::document::operations::placesToTerrain(doc->scenario(), name, terrainClass, toWorking, &made));
        m_workbench.setStatusText(wxString::Format(wxPLURAL("%s: %d feature of class %s made", "%s: %d features of class %s made",
                                                        static_cast<int>(made.size())),
            wxString::FromUTF8(name), static_cast<int>(made.size()), wxString::FromUTF8(terrainClass))
                                      .utf8_string());
    } catch (const std::exception& e) {
        m_workbench.showError(translated("Make terrain"), e.what());
    }
}

} // namespace sandtable::editor::ui::panes
