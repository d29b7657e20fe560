# SPDX-License-Identifier: GPL-3.0-or-later
# The layering rules of architecture.md, checked on the sources: run with
#   cmake -DSOURCE_DIR=<tree> -P check_dependency_rules.cmake
# Fails (and names file, line and header) when a file includes a header its layer must never include.
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "SOURCE_DIR not set")
endif()

# layer folder (relative) | forbidden header prefixes | folders excluded (sub-layers with their own rule);
# lists inside a rule are comma-separated
# The project's own layers too (issue 42 item 4): a layer includes the headers of the layers below it only
# (core < print, catalogue < geo (GDAL) < vassal < importers < app < cli, editor; editor/logic < editor/ui).
set(rules
  "core|wx/,gdal,ogr_,ogrsf_frmts.h,cpl_,proj.h,sqlite3.h,libpq-fe.h,cairo,qpdf/,sandtable/print/,sandtable/catalogue/,sandtable/geo/,sandtable/vassal/,sandtable/importers/,sandtable/app/,sandtable/cli/,sandtable/editor/|"
  "catalogue|wx/,cairo,qpdf/,gdal,ogr_,ogrsf_frmts.h,cpl_,sandtable/print/,sandtable/geo/,sandtable/vassal/,sandtable/importers/,sandtable/app/,sandtable/cli/,sandtable/editor/|"
  "print|wx/,gdal,ogr_,ogrsf_frmts.h,cpl_,sqlite3.h,libpq-fe.h,sandtable/catalogue/,sandtable/geo/,sandtable/vassal/,sandtable/importers/,sandtable/app/,sandtable/cli/,sandtable/editor/|"
  "geo|wx/,sqlite3.h,libpq-fe.h,cairo,qpdf/,sandtable/print/,sandtable/catalogue/,sandtable/vassal/,sandtable/importers/,sandtable/app/,sandtable/cli/,sandtable/editor/|"
  "vassal|wx/,sqlite3.h,libpq-fe.h,qpdf/,sandtable/catalogue/,sandtable/importers/,sandtable/app/,sandtable/cli/,sandtable/editor/|"
  "importers|wx/,sqlite3.h,libpq-fe.h,qpdf/,sandtable/catalogue/,sandtable/app/,sandtable/cli/,sandtable/editor/|"
  "app|wx/,sqlite3.h,qpdf/,CLI/,sandtable/cli/,sandtable/editor/|"
  "cli|wx/,qpdf/,sandtable/editor/|"
  "editor/logic|wx/,gdal,ogr_,cpl_,sqlite3.h,cairo,qpdf/,sandtable/editor/ui/,sandtable/cli/|"
  "editor/ui|sandtable/cli/|"
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
  "${SOURCE_DIR}/importers/*.hpp" "${SOURCE_DIR}/print/*.[ch]pp" "${SOURCE_DIR}/catalogue/*.[ch]pp" "${SOURCE_DIR}/geo/*.[ch]pp" "${SOURCE_DIR}/vassal/*.[ch]pp" "${SOURCE_DIR}/app/*.cpp" "${SOURCE_DIR}/app/*.hpp" "${SOURCE_DIR}/cli/*.cpp"
  "${SOURCE_DIR}/cli/*.hpp" "${SOURCE_DIR}/editor/*.cpp" "${SOURCE_DIR}/editor/*.hpp")
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

# One JSON library (issue 42 item 5): RapidJSON, reached through sandtable/core/io/json.hpp, which gives every
# file the one RAPIDJSON_ASSERT (core/src/io and the tests' JSON reader take RapidJSON's other headers beside
# it); nlohmann nowhere, tests and benchmarks included.
file(GLOB_RECURSE json_files "${SOURCE_DIR}/*.cpp" "${SOURCE_DIR}/*.hpp")
foreach(f IN LISTS json_files)
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
  if(rel MATCHES "^(build|tests/data)/")
    continue()
  endif()
  file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](nlohmann|rapidjson)/")
  foreach(line IN LISTS lines)
    if(line MATCHES "nlohmann/")
      list(APPEND violations "${rel}: includes nlohmann, but RapidJSON is the one JSON library (sandtable/core/io/json.hpp)")
    elseif(NOT rel MATCHES "^core/include/sandtable/core/io/json[.]hpp$|^core/src/io/|^tests/support/json_reading[.]hpp$")
      list(APPEND violations "${rel}: includes RapidJSON directly, not through sandtable/core/io/json.hpp (its one RAPIDJSON_ASSERT)")
    endif()
  endforeach()
endforeach()
# Nor does a build file look for it or link it (the package nlohmann_json, its target nlohmann_json::nlohmann_json).
file(GLOB_RECURSE build_files "${SOURCE_DIR}/CMakeLists.txt" "${SOURCE_DIR}/*.cmake")
foreach(f IN LISTS build_files)
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
  if(rel MATCHES "^(build|tests/data)/|^cmake/check_dependency_rules[.]cmake$")
    continue()
  endif()
  file(STRINGS "${f}" lines REGEX "^[^#]*(find_package[ \t]*[(][ \t]*nlohmann_json|nlohmann_json::)")
  if(lines)
    list(APPEND violations "${rel}: finds or links nlohmann_json, but RapidJSON is the one JSON library")
  endif()
endforeach()

# The code cites the project's own documents (issue 42 item 4): a `docs/NAME.md` it names exists in the tree, and
# nothing cites the design notes a clone does not hold (domain.md, architecture.md outside docs/, shared/design).
file(GLOB_RECURSE cited_files "${SOURCE_DIR}/*.cpp" "${SOURCE_DIR}/*.hpp" "${SOURCE_DIR}/*.cmake" "${SOURCE_DIR}/*CMakeLists.txt"
  "${SOURCE_DIR}/*.json" "${SOURCE_DIR}/*.py" "${SOURCE_DIR}/*.sh")
foreach(f IN LISTS cited_files)
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
  if(rel MATCHES "^(build|tests/data)/|^cmake/check_dependency_rules[.]cmake$")
    continue()
  endif()
  file(STRINGS "${f}" lines REGEX "[A-Za-z_]+[.]md")
  foreach(line IN LISTS lines)
    string(REGEX MATCHALL "[A-Za-z_./-]*[A-Za-z_-]+[.]md" cited "${line}")
    foreach(doc IN LISTS cited)
      if(doc MATCHES "(^|/)domain[.]md$|shared/design/|(^|[^/])architecture[.]md$" AND NOT doc MATCHES "^docs/")
        list(APPEND violations "${rel}: cites ${doc}, a design note the repository does not hold: cite docs/model.md or docs/architecture.md")
      elseif(doc MATCHES "^docs/" AND NOT EXISTS "${SOURCE_DIR}/${doc}")
        list(APPEND violations "${rel}: cites ${doc}, which the repository does not hold")
      endif()
    endforeach()
  endforeach()
endforeach()

# The Document is the one owner of a scenario (docs/architecture.md, "Where each kind of change goes"): everything else
# reads it and builds Edits with the operations of core/document. Outside core/document and core/io (whose
# readers fill the scenario they build):
# - no mutable `Scenario&` or `Scenario*` (a function that could change someone's scenario in place), and no
#   `auto&` bound to a loaded scenario, nor a const_cast of one;
# - no write to a loaded scenario's members (`loaded.scenario.units.push_back(...)`, `x.scenario.map = ...`);
# - no saveScenario: a scenario reaches a file through Document::save (the editor's autosave snapshot of the
#   document is the one exception).
set(owner_dirs "^core/src/document/|^core/include/sandtable/core/document/|^core/src/io/|^core/include/sandtable/core/io/")
set(save_allowed "${owner_dirs}|^editor/logic/src/recovery[.]cpp$")
set(member_write "[.]scenario(([.]|->)[A-Za-z_]+|[[][^]]*[]])*[ \t]*(=[^=]|[+]=|-=|[.](push_back|emplace_back|erase|clear|insert|reset|emplace|swap)[ \t]*[(])")
file(GLOB_RECURSE model_files "${SOURCE_DIR}/core/*.cpp" "${SOURCE_DIR}/core/*.hpp" "${SOURCE_DIR}/importers/*.cpp" "${SOURCE_DIR}/print/*.[ch]pp" "${SOURCE_DIR}/catalogue/*.[ch]pp" "${SOURCE_DIR}/geo/*.[ch]pp" "${SOURCE_DIR}/vassal/*.[ch]pp" "${SOURCE_DIR}/app/*.cpp" "${SOURCE_DIR}/app/*.hpp"
  "${SOURCE_DIR}/importers/*.hpp" "${SOURCE_DIR}/cli/*.cpp" "${SOURCE_DIR}/cli/*.hpp" "${SOURCE_DIR}/editor/*.cpp"
  "${SOURCE_DIR}/editor/*.hpp")
# Issue 42 item 2, sealed edits: only core/document builds change records (EntityChange, SettingsChange, ...,
# an Edit's `changes`). Importers, core/oob, core/io, the app, the CLI and the editor hand what they read or
# decided to a core operation (core/document/operations.hpp, bulk_operations.hpp, ...), which makes the Edit.
set(change_builders "^core/src/document/|^core/include/sandtable/core/document/")
set(change_record "EntityChange[ \t]*<|(Settings|Map|References|CustomClasses|TableBattles|Campaign)Change[ \t]*[{(]|[.]changes[.](push_back|emplace_back|insert|emplace)[ \t]*[(]")
foreach(f IN LISTS model_files)
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
  if(rel MATCHES "${change_builders}")
    continue() # core/document owns the scenario and builds the change records
  endif()
  set(owner FALSE)
  if(rel MATCHES "${owner_dirs}")
    set(owner TRUE) # core/io: its readers fill the scenario they build, but build no change record
  endif()
  file(STRINGS "${f}" lines REGEX "Scenario|[.]scenario|Change|[.]changes[.]")
  foreach(line IN LISTS lines)
    string(REPLACE ";" "" line "${line}")
    string(STRIP "${line}" line)
    if(line MATCHES "^//")
      continue()
    endif()
    if(line MATCHES "${change_record}")
      list(APPEND violations "${rel}: builds a change record ('${line}'): only core/document makes Edits, through a core operation")
    endif()
    if(owner)
      continue()
    endif()
    string(REGEX REPLACE "const[ \t]+((sandtable::)?core::)?Scenario[ \t]*[&*]" "" rest "${line}")
    if(rest MATCHES "(^|[^A-Za-z_0-9])Scenario[ \t]*[&*]")
      list(APPEND violations "${rel}: a mutable Scenario reference or pointer ('${line}'): only core/document changes a scenario")
    endif()
    if(line MATCHES "auto[ \t]*&[^=]*=[^;]*[.]scenario[ \t]*;" AND NOT line MATCHES "const[ \t]+auto")
      list(APPEND violations "${rel}: a mutable reference to a loaded scenario ('${line}'): only core/document changes a scenario")
    endif()
    if(line MATCHES "const_cast<[ \t]*((sandtable::)?core::)?Scenario")
      list(APPEND violations "${rel}: casts const away from a Scenario ('${line}'): only core/document changes a scenario")
    endif()
    if(line MATCHES "${member_write}")
      list(APPEND violations "${rel}: writes a scenario's member ('${line}'): build an Edit with core::document::operations and Document::apply it")
    endif()
    if(line MATCHES "saveScenario[ \t]*[(]" AND NOT rel MATCHES "${save_allowed}")
      list(APPEND violations "${rel}: calls saveScenario ('${line}'): save through Document::save after Document::apply")
    endif()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "dependency rules broken:\n  ${text}")
endif()
message(STATUS "dependency rules hold in ${SOURCE_DIR}")
