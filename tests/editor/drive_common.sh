# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash disable=SC2154  # editor and checker are set by the drive that sources this
# Shared shell code of the xdotool drives of the real editor (tests/editor/drive_*.sh and
# tests/editor/tools/drive_*.sh), sourced by them; they run inside xvfb-run (or with DISPLAY set to any X
# server without a window manager).
#
# The drives never sleep for a fixed time to let the editor catch up: the editor handles X input in the
# order it was sent, so a drive sends its input and then waits for something it can see (a window title,
# a colour on the screen, a file's checksum, the process ending). Each wait gives up after
# $DRIVE_TIMEOUT seconds (default 60; a Debug editor on a loaded machine is slow) and fails at once when
# the editor ended or reported a wx assertion (a modal assertion box would otherwise block every later
# step until the ctest timeout).
#
# After sourcing: drive_setup WORKDIR TOOL..., then start_editor LOG ARGS... (sets editor_pid).

set -euo pipefail
# A command that fails under set -e ends the drive: say which, so that no drive fails without a word (one run
# of drive_file_import did, in a loaded clean clone).
trap 'echo "FAIL: ${BASH_SOURCE[0]##*/}:$LINENO: \"$BASH_COMMAND\" exited $?" >&2' ERR

: "${DRIVE_TIMEOUT:=60}"
editor_pid=""
editor_log=""
drive_pids=()
drive_work=""

fail() {
  echo "FAIL: $*" >&2
  if [ -n "$editor_log" ] && [ -s "$editor_log" ]; then
    echo "--- $editor_log (last 20 lines)" >&2
    tail -n 20 "$editor_log" >&2
  fi
  exit 1
}

# Kills (SIGKILL) every editor this drive started that is still running.
drive_cleanup() {
  local p
  for p in "${drive_pids[@]}"; do
    kill -9 "$p" 2> /dev/null || true
  done
}

# drive_setup WORKDIR TOOL...: checks the tools, empties WORKDIR, and points the editor's config and state
# folders (recent files, layout, recovery copies) into it so a drive never sees the user's files.
drive_setup() {
  drive_work=$1
  shift
  local tool
  for tool in xdotool import "$@"; do
    command -v "$tool" > /dev/null || fail "$tool not found (packaging/install-deps.sh installs xdotool and imagemagick)"
  done
  [ -n "${DISPLAY:-}" ] || fail "no DISPLAY: run the drive inside xvfb-run"
  rm -rf "$drive_work"
  mkdir -p "$drive_work"
  export XDG_CONFIG_HOME="$drive_work/config" XDG_STATE_HOME="$drive_work/state" NO_AT_BRIDGE=1 GDK_BACKEND=x11
  trap drive_cleanup EXIT
  # xvfb-run may hand over before its server answers; a GTK start then fails at once (seen once: "failed to
  # create GtkMessageDialog" 0.35 s into a drive). Wait for the display to answer first.
  local deadline=$((SECONDS + DRIVE_TIMEOUT))
  until xdotool getdisplaygeometry > /dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the X server on $DISPLAY did not answer within ${DRIVE_TIMEOUT} s"
    sleep 0.1
  done
}

# start_editor LOG ARGS...: starts the editor (the drive's $editor) in the background, output to LOG.
# Should the X server refuse the editor's connection at its start (the editor says "cannot open the display"
# and exits 1 within its first seconds: the server, not the editor), it is started again, twice at most; the
# drive's output says so.
start_editor() {
  editor_log=$1
  shift
  local attempt
  for attempt in 1 2 3; do
    "$editor" "$@" > "$editor_log" 2>&1 &
    editor_pid=$!
    for _ in $(seq 30); do
      kill -0 "$editor_pid" 2> /dev/null || break
      xdotool search --onlyvisible --pid "$editor_pid" > /dev/null 2>&1 && break
      sleep 0.1
    done
    if ! kill -0 "$editor_pid" 2> /dev/null && grep -q "cannot open the display" "$editor_log"; then
      wait "$editor_pid" 2> /dev/null
      echo "drive: the X server on $DISPLAY refused the editor (attempt $attempt): $(grep 'cannot open the display' "$editor_log")"
      sleep 1
      continue
    fi
    break
  done
  drive_pids+=("$editor_pid")
}

# Fails when the current editor has ended or printed a wx assertion.
# GTK's own layout warning for a scrollbar squeezed below its minimum while a dialog (the file chooser)
# is being sized is GTK's, not the editor's: it is left out.
editor_assertions() { grep 'assert.*failed' "$editor_log" 2> /dev/null | grep -v "gtk_box_gadget_distribute: assertion 'size >= 0' failed in GtkScrollbar"; }
check_editor() {
  if [ -n "$editor_log" ] && editor_assertions > /dev/null; then
    fail "the editor hit a wx assertion: $(editor_assertions | head -1)"
  fi
  if [ -n "$editor_pid" ] && ! kill -0 "$editor_pid" 2> /dev/null; then
    fail "the editor (pid $editor_pid) ended"
  fi
}

# wait_until DESCRIPTION COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails with DESCRIPTION
# after $DRIVE_TIMEOUT seconds or when the editor ended.
wait_until() {
  local what=$1
  shift
  local deadline=$((SECONDS + DRIVE_TIMEOUT))
  until "$@"; do
    check_editor
    [ "$SECONDS" -lt "$deadline" ] || fail "timed out after ${DRIVE_TIMEOUT} s waiting for $what"
    sleep 0.1
  done
}

# wait_for_window REGEX: waits for a visible window whose name matches REGEX; prints its id.
visible_window() { xdotool search --onlyvisible --name "$1" 2> /dev/null | head -1 | grep .; }
wait_for_window() {
  wait_until "a window named '$1'" visible_window "$1" > /dev/null
  visible_window "$1"
}
# wait_for_no_window REGEX: waits until no visible window's name matches REGEX.
no_visible_window() { ! visible_window "$1" > /dev/null; }
wait_for_no_window() { wait_until "the window '$1' to close" no_visible_window "$1"; }

# wait_for_window_count N: waits until the editor shows N windows (menus and submenus are windows of
# their own: a key meant for a menu must wait until the menu has opened and grabbed the keyboard).
window_count_is() { [ "$(xdotool search --onlyvisible --pid "$editor_pid" 2> /dev/null | wc -l)" -eq "$1" ]; }
wait_for_window_count() { wait_until "the editor to show $1 windows" window_count_is "$1"; }

# focus_window ID: gives ID the keyboard focus. Without a window manager nobody does when a dialog closes
# (the focus falls back to the root window and keys go nowhere), so a drive focuses the main window again.
has_focus() { [ "$(xdotool getwindowfocus -f 2> /dev/null)" = "$1" ]; }
focus_window() {
  xdotool windowfocus "$1" 2> /dev/null || true
  wait_until "window $1 to get the keyboard focus" has_focus "$1"
}
# refocus_after_dialog MAIN: after a modal dialog has closed, the X focus given back to the main window is
# not enough for GTK (Alt+F and Ctrl+S do nothing until the window is clicked), so this focuses it and
# clicks the map canvas's top left corner, which is background in every drive's fitted view (window
# pixel (290, 100): left of and above North Wood; clicking it selects nothing).
refocus_after_dialog() {
  focus_window "$1"
  xdotool mousemove --window "$1" 290 100 click 1
}

# shot NAME: the whole screen as WORKDIR/NAME.png (always 8-bit RGB, even when the screen is one colour).
shot() { import -window root "PNG24:$drive_work/$1.png"; }

# find_colour NAME R,G,B,TOL: takes the screenshot NAME and prints "COUNT CENTRE_X CENTRE_Y" of that colour.
find_colour() {
  shot "$1"
  "$checker" --find "$drive_work/$1.png" "$2"
}

# wait_for_colour NAME R,G,B,TOL TEST: takes screenshots NAME until the colour's "count x y" passes TEST
# (a shell function called with count, x, y), then sets colour_area, colour_x, colour_y. With TEST
# "stable" it waits for the same non-zero reading twice in a row (the window laid out and painted).
colour_area=0 colour_x=0 colour_y=0
stable() { [ "$1" -gt 0 ] && [ "$1 $2 $3" = "$colour_previous" ]; }
colour_passes() { # NAME COLOUR TEST
  local reading
  reading=$(find_colour "$1" "$2") || return 1
  read -r colour_area colour_x colour_y <<< "$reading"
  local ok=1
  "$3" "$colour_area" "$colour_x" "$colour_y" && ok=0
  colour_previous="$colour_area $colour_x $colour_y"
  return "$ok"
}
wait_for_colour() {
  colour_previous=""
  local deadline=$((SECONDS + DRIVE_TIMEOUT))
  until colour_passes "$1" "$2" "$3"; do
    check_editor
    [ "$SECONDS" -lt "$deadline" ] \
      || fail "timed out after ${DRIVE_TIMEOUT} s waiting for colour $2 to pass '$3' on the screen (last: $colour_area px around ($colour_x, $colour_y); see $drive_work/$1.png)"
    sleep 0.1
  done
}

# checksum FILE / wait_for_file_change FILE PREVIOUS_CHECKSUM (a save finished: the rename is atomic).
checksum() { md5sum < "$1"; }
file_changed() { [ -e "$1" ] && [ "$(checksum "$1")" != "$2" ]; }
wait_for_file_change() { wait_until "$1 to be saved" file_changed "$1" "$2"; }

# The fixture's North Wood (tests/data/editor/small_terrain...): its fill over the canvas background
# (tests/editor/CMakeLists.txt) is (149, 199, 133), matched within 6 levels.
wood=149,199,133,6

# find_wood: waits until North Wood is painted and still (two screenshots in a row find it at the same place,
# the first saved as start.png) and fails unless it covers more than 5000 px; sets colour_area, colour_x and
# colour_y.
find_wood() {
  wait_for_colour start "$wood" stable
  [ "$colour_area" -gt 5000 ] || fail "the wood is not on the screen ($colour_area px)"
}

# save_without_wood FILE PREVIOUS_CHECKSUM MESSAGE: Ctrl+S, waits for FILE to be saved and checks that it no
# longer holds woods-1 (else fails with MESSAGE) and still holds village-1.
save_without_wood() {
  xdotool key ctrl+s
  wait_for_file_change "$1" "$2"
  grep -q '"woods-1"' "$1" && fail "$3"
  grep -q '"village-1"' "$1" || fail "the saved file lost village-1"
}

# wait_for_exit: waits for the current editor to end and fails unless it exited with 0.
process_ended() { ! kill -0 "$1" 2> /dev/null; }
wait_for_exit() {
  local deadline=$((SECONDS + DRIVE_TIMEOUT))
  until process_ended "$editor_pid"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the editor did not quit within ${DRIVE_TIMEOUT} s"
    sleep 0.1
  done
  local code=0
  wait "$editor_pid" || code=$?
  [ "$code" -eq 0 ] || fail "the editor exited with $code"
  editor_pid=""
}

# export_vassal_in_editor LOG SCENARIO PX_PER_KM MODULE: File > Export VASSAL module... in a new editor on SCENARIO:
# the resolution typed in the number dialog, MODULE typed in the file dialog (both titled "Export VASSAL
# module"), the long job waited for, the editor checked and quit.
export_vassal_in_editor() {
  local log=$1 scenario=$2 resolution=$3 module=$4 asked chooser
  start_editor "$log" "$scenario" --run-action file.export_vassal
  asked=$(wait_for_window '^Export VASSAL module$')
  focus_window "$asked"
  xdotool key ctrl+a
  xdotool type "$resolution"
  xdotool key Return
  # The file dialog has the same title: wait for a window of that title other than the number dialog.
  other_dialog() { local w; w=$(visible_window '^Export VASSAL module$') && [ "$w" != "$asked" ]; }
  wait_until "the file dialog" other_dialog
  chooser=$(visible_window '^Export VASSAL module$')
  focus_window "$chooser"
  xdotool key ctrl+a
  xdotool type "$module"
  xdotool key Return
  # The zip is renamed into place whole when written (atomic): its presence means it is complete.
  wait_until "the module to be written" test -s "$module"
  wait_for_no_window '^Exporting the VASSAL module$'
  check_editor
  xdotool key ctrl+q
  wait_for_exit
}
