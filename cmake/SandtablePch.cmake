# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled headers for the Boost.Test suites (issue 43 item 6: CI inside its time). A test file is a few
# hundred lines of ours on top of some 160,000 lines of the standard library and Boost.Test; parsing
# those once per suite instead of once per file takes about a quarter off each test file's compile (measured
# on tests/editor/tools/test_drawing.cpp: 22.3 s -> 16.1 s at -O2 -g1). The libraries gain nothing (their
# time is code generation, not parsing), so they are left alone.
option(SANDTABLE_PCH "Precompile the standard and Boost.Test headers of the test suites" ON)

# ccache caches a compile that uses a precompiled header only when told to trust it (its manual, "Precompiled
# headers"); without this every test file would miss the cache.
if(SANDTABLE_PCH AND CCACHE_PROGRAM)
  set(CMAKE_CXX_COMPILER_LAUNCHER "${CMAKE_COMMAND}" -E env "CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime" "${CCACHE_PROGRAM}")
endif()

# sandtable_precompile_test_headers(TARGET [SKIP source...]): the suite's files start from one precompiled
# header; SKIP names files that must see their own macros first (the file defining BOOST_TEST_MODULE).
function(sandtable_precompile_test_headers target)
  cmake_parse_arguments(ARG "" "" "SKIP" ${ARGN})
  if(ARG_SKIP)
    # Nor do they join a unity build's group (CMAKE_UNITY_BUILD, the CI presets): Boost.Test's header would
    # already have been read without BOOST_TEST_MODULE, and the suite would have no main().
    set_source_files_properties(${ARG_SKIP} TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
  if(NOT SANDTABLE_PCH)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE
    <algorithm> <array> <cmath> <cstdint> <filesystem> <fstream> <functional> <map> <memory> <optional> <set>
    <sstream> <stdexcept> <string> <string_view> <unordered_map> <utility> <variant> <vector>
    <boost/test/unit_test.hpp>)
  if(ARG_SKIP)
    set_source_files_properties(${ARG_SKIP} TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endif()
endfunction()
