// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/sheet_plan.hpp"

#include <algorithm>
#include <cstdlib>

namespace sandtable::editor::panes {

SheetPlanOverlay sheetPlanOverlay(std::vector<SheetWindow> sheets)
{
    std::stable_sort(sheets.begin(), sheets.end(), [](const SheetWindow& a, const SheetWindow& b) {
        return a.row != b.row ? a.row < b.row : a.column < b.column;
    });
    SheetPlanOverlay out;
    for (std::size_t i = 0; i < sheets.size(); ++i) {
        const SheetWindow& s = sheets[i];
        out.sheets.push_back(SheetOverlayShape{std::to_string(i + 1) + "  r" + std::to_string(s.row + 1) + " c"
                + std::to_string(s.column + 1),
            s.ground, {(s.ground.minX + s.ground.maxX) / 2, (s.ground.minY + s.ground.maxY) / 2}});
    }
    for (std::size_t i = 0; i < sheets.size(); ++i)
        for (std::size_t j = i + 1; j < sheets.size(); ++j) {
            const SheetWindow& a = sheets[i];
            const SheetWindow& b = sheets[j];
            // Edge neighbours only: same row next column, or same column next row.
            if (std::abs(a.row - b.row) + std::abs(a.column - b.column) != 1)
                continue;
            const core::Extent strip{std::max(a.ground.minX, b.ground.minX), std::max(a.ground.minY, b.ground.minY),
                std::min(a.ground.maxX, b.ground.maxX), std::min(a.ground.maxY, b.ground.maxY)};
            if (strip.maxX > strip.minX && strip.maxY > strip.minY)
                out.overlaps.push_back(strip);
        }
    return out;
}

} // namespace sandtable::editor::panes
