// SPDX-License-Identifier: GPL-3.0-or-later
// sandtable-editor: the thin main over the editor UI library.
#include "sandtable/core/version.hpp"
#include "sandtable/editor/ui/editor_app.hpp"

#include <wx/cmdline.h>
#include <wx/init.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

namespace {

bool hasDisplay()
{
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 && *x11) || (wayland && *wayland);
}

} // namespace

int main(int argc, char** argv)
{
    // --version and --help answer without a display (wx's GUI start needs one, and GTK aborts without).
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) {
            std::cout << "sandtable-editor " << sandtable::kVersion << "\n";
            return 0;
        }
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            wxInitializer base; // wxBase only: strings and the command-line parser, no GUI
            wxCmdLineParser parser;
            sandtable::editor::ui::EditorApp::describeCommandLine(parser);
            parser.SetLogo("sandtable-editor " + wxString(sandtable::kVersion)
                + ": the sandtable scenario editor (a display is needed; under CI use xvfb-run)");
            std::cout << parser.GetUsageString().utf8_string();
            return 0;
        }
    }
    if (!hasDisplay()) {
        std::cerr << "sandtable-editor: error: no display (neither DISPLAY nor WAYLAND_DISPLAY is set): run it in a "
                     "desktop session, or headless under xvfb-run; the command-line tool 'sandtable' does every job "
                     "without one\n";
        return 1;
    }
    wxApp::SetInstance(new sandtable::editor::ui::EditorApp());
    // -1: wx could not start (EditorApp::Initialize has said why) or OnInit refused before setting a status.
    const int status = wxEntry(argc, argv);
    return status == -1 ? sandtable::editor::ui::EditorApp::failedStartStatus() : status;
}
