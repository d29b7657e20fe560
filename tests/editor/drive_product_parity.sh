#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 42 item 1: the editor and the CLI make each product through the same app function with the same
# options, so they cannot differ. For one example: File > Print map to PDF (Ctrl+P's action) in the real editor
# against `sandtable map print` with the editor's page set-up (A4, the scenario's scale, margin 12 mm, overlap
# 10 mm, layers scan, references, terrain and set-up), every page rendered and compared pixel for pixel; and
# File > Export VASSAL module against `sandtable vassal export` at the same resolution, every entry of the two
# zips the same bytes (CRC-32 and size; dateSaved, the moment of writing, left out).
# usage: drive_product_parity.sh EDITOR CHECKER SANDTABLE SCENARIO WORKDIR
editor=$1 checker=$2 sandtable=$3 scenario=$4 work=$5
# shellcheck source-path=SCRIPTDIR source=drive_common.sh disable=SC2034  # editor, checker: for drive_common.sh
. "$(dirname "$0")/drive_common.sh"

drive_setup "$work" python3 pdftocairo compare
# The example in place (its scan path is relative to its folder); neither product changes it.
file="$scenario"

# The map, from the editor.
start_editor "$work/editor.log" "$file" --run-action print.map_pdf
chooser=$(wait_for_window '^Print map to PDF$')
focus_window "$chooser"
xdotool key ctrl+a
xdotool type "$work/editor.pdf"
xdotool key Return
wait_until "the editor's PDF to be written" test -s "$work/editor.pdf"
wait_for_no_window '^Printing the map$' # the job's progress dialog: the job has ended
check_editor
xdotool key ctrl+q
wait_for_exit

# The map, from the CLI, with the editor's options.
"$sandtable" map print "$file" -o "$work/cli.pdf" --page A4 --layers scan,references,terrain,setup -q \
  || fail "sandtable map print failed"
pdftocairo -png -r 40 "$work/editor.pdf" "$work/editor-page"
pdftocairo -png -r 40 "$work/cli.pdf" "$work/cli-page"
editor_pages=$(find "$work" -name 'editor-page*.png' | wc -l)
cli_pages=$(find "$work" -name 'cli-page*.png' | wc -l)
[ "$editor_pages" -gt 0 ] && [ "$editor_pages" -eq "$cli_pages" ] \
  || fail "the editor printed $editor_pages pages, the CLI $cli_pages"
for page in "$work"/editor-page*.png; do
  other="${page/editor-page/cli-page}"
  differing=$(compare -metric AE "$page" "$other" null: 2>&1) || true
  [ "$differing" = "0" ] || fail "$(basename "$page"): $differing pixels differ between the editor's and the CLI's map"
done

# The VASSAL module, from the editor at 100 px per km, and from the CLI.
export_vassal_in_editor "$work/editor2.log" "$file" 100 "$work/editor.vmod"
"$sandtable" vassal export "$file" -o "$work/cli.vmod" --px-per-km 100 -q || fail "sandtable vassal export failed"
python3 - "$work/editor.vmod" "$work/cli.vmod" <<'PY' || fail "the editor's module differs from the CLI's"
import io, re, sys, zipfile, zlib
a, b = (zipfile.ZipFile(p) for p in sys.argv[1:3])
def entries(z, prefix=""):
    # dateSaved (moduledata, a saved game's savedata) is the moment of writing, ms since 1970: the one part that
    # may differ. A saved game inside the module (.vsav, a zip) is compared entry by entry.
    out = []
    for i in z.infolist():
        data = z.read(i.filename)
        if i.filename.endswith(".vsav"):
            out += entries(zipfile.ZipFile(io.BytesIO(data)), prefix + i.filename + "/")
            continue
        data = re.sub(rb"<dateSaved>[0-9]+</dateSaved>", b"<dateSaved/>", data)
        out.append((prefix + i.filename, zlib.crc32(data), len(data)))
    return out
ea, eb = entries(a), entries(b)
if ea != eb:
    print("editor:", ea[:5], "...", len(ea), "entries; cli:", eb[:5], "...", len(eb), "entries")
    sys.exit(1)
print(len(ea), "entries, the same bytes")
PY
echo "the editor's map ($editor_pages pages) and module are the CLI's"
