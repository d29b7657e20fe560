// SPDX-License-Identifier: GPL-3.0-or-later
// The Problems pane.
#include "sandtable/editor/ui/problems_pane.hpp"

#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/editor/logic/selection.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/aui/framemanager.h>
#include <wx/sizer.h>

#include <array>

namespace sandtable::editor::ui {

namespace {

/// A finding's row: its index in the diagnostics.
class FindingItem : public wxTreeItemData {
public:
    explicit FindingItem(std::size_t index) : m_index(index) {}
    std::size_t index() const noexcept { return m_index; }

private:
    std::size_t m_index;
};

} // namespace

ProblemsPane::ProblemsPane(wxWindow* parent, Workbench& workbench)
    : wxPanel(parent, wxID_ANY)
    , m_workbench(workbench)
{
    m_tree = new wxTreeCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(-1, 160),
        wxTR_DEFAULT_STYLE | wxTR_HIDE_ROOT | wxTR_SINGLE | wxTR_FULL_ROW_HIGHLIGHT);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(m_tree, 1, wxEXPAND);
    SetSizer(sizer);
    m_timer.SetOwner(this);
    Bind(wxEVT_TIMER, [this](wxTimerEvent&) { refresh(); }, m_timer.GetId());
    m_tree->Bind(wxEVT_TREE_SEL_CHANGED, &ProblemsPane::onSelected, this);
    m_tree->Bind(wxEVT_TREE_ITEM_ACTIVATED, &ProblemsPane::onSelected, this);
    rebuild();
}

void ProblemsPane::scheduleRefresh() { m_timer.StartOnce(kDebounceMilliseconds); }

void ProblemsPane::refresh()
{
    m_timer.Stop();
    m_diagnostics.clear();
    m_next = 0;
    if (const core::document::Document* document = m_workbench.document()) {
        const core::Scenario& scenario = document->scenario();
        try {
            // The whole scenario: schema-level rules, terrain validity and topology, set-up, cards, campaign.
            m_diagnostics = core::validation::validateScenario(scenario);
        } catch (const std::exception& error) {
            m_diagnostics.push_back({"editor.check_failed", core::validation::Severity::Error, "", error.what()});
        }
    }
    rebuild();
}

void ProblemsPane::rebuild()
{
    m_rebuilding = true;
    m_tree->Freeze();
    m_tree->DeleteAllItems();
    const wxTreeItemId root = m_tree->AddRoot("problems");
    const std::array<std::pair<core::validation::Severity, const char*>, 3> groups{
        {{core::validation::Severity::Error, wxTRANSLATE("Errors")}, {core::validation::Severity::Warning, wxTRANSLATE("Warnings")},
            {core::validation::Severity::Info, wxTRANSLATE("Info")}}};
    if (!m_workbench.document()) {
        m_tree->AppendItem(root, _("No scenario open"));
    } else if (m_diagnostics.empty()) {
        m_tree->AppendItem(root, _("No problems found"));
    }
    for (const auto& [severity, title] : groups) {
        const std::size_t count = core::validation::countSeverity(m_diagnostics, severity);
        if (count == 0)
            continue;
        const wxTreeItemId group = m_tree->AppendItem(root, wxString::Format("%s (%zu)", wxGetTranslation(title), count));
        m_tree->SetItemBold(group);
        for (std::size_t i = 0; i < m_diagnostics.size(); ++i) {
            const core::validation::Diagnostic& d = m_diagnostics[i];
            if (d.severity != severity)
                continue;
            std::string text = d.message + "   [" + d.code + "]";
            if (!d.path.empty())
                text += "  " + d.path;
            m_tree->AppendItem(group, wxString::FromUTF8(text), -1, -1, new FindingItem(i));
        }
        m_tree->Expand(group);
    }
    m_tree->Thaw();
    m_rebuilding = false;
    // The pane's caption carries the count, so it is seen while the pane is docked small.
    if (wxAuiPaneInfo& pane = m_workbench.panes().GetPane(this); pane.IsOk()) {
        const std::size_t errors = core::validation::countSeverity(m_diagnostics, core::validation::Severity::Error);
        const std::size_t warnings = core::validation::countSeverity(m_diagnostics, core::validation::Severity::Warning);
        pane.Caption(wxString::Format(_("Problems (%s, %s)"), wxString::Format(wxPLURAL("%zu error", "%zu errors", errors), errors),
            wxString::Format(wxPLURAL("%zu warning", "%zu warnings", warnings), warnings)));
        m_workbench.panes().Update();
    }
}

bool ProblemsPane::goTo(std::size_t index)
{
    const core::document::Document* document = m_workbench.document();
    if (!document || index >= m_diagnostics.size())
        return false;
    const auto object = objectAtPath(document->scenario(), m_diagnostics[index].path);
    if (!object)
        return false;
    m_workbench.select(*object, true);
    m_workbench.setStatusText(m_diagnostics[index].message);
    return true;
}

bool ProblemsPane::goToNext()
{
    for (std::size_t step = 0; step < m_diagnostics.size(); ++step) {
        const std::size_t index = (m_next + step) % m_diagnostics.size();
        if (goTo(index)) {
            m_next = index + 1;
            return true;
        }
    }
    return false;
}

void ProblemsPane::onSelected(wxTreeEvent& event)
{
    if (m_rebuilding || !event.GetItem().IsOk())
        return;
    if (const auto* item = dynamic_cast<FindingItem*>(m_tree->GetItemData(event.GetItem()))) {
        goTo(item->index());
        m_next = item->index() + 1;
    }
}

} // namespace sandtable::editor::ui
