// SPDX-License-Identifier: GPL-3.0-or-later
// Sheet names, registration marks, overlap lines and neighbour labels: placed once, drawn once.
#include "sandtable/print/sheet_marks.hpp"
#include "sandtable/print/sheet_text.hpp"

#include "sheet_marks_cairo.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <cmath>
#include <filesystem>
#include <numbers>

namespace sandtable::print {

std::string sheetName(int row, int column)
{
    std::string letters;
    for (int r = row + 1; r > 0; r = (r - 1) / 26)
        letters.insert(letters.begin(), static_cast<char>('A' + (r - 1) % 26));
    return letters + std::to_string(column + 1);
}

std::string mapSourceNote(const core::Scenario& scenario)
{
    if (!scenario.map)
        return {};
    const std::string& language = scenario.settings.language;
    const auto paper = [&](const char* english) { return core::i18n::translateIn(language, english); };
    std::string note = core::i18n::format(paper(N_("Map: {1}")), {std::filesystem::path(scenario.map->path).filename().string()});
    if (const auto& g = scenario.map->georeference) {
        note += core::i18n::format(paper(N_(", {1} fit of {2} GCPs")), {core::toString(g->method), std::to_string(g->gcps.size())});
        if (g->rmsMap)
            note += core::i18n::format(paper(N_(", RMS {1} m")), {std::to_string(std::llround(*g->rmsMap))});
    }
    return note + core::i18n::format(paper(N_("; working CRS {1}; printed by sandtable")), {scenario.settings.crs});
}

std::string baseMapNote(const core::Scenario& scenario)
{
    if (!scenario.map)
        return {};
    return core::i18n::format(core::i18n::translateIn(scenario.settings.language, N_("Base map: {1}; working CRS {2}; printed by sandtable")),
        {std::filesystem::path(scenario.map->path).filename().string(), scenario.settings.crs});
}

SheetMarks sheetMarks(const MapLayout& layout, const MapSheet& sheet, double marginMm, double areaWidthMm,
    double areaHeightMm, double overlapMm)
{
    const double x0 = marginMm, y0 = marginMm, x1 = marginMm + areaWidthMm, y1 = marginMm + areaHeightMm;
    SheetMarks m;
    m.registration = {PagePoint{x0, y0}, PagePoint{x1, y0}, PagePoint{x0, y1}, PagePoint{x1, y1}};
    if (sheet.column + 1 < layout.columns) {
        m.overlapLines.push_back({{x1 - overlapMm, y0}, {x1 - overlapMm, y1}});
        m.neighbours.push_back({"> " + sheetName(sheet.row, sheet.column + 1), {x1 + 1.0, y0 + areaHeightMm / 2}});
    }
    if (sheet.column > 0) {
        m.overlapLines.push_back({{x0 + overlapMm, y0}, {x0 + overlapMm, y1}});
        m.neighbours.push_back({sheetName(sheet.row, sheet.column - 1) + " <", {1.0, y0 + areaHeightMm / 2}});
    }
    if (sheet.row + 1 < layout.rows) {
        m.overlapLines.push_back({{x0, y1 - overlapMm}, {x1, y1 - overlapMm}});
        m.neighbours.push_back({"v " + sheetName(sheet.row + 1, sheet.column), {x0 + areaWidthMm / 2, y1 + 3.0}});
    }
    if (sheet.row > 0) {
        m.overlapLines.push_back({{x0, y0 + overlapMm}, {x1, y0 + overlapMm}});
        m.neighbours.push_back({"^ " + sheetName(sheet.row - 1, sheet.column), {x0 + areaWidthMm / 2, y0 - 1.5}});
    }
    return m;
}

namespace detail {

void drawRegistrationMark(cairo_t* cr, PagePoint at)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.15);
    // cairo_arc joins the current point, which the last text drawn leaves set: start afresh.
    cairo_new_path(cr);
    cairo_arc(cr, at.x, at.y, 2.0, 0, 2 * std::numbers::pi);
    cairo_stroke(cr);
    cairo_move_to(cr, at.x - 4.0, at.y);
    cairo_line_to(cr, at.x + 4.0, at.y);
    cairo_move_to(cr, at.x, at.y - 4.0);
    cairo_line_to(cr, at.x, at.y + 4.0);
    cairo_stroke(cr);
}

void drawSheetMarks(cairo_t* cr, const SheetMarks& marks, bool overlapLines)
{
    cairo_save(cr);
    for (const PagePoint& p : marks.registration)
        drawRegistrationMark(cr, p);
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (overlapLines) {
        const double dash[] = {1.0, 1.0};
        cairo_set_dash(cr, dash, 2, 0);
        cairo_set_line_width(cr, 0.12);
        for (const PageSegment& s : marks.overlapLines) {
            cairo_new_path(cr);
            cairo_move_to(cr, s.from.x, s.from.y);
            cairo_line_to(cr, s.to.x, s.to.y);
            cairo_stroke(cr);
        }
        cairo_set_dash(cr, nullptr, 0, 0);
    }
    selectSheetFace(cr);
    cairo_set_font_size(cr, 2.4);
    for (const SheetLabel& l : marks.neighbours) {
        cairo_move_to(cr, l.at.x, l.at.y);
        cairo_show_text(cr, l.text.c_str());
    }
    cairo_new_path(cr);
    cairo_restore(cr);
}

} // namespace detail
} // namespace sandtable::print
