# SPDX-License-Identifier: GPL-3.0-or-later
# Opens a scenario in the real editor under Xvfb, runs commands (--run-action) that open a capability pane,
# saves a screenshot of the whole window and checks it: not blank, and (FIND) at least N pixels of a colour
# only the pane draws (residual arrows, sheet outlines, ...).
# cmake -DEDITOR= -DCHECKER= -DXVFB_RUN= -DCONFIG_HOME= -DSCENARIO= -DOUTPUT= -DSIZE=WxH -DACTIONS="a;b"
#       [-DMIN_COLOURS= -DMIN_FOREGROUND=] [-DFIND="R,G,B,TOL,MIN_COUNT|..."] [-DREQUIRE=<file>]
#       [-DEXPECT_OUT="regex;regex"] -P this
cmake_minimum_required(VERSION 3.25)
foreach(var EDITOR CHECKER SCENARIO OUTPUT SIZE ACTIONS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} not set")
  endif()
endforeach()
if(REQUIRE AND NOT EXISTS "${REQUIRE}")
  message(FATAL_ERROR "cannot run: ${REQUIRE} is absent (a test never skips for want of its input)")
endif()
if(NOT XVFB_RUN)
  message(FATAL_ERROR "xvfb-run not found: install xvfb and xauth (packaging/install-deps.sh)")
endif()
get_filename_component(out_dir "${OUTPUT}" DIRECTORY)
file(MAKE_DIRECTORY "${out_dir}" "${CONFIG_HOME}")
file(REMOVE "${OUTPUT}")
set(ENV{XDG_CONFIG_HOME} "${CONFIG_HOME}")
# No GTK state animations: a control enabled a moment before the picture is drawn as it is, not half-faded.
file(WRITE "${CONFIG_HOME}/gtk-3.0/settings.ini" "[Settings]\ngtk-enable-animations=0\n")
set(action_args "")
foreach(action IN LISTS ACTIONS)
  list(APPEND action_args --run-action "${action}")
endforeach()
execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1920x1200x24" "${EDITOR}" ${action_args} --window-size "${SIZE}"
          --screenshot-window "${OUTPUT}" "${SCENARIO}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 600) # a hung editor, not a slow one
message("editor exit: ${rc}\nstdout: ${out}\nstderr: ${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sandtable-editor failed (exit ${rc})")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/../check_editor_output.cmake")
foreach(action IN LISTS ACTIONS)
  if(NOT out MATCHES "ran ${action}")
    message(FATAL_ERROR "the editor did not run ${action}")
  endif()
endforeach()
# EXPECT_OUT: regular expressions ("|"-free, ";"-separated) the editor's standard output must match, such as
# the status line a pane announces (batch mode echoes the status bar).
foreach(expected IN LISTS EXPECT_OUT)
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "the editor's output does not match '${expected}'")
  endif()
endforeach()
if(NOT EXISTS "${OUTPUT}")
  message(FATAL_ERROR "no screenshot at ${OUTPUT}")
endif()
# The window's picture includes the menu and tool bars: its size is what the editor says it wrote.
string(REGEX MATCH "wrote [^\n]* \\(([0-9]+)x([0-9]+)\\)" _ "${out}")
if(NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "the editor did not say what size it wrote")
endif()
if(NOT DEFINED MIN_COLOURS)
  set(MIN_COLOURS 64)
endif()
if(NOT DEFINED MIN_FOREGROUND)
  set(MIN_FOREGROUND 20)
endif()
execute_process(COMMAND "${CHECKER}" "${OUTPUT}" ${CMAKE_MATCH_1} ${CMAKE_MATCH_2} ${MIN_COLOURS} ${MIN_FOREGROUND}
  RESULT_VARIABLE check_rc OUTPUT_VARIABLE check_out ERROR_VARIABLE check_err)
message("${check_out}${check_err}")
if(NOT check_rc EQUAL 0)
  message(FATAL_ERROR "screenshot check failed for ${OUTPUT}")
endif()
if(FIND)
  string(REPLACE "|" ";" finds "${FIND}")
  foreach(find IN LISTS finds)
    string(REGEX MATCH "^([0-9]+,[0-9]+,[0-9]+,[0-9]+),([0-9]+)$" _ "${find}")
    set(colour "${CMAKE_MATCH_1}")
    set(minimum "${CMAKE_MATCH_2}")
    execute_process(COMMAND "${CHECKER}" --find "${OUTPUT}" "${colour}" RESULT_VARIABLE find_rc OUTPUT_VARIABLE found)
    string(REGEX MATCH "^[0-9]+" count "${found}")
    message("colour ${colour}: ${found}")
    if(NOT find_rc EQUAL 0 OR count LESS minimum)
      message(FATAL_ERROR "expected at least ${minimum} pixels of ${colour} in ${OUTPUT}, found '${found}'")
    endif()
  endforeach()
endif()
