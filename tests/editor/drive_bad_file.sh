#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Bad input in the real editor (run inside xvfb-run): started on a corrupt scenario it shows an error
# dialog and keeps running; File > Open Recent then opens a good scenario (the recent list is seeded in a
# private XDG config folder), whose wood appears.
# usage: drive_bad_file.sh EDITOR CHECKER CORRUPT_SCENARIO GOOD_SCENARIO WORKDIR
set -euo pipefail
editor=$1 checker=$2 corrupt=$3 good=$4 work=$5

fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in xdotool import; do
  command -v "$tool" > /dev/null || fail "$tool not found (packaging/install-deps.sh installs xdotool and imagemagick)"
done

rm -rf "$work"
mkdir -p "$work/config/sandtable"
good=$(realpath "$good")
echo "$good" > "$work/config/sandtable/recent-files.txt"
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" NO_AT_BRIDGE=1
"$editor" "$corrupt" > "$work/editor.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2> /dev/null || true' EXIT

# The error dialog is titled "sandtable" (the main window is "sandtable editor").
dialog=$(timeout 20 xdotool search --sync --onlyvisible --name '^sandtable$' | head -1) \
  || fail "no error dialog for $corrupt"
sleep 0.5
import -window root "$work/dialog.png"
xdotool windowactivate --sync "$dialog" 2> /dev/null || xdotool windowfocus "$dialog" || true
xdotool key Return
sleep 0.5
kill -0 "$pid" 2> /dev/null || fail "the editor ended after the error dialog"
xdotool search --onlyvisible --name '^sandtable$' > /dev/null && fail "the error dialog did not close"

main=$(xdotool search --onlyvisible --name 'sandtable editor' | head -1)
xdotool mousemove --window "$main" 600 300
# File menu (Alt+F), Open Recent (R), first entry (1).
xdotool key alt+f
sleep 0.5
xdotool key r
sleep 0.5
xdotool key 1
for _ in $(seq 50); do
  xdotool search --onlyvisible --name 'small_terrain.sandtable.json' > /dev/null 2>&1 && break
  sleep 0.1
done
sleep 0.5
import -window root "$work/opened.png"
read -r area _ _ <<< "$("$checker" --find "$work/opened.png" 144,188,139,6)"
[ "$area" -gt 5000 ] || fail "after opening $good the wood is not on the screen ($area px)"
echo "error dialog shown, editor kept running, then opened $(basename "$good") ($area px of wood)"
