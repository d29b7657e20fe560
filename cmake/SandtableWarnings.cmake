# SPDX-License-Identifier: GPL-3.0-or-later
# One interface target carries the project's warning flags (no folder-level flags).
add_library(sandtable_warnings INTERFACE)
target_compile_options(sandtable_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough)
if(SANDTABLE_WARNINGS_AS_ERRORS)
  target_compile_options(sandtable_warnings INTERFACE -Werror)
endif()
# A unity build (CMAKE_UNITY_BUILD, the CI and release presets) includes each source file into a generated one,
# so GCC takes a test fixture in a file's anonymous namespace, used as the base of a Boost.Test case, for a type
# of internal linkage in a header (-Wsubobject-linkage). That warning is about headers; in a unity build it
# only says how the files were grouped.
if(CMAKE_UNITY_BUILD AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(sandtable_warnings INTERFACE -Wno-subobject-linkage)
endif()
