// SPDX-License-Identifier: GPL-3.0-or-later
// Start-up of the editor and its --screenshot batch mode.
#include "sandtable/editor/ui/editor_app.hpp"

#include "sandtable/core/version.hpp"
#include "sandtable/editor/ui/main_frame.hpp"
#include "sandtable/editor/ui/map_canvas.hpp"

#include <wx/image.h>

#include <iostream>

namespace sandtable::editor::ui {

void EditorApp::OnInitCmdLine(wxCmdLineParser& parser)
{
    parser.AddSwitch("h", "help", "show this help", wxCMD_LINE_OPTION_HELP);
    parser.AddSwitch("", "version", "print the version and exit");
    parser.AddOption("", "screenshot", "open FILE, save a PNG of the map canvas to this path, and exit");
    parser.AddOption("", "size", "canvas size for --screenshot, WIDTHxHEIGHT pixels (default 1000x700)");
    parser.AddOption("", "view", "after opening, centre the map on EASTING,NORTHING (working CRS) at METRES_PER_PIXEL");
    parser.AddParam("scenario file", wxCMD_LINE_VAL_STRING, wxCMD_LINE_PARAM_OPTIONAL);
}

bool EditorApp::OnCmdLineParsed(wxCmdLineParser& parser)
{
    if (parser.Found("version")) {
        std::cout << "sandtable-editor " << sandtable::kVersion << "\n";
        m_exitCode = 0;
        return false;
    }
    if (parser.GetParamCount() > 0)
        m_file = std::filesystem::path(parser.GetParam(0).utf8_string());
    wxString value;
    if (parser.Found("size", &value)) {
        const auto size = parsePixelSize(value.utf8_string());
        if (!size) {
            std::cerr << "sandtable-editor: error: --size: expected WIDTHxHEIGHT with edges " << kMinPixelEdge
                      << ".." << kMaxPixelEdge << ", got '" << value.utf8_string() << "'\n";
            m_exitCode = 2;
            return false;
        }
        m_size = *size;
    }
    if (parser.Found("view", &value)) {
        m_view = parseViewRequest(value.utf8_string());
        if (!m_view) {
            std::cerr << "sandtable-editor: error: --view: expected EASTING,NORTHING,METRES_PER_PIXEL, got '"
                      << value.utf8_string() << "'\n";
            m_exitCode = 2;
            return false;
        }
    }
    if (parser.Found("screenshot", &value)) {
        m_screenshot = std::filesystem::path(value.utf8_string());
        if (!m_file) {
            std::cerr << "sandtable-editor: error: --screenshot needs a scenario FILE\n";
            m_exitCode = 2;
            return false;
        }
    }
    return true;
}

bool EditorApp::OnCmdLineError(wxCmdLineParser& parser)
{
    parser.Usage();
    m_exitCode = 2;
    return false;
}

bool EditorApp::OnInit()
{
    // wxApp::OnInit parses the command line; false there means --version, --help or a usage error.
    if (!wxApp::OnInit())
        return false;
    wxInitAllImageHandlers();
    SetAppName("sandtable");
    m_frame = new MainFrame(!m_screenshot.has_value());
    if (m_screenshot) {
        // Size the frame so its canvas has about the requested size (the PNG has exactly that size).
        m_frame->SetClientSize(m_size.width + 280, m_size.height + 60);
    }
    m_frame->Show();
    if (m_screenshot) {
        CallAfter(&EditorApp::takeScreenshot);
    } else if (m_file) {
        CallAfter(&EditorApp::openStartFile);
    }
    return true;
}

int EditorApp::OnRun()
{
    const int code = wxApp::OnRun();
    return m_exitCode != 0 ? m_exitCode : code;
}

void EditorApp::openStartFile()
{
    if (m_frame->openFile(*m_file).empty() && m_view)
        m_frame->canvas().showView(*m_view);
}

void EditorApp::takeScreenshot()
{
    const std::string failure = m_frame->openFile(*m_file, true);
    if (!failure.empty()) {
        std::cerr << "sandtable-editor: error: " << failure << "\n";
        m_exitCode = 1;
    } else {
        if (m_view)
            m_frame->canvas().showView(*m_view);
        // Let the frame lay out and paint once, as a user would see it, before rendering the canvas.
        m_frame->Update();
        Yield(true);
        const wxBitmap bitmap = m_frame->canvas().renderToBitmap(wxSize(m_size.width, m_size.height));
        if (!bitmap.IsOk() || !bitmap.ConvertToImage().SaveFile(wxString::FromUTF8(m_screenshot->string()), wxBITMAP_TYPE_PNG)) {
            std::cerr << "sandtable-editor: error: " << m_screenshot->string() << ": screenshot: cannot be written\n";
            m_exitCode = 1;
        } else {
            std::cout << "sandtable-editor: wrote " << m_screenshot->string() << " (" << m_size.width << "x"
                      << m_size.height << ")\n";
            if (!m_frame->notice().empty())
                std::cout << "sandtable-editor: notice: " << m_frame->notice() << "\n";
        }
    }
    m_frame->Destroy();
}

} // namespace sandtable::editor::ui
