# SPDX-License-Identifier: GPL-3.0-or-later
# The layering rules of architecture.md, checked on the sources: run with
#   cmake -DSOURCE_DIR=<tree> -P check_dependency_rules.cmake
# Fails (and names file, line and header) when a file includes a header its layer must never include.
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "SOURCE_DIR not set")
endif()

# layer folder (relative) | forbidden header prefixes | folders excluded (sub-layers with their own rule);
# lists inside a rule are comma-separated
set(rules
  "core|wx/,gdal,ogr_,ogrsf_frmts.h,cpl_,proj.h,sqlite3.h,cairo,qpdf/|core/catalogue,core/print"
  "core/catalogue|wx/,cairo,qpdf/|"
  "core/print|wx/,gdal,ogr_,ogrsf_frmts.h,cpl_,sqlite3.h|"
  "importers|wx/,sqlite3.h,qpdf/|"
  "cli|wx/,qpdf/|"
  "editor/logic|wx/,gdal,ogr_,cpl_,sqlite3.h,cairo,qpdf/|"
)

set(violations "")
foreach(rule IN LISTS rules)
  string(REGEX MATCH "^([^|]*)\\|([^|]*)\\|(.*)$" _ "${rule}")
  set(folder "${CMAKE_MATCH_1}")
  string(REPLACE "," ";" forbidden "${CMAKE_MATCH_2}")
  string(REPLACE "," ";" excluded "${CMAKE_MATCH_3}")
  file(GLOB_RECURSE files "${SOURCE_DIR}/${folder}/*.cpp" "${SOURCE_DIR}/${folder}/*.hpp" "${SOURCE_DIR}/${folder}/*.h")
  foreach(f IN LISTS files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
    set(skip FALSE)
    foreach(ex IN LISTS excluded)
      if(ex AND rel MATCHES "^${ex}/")
        set(skip TRUE)
      endif()
    endforeach()
    if(skip)
      continue()
    endif()
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line IN LISTS lines)
      string(REGEX MATCH "[<\"]([^>\"]+)[>\"]" _ "${line}")
      set(header "${CMAKE_MATCH_1}")
      foreach(prefix IN LISTS forbidden)
        string(FIND "${header}" "${prefix}" pos)
        if(pos EQUAL 0)
          list(APPEND violations "${rel}: includes <${header}>, which layer '${folder}' must never include")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()

# GEOS is wrapped once: only core/src/geometry/ may include geos_c.h.
file(GLOB_RECURSE all_files "${SOURCE_DIR}/core/*.cpp" "${SOURCE_DIR}/core/*.hpp" "${SOURCE_DIR}/importers/*.cpp"
  "${SOURCE_DIR}/importers/*.hpp" "${SOURCE_DIR}/cli/*.cpp" "${SOURCE_DIR}/cli/*.hpp" "${SOURCE_DIR}/editor/*.cpp"
  "${SOURCE_DIR}/editor/*.hpp")
foreach(f IN LISTS all_files)
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
  if(rel MATCHES "^core/src/geometry/")
    continue()
  endif()
  file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]geos")
  if(lines)
    list(APPEND violations "${rel}: includes GEOS directly; only core/src/geometry/ wraps the GEOS C API")
  endif()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "dependency rules broken:\n  ${text}")
endif()
message(STATUS "dependency rules hold in ${SOURCE_DIR}")
