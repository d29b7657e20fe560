// SPDX-License-Identifier: GPL-3.0-or-later
// The measuring tool (action "view.measure"): a path of clicks, its length in metres and game units.
#pragma once

#include "sandtable/editor/ui/workbench.hpp"

#include <vector>

namespace sandtable::editor::ui {

/// Each left click adds a point; the path to the cursor is drawn with its running length; a double
/// click or a right click ends the path (it stays drawn until the next click starts a new one);
/// Backspace removes the last point; Escape ends the tool. The length goes to the status bar as metres,
/// centimetres on the map at the scenario's scale and Pub Battles foot / mounted segments.
class MeasureTool : public CanvasTool {
public:
    explicit MeasureTool(Workbench& workbench);

    std::string name() const override { return "measure"; }
    bool onMouse(const wxMouseEvent& event, core::Coordinate world, const ViewTransform& view) override;
    bool onKey(const wxKeyEvent& event) override;
    void draw(wxGraphicsContext& gc, const ViewTransform& view) override;
    void activated() override;

    /// The path measured so far (clicked points, without the cursor).
    const std::vector<core::Coordinate>& points() const noexcept { return m_points; }
    /// Adds a point as a click would (used by tests).
    void addPoint(core::Coordinate point);
    double lengthMetres() const;

private:
    double scaleDenominator() const;
    void report();

    Workbench& m_workbench;
    std::vector<core::Coordinate> m_points;
    std::optional<core::Coordinate> m_cursor;
    bool m_finished = false;
};

} // namespace sandtable::editor::ui
