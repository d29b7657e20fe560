// SPDX-License-Identifier: GPL-3.0-or-later
// A picture of a whole top-level window (menus, panes, status bar) for --screenshot-window and the docs.
#pragma once

#include <wx/bitmap.h>

class wxTopLevelWindow;

namespace sandtable::editor::ui {

/// Draws `window` with everything in it into a bitmap of its size (without the window manager's
/// frame). On GTK the widget tree is asked to draw itself into an image (gtk_widget_draw), so windows
/// covering it do not matter; elsewhere, or when that is unavailable, the screen area is copied.
/// Returns an invalid bitmap when neither works.
wxBitmap captureWindow(wxTopLevelWindow& window);

} // namespace sandtable::editor::ui
