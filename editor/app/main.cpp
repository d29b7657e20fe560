// SPDX-License-Identifier: GPL-3.0-or-later
// sandtable-editor: the thin main over the editor UI library.
#include "sandtable/core/version.hpp"
#include "sandtable/editor/ui/editor_app.hpp"

#include <cstring>
#include <iostream>

int main(int argc, char** argv)
{
    // --version answers without a display (wx needs one to start).
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--version") == 0) {
            std::cout << "sandtable-editor " << sandtable::kVersion << "\n";
            return 0;
        }
    wxApp::SetInstance(new sandtable::editor::ui::EditorApp());
    return wxEntry(argc, argv);
}
