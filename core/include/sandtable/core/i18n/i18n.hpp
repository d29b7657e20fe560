// SPDX-License-Identifier: GPL-3.0-or-later
// Translation of user-facing texts: GNU gettext (glibc's libintl, text domain "sandtable") for the process's
// language, a catalogue lookup by language for printed products, and locale-aware numbers for people.
//
// Mark a text with _("...") where it is shown, N_("...") where it is only stored to be translated later,
// P_("one ...", "{1} ...", n) where a count is shown (a real plural: the catalogue's Plural-Forms choose).
// xgettext finds these (cmake/SandtableGettext.cmake lists the keywords); the editor's files use wx's own
// _() and wxPLURAL, which read the same .mo catalogues through wxTranslations.
//
// Machine-readable texts never go through here: finding codes, JSON pointers, --json keys and everything
// written to a file stay the same in every language.
#pragma once

#include <cstddef>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::core::i18n {

/// The gettext text domain of every sandtable catalogue (<localedir>/<lang>/LC_MESSAGES/sandtable.mo).
inline constexpr const char* kTextDomain = "sandtable";

/// `msgid` in the process's language (dgettext), or `msgid` itself when the catalogue has no translation.
const char* translate(const char* msgid) noexcept;
/// The singular or plural form for `n` in the process's language (dngettext: the catalogue's plural rule).
const char* translatePlural(const char* singular, const char* plural, unsigned long n) noexcept;

/// `pattern` with {1}, {2}, ... replaced by `args` in order (translators may move them). A {k} with no
/// argument is kept as written; "{{" is not special. Example: format(_("{1} of {2} sheets"), {"3", "12"}).
std::string format(std::string_view pattern, std::initializer_list<std::string> args);

/// Sets up the process's language the standard way: setlocale(LC_ALL, "") from LANG/LC_*, then LANGUAGE
/// (set here to `language` when that is not empty, as --lang asks) chooses the catalogue; a LANGUAGE asked
/// for under the "C" locale is honoured too (LC_MESSAGES becomes C.UTF-8, as glibc ignores LANGUAGE under "C").
/// LC_NUMERIC stays "C" for the whole process so that every file written and every library read (GDAL, the
/// writers' printf) keeps the point as decimal separator; formatNumber() uses the person's conventions.
/// The text domain is bound to the first folder of `localeDirs` holding a sandtable.mo (translated texts
/// are UTF-8 whatever the locale's charset). Not thread-safe: call once at start-up, before any thread.
void setUpProcessLanguage(const std::string& language, const std::vector<std::filesystem::path>& localeDirs);

/// The folder the text domain is bound to (the default gettext folder when never bound).
std::filesystem::path boundLocaleDir();
/// Binds the text domain to `localeDir` (UTF-8 output) without touching the locale: the editor's start-up,
/// where wxLocale sets the locale, and tests.
void bindCatalogues(const std::filesystem::path& localeDir);
/// The first folder of `candidates` that holds <lang>/LC_MESSAGES/sandtable.mo for some language, or an
/// empty path.
std::filesystem::path findLocaleDir(const std::vector<std::filesystem::path>& candidates);

/// `msgid` in `language` ("fr", "de", "fr_FR"; "" or "en" is English), read from the bound folder's
/// catalogue independently of the process's locale and of LANGUAGE: printed products print their fixed
/// texts in the scenario's language, whatever the language of the person printing. English, or `msgid`
/// itself, when there is no catalogue or no translation. Thread-safe (catalogues are read once, cached).
std::string translateIn(const std::string& language, const char* msgid);
/// The plural form of `singular`/`plural` for `n` in `language`, as translateIn (the rule of the
/// catalogue's Plural-Forms header: "n > 1" as French, else "n != 1").
std::string translatePluralIn(const std::string& language, const char* singular, const char* plural, unsigned long n);

/// The languages with a shipped catalogue in the bound folder, sorted ("de", "fr"; English is the source).
std::vector<std::string> availableLanguages();

/// `value` with `decimals` digits after the separator in the person's numeric conventions (LC_NUMERIC of
/// the environment as setUpProcessLanguage found it: "1 234,5" in French, "1.234,5" in German); the "C"
/// convention when the environment named none. For people only: never for a file.
std::string formatNumber(double value, int decimals);

/// `value` as formatNumber with as few decimals as show it (at most `maxDecimals`): 6, 1.5, 19.05 in "C";
/// "19,05" in French. For figures whose precision is their own (rule constants, sizes in mm).
std::string formatFigure(double value, int maxDecimals = 3);

/// `value` to `digits` significant digits (1-15), trailing zeros dropped, as printf's %g shows a figure of
/// ordinary size ("3083.64", "1.25", "12" for 6, 3, 3 digits) but in the person's conventions ("3 083,64" in
/// French); never in exponent form (at most 12 decimals). A non-finite value is shown as formatNumber shows it.
std::string formatSignificant(double value, int digits);

} // namespace sandtable::core::i18n

#ifndef _
#define _(text) ::sandtable::core::i18n::translate(text)
#endif
#ifndef N_
#define N_(text) text
#endif
#ifndef NP_
/// A singular and plural pair kept in a table, to be shown later through translatePlural (xgettext: NP_:1,2).
#define NP_(singular, plural) singular, plural
#endif
#ifndef P_
#define P_(singular, plural, n) ::sandtable::core::i18n::translatePlural(singular, plural, static_cast<unsigned long>(n))
#endif
