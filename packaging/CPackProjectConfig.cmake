# SPDX-License-Identifier: GPL-3.0-or-later
# CPack project config (read by cpack for each generator): refuses a .deb built for a prefix other than /usr.
#
# sandtable compiles in where its examples are installed (CMAKE_INSTALL_FULL_DATADIR), so a package whose
# files sit under /usr while the program looks under /usr/local would install a demo that cannot find its
# example. Configure with -DCMAKE_INSTALL_PREFIX=/usr (packaging/test-install.sh does) before running cpack.
if(CPACK_GENERATOR STREQUAL "DEB" AND NOT CPACK_PACKAGING_INSTALL_PREFIX STREQUAL "/usr")
  message(FATAL_ERROR
    "sandtable: the Debian package needs the install prefix /usr, this build tree has "
    "'${CPACK_PACKAGING_INSTALL_PREFIX}': reconfigure with -DCMAKE_INSTALL_PREFIX=/usr, rebuild, then run cpack")
endif()
