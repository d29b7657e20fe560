#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the screenshots of docs/editor-guide.md with the real editor under Xvfb, so they stay current:
#   tests/editor/make_doc_images.sh build/tools/editor/app/sandtable-editor docs/images \
#     build/tools/tests/editor/sandtable_screenshot_check
# (the ctest editor_doc_images runs it into the build folder and checks the pictures are not blank).
# usage: make_doc_images.sh EDITOR OUTDIR [CHECKER]   (without CHECKER no picture needs a click)
set -euo pipefail
editor=$1 out=$2 checker=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" NO_AT_BRIDGE=1 GDK_BACKEND=x11
# No GTK state animations: a control enabled a moment before the picture is drawn as it is, not half-faded.
mkdir -p "$work/config/gtk-3.0" && printf '[Settings]\ngtk-enable-animations=0\n' > "$work/config/gtk-3.0/settings.ini"

# After the checks: 256 colours without dithering (a third of the size; the scan still reads well).
shrink() { convert "$1" -dither None -colors 256 "PNG8:$1"; }

shoot() { # name, then editor arguments
  local name=$1
  shift
  xvfb-run -a -s "-screen 0 1600x1000x24" "$editor" --window-size "${xvfb_size:-1280x800}" --screenshot-window "$out/$name.png" "$@" \
    > "$work/$name.log" 2>&1 || { cat "$work/$name.log" >&2; echo "FAIL: $name" >&2; exit 1; }
  grep -q "wrote $out/$name.png" "$work/$name.log" || { cat "$work/$name.log" >&2; exit 1; }
  if [ -n "$checker" ]; then
    read -r w h <<< "$(grep -o "wrote $out/$name.png ([0-9]*x[0-9]*)" "$work/$name.log" | grep -o '([0-9]*x[0-9]*)$' | tr -d '()' | tr x ' ')"
    "$checker" "$out/$name.png" "$w" "$h" 40 20 > /dev/null || { echo "FAIL: $name.png looks blank" >&2; exit 1; }
  fi
  shrink "$out/$name.png"
  echo "made $out/$name.png"
}

# The whole window on the bundled Gettysburg example (the scan when ../shared/data holds it).
shoot editor-window "$root/examples/gettysburg/gettysburg.sandtable.json"
# The Problems pane: a bridge on neither stream nor road; Next Problem (F8) selects it and zooms to it.
shoot editor-problems --run-action view.next_problem "$root/tests/data/editor/problems.sandtable.json"
# A unit selected on the map (a click: drive_doc_selected_unit.sh under its own X server): its properties
# in the grid. The checker is needed to find the unit on the screen.
if [ -n "$checker" ]; then
  xvfb-run -a -s "-screen 0 1600x1000x24" "$here/drive_doc_selected_unit.sh" "$editor" "$checker" \
    "$root/tests/data/editor/small_terrain.sandtable.json" "$out/editor-small.png" "$work/drive-small" \
    > "$work/editor-small.log" 2>&1 || { cat "$work/editor-small.log" >&2; echo "FAIL: editor-small" >&2; exit 1; }
  read -r w h <<< "$(identify -format '%w %h' "$out/editor-small.png")"
  "$checker" "$out/editor-small.png" "$w" "$h" 40 20 > /dev/null || { echo "FAIL: editor-small.png looks blank" >&2; exit 1; }
  shrink "$out/editor-small.png"
  echo "made $out/editor-small.png"
else
  shoot editor-small "$root/tests/data/editor/small_terrain.sandtable.json"
fi

# The workspaces, each opened by its command on a bundled example (window 1500 x 900: room for the pane).
shoot_wide() { local name=$1; shift; xvfb_size=1500x900 shoot "$name" "$@"; }
shoot_wide editor-georef --run-action georef.show_pane "$root/examples/gettysburg/gettysburg.sandtable.json"
shoot_wide editor-cards --run-action cards.show_panel "$root/examples/table-battles/fontenoy.sandtable.json"
shoot_wide editor-grid --run-action grid.show_panel "$root/examples/gettysburg-campaign/gettysburg-campaign.sandtable.json"
shoot_wide editor-grid-sheets --run-action grid.preview_sheets "$root/examples/gettysburg-campaign/gettysburg-campaign.sandtable.json"
shoot_wide editor-print --run-action print.preview "$root/examples/gettysburg/gettysburg.sandtable.json"
