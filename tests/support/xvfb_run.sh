#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# usage: xvfb_run.sh [-a] [-s SERVER_ARGS] COMMAND ARGS...
# xvfb-run for the tests that start an X server (they run one at a time: ctest's RESOURCE_LOCK xvfb, or
# RUN_SERIAL). Two things `xvfb-run -a` alone gets wrong when such tests follow each other:
# - xvfb-run kills its Xvfb on the way out without waiting for it. The next test's `xvfb-run -a` then finds no
#   lock file and takes the same display number while the old server is still going; when the old one finally
#   exits it removes the new one's socket, and the next X client (the editor) cannot open the display: GTK
#   fails to start and wx asserts "failed to create GtkMessageDialog" (seen in ctest, editor_drive_author_oob
#   0.9 s after editor_drive_draw_polygon_undo_redo_save).
# - It picks the number from lock files only; a socket left in /tmp/.X11-unix is not looked at.
# - An X server resets when its last client leaves (closes every connection, reads its authority file again):
#   a client that connects in that moment is refused. The drives check the display with xdotool before starting
#   the editor; xdotool leaving reset the server, and the editor starting then could not open the display
#   ("Unable to initialize GTK+", editor_drive_select_zoom_delete_undo_save, 1.3 s in). Xvfb runs with -noreset.
# So this picks a number with no lock file, no socket and no Xvfb process, runs xvfb-run on it, and returns
# only once that server has exited (at most 20 s). The command's exit status is returned.
set -u
server_args=(-s "-screen 0 1280x1024x24 -noreset")
while [ $# -gt 0 ]; do
  case $1 in
    -a) shift ;;
    -s) server_args=(-s "$2 -noreset"); shift 2 ;;
    --) shift; break ;;
    -*) echo "xvfb_run.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: xvfb_run.sh [-a] [-s SERVER_ARGS] COMMAND ARGS..." >&2; exit 2; }
command -v xvfb-run > /dev/null || { echo "xvfb_run.sh: xvfb-run not found (packaging/install-deps.sh installs xvfb)" >&2; exit 1; }

server_running() { pgrep -f "^Xvfb :$1( |\$)" > /dev/null; }
n=99
while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || server_running "$n"; do
  n=$((n + 1))
done
# -a as well: should another X server take this number meanwhile, xvfb-run moves on from it.
xvfb-run -n "$n" -a "${server_args[@]}" "$@"
status=$?
for _ in $(seq 200); do
  server_running "$n" || break
  sleep 0.1
done
exit "$status"
