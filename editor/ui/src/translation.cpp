// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's language: preference, wxTranslations set-up, the Language dialog.
#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/i18n.hpp"
#include "sandtable/editor/logic/recent_files.hpp"

#include <wx/choicdlg.h>
#include <wx/intl.h>
#include <wx/msgdlg.h>
#include <wx/translation.h>
#include <wx/uilocale.h>

#include <clocale>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <vector>

namespace sandtable::editor::ui {

namespace {

std::filesystem::path catalogueFolder()
{
    std::vector<std::filesystem::path> folders;
    if (const char* own = std::getenv("SANDTABLE_LOCALEDIR"); own && *own)
        folders.emplace_back(own);
    folders.emplace_back(SANDTABLE_BUILD_LOCALEDIR);
    folders.emplace_back(SANDTABLE_INSTALLED_LOCALEDIR);
    return core::i18n::findLocaleDir(folders);
}

bool knownCode(const std::string& code)
{
    for (const char* known : kEditorLanguages)
        if (code == known)
            return true;
    return false;
}

} // namespace

std::filesystem::path languageFile() { return editorConfigDir() / "language.txt"; }

std::string readLanguagePreference()
{
    try {
        std::string text = core::readFile(languageFile(), 256);
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
            text.pop_back();
        return knownCode(text) ? text : std::string();
    } catch (const std::exception&) {
        return {}; // no preference yet: the system's language
    }
}

void writeLanguagePreference(const std::string& code)
{
    std::filesystem::create_directories(editorConfigDir());
    core::writeFileAtomically(languageFile(), code + "\n");
}

void setUpEditorLanguage()
{
    const std::string preference = readLanguagePreference();
    if (!preference.empty())
        ::setenv("LANGUAGE", preference.c_str(), 1);
    wxUILocale::UseDefault(); // setlocale(LC_ALL, "") from LANG / LC_*: numbers and dates for people
    // glibc ignores LANGUAGE under the "C" locale: the core's gettext messages would stay English.
    const char* asked = std::getenv("LANGUAGE");
    const char* messages = std::setlocale(LC_MESSAGES, nullptr);
    if (asked && *asked && (!messages || std::strcmp(messages, "C") == 0 || std::strcmp(messages, "POSIX") == 0))
        std::setlocale(LC_MESSAGES, "C.UTF-8");
    const std::filesystem::path folder = catalogueFolder();
    core::i18n::bindCatalogues(folder);

    auto* translations = new wxTranslations;
    wxTranslations::Set(translations); // owned by wx from here
    if (!folder.empty())
        wxFileTranslationsLoader::AddCatalogLookupPathPrefix(wxString::FromUTF8(folder.string()));
    if (!preference.empty())
        translations->SetLanguage(wxString::FromUTF8(preference));
    else if (asked && *asked)
        translations->SetLanguage(wxString::FromUTF8(std::string(asked).substr(0, std::string(asked).find(':'))));
    translations->AddStdCatalog();
    translations->AddCatalog(core::i18n::kTextDomain);
}

bool chooseLanguage(wxWindow* parent)
{
    const wxString names[] = {_("System language"), "English", wxString::FromUTF8("Français"), "Deutsch"};
    wxArrayString choices;
    for (const wxString& name : names)
        choices.Add(name);
    const std::string current = readLanguagePreference();
    int selected = 0;
    for (std::size_t i = 0; i < std::size(kEditorLanguages); ++i)
        if (current == kEditorLanguages[i])
            selected = static_cast<int>(i);
    wxSingleChoiceDialog dialog(parent, _("Language of the editor's menus, panes and messages:"), _("Language"), choices);
    dialog.SetSelection(selected);
    if (dialog.ShowModal() != wxID_OK || dialog.GetSelection() == selected)
        return false;
    try {
        writeLanguagePreference(kEditorLanguages[dialog.GetSelection()]);
    } catch (const std::exception& error) {
        wxMessageBox(wxString::FromUTF8(error.what()), _("Language not saved"), wxOK | wxICON_ERROR, parent);
        return false;
    }
    wxMessageBox(_("The editor uses the new language from its next start."), _("Language"), wxOK | wxICON_INFORMATION, parent);
    return true;
}

wxString translatedText(const std::string& english)
{
    return english.empty() ? wxString() : wxGetTranslation(wxString::FromUTF8(english));
}

std::string translated(const char* english) { return wxGetTranslation(wxString::FromUTF8(english)).utf8_string(); }

} // namespace sandtable::editor::ui
