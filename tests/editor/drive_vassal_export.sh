#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# File > Export VASSAL module... in the real editor (run inside xvfb-run): the resolution asked (100 px per
# km typed), the file chosen, the long job runs, and the module is a zip holding buildFile.xml with an
# at-start stack per placed unit of the scenario (the module's content is checked by the CLI tests).
# usage: drive_vassal_export.sh EDITOR CHECKER SCENARIO WORKDIR   (SCENARIO: examples/antietam/...)
editor=$1 checker=$2 scenario=$3 work=$4
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work" python3
file="$work/game.sandtable.json"
cp "$scenario" "$file"
export_vassal_in_editor "$work/editor.log" "$file" 100 "$work/game.vmod"
placed=$(grep -c '"placement"' "$scenario")
stacks=$(python3 -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("buildFile.xml").decode().count("<VASSAL.build.module.map.SetupStack "))' "$work/game.vmod")
[ "$stacks" -eq "$placed" ] || fail "the module has $stacks at-start stacks for $placed placed units"
echo "File > Export VASSAL module wrote $work/game.vmod with $stacks at-start stacks"
