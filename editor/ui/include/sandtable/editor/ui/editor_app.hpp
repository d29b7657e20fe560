// SPDX-License-Identifier: GPL-3.0-or-later
// The wxApp of sandtable-editor: command line, the main frame, and the --screenshot batch mode.
#pragma once

#include "sandtable/editor/logic/pixel_size.hpp"
#include "sandtable/editor/logic/view_request.hpp"

#include <wx/app.h>
#include <wx/cmdline.h>

#include <filesystem>
#include <optional>

namespace sandtable::editor::ui {

class MainFrame;

/// sandtable-editor [FILE] [--screenshot OUT.png] [--size WxH] [--view E,N,M_PER_PX] [--version]
/// With --screenshot the editor opens FILE, renders the canvas once the frame is shown, writes the PNG
/// and exits: 0 on success, 1 when the file cannot be opened or the PNG cannot be written (the reason on
/// stderr, no dialog), 2 for a usage error.
class EditorApp : public wxApp {
public:
    bool OnInit() override;
    int OnRun() override;
    void OnInitCmdLine(wxCmdLineParser& parser) override;
    bool OnCmdLineParsed(wxCmdLineParser& parser) override;
    bool OnCmdLineError(wxCmdLineParser& parser) override;

private:
    void takeScreenshot();
    void openStartFile();

    MainFrame* m_frame = nullptr;
    std::optional<std::filesystem::path> m_file;
    std::optional<std::filesystem::path> m_screenshot;
    PixelSize m_size{1000, 700};
    std::optional<ViewRequest> m_view;
    int m_exitCode = 0;
};

} // namespace sandtable::editor::ui
