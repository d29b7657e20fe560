// SPDX-License-Identifier: GPL-3.0-or-later
// What the main window's source files share and nothing else needs.
#pragma once

namespace sandtable::editor::ui {

/// The status bar's fields, left to right.
enum StatusField { kMessageField = 0, kToolField = 1, kCursorField = 2, kScaleField = 3, kFieldCount = 4 };

} // namespace sandtable::editor::ui
