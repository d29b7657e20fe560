#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A user-guide picture that needs a click (run inside xvfb-run; make_doc_images.sh calls it): the editor's
# window on small_terrain with Blue's 1st Division selected on the map, its properties in the grid.
# usage: drive_doc_selected_unit.sh EDITOR CHECKER SCENARIO OUT.png WORKDIR
editor=$1 checker=$2 scenario=$3 out=$4 work=$5
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work"
start_editor "$work/editor.log" --window-size 1280x800 "$scenario"
main=$(wait_for_window ' - sandtable editor$')
focus_window "$main"
# Blue's pieces (31, 58, 147): the HQ below the wider 1st Division, whose block holds the centre of both.
blue=31,58,147,4
wait_for_colour start "$blue" stable
area=$colour_area
[ "$area" -gt 2000 ] || fail "Blue's pieces are not on the screen ($area px)"
xdotool mousemove "$colour_x" "$colour_y" click 1
# Selected: the piece's highlight covers part of its fill.
selected() { [ "$1" -lt "$area" ] && [ "$1 $2 $3" = "$colour_previous" ]; }
wait_for_colour selected "$blue" selected
# The pointer out of the picture (it is not drawn anyway, but a hover must not change anything).
xdotool mousemove 1599 999
import -window "$main" "PNG24:$out"
xdotool key ctrl+q
wait_for_exit
echo "wrote $out"
