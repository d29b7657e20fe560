# SPDX-License-Identifier: GPL-3.0-or-later
# One interface target carries the project's warning flags (no folder-level flags).
add_library(sandtable_warnings INTERFACE)
target_compile_options(sandtable_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough)
if(SANDTABLE_WARNINGS_AS_ERRORS)
  target_compile_options(sandtable_warnings INTERFACE -Werror)
endif()
