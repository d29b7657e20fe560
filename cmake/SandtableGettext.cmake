# SPDX-License-Identifier: GPL-3.0-or-later
# Translations the GNU gettext way: xgettext makes the template sandtable.pot from the sources at build
# time, msgfmt compiles each packaging/po/<lang>.po into <build>/locale/<lang>/LC_MESSAGES/sandtable.mo
# (the CLI and the editor find that folder when run from the build tree, so tests run uninstalled), the
# install puts them in share/locale (so the .deb carries them), and `cmake --build ... --target
# sandtable_update_po` merges the sources' new texts into the .po files for translators (README: adding a
# language). The languages are the words of packaging/po/LINGUAS.

find_program(SANDTABLE_XGETTEXT xgettext REQUIRED)
find_program(SANDTABLE_MSGFMT msgfmt REQUIRED)
find_program(SANDTABLE_MSGMERGE msgmerge REQUIRED)

set(SANDTABLE_PO_DIR "${PROJECT_SOURCE_DIR}/packaging/po")
set(SANDTABLE_BUILD_LOCALEDIR "${PROJECT_BINARY_DIR}/locale")
set(SANDTABLE_POT "${PROJECT_BINARY_DIR}/po/sandtable.pot")

# The keywords of core/include/sandtable/core/i18n/i18n.hpp and of wxWidgets (the editor).
set(SANDTABLE_XGETTEXT_OPTIONS --language=C++ --from-code=UTF-8 --add-comments=TRANSLATORS: --sort-by-file --add-location=file
  --keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=NP_:1,2 --keyword=translateIn:2 --keyword=inLanguage:2 --keyword=inLanguageCode:2 --keyword=inReport --keyword=translatePluralIn:2,3
  --keyword=wxPLURAL:1,2 --keyword=wxGETTEXT_IN_CONTEXT:1c,2 --keyword=wxTRANSLATE --keyword=wxGetTranslation:1 --keyword=translated
  --package-name=sandtable --package-version=${PROJECT_VERSION}
  --msgid-bugs-address=https://github.com/sandtable/sandtable/issues)

# Every source of every layer, whether or not this build compiles it (a headless build makes the same
# template as a full one). The template is a build product, so this one list is globbed.
file(GLOB_RECURSE SANDTABLE_TRANSLATABLE_SOURCES CONFIGURE_DEPENDS RELATIVE "${PROJECT_SOURCE_DIR}"
  "${PROJECT_SOURCE_DIR}/core/src/*.cpp" "${PROJECT_SOURCE_DIR}/print/src/*.cpp"
  "${PROJECT_SOURCE_DIR}/catalogue/src/*.cpp" "${PROJECT_SOURCE_DIR}/geo/src/*.cpp" "${PROJECT_SOURCE_DIR}/vassal/src/*.cpp"
  "${PROJECT_SOURCE_DIR}/importers/src/*.cpp" "${PROJECT_SOURCE_DIR}/app/src/*.cpp"
  "${PROJECT_SOURCE_DIR}/cli/src/*.cpp" "${PROJECT_SOURCE_DIR}/editor/logic/src/*.cpp"
  "${PROJECT_SOURCE_DIR}/editor/ui/src/*.cpp" "${PROJECT_SOURCE_DIR}/editor/app/*.cpp")
list(SORT SANDTABLE_TRANSLATABLE_SOURCES)
set(SANDTABLE_POTFILES "${PROJECT_BINARY_DIR}/po/POTFILES")
string(REPLACE ";" "\n" _potfiles "${SANDTABLE_TRANSLATABLE_SOURCES}")
file(WRITE "${SANDTABLE_POTFILES}.in" "${_potfiles}\n")
configure_file("${SANDTABLE_POTFILES}.in" "${SANDTABLE_POTFILES}" COPYONLY)

list(TRANSFORM SANDTABLE_TRANSLATABLE_SOURCES PREPEND "${PROJECT_SOURCE_DIR}/" OUTPUT_VARIABLE _absolute_sources)
add_custom_command(OUTPUT "${SANDTABLE_POT}"
  COMMAND "${SANDTABLE_XGETTEXT}" ${SANDTABLE_XGETTEXT_OPTIONS} --files-from=${SANDTABLE_POTFILES}
          --output=${SANDTABLE_POT}
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  DEPENDS ${_absolute_sources} "${SANDTABLE_POTFILES}"
  COMMENT "Extracting the translatable texts into sandtable.pot"
  VERBATIM)

file(STRINGS "${SANDTABLE_PO_DIR}/LINGUAS" SANDTABLE_LANGUAGES REGEX "^[^#]")
string(REPLACE " " ";" SANDTABLE_LANGUAGES "${SANDTABLE_LANGUAGES}")
set(_mo_files)
foreach(lang IN LISTS SANDTABLE_LANGUAGES)
  set(_mo "${SANDTABLE_BUILD_LOCALEDIR}/${lang}/LC_MESSAGES/sandtable.mo")
  add_custom_command(OUTPUT "${_mo}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${SANDTABLE_BUILD_LOCALEDIR}/${lang}/LC_MESSAGES"
    COMMAND "${SANDTABLE_MSGFMT}" --check --output-file=${_mo} "${SANDTABLE_PO_DIR}/${lang}.po"
    DEPENDS "${SANDTABLE_PO_DIR}/${lang}.po"
    COMMENT "Compiling the ${lang} catalogue"
    VERBATIM)
  list(APPEND _mo_files "${_mo}")
  install(FILES "${_mo}" DESTINATION "${CMAKE_INSTALL_LOCALEDIR}/${lang}/LC_MESSAGES")
endforeach()
add_custom_target(sandtable_translations ALL DEPENDS "${SANDTABLE_POT}" ${_mo_files})

# For translators: merge the template's new and changed texts into every .po (then translate the new ones).
set(_merge_commands)
foreach(lang IN LISTS SANDTABLE_LANGUAGES)
  list(APPEND _merge_commands COMMAND "${SANDTABLE_MSGMERGE}" --quiet --update --backup=none --no-fuzzy-matching
    "${SANDTABLE_PO_DIR}/${lang}.po" "${SANDTABLE_POT}")
endforeach()
add_custom_target(sandtable_update_po ${_merge_commands} DEPENDS "${SANDTABLE_POT}"
  COMMENT "Merging sandtable.pot into packaging/po/*.po" VERBATIM)

# Where the programs look for catalogues: $SANDTABLE_LOCALEDIR, then this build tree, then the install.
set(SANDTABLE_LOCALEDIR_DEFINITIONS
  SANDTABLE_BUILD_LOCALEDIR="${SANDTABLE_BUILD_LOCALEDIR}"
  SANDTABLE_INSTALLED_LOCALEDIR="${CMAKE_INSTALL_FULL_LOCALEDIR}")
