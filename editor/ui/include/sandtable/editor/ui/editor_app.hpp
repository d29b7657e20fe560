// SPDX-License-Identifier: GPL-3.0-or-later
// The wxApp of sandtable-editor: command line, the main frame, and the batch (screenshot) mode.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/editor/logic/pixel_size.hpp"
#include "sandtable/editor/logic/view_request.hpp"

#include <wx/app.h>
#include <wx/cmdline.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::editor::ui {

class MainFrame;

/// sandtable-editor [FILE] [--view E,N,M_PER_PX] [--run-action ID]... [--screenshot OUT.png] [--size WxH]
///                  [--screenshot-window OUT.png] [--window-size WxH] [--restore yes|no]
///                  [--autosave-seconds N] [--version]
/// After start-up the editor first offers to restore a recovery copy left by an editor that did not close
/// (--restore answers without the dialog; batch runs only look with --restore), then opens FILE (unless a
/// copy was restored), applies --view, then runs each --run-action in order (as the
/// menu would). With --screenshot it renders the map canvas (overlays and tool included) at --size, with
/// --screenshot-window it saves the whole main window (menus, panes, status bar); with either it then
/// exits: 0 on success, 1 when the file cannot be opened, an action is unknown or disabled, an error was
/// reported, or a PNG cannot be written (the reason on stderr, no dialog), 2 for a usage error.
class EditorApp : public wxApp {
public:
    /// wx's start (GTK's). A display that cannot be opened is reported on stderr ("sandtable-editor: error: cannot
    /// open the display ...") and main exits 1; wx's own report of it would need a message box, hence that display.
    bool Initialize(int& argCount, wxChar** argValues) override;
    /// The exit status when wx's start or OnInit failed (wxEntry then returns -1): 2 for a usage error, else 1.
    static int failedStartStatus();
    bool OnInit() override;
    int OnRun() override;
    void OnInitCmdLine(wxCmdLineParser& parser) override;
    /// The editor's options and parameter, as OnInitCmdLine declares them (main prints --help from them
    /// without a display: wx's GUI start needs one).
    static void describeCommandLine(wxCmdLineParser& parser);
    bool OnCmdLineParsed(wxCmdLineParser& parser) override;
    bool OnCmdLineError(wxCmdLineParser& parser) override;

private:
    bool batch() const { return m_screenshot || m_windowScreenshot; }
    void start();
    bool runActions();
    void takeScreenshots();
    bool usageError(const std::string& message);

    MainFrame* m_frame = nullptr;
    std::optional<std::filesystem::path> m_file;
    std::optional<std::filesystem::path> m_newFromMap; ///< --new-from-map RASTER
    std::filesystem::path m_newOutput;                 ///< --new-output FILE
    core::GameSystem m_newSystem = core::GameSystem::PubBattles;
    std::optional<std::filesystem::path> m_screenshot;
    std::optional<std::filesystem::path> m_windowScreenshot;
    PixelSize m_size{1000, 700};
    std::optional<PixelSize> m_windowSize;
    std::optional<ViewRequest> m_view;
    std::vector<std::string> m_actions;
    std::optional<bool> m_restore;
    std::optional<double> m_autosaveSeconds;
    int m_exitCode = 0;
};

} // namespace sandtable::editor::ui
