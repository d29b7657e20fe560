#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs every Debian 12 package that sandtable's build, tests, benchmarks and demo need.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
PACKAGES=(
  build-essential cmake ninja-build pkg-config git ccache
  libgdal-dev gdal-bin python3-gdal
  libgeos-dev
  libproj-dev  # core/catalogue: the GeoPackage SRS rows' WKT from PROJ's EPSG database (also pulled in by libgdal-dev)
  libeigen3-dev  # importers: one LU factorisation gives every leave-one-out thin plate spline (header-only)
  libosmium2-dev libprotozero-dev libexpat1-dev zlib1g-dev  # importers: an OpenStreetMap file's ways with their node ids
  # (header-only libosmium; XML through expat, PBF through protozero and zlib), to name the ways an extract cut at a
  # box holds only in part: GDAL's OSM driver gives no node ids and says nothing of them (issue 43 item 5)
  libsqlite3-dev sqlite3
  libssl-dev
  libboost-test-dev
  libboost-locale-dev  # Boost.Locale: printed products translated with each language's real plural rule (issue 42)
  libvalijson-dev
  rapidjson-dev  # the one JSON library (reads and writes every document), with valijson's RapidJSON adapter
  libcairo2-dev
  libqpdf-dev libjpeg-dev  # print/: page boxes through qpdf, JPEG scans through its Pl_DCT (libjpeg); private
  libcli11-dev
  libwxgtk3.2-dev
  xvfb xauth x11-apps imagemagick xdotool
  poppler-utils
  clang clang-14 libclang-rt-14-dev  # tests/fuzz: clang and libFuzzer for the `fuzz` preset
  desktop-file-utils appstream shared-mime-info man-db  # tests/packaging: desktop entry, AppStream, MIME, man page checks
  gettext  # xgettext, msgfmt, msgmerge, msgcmp: the .pot from the sources, the .mo catalogues, translation_catalogues
  locales  # locale sources for localedef below
  # tests/vassal: VASSAL 3.7.26's engine built with javac from ../shared/vassal and a module opened in it (issue 44):
  # a full JDK (GameModule opens a JFrame, so not -headless; run under Xvfb), DejaVu for its fonts, and every jar
  # VASSAL's sources import (/usr/share/java); ../shared/vassal/README.md lists them.
  openjdk-17-jdk fonts-dejavu-core
  libasm-java libbatik-java libcommons-codec-java libcommons-io-java libcommons-lang3-java libcommons-logging-java
  libfindbugs-java libgetopt-java libhttpclient5-java libjanino-java libjlayer-java libjsoup-java liblogback-java
  libmaven3-core-java libmiglayout-java libplexus-utils2-java libslf4j-java libswingx-java libtimingframework-java
  libxml-commons-external-java libxmlgraphics-commons-java
  unzip  # tests/cli/test_vassal_commands.cpp: a module unpacked as VASSAL's editor leaves one, then edited
  # The shared catalogue on PostgreSQL/PostGIS (issue 45): libpq for the backend (catalogue/), and a server
  # that tests/postgres/pg_server.sh starts and removes itself (initdb as an unprivileged user, a Unix socket;
  # unaccent comes with postgresql-15). The Debian service is not needed and not started by the tests.
  libpq-dev postgresql-15 postgresql-15-postgis-3
)
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
# The translation tests run the CLI and the editor under French and German (and a comma-decimal locale for
# the byte-identical save test): generate fr_FR.UTF-8, de_DE.UTF-8 and en_US.UTF-8 (issue 25).
for locale in fr_FR de_DE en_US; do
  $SUDO localedef -i "$locale" -c -f UTF-8 -A /usr/share/locale/locale.alias "$locale.UTF-8"
done
