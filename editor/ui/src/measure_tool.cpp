// SPDX-License-Identifier: GPL-3.0-or-later
// The measuring tool.
#include "sandtable/editor/ui/measure_tool.hpp"

#include "sandtable/editor/logic/measure.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <wx/brush.h>
#include <wx/event.h>
#include <wx/font.h>
#include <wx/graphics.h>
#include <wx/settings.h>

namespace sandtable::editor::ui {

MeasureTool::MeasureTool(Workbench& workbench)
    : m_workbench(workbench)
{
}

void MeasureTool::activated()
{
    m_workbench.setStatusText(translated("Measure: click points along the path; double-click or right-click ends it; Esc leaves"));
}

double MeasureTool::scaleDenominator() const
{
    const core::document::Document* document = m_workbench.document();
    return document ? document->scenario().settings.scaleDenominator : 16000.0;
}

double MeasureTool::lengthMetres() const
{
    std::vector<core::Coordinate> path = m_points;
    if (m_cursor && !m_finished && !path.empty())
        path.push_back(*m_cursor);
    return pathLength(path);
}

void MeasureTool::report()
{
    if (m_points.empty())
        return;
    m_workbench.setStatusText((m_finished ? translated("Measured:") : translated("Measuring:")) + " "
        + describeDistance(lengthMetres(), scaleDenominator()));
}

void MeasureTool::addPoint(core::Coordinate point)
{
    if (m_finished) {
        m_points.clear();
        m_finished = false;
    }
    m_points.push_back(point);
    report();
}

bool MeasureTool::onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform&)
{
    const wxEventType type = event.GetEventType();
    if (type == wxEVT_LEFT_DOWN) {
        addPoint(world);
        return true;
    }
    if (type == wxEVT_LEFT_DCLICK || type == wxEVT_RIGHT_DOWN) {
        if (!m_points.empty()) {
            m_finished = true;
            report();
        }
        return true;
    }
    if (type == wxEVT_LEFT_UP || type == wxEVT_RIGHT_UP)
        return true;
    if (type == wxEVT_MOTION) {
        m_cursor = world;
        if (!m_finished && !m_points.empty()) {
            report();
            m_workbench.refreshCanvas();
        }
        // Moving the mouse with the left button up is the tool's; a left drag still pans.
        return !event.LeftIsDown();
    }
    return false;
}

bool MeasureTool::onKey(const wxKeyEvent& event)
{
    if (event.GetKeyCode() == WXK_BACK && !m_points.empty()) {
        m_points.pop_back();
        m_finished = false;
        report();
        return true;
    }
    return false;
}

void MeasureTool::draw(wxGraphicsContext& gc, const ViewTransform& view)
{
    if (m_points.empty())
        return;
    std::vector<core::Coordinate> path = m_points;
    if (m_cursor && !m_finished)
        path.push_back(*m_cursor);
    wxGraphicsPath line = gc.CreatePath();
    for (std::size_t i = 0; i < path.size(); ++i) {
        const Point p = view.worldToScreen(path[i]);
        if (i == 0)
            line.MoveToPoint(p.x, p.y);
        else
            line.AddLineToPoint(p.x, p.y);
    }
    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 220)).Width(5.0)));
    gc.StrokePath(line);
    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(200, 20, 120)).Width(2.0)));
    gc.StrokePath(line);
    gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(200, 20, 120))));
    for (const auto& c : m_points) {
        const Point p = view.worldToScreen(c);
        gc.DrawEllipse(p.x - 3.5, p.y - 3.5, 7.0, 7.0);
    }
    const double metres = pathLength(path);
    const GameDistance d = gameDistance(metres, scaleDenominator());
    const wxString label = wxString::FromUTF8(formatMetres(metres))
        + wxString::FromUTF8(core::i18n::format(translated("  {1} cm  {2} ft seg"),
            {core::i18n::formatNumber(d.mapCm, 1), core::i18n::formatNumber(d.footSegments, 2)}));
    const Point end = view.worldToScreen(path.back());
    gc.SetFont(wxSystemSettings::GetFont(wxSYS_DEFAULT_GUI_FONT).Bold(), wxColour(90, 0, 50));
    double w = 0, h = 0;
    gc.GetTextExtent(label, &w, &h);
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(255, 255, 255, 210))));
    gc.DrawRectangle(end.x + 10.0, end.y - h - 8.0, w + 8.0, h + 4.0);
    gc.DrawText(label, end.x + 14.0, end.y - h - 6.0);
}

} // namespace sandtable::editor::ui
