// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../i18n/i18n.hpp: format's {1} {2} arguments, the by-language lookup of printed texts and its plural
// rules, gettext in the process's language, people's numbers. The catalogues are this build's
// (<build>/locale, compiled from packaging/po by the target sandtable_translations); expected texts are
// the translations written in packaging/po/fr.po and de.po.
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/util/angle_text.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/i18n/number_entry.hpp"

#include <boost/test/unit_test.hpp>

#include <clocale>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

using namespace sandtable::core;

namespace {

const std::filesystem::path kLocaleDir = std::filesystem::path(SANDTABLE_BINARY_DIR) / "locale";

/// Binds the build's catalogues; fails loudly when they were not built.
void bindBuildCatalogues()
{
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(kLocaleDir / "fr" / "LC_MESSAGES" / "sandtable.mo"),
        kLocaleDir.string() + ": no compiled catalogues (build the target sandtable_translations)");
    i18n::bindCatalogues(kLocaleDir);
}

} // namespace

BOOST_AUTO_TEST_SUITE(util_i18n)

BOOST_AUTO_TEST_CASE(format_puts_arguments_where_the_translation_names_them)
{
    BOOST_TEST(i18n::format("{2} before {1}", {"one", "two"}) == "two before one");
    BOOST_TEST(i18n::format("{1} and {1}", {"x"}) == "x and x");
    // A placeholder without an argument, and braces that are not placeholders, stay as written.
    BOOST_TEST(i18n::format("{3} {x} {}", {"a"}) == "{3} {x} {}");
}

BOOST_AUTO_TEST_CASE(translate_in_reads_the_language_asked_for_whatever_the_process_language)
{
    bindBuildCatalogues();
    BOOST_TEST(i18n::translateIn("fr", "error") == "erreur");
    BOOST_TEST(i18n::translateIn("de", "error") == "Fehler");
    BOOST_TEST(i18n::translateIn("fr_FR.UTF-8", "warning") == "avertissement"); // falls back to "fr"
    BOOST_TEST(i18n::translateIn("en", "error") == "error");
    BOOST_TEST(i18n::translateIn("", "error") == "error");
    BOOST_TEST(i18n::translateIn("xx", "error") == "error");                   // no catalogue: English
    BOOST_TEST(i18n::translateIn("fr", "no such text in any catalogue") == "no such text in any catalogue");
}

BOOST_AUTO_TEST_CASE(plural_forms_follow_each_language_rule)
{
    bindBuildCatalogues();
    // French counts 0 and 1 as singular ("n > 1"), German and English only 1 ("n != 1").
    BOOST_TEST(i18n::translatePluralIn("fr", "{1} warning", "{1} warnings", 0) == "{1} avertissement");
    BOOST_TEST(i18n::translatePluralIn("fr", "{1} warning", "{1} warnings", 2) == "{1} avertissements");
    BOOST_TEST(i18n::translatePluralIn("de", "{1} warning", "{1} warnings", 0) == "{1} Warnungen");
    BOOST_TEST(i18n::translatePluralIn("de", "{1} warning", "{1} warnings", 1) == "{1} Warnung");
    BOOST_TEST(i18n::translatePluralIn("en", "{1} warning", "{1} warnings", 0) == "{1} warnings");
}

BOOST_AUTO_TEST_CASE(plural_forms_follow_the_catalogues_own_rule_with_three_forms)
{
    // tests/data/i18n/pl.po: Polish, plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2).
    // Worked by hand: 1 -> form 0; 2, 4, 22, 104 -> form 1; 0, 5, 12, 14, 25, 111 -> form 2.
    const std::filesystem::path testLocale = std::filesystem::path(SANDTABLE_BINARY_DIR) / "test-locale";
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(testLocale / "pl" / "LC_MESSAGES" / "sandtable.mo"),
        testLocale.string() + ": no Polish test catalogue (build the target sandtable_test_catalogues)");
    i18n::bindCatalogues(testLocale);
    const auto files = [](unsigned long n) { return i18n::translatePluralIn("pl", "{1} file", "{1} files", n); };
    BOOST_TEST(files(1) == "{1} plik");
    for (unsigned long n : {2UL, 4UL, 22UL, 104UL})
        BOOST_TEST(files(n) == "{1} pliki", "n = " << n);
    for (unsigned long n : {0UL, 5UL, 12UL, 14UL, 25UL, 111UL})
        BOOST_TEST(files(n) == "{1} plików", "n = " << n);
    BOOST_TEST(i18n::translateIn("pl", "error") == "błąd");
    bindBuildCatalogues();
}

BOOST_AUTO_TEST_CASE(gettext_follows_language_and_numbers_follow_lc_numeric)
{
    BOOST_REQUIRE_MESSAGE(std::setlocale(LC_ALL, "de_DE.UTF-8"),
        "the de_DE.UTF-8 locale is not installed (packaging/install-deps.sh generates it)");
    std::setlocale(LC_ALL, "C");
    ::setenv("LC_ALL", "de_DE.UTF-8", 1);
    i18n::setUpProcessLanguage("fr", {kLocaleDir});
    // LANGUAGE (as --lang sets it) chooses the catalogue; LC_NUMERIC of the environment the numbers.
    BOOST_TEST(std::string(_("error")) == "erreur");
    BOOST_TEST(std::string(P_("{1} warning", "{1} warnings", 3)) == "{1} avertissements");
    BOOST_TEST(i18n::formatNumber(1234567.25, 2) == "1.234.567,25");
    BOOST_TEST(i18n::formatNumber(-0.5, 1) == "-0,5");
    // Significant digits as %g counts them, trailing zeros dropped: 3083.6449 to 6 is 3083.64; 12.0 to 3 is 12;
    // 0.0512 to 2 is 0.051.
    BOOST_TEST(i18n::formatSignificant(3083.6449, 6) == "3.083,64");
    BOOST_TEST(i18n::formatSignificant(12.0, 3) == "12");
    BOOST_TEST(i18n::formatSignificant(0.0512, 2) == "0,051");
    BOOST_TEST(i18n::formatSignificant(0.0, 6) == "0");
    // ... while the process's own LC_NUMERIC stays "C", for files and libraries.
    BOOST_TEST(std::string(std::setlocale(LC_NUMERIC, nullptr)) == "C");
    // Back to the "C" person, so that the tests after this one read messages and numbers as written.
    ::unsetenv("LANGUAGE");
    ::setenv("LC_ALL", "C", 1);
    i18n::setUpProcessLanguage("", {kLocaleDir});
    BOOST_TEST(i18n::formatNumber(1234567.25, 2) == "1234567.25");
    BOOST_TEST(std::string(_("error")) == "error");
    ::unsetenv("LC_ALL");
    std::setlocale(LC_ALL, "C");
}

BOOST_AUTO_TEST_CASE(editable_numbers_are_written_and_read_in_the_persons_conventions)
{
    const auto person = [](const char* locale) {
        BOOST_REQUIRE_MESSAGE(std::setlocale(LC_ALL, locale), std::string(locale) + " is not installed (packaging/install-deps.sh generates it)");
        std::setlocale(LC_ALL, "C");
        ::setenv("LC_ALL", locale, 1);
        ::unsetenv("LANGUAGE");
        i18n::setUpProcessLanguage("", {kLocaleDir});
    };
    const auto same = [](std::optional<double> read, double expected) { return read.has_value() && *read == expected; };

    person("de_DE.UTF-8");
    BOOST_TEST(i18n::formatEditableNumber(1234.5, 2) == "1234,50"); // no thousands separator in a field
    BOOST_TEST(same(i18n::parseNumber("12,5"), 12.5));
    BOOST_TEST(same(i18n::parseNumber("12.5"), 12.5));   // a point still reads as the decimal point
    BOOST_TEST(same(i18n::parseNumber(" +7,25 "), 7.25));
    BOOST_TEST(!i18n::parseNumber("1.234,5"));           // German grouping is refused, not read as 1.2345
    BOOST_TEST(same(i18n::parseNumber(i18n::formatEditableNumber(-3.125, 3)), -3.125));

    person("fr_FR.UTF-8");
    BOOST_TEST(i18n::formatEditableNumber(-0.125, 3) == "-0,125");
    BOOST_TEST(same(i18n::parseNumber("1 234,5"), 1234.5));            // a plain space between groups
    BOOST_TEST(same(i18n::parseNumber("1\u202f234\u202f567"), 1234567.0)); // glibc's own separator, U+202F
    BOOST_TEST(!i18n::parseNumber("1 23,5"));                           // a group is three digits
    BOOST_TEST(!i18n::parseNumber("12,5 m"));
    // An angle field: the decimal comma becomes a point for parseAngle, whose ',' separates minutes.
    BOOST_TEST(i18n::withPointDecimals("7,25") == "7.25");
    BOOST_TEST(i18n::withPointDecimals("48°51,4'N") == "48°51.4'N");
    BOOST_TEST(i18n::withPointDecimals("48, 51") == "48, 51"); // not between two digits: a separator
    const std::optional<util::ParsedAngle> west = util::parseAngle(i18n::withPointDecimals(i18n::formatEditableNumber(-77.2311, 7)));
    BOOST_TEST((west && west->degrees == -77.2311));

    person("en_US.UTF-8");
    BOOST_TEST(same(i18n::parseNumber("1,234.5"), 1234.5));
    BOOST_TEST(!i18n::parseNumber("1,5")); // not fifteen

    person("C");
    BOOST_TEST(i18n::formatEditableNumber(12.5, 2) == "12.50");
    BOOST_TEST(i18n::withPointDecimals("7,25") == "7,25"); // parseAngle reads 7 degrees 25 minutes
    BOOST_TEST(same(i18n::parseNumber("1e3"), 1000.0));
    BOOST_TEST(same(i18n::parseNumber("-0.5"), -0.5));
    BOOST_TEST(!i18n::parseNumber(""));
    BOOST_TEST(!i18n::parseNumber("12,5"));
    BOOST_TEST(!i18n::parseNumber("inf"));
    BOOST_TEST(!i18n::parseNumber("nan"));
    BOOST_TEST(!i18n::parseNumber("12abc"));
    BOOST_TEST(!i18n::parseNumber("--1"));
    ::unsetenv("LC_ALL");
    std::setlocale(LC_ALL, "C");
}

BOOST_AUTO_TEST_CASE(geos_validity_reasons_are_read_in_the_persons_language)
{
    // A bow tie: GEOS 3.11 says "Self-intersection"; fr.po and de.po translate GEOS's reasons.
    const Geometry bowTie = geometry::fromWkt("POLYGON((0 0,10 10,10 0,0 10,0 0))");
    ::setenv("LC_ALL", "C.UTF-8", 1);
    i18n::setUpProcessLanguage("fr", {kLocaleDir});
    BOOST_TEST(geometry::checkValidity(bowTie).reason == "auto-intersection");
    i18n::setUpProcessLanguage("de", {kLocaleDir});
    BOOST_TEST(geometry::checkValidity(bowTie).reason == "Selbstüberschneidung");
    ::unsetenv("LANGUAGE");
    ::setenv("LC_ALL", "C", 1);
    i18n::setUpProcessLanguage("", {kLocaleDir});
    BOOST_TEST(geometry::checkValidity(bowTie).reason == "Self-intersection");
    ::unsetenv("LC_ALL");
    std::setlocale(LC_ALL, "C");
}

BOOST_AUTO_TEST_SUITE_END()
