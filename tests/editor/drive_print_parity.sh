#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 42 item 1, the other printed products: each made from the real editor's menu action and from the CLI
# command a designer would run with the editor's defaults, every page rendered and compared pixel for pixel.
#   Print > Print stickers to PDF      (Gettysburg)          against  oob print FILE -o X
#   Print > Print cards to PDF         (Fontenoy)            against  cards print FILE -o X
#   Grid > Print sheets to PDF         (Gettysburg campaign) against  grid print FILE -o X --player-aid
#                                      (the Sheets tab's defaults: 1 copy, A4, the player aid page)
#   Print > Georeferencing report      (Gettysburg's 9 GCPs) against  map report FILE -o X
# usage: drive_print_parity.sh EDITOR CHECKER SANDTABLE EXAMPLES WORKDIR
editor=$1 checker=$2 sandtable=$3 examples=$4 work=$5
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work" pdftocairo compare

# editor_product NAME SCENARIO ACTION DIALOG_TITLE [JOB_TITLE]: runs ACTION in the editor on SCENARIO, answers
# the file chooser titled DIALOG_TITLE with $work/NAME-editor.pdf, waits for the file (and for the long job's
# window JOB_TITLE to close), quits.
editor_product() {
  local name=$1 scenario=$2 action=$3 title=$4 job=${5:-}
  start_editor "$work/$name-editor.log" "$scenario" --run-action "$action"
  local chooser
  chooser=$(wait_for_window "^$title\$")
  focus_window "$chooser"
  xdotool key ctrl+a
  xdotool type "$work/$name-editor.pdf"
  xdotool key Return
  wait_until "the editor's $name PDF to be written" test -s "$work/$name-editor.pdf"
  [ -z "$job" ] || wait_for_no_window "^$job\$"
  check_editor
  xdotool key ctrl+q
  wait_for_exit
}

# same_pages NAME: the editor's and the CLI's PDF have the same number of pages, each the same pixels at 40 dpi.
same_pages() {
  local name=$1 page other differing
  pdftocairo -png -r 40 "$work/$name-editor.pdf" "$work/$name-editor-page"
  pdftocairo -png -r 40 "$work/$name-cli.pdf" "$work/$name-cli-page"
  local a b
  a=$(find "$work" -name "$name-editor-page*.png" | wc -l)
  b=$(find "$work" -name "$name-cli-page*.png" | wc -l)
  [ "$a" -gt 0 ] && [ "$a" -eq "$b" ] || fail "$name: the editor printed $a pages, the CLI $b"
  for page in "$work/$name"-editor-page*.png; do
    other="${page/$name-editor-page/$name-cli-page}"
    differing=$(compare -metric AE "$page" "$other" null: 2>&1) || true
    [ "$differing" = "0" ] || fail "$name: $(basename "$page"): $differing pixels differ between the editor's and the CLI's"
  done
  echo "$name: $a pages, the same from the editor and the CLI"
}

gettysburg="$examples/gettysburg/gettysburg.sandtable.json"
fontenoy="$examples/table-battles/fontenoy.sandtable.json"
campaign="$examples/gettysburg-campaign/gettysburg-campaign.sandtable.json"

editor_product stickers "$gettysburg" print.stickers_pdf 'Print stickers to PDF'
"$sandtable" oob print "$gettysburg" -o "$work/stickers-cli.pdf" -q || fail "sandtable oob print failed"
same_pages stickers

editor_product cards "$fontenoy" print.cards_pdf 'Print cards to PDF'
"$sandtable" cards print "$fontenoy" -o "$work/cards-cli.pdf" -q || fail "sandtable cards print failed"
same_pages cards

editor_product sheets "$campaign" grid.print_sheets 'Print campaign sheets to PDF' 'Printing the campaign sheets'
"$sandtable" grid print "$campaign" -o "$work/sheets-cli.pdf" --player-aid -q || fail "sandtable grid print failed"
same_pages sheets

editor_product report "$gettysburg" print.georef_report 'Georeferencing report'
"$sandtable" map report "$gettysburg" -o "$work/report-cli.pdf" -q || fail "sandtable map report failed"
same_pages report
