# SPDX-License-Identifier: GPL-3.0-or-later
# Install rules (programs, schemas, examples, docs, man pages, desktop integration) and the CPack Debian package.
#
# Build the package with the install prefix /usr (sandtable looks for its examples under the configured
# data dir, so the prefix is compiled in):
#   cmake --preset release -DCMAKE_INSTALL_PREFIX=/usr && cmake --build --preset release
#   cd build/release && cpack            -> sandtable_<version>-1_<arch>.deb
# packaging/test-install.sh does that with Debian's hardening flags and installs the package into a clean
# Debian 12 root.

include(GNUInstallDirs)

set(SANDTABLE_PACKAGING_DIR "${PROJECT_SOURCE_DIR}/packaging")
set(SANDTABLE_PACKAGING_BUILD_DIR "${PROJECT_BINARY_DIR}/packaging")
set(SANDTABLE_APPSTREAM_ID "io.github.sandtable.Sandtable")
set(SANDTABLE_PACKAGE_MAINTAINER "sandtable maintainers <maintainers@users.noreply.a-seed-274e5fd5.example>"
  CACHE STRING "Maintainer field of the Debian package and its changelog")
set(SANDTABLE_DEBIAN_REVISION "1" CACHE STRING "Debian revision of the package (version <project version>-<revision>)")
file(MAKE_DIRECTORY "${SANDTABLE_PACKAGING_BUILD_DIR}")
# Dates in generated files: now, or SOURCE_DATE_EPOCH when set (reproducible builds).
string(TIMESTAMP SANDTABLE_MAN_DATE "%Y-%m-%d" UTC)
string(TIMESTAMP _sandtable_rfc2822_date "%a, %d %b %Y 00:00:00 +0000" UTC)

find_program(SANDTABLE_GZIP gzip REQUIRED)

# Copies SOURCE to OUTPUT_DIR/NAME and compresses it there as Debian wants it (gzip -9n: no name, no time).
function(sandtable_gzip_file source name output_dir out_var)
  set(output "${output_dir}/${name}.gz")
  add_custom_command(OUTPUT "${output}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${output_dir}"
    COMMAND "${CMAKE_COMMAND}" -E copy "${source}" "${output_dir}/${name}"
    COMMAND "${SANDTABLE_GZIP}" -9nf "${output_dir}/${name}"
    DEPENDS "${source}"
    COMMENT "Compressing ${name}"
    VERBATIM)
  set(${out_var} "${output}" PARENT_SCOPE)
endfunction()

# --- programs --------------------------------------------------------------------------------------------
install(TARGETS sandtable RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
if(TARGET sandtable-editor)
  install(TARGETS sandtable-editor RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()

# --- data: schemas and examples (the demo reads examples/gettysburg from here) ----------------------------
install(DIRECTORY "${PROJECT_SOURCE_DIR}/schemas/" DESTINATION "${CMAKE_INSTALL_DATADIR}/sandtable/schemas")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/" DESTINATION "${CMAKE_INSTALL_DATADIR}/sandtable/examples"
  PATTERN "__pycache__" EXCLUDE
  PATTERN "*.pyc" EXCLUDE)

# --- man pages: sandtable.1 from the built CLI's own --help texts, sandtable-editor.1 from its template ---
set(_man_dir "${SANDTABLE_PACKAGING_BUILD_DIR}/man")
file(MAKE_DIRECTORY "${_man_dir}")
add_custom_command(OUTPUT "${_man_dir}/sandtable.1"
  COMMAND "${CMAKE_COMMAND}" "-DSANDTABLE=$<TARGET_FILE:sandtable>" "-DOUTPUT=${_man_dir}/sandtable.1"
          "-DDATADIR=${CMAKE_INSTALL_FULL_DATADIR}" -P "${SANDTABLE_PACKAGING_DIR}/man/sandtable-man.cmake"
  DEPENDS sandtable "${SANDTABLE_PACKAGING_DIR}/man/sandtable-man.cmake"
  COMMENT "Generating the sandtable(1) man page from sandtable --help"
  VERBATIM)
sandtable_gzip_file("${_man_dir}/sandtable.1" sandtable.1 "${_man_dir}/gz" _man_cli_gz)
set(_man_pages "${_man_cli_gz}")
if(TARGET sandtable-editor)
  configure_file("${SANDTABLE_PACKAGING_DIR}/man/sandtable-editor.1.in" "${_man_dir}/sandtable-editor.1" @ONLY)
  sandtable_gzip_file("${_man_dir}/sandtable-editor.1" sandtable-editor.1 "${_man_dir}/gz" _man_editor_gz)
  list(APPEND _man_pages "${_man_editor_gz}")
endif()
add_custom_target(sandtable_man_pages ALL DEPENDS "${_man_dir}/sandtable.1" ${_man_pages})
install(FILES ${_man_pages} DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")

# --- documentation: README, the user guide, the upstream and Debian changelogs, the copyright file -------
set(_doc_dir "${SANDTABLE_PACKAGING_BUILD_DIR}/doc")
file(MAKE_DIRECTORY "${_doc_dir}")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
file(GLOB_RECURSE _guide_files LIST_DIRECTORIES false "${PROJECT_SOURCE_DIR}/docs/*")
if(_guide_files)
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}/guide")
endif()
sandtable_gzip_file("${PROJECT_SOURCE_DIR}/CHANGELOG.md" changelog "${_doc_dir}" _changelog_gz)

file(WRITE "${_doc_dir}/changelog.Debian.in"
"sandtable (${PROJECT_VERSION}-${SANDTABLE_DEBIAN_REVISION}) unstable; urgency=medium

  * Package of sandtable ${PROJECT_VERSION}, built with CPack from the upstream tree
    (cmake/SandtableInstall.cmake); the upstream changes are in changelog.gz.

 -- ${SANDTABLE_PACKAGE_MAINTAINER}  ${_sandtable_rfc2822_date}
")
configure_file("${_doc_dir}/changelog.Debian.in" "${_doc_dir}/changelog.Debian" COPYONLY)
sandtable_gzip_file("${_doc_dir}/changelog.Debian" changelog.Debian "${_doc_dir}/gz" _changelog_debian_gz)

string(TIMESTAMP _year "%Y" UTC)
file(WRITE "${_doc_dir}/copyright.in"
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: sandtable
Upstream-Contact: ${SANDTABLE_PACKAGE_MAINTAINER}

Files: *
Copyright: ${_year} The sandtable developers
License: GPL-3.0-or-later

License: GPL-3.0-or-later
 This program is free software: you can redistribute it and/or modify
 it under the terms of the GNU General Public License as published by
 the Free Software Foundation, either version 3 of the License, or
 (at your option) any later version.
 .
 This program is distributed in the hope that it will be useful,
 but WITHOUT ANY WARRANTY; without even the implied warranty of
 MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 GNU General Public License for more details.
 .
 You should have received a copy of the GNU General Public License
 along with this program.  If not, see <https://www.gnu.org/licenses/>.
 .
 On Debian systems, the complete text of the GNU General Public License
 version 3 can be found in /usr/share/common-licenses/GPL-3.
")
configure_file("${_doc_dir}/copyright.in" "${_doc_dir}/copyright" COPYONLY)

add_custom_target(sandtable_package_docs ALL DEPENDS "${_changelog_gz}" "${_changelog_debian_gz}")
install(FILES "${_changelog_gz}" "${_changelog_debian_gz}" "${_doc_dir}/copyright"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}")

# --- desktop integration: MIME types always, the editor's entry, icons and AppStream data with the editor --
install(FILES "${SANDTABLE_PACKAGING_DIR}/sandtable-mime.xml"
  DESTINATION "${CMAKE_INSTALL_DATADIR}/mime/packages" RENAME sandtable.xml)
if(TARGET sandtable-editor)
  install(FILES "${SANDTABLE_PACKAGING_DIR}/sandtable-editor.desktop"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
  install(FILES "${SANDTABLE_PACKAGING_DIR}/${SANDTABLE_APPSTREAM_ID}.metainfo.xml"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
  install(FILES "${SANDTABLE_PACKAGING_DIR}/icons/sandtable.svg"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
  foreach(size 16 32 48 64 128 256)
    install(FILES "${SANDTABLE_PACKAGING_DIR}/icons/hicolor/${size}x${size}/apps/sandtable.png"
      DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps")
  endforeach()
endif()

# --- CPack: one Debian package, dependencies from dpkg-shlibdeps (Debian's GDAL, GEOS, wx; nothing bundled) --
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "sandtable")
set(CPACK_PACKAGE_VENDOR "The sandtable developers")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "${SANDTABLE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
"sandtable carries one historical map from the scan to a playable, printable,
checked wargame scenario. It georeferences old map scans with ground control
points or calibrates Kriegsspiel maps by scale, keeps digitised terrain as real
geometry carrying the game's terrain rules (majority rule, topology), holds
orders of battle and set-ups, validates the scenario against a JSON Schema and
the rules, prints maps that measure true on paper, and stores scenario packages
in a SQLite catalogue that QGIS opens as a GeoPackage.

This package contains the command-line tool sandtable, the graphical editor
sandtable-editor, the scenario schema and the Gettysburg example.")
set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_RELEASE "${SANDTABLE_DEBIAN_REVISION}")
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${SANDTABLE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "gdal-bin, qgis")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PROJECT_CONFIG_FILE "${SANDTABLE_PACKAGING_DIR}/CPackProjectConfig.cmake")
include(CPack)
