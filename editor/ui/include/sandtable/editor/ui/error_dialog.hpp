// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's one boundary for failures: a dialog with a primary and an extended message.
#pragma once

#include <exception>
#include <string>

class wxWindow;

namespace sandtable::editor::ui {

/// The extended message of a failure: file, object and reason on their own lines for a core::util::Error,
/// what() for anything else.
std::string describeFailure(const std::exception& error);

/// Shows a modal error dialog: `primary` ("Cannot open gettysburg.sandtable.json") over the failure's
/// file/object/reason. The editor keeps running afterwards.
void showFailure(wxWindow* parent, const std::string& primary, const std::exception& error);

} // namespace sandtable::editor::ui
