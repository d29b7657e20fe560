// SPDX-License-Identifier: GPL-3.0-or-later
// The card designer (Table Battles): the scenario's cards listed per side, a form for the selected card,
// a live preview rendered by core/print's card renderer, and the validator's messages. Each Apply is one
// undoable core::document::operations::replaceCard edit.
#include "pane_support.hpp"
#include "panes_internal.hpp"

#include "sandtable/core/document/card_operations.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/table_battles_validator.hpp"
#include "sandtable/editor/logic/panes/card_designer.hpp"
#include "sandtable/print/card_print.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <wx/aui/aui.h>
#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/clrpicker.h>
#include <wx/listbox.h>
#include <wx/panel.h>
#include <wx/scrolwin.h>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/statbmp.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/treectrl.h>

#include <optional>

namespace sandtable::editor::ui::panes {
namespace {

namespace logic = sandtable::editor::panes;

/// Card faces in the preview: 63.5 x 88.9 mm at 80 dpi = 200 x 280 pixels.
constexpr double kCardPreviewDpi = 80.0;

class CardRefData : public wxTreeItemData {
public:
    explicit CardRefData(core::CardRef cardRef) : ref(cardRef) {}
    core::CardRef ref;
};

class CardsPane : public wxScrolledWindow {
public:
    CardsPane(wxWindow* parent, Workbench& workbench);
    void refresh();
    /// Selects the first card (for tests and the first opening).
    void selectFirst();
    /// Shows the card the workbench selected (when it is a card of this scenario).
    void followSelection();

private:
    const core::TableBattlesSet* set() const;
    void fillTree();
    void fillForm();
    void renderPreview();
    void apply();

    Workbench& m_workbench;
    std::unique_ptr<DocumentWatch> m_watch;
    wxTreeCtrl* m_tree = nullptr;
    wxTextCtrl* m_name = nullptr;
    wxTextCtrl* m_army = nullptr;
    wxSpinCtrl* m_strength = nullptr;
    wxChoice* m_kind = nullptr;
    wxColourPickerCtrl* m_wing = nullptr;
    wxTextCtrl* m_stick = nullptr;
    wxTextCtrl* m_dice = nullptr;
    wxTextCtrl* m_reserve = nullptr;
    wxCheckBox* m_star = nullptr;
    wxCheckBox* m_link = nullptr;
    wxCheckBox* m_special = nullptr;
    wxCheckBox* m_pursuit = nullptr;
    wxTextCtrl* m_actions = nullptr;
    wxTextCtrl* m_rule = nullptr;
    wxStaticBitmap* m_preview = nullptr;
    wxStaticText* m_previewNote = nullptr;
    wxListBox* m_problems = nullptr;
    std::optional<core::CardRef> m_selected;
    bool m_filling = false;
};

CardsPane::CardsPane(wxWindow* parent, Workbench& workbench) : wxScrolledWindow(parent, wxID_ANY), m_workbench(workbench)
{
    // Scrolls when the dock is shorter than the form and the preview together.
    SetScrollRate(0, 12);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    auto* upper = new wxBoxSizer(wxHORIZONTAL);
    m_tree = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(200, 300),
        wxTR_HAS_BUTTONS | wxTR_HIDE_ROOT | wxTR_SINGLE | wxTR_LINES_AT_ROOT);
    upper->Add(m_tree, 0, wxEXPAND | wxRIGHT, 6);

    auto* form = new wxFlexGridSizer(2, 4, 6);
    form->AddGrowableCol(1);
    auto row = [&](const char* label, wxWindow* control) {
        form->Add(new wxStaticText(this, wxID_ANY, wxGetTranslation(label)), 0, wxALIGN_CENTER_VERTICAL);
        form->Add(control, 1, wxEXPAND);
    };
    m_name = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
    m_army = new wxTextCtrl(this, wxID_ANY);
    m_strength = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxSP_ARROW_KEYS, 1, 99, 1);
    m_kind = new wxChoice(this, wxID_ANY);
    m_kind->Append("(none)");
    m_kind->Append("infantry");
    m_kind->Append("cavalry");
    m_wing = new wxColourPickerCtrl(this, wxID_ANY, *wxBLUE);
    m_stick = new wxTextCtrl(this, wxID_ANY);
    m_dice = new wxTextCtrl(this, wxID_ANY);
    m_dice->SetToolTip(_("Faces (6, 5-6, 1,3), doubles, triples or a straight"));
    m_reserve = new wxTextCtrl(this, wxID_ANY);
    m_reserve->SetToolTip(_("The card that brings this one in, e.g. 233-A (empty: not a reserve)"));
    row(wxTRANSLATE("Name"), m_name);
    row(wxTRANSLATE("Army"), m_army);
    row(wxTRANSLATE("Strength"), m_strength);
    row(wxTRANSLATE("Type"), m_kind);
    row(wxTRANSLATE("Wing colour"), m_wing);
    row(wxTRANSLATE("Stick colour"), m_stick);
    row(wxTRANSLATE("Dice"), m_dice);
    row(wxTRANSLATE("Reserve of"), m_reserve);
    auto* flags = new wxBoxSizer(wxHORIZONTAL);
    m_star = new wxCheckBox(this, wxID_ANY, _("Star"));
    m_link = new wxCheckBox(this, wxID_ANY, _("Link"));
    m_special = new wxCheckBox(this, wxID_ANY, _("Special"));
    m_pursuit = new wxCheckBox(this, wxID_ANY, _("Pursuit"));
    for (wxCheckBox* c : {m_star, m_link, m_special, m_pursuit})
        flags->Add(c, 0, wxRIGHT, 6);
    form->AddSpacer(0);
    form->Add(flags);
    m_actions = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(-1, 80), wxTE_MULTILINE | wxHSCROLL);
    m_actions->SetToolTip(_("One action or reaction a line: kind [hits=N] [targets=REF,REF] [voluntary] [requires=TEXT]"));
    row(wxTRANSLATE("Actions"), m_actions);
    m_rule = new wxTextCtrl(this, wxID_ANY);
    row(wxTRANSLATE("Special rule"), m_rule);
    auto* applyButton = new wxButton(this, wxID_ANY, _("Apply"));
    form->AddSpacer(0);
    form->Add(applyButton, 0, wxALIGN_RIGHT);
    upper->Add(form, 1, wxEXPAND);
    sizer->Add(upper, 1, wxEXPAND | wxALL, 6);

    // Below: the live preview of the selected face (trim size, core/print's renderer) beside the checks.
    auto* lower = new wxBoxSizer(wxHORIZONTAL);
    auto* previewColumn = new wxBoxSizer(wxVERTICAL);
    m_preview = new wxStaticBitmap(this, wxID_ANY, wxBitmap(200, 280));
    m_previewNote = new wxStaticText(this, wxID_ANY, "");
    previewColumn->Add(m_preview, 0);
    previewColumn->Add(m_previewNote, 0, wxTOP, 4);
    lower->Add(previewColumn, 0, wxRIGHT, 8);
    auto* checksColumn = new wxBoxSizer(wxVERTICAL);
    checksColumn->Add(new wxStaticText(this, wxID_ANY, _("Checks (Table Battles rules)")), 0, wxBOTTOM, 4);
    m_problems = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(200, 200), 0, nullptr, wxLB_HSCROLL);
    checksColumn->Add(m_problems, 1, wxEXPAND);
    lower->Add(checksColumn, 1, wxEXPAND);
    sizer->Add(lower, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    SetSizer(sizer);
    FitInside();

    m_tree->Bind(wxEVT_TREE_SEL_CHANGED, [this](wxTreeEvent& e) {
        if (m_filling)
            return;
        auto* data = dynamic_cast<CardRefData*>(m_tree->GetItemData(e.GetItem()));
        if (!data)
            return;
        m_selected = data->ref;
        m_workbench.select(ObjectRef{ObjectRef::Kind::Card, core::toString(data->ref)}, false);
        fillForm();
        renderPreview();
    });
    applyButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { apply(); });
    m_name->Bind(wxEVT_TEXT_ENTER, [this](wxCommandEvent&) { apply(); });
    m_watch = std::make_unique<DocumentWatch>(m_workbench, [this] { refresh(); });
    // A card selected elsewhere (a finding clicked in the problems pane) opens here.
    m_workbench.onSelectionChanged([this] { followSelection(); });
    refresh();
}

void CardsPane::followSelection()
{
    const auto object = m_workbench.selected();
    const core::TableBattlesSet* s = set();
    if (!object || object->kind != ObjectRef::Kind::Card || !s)
        return;
    core::CardRef ref;
    try {
        ref = core::parseCardRef(object->id);
    } catch (const std::exception&) {
        return;
    }
    if (!s->find(ref) || (m_selected && *m_selected == ref))
        return;
    m_selected = ref;
    showPane(m_workbench, "cards");
    refresh();
}

const core::TableBattlesSet* CardsPane::set() const
{
    const core::document::Document* doc = m_workbench.document();
    return doc && doc->scenario().tableBattles ? &*doc->scenario().tableBattles : nullptr;
}

void CardsPane::refresh()
{
    const core::TableBattlesSet* s = set();
    if (m_selected && (!s || !s->find(*m_selected)))
        m_selected.reset();
    fillTree();
    fillForm();
    m_problems->Clear();
    if (const core::document::Document* doc = m_workbench.document(); doc && s) {
        const core::validation::Diagnostics problems = core::validation::validateTableBattles(doc->scenario());
        for (const core::validation::Diagnostic& d : problems)
            m_problems->Append(wxString::FromUTF8(std::string(d.severity == core::validation::Severity::Error ? "error: " : "warning: ")
                + d.message + (d.path.empty() ? "" : "  (" + d.path + ")")));
        if (problems.empty())
            m_problems->Append(_("No problems: the cards pass every check."));
    } else {
        m_problems->Append(_("The scenario has no Table Battles cards."));
    }
    if (m_selected)
        renderPreview();
}

void CardsPane::selectFirst()
{
    const core::TableBattlesSet* s = set();
    if (!s || s->cards.empty() || (m_selected && s->find(*m_selected)))
        return;
    m_selected = s->cards.front().ref;
    refresh();
}

void CardsPane::fillTree()
{
    m_filling = true;
    m_tree->DeleteAllItems();
    const wxTreeItemId root = m_tree->AddRoot("cards");
    if (const core::TableBattlesSet* s = set()) {
        for (const logic::CardColumn& column : logic::cardsBySide(*s)) {
            const wxTreeItemId side = m_tree->AppendItem(root, wxString::FromUTF8(column.army.empty() ? "(army)" : column.army));
            for (const core::CardRef& ref : column.cards) {
                const core::FormationCard* card = s->find(ref);
                const std::string label = core::toString(ref) + "  " + (card ? card->name : "(missing)");
                const wxTreeItemId item = m_tree->AppendItem(side, wxString::FromUTF8(label), -1, -1, new CardRefData(ref));
                if (m_selected && *m_selected == ref)
                    m_tree->SelectItem(item);
            }
            m_tree->Expand(side);
        }
    }
    m_filling = false;
}

void CardsPane::fillForm()
{
    const core::TableBattlesSet* s = set();
    const core::FormationCard* c = s && m_selected ? s->find(*m_selected) : nullptr;
    for (wxWindow* w : std::initializer_list<wxWindow*>{m_name, m_army, m_strength, m_kind, m_wing, m_stick, m_dice,
             m_reserve, m_star, m_link, m_special, m_pursuit, m_actions, m_rule})
        w->Enable(c != nullptr);
    if (!c)
        return;
    m_name->ChangeValue(wxString::FromUTF8(c->name));
    m_army->ChangeValue(wxString::FromUTF8(c->army));
    m_strength->SetValue(c->strength);
    m_kind->SetSelection(c->kind == core::FormationKind::Infantry ? 1 : c->kind == core::FormationKind::Cavalry ? 2 : 0);
    wxColour wing(wxString::FromUTF8(c->wingColour));
    m_wing->SetColour(wing.IsOk() ? wing : *wxLIGHT_GREY);
    m_stick->ChangeValue(wxString::FromUTF8(c->stickColour));
    m_dice->ChangeValue(wxString::FromUTF8(core::toString(c->dice)));
    m_reserve->ChangeValue(c->reserve ? wxString::FromUTF8(core::toString(*c->reserve)) : wxString());
    m_star->SetValue(c->star);
    m_link->SetValue(c->link);
    m_special->SetValue(c->special);
    m_pursuit->SetValue(c->pursuit);
    std::string actions;
    for (const core::CardAction& a : c->actions)
        actions += logic::formatAction(a) + "\n";
    m_actions->ChangeValue(wxString::FromUTF8(actions));
    m_rule->ChangeValue(wxString::FromUTF8(c->specialRule));
}

void CardsPane::apply()
{
    core::document::Document* doc = m_workbench.document();
    const core::TableBattlesSet* s = set();
    const core::FormationCard* current = s && m_selected ? s->find(*m_selected) : nullptr;
    if (!doc || !current)
        return;
    core::FormationCard card = *current;
    try {
        card.name = m_name->GetValue().ToStdString(wxConvUTF8);
        card.army = m_army->GetValue().ToStdString(wxConvUTF8);
        card.strength = m_strength->GetValue();
        card.kind = m_kind->GetSelection() == 1 ? core::FormationKind::Infantry
            : m_kind->GetSelection() == 2       ? core::FormationKind::Cavalry
                                                : core::FormationKind::None;
        card.wingColour = m_wing->GetColour().GetAsString(wxC2S_HTML_SYNTAX).Lower().ToStdString(wxConvUTF8);
        card.stickColour = m_stick->GetValue().ToStdString(wxConvUTF8);
        card.dice = core::parseDicePattern(m_dice->GetValue().ToStdString(wxConvUTF8));
        const std::string reserve = m_reserve->GetValue().Trim().Trim(false).ToStdString(wxConvUTF8);
        card.reserve = reserve.empty() ? std::nullopt : std::optional<core::CardRef>(core::parseCardRef(reserve));
        card.star = m_star->GetValue();
        card.link = m_link->GetValue();
        card.special = m_special->GetValue();
        card.pursuit = m_pursuit->GetValue();
        card.actions = logic::parseActions(m_actions->GetValue().ToStdString(wxConvUTF8));
        card.specialRule = m_rule->GetValue().ToStdString(wxConvUTF8);
        doc->apply(core::document::operations::replaceCard(doc->scenario(), card));
    } catch (const std::exception& e) {
        m_workbench.showError(core::i18n::format(translated("Card {1}"), {core::toString(card.ref)}), e.what());
    }
}

void CardsPane::renderPreview()
{
    const core::TableBattlesSet* s = set();
    if (!s || !m_selected)
        return;
    // core/print's own card renderer, one PNG per face at screen resolution, trim size.
    std::filesystem::path folder;
    try {
        folder = temporaryFolder("sandtable-card");
        print::CardImageRequest request;
        request.format = print::CardImageFormat::Png;
        request.dpi = kCardPreviewDpi;
        request.title = s->scenario.name;
        print::writeCardImages(*s, request, folder);
        const std::filesystem::path png = folder / (core::toString(*m_selected) + ".png");
        wxImage image;
        if (!std::filesystem::exists(png) || !image.LoadFile(wxString::FromUTF8(png.string()), wxBITMAP_TYPE_PNG))
            throw core::util::OperationError("", core::toString(*m_selected), translated("no image was rendered for this face"));
        m_preview->SetBitmap(wxBitmap(image));
        m_previewNote->SetLabel(wxString::FromUTF8(core::toString(*m_selected) + " at 63.5 x 88.9 mm"));
    } catch (const std::exception& e) {
        m_previewNote->SetLabel(wxString::FromUTF8(std::string("No preview: ") + e.what()));
    }
    std::error_code ec;
    if (!folder.empty())
        std::filesystem::remove_all(folder, ec);
    Layout();
    FitInside();
}

} // namespace

void installCardsPane(Workbench& workbench)
{
    auto* pane = new CardsPane(workbench.window(), workbench);
    workbench.panes().AddPane(pane, wxAuiPaneInfo().Name("cards").Caption(_("Card designer")).Right().BestSize(600, 760)
                                        .MinSize(480, 400).Hide());
    workbench.panes().Update();
    workbench.addCommand(ActionInfo{"cards.show_panel", wxTRANSLATE("&Card designer"), "", wxTRANSLATE("Table Battles cards: edit, preview, check")},
        [&workbench, pane] {
            showPane(workbench, "cards");
            pane->selectFirst();
        });
}

} // namespace sandtable::editor::ui::panes
