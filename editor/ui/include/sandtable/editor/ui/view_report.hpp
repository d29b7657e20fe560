// SPDX-License-Identifier: GPL-3.0-or-later
// Where the editor's canvases show what, for scripted drives under a virtual display (tests/editor): a drive
// that clicks a known scan pixel or map point needs each canvas's place on the screen and its view.
#pragma once

#include "sandtable/editor/logic/view_transform.hpp"

#include <string>

class wxRect;
class wxWindow;

namespace sandtable::editor::ui {

/// When the environment names a file in SANDTABLE_EDITOR_VIEW_REPORT, writes there (replacing it whole, by
/// rename) one line per canvas reported so far, this one brought up to date:
///   `NAME X Y WIDTH HEIGHT A B C D E F CRS`
/// X, Y: the canvas's top-left corner on the screen (root window pixels); WIDTH, HEIGHT its client size;
/// A..F the world -> canvas pixel map (x' = A*x + C*y + E, y' = B*x + D*y + F: world is metres in CRS for the
/// map canvas, (pixel, -line) for the scan canvas, whose CRS is "-"). Does nothing without the variable;
/// a file that cannot be written is ignored (the drive then times out waiting for it).
void reportView(const std::string& name, const wxWindow& canvas, const ViewTransform& view, const std::string& crs);

/// The same file's line for a place a drive clicks that is no canvas (a table's first row): `NAME X Y WIDTH
/// HEIGHT` with the top-left corner of `rect` (client pixels of `window`) on the screen.
void reportPlace(const std::string& name, const wxWindow& window, const wxRect& rect);

/// The same file's line `NAME TEXT` for a state a drive waits for (the map canvas's tool: "map-tool gcp.add").
void reportText(const std::string& name, const std::string& text);

} // namespace sandtable::editor::ui
