// SPDX-License-Identifier: GPL-3.0-or-later
// The Properties pane.
#include "sandtable/core/document/oob_operations.hpp"
#include "sandtable/core/document/property_operations.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/editor/ui/properties_pane.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/propgrid/advprops.h>
#include <wx/propgrid/propgrid.h>
#include <wx/sizer.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace sandtable::editor::ui {

namespace {

wxString u8(const std::string& text) { return wxString::FromUTF8(text); }

wxArrayString choices(std::initializer_list<const char*> names)
{
    wxArrayString list;
    for (const char* name : names)
        list.Add(name);
    return list;
}

wxPGProperty* enumProperty(const wxString& label, const wxString& name, const wxArrayString& values, const std::string& current)
{
    auto* property = new wxEditEnumProperty(label, name, values, wxArrayInt(), u8(current));
    return property;
}

double parseNumber(const std::string& text, const char* what)
{
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(value))
        throw std::invalid_argument(core::i18n::format(translated("{1}: not a number: '{2}'"), {what, text}));
    return value;
}

} // namespace

PropertiesPane::PropertiesPane(wxWindow* parent, Workbench& workbench)
    : wxPanel(parent, wxID_ANY)
    , m_workbench(workbench)
{
    m_grid = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxSize(280, 240),
        wxPG_SPLITTER_AUTO_CENTER | wxPG_DEFAULT_STYLE);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(m_grid, 1, wxEXPAND);
    SetSizer(sizer);
    m_grid->Bind(wxEVT_PG_CHANGED, &PropertiesPane::onChanged, this);
    refresh();
}

void PropertiesPane::refresh()
{
    if (m_applying)
        return;
    m_grid->Freeze();
    m_grid->Clear();
    m_shown = m_workbench.selected();
    const core::document::Document* document = m_workbench.document();
    if (document && m_shown) {
        const core::Scenario& scenario = document->scenario();
        if (m_shown->kind == ObjectRef::Kind::Feature) {
            if (const auto* feature = scenario.findFeature(core::FeatureId(m_shown->id))) {
                m_grid->Append(new wxPropertyCategory(_("Terrain feature")));
                m_grid->Append(new wxStringProperty(_("Id"), "id", u8(feature->id.str())))->Enable(false);
                m_grid->Append(new wxStringProperty(_("Name"), "name", u8(feature->name)));
                wxArrayString classes;
                for (const auto& info : core::rules::canonicalTerrainClasses())
                    classes.Add(u8(std::string(info.id)));
                for (const auto& custom : scenario.customTerrainClasses)
                    classes.Add(u8(custom.id));
                m_grid->Append(enumProperty(_("Class"), "class", classes, feature->terrainClass));
            }
        } else if (m_shown->kind == ObjectRef::Kind::Unit) {
            if (const auto* unit = scenario.findUnit(core::UnitId(m_shown->id))) {
                m_grid->Append(new wxPropertyCategory(_("Unit")));
                m_grid->Append(new wxStringProperty(_("Id"), "id", u8(unit->id.str())))->Enable(false);
                m_grid->Append(new wxStringProperty(_("Name"), "name", u8(unit->name)));
                m_grid->Append(enumProperty(_("Type"), "type",
                    choices({"infantry", "detachment", "artillery", "cavalry", "dragoons", "baggage-train", "hq"}),
                    core::toString(unit->type)));
                m_grid->Append(enumProperty(_("Quality"), "quality", choices({"militia", "regular", "elite", "guard"}),
                    core::toString(unit->quality)));
                m_grid->Append(new wxIntProperty(_("Strength"), "strength", unit->strength));
                if (unit->type == core::UnitType::Hq)
                    m_grid->Append(new wxIntProperty(_("Command (1-6)"), "command", unit->command.value_or(0)));
                if (core::systems::describe(scenario.settings.system).figureRegiments && unit->type != core::UnitType::Hq) {
                    // SYW house rules 2.D: a regiment is its figures; the points follow from them.
                    namespace syw = core::systems::syw_miniatures;
                    const core::SywFigures figures = unit->figures.value_or(core::SywFigures{});
                    m_grid->Append(new wxPropertyCategory(_("Figures (SYW)")));
                    for (const syw::FigureKind& kind : syw::figureKinds()) {
                        wxString label = wxGetTranslation(u8(kind.singular), u8(kind.plural), 2);
                        label[0] = wxToupper(label[0]);
                        m_grid->Append(new wxIntProperty(label, wxString("fig:") + kind.key, figures.*(kind.count)));
                    }
                    m_grid->Append(new wxStringProperty(_("Points"), "points",
                        u8(core::i18n::format(translated("{1} melee ({2} against cavalry), {3} fire"),
                            {core::i18n::formatFigure(syw::meleePoints(figures)), core::i18n::formatFigure(syw::meleePoints(figures, true)),
                                core::i18n::formatFigure(syw::firePoints(figures))}))))->Enable(false);
                }
                if (unit->placement) {
                    m_grid->Append(new wxPropertyCategory(_("Placement")));
                    // Two decimals at most: the default shows six significant digits (a northing of
                    // 4400200 m read 4.4002e+06).
                    for (wxPGProperty* number : {new wxFloatProperty(_("Easting (m)"), "x", unit->placement->position.x),
                             new wxFloatProperty(_("Northing (m)"), "y", unit->placement->position.y),
                             new wxFloatProperty(_("Facing (deg)"), "facing", unit->placement->facing)})
                        m_grid->Append(number)->SetAttribute(wxPG_FLOAT_PRECISION, 2);
                    m_grid->Append(new wxBoolProperty(_("Route column"), "column", unit->placement->column));
                }
            }
        } else if (m_shown->kind == ObjectRef::Kind::Side) {
            if (const auto* side = scenario.findSide(core::SideId(m_shown->id))) {
                m_grid->Append(new wxPropertyCategory(_("Side")));
                m_grid->Append(new wxStringProperty(_("Id"), "id", u8(side->id.str())))->Enable(false);
                m_grid->Append(new wxStringProperty(_("Name"), "name", u8(side->name)));
                // Typed as #rrggbb (the pane's colour button offers the chooser).
                m_grid->Append(new wxStringProperty(_("Colour (#rrggbb)"), "colour", u8(side->colour)));
            }
        } else if (m_shown->kind == ObjectRef::Kind::Formation) {
            if (const auto* formation = scenario.findFormation(core::FormationId(m_shown->id))) {
                m_grid->Append(new wxPropertyCategory(_("Formation")));
                m_grid->Append(new wxStringProperty(_("Id"), "id", u8(formation->id.str())))->Enable(false);
                m_grid->Append(new wxStringProperty(_("Name"), "name", u8(formation->name)));
                m_grid->Append(enumProperty(_("Echelon"), "echelon",
                    choices({"army", "corps", "wing", "division", "brigade"}), formation->echelon));
                m_grid->Append(new wxStringProperty(_("Chit"), "chit", u8(formation->chit)));
            }
        }
    }
    if (m_grid->GetRoot()->GetChildCount() == 0)
        m_grid->Append(new wxPropertyCategory(document ? _("Nothing selected") : _("No scenario open")));
    m_grid->Thaw();
}

bool PropertiesPane::setValue(const std::string& name, const std::string& value)
{
    if (!m_grid->GetPropertyByName(u8(name)))
        return false;
    return apply(name, value);
}

void PropertiesPane::onChanged(wxPropertyGridEvent& event)
{
    wxPGProperty* property = event.GetProperty();
    if (!property)
        return;
    std::string value = property->GetValueAsString(wxPG_FULL_VALUE).utf8_string();
    if (dynamic_cast<wxBoolProperty*>(property))
        value = property->GetValue().GetBool() ? "true" : "false";
    if (dynamic_cast<wxFloatProperty*>(property))
        value = std::to_string(property->GetValue().GetDouble());
    // Apply after the grid has finished its own event: applying rebuilds the grid.
    CallAfter([this, name = property->GetName().utf8_string(), value] { apply(name, value); });
}

bool PropertiesPane::apply(const std::string& name, const std::string& value)
{
    core::document::Document* document = m_workbench.document();
    if (!document || !m_shown)
        return false;
    const core::Scenario& scenario = document->scenario();
    bool applied = false;
    try {
        m_applying = true;
        if (m_shown->kind == ObjectRef::Kind::Feature) {
            const auto* found = scenario.findFeature(core::FeatureId(m_shown->id));
            if (!found)
                throw std::invalid_argument(translated("the feature is gone"));
            core::TerrainFeature feature = *found;
            if (name == "class") {
                // Core's rule (issue 42 item 2): the old class's attributes go, a note stays.
                document->apply(core::document::operations::setFeatureClass(scenario, feature.id, value));
                applied = true;
                m_applying = false;
                refresh();
                return applied;
            }
            if (name == "name")
                feature.name = value;
            else
                throw std::invalid_argument("no property " + name);
            if (!(feature == *found))
                document->apply(core::document::operations::replaceFeature(scenario, feature, core::i18n::format(translated("Change feature {1}"), {name})));
        } else if (m_shown->kind == ObjectRef::Kind::Unit) {
            const auto* found = scenario.findUnit(core::UnitId(m_shown->id));
            if (!found)
                throw std::invalid_argument(translated("the unit is gone"));
            core::Unit unit = *found;
            if (name == "name" || name == "type" || name == "quality" || name == "command") {
                // Named core operations (issue 46 item 2), as the Order of Battle menu applies them.
                const core::document::Edit edit = name == "name" ? core::document::operations::renameUnit(scenario, unit.id, value)
                    : name == "type"                   ? core::document::operations::setUnitType(scenario, unit.id, value)
                    : name == "quality"                ? core::document::operations::setUnitQuality(scenario, unit.id, value)
                                                       : core::document::operations::setUnitCommand(scenario, unit.id, parseNumber(value, "command"));
                if (!edit.changes.empty())
                    document->apply(edit);
            } else if (name == "strength" || (unit.placement && name == "facing") || name.rfind("fig:", 0) == 0) {
                // Named core operations with their rules (issue 42 item 2), as `sandtable oob set` applies them.
                const double number = parseNumber(value, name.rfind("fig:", 0) == 0 ? name.c_str() + 4 : name.c_str());
                const core::document::Edit edit = name == "strength" ? core::document::operations::setUnitStrength(scenario, unit.id, number)
                    : name == "facing"                     ? core::document::operations::setUnitFacing(scenario, unit.id, number)
                                                           : core::document::operations::setUnitFigureCount(scenario, unit.id, name.substr(4), number);
                if (!edit.changes.empty())
                    document->apply(edit);
                applied = true;
                m_applying = false;
                refresh();
                return applied;
            } else if (unit.placement && (name == "x" || name == "y")) {
                const double number = parseNumber(value, name.c_str());
                if (name == "x")
                    unit.placement->position.x = number;
                else
                    unit.placement->position.y = number;
            } else if (unit.placement && name == "column") {
                unit.placement->column = value == "true" || value == "1";
            } else {
                throw std::invalid_argument("no property " + name);
            }
            if (name != "name" && name != "type" && name != "quality" && name != "command" && !(unit == *found))
                document->apply(core::document::operations::replaceUnit(scenario, unit, name.rfind("fig:", 0) == 0 ? translated("Change unit figures") : core::i18n::format(translated("Change unit {1}"), {name})));
        } else if (m_shown->kind == ObjectRef::Kind::Side) {
            const core::SideId side(m_shown->id);
            const core::document::Edit edit = name == "name" ? core::document::operations::renameSide(scenario, side, value)
                : name == "colour"                 ? core::document::operations::setSideColour(scenario, side, value)
                                                   : throw std::invalid_argument("no property " + name);
            if (!edit.changes.empty())
                document->apply(edit);
        } else if (m_shown->kind == ObjectRef::Kind::Formation) {
            const auto it = std::find_if(scenario.formations.begin(), scenario.formations.end(),
                [&](const core::Formation& f) { return f.id.str() == m_shown->id; });
            if (it == scenario.formations.end())
                throw std::invalid_argument(translated("the formation is gone"));
            core::Formation formation = *it;
            if (name == "name" || name == "echelon") {
                const core::document::Edit edit = name == "name" ? core::document::operations::renameFormation(scenario, formation.id, value)
                                                       : core::document::operations::setFormationEchelon(scenario, formation.id, value);
                if (!edit.changes.empty())
                    document->apply(edit); // `it` points into the scenario as it was: not read after this
            } else if (name == "chit") {
                formation.chit = value;
                if (!(formation == *it))
                    document->apply(core::document::operations::replaceFormation(scenario, std::move(formation), core::i18n::format(translated("Change formation {1}"), {name})));
            } else {
                throw std::invalid_argument("no property " + name);
            }
        }
        applied = true;
    } catch (const std::exception& error) {
        m_applying = false;
        m_workbench.showError(core::i18n::format(translated("Cannot change {1}"), {name}), error.what());
    }
    m_applying = false;
    refresh();
    return applied;
}

} // namespace sandtable::editor::ui
