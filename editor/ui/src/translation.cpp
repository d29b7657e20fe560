// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's language: preference, wxTranslations set-up, the Language dialog.
#include "sandtable/editor/ui/translation.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/recent_files.hpp"

#include <wx/choicdlg.h>
#include <wx/intl.h>
#include <wx/msgdlg.h>
#include <wx/translation.h>
#include <wx/uilocale.h>

#include <algorithm>
#include <cctype>
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

/// "fr", "de", "pt_BR": a code the preference may hold (anything else is ignored, as no preference).
bool knownCode(const std::string& code)
{
    const std::size_t cut = std::min(code.find('_'), code.size());
    if (cut < 2 || cut > 3 || !std::all_of(code.begin(), code.begin() + static_cast<long>(cut), [](char c) { return c >= 'a' && c <= 'z'; }))
        return false;
    return cut == code.size()
        || (code.size() == cut + 3 && std::isupper(static_cast<unsigned char>(code[cut + 1])) && std::isupper(static_cast<unsigned char>(code[cut + 2])));
}

} // namespace

std::filesystem::path languageFile() { return editorConfigDir() / "language.txt"; }

std::string readLanguagePreference()
{
    try {
        std::string text = core::io::readFile(languageFile(), 256);
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
            text.pop_back();
        return text == "en" || knownCode(text) ? text : std::string();
    } catch (const std::exception&) {
        return {}; // no preference yet: the system's language
    }
}

void writeLanguagePreference(const std::string& code)
{
    std::filesystem::create_directories(editorConfigDir());
    core::io::writeFileAtomically(languageFile(), code + "\n");
}

void setUpEditorLanguage()
{
    const std::string preference = readLanguagePreference();
    const std::filesystem::path folder = catalogueFolder();
    // As the CLI: LANGUAGE (the preference, when set), the locale of LANG / LC_*, the core's gettext bound to
    // the catalogues, LC_NUMERIC "C" (core::i18n::setUpProcessLanguage).
    core::i18n::setUpProcessLanguage(preference, {folder});
    const char* asked = std::getenv("LANGUAGE");
    wxUILocale::UseDefault(); // wx's own locale: its number formatting and dialogs follow the person's
    // ... but the process's LC_NUMERIC stays "C": GEOS reads WKT with strtod, and files are written with '.'.
    std::setlocale(LC_NUMERIC, "C");
    // glibc ignores LANGUAGE under the "C" locale, which UseDefault() may have set again.
    const char* messages = std::setlocale(LC_MESSAGES, nullptr);
    if (asked && *asked && (!messages || std::strcmp(messages, "C") == 0 || std::strcmp(messages, "POSIX") == 0))
        std::setlocale(LC_MESSAGES, "C.UTF-8");

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
    // The system's language, English (the texts' own), then every shipped catalogue by its own name.
    std::vector<std::string> codes{"", "en"};
    wxArrayString choices;
    choices.Add(_("System language"));
    choices.Add("English");
    for (const std::string& code : core::i18n::availableLanguages()) {
        if (!knownCode(code))
            continue;
        const wxLanguageInfo* info = wxUILocale::FindLanguageInfo(wxString::FromUTF8(code));
        codes.push_back(code);
        choices.Add(info && !info->DescriptionNative.empty() ? info->DescriptionNative : wxString::FromUTF8(code));
    }
    const std::string current = readLanguagePreference();
    int selected = 0;
    for (std::size_t i = 0; i < codes.size(); ++i)
        if (current == codes[i])
            selected = static_cast<int>(i);
    wxSingleChoiceDialog dialog(parent, _("Language of the editor's menus, panes and messages:"), _("Language"), choices);
    dialog.SetSelection(selected);
    if (dialog.ShowModal() != wxID_OK || dialog.GetSelection() == selected)
        return false;
    try {
        writeLanguagePreference(codes[static_cast<std::size_t>(dialog.GetSelection())]);
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
