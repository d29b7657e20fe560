// SPDX-License-Identifier: GPL-3.0-or-later
// Authoring an order of battle in the editor (issue 46 item 2): the Order of Battle menu's Add side, Add
// formation, Add unit, Rename, Delete, Move up/down and Side colour, each through a core operation
// (core/document/oob_operations.hpp) applied as one undo step. The Order of battle pane's buttons run these
// commands, so menu, buttons and shortcuts behave alike.
#include "tools_internal.hpp"

#include "sandtable/core/document/oob_operations.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/colordlg.h>
#include <wx/dialog.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <cmath>
#include <exception>

namespace sandtable::editor::ui::tools {

namespace {

namespace ops = core::document::operations;

wxString u8(const std::string& text) { return wxString::FromUTF8(text); }

/// A small form: a name first (focused; Enter is OK), then the entries the caller adds.
class EntryDialog final : public wxDialog {
public:
    EntryDialog(wxWindow* parent, const wxString& title, const wxString& prompt, const wxString& name)
        : wxDialog(parent, wxID_ANY, title)
    {
        m_grid = new wxFlexGridSizer(2, 6, 8);
        m_grid->AddGrowableCol(1);
        m_name = addText(prompt, name);
        auto* sizer = new wxBoxSizer(wxVERTICAL);
        sizer->Add(m_grid, 1, wxEXPAND | wxALL, 10);
        m_sizer = sizer;
    }

    wxTextCtrl* addText(const wxString& label, const wxString& value)
    {
        m_grid->Add(new wxStaticText(this, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
        auto* text = new wxTextCtrl(this, wxID_ANY, value, wxDefaultPosition, wxSize(240, -1));
        m_grid->Add(text, 1, wxEXPAND);
        return text;
    }

    wxChoice* addChoice(const wxString& label, const wxArrayString& values, int selected)
    {
        m_grid->Add(new wxStaticText(this, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
        auto* choice = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, values);
        choice->SetSelection(selected);
        m_grid->Add(choice, 1, wxEXPAND);
        return choice;
    }

    /// Lays the form out and shows it; the name's text, trimmed by core, when OK.
    bool ask()
    {
        // Made last, so Tab goes through the fields before the buttons.
        m_sizer->Add(CreateStdDialogButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 10);
        SetSizerAndFit(m_sizer);
        CentreOnParent();
        m_name->SetFocus();
        m_name->SelectAll();
        return ShowModal() == wxID_OK;
    }

    std::string name() const { return m_name->GetValue().utf8_string(); }

private:
    wxFlexGridSizer* m_grid = nullptr;
    wxBoxSizer* m_sizer = nullptr;
    wxTextCtrl* m_name = nullptr;
};

const char* const kUnitTypes[] = {"infantry", "detachment", "artillery", "cavalry", "dragoons", "baggage-train", "hq"};
const char* const kQualities[] = {"militia", "regular", "elite", "guard"};
const char* const kEchelons[] = {"army", "wing", "corps", "division", "brigade"};

wxArrayString listOf(std::initializer_list<const char*> names)
{
    wxArrayString out;
    for (const char* n : names)
        out.Add(n);
    return out;
}

/// The side, formation or unit selected (in the tree or on the map), if it still exists.
struct OobSelection {
    ops::OobKind kind = ops::OobKind::Side;
    std::string id;
};

std::optional<OobSelection> selectedOob(const ToolsContext& context)
{
    const core::document::Document* document = context.workbench.document();
    const auto ref = context.workbench.selected();
    if (!document || !ref)
        return std::nullopt;
    const core::Scenario& s = document->scenario();
    switch (ref->kind) {
    case ObjectRef::Kind::Side:
        if (s.findSide(core::SideId(ref->id)))
            return OobSelection{ops::OobKind::Side, ref->id};
        break;
    case ObjectRef::Kind::Formation:
        if (s.findFormation(core::FormationId(ref->id)))
            return OobSelection{ops::OobKind::Formation, ref->id};
        break;
    case ObjectRef::Kind::Unit:
        if (s.findUnit(core::UnitId(ref->id)))
            return OobSelection{ops::OobKind::Unit, ref->id};
        break;
    default: break;
    }
    return std::nullopt;
}

ObjectRef::Kind refKind(ops::OobKind kind)
{
    switch (kind) {
    case ops::OobKind::Side: return ObjectRef::Kind::Side;
    case ops::OobKind::Formation: return ObjectRef::Kind::Formation;
    case ops::OobKind::Unit: break;
    }
    return ObjectRef::Kind::Unit;
}

/// Applies `make()`'s Edit; shows the refusal under `title`; selects what it created (of `created` kind).
bool applyAndSelect(ToolsContext& context, const std::string& title, const std::function<core::document::Edit()>& make,
    std::optional<ops::OobKind> created = std::nullopt)
{
    core::document::Edit edit;
    try {
        edit = make();
    } catch (const std::exception& e) {
        context.workbench.showError(title, e.what());
        return false;
    }
    const std::string id = ops::createdId(edit);
    if (!context.apply(std::move(edit), title))
        return false;
    if (created && !id.empty())
        context.workbench.select(ObjectRef{refKind(*created), id}, false);
    return true;
}

std::string nameOf(const core::Scenario& s, const OobSelection& sel)
{
    switch (sel.kind) {
    case ops::OobKind::Side: return s.findSide(core::SideId(sel.id))->name;
    case ops::OobKind::Formation: return s.findFormation(core::FormationId(sel.id))->name;
    case ops::OobKind::Unit: break;
    }
    return s.findUnit(core::UnitId(sel.id))->name;
}

void addSide(ToolsContext& context)
{
    EntryDialog dialog(context.workbench.window(), _("Add side"), _("Name:"), "");
    if (!dialog.ask())
        return;
    applyAndSelect(context, translated("Add side"),
        [&] { return ops::createSide(context.workbench.document()->scenario(), dialog.name()); }, ops::OobKind::Side);
}

void addFormation(ToolsContext& context)
{
    const auto sel = selectedOob(context);
    if (!sel)
        return;
    const core::Scenario& s = context.workbench.document()->scenario();
    // Under the selected formation, at the top of the selected side, or beside the selected unit's formation's units
    // (under that formation).
    core::SideId side;
    std::optional<core::FormationId> parent;
    if (sel->kind == ops::OobKind::Side) {
        side = core::SideId(sel->id);
    } else {
        const core::FormationId f = sel->kind == ops::OobKind::Formation ? core::FormationId(sel->id) : s.findUnit(core::UnitId(sel->id))->formation;
        const core::Formation* formation = s.findFormation(f);
        if (!formation)
            return;
        side = formation->side;
        parent = f;
    }
    const core::Side* owner = s.findSide(side);
    const wxString where = parent ? wxString::Format(_("Add formation under %s"), u8(s.findFormation(*parent)->name))
                                  : wxString::Format(_("Add formation to %s"), u8(owner ? owner->name : side.str()));
    EntryDialog dialog(context.workbench.window(), _("Add formation"), _("Name:"), "");
    wxArrayString echelons;
    echelons.Add(_("the level below its parent"));
    for (const char* e : kEchelons)
        echelons.Add(e);
    wxChoice* echelon = dialog.addChoice(_("Echelon:"), echelons, 0);
    dialog.SetTitle(where);
    if (!dialog.ask())
        return;
    const std::string chosen = echelon->GetSelection() > 0 ? std::string(kEchelons[echelon->GetSelection() - 1]) : std::string();
    applyAndSelect(context, translated("Add formation"),
        [&] { return ops::createFormation(context.workbench.document()->scenario(), side, parent, dialog.name(), chosen); },
        ops::OobKind::Formation);
}

void addUnit(ToolsContext& context)
{
    const auto sel = selectedOob(context);
    if (!sel || sel->kind == ops::OobKind::Side)
        return;
    const core::Scenario& s = context.workbench.document()->scenario();
    const core::FormationId formation = sel->kind == ops::OobKind::Formation ? core::FormationId(sel->id) : s.findUnit(core::UnitId(sel->id))->formation;
    const core::Formation* f = s.findFormation(formation);
    if (!f)
        return;
    EntryDialog dialog(context.workbench.window(), wxString::Format(_("Add unit to %s"), u8(f->name)), _("Name:"), "");
    wxTextCtrl* strength = dialog.addText(_("Strength (men, or guns):"), "0");
    wxChoice* type = dialog.addChoice(_("Type:"), listOf({"infantry", "detachment", "artillery", "cavalry", "dragoons", "baggage-train", "hq"}), 0);
    wxChoice* quality = dialog.addChoice(_("Quality:"), listOf({"militia", "regular", "elite", "guard"}), 1);
    if (!dialog.ask())
        return;
    applyAndSelect(context, translated("Add unit"),
        [&] {
            const std::string text = strength->GetValue().Strip(wxString::both).utf8_string();
            double number = 0;
            std::size_t used = 0;
            try {
                number = text.empty() ? 0.0 : std::stod(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (!text.empty() && used != text.size())
                number = std::nan(""); // refused by core with its own words
            return ops::createUnit(context.workbench.document()->scenario(), formation, dialog.name(),
                kUnitTypes[type->GetSelection()], kQualities[quality->GetSelection()], number);
        },
        ops::OobKind::Unit);
}

void rename(ToolsContext& context)
{
    const auto sel = selectedOob(context);
    if (!sel)
        return;
    const core::Scenario& s = context.workbench.document()->scenario();
    EntryDialog dialog(context.workbench.window(), _("Rename"), _("New name:"), u8(nameOf(s, *sel)));
    if (!dialog.ask())
        return;
    applyAndSelect(context, translated("Rename"), [&] {
        const core::Scenario& now = context.workbench.document()->scenario();
        switch (sel->kind) {
        case ops::OobKind::Side: return ops::renameSide(now, core::SideId(sel->id), dialog.name());
        case ops::OobKind::Formation: return ops::renameFormation(now, core::FormationId(sel->id), dialog.name());
        case ops::OobKind::Unit: break;
        }
        return ops::renameUnit(now, core::UnitId(sel->id), dialog.name());
    });
}

void remove(ToolsContext& context)
{
    const auto sel = selectedOob(context);
    if (!sel)
        return;
    const core::Scenario& s = context.workbench.document()->scenario();
    // A side or formation goes with what is in it: say how much before.
    std::size_t formations = 0, units = 0;
    if (sel->kind == ops::OobKind::Side) {
        for (const core::Formation& f : s.formations)
            if (f.side == core::SideId(sel->id)) {
                ++formations;
                units += core::oob::unitsOf(s, f.id).size();
            }
    } else if (sel->kind == ops::OobKind::Formation) {
        for (const core::Formation* f : core::oob::descendants(s, core::FormationId(sel->id))) {
            if (f->id.str() != sel->id)
                ++formations;
            units += core::oob::unitsOf(s, f->id).size();
        }
    }
    if (formations > 0 || units > 0) {
        const wxString question = wxString::Format(_("Delete %s with %s and %s in it? (Undo brings them back.)"), u8(nameOf(s, *sel)),
            wxString::Format(wxPLURAL("%d formation", "%d formations", static_cast<int>(formations)), static_cast<int>(formations)),
            wxString::Format(wxPLURAL("%d unit", "%d units", static_cast<int>(units)), static_cast<int>(units)));
        wxMessageDialog confirm(context.workbench.window(), question, _("Delete"), wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION);
        if (confirm.ShowModal() != wxID_YES)
            return;
    }
    if (applyAndSelect(context, translated("Delete"), [&] {
            const core::Scenario& now = context.workbench.document()->scenario();
            switch (sel->kind) {
            case ops::OobKind::Side: return ops::deleteSide(now, core::SideId(sel->id));
            case ops::OobKind::Formation: return ops::deleteFormation(now, core::FormationId(sel->id));
            case ops::OobKind::Unit: break;
            }
            return ops::deleteUnit(now, core::UnitId(sel->id));
        }))
        context.workbench.select(std::nullopt, false);
}

void move(ToolsContext& context, int step)
{
    const auto sel = selectedOob(context);
    if (!sel)
        return;
    applyAndSelect(context, translated("Move"),
        [&] { return ops::moveInOrder(context.workbench.document()->scenario(), sel->kind, sel->id, step); });
    context.workbench.select(ObjectRef{refKind(sel->kind), sel->id}, false);
}

} // namespace

std::optional<core::SideId> selectedSide(const ToolsContext& context)
{
    const auto sel = selectedOob(context);
    if (!sel)
        return std::nullopt;
    const core::Scenario& s = context.workbench.document()->scenario();
    if (sel->kind == ops::OobKind::Side)
        return core::SideId(sel->id);
    const core::FormationId f = sel->kind == ops::OobKind::Formation ? core::FormationId(sel->id) : s.findUnit(core::UnitId(sel->id))->formation;
    const core::Formation* formation = s.findFormation(f);
    if (!formation || !s.findSide(formation->side))
        return std::nullopt;
    return formation->side;
}

bool setSideColour(ToolsContext& context, const core::SideId& side, const wxColour& colour)
{
    const std::string hex = colour.GetAsString(wxC2S_HTML_SYNTAX).Lower().utf8_string();
    return applyAndSelect(context, translated("Side colour"),
        [&] { return ops::setSideColour(context.workbench.document()->scenario(), side, hex); });
}

void installOobAuthoring(const std::shared_ptr<ToolsContext>& context)
{
    Workbench& wb = context->workbench;
    const auto hasDocument = [&wb] { return wb.document() != nullptr; };
    const auto anySelected = [context] { return selectedOob(*context).has_value(); };
    const auto inFormation = [context] {
        const auto sel = selectedOob(*context);
        return sel && sel->kind != ops::OobKind::Side;
    };
    const auto sideKnown = [context] { return selectedSide(*context).has_value(); };
    wb.addCommand({"oob.add_side", wxTRANSLATE("Add &Side..."), "Ctrl+Alt+S", wxTRANSLATE("Add a side to the order of battle, in a colour of its own")},
        [context] { addSide(*context); }, hasDocument);
    wb.addCommand({"oob.add_formation", wxTRANSLATE("Add &Formation..."), "Ctrl+Alt+F",
                      wxTRANSLATE("Add a formation under the selected formation, or at the top of the selected side")},
        [context] { addFormation(*context); }, anySelected);
    wb.addCommand({"oob.add_unit", wxTRANSLATE("Add &Unit..."), "Ctrl+Alt+U",
                      wxTRANSLATE("Add a unit to the selected formation (or beside the selected unit), with its type, quality and strength")},
        [context] { addUnit(*context); }, inFormation);
    wb.addCommand({"oob.rename", wxTRANSLATE("&Rename..."), "F2", wxTRANSLATE("Rename the selected side, formation or unit")},
        [context] { rename(*context); }, anySelected);
    wb.addCommand({"oob.delete", wxTRANSLATE("&Delete with Its Contents"), "",
                      wxTRANSLATE("Delete the selected side or formation with everything in it, or the selected unit")},
        [context] { remove(*context); }, anySelected);
    wb.addCommand({"oob.move_up", wxTRANSLATE("Move &Up"), "Alt+Up", wxTRANSLATE("Move the selected side, formation or unit one place up")},
        [context] { move(*context, -1); }, anySelected);
    wb.addCommand({"oob.move_down", wxTRANSLATE("Move Do&wn"), "Alt+Down", wxTRANSLATE("Move the selected side, formation or unit one place down")},
        [context] { move(*context, +1); }, anySelected);
    wb.addCommand({"oob.side_colour", wxTRANSLATE("Side &Colour..."), "",
                      wxTRANSLATE("Choose the colour of the selected side, drawn on its blocks, pieces and stickers")},
        [context] {
            const auto side = selectedSide(*context);
            if (!side)
                return;
            wxColourData data;
            data.SetColour(wxColour(u8(context->workbench.document()->scenario().findSide(*side)->colour)));
            wxColourDialog dialog(context->workbench.window(), &data);
            if (dialog.ShowModal() == wxID_OK)
                setSideColour(*context, *side, dialog.GetColourData().GetColour());
        },
        sideKnown);
}

} // namespace sandtable::editor::ui::tools
