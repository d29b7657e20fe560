#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Bad input in the real editor (run inside xvfb-run): started on a corrupt scenario it shows an error
# dialog and keeps running; File > Open Recent then opens a good scenario (the recent list is seeded in the
# private XDG config folder), whose wood appears.
# usage: drive_bad_file.sh EDITOR CHECKER CORRUPT_SCENARIO GOOD_SCENARIO WORKDIR
editor=$1 checker=$2 corrupt=$3 good=$4 work=$5
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work"
good=$(realpath "$good")
mkdir -p "$work/config/sandtable"
echo "$good" > "$work/config/sandtable/recent-files.txt"
start_editor "$work/editor.log" "$corrupt"

# The error dialog is titled "sandtable" (the main window is "sandtable editor"); it names the file and
# the reason.
dialog=$(wait_for_window '^sandtable$')
main=$(wait_for_window '^sandtable editor$')
shot dialog
focus_window "$dialog"
xdotool key Return
wait_for_no_window '^sandtable$'
check_editor
refocus_after_dialog "$main"

# File menu (Alt+F), Open Recent (R), first entry (1); each key waits for the menu it is meant for to be
# open.
wait_for_window_count 1
xdotool key alt+f
wait_for_window_count 2
xdotool key r
wait_for_window_count 3
xdotool key 1
wait_for_window '^small_terrain\.sandtable\.json - sandtable editor$' > /dev/null
big() { [ "$1" -gt 5000 ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour opened 149,199,133,6 big
echo "error dialog shown, editor kept running, then opened $(basename "$good") ($colour_area px of wood)"
