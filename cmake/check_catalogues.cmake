# SPDX-License-Identifier: GPL-3.0-or-later
# The translations are complete and current (ctest `translation_catalogues`):
#  1. the build's sandtable.pot is the template the sources make now (xgettext run again, the date left out);
#  2. every packaging/po/<lang>.po translates every text of that template: msgcmp finds none missing,
#     untranslated or fuzzy, and `msgfmt --check --statistics` reports only translated messages.
# Arguments: -DSOURCE_DIR -DPO_DIR -DPOT -DPOTFILES -DWORK_DIR -DXGETTEXT -DMSGFMT -DMSGCMP -DLANGUAGES="de;fr"
# -DOPTIONS="<xgettext options>".
cmake_minimum_required(VERSION 3.25)

file(MAKE_DIRECTORY "${WORK_DIR}")
set(fresh "${WORK_DIR}/fresh.pot")
separate_arguments(options UNIX_COMMAND "${OPTIONS}")
execute_process(COMMAND "${XGETTEXT}" ${options} --files-from=${POTFILES} --output=${fresh}
  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc ERROR_VARIABLE xgettext_err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "xgettext failed on the sources: ${xgettext_err}")
endif()

function(read_without_date file out_var)
  file(READ "${file}" text)
  string(REGEX REPLACE "\"POT-Creation-Date: [^\"]*\"\n" "" text "${text}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()
read_without_date("${fresh}" fresh_text)
read_without_date("${POT}" built_text)
if(NOT fresh_text STREQUAL built_text)
  message(FATAL_ERROR "${POT} is older than the sources: rebuild (target sandtable_translations)")
endif()

set(failures "")
foreach(lang IN LISTS LANGUAGES)
  set(po "${PO_DIR}/${lang}.po")
  execute_process(COMMAND "${MSGCMP}" "${po}" "${fresh}" RESULT_VARIABLE rc OUTPUT_VARIABLE cmp_out ERROR_VARIABLE cmp_err)
  if(NOT rc EQUAL 0)
    string(APPEND failures "${lang}.po lacks translations of the sources' texts (run the target sandtable_update_po, "
      "then translate):\n${cmp_out}${cmp_err}\n")
  endif()
  execute_process(COMMAND "${MSGFMT}" --check --statistics --output-file=/dev/null "${po}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE stats_out ERROR_VARIABLE stats)
  message(STATUS "${lang}: ${stats}")
  if(NOT rc EQUAL 0 OR stats MATCHES "fuzzy|untranslated" OR NOT stats MATCHES "^[0-9]+ translated messages?")
    string(APPEND failures "${lang}.po is not 100 % translated: ${stats}\n")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
