# Tests of the capability panes: their logic without wx (sandtable_editor_panes_tests) and, with the
# editor built, Xvfb runs opening each pane on the examples (tests/editor/panes/run_pane_screenshot.cmake).
set(_panes_tests ${CMAKE_CURRENT_SOURCE_DIR}/panes)
add_executable(sandtable_editor_panes_tests
  ${PROJECT_SOURCE_DIR}/tests/support/test_main.cpp
  ${PROJECT_SOURCE_DIR}/tests/support/test_data.cpp
  ${_panes_tests}/test_georef_workspace.cpp
  ${_panes_tests}/test_campaign_grid.cpp
  ${_panes_tests}/test_card_designer.cpp
  ${_panes_tests}/test_sheet_plan.cpp
)
target_include_directories(sandtable_editor_panes_tests PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/..")
sandtable_precompile_test_headers(sandtable_editor_panes_tests SKIP "${CMAKE_SOURCE_DIR}/tests/support/test_main.cpp")
target_compile_definitions(sandtable_editor_panes_tests PRIVATE
  SANDTABLE_TEST_DATA_DIR="${CMAKE_CURRENT_SOURCE_DIR}/../data"
  SANDTABLE_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
  SANDTABLE_DEFAULT_SHARED_DATA="${SANDTABLE_SHARED_DATA}"
  SANDTABLE_BINARY_DIR="${CMAKE_BINARY_DIR}")
target_link_libraries(sandtable_editor_panes_tests PRIVATE sandtable_editor_logic Boost::unit_test_framework
  sandtable_warnings)
add_test(NAME sandtable_editor_panes_tests COMMAND sandtable_editor_panes_tests --log_level=test_suite
  --report_level=short)
set_tests_properties(sandtable_editor_panes_tests PROPERTIES ENVIRONMENT "SANDTABLE_SHARED_DATA=${SANDTABLE_SHARED_DATA}")

# The Xvfb runs of the panes (needs the editor built).
include(${_panes_tests}/ui_tests.cmake OPTIONAL)

# Issue 46 item 3: File > Export to Catalogue and File > Browse Catalogue in the real editor under Xvfb; the
# package found by `sandtable catalogue list`, its thumbnail the CLI's, opened back byte for byte.
if(TARGET sandtable-editor AND TARGET sandtable_screenshot_check AND TARGET sandtable)
  find_program(XVFB_RUN xvfb-run)
  add_test(NAME editor_drive_catalogue
    COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1000x24" "${CMAKE_CURRENT_SOURCE_DIR}/drive_catalogue.sh"
      $<TARGET_FILE:sandtable-editor> $<TARGET_FILE:sandtable_screenshot_check> $<TARGET_FILE:sandtable>
      ${CMAKE_SOURCE_DIR}/examples/antietam/antietam.sandtable.json ${CMAKE_CURRENT_BINARY_DIR}/drive_catalogue)
  set_tests_properties(editor_drive_catalogue PROPERTIES
    TIMEOUT 900 ENVIRONMENT "NO_AT_BRIDGE=1;GDK_BACKEND=x11;DRIVE_TIMEOUT=240" RESOURCE_LOCK xvfb)
endif()
