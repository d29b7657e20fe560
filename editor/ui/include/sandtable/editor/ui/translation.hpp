// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's language: wxTranslations over the sandtable .mo catalogues, the preference, and helpers.
#pragma once

#include <wx/string.h>
#include <wx/translation.h> // wx's _() and wxPLURAL, before any header of the core's i18n

#include <filesystem>
#include <string>

class wxWindow;

namespace sandtable::editor::ui {

/// Sets up the editor's language before its first window: the preference of languageFile() when set (as
/// LANGUAGE too, so that the core's messages translated by gettext follow it), else the system's; the locale
/// from the environment (numbers shown follow it); wxTranslations with the "sandtable" catalogue from
/// $SANDTABLE_LOCALEDIR, the build tree or the installed share/locale, and wx's own "wxstd" when present.
void setUpEditorLanguage();

/// The file holding the language preference (editorConfigDir()/language.txt: one code, or empty).
std::filesystem::path languageFile();
/// The preference ("" when unset or unreadable).
std::string readLanguagePreference();
/// Stores the preference (atomically); throws core::util::IoError when it cannot be written.
void writeLanguagePreference(const std::string& code);

/// Edit > Language...: lets the person choose (the system's language, English, or a language with a
/// catalogue in the bound folder, by its own name), stores it, says it applies from the next start. Returns
/// whether the preference changed.
bool chooseLanguage(wxWindow* parent);

/// `english` (UTF-8, a text marked with wxTRANSLATE or N_) in the editor's language, as a wxString.
wxString translatedText(const std::string& english);
/// `english` (a literal) in the editor's language, as UTF-8, for the helpers that take std::string
/// (Workbench::setStatusText, showError, runLongJob, commit). xgettext knows this name as a keyword.
std::string translated(const char* english);

} // namespace sandtable::editor::ui
