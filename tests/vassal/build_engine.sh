#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds VASSAL's engine from the shared source tarball with javac against Debian's jars, and sandtable's harness
# (issue 44). Usage: build_engine.sh TARBALL WORK_DIR HARNESS_DIR
#   WORK_DIR/src      the tarball unpacked (vassal-app/src/main)
#   WORK_DIR/classes  VASSAL's classes, its resources and git.properties; rebuilt only when the tarball is newer
#   WORK_DIR/harness  the harness's classes
# Exits 1 with the reason when Java, Xvfb or the tarball is missing: the test fails, it never skips.
set -euo pipefail
tarball=$1 work=$2 harness=$3
fail() { echo "vassal_engine: $*" >&2; exit 1; }
for tool in java javac xvfb-run; do
  command -v "$tool" >/dev/null || fail "$tool is missing: run packaging/install-deps.sh (openjdk-17-jdk, xvfb)"
done
[ -f "$tarball" ] || fail "$tarball: VASSAL's engine source is missing (../shared/vassal)"
# Unversioned names only (each jar once), and one SLF4J binding: logback, as VASSAL ships.
jars=$(find /usr/share/java -maxdepth 1 -name '*.jar' ! -name '*-[0-9]*.jar' ! -name 'slf4j-*.jar' ! -name 'maven3-slf4j-provider.jar' ! -name 'log4j-over-slf4j.jar' \
  ! -type d | sort | tr '\n' ':')/usr/share/java/slf4j-api.jar
mkdir -p "$work"
stamp="$work/classes/.built"
if [ ! -f "$stamp" ] || [ "$tarball" -nt "$stamp" ]; then
  echo "vassal_engine: compiling VASSAL from $tarball"
  start=$(date +%s)
  rm -rf "$work/src" "$work/classes"
  mkdir -p "$work/src" "$work/classes"
  tar -xJf "$tarball" -C "$work/src"
  main="$work/src/vassal-app/src/main"
  [ -d "$main/java" ] || fail "$tarball: no vassal-app/src/main/java inside"
  # PropertyNoCaseStartsWithCondition needs a newer logback than Debian's; VASSAL's debian/rules leaves it out too,
  # and with it logback.xml, which names it.
  find "$main/java" -name '*.java' ! -name PropertyNoCaseStartsWithCondition.java > "$work/sources.txt"
  javac --release 17 -encoding UTF-8 -nowarn -Xlint:none -J-Xmx1g -cp "$jars" -d "$work/classes" @"$work/sources.txt" \
    > "$work/javac.log" 2>&1 || { tail -30 "$work/javac.log" >&2; fail "javac failed on VASSAL's source ($work/javac.log)"; }
  cp -r "$main/resources/." "$work/classes/"
  rm -f "$work/classes/logback.xml"
  # VASSAL compares this number with a module's VassalVersion; a non-number reads every module as pre-3.5.
  echo "git.version=3.7.26" > "$work/classes/git.properties"
  touch "$stamp"
  echo "vassal_engine: VASSAL compiled in $(( $(date +%s) - start )) s"
fi
mkdir -p "$work/harness"
if [ ! -f "$work/harness/.built" ] || [ -n "$(find "$harness" -name '*.java' -newer "$work/harness/.built")" ]; then
  javac --release 17 -encoding UTF-8 -cp "$work/classes:$jars" -d "$work/harness" "$harness"/*.java \
    || fail "javac failed on the harness in $harness"
  touch "$work/harness/.built"
fi
echo "$work/classes:$work/harness:$jars"
