// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/ui/view_report.hpp"

#include <wx/gdicmn.h>
#include <wx/window.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

namespace sandtable::editor::ui {

namespace {

const char* reportFile()
{
    const char* file = std::getenv("SANDTABLE_EDITOR_VIEW_REPORT");
    return file && *file ? file : nullptr;
}

void writeLine(const std::string& name, const std::string& line)
{
    static std::map<std::string, std::string> lines;
    if (lines[name] == line)
        return;
    lines[name] = line;
    const std::filesystem::path target(reportFile());
    std::filesystem::path temporary = target;
    temporary += ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        for (const auto& [key, text] : lines)
            out << text << "\n";
        if (!out)
            return;
    }
    std::error_code ignored;
    std::filesystem::rename(temporary, target, ignored);
}

} // namespace

void reportView(const std::string& name, const wxWindow& canvas, const ViewTransform& view, const std::string& crs)
{
    if (!reportFile() || !canvas.IsShownOnScreen())
        return;
    const wxPoint origin = canvas.ClientToScreen(wxPoint(0, 0));
    const wxSize size = canvas.GetClientSize();
    const Affine2D m = view.worldToScreenMatrix();
    char line[512];
    std::snprintf(line, sizeof line, "%s %d %d %d %d %.12g %.12g %.12g %.12g %.12g %.12g %s", name.c_str(), origin.x, origin.y,
        size.x, size.y, m.a, m.b, m.c, m.d, m.e, m.f, crs.empty() ? "-" : crs.c_str());
    writeLine(name, line);
}

void reportPlace(const std::string& name, const wxWindow& window, const wxRect& rect)
{
    if (!reportFile() || !window.IsShownOnScreen())
        return;
    const wxPoint origin = window.ClientToScreen(rect.GetTopLeft());
    char line[256];
    std::snprintf(line, sizeof line, "%s %d %d %d %d", name.c_str(), origin.x, origin.y, rect.width, rect.height);
    writeLine(name, line);
}

void reportText(const std::string& name, const std::string& text)
{
    if (reportFile())
        writeLine(name, name + " " + text);
}

} // namespace sandtable::editor::ui
